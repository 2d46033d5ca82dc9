"""RULES.md §5 — round points and the penalty bands 0 / 2 / 4 / 6."""

import pytest

from burkozel import Move, Round, TableRules
from burkozel.rules import round_penalties
from burkozel.trick import Play, Trick
from stacking import cards


@pytest.mark.parametrize("points, pass_mark, expected", [
    # single formats, pass mark 21: the boundaries 0, 1, 20, 21
    ([99, 0, 21], 21, [0, 6, 2]),
    ([99, 1, 20], 21, [0, 4, 4]),
    ([98, 1, 21], 21, [0, 4, 2]),
    ([60, 40, 20, 0], 21, [0, 2, 4, 6]),
    # pairs, pass mark 31: 30 and 31
    ([90, 30], 31, [0, 4]),
    ([89, 31], 31, [0, 2]),
    ([120, 0], 31, [0, 6]),
    # ties for the most: every tied side gets 0
    ([60, 60], 31, [0, 0]),
    ([50, 50, 20], 21, [0, 0, 4]),
    ([40, 40, 40], 21, [0, 0, 0]),
    ([30, 30, 30, 30], 21, [0, 0, 0, 0]),
    ([45, 45, 30, 0], 21, [0, 0, 2, 6]),
])
def test_penalty_bands(points, pass_mark, expected):
    assert round_penalties(points, pass_mark) == expected


def _last_trick(fmt, hands, points, taken=()):
    """A round one trick from its end: seat 0 leads; ``taken`` are finished tricks."""
    rules = TableRules(fmt, ())
    return Round.from_position(rules, dealer=rules.players - 1, hands=[cards(h) for h in hands], stock=[],
                               trump_card=cards("6H")[0], trump_drawn_by=1, tricks=list(taken), trick=None,
                               points=points, to_act=0)


def test_zero_points_cost_six_even_after_taking_tricks_of_zero_point_cards():
    empty = Trick(1, 1, None, [Play(1, "lead", tuple(cards("6S"))), Play(2, "discard", tuple(cards("7S"))),
                               Play(0, "discard", tuple(cards("8S")))], 1, tuple(cards("6S")), True)
    rnd = _last_trick("three", ["AS", "6C", "7C"], [109, 0, 0], taken=[empty])
    rnd.push(Move.lead("AS"))
    rnd.push(Move.discard())
    rnd.push(Move.discard())
    assert rnd.is_over and rnd.points == [120, 0, 0]
    assert any(t.winner == 1 for t in rnd.tricks)  # seat 1 took a trick ...
    assert rnd.penalties == [0, 6, 6]                # ... and still gets six


def test_the_pass_mark_depends_on_the_format():
    rnd = _last_trick("pairs", ["6C", "AC", "7C", "8C"], [59, 50])  # the ace goes to side 1
    for move in ("lead 6C", "beat AC", "discard", "discard"):
        rnd.push(Move.parse(move))
    assert rnd.points == [59, 61] and rnd.penalties == [2, 0]
    rnd = _last_trick("four", ["6C", "AC", "7C", "8C"], [20, 49, 40, 0])
    for move in ("lead 6C", "beat AC", "discard", "discard"):
        rnd.push(Move.parse(move))
    assert rnd.points == [20, 60, 40, 0] and rnd.penalties == [4, 0, 2, 6]


def test_a_tie_for_the_most_points_gives_every_leader_zero():
    rnd = _last_trick("three", ["AS", "6C", "7C"], [38, 49, 22])
    for move in ("lead AS", "discard", "discard"):
        rnd.push(Move.parse(move))
    assert rnd.points == [49, 49, 22] and rnd.penalties == [0, 0, 2]


def test_round_points_always_add_up_to_120():
    from burkozel import Match
    import random

    rng = random.Random(1)
    for fmt in ("pairs", "four", "three"):
        match = Match(TableRules(fmt), seed=fmt)
        while not match.round.is_over:
            match.push(match.round.random_move(rng))
        assert sum(match.round.points) == 120
