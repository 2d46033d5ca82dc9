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


@pytest.mark.parametrize("fmt", list(TABLES))
def test_every_seat_reads_the_deals_outcome_and_its_own_verdict(fmt):
    """Each seat's view carries the deal's outcome, the very value the round has, and the
    engine's verdict for the seat's side (``deal_won``): no penalty, or at a pot the pot taken."""
    for seed in range(6):
        rng = random.Random(f"{fmt}/{seed}")
        rnd = Match(TableRules(fmt), seed=seed).round
        while not rnd.is_over:
            assert rnd.view(0).outcome() is None and rnd.view(0).to_dict()["deal_won"] is None
            rnd.push(rng.choice(rnd.legal_moves))
        out = rnd.outcome()
        for seat in range(rnd.rules.players):
            view = rnd.view(seat)
            assert view.outcome() == out
            side = view.side
            expected = out.winner == side if out.chips is not None else out.penalties[side] == 0
            assert out.won(side) is expected and view.to_dict()["deal_won"] is expected


def test_the_verdict_of_a_tie_a_loss_and_a_pot():
    tie = Outcome("cards_out", None, None, (60, 60), (0, 0))
    assert tie.won(0) and tie.won(1)
    lost = Outcome("cards_out", 0, None, (70, 50), (0, 2))
    assert lost.won(0) and not lost.won(1)
    pot = Outcome("cards_out", 2, None, (10, 20, 40), (0, 0, 0), (90, 90, 120), 0)
    assert [pot.won(s) for s in range(3)] == [False, False, True]
    again = Outcome("void", None, None, (0, 0, 0), (0, 0, 0), (95, 95, 95), 15)
    assert not any(again.won(s) for s in range(3))
