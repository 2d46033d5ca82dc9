"""RULES-pot.md §10: the replay's fields, and bad input — unreadable (exit 2)
or an illegal action (exit 1, the position before it and nothing else)."""

import copy
import json
from pathlib import Path

import pytest

from burkozel.replay import ScenarioError, replay

POT = Path(__file__).parent.parent.parent / "shared" / "scenarios" / "pot"
pytestmark = pytest.mark.skipif(not POT.is_dir(), reason="the shared rule books are not beside the repo")


def load(name):
    return json.loads((POT / f"{name}.json").read_text())


def test_the_fields_of_a_deal_and_of_the_match():
    out, status = replay(load("bura_pot_dave_accept"))
    deal = out["rounds"][0]
    assert status == 0 and set(deal) == {"trump", "tricks", "complete", "points", "dealer", "end", "winner",
                                         "folded", "stake", "pot", "chips"}
    assert set(out) == {"rounds", "chips", "pot", "match_over", "winners", "to_act", "hands", "error"}


@pytest.mark.parametrize("change", [
    {"players": 1}, {"players": 7}, {"players": "3"}, {"players": None},
    {"stack": 0}, {"stack": -1}, {"stack": 2.5}, {"stack": True}, {"ante": 0}, {"ante": "5"},
    {"dave": "yes"}, {"dave": 1}, {"sandwich": True}, {"count_in_head": True}, {"dealer": 3},
    {"discard": "sideways"}, {"combos": ["bura"]},
])
def test_unreadable_input_exits_2(change):
    scenario = load("bura_pot_true_31")
    scenario.update(change)
    with pytest.raises(ScenarioError):
        replay(scenario)


def test_players_is_required():
    scenario = load("bura_pot_true_31")
    del scenario["players"]
    with pytest.raises(ScenarioError):
        replay(scenario)


def test_a_deal_after_an_unfinished_one_or_after_the_match_is_unreadable():
    scenario = load("bura_pot_five_uneven")
    scenario["rounds"][0]["actions"] = scenario["rounds"][0]["actions"][:5]
    scenario["rounds"].append(copy.deepcopy(scenario["rounds"][0]))
    with pytest.raises(ScenarioError):
        replay(scenario)
    scenario = load("bura_pot_match_end")
    scenario["rounds"].append(copy.deepcopy(scenario["rounds"][0]))
    with pytest.raises(ScenarioError):
        replay(scenario)


@pytest.mark.parametrize("bad", [
    {"seat": 1, "dave": True},              # the switch is off
    {"seat": 1, "declare": False},
    {"seat": 1, "dave": False},
    {"seat": 1, "accept": "true"},
    {"seat": 1, "fold": 1},
    {"seat": 1, "pass": True},              # no known kind
    {"seat": 1},
    {"seat": 0, "accept": True},            # nothing to answer
    {"seat": 2, "lead": ["AD"]},            # not its turn
])
def test_illegal_actions_exit_1_with_the_position_before_them(bad):
    scenario = load("bura_pot_true_31")
    actions = scenario["rounds"][0]["actions"]
    good, _ = replay({**scenario, "rounds": [{**scenario["rounds"][0], "actions": actions[:1]}]})
    scenario["rounds"][0]["actions"] = actions[:1] + [bad] + actions[1:]
    out, status = replay(scenario)
    assert status == 1 and out["error"]["round"] == 0 and out["error"]["index"] == 1
    assert {k: v for k, v in out.items() if k != "error"} == {k: v for k, v in good.items() if k != "error"}


def test_an_answer_from_a_seat_not_to_answer_is_illegal():
    scenario = load("bura_pot_fold_continue")
    actions = scenario["rounds"][0]["actions"]
    scenario["rounds"][0]["actions"] = actions[:1] + [{"seat": 0, "accept": True}] + actions[1:]
    out, status = replay(scenario)
    assert status == 1 and out["error"]["index"] == 1 and out["to_act"] == 2
    assert out["chips"] == [95, 95, 95] and out["pot"] == 15 and out["rounds"][0]["stake"] == 10


def test_the_other_tables_read_as_before():
    """A malformed action stays unreadable there (SCENARIOS.md), and «даве» is not theirs."""
    base = {"format": "bura31", "dealer": 0, "rounds": [{"deck": load("bura_pot_dave_fold")["rounds"][0]["deck"],
                                                         "actions": [{"seat": 1, "declare": False}]}]}
    with pytest.raises(ScenarioError):
        replay(base)
    base["rounds"][0]["actions"] = [{"seat": 1, "dave": True}]
    out, status = replay(base)
    assert status == 1 and out["error"]["index"] == 0 and "chips" not in out and "penalties" in out
