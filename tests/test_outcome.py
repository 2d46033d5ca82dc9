"""``Round.outcome()``: how a deal ended, one frozen value at every table;
the error codes are exported constants."""

import dataclasses
import random

import pytest

from burkozel import DECK, ERROR_CODES, IllegalMoveError, Match, Move, Outcome, TableRules, TABLES
from burkozel import rules as rules_module


@pytest.mark.parametrize("fmt", list(TABLES))
def test_every_table_ends_a_deal_with_an_outcome(fmt):
    rng = random.Random(fmt)
    match = Match(TableRules(fmt), seed=5)
    rnd = match.round
    while not rnd.is_over:
        assert rnd.outcome() is None
        rnd.push(rng.choice(rnd.legal_moves))
    out = rnd.outcome()
    assert isinstance(out, Outcome) and out.end == rnd.end and out.winner == rnd.winner
    assert out.points == tuple(rnd.points) and out.penalties == tuple(rnd.penalties)
    assert out.chips == (tuple(rnd.chips) if rnd.chips is not None else None) and out.pot == rnd.pot
    with pytest.raises(dataclasses.FrozenInstanceError):
        out.end = "x"


def test_a_pots_outcome_says_whether_it_is_played_again():
    from potdeck import pot_round
    rnd = pot_round(3, dealer=0, hands=["6H 7H 8H", "AD 6D 7D", "6C 7C 8C"], trump="9S")
    for move in (Move.lead("AD"), Move.discard(), Move.discard(), Move.declare()):
        rnd.push(move)
    out = rnd.outcome()
    assert (out.end, out.winner, out.ended_by, out.chips, out.pot, out.played_again) == \
        ("false_declaration", None, 1, (95, 80, 95), 30, True)


def test_error_codes_are_constants_and_every_error_carries_one():
    assert len(set(ERROR_CODES)) == len(ERROR_CODES)
    assert rules_module.NOT_YOUR_TURN == "not_your_turn" and rules_module.NOT_YOUR_TURN in ERROR_CODES
    match = Match(TableRules("four", combos=()), seed=1, dealer=3, decks=[DECK])
    for move, seat in ((Move.lead("AS"), None), (Move.beat("6C"), None), (Move.lead("6C"), 3)):
        with pytest.raises(IllegalMoveError) as e:
            match.push(move, seat)
        assert e.value.code in ERROR_CODES


@pytest.mark.parametrize("fmt, points, winner, best", [
    ("pairs", (60, 60), None, (0, 1)),        # a tie for the most points: neither side pays
    ("four", (10, 50, 50, 10), None, (1, 2)),
    ("three", (70, 30, 20), 0, (0,)),
    ("duel", (60, 60), None, ()),             # 60–60 is a draw one-on-one
    ("duel", (70, 50), 0, (0,)),
    ("bura31", (40, 0), 1, (1,)),             # бура wins the deal whatever the points
    ("bura31", (40, 40), None, ()),
])
def test_the_sides_on_top_of_a_result_are_the_rule_sets(fmt, points, winner, best):
    assert TABLES[fmt].best_sides(points, winner) == best


def test_a_finished_views_sides_on_top_are_its_rule_sets():
    rng = random.Random(3)
    match = Match(TableRules("pairs"), seed=3)
    while not match.round.is_over:
        assert match.view(0).to_dict()["best_sides"] == []
        match.push(rng.choice(match.round.legal_moves))
    view = match.view(1)
    assert view.to_dict()["best_sides"] == list(TABLES["pairs"].best_sides(view.round_points, view.deal_winner)) != []
