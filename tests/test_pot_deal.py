"""RULES-pot.md §3: the deal in draw order and the first leader."""

import pytest

from burkozel import Round, TableRules
from burkozel.cards import DECK


@pytest.mark.parametrize("players, dealer", [(2, 0), (2, 1), (3, 2), (5, 4), (6, 1)])
def test_three_cards_each_one_at_a_time_from_the_seat_after_the_dealer(players, dealer):
    rnd = Round(TableRules("bura_pot", players=players), dealer, DECK)
    for s in range(players):
        k = (s - dealer - 1) % players
        assert sorted(rnd.hands[s]) == sorted(DECK[j * players + k] for j in range(3))
    assert rnd.stock == list(DECK[3 * players:]) and rnd.trump_card == DECK[35]
    assert rnd.to_act == (dealer + 1) % players  # with two players: the non-dealer
