"""``python -m burkozel replay`` (SCENARIOS.md): the examples in tests/scenarios
(one or more per rules section) and the public ones in ../shared/scenarios,
illegal actions of every kind (exit 1) and unreadable input (exit 2)."""

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from burkozel.cards import DECK
from burkozel.replay import ScenarioError, replay

HERE = Path(__file__).parent
ROOT = HERE.parent
EXAMPLES = sorted(p for p in [*(HERE / "scenarios").glob("*.json"), *(HERE / "scenarios" / "house").glob("*.json")]
                  if not p.name.endswith(".expected.json"))
SHARED = ROOT.parent / "shared" / "scenarios"
PUBLIC = sorted(p for p in [*SHARED.glob("*.json"), *SHARED.glob("pot/*.json")]
                if not p.name.endswith(".expected.json")) if SHARED.is_dir() else []


def normalised(out: dict) -> dict:
    """Compare as SCENARIOS.md says: led cards and hands as sets, an error by its place."""
    out = copy.deepcopy(out)
    for r in out["rounds"]:
        for t in r["tricks"]:
            t["lead"] = sorted(t["lead"])
    out["hands"] = [sorted(h) for h in out["hands"]]
    if out["error"]:
        out["error"] = {k: out["error"][k] for k in ("round", "index")}
    return out


def run_cli(path_or_text, tmp_path=None):
    if tmp_path is not None:
        path = tmp_path / "scenario.json"
        path.write_text(path_or_text if isinstance(path_or_text, str) else json.dumps(path_or_text))
    else:
        path = path_or_text
    return subprocess.run([sys.executable, "-m", "burkozel", "replay", str(path)], capture_output=True,
                          text=True, cwd=ROOT)


@pytest.mark.parametrize("path", EXAMPLES + PUBLIC, ids=lambda p: p.stem)
def test_examples_replay_field_by_field(path):
    want = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    proc = run_cli(path)
    assert proc.returncode == (1 if want["error"] else 0), proc.stderr
    assert normalised(json.loads(proc.stdout)) == normalised(want)


def load(name):
    return json.loads((HERE / "scenarios" / f"{name}.json").read_text())


def test_the_examples_say_what_the_rules_say():
    """Hand-checked facts of the examples, so the expected files are not merely
    whatever the engine printed once."""
    out, _ = replay(load("s1_cards_beating"))
    first = out["rounds"][0]["tricks"][0]
    assert (first["winner"], first["points"]) == (3, 25)  # 6H trumps KS, TS, AS: 4 + 10 + 11
    out, status = replay(load("s2_pairs_partners"))
    assert status == 1 and out["error"]["index"] == 5 and out["to_act"] == 3
    out, _ = replay(load("s3_three_deal"))
    assert out["to_act"] == 2 and out["hands"][0] == ["7C", "JC", "TC", "7D"] and out["rounds"][0]["trump"] == "S"
    out, _ = replay(load("s4_trick_matching"))
    assert out["rounds"][0]["tricks"][0]["winner"] == 2 and out["rounds"][0]["tricks"][0]["points"] == 18
    out, _ = replay(load("s5_round_scoring"))
    assert out["rounds"][0]["points"] == [120, 0, 0] and out["penalties"] == [0, 6, 6]
    out, _ = replay(load("s6_combination_priority"))
    assert out["rounds"][0]["tricks"][0]["combo"] == "bura" and out["rounds"][0]["tricks"][0]["leader"] == 3
    out, _ = replay(load("s7_match_end"))
    assert out["match_over"] and out["winners"] == [0, 1] and out["penalties"] == [6, 6, 12]


# Illegal actions, each put at index 4 of the §4 example (seat 2 leads 9C next).
ILLEGAL = {
    "wrong seat": {"seat": 3, "lead": ["9C"]},
    "card not held": {"seat": 2, "lead": ["AS"]},
    "mixed suits": {"seat": 2, "lead": ["9C", "9D"]},
    "too many": {"seat": 2, "lead": ["9C", "9D", "6C", "JC", "QS"]},
    "empty lead": {"seat": 2, "lead": []},
    "duplicate": {"seat": 2, "lead": ["9C", "9C"]},
    "answer while leading": {"seat": 2, "discard": []},
    "beat while leading": {"seat": 2, "beat": ["9C"]},
    "seat out of range": {"seat": 7, "lead": ["9C"]},
}


@pytest.mark.parametrize("name", ILLEGAL)
def test_an_illegal_action_stops_the_replay_with_the_position_before_it(name, tmp_path):
    scenario = load("s4_trick_matching")
    actions = scenario["rounds"][0]["actions"]
    scenario["rounds"][0]["actions"] = actions[:4] + [ILLEGAL[name]] + actions[4:]
    proc = run_cli(scenario, tmp_path)
    assert proc.returncode == 1
    out = json.loads(proc.stdout)
    assert out["error"]["round"] == 0 and out["error"]["index"] == 4 and out["error"]["message"]
    assert out["to_act"] == 2 and len(out["rounds"][0]["tricks"]) == 1
    assert sorted(out["hands"][2]) == sorted(["9C", "9D", "6C", "JC"])


@pytest.mark.parametrize("answer", [
    {"seat": 3, "beat": ["TH"]},          # wrong count: the lead has two cards
    {"seat": 3, "beat": ["QS", "TH"]},    # does not beat JH QH
    {"seat": 3, "discard": ["QS", "TH", "8S"]},
    {"seat": 3, "lead": ["QS"]},
])
def test_answers_that_break_a_rule(answer, tmp_path):
    scenario = load("s4_trick_matching")
    actions = scenario["rounds"][0]["actions"]
    scenario["rounds"][0]["actions"] = actions[:3] + [answer]
    out, status = replay(scenario)
    assert status == 1 and out["error"]["index"] == 3 and out["to_act"] == 3


def test_a_move_after_the_round_is_over_and_a_round_after_the_match(tmp_path):
    scenario = load("s5_round_scoring")
    scenario["rounds"][0]["actions"].append({"seat": 0, "lead": ["AS"]})
    out, status = replay(scenario)
    assert status == 1 and out["error"]["index"] == len(scenario["rounds"][0]["actions"]) - 1
    scenario = load("s7_match_end")
    scenario["rounds"].append(copy.deepcopy(scenario["rounds"][0]))
    out, status = replay(scenario)
    assert status == 1 and out["error"] == {"round": 2, "index": 0, "message": out["error"]["message"]}
    assert len(out["rounds"]) == 2 and out["match_over"]


def test_a_round_after_an_unfinished_one_is_an_error():
    scenario = load("s4_trick_matching")
    scenario["rounds"].append(copy.deepcopy(scenario["rounds"][0]))
    out, status = replay(scenario)
    assert status == 1 and out["error"]["round"] == 1 and len(out["rounds"]) == 1


@pytest.mark.parametrize("text", [
    "not json",
    "[]",
    json.dumps({"format": "five", "combos": [], "dealer": 0, "rounds": [{"deck": [], "actions": []}]}),
    json.dumps({"format": "four", "combos": ["royal"], "dealer": 0, "rounds": []}),
    json.dumps({"format": "four", "combos": [], "dealer": 4, "rounds": [{"deck": [], "actions": []}]}),
    json.dumps({"format": "four", "combos": [], "dealer": 0, "rounds": [{"deck": ["AS"] * 36, "actions": []}]}),
    json.dumps({"format": "four", "combos": [], "dealer": 0, "rounds": [{"deck": ["AS", "XX"], "actions": []}]}),
    json.dumps({"format": "four", "combos": [], "dealer": 0, "rounds": "none"}),
    # Cards are written as RULES.md §1 writes them: not as numbers, booleans or lower case.
    json.dumps({"format": "four", "combos": [], "dealer": 0, "rounds": [{"deck": list(range(36)), "actions": []}]}),
    json.dumps({"format": "four", "combos": [], "dealer": 0,
                "rounds": [{"deck": [True if c == str(DECK[1]) else c for c in map(str, DECK)], "actions": []}]}),
    json.dumps({"format": "four", "combos": [], "dealer": 0, "rounds": [{"deck": [str(c).lower() for c in DECK], "actions": []}]}),
])
def test_unreadable_input_exits_2_with_a_one_line_reason(text, tmp_path):
    proc = run_cli(text, tmp_path)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip() and len(proc.stderr.strip().splitlines()) == 1


def test_a_missing_file_exits_2(tmp_path):
    proc = run_cli(tmp_path / "nothing.json")
    assert proc.returncode == 2 and proc.stderr.strip()


def test_malformed_actions_are_unreadable():
    scenario = load("s4_trick_matching")
    for bad in ({"seat": "0", "lead": ["AS"]}, {"seat": 0}, {"seat": 0, "lead": ["AS"], "beat": ["AS"]},
                {"seat": 0, "lead": "AS"}, ["seat", 0], {"seat": 0, "lead": [35]}, {"seat": 0, "lead": ["as"]},
                {"seat": 0, "discard": [True]}):
        broken = copy.deepcopy(scenario)
        broken["rounds"][0]["actions"].insert(0, bad)
        with pytest.raises(ScenarioError):
            replay(broken)
