"""RULES.md §7 — the match: penalties add up, the limit of 12 ends it for the
whole table, the fewest penalties win (shared on a tie)."""

import random

import pytest

from burkozel import IllegalMoveError, Match, Move, TableRules


def discard_only(match: Match) -> None:
    """Play the current round with leaders leading one card and everyone else
    discarding: the regular leader of the round takes every trick."""
    rnd = match.round
    while not rnd.is_over:
        if rnd.trick is None:
            match.push(Move.lead(min(rnd.hands[rnd.to_act])))
        else:
            match.push(Move.discard())


def test_the_leader_takes_all_and_the_match_ends_with_a_shared_win():
    match = Match(TableRules("three", ()), seed=1, dealer=2)  # seat 0 leads round 1
    discard_only(match)
    assert match.round.points == [120, 0, 0] and match.penalties == [0, 6, 6]
    assert not match.is_over and match.winners == []
    match.next_round()  # dealer 0: seat 1 leads
    discard_only(match)
    assert match.penalties == [6, 6, 12]
    assert match.is_over and match.winners == [0, 1]
    with pytest.raises(IllegalMoveError) as err:
        match.next_round()
    assert err.value.code == "match_over"


def test_no_one_drops_out_and_the_deal_rotates():
    match = Match(TableRules("four", ()), seed=2, dealer=3)
    discard_only(match)  # seat 0 leads and takes everything
    assert match.penalties == [0, 6, 6, 6]
    match.next_round()
    assert match.round.dealer == 0 and all(len(h) == 4 for h in match.round.hands)
    discard_only(match)  # seat 1 takes everything: seats 2 and 3 reach 12
    assert match.penalties == [6, 6, 12, 12]
    assert match.is_over and match.winners == [0, 1]


def test_next_round_waits_for_the_round_to_end():
    match = Match(TableRules("pairs"), seed=3)
    with pytest.raises(IllegalMoveError) as err:
        match.next_round()
    assert err.value.code == "round_not_over"


@pytest.mark.parametrize("fmt", ["pairs", "four", "three"])
def test_random_matches_follow_the_penalty_rules(fmt):
    rng = random.Random(fmt)
    for seed in range(4):
        match = Match(TableRules(fmt), seed=seed)
        totals = [0] * match.rules.side_count
        while True:
            rnd = match.round
            while not rnd.is_over:
                match.push(rnd.random_move(rng))
            totals = [t + p for t, p in zip(totals, rnd.penalties)]
            assert match.penalties == totals
            assert sorted(rnd.penalties).count(0) >= 1 and set(rnd.penalties) <= {0, 2, 4, 6}
            if max(totals) >= 12:
                break
            assert not match.is_over
            match.next_round()
        assert match.is_over
        assert match.winners == [s for s, p in enumerate(totals) if p == min(totals)]


def test_cli_stops_quietly_when_its_reader_goes_away():
    """``python -m burkozel play | head -1``: no BrokenPipeError traceback."""
    import subprocess
    import sys
    from pathlib import Path

    proc = subprocess.Popen([sys.executable, "-m", "burkozel", "play", "--matches", "200", "--bots", "easy"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=Path(__file__).parent.parent)
    assert proc.stdout.readline().startswith("match 1 ")
    proc.stdout.close()  # the reader leaves while matches are still being printed
    err = proc.stderr.read()
    proc.wait(timeout=60)
    assert "Traceback" not in err, err
    assert proc.returncode == 1


def test_moves_by_round_cuts_the_record_at_each_deal():
    """The one record of a match's moves: per round, the seat and the move, as saved."""
    match = Match(TableRules("duel"), seed=4)
    rng = random.Random(4)
    lengths = []
    while len(match.rounds) < 3 and not match.is_over:
        if match.round.is_over:
            lengths.append(len(match.round.moves))
            match.next_round()
        else:
            match.push(rng.choice(match.round.legal_moves))
    by_round = match.moves_by_round
    assert [len(r) for r in by_round[:-1]] == lengths and len(by_round) == len(match.rounds)
    assert [m for r in by_round for m in r] == match.moves
    assert match.to_dict()["rounds"] == [[[s, m.to_dict()] for s, m in r] for r in by_round]
