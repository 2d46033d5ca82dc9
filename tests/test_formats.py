"""RULES.md §2 — formats, sides, pass marks and clockwise seats."""

import pytest

from burkozel import FORMATS, TABLES, Match, TableRules
from stacking import new_round, play


def test_the_tables_offered():
    assert {n: (f.players, f.sides, f.pass_mark, f.hand_size) for n, f in FORMATS.items()} == {
        "pairs": (4, ((0, 2), (1, 3)), 31, 4),
        "four": (4, ((0,), (1,), (2,), (3,)), 21, 4),
        "three": (3, ((0,), (1,), (2,)), 21, 4),
        "duel": (2, ((0,), (1,)), 32, 4),
        "bura31": (2, ((0,), (1,)), 31, 3),
        "bura_pot": (4, ((0,), (1,), (2,), (3,)), 31, 3),
        "bura5": (2, ((0,), (1,)), 31, 5),
    }


def test_bura5_is_a_table_of_the_engine():
    """RULES-house.md §7: two players, five cards each, the pass mark 31 of its bands."""
    t = TABLES["bura5"]
    assert (t.players, t.sides, t.pass_mark, t.hand_size, t.declaration) == (2, ((0,), (1,)), 31, 5, None)


def test_partners_sit_opposite_in_pairs_and_share_points():
    rules = TableRules("pairs")
    assert [rules.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    rnd = new_round("pairs", ["AS", "6S", "TS", "7S"], "6H")
    play(rnd, "lead AS", "discard", "discard TS", "discard")  # seat 0 takes AS + TS
    assert rnd.points == [21, 0]
    assert rnd.view(2).points == 21 and rnd.view(1).points == 0


def test_single_formats_keep_each_seat_its_own_side():
    rnd = new_round("three", ["AS", "6S", "TS"], "6H")
    play(rnd, "lead AS", "discard", "discard TS")
    assert rnd.points == [21, 0, 0]


@pytest.mark.parametrize("fmt", ["pairs", "four", "three"])
def test_play_goes_clockwise_from_the_leader(fmt):
    n = FORMATS[fmt].players
    rnd = new_round(fmt, ["7S"], "6H", dealer=0)  # seat 1 leads
    order = []
    while rnd.trick is None or not order:
        order.append(rnd.to_act)
        rnd.push(rnd.legal_moves[0] if rnd.trick is None else rnd.legal_moves[-1])
    while rnd.trick is not None and len(rnd.trick.plays) < n and rnd.trick.plays[0].seat == 1:
        order.append(rnd.to_act)
        rnd.push(rnd.legal_moves[-1])
    assert order == [(1 + k) % n for k in range(n)]


def test_unknown_format_or_combination_is_refused():
    with pytest.raises(ValueError):
        TableRules("five")
    with pytest.raises(ValueError):
        TableRules("pairs", ("bura", "royal_flush"))
    assert TableRules("pairs", ("moscow", "bura")).combos == ("bura", "moscow")
    assert Match(TableRules("three"), seed=1).rules.players == 3
