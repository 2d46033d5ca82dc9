"""Where a quick phrase's bubble lies: over its own seat, and nothing else, at every size.

Why: a bubble stood above its seat, so at the top seats it lay over the link's lines,
«Фразы», the header's buttons and the next seat's bubble, the edge seats' ran off a
phone's window, and your own (a chip at a phone's right edge) over the coach's «⇪»
and out of the window, for four seconds each time anyone spoke (390×844, 360×640,
844×390).  Four people of пары, each in a language of its own, say the longest
phrases at once; every page is read at each size while the four bubbles are up.
"""

from __future__ import annotations

from online_kit import invite_links, make_page, relay, seat_guests  # noqa: F401  (fixtures)
from test_p2p import p2p_browser  # noqa: F401  (the fixture)

SIZES = ((390, 844), (360, 640), (844, 390), (1280, 800))
SAID = ("thanks", "oops", "good_move")
"""The longest phrases in every language (a bubble wraps or stretches for them)."""

OVER_JS = """() => {
  const box = (e) => e.getBoundingClientRect();
  const over = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
                       && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const bubbles = [...document.querySelectorAll('.phrase-bubble')];
  const parts = [...document.querySelectorAll('header .btn, #score > *, #peer-bar, #coach .coach-btn, #deck,'
                 + ' #status, #hand .card, #trick .play, #actions .btn, #table .seat')];
  const out = [];
  for (const b of bubbles) {
    const r = box(b), name = `«${b.textContent}» of ${b.closest('[id]').id}`;
    if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight) out.push(`${name} out of the window`);
    const seat = box(b.closest('.seat'));
    for (const part of parts)  // (what its own seat lies over already, as the deck at a phone sideways, is not the bubble's doing)
      if (!part.contains(b) && over(r, box(part)) && !over(seat, box(part))) out.push(`${name} over ${part.id || part.className}`);
    for (const other of bubbles)
      if (other !== b && over(r, box(other))) out.push(`${name} over «${other.textContent}»`);
  }
  return {n: bubbles.length, out};
}"""


def test_every_bubble_lies_over_its_own_seat_only_at_every_size(make_page, server):
    host = make_page()
    links = invite_links(host, server, "pairs", people=(1, 2, 3))
    guests = seat_guests(make_page, server, host, links, locales={1: "en-US", 2: "uk-UA"})
    pages = [host, *guests.values()]
    found = {}
    for i, (width, height) in enumerate(SIZES):
        for page in pages:
            page.set_viewport_size({"width": width, "height": height})
        key = SAID[i % len(SAID)]
        if i:
            host.wait_for_timeout(4_300)  # (the last bubbles gone, and each seat free to speak again)
        for page in pages:
            page.click("#peer-bar [data-action=online-phrases]")
            page.click(f"#peer-bar [data-action=online-say][data-key={key}]")
            if page.locator("#peer-bar .phrase-panel").count():
                page.click("#peer-bar [data-action=online-phrases]")
        for n, page in enumerate(pages):
            page.wait_for_function("() => document.querySelectorAll('.phrase-bubble').length === 4", timeout=10_000)
            seen = page.evaluate(OVER_JS)
            if seen["out"]:
                found[f"page {n} at {width}×{height}, «{key}»"] = seen["out"]
    assert not found, "\n".join(f"{where}: {out}" for where, out in found.items())
