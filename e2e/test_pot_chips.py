"""Chips that move at «Бура на кон», seen in the browser at «fast»: when a pot is taken a few
coins fly from the pot to the winner's stack (a coin is between the two halfway) and the
numbers change when they land; at the next deal every stack sends its ante to the pot.
What the numbers must be comes from the saved moves, replayed by the engine."""

from __future__ import annotations

import random

from tablekit import WATCH_COINS, new_match, play_turn, replay, saved, table_fixtures, wait_settled

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
