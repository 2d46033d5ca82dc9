"""Shared by the property tests and ``bench/fuzz_engine.py``: random play mixed
with illegal moves of every kind, checking the state after each one."""

from __future__ import annotations

import random
from collections import Counter

from burkozel import DECK, IllegalMoveError, Match, Move, Round, TableRules
from burkozel.cards import POINTS_OF, SUIT_OF


def snapshot(rnd: Round) -> tuple:
    """Everything that makes up a round's state, as plain values."""
    trick = rnd.trick
    return (tuple(tuple(sorted(h)) for h in rnd.hands), tuple(rnd.stock), rnd.trump_drawn_by,
            None if trick is None else (trick.leader, trick.size, trick.combo, tuple(trick.plays),
                                        trick.winner, trick.winning),
            len(rnd.tricks), tuple(rnd.points), rnd.to_act)


def check_invariants(rnd: Round) -> None:
    """Cards are conserved, points are the points of the tricks taken, hands stay equal."""
    in_play = [c for h in rnd.hands for c in h] + rnd.stock
    if rnd.trick is not None:
        in_play += rnd.trick.cards
    taken = [c for t in rnd.tricks for c in t.cards]
    assert sorted(in_play + taken) == list(DECK), "cards are not conserved"
    side_points = [0] * rnd.rules.side_count
    for t in rnd.tricks:
        side_points[rnd.side_of(t.winner)] += t.points
    assert side_points == rnd.points
    sizes = [len(h) for h in rnd.hands]
    if rnd.trick is None:
        assert len(set(sizes)) == 1
    else:
        played = {p.seat for p in rnd.trick.plays}
        assert len({sizes[s] + rnd.trick.size * (s in played) for s in range(rnd.players)}) == 1
    if rnd.is_over:
        assert sum(rnd.points) == 120 and not rnd.stock and all(not h for h in rnd.hands)


def illegal_moves(rnd: Round, rng: random.Random) -> list[tuple[Move, int | None]]:
    """Moves that must be refused here: wrong seat, wrong count, foreign and
    duplicate cards, mixed-suit leads, beats that do not beat, and anything at all
    once the round is over."""
    if rnd.is_over:
        return [(Move.discard(), None), (Move.lead(rng.choice(DECK)), None)]
    seat = rnd.to_act
    hand = rnd.hands[seat]
    foreign = [c for c in DECK if c not in hand]
    out: list[tuple[Move, int | None]] = [
        (Move.discard(), (seat + 1) % rnd.players),
        (Move("lead" if rnd.trick is None else "discard", (rng.choice(foreign),)), None),
        (Move("lead" if rnd.trick is None else "discard", (hand[0], hand[0])), None),
        (Move("pass", ()), None),
    ]
    if rnd.trick is None:
        out.append((Move.lead(*hand[:1] * 0), None))  # empty lead
        out.append((Move.beat(*hand[:1]), None))
        suits = {SUIT_OF[c]: c for c in hand}
        if len(suits) > 1:
            out.append((Move.lead(*list(suits.values())[:2]), None))
    else:
        k = rnd.trick.size
        out.append((Move.lead(*hand[:1]), None))
        out.append((Move.discard(*hand[: k + 1]), None) if len(hand) > k else (Move.beat(*hand[: k - 1]), None))
        from itertools import combinations
        from burkozel.rules import beats_all

        for combo in combinations(hand, k):
            if not beats_all(combo, rnd.trick.winning, rnd.trump):
                out.append((Move.beat(*combo), None))
                break
    return out


def fuzz(seed: int, rounds: int, illegal_rate: float = 0.5) -> Counter:
    """Play ``rounds`` random rounds (every format and combination set) with
    illegal moves thrown in; returns how many moves of each outcome were tried."""
    rng = random.Random(seed)
    stats: Counter = Counter()
    from burkozel import COMBOS

    for _ in range(rounds):
        fmt = rng.choice(["pairs", "four", "three"])
        combos = tuple(c for c in COMBOS if rng.random() < 0.5)
        match = Match(TableRules(fmt, combos), seed=rng.randrange(10**9))
        rnd = match.round
        while True:
            if rng.random() < illegal_rate:
                move, seat = rng.choice(illegal_moves(rnd, rng))
                before = snapshot(rnd)
                try:
                    rnd.push(move, seat)
                except IllegalMoveError as e:
                    stats[f"refused:{e.code}"] += 1
                else:
                    raise AssertionError(f"illegal move accepted: {move} by {seat} in {rnd!r}")
                assert snapshot(rnd) == before, "a refused move changed the state"
            if rnd.is_over:
                break
            legal = rnd.legal_moves
            rnd.push(rng.choice(legal))
            stats["legal"] += 1
            check_invariants(rnd)
    return stats
