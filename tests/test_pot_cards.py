"""RULES-pot.md §2: the 36 cards, their points and trumps as RULES.md §1."""

import pytest

from burkozel import Move, Round, TableRules
from potdeck import pot_deck, pot_round


def test_a_deck_is_the_36_cards():
    rules = TableRules("bura_pot", players=3)
    deck = pot_deck(3, 0, [], "AS")
    assert len(deck) == 36
    with pytest.raises(ValueError):
        Round(rules, 0, deck[:32])  # no 32-card deck
    with pytest.raises(ValueError):
        Round(rules, 0, deck[:35] + deck[:1])


def test_a_trump_beats_a_plain_ace_and_the_points_are_counted():
    rnd = pot_round(3, dealer=0, hands=["", "AD TD KD", "6S 7C 8C"], trump="9S")
    rnd.push(Move.lead("AD"))
    rnd.push(Move.beat("6S"))  # seat 2 trumps the ace
    rnd.push(Move.discard())
    trick = rnd.tricks[0]
    assert trick.winner == 2 and trick.points == 11 + sum(c.points for c in trick.plays[2].cards)
    assert rnd.points[2] == trick.points
