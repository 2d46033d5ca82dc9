"""Chips that move at «Бура на кон», seen in the browser at «fast»: when a pot is taken a few
coins fly from the pot to the winner's stack (a coin is between the two halfway) and the
numbers change when they land; at the next deal every stack sends its ante to the pot;
on a friend's (guest's) screen a new match flies nothing from the old match's stacks.
What the numbers must be comes from the saved moves, replayed by the engine."""

from __future__ import annotations

import random

import pytest

from tablekit import MATCH_KEY, WATCH_COINS, new_match, play_devices, play_turn, replay, saved, table_fixtures, to_menu, wait_settled
from test_p2p import host_table, p2p_browser, two_pages  # noqa: F401  (p2p_browser: a fixture)

shared, table = table_fixtures(seed=5, speed="fast")

PLAYERS = 3


def _between(point, a, b, margin: float = 6) -> bool:
    """``point`` inside the box spanned by ``a`` and ``b`` and clear of both ends."""
    inside = all(min(a[i], b[i]) - 1 <= point[i] <= max(a[i], b[i]) + 1 for i in (0, 1))
    away = all(max(abs(point[0] - end[0]), abs(point[1] - end[1])) > margin for end in (a, b))
    return inside and away


def _play_to_a_won_pot(page, rng: random.Random):
    """Deals until one ends with a pot taken; returns the match replayed at its end."""
    for _ in range(6):
        for _ in range(200):
            if wait_settled(page) in ("round_end", "match_end"):
                break
            play_turn(page, rng)
        match = replay(saved(page))
        if match.round.winner is not None:
            return match
        page.evaluate("window.__flights = []")
        page.click("#result [data-action=next]")
    raise AssertionError("no pot was taken in six deals")


def test_a_won_pot_flies_to_the_winner_and_the_ante_to_the_pot(table):
    page = table
    new_match(page, "bura_pot", players=PLAYERS)
    page.evaluate(WATCH_COINS)
    match = _play_to_a_won_pot(page, random.Random(4))
    winner, chips = match.round.winner, list(match.chips)
    won = [f for f in page.evaluate("window.__flights") if f["way"] == "from-pot"]
    assert [f["seat"] for f in won] == [winner], won
    flight = won[0]
    pot_before = chips[winner] - int(flight["start"]["stack"])
    assert pot_before > 0 and int(flight["start"]["pot"]) == pot_before  # the numbers wait for the coins
    assert flight["coins"] >= 2
    mid = flight["mid"]
    assert _between(mid["coin"], mid["pot"], mid["stack"]), mid  # on its way from the pot to the stack
    assert mid["under"] != "coin"  # a tap goes through the coins to what is under them
    assert flight["end"] == {"pot": "0", "stack": str(chips[winner])}  # and the numbers changed on landing
    assert page.locator("#coins .flight").count() == 0 and page.locator("#result").is_visible()
    assert str(pot_before) in page.inner_text("#result-body .pot-line")

    page.evaluate("window.__flights = []")
    page.click("#result [data-action=next]")
    wait_settled(page)
    ante = replay(saved(page)).rules.ante
    antes = page.evaluate("window.__flights")
    assert sorted(f["seat"] for f in antes) == list(range(PLAYERS)) and {f["way"] for f in antes} == {"to-pot"}
    assert {f["start"]["pot"] for f in antes} == {"0"}
    shown = [int(x) for x in page.eval_on_selector_all("#score .stacks b", "els => els.map(e => e.textContent)")]
    assert shown == [c - ante for c in chips] and page.inner_text("#pot-box .pot-val") == str(PLAYERS * ante)


@pytest.fixture
def fast_pages(p2p_browser, server):  # noqa: F811
    """(host, guest) at «fast», where chips fly."""
    with two_pages(p2p_browser, server, speed="fast") as both:
        yield both


def _pot_key(page) -> str:
    return page.get_attribute("#pot-box", "data-match")


def test_a_new_match_on_a_friends_screen_flies_no_coins_from_the_old_stacks(fast_pages):
    """The guest's pot carries the host's match key: from the first deal's end to a new
    match's first deal nothing flies there; the next deal of that match antes as usual."""
    host, guest = fast_pages
    host_table(host, guest, "bura_pot")
    guest.evaluate(WATCH_COINS)
    play_devices(host, [guest], random.Random(6))
    for page in (host, guest):
        page.wait_for_selector("#result", state="visible")
        page.wait_for_function("!document.querySelector('#coins .flight')")
    old = _pot_key(guest)
    assert old and old == _pot_key(host)
    guest.evaluate("window.__flights = []")
    to_menu(host)
    host.click("#menu [data-action=new]")
    guest.wait_for_function(f"document.querySelector('#pot-box')?.dataset.match !== {old!r}")
    guest.wait_for_timeout(1200)  # longer than a flight of every seat's coins
    assert guest.evaluate("window.__flights") == []
    assert _pot_key(guest) == _pot_key(host)
    players = int(guest.get_attribute("#table", "data-players"))
    ante = replay(saved(host)).rules.ante
    stacks = [int(x) for x in guest.eval_on_selector_all("#score .stacks b", "els => els.map(e => e.textContent)")]
    match = replay(saved(host))
    # The new match's stacks, not the old ones: each stack less the ante, or, when the first deal
    # was over at the deal (a бура dealt), what the engine paid (the keys come from the guests).
    expected = [match.rules.stack - ante] * players if not match.round.is_over else match.chips
    assert sorted(stacks) == sorted(expected)

    # The next pot's antes fly after a pot is won; a false «31» (nobody antes) or a void deal
    # (its re-ante is booked at its end) plays the same pot again: deal on to a won pot.
    rng = random.Random(7)
    for _ in range(4):
        play_devices(host, [guest], rng)
        host.wait_for_selector("#result", state="visible")
        guest.wait_for_function("!document.querySelector('#coins .flight')")
        if replay(saved(host)).round.winner is not None:
            break
        deals = len(saved(host)["rounds"])
        host.click("#result [data-action=next]")
        host.wait_for_function(f"JSON.parse(localStorage.getItem({MATCH_KEY!r})).rounds.length > {deals}")
    else:
        raise AssertionError("no pot was won in four deals")
    guest.evaluate("window.__flights = []")
    host.click("#result [data-action=next]")
    guest.wait_for_function(f"window.__flights.filter((f) => f.way === 'to-pot').length >= {players}")
