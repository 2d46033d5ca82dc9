"""Comfort settings: reduced motion honoured, a 200% zoom that scrolls nothing
sideways, touch targets of at least 44 × 44 px and text of at least 12 px on a
phone, and colour contrast of WCAG AA over the felt's gradients in every state
(selected, disabled, the coach's buttons) — measured on the screens people
meet (menu, tables, dialogs, result).

Why measured in the browser: these are what the CSS gives at a real size, not
what it says; each check names the element that falls short.
"""

from __future__ import annotations

import random

import pytest

from contrast import low_contrast
from harness import app_url, boot
from tablekit import WATCH_COINS, new_match, play_round, play_turn, replay, saved, wait_settled

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
ZOOMED = {"width": 640, "height": 400}  # a 1280 × 800 screen at 200%
MIN_TARGET_PX = 44
MIN_FONT_PX = 12
FORMATS = ("pairs", "four", "three", "duel", "bura31", "bura_pot", "bura5")

# The layer people can touch now: the top modal dialog, or the table when none is open.
LAYER_JS = """() => [...document.querySelectorAll('dialog[open]')].filter((d) => d.matches(':modal')).pop()
                  ?? document.getElementById('table')"""

SMALL_TARGETS_JS = f"""() => {{
  const layer = ({LAYER_JS})();
  const name = (e) => `${{e.tagName.toLowerCase()}}[${{e.dataset.action || e.name || e.dataset.card || e.textContent.trim().slice(0, 20)}}]`;
  return [...layer.querySelectorAll('button, input, select, textarea, summary, a[href]')]
    .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
    .map((e) => {{
      const target = ['radio', 'checkbox'].includes(e.type) && e.closest('label') ? e.closest('label') : e;
      const r = target.getBoundingClientRect();
      return [name(e), Math.round(r.width), Math.round(r.height)];
    }})
    .filter(([, w, h]) => w < {MIN_TARGET_PX} || h < {MIN_TARGET_PX});
}}"""

# A control whose middle shows another one: a tap there lands on the wrong button.
COVERED_JS = f"""() => {{
  const layer = ({LAYER_JS})();
  return [...layer.querySelectorAll('button, select, summary, a[href]')]
    .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
    .filter((e) => {{
      const r = e.getBoundingClientRect();
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
      // Scrolled out of its scrolling box (a dialog's body): nobody taps it before scrolling to it.
      const box = e.parentElement.closest('.dlg-scroll');
      if (box) {{
        const b = box.getBoundingClientRect();
        if (y < b.top || y > b.bottom || x < b.left || x > b.right) return false;
      }}
      const hit = document.elementFromPoint(x, y);
      return hit && !e.contains(hit) && !hit.contains(e) && hit.closest('button, select, summary, a[href]');
    }})
    .map((e) => `${{e.tagName.toLowerCase()}}[${{e.dataset.action || e.textContent.trim().slice(0, 20)}}]`);
}}"""

SMALL_TEXT_JS = f"""() => {{
  const layer = ({LAYER_JS})();
  const out = [];
  const walk = document.createTreeWalker(layer, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {{
    const el = walk.currentNode.parentElement;
    if (!walk.currentNode.textContent.trim() || !el.getClientRects().length || el.closest('.sr-only')) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < {MIN_FONT_PX}) out.push(`${{el.tagName.toLowerCase()}}.${{el.getAttribute('class') || ''}} ${{size}}px`);
  }}
  return [...new Set(out)];
}}"""

OVERFLOW_JS = """() => {
  const width = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll('#table *, dialog[open] *')]
    .filter((e) => e.getClientRects().length && e.getBoundingClientRect().right > width + 1 && !e.closest('.sr-only'))
    .map((e) => `${e.tagName.toLowerCase()}.${e.getAttribute('class') || ''}`);
  const scrolls = [document.documentElement, ...document.querySelectorAll('dialog[open], dialog[open] *')]
    .filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'hidden')
    .map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.getAttribute('class') || ''}`);
  return [...new Set([...wide, ...scrolls])];
}"""


def screens(page, rng: random.Random):
    """Walk the screens, yielding each one's name while it is shown."""
    yield "menu"
    page.click("#menu [data-action=rules]")
    yield "rules"
    page.click("#rules .dlg-buttons [data-action=close-rules]")
    page.click("#menu [data-action=p2p]")
    page.locator("#p2p").wait_for(state="visible")
    yield "the link dialog"
    page.click("#p2p [data-action=p2p-cancel]")
    page.locator("#p2p").wait_for(state="hidden")
    for fmt in ("pairs", "bura_pot", "duel"):
        new_match(page, fmt, "easy")
        yield f"{fmt} at the player's turn"
    page.locator("#hand button[data-card]").first.click()
    yield "duel with a card selected"
    page.locator("#hand button[data-card]").first.click()
    for _ in range(40):
        play_turn(page, rng)
        if wait_settled(page) != "play":
            break
        if page.locator("#me [data-action=last-trick]").count():
            yield "duel after a trick"
            page.click("#me [data-action=last-trick]")
            page.locator("#info").wait_for(state="visible")
            yield "the last trick"
            page.click("#info .dlg-buttons [data-action=close-info]")
            break
    if wait_settled(page) == "play":
        play_round(page, rng, check=False)
    yield "the round's result"
    page.click("#result summary")
    yield "the round's result with its story open"
    page.click("#result [data-action=stats]")
    page.locator("#info").wait_for(state="visible")
    yield "statistics"


def test_touch_targets_and_text_on_a_phone(page, base_url):
    page.set_viewport_size(PHONE)
    boot(page, app_url(base_url, seed=6, speed="instant"))
    small_targets, small_text, covered = {}, {}, {}
    for screen in screens(page, random.Random(2)):
        page.evaluate("window.burkozelSettled()")
        if found := page.evaluate(SMALL_TARGETS_JS):
            small_targets[screen] = found
        if found := page.evaluate(SMALL_TEXT_JS):
            small_text[screen] = found
        if found := page.evaluate(COVERED_JS):
            covered[screen] = found
    assert not small_targets, f"controls under {MIN_TARGET_PX}×{MIN_TARGET_PX} px: {small_targets}"
    assert not small_text, f"text under {MIN_FONT_PX} px: {small_text}"
    assert not covered, f"controls covered by another one where they are tapped: {covered}"


def by_screen(title: str, found: dict[str, list[str]]) -> str:
    return f"{title}:\n" + "\n".join(f"[{screen}]\n  " + "\n  ".join(lines) for screen, lines in found.items())


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_every_text_has_aa_contrast_over_the_lightest_colour_behind_it(page, base_url, viewport):
    page.set_viewport_size(viewport)
    boot(page, app_url(base_url, seed=6, speed="instant"))
    low = {}

    def check(screen: str) -> None:
        page.evaluate("window.burkozelSettled()")
        if found := low_contrast(page):
            low[screen] = found

    for fmt in FORMATS:  # each table's settings, its unavailable levels dimmed
        page.check(f"input[name=format][value={fmt}]")
        check(f"the menu of {fmt}")
    page.check("input[name=format][value=pairs]")
    for screen in screens(page, random.Random(4)):
        check(screen)
        if screen == "duel at the player's turn":
            page.hover("#coach [data-action=hint]")
            check("the pointer on the coach's «Подсказка»")
    assert not low, by_screen("text below WCAG AA contrast", low)


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_pot_tables_stacks_and_dave_marks_have_aa_contrast_in_every_state(page, base_url, viewport):
    """Six stacks and the pot, the player's «даве» with the bots' answers (accepted,
    folded: a dimmed seat), a bot's «даве» to the player (raised, «Принять» / «Пас»)
    and the stacks after a fold."""
    from test_pot_seating import _bot_raise_to_me, _resume

    page.set_viewport_size(viewport)
    boot(page, app_url(base_url, seed=5, speed="instant"))
    low, seen = {}, set()

    def check(screen: str) -> None:
        page.evaluate("window.burkozelSettled()")
        seen.update(page.eval_on_selector_all(
            "#table .tag, #table .btn.act:not(.idle), #pot-box, #result-body .stacks tr.mine > th",
            "els => els.filter((e) => e.getClientRects().length)"
            ".map((e) => e.closest('tr.mine') ? 'result mine' : e.className)"))  # a phone's rows: display contents
        if found := low_contrast(page):
            low[screen] = found

    new_match(page, "bura_pot", combos={"dave": True}, players=6)
    check("six at a pot")
    rng = random.Random(7)
    for _ in range(60):
        if wait_settled(page) != "play":
            break
        dave = page.locator("[data-action=dave]:not([disabled])")
        if dave.count():
            check("the player may say «даве»")
            dave.click()
            wait_settled(page)
            check("the bots' answers to the player's «даве»")
            break
        play_turn(page, rng)
    save, _ = _bot_raise_to_me(4)
    _resume(page, save)
    check("a bot's «даве» to the player")
    page.click("[data-action=fold]")
    wait_settled(page)
    page.wait_for_selector("#result-body .stacks tr.mine", state="visible")  # the dialog waits for the coins
    check("the stacks after the player folded")
    assert not low, by_screen("text below WCAG AA contrast", low)
    shown = " ".join(seen)
    for mark in ("stack", "raised", "accepted", "folded-tag", "declare", "result mine"):
        assert mark in shown, f"the walk never showed {mark!r}: {sorted(seen)}"


def test_at_200_percent_zoom_nothing_scrolls_sideways(page, base_url):
    page.set_viewport_size(ZOOMED)
    boot(page, app_url(base_url, seed=6, speed="instant"))
    wide = {}
    for screen in screens(page, random.Random(3)):
        page.evaluate("window.burkozelSettled()")
        if found := page.evaluate(OVERFLOW_JS):
            wide[screen] = found
    assert not wide, f"wider than {ZOOMED['width']} CSS px: {wide}"


ANIMATIONS_JS = "document.getAnimations().filter((a) => a.playState === 'running').length"


def moving_while_the_bots_play(page) -> int:
    """The most animations running at once while the bots answer a lead at «fast»."""
    new_match(page, "four", "easy", speed="fast")
    most = 0
    for _ in range(3):
        page.evaluate(ANIMATIONS_JS)
        play_turn(page, random.Random(1))
        for _ in range(40):
            most = max(most, page.evaluate(ANIMATIONS_JS))
            if page.get_attribute("#table", "data-turn") == "me":
                break
            page.wait_for_timeout(40)
        wait_settled(page)
    return most


def test_reduced_motion_stops_every_animation(page, base_url):
    boot(page, app_url(base_url, seed=6))
    assert moving_while_the_bots_play(page) > 0  # the cards do move by default
    page.emulate_media(reduced_motion="reduce")
    assert moving_while_the_bots_play(page) == 0
    assert page.evaluate("getComputedStyle(document.querySelector('.btn')).transitionDuration") == "0s"


def coins_at_a_pot(page) -> list:
    """Every flight of coins (web/page/chips.js) through a deal of «Бура на кон» at «fast» and
    the next deal's antes; the stacks and the pot shown are where the moves lead each time.
    The bots' and the tricks' timers are moved on by the page's clock; the coins fly as they do."""
    new_match(page, "bura_pot", "easy", speed="fast")
    page.evaluate(WATCH_COINS)
    shown = lambda: ([int(x) for x in page.eval_on_selector_all("#score .stacks b", "els => els.map(e => e.textContent)")],
                     int(page.inner_text("#pot-box .pot-val")))
    play_round(page, random.Random(5), check=False, hurry=True)
    match = replay(saved(page))
    assert shown() == (list(match.chips), match.pot)
    page.click("#result [data-action=next]")
    wait_settled(page, hurry=True)
    match = replay(saved(page))
    assert shown() == (list(match.chips), match.pot)
    return page.evaluate("window.__flights")


def test_reduced_motion_keeps_the_chips_still(page, base_url):
    """Chips fly at a pot by default; with reduced motion the numbers change at once, nothing flies."""
    page.clock.install()
    boot(page, app_url(base_url, seed=6))
    assert coins_at_a_pot(page)
    page.emulate_media(reduced_motion="reduce")
    assert coins_at_a_pot(page) == []
