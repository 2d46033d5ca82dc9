"""Every screen people meet, checked by axe-core against WCAG 2.1 A and AA: the
menu and each table's settings, the six tables mid-deal (the pot's also at five
and six seats), the hint, the last trick, the rules, the link dialog, a round's
result with its story, the review, the statistics and a match's end (its last deal opened
as a saved match, e2e/decisions.py); then the menu before Python is up, the boot's
error screen, the hand-over and the share dialog — on a phone and a desktop, in
Russian, English and Ukrainian (the browser's language).  Zero violations, no rule turned
off, and Label in Name turned on (e2e/axe.py).  Inviting and joining by link:
e2e/test_online.py.

Why one walk per language: boot and play are the expensive part; the walk
plays at a phone's size and, at each screen, runs axe at both sizes (the
window resized, nothing else changed), collects what it says and fails once,
naming every screen and size.

Colour contrast: axe decides none over a gradient (the felt) and leaves it
"incomplete".  The walk reports every such text by axe's reason, fails on a
reason not written down in UNDECIDED, and decides them itself on the same
screen: e2e/contrast.py composites each text over every colour behind it.
"""

from __future__ import annotations

import random

import pytest

from axe import audit
from contrast import low_contrast
from decisions import last_deal
from harness import Guard, app_url, boot
from tablekit import new_match, play_round, play_turn, to_menu, wait_settled
from tablekit import open_position

pytestmark = pytest.mark.long_file  # (conftest.py: `make test` starts it first)

VIEWPORTS = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 800}}
PLAYED_AT = "phone"
"""The size the walk plays at; each screen is checked at every size of VIEWPORTS."""
LOCALES = {"ru": "ru-RU", "en": "en-US", "uk": "uk-UA"}
TABLES = ("pairs", "four", "three", "duel", "bura31", "bura_pot", "bura5")


@pytest.fixture(params=sorted(LOCALES))
def locale(request):
    return request.param


# Why axe may leave a text's contrast undecided here, by its reason (messageKey); the
# walk checks each of these texts with e2e/contrast.py instead.
UNDECIDED = {
    "bgGradient": "on the felt's or the page's gradient (or a coin's, the shout's): axe takes no colour "
                  "from a gradient; contrast.py holds the text to AA over the gradient's lightest stop",
    "shortTextContent": "one or two characters (a card's index, a count): axe judges no text that short; "
                        "contrast.py checks the counts on their backing and the indices on the card's paper",
    "nonBmp": "a pictograph (the coach's ✦ ▥ ⇪ ↺, hidden from screen readers, beside the button's name): "
              "axe judges no symbol glyph; contrast.py checks it as the text it is",
    "elmPartiallyObscuring": "a text in a dialog over another one (the rules over the menu, the review over "
                             "the result) or over the table: axe cannot tell which layer lies behind it; a modal "
                             "dialog paints over everything, and contrast.py composes the text over its panel",
    "bgOverlap": "a card's index where the card overlaps its neighbour (a fanned or raised card): contrast.py "
                 "checks the index in its ink on its own card's paper",
}


class Walk:
    """What axe found on each screen of one walk, what it left undecided, and the
    texts below AA by the page's own computed colours."""

    def __init__(self, page):
        self.page = page
        self.found: dict[str, list[str]] = {}
        self.undecided: dict[str, dict[str, int]] = {}

    def check(self, screen: str) -> None:
        self.page.evaluate("window.burkozelSettled ? window.burkozelSettled() : null")
        for size in sorted(VIEWPORTS, key=lambda name: name != PLAYED_AT):
            self.page.set_viewport_size(VIEWPORTS[size])
            self.page.wait_for_timeout(50)  # let a dialog's opening, or the new size, paint
            self.audit(f"{screen}, {size}")
        self.page.set_viewport_size(VIEWPORTS[PLAYED_AT])

    def audit(self, screen: str) -> None:
        """axe and the computed contrasts on the page as it is now, under ``screen``."""
        found, undecided = audit(self.page)
        found += [f"colour contrast (computed): {line}" for line in low_contrast(self.page)]
        found += [f"colour contrast undecided by axe, for a reason not written down ({u.reason}): "
                  f"{u.target} — {u.html}" for u in undecided if u.reason not in UNDECIDED]
        if found:
            self.found[screen] = found
        for u in undecided:
            counts = self.undecided.setdefault(u.reason, {})
            counts[screen] = counts.get(screen, 0) + 1

    def report(self) -> str:
        return "\n".join(f"[{screen}]\n  " + "\n  ".join(lines) for screen, lines in self.found.items())

    def undecided_report(self) -> str:
        """Which colour contrasts axe left undecided, by reason: texts, and on which screens."""
        return "\n".join(f"{reason}: {sum(screens.values())} texts on {len(screens)} screens "
                         f"({', '.join(sorted(screens))})" for reason, screens in sorted(self.undecided.items()))


def open_dialog(page, selector: str, dialog: str) -> None:
    page.click(selector)
    page.locator(f"#{dialog}").wait_for(state="visible")


def close_dialog(page, dialog: str) -> None:
    page.keyboard.press("Escape")
    page.locator(f"#{dialog}").wait_for(state="hidden")


def test_every_screen_has_no_wcag_violation(browser, server, locale):
    guard = Guard(origins={server.origin})
    ctx = browser.new_context(viewport=VIEWPORTS[PLAYED_AT], locale=LOCALES[locale])
    ctx.on("page", guard.watch)
    page = ctx.new_page()
    walk = Walk(page)
    try:
        boot(page, app_url(server.url, seed=5, speed="instant"))
        walk.check("menu")
        for fmt in TABLES:
            page.check(f"input[name=format][value={fmt}]")
            walk.check(f"settings of {fmt}")
        open_dialog(page, "#menu [data-action=p2p]", "p2p")
        walk.check("the link dialog")
        page.click("#p2p [data-action=p2p-cancel]")
        page.locator("#p2p").wait_for(state="hidden")
        to_menu(page)
        open_dialog(page, "#menu [data-action=rules]", "rules")
        walk.check("rules over the menu")
        page.click("#rules .dlg-buttons [data-action=close-rules]")
        rng = random.Random(3)
        for fmt, players in [(fmt, None) for fmt in TABLES] + [("bura_pot", 5), ("bura_pot", 6)]:
            name = fmt if players is None else f"{fmt} at {players}"
            new_match(page, fmt, "easy", players=players)
            walk.check(f"{name}: the player's turn")
            play_turn(page, rng)
            if wait_settled(page) == "play":
                walk.check(f"{name}: mid-deal")
        new_match(page, "duel", "easy")
        page.click("#coach [data-action=hint]")
        page.wait_for_function("document.querySelector('#hint .advice, #hint p') !== null", timeout=60_000)
        walk.check("hint")
        page.click("header [data-action=rules]")
        page.locator("#rules").wait_for(state="visible")
        walk.check("rules over the table")
        close_dialog(page, "rules")
        for _ in range(40):
            if page.locator("#me [data-action=last-trick]").count():
                break
            play_turn(page, rng)
            wait_settled(page)
        open_dialog(page, "#me [data-action=last-trick]", "info")
        walk.check("the last trick")
        page.click("#info .dlg-buttons [data-action=close-info]")
        assert play_round(page, rng, check=False) in ("round_end", "match_end")
        walk.check("the round's result and its story")
        open_dialog(page, "#result [data-action=review]", "info")
        page.click("#info [data-action=review-next]")
        walk.check("the deal's review")
        page.click("#info .dlg-buttons [data-action=close-info]")
        open_dialog(page, "#result [data-action=stats]", "info")
        walk.check("statistics")
        page.click("#info .dlg-buttons [data-action=close-info]")
        open_position(page, last_deal("duel", seed=3))  # the match's last deal, not five more played here
        while play_round(page, rng, check=False) != "match_end":
            page.click("#result [data-action=next]")
        walk.check("the match's end")
        print(f"\ncolour contrasts axe left undecided ({locale}):\n{walk.undecided_report()}")
        assert not walk.found, f"axe found WCAG 2.1 A/AA violations:\n{walk.report()}"
        guard.check()
    finally:
        ctx.close()


def test_the_screens_around_a_deal_have_no_wcag_violation(browser, server, locale):
    """The menu before Python is up, the boot's error screen, the hand-over of
    pass-and-play and the share dialog: the screens the walk above never meets."""
    from test_early_menu import HeldRuntime

    def context(allow_errors: bool = False):
        guard = Guard(origins={server.origin}, allow_console_errors=allow_errors)
        ctx = browser.new_context(viewport=VIEWPORTS[PLAYED_AT], locale=LOCALES[locale])
        ctx.on("page", guard.watch)
        return ctx, ctx.new_page(), guard

    walks: list[Walk] = []

    def check(page, screen: str) -> None:
        if not walks or walks[-1].page is not page:
            walks.append(Walk(page))
        walks[-1].check(screen)

    ctx, page, guard = context()
    try:
        runtime = HeldRuntime(page)
        page.goto(app_url(server.url, speed="instant"))
        page.wait_for_selector("#menu[open]")
        assert page.get_attribute("html", "data-state") == "loading"
        check(page, "the menu before Python is up")
        runtime.release()
        page.wait_for_selector("html[data-state=ready]", state="attached", timeout=90_000)
        page.check("input[name=format][value=duel]")
        page.select_option("select[name=seat-1]", "human")
        page.click("#menu [data-action=new]")
        page.wait_for_function("document.getElementById('table').dataset.turn === 'handover'"
                               " || document.getElementById('table').dataset.turn === 'me'", timeout=30_000)
        if page.get_attribute("#table", "data-turn") != "handover":
            play_turn(page, random.Random(1))
            page.wait_for_selector("#table[data-turn=handover]", timeout=30_000)
        check(page, "the hand-over of pass-and-play")
        page.click("#handover button")
        wait_settled(page)
        open_dialog(page, "#coach [data-action=share]", "info")
        check(page, "sharing the deal")
        guard.check()
    finally:
        ctx.close()

    ctx, page, guard = context(allow_errors=True)  # the blocked download is logged by the browser
    try:
        page.route("**/pyodide.asm.wasm", lambda route: route.abort())
        page.goto(server.url)
        page.wait_for_selector("html[data-state=error]", state="attached", timeout=90_000)
        check(page, "the boot's error screen")
    finally:
        ctx.close()
    for walk in walks:
        print(f"\ncolour contrasts axe left undecided ({locale}):\n{walk.undecided_report()}")
    assert not any(walk.found for walk in walks), "axe found WCAG 2.1 A/AA violations:\n" + "\n".join(
        walk.report() for walk in walks if walk.found)
