"""RULES-house.md §10: the replay's house keys — a key of §0 at a table that
lacks it, a value outside its list and the excluded combinations are unreadable
(exit 2, the message naming the key and the table); with any of them only the
last round may stop early; a robber's output."""

import copy

import pytest

from burkozel.replay import ScenarioError, replay
from househelp import house_scenario
from stacking import deal_deck

R = [str(c) for c in deal_deck("7C 8C 9D", "6H 7H 8H", "KH")]


def bura31(**keys):
    return {"format": "bura31", "dealer": 0, **keys, "rounds": [{"deck": R, "actions": []}]}


@pytest.mark.parametrize("fmt, key, value", [
    ("pairs", "spades", True), ("four", "match", "penalties"), ("duel", "next_dealer", "alternate"),
    ("bura31", "six", "no_points"), ("bura_pot", "match", "robber11"), ("bura5", "no_trump", False),
    ("three", "open", []),
])
def test_a_key_the_table_lacks_is_unreadable_whatever_its_value(fmt, key, value):
    data = house_scenario("h9_bura5_spades") if fmt == "bura5" else bura31()
    data = {**data, "format": fmt, key: value}
    if fmt in ("pairs", "four", "three"):
        data["combos"] = []
    if fmt == "bura_pot":
        data["players"] = 2
    with pytest.raises(ScenarioError) as e:
        replay(data)
    assert key in str(e.value) and fmt in str(e.value)


@pytest.mark.parametrize("key, value", [("match", "robber"), ("match", None), ("next_dealer", "loser"),
                                        ("match", ["robber11"])])
def test_a_value_outside_its_list_is_unreadable(key, value):
    with pytest.raises(ScenarioError, match=key):
        replay(bura31(**{key: value}))


def test_bura5_takes_combos_only_absent_or_empty():
    data = house_scenario("h9_bura5_spades")
    assert replay({**data, "combos": []})[1] == 0
    with pytest.raises(ScenarioError):
        replay({**data, "combos": ["molodka"]})


def test_a_declaration_at_bura5_is_an_illegal_action():
    data = copy.deepcopy(house_scenario("h9_bura5_spades"))
    data["rounds"][0]["actions"][2:] = [{"seat": 1, "declare": True}]
    out, status = replay(data)
    assert status == 1 and out["error"]["index"] == 2


def test_with_a_house_key_only_the_last_round_may_stop_early():
    data = house_scenario("h9_bura5_spades")
    two = {**data, "rounds": [{"deck": data["rounds"][0]["deck"], "actions": []}, data["rounds"][0]]}
    with pytest.raises(ScenarioError):
        replay(two)
    rounds = [{"deck": R, "actions": []}] * 2
    assert replay({"format": "bura31", "dealer": 0, "rounds": rounds})[1] == 0  # бура ends each deal
    data = house_scenario("h10_bura31_robber11")
    with pytest.raises(ScenarioError):  # a deal after the one that ended the match
        replay({**data, "rounds": data["rounds"] + [{"deck": R, "actions": []}]})


def test_a_robber_reports_wins_and_no_penalties():
    out, status = replay(bura31(match="robber21", next_dealer="winner"))
    assert status == 0 and out["wins"] == [1, 0] and out["penalties"] is None
    assert out["rounds"][0]["penalties"] is None and out["rounds"][0]["winner"] == 0
    out, _ = replay(bura31(match="penalties"))
    assert "wins" not in out and out["penalties"] == [0, 2]
