"""The two-player tables in the browser: «Вдвоём» (duel) and
Бура «31» (bura31), played by clicks with the DOM checked for hidden cards after
every move; the «31» button, enabled exactly when the engine's view allows a
declaration, declared true and false; open discards face up, closed ones never;
each table's own switches and its match surviving a reload.

What seat 0 may know is worked out here by replaying the saved moves with the
engine (``tablekit.replay``), never by asking the page."""

from __future__ import annotations

import random

import pytest

from harness import app_url, boot
from tablekit import (check_no_leak, new_match, open_table, play_round, play_turn, replay, saved, table_fixtures,
                      to_menu, wait_settled)

RESULT_OVER = ("round_end", "match_end")


def closed_cards(n: int) -> str:
    """What the score says beside one's points of ``n`` face-down cards in one's tricks."""
    import decisions  # noqa: F401 - puts the table's package (web/) on the path

    from table.i18n import languages

    return languages.for_lang("ru").unseen_short(n)


shared, table = table_fixtures(seed=11)
"""One booted table for this module's tests; each starts its own match."""


def my_view(page):
    """Seat 0's view of the match the page has saved."""
    return replay(saved(page)).view(0)


def next_deal(page, phase: str, fmt: str, **kw) -> None:
    """From a deal's result: the next deal, or a new match once this one is over."""
    if phase == "match_end":
        new_match(page, fmt, "easy", **kw)
    else:
        page.click("#result [data-action=next]")
        wait_settled(page)


def test_duel_whole_deal_by_clicks(table):
    page = table
    new_match(page, "duel", "easy")
    # One opponent, across the table; no «31» at this table.
    assert page.locator(".seat-slot .seat:visible").count() == 1
    assert page.locator("#seat-1 .seat.pos-top").is_visible()
    assert page.locator("[data-action=declare]").count() == 0
    assert "Соперник" in page.text_content("#score")
    phase = play_round(page, random.Random(5))
    check_no_leak(page)
    dialog = page.locator("#result")
    assert dialog.is_visible()
    assert dialog.locator("tbody tr").count() == 2
    view = my_view(page)
    end = page.text_content("#result .deal-end")
    assert end.startswith("Карты кончились")
    assert ("ничья" in end) == (view.deal_winner is None)
    assert "60 на 60 — ничья" in page.text_content("#result .fine")
    assert phase in RESULT_OVER


def test_bura31_declare_button_and_a_true_31(table):
    """At every turn the «31» button is enabled exactly when the view's ``legal``
    says so; with 31 or more, declaring wins the deal."""
    page = table
    new_match(page, "bura31", "easy", discard="open")
    rng = random.Random(7)
    states = set()
    for _ in range(400):
        phase = wait_settled(page)
        if phase in RESULT_OVER:
            next_deal(page, phase, "bura31")
            continue
        check_no_leak(page)
        view = my_view(page)
        legal = view.legal_kinds["declare"]
        declare = page.locator("[data-action=declare]")
        assert declare.is_enabled() is legal, (legal, view.points)
        assert declare.is_visible() is (view.trick is None)
        states.add(legal)
        if legal and view.points >= 31:
            declare.click()
            assert wait_settled(page) in RESULT_OVER
            assert page.text_content("#result .deal-end").startswith("Вы объявили «31»")
            assert "раздача ваша" in page.text_content("#result .deal-end")
            assert page.text_content("#result tr.mine td:nth-child(3)") == "+0"
            break
        play_turn(page, rng)
    else:
        raise AssertionError("no deal with 31 at one's own lead")
    assert states == {True, False}


def test_bura31_false_31(table):
    page = table
    new_match(page, "bura31", "easy")
    rng = random.Random(3)
    for _ in range(200):
        phase = wait_settled(page)
        if phase in RESULT_OVER:
            next_deal(page, phase, "bura31")
            continue
        view = my_view(page)
        if view.legal_kinds["declare"] and view.points < 31:
            assert page.text_content("#score .pts .val") == str(view.points)
            page.click("[data-action=declare]")
            assert wait_settled(page) in RESULT_OVER
            line = page.text_content("#result .deal-end")
            assert line.startswith("Вы объявили «31», а набрали только") and "ложное «31»" in line
            assert page.text_content("#result tr.mine td:nth-child(3)") == "+4"
            return
        play_turn(page, rng)
    raise AssertionError("never a chance to declare short of 31")


def test_bura31_closed_discards_stay_face_down(table):
    """Closed discards: never a face in the DOM; your points are the faces you
    saw, and the closed cards you took are counted beside them."""
    page = table
    new_match(page, "bura31", "easy", discard="closed")
    rng = random.Random(11)
    counted = 0
    for _ in range(300):
        phase = wait_settled(page)
        if phase in RESULT_OVER:
            check_no_leak(page)
            if counted:
                break
            next_deal(page, phase, "bura31", discard="closed")
            continue
        check_no_leak(page)
        view = my_view(page)
        assert page.text_content("#score .pts .val").startswith(str(view.points))
        if view.unseen_taken:
            assert page.text_content("#score .unseen") == closed_cards(view.unseen_taken)
            counted += 1
        else:
            assert page.locator("#score .unseen").count() == 0
        play_turn(page, rng)
    assert counted, "never took a closed discard"
    assert page.locator("#trick .kind-discard .card.face").count() == 0


@pytest.mark.parametrize("fmt,discard", [("bura31", "open"), ("duel", "closed")])
def test_the_opponents_discard_on_the_table(page, base_url, fmt, discard):
    """At a speed where the finished trick stays on the table: an open discard
    lies face up with its cards, a closed one is backs and nothing else. The tricks not
    looked at are moved on by the page's clock; the one looked at stays as long as it does."""
    page.clock.install()
    open_table(page, base_url, seed=4, speed="fast")
    new_match(page, fmt, "easy", discard=discard)
    rng = random.Random(1)
    for _ in range(30):
        phase = wait_settled(page, hurry=True)
        if phase in RESULT_OVER:
            next_deal(page, phase, fmt, discard=discard)
            continue
        leading = "idle" not in (page.get_attribute("[data-action=lead]", "class") or "")
        play_turn(page, rng)
        if not leading:
            continue
        page.wait_for_selector("#table[data-phase=clearing]", timeout=5000)
        seat, move = saved(page)["rounds"][-1][-1]
        if seat != 1 or "discard" not in move:
            continue
        thrown = page.locator("#trick .play.kind-discard[data-seat='1']")
        assert "Соперник · сброс" in thrown.text_content()
        shown = thrown.locator("[data-card]").evaluate_all("els => els.map((e) => e.dataset.card)")
        cards = [str(c) for c in replay(saved(page)).round.tricks[-1].plays[-1].cards]  # a short discard completed
        count = len(cards)
        if discard == "open":
            assert sorted(shown) == sorted(cards)
            assert thrown.locator(".card.face.discarded").count() == count
        else:
            assert shown == [] and thrown.locator(".card.back").count() == count
        check_no_leak(page)
        return
    raise AssertionError("the opponent never discarded on your lead")


REGIONS_JS = """() => Object.fromEntries(['score', 'seat-1', 'deck', 'trick', 'hand', 'actions']
  .map((id) => [id, document.getElementById(id).innerHTML]))"""


def reload_and_compare(page, base_url: str, seed: int) -> None:
    """The table, reloaded, shows the same match: in play, under the menu's
    «Продолжить партию», which goes on; after a deal (Бура «31» may end one at
    once), with its result."""
    phase = wait_settled(page)
    before = (page.evaluate(REGIONS_JS), saved(page))
    boot(page, app_url(base_url, seed=seed, speed="instant"))
    assert (page.evaluate(REGIONS_JS), saved(page)) == before
    if phase in RESULT_OVER:
        assert page.is_visible("#result") and not page.is_visible("#menu")
        return
    assert page.is_visible("#menu [data-action=continue]")
    page.click("#menu [data-action=continue]")
    wait_settled(page)


def test_two_player_tables_keep_their_switches_and_resume_after_a_reload(page, base_url):
    open_table(page, base_url, watch=False, seed=21)
    new_match(page, "duel", "easy", combos={"small_moscow": True, "molodka": False}, discard="open")
    rng = random.Random(2)
    for _ in range(3):
        if wait_settled(page) == "play":
            play_turn(page, rng)
    data = saved(page)
    assert data["format"] == "duel" and data["discard"] == "open"
    assert "small_moscow" in data["combos"] and "molodka" not in data["combos"]
    reload_and_compare(page, base_url, 21)
    # Бура «31» starts from its own defaults, not from duel's switches.
    to_menu(page)
    page.check("input[name=format][value=bura31]")
    assert page.is_checked("input[name=discard][value=open]")
    assert not page.is_checked("input[name=moscow]") and not page.is_checked("input[name=molodka]")
    # Бура's own «малая Москва» (a house rule, RULES-house.md §0), off: not duel's, which is on.
    assert page.locator("input[name=small_moscow]").count() == 1 and not page.is_checked("input[name=small_moscow]")
    new_match(page, "bura31", "easy", combos={"moscow": True}, discard="closed")
    for _ in range(2):
        if wait_settled(page) == "play":
            play_turn(page, rng)
    reload_and_compare(page, base_url, 21)
    data = saved(page)
    assert data["format"] == "bura31" and data["discard"] == "closed" and data["combos"] == ["moscow"]
    to_menu(page)
    assert page.is_checked("input[name=format][value=bura31]") and page.is_checked("input[name=discard][value=closed]")
    assert page.is_checked("input[name=moscow]")
    page.check("input[name=format][value=duel]")
    assert page.is_checked("input[name=discard][value=open]") and page.is_checked("input[name=small_moscow]")
    assert not page.is_checked("input[name=molodka]") and page.is_checked("input[name=golden_moscow]")
    assert "новой партии" in page.text_content("#menu .note")
