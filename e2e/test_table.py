"""The table in the browser: menu, whole matches by clicks in every
format with the DOM checked for hidden cards after every move, the round
dialog, settings that survive a reload, the rules dialog, illegal selections."""

from __future__ import annotations

import random

import pytest

from tablekit import (check_no_leak, choose, hand, new_match, open_table, play_round, play_turn, reset_seen,
                      saved, table_fixtures, wait_settled)

NO_COMBOS = {c: False for c in ("golden_moscow", "bura", "four_ends", "molodka", "moscow", "small_moscow")}
ALL_COMBOS = {c: True for c in NO_COMBOS}


shared, table = table_fixtures(seed=3)
"""One booted table for this module's tests; each starts its own match."""


@pytest.mark.parametrize("fmt,seed", [("pairs", 3), ("four", 4), ("three", 5)])
def test_whole_match_by_clicks(table, fmt, seed):
    page = table
    new_match(page, fmt, "easy", combos=ALL_COMBOS)
    reset_seen(page)
    players = 3 if fmt == "three" else 4
    assert page.locator(".seat-slot .seat").count() == players - 1
    if fmt == "pairs":
        assert "партнёр" in page.text_content("#seat-2")
    rng = random.Random(seed)
    rounds = 0
    while True:
        phase = play_round(page, rng)
        rounds += 1
        check_no_leak(page)
        dialog = page.locator("#result")
        assert dialog.is_visible()
        text = dialog.text_content()
        assert "Очки" in text and "Штраф" in text and ("Выход — 31" if fmt == "pairs" else "Выход — 21") in text
        assert dialog.locator("tbody tr").count() == (2 if fmt == "pairs" else players)
        if phase == "match_end":
            assert "Партия окончена" in text
            assert page.locator("#result .winners").is_visible()
            break
        page.click("#result [data-action=next]")
        reset_seen(page)
        wait_settled(page)
        assert f"Раздача {rounds + 1}" in page.text_content("#score")
    assert rounds >= 2
    page.click("#result [data-action=next]")  # «Новая партия»
    wait_settled(page)
    assert "Раздача 1" in page.text_content("#score")
    assert saved(page)["rounds"] and len(saved(page)["rounds"]) == 1


def test_every_setting_survives_a_reload_and_waits_for_a_new_match(page, base_url):
    open_table(page, base_url, watch=False, seed=9)
    new_match(page, "pairs", "easy")
    page.click("header [data-action=menu]")
    choose(page, "three", "hard", {"bura": False, "small_moscow": False}, speed="fast")
    assert "новой партии" in page.text_content("#menu .note")
    # The match in play keeps its four seats until a new match.
    assert page.locator(".seat-slot .seat").count() == 3
    page.click("#menu [data-action=continue]")
    assert page.locator(".seat-slot .seat").count() == 3
    page.reload()
    page.wait_for_selector("html[data-state=ready]")
    for sel in ("input[name=format][value=three]", "input[name=difficulty][value=hard]",
                "input[name=speed][value=fast]", "input[name=golden_moscow]", "input[name=molodka]"):
        assert page.is_checked(sel), sel
    assert not page.is_checked("input[name=bura]") and not page.is_checked("input[name=small_moscow]")
    page.click("#menu [data-action=new]")
    wait_settled(page)
    assert page.locator(".seat-slot .seat:visible").count() == 2
    data = saved(page)
    assert data["format"] == "three" and data["difficulty"] == "hard"
    assert "bura" not in data["combos"] and "moscow" in data["combos"]


def test_rules_dialog(table):
    page = table
    new_match(page, "pairs")
    page.click("header [data-action=menu]")
    page.click("#menu [data-action=rules]")
    rules = page.locator("#rules")
    assert rules.is_visible()
    assert "Правила этого стола" in rules.text_content()
    assert rules.locator("[data-action=close-rules][aria-label]").is_visible()  # the ×
    page.click("#rules .dlg-buttons [data-action=close-rules]")  # «К игре →»
    assert not rules.is_visible() and page.is_visible("#menu")
    new_match(page, "three")
    page.click("header [data-action=rules]")
    assert rules.is_visible()
    page.keyboard.press("Escape")
    assert not rules.is_visible()


def test_illegal_selection_keeps_the_buttons_disabled(table):
    page = table
    new_match(page, "four", "easy", combos=NO_COMBOS)
    rng = random.Random(1)
    checked = set()
    for _ in range(300):
        phase = wait_settled(page)
        if phase == "match_end":
            new_match(page, "four", "easy", combos=NO_COMBOS)
            continue
        if phase == "round_end":
            page.click("#result [data-action=next]")
            continue
        cards = hand(page)
        answering = "idle" in (page.get_attribute("[data-action=lead]", "class") or "")
        if not answering and len({c[1] for c in cards}) >= 2 and "mixed" not in checked:
            a = cards[0]
            b = next(c for c in cards if c[1] != a[1])
            page.click(f'#hand [data-card="{a}"]')
            page.click(f'#hand [data-card="{b}"]')
            assert page.get_attribute(f'#hand [data-card="{a}"]', "aria-pressed") == "true"
            assert page.is_disabled("[data-action=lead]")
            assert "одна масть" in page.text_content("[data-action=lead]")
            before = saved(page)
            page.click("[data-action=lead]", force=True)
            assert saved(page) == before
            checked.add("mixed")
            page.click(f'#hand [data-card="{a}"]')
            page.click(f'#hand [data-card="{b}"]')
        if answering:
            size = int(page.evaluate("document.querySelector('#trick .trick-cards').dataset.size"))
            if size > 1 and "count" not in checked:
                page.click(f'#hand [data-card="{cards[0]}"]')
                assert page.is_disabled("[data-action=beat]")
                assert "нужно" in page.text_content("[data-action=beat]")
                page.click(f'#hand [data-card="{cards[0]}"]')
                checked.add("count")
            assert page.is_enabled("[data-action=discard]")  # empty selection: auto-discard
        if checked == {"mixed", "count"}:
            break
        play_turn(page, rng)
    assert "mixed" in checked


def test_keyboard_only(table):
    """Tab to a card, Space selects it, Tab to the action, Enter plays."""
    page = table
    new_match(page, "three")
    page.click("header [data-action=menu]")
    page.focus("#menu [data-action=new]")
    page.keyboard.press("Enter")
    wait_settled(page)
    first = hand(page)[0]
    page.focus(f'#hand [data-card="{first}"]')
    page.keyboard.press("Space")
    assert page.get_attribute(f'#hand [data-card="{first}"]', "aria-pressed") == "true"
    # Focus stays on the card after the hand is redrawn.
    assert page.evaluate("document.activeElement.dataset.card") == first
    before = saved(page)
    for _ in range(6):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.action") in ("lead", "beat", "discard") and \
                page.evaluate("!document.activeElement.disabled"):
            break
    page.keyboard.press("Enter")
    wait_settled(page)
    assert saved(page) != before


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_no_horizontal_scrolling(table, size):
    page = table
    page.set_viewport_size({"width": size[0], "height": size[1]})
    new_match(page, "pairs")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight + 1")
    for sel in ("#hand", "[data-action=discard]", "#trump", "#score"):
        box = page.locator(sel).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= size[0] + 0.5, sel
