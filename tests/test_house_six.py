"""RULES-house.md §2: «Шесть — только без взяток» (``six``): a losing side that
took a trick worth 0 points gets 4, not 6; with none, 6 as before."""

import pytest

from burkozel import Round, TableRules
from burkozel.replay import replay
from burkozel.rules import TABLES, round_penalties
from househelp import house_scenario, play_deal
from stacking import parse_deck

H2 = parse_deck("AD QD JD JC KH 6H TS KS QC TH KC 9H QS TD JS AS 6C 6D 8H 9S QH 7C 6S AH AC 8D 7D 7H 7S 8C JH "
                "9D KD 9C TC 8S")


@pytest.mark.parametrize("six, penalties", [("no_points", [0, 6, 4, 2]), ("no_tricks", [0, 4, 4, 2])])
def test_h2_seat_1s_only_trick_holds_no_point(six, penalties):
    rnd = Round(TableRules("four", (), house={"six": six}), 0, H2)
    play_deal(rnd)
    assert len(rnd.tricks) == 9 and rnd.points == [87, 0, 12, 21]
    sixth = rnd.tricks[5]
    assert (sixth.leader, sixth.winner, sixth.points) == (2, 1, 0)
    assert [t.winner for t in rnd.tricks].count(1) == 1
    assert rnd.penalties == penalties


def test_h2_as_replay_examples():
    out, status = replay(house_scenario("h2_four_six_no_tricks"))
    assert status == 0 and out["rounds"][0]["penalties"] == [0, 4, 4, 2] and out["penalties"] == [0, 4, 4, 2]
    out, _ = replay(house_scenario("h2_four_six_no_points"))
    assert out["rounds"][0]["penalties"] == [0, 6, 4, 2]


def test_the_bands_with_tricks_counted():
    assert round_penalties([120, 0, 0], 21, took=[9, 0, 1]) == [0, 6, 4]
    assert round_penalties([120, 0, 0], 21) == [0, 6, 6]
    assert round_penalties([60, 60], 31, took=[9, 9]) == [0, 0]


@pytest.mark.parametrize("fmt", ["pairs", "four", "three", "duel", "bura5"])
def test_every_table_with_the_switch_plays_it(fmt):
    assert "six" in TABLES[fmt].house_keys
    assert TableRules(fmt, house={"six": "no_tricks"}).table.six_counts_tricks
    assert not TableRules(fmt).table.six_counts_tricks
