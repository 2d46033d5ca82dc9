"""RULES-pot.md §1: two to six players, each for themselves, seats clockwise."""

import pytest

from burkozel import Move, TableRules
from potdeck import pot_round


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_two_to_six_players_each_their_own_side(players):
    rules = TableRules("bura_pot", players=players)
    assert rules.players == players == rules.table.players
    assert rules.sides == tuple((s,) for s in range(players))
    assert [rules.side_of(s) for s in range(players)] == list(range(players))


@pytest.mark.parametrize("players", [0, 1, 7, "4", True, 2.0])
def test_other_seat_counts_are_refused(players):
    with pytest.raises(ValueError):
        TableRules("bura_pot", players=players)


def test_the_other_tables_keep_their_seat_count():
    assert TableRules("three").players == 3
    assert TableRules("pairs", players=4).players == 4
    with pytest.raises(ValueError):
        TableRules("bura31", players=3)


def test_turns_go_clockwise_from_the_leader():
    rnd = pot_round(5, dealer=2, hands=["6C", "7C", "8C", "9C", "JC"], trump="AS")
    assert rnd.to_act == 3  # the seat after the dealer leads
    order = []
    rnd.push(Move.lead(*[c for c in rnd.hands[3] if c.suit_letter == "C"][:1]))
    while rnd.trick is not None:
        order.append(rnd.to_act)
        rnd.push(Move.discard())
    assert order == [4, 0, 1, 2]
