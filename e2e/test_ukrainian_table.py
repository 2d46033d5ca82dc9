"""Ukrainian, the language that came as one catalogue file: a Ukrainian browser gets
the boot screen, the menu and the table in Ukrainian, and a move is played."""

from __future__ import annotations

import random
import re

from harness import Guard, app_url, wait_state
from tablekit import assert_hand_words, hand, open_table, play_turn, wait_settled

UK_CARD = re.compile(r"^(шістка|сімка|вісімка|дев’ятка|десятка|валет|дама|король|туз) (треф|бубон|червів|пік)$")
UK_RANKS = {"6": "6", "7": "7", "8": "8", "9": "9", "T": "10", "J": "В", "Q": "Д", "K": "К", "A": "Т"}
ONLY_RUSSIAN = re.compile(r"[ЁёЫыЭэЪъ]")
"""Letters Russian has and Ukrainian does not: none may show on a Ukrainian page."""


def ukrainian_context(browser, server) -> tuple:
    guard = Guard(origins={server.origin})
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="uk-UA")
    ctx.on("request", guard.on_request)
    ctx.on("page", guard.watch)
    return ctx, guard


def test_a_ukrainian_browser_plays_in_ukrainian(browser, server):
    ctx, guard = ukrainian_context(browser, server)
    try:
        page = ctx.new_page()
        open_table(page, server.url, seed=4)
        assert page.get_attribute("html", "lang") == "uk"
        assert page.is_checked("input[name=lang][value=uk]")
        assert page.text_content("#menu [data-action=new]") == "Нова партія"
        assert page.title() == "Буркозел — чотири листи"
        page.check("input[name=format][value=duel]")
        page.click("#menu [data-action=new]")
        wait_settled(page)
        assert page.text_content("#actions .act-name") in ("Ходити", "Побити", "Скинути")
        assert_hand_words(page, UK_CARD, UK_RANKS)
        before = hand(page)
        play_turn(page, random.Random(4))
        wait_settled(page)
        assert hand(page) != before  # the move was played (and the stock drawn from, or the hand shrank)
        text = page.evaluate("document.body.innerText")
        assert not ONLY_RUSSIAN.search(text.replace("Русский", "")), text
        page.click(".topbar [data-action=rules]")
        rules = page.text_content("#rules")
        assert "Правила цього столу" in rules and "Удвох: Буркозел сам на сам" in rules
        assert not ONLY_RUSSIAN.search(rules)
        guard.check()
    finally:
        ctx.close()


def test_the_boot_screen_and_its_errors_in_ukrainian(browser, server):
    ctx, guard = ukrainian_context(browser, server)
    try:
        page = ctx.new_page()
        page.goto(app_url(server.url, boot_timeout=1))
        assert wait_state(page) == "error"
        assert page.get_attribute("html", "lang") == "uk"
        assert "надто довго" in page.text_content("#boot-error-text")
        assert page.text_content("#boot-reload") == "Перезавантажити"
        page.wait_for_selector("html[data-py=done]", state="attached", timeout=90_000)
        guard.check()
    finally:
        ctx.close()
