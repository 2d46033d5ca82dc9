"""Random whole matches written as scenarios and replayed through the CLI agree,
field by field, with the same matches played through the engine's API."""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from burkozel import COMBOS, Match, Move, TableRules

ROOT = Path(__file__).parent.parent


def random_match(fmt: str, seed: int, stop_early: bool):
    """Play a random match through the API; return its scenario and the match."""
    rng = random.Random(seed)
    combos = [c for c in COMBOS if rng.random() < 0.5]
    match = Match(TableRules(fmt, tuple(combos)), seed=seed)
    rounds = []
    while True:
        rnd = match.round
        actions = []
        rounds.append({"deck": [str(c) for c in rnd.deck], "actions": actions})
        while not rnd.is_over:
            if stop_early and len(match.rounds) >= 2 and rng.random() < 0.05:
                break
            seat = rnd.to_act
            move = rng.choice(rnd.legal_moves)
            if move.kind == "discard" and rng.random() < 0.3:  # written short: auto-discard completes it
                full = move
                move = Move.discard(*move.cards[: rng.randrange(len(move.cards))])
                assert rnd.check(move) != () and len(rnd.check(move)) == len(full.cards)
            actions.append({"seat": seat, **move.to_dict()})
            match.push(move, seat)
        if not rnd.is_over or match.is_over:
            break
        match.next_round()
    scenario = {"format": fmt, "combos": combos, "dealer": match.first_dealer, "rounds": rounds}
    return scenario, match


@pytest.mark.parametrize("fmt", ["pairs", "four", "three"])
@pytest.mark.parametrize("seed", range(3))
def test_random_matches_replay_exactly(fmt, seed, tmp_path):
    scenario, match = random_match(fmt, seed, stop_early=seed == 2)
    path = tmp_path / "match.json"
    path.write_text(json.dumps(scenario))
    proc = subprocess.run([sys.executable, "-m", "burkozel", "replay", str(path)], capture_output=True,
                          text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert len(out["rounds"]) == len(match.rounds)
    for got, rnd in zip(out["rounds"], match.rounds):
        assert got["trump"] == rnd.trump_card.suit_letter
        assert got["tricks"] == [{"leader": t.leader, "combo": t.combo, "lead": [str(c) for c in t.lead],
                                  "winner": t.winner, "points": t.points} for t in rnd.tricks]
        assert got["complete"] == rnd.is_over
        assert got["points"] == (rnd.points if rnd.is_over else None)
        assert got["penalties"] == (rnd.penalties if rnd.is_over else None)
    assert out["penalties"] == match.penalties and out["match_over"] == match.is_over
    assert out["winners"] == match.winners and out["to_act"] == match.round.to_act
    assert out["hands"] == [[str(c) for c in sorted(h)] for h in match.round.hands]
    assert out["error"] is None
