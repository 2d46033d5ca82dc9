"""Every screen people meet, checked by axe-core against WCAG 2.1 A and AA: the
menu and each table's settings, the six tables mid-deal, the hint, the last
trick, the rules, the link dialog, a round's result with its story, the review,
the statistics and a match's end; then the menu before Python is up, the boot's
error screen, the hand-over and the share dialog — on a phone and a desktop, in
Russian and English (the browser's language).  Zero violations, no rule turned
off.  Inviting and joining by link: e2e/test_online.py.

Why one walk per language: boot and play are the expensive part; the walk
plays at a phone's size and, at each screen, runs axe at both sizes (the
window resized, nothing else changed), collects what it says and fails once,
naming every screen and size.
"""

from __future__ import annotations

import random

import pytest

from axe import violations
from harness import Guard, app_url, boot
from tablekit import new_match, play_round, play_turn, to_menu, wait_settled

VIEWPORTS = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 800}}
PLAYED_AT = "phone"
"""The size the walk plays at; each screen is checked at every size of VIEWPORTS."""
LOCALES = {"ru": "ru-RU", "en": "en-US"}
TABLES = ("pairs", "four", "three", "duel", "bura31", "bura_pot")


@pytest.fixture(params=sorted(LOCALES))
def locale(request):
    return request.param


def check_sizes(page, screen: str, found: dict[str, list[str]]) -> None:
    """axe on the page now at every size (back at PLAYED_AT after), into ``found``."""
    for size in sorted(VIEWPORTS, key=lambda name: name != PLAYED_AT):
        page.set_viewport_size(VIEWPORTS[size])
        page.wait_for_timeout(50)  # let a dialog's opening, or the new size, paint
        if lines := violations(page):
            found[f"{screen}, {size}"] = lines
    page.set_viewport_size(VIEWPORTS[PLAYED_AT])


class Walk:
    """What axe found on each screen of one walk."""

    def __init__(self, page):
        self.page = page
        self.found: dict[str, list[str]] = {}

    def check(self, screen: str) -> None:
        self.page.evaluate("window.burkozelSettled ? window.burkozelSettled() : null")
        check_sizes(self.page, screen, self.found)

    def report(self) -> str:
        return "\n".join(f"[{screen}]\n  " + "\n  ".join(lines) for screen, lines in self.found.items())


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
        for fmt in TABLES:
            new_match(page, fmt, "easy")
            walk.check(f"{fmt}: the player's turn")
            play_turn(page, rng)
            if wait_settled(page) == "play":
                walk.check(f"{fmt}: mid-deal")
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
        while play_round(page, rng, check=False) != "match_end":
            page.click("#result [data-action=next]")
        walk.check("the match's end")
        assert not walk.found, f"axe found WCAG 2.1 A/AA violations:\n{walk.report()}"
        guard.check()
    finally:
        ctx.close()


def test_the_screens_around_a_deal_have_no_wcag_violation(browser, server, locale):
    """The menu before Python is up, the boot's error screen, the hand-over of
    pass-and-play and the share dialog: the screens the walk above never meets."""
    from test_early_menu import HeldRuntime

    found: dict[str, list[str]] = {}

    def context(allow_errors: bool = False):
        guard = Guard(origins={server.origin}, allow_console_errors=allow_errors)
        ctx = browser.new_context(viewport=VIEWPORTS[PLAYED_AT], locale=LOCALES[locale])
        ctx.on("page", guard.watch)
        return ctx, ctx.new_page(), guard

    def check(page, screen: str) -> None:
        check_sizes(page, screen, found)

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
    assert not found, "axe found WCAG 2.1 A/AA violations:\n" + "\n".join(
        f"[{screen}]\n  " + "\n  ".join(lines) for screen, lines in found.items())
