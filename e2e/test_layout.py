"""Nothing on the table covers anything else, at the sizes people play at.

Why measured in a browser: the layout is one CSS grid whose parts change size
with the format (two to four penalty chips, three or four plays in a trick) and
with the screen.  A phone's browser shows about 390×664 of an iPhone's 390×844
(its own bars take the rest); a tablet in portrait is 768 px wide; a phone in
landscape leaves 340–390 px of height.  At each of the player's turns, and
right after each of their moves while the trick is still on the table (a full
trick included), the boxes of the header's parts, the seats, the trick's
plays, the deck, the prompt, the hand and the buttons must not overlap and
must lie inside the window.

The two-player tables (one opponent at the top, three, four or five cards, a «31»
button in Бура «31») are checked at every one of these sizes: each size by one
of them, the two most cramped (a phone upright and sideways) by both, and Бура
на пять карт (a hand of five) at every size.  Each table plays one seeded
match, measured at each of its sizes at every moment.
"""

from __future__ import annotations

import random
from datetime import datetime

import pytest

from tablekit import new_match, play_turn, shared_page, wait_settled

# Boxes that must not overlap one another (each selector may match several).
PARTS = {
    "header": ["header [data-action=menu]", "header [data-action=rules]", "#score .pts .lbl", "#score .pts .val",
               "#score .pens > .lbl", "#score .chip"],
    "table": [".seat-slot .seat", "#trick .play", "#deck .deck", "#deck .trump-note", "#me .seat",
              "#status .prompt", "#hand .card", "#actions .btn.act:not(.idle)", "#coach .coach-btn"],
}

OVERLAPS_JS = """
(parts) => {
  const out = [];
  const boxes = [];
  for (const [group, sels] of Object.entries(parts)) {
    for (const sel of sels) {
      document.querySelectorAll(sel).forEach((el, i) => {
        const r = el.getBoundingClientRect();
        if (r.width < 1 || r.height < 1 || getComputedStyle(el).visibility === 'hidden') return;
        boxes.push({group, name: `${sel}[${i}]`, r, el});
      });
    }
  }
  const W = window.innerWidth, H = window.innerHeight;
  for (const b of boxes) {
    if (b.r.left < -0.5 || b.r.top < -0.5 || b.r.right > W + 0.5 || b.r.bottom > H + 0.5)
      out.push(`${b.name} outside the window`);
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], b = boxes[j];
      if (a.group !== b.group || a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (w > 1 && h > 1) out.push(`${a.name} overlaps ${b.name} by ${w.toFixed(0)}x${h.toFixed(0)}`);
    }
  }
  return {overlaps: out, plays: document.querySelectorAll('#trick .play').length};
}
"""

CASES = [
    ("four", (390, 664)),
    ("three", (360, 640)),
    ("pairs", (390, 664)),
    ("four", (768, 1024)),
    ("four", (1280, 800)),
    ("four", (844, 390)),   # a phone in landscape
    ("three", (667, 375)),
    ("duel", (390, 664)),
    ("bura31", (390, 664)),
    ("bura31", (360, 640)),
    ("duel", (768, 1024)),
    ("bura31", (1280, 800)),
    ("duel", (844, 390)),
    ("bura31", (844, 390)),
    ("duel", (667, 375)),
    # Бура на пять карт: a hand of five at every size above.
    *(("bura5", size) for size in ((390, 664), (360, 640), (768, 1024), (1280, 800), (844, 390), (667, 375))),
]
PLAYERS = {"pairs": 4, "four": 4, "three": 3, "duel": 2, "bura31": 2, "bura5": 2}
MOVES = {"duel": 6, "bura31": 6, "bura5": 6}
"""Your moves measured (two checks each); two-player tricks are short, fewer suffice."""


SIZES = {fmt: [size for f, size in CASES if f == fmt] for fmt in PLAYERS}
"""Each table's sizes: one match per table, every moment measured at each of its sizes (the
seeded match is the same whatever the size, so this is what one match per size measured)."""


def stop(page) -> None:
    """Stop the page's clock a moment from now (its timers then wait for ``resume``)."""
    for ahead in (40, 80, 160):
        try:
            page.clock.pause_at(datetime.fromtimestamp((page.evaluate("Date.now()") + ahead) / 1000))
            return
        except Exception:  # that moment went by on its way there: aim further
            continue
    raise AssertionError("the page's clock could not be stopped")


@pytest.fixture(scope="module")
def shared(browser, server):
    ctx, page, guard = shared_page(browser, server, seed=5, speed="fast")
    # No motion: the boxes are measured where the cards come to rest.
    page.emulate_media(reduced_motion="reduce")
    # The page's timers run on a clock the test can stop: a just-played trick then stays
    # on the table while it is measured at every size, before the bots go on.
    page.clock.install()
    yield page, guard
    ctx.close()


@pytest.mark.parametrize("fmt", list(SIZES))
def test_nothing_overlaps(shared, fmt):
    page, guard = shared
    sizes = SIZES[fmt]
    page.set_viewport_size({"width": sizes[0][0], "height": sizes[0][1]})
    new_match(page, fmt, "easy")
    players = PLAYERS[fmt]
    rng = random.Random(7)
    checked = {size: 0 for size in sizes}
    fullest = {size: 0 for size in sizes}
    problems: list[str] = []

    def check(moment: str) -> None:
        for size in sizes:
            page.set_viewport_size({"width": size[0], "height": size[1]})
            seen = page.evaluate(OVERLAPS_JS, PARTS)
            problems.extend(f"{size[0]}x{size[1]}, {moment}: {o}" for o in seen["overlaps"])
            fullest[size] = max(fullest[size], seen["plays"])
            checked[size] += 1

    for move in range(MOVES.get(fmt, 10)):
        phase = wait_settled(page)
        if phase == "round_end":  # a short deal (Бура «31»: бура, «31»): on to the next
            page.click("#result [data-action=next]")
            phase = wait_settled(page)
        if phase != "play":
            break
        check(f"turn {move}")
        play_turn(page, rng)
        # Right after the move, before the bots go on or the trick is cleared (1.2 s at this speed).
        try:
            page.wait_for_selector("#trick .play.pos-bottom", timeout=1000)
        except Exception:
            continue
        stop(page)
        try:
            check(f"after move {move}")
        finally:
            page.clock.resume()
    guard.check()
    assert not problems, "\n".join(problems[:20])
    assert all(n >= 10 for n in checked.values()) and all(n == players for n in fullest.values()), (checked, fullest)
