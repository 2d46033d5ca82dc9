"""«Домашние правила» in the browser, by clicks (RULES-house.md): each table's
settings show its switches, chosen ones survive a reload (before Python is up
and after); a deal of Бура «31» and «Бура на кон» under each of their switches
and of Бура на пять карт, with the DOM checked for hidden cards after every
move; a whole «Четверо» match with elimination until one seat is left, the
player out watching the bots play on; an opponent's бура at the deal shown
face up at its seat and in the result; the menu and Бура на пять карт
photographed at a phone's and a laptop's size (``e2e/screenshots/``).

What seat 0 may know is worked out by replaying the saved moves with the engine
(``tablekit.replay``), never by asking the page."""

from __future__ import annotations

import json
import random
import pytest

from harness import app_url, boot, wait_state
from test_early_menu import early_menu
from test_layout import OVERLAPS_JS, PARTS
from tablekit import (check_no_leak, open_table, play_round, play_turn, replay, saved, table_fixtures, to_menu,
                      wait_settled)

from burkozel import FORMATS, switches_for

SIZES = ((390, 664), (360, 640), (768, 1024), (1280, 800), (844, 390), (667, 375))
"""The layout test's sizes (``e2e/test_layout.py``)."""

shared, table = table_fixtures(seed=17)
"""One booted table for this module's tests; each starts its own match."""


def set_house(page, key: str, value) -> None:
    """Choose a house rule in the open menu as a player does: a switch of two values is one
    checkbox, of more a row of radio buttons (their values are JSON text)."""
    switch = next(s for s in switches_for(page.get_attribute("#menu input[name=format]:checked", "value"))
                  if s.key == key)
    if len(switch.offered) == 2:
        on = value is True or (not isinstance(value, bool) and value != switch.default)
        page.set_checked(f"#menu input[name=house-{key}]", on)
    else:
        page.check(f"#menu input[name=house-{key}][value='{json.dumps(value, separators=(',', ':'))}']")
    page.evaluate("window.burkozelSettled()")


def overlaps_at_every_size(page, shot) -> list[str]:
    """What covers what at each of SIZES (the page back at 1280×800 after), a picture at
    390×844 kept in ``shot``."""
    covered = []
    for size in SIZES:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        covered += [f"{size}: {o}" for o in page.evaluate(OVERLAPS_JS, PARTS)["overlaps"]]
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(shot))
    page.set_viewport_size({"width": 1280, "height": 800})
    return covered


def start(page, fmt: str, house: dict, combos: dict | None = None) -> None:
    """A new match of ``fmt`` with ``house`` (key → value) and ``combos`` switched."""
    to_menu(page)
    page.check(f"input[name=format][value={fmt}]")
    page.check("input[name=difficulty][value=easy]")
    for key, switch in ((s.key, s) for s in switches_for(fmt)):
        set_house(page, key, house.get(key, switch.default))
    for name, on in (combos or {}).items():
        page.set_checked(f"#menu input[name={name}]", on)
    page.click("#menu [data-action=new]")
    wait_settled(page)
    page.evaluate("if (window.__seen) { window.__seen = new Set(); window.__discardFaces = []; }")


def bura_cases() -> list[tuple[str, dict, dict]]:
    """A deal per value off the default of every switch of the Бура tables, and per house combination."""
    out = []
    for fmt in ("bura31", "bura_pot"):
        for s in switches_for(fmt):
            for v in s.offered:
                if v != s.default and not (s.key in ("handicap", "open_four")):
                    out.append((fmt, {s.key: v}, {}))
        for c in FORMATS[fmt].house_combo_ids:
            out.append((fmt, {}, {c: True, "molodka": True}))
    keys = {s.key for s in switches_for("bura31")}
    if {"open", "handicap", "open_four"} <= keys:  # the two that need one open seat, with one
        out += [("bura31", {"open": [0], "handicap": 10}, {}), ("bura31", {"open": [1], "open_four": True}, {})]
    return out


@pytest.mark.parametrize("fmt,house,combos", bura_cases(),
                         ids=lambda x: x if isinstance(x, str) else ".".join(f"{k}={v}" for k, v in x.items()) or "-")
def test_a_bura_deal_under_each_switch(table, fmt, house, combos):
    page = table
    start(page, fmt, house, combos)
    data = saved(page)
    assert data.get("house", {}) == {k: (list(v) if isinstance(v, tuple) else v) for k, v in house.items()}
    assert all(c in data["combos"] for c, on in combos.items() if on)
    phase = play_round(page, random.Random(len(house) + len(combos)), hurry=True)
    check_no_leak(page)
    assert phase in ("round_end", "match_end") and page.is_visible("#result")
    # The rules dialog says the house rules in force.
    page.click("#result [data-action=menu]")
    page.click("#menu [data-action=rules]")
    if house:
        assert page.locator("#rules-house li").count() == len(house)
    page.click("#rules .dlg-buttons [data-action=close-rules]")


def test_bura5_deal_by_clicks_with_five_cards(table):
    page = table
    start(page, "bura5", {})
    hand = page.locator("#hand button[data-card]")
    # The opponent holds five too, less what it may have led already.
    led = page.locator("#trick .play.pos-top .card").count()
    assert hand.count() == 5 and page.locator("#seat-1 .mini-hand .card.back").count() + led == 5
    assert page.locator("[data-action=declare]").count() == 0
    phase = play_round(page, random.Random(3), hurry=True)
    check_no_leak(page)
    assert phase in ("round_end", "match_end")
    assert page.locator("#result tbody tr").count() == 2


def test_the_house_rules_survive_a_reload(page, base_url):
    boot(page, app_url(base_url, seed=4, speed="instant", sw="off"))
    to_menu(page)
    page.check("input[name=format][value=bura31]")
    set_house(page, "match", "robber21")
    set_house(page, "next_dealer", "winner")
    page.check("input[name=format][value=four]")
    set_house(page, "elimination", True)
    stored = json.loads(page.evaluate("localStorage.getItem('burkozel.settings')"))
    assert stored["tables"]["bura31"]["house"] == {"match": "robber21", "next_dealer": "winner"}
    assert stored["tables"]["four"]["house"] == {"elimination": True}

    def shows_them() -> None:
        assert page.is_checked("#menu input[name=house-elimination]")
        page.check("#menu input[name=format][value=bura31]")
        assert page.is_checked("#menu input[name=house-match][value='\"robber21\"']")
        assert page.is_checked("#menu input[name=house-next_dealer]")
        assert not page.is_checked("#menu input[name=house-redeal]")
        page.check("#menu input[name=format][value=four]")

    # Before Python is up: the early menu (web/page/menu.js) checks what was stored.
    runtime = early_menu(page, app_url(base_url, seed=4, speed="instant", sw="off"))
    shows_them()
    runtime.release()
    assert wait_state(page) == "ready"
    shows_them()
    # And the match is dealt with them.
    page.click("#menu [data-action=new]")
    wait_settled(page)
    assert saved(page)["house"] == {"elimination": True}


class Throwing(random.Random):
    """Choices for ``tablekit.play_turn`` that never beat (it beats only below 0.6): a player
    who throws every answer away takes few tricks and goes out early."""

    def random(self) -> float:
        return 0.6 + 0.4 * super().random()


def test_four_with_elimination_plays_until_one_is_left(page, base_url, tmp_path):
    page.clock.install()  # the table's timers are moved on by the page's clock (wait_settled's hurry)
    boot(page, app_url(base_url, seed=8, speed="fast"))
    start(page, "four", {"elimination": True})
    rng = Throwing(4)
    watched = False
    for _ in range(60):
        phase = play_round(page, rng, check=False, hurry=True)
        assert page.is_visible("#result")
        if phase == "match_end":
            break
        data = saved(page)
        if page.locator("#result .me-out").count():
            # The player is out: watch the bots play on (or start anew).
            assert page.locator("#result [data-action=new]").is_visible()
            watched = True
        if watched:
            # Out seats stay on the table, marked, with their place, and cover nothing at any size.
            assert page.locator("#me .seat.out .place-tag").count() == 1
            covered = overlaps_at_every_size(page, tmp_path / "four-out-390x844.png")
            assert not covered, covered
        page.click("#result [data-action=next]")
        wait_settled(page, hurry=True)
    else:
        pytest.fail("the match did not end")
    text = page.text_content("#result .places")
    assert all(f"{n} — " in text for n in (1, 2, 3, 4)), text
    assert len(saved(page)["rounds"]) >= 2 and data["house"] == {"elimination": True}
    out = page.locator("#score .chip.out").count()
    assert out == 3 and watched


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_screenshots_of_the_menu_and_bura5(page, base_url, size, tmp_path):
    """Pictures to look at (pytest's temporary folder): the menu's «Домашние правила» of Бура на
    пять карт and its table after the first move."""
    SHOTS = tmp_path
    page.set_viewport_size({"width": size[0], "height": size[1]})
    boot(page, app_url(base_url, seed=6, speed="instant"))
    to_menu(page)
    page.check("input[name=format][value=bura5]")
    page.locator("#menu fieldset.house").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"menu-bura5-{size[0]}x{size[1]}.png"))
    page.click("#menu [data-action=new]")
    wait_settled(page)
    play_turn(page, random.Random(1))
    wait_settled(page)
    assert page.locator("#hand button[data-card]").count() == 5
    page.screenshot(path=str(SHOTS / f"table-bura5-{size[0]}x{size[1]}.png"))


def test_open_bura_shows_the_open_hand_to_the_other_seat_and_nothing_else(table, tmp_path):
    """RULES-house.md §6.2: the opponent plays open — its hand lies face up at its seat from the
    deal on, drawn cards too; no other hidden card reaches the page; nothing covers anything."""
    page = table
    start(page, "bura31", {"open": [1]})
    rng = random.Random(5)
    for _ in range(40):
        phase = wait_settled(page, hurry=True)
        if phase != "play":
            break
        check_no_leak(page)
        match = replay(saved(page))
        theirs = sorted(str(c) for c in match.round.hands[1])
        shown = sorted(page.eval_on_selector_all("#seat-1 .open-hand [data-card]", "els => els.map(e => e.dataset.card)"))
        assert shown == theirs and page.locator("#seat-1 .card.back").count() == 0, (
            saved(page).get("house"), page.inner_html("#seat-1"), len(match.round.moves))
        covered = overlaps_at_every_size(page, tmp_path / "open-390x844.png")
        assert not covered, covered
        play_turn(page, rng)
    else:
        pytest.fail("the deal did not end")


BURA_AT_THE_DEAL = 128
"""A seed whose first deal of Бура «31» (the table's own settings) gives the opponent бура."""


def test_the_opponents_bura_is_shown_face_up_and_nothing_else(page, base_url):
    """RULES-house.md §3.7: a deal won by бура shows the winning cards to all — the
    opponent's three lie face up at its seat and in the result; no other hidden card shows."""
    open_table(page, base_url, seed=BURA_AT_THE_DEAL, sw="off")
    start(page, "bura31", {})
    assert wait_settled(page, hurry=True) in ("round_end", "match_end") and page.is_visible("#result")
    match = replay(saved(page))
    assert (match.round.end, match.round.ended_by, match.round.tricks) == ("bura", 1, [])
    theirs = sorted(str(c) for c in match.round.hands[1])
    cards = "els => els.map(e => e.dataset.card)"
    assert sorted(page.eval_on_selector_all("#result .dealt.shown[data-seat='1'] [data-card]", cards)) == theirs
    assert sorted(page.eval_on_selector_all("#seat-1 .shown-hand [data-card]", cards)) == theirs
    assert page.locator("#seat-1 .card.back").count() == 0
    check_no_leak(page)
