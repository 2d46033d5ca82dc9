#!/usr/bin/env python3
"""How much of table.css each screen uses, from the menu on: the measure behind
Lighthouse's "unused-css-rules" and the question of splitting the stylesheet.

Why measured by screen: Lighthouse counts the rules unused at one moment, but a rule
unused on the menu may be the table's, needed seconds later.  Chromium's own rule
coverage (CDP ``CSS.startRuleUsageTracking``) is summed as a player goes on: the menu
and its rules, a deal of «Вдвоём», its result, review and statistics, every other
table, then the desktop size.  Against the built site/ in Debian's Chromium, at a
phone's size first; nothing here asserts.

    make bench-css      # or: .venv/bin/python bench/css_coverage.py
"""

from __future__ import annotations

import gzip
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))

from harness import CHROMIUM_ARGS, SITE, app_url, boot, chromium_path, settle_after_actions  # noqa: E402
from serve import serve_in_thread  # noqa: E402
from tablekit import new_match, play_round, play_turn, wait_settled  # noqa: E402

SHEET = "web/page/table.css"
PHONE, DESKTOP = {"width": 360, "height": 740}, {"width": 1280, "height": 800}


class Coverage:
    """The byte ranges of one stylesheet that any rule used so far covers."""

    def __init__(self, page) -> None:
        self.cdp = page.context.new_cdp_session(page)
        self.sheets: dict[str, str] = {}
        self.cdp.on("CSS.styleSheetAdded", lambda e: self.sheets.update({e["header"]["styleSheetId"]:
                                                                          e["header"].get("sourceURL", "")}))
        self.cdp.send("DOM.enable")
        self.cdp.send("CSS.enable")
        self.cdp.send("CSS.startRuleUsageTracking")
        self.used: set[tuple[int, int]] = set()

    def bytes_used(self) -> int:
        for rule in self.cdp.send("CSS.takeCoverageDelta")["coverage"]:
            if rule["used"] and self.sheets.get(rule["styleSheetId"], "").endswith(SHEET):
                self.used.add((rule["startOffset"], rule["endOffset"]))
        covered, end = 0, 0
        for start, stop in sorted(self.used):  # rules do not overlap, but be safe
            covered += max(0, stop - max(start, end))
            end = max(end, stop)
        return covered


def walk(page, base: str):
    """(screen, bytes of the sheet used so far), screen by screen."""
    coverage = Coverage(page)
    rng = random.Random(3)
    boot(page, app_url(base, seed=5, speed="instant"))
    yield "the menu (first paint)", coverage.bytes_used()
    page.click("#menu [data-action=rules]")
    page.locator("#rules").wait_for(state="visible")
    page.keyboard.press("Escape")
    yield "+ the rules", coverage.bytes_used()
    new_match(page, "duel", "easy")
    play_turn(page, rng)
    wait_settled(page)
    yield "+ a deal of «Вдвоём» in play", coverage.bytes_used()
    play_round(page, rng, check=False)
    page.click("#result [data-action=review]")
    page.locator("#info").wait_for(state="visible")
    page.keyboard.press("Escape")
    page.click("#result [data-action=stats]")
    page.locator("#info").wait_for(state="visible")
    page.keyboard.press("Escape")
    yield "+ its result, review and statistics", coverage.bytes_used()
    for fmt, players in (("pairs", None), ("four", None), ("three", None), ("bura31", None)):
        new_match(page, fmt, "easy", players=players)
        play_turn(page, rng)
        wait_settled(page)
    yield "+ the four other tables without a pot", coverage.bytes_used()
    new_match(page, "bura_pot", "easy", players=6)
    play_turn(page, rng)
    wait_settled(page)
    yield "+ the pot table at six", coverage.bytes_used()
    page.set_viewport_size(DESKTOP)
    page.wait_for_timeout(300)
    yield "+ the same at a desktop's size", coverage.bytes_used()


def main() -> int:
    from playwright.sync_api import sync_playwright

    sheet = (SITE / SHEET).read_bytes()
    total, packed = len(sheet), len(gzip.compress(sheet, 9))
    settle_after_actions()
    server, base = serve_in_thread(SITE.resolve())
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True)
            page = browser.new_context(viewport=PHONE, locale="ru-RU").new_page()
            rows = list(walk(page, base))
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    print(f"{SHEET}: {total:,} bytes as shipped (minified), {packed:,} gzip -9\n")
    print("| screens met so far | bytes used | share | added |\n|---|---|---|---|")
    before = 0
    for screen, used in rows:
        print(f"| {screen} | {used:,} | {used / total:.0%} | +{used - before:,} |")
        before = used
    print(f"| never used on this walk | {total - before:,} | {(total - before) / total:.0%} | |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
