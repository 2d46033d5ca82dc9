"""Shared by the property tests and ``bench/fuzz_engine.py``: random play mixed
with illegal moves of every kind, checking the state after each one, at every
table of ``rules.FORMATS`` (the two-player ones with both discard faces)."""

from __future__ import annotations

import random
from collections import Counter

from typing import Sequence

from burkozel import DECK, IllegalMoveError, Match, Move, Round, TableRules
from burkozel.cards import SUIT_OF
from burkozel.rules import FORMATS

PENALTY_TABLES = tuple(name for name, table in FORMATS.items() if not table.has_pot)
"""The tables played for penalties, which these invariants describe (a pot's: test_pot_properties.py)."""

EARLY_ENDS = ("declared", "false_declaration", "bura", "moscow")
"""How a deal of Бура «31» may end before the cards run out."""


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
        if rnd.end in (None, "cards_out"):
            assert sum(rnd.points) == 120 and not rnd.stock and all(not h for h in rnd.hands)
        else:  # a «31» or a winning combination: fewer points may be out
            assert rnd.rules.format == "bura31" and rnd.end in EARLY_ENDS and sum(rnd.points) <= 120
        if rnd.rules.table.reports_deal_end:
            pens = rnd.penalties
            assert (rnd.winner is None) == (pens == [0, 0])
            assert rnd.winner is None or pens[rnd.winner] == 0 < pens[1 - rnd.winner]


def illegal_moves(rnd: Round, rng: random.Random) -> list[tuple[Move, int | None]]:
    """Moves that must be refused here: wrong seat, wrong count, foreign and
    duplicate cards, mixed-suit leads, beats that do not beat, and anything at all
    once the round is over."""
    if rnd.is_over:
        return [(Move.discard(), None), (Move.lead(rng.choice(DECK)), None), (Move.declare(), None)]
    seat = rnd.to_act
    hand = rnd.hands[seat]
    foreign = [c for c in DECK if c not in hand]
    out: list[tuple[Move, int | None]] = [
        (Move.discard(), (seat + 1) % rnd.players),
        (Move("lead" if rnd.trick is None else "discard", (rng.choice(foreign),)), None),
        (Move("lead" if rnd.trick is None else "discard", (hand[0], hand[0])), None),
        (Move("pass", ()), None),
    ]
    # «31»: only at a table that has it, instead of one's regular lead, after the first trick
    out.append((Move.declare(), (seat + 1) % rnd.players))
    if rnd.trick is not None or rnd.rules.table.declaration is None or not rnd.tricks:
        out.append((Move.declare(), None))
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


def refuse(rnd: Round, move: Move, seat: int | None, stats: Counter) -> None:
    """Push an illegal move: it must be refused and leave the state as it was."""
    before = snapshot(rnd)
    try:
        rnd.push(move, seat)
    except IllegalMoveError as e:
        stats[f"refused:{e.code}"] += 1
    else:
        raise AssertionError(f"illegal move accepted: {move} by {seat} in {rnd!r}")
    assert snapshot(rnd) == before, "a refused move changed the state"


def random_rules(rng: random.Random, fmt: str) -> TableRules:
    """``fmt`` with a random set of its switchable combinations and a random discard face."""
    table = FORMATS[fmt]
    combos = tuple(c for c in table.combo_ids if rng.random() < 0.5)
    return TableRules(fmt, combos, rng.choice(table.discard_faces))


def fuzz(seed: int, rounds: int, illegal_rate: float = 0.5, formats: Sequence[str] | None = None,
         discard: str | None = None) -> Counter:
    """Play ``rounds`` random rounds (the ``formats`` in turn, every table by
    default, each with a random combination set and discard face unless
    ``discard`` fixes it) with illegal moves thrown in; returns how many moves
    of each outcome were tried (and ``format:<name>`` rounds per table)."""
    rng = random.Random(seed)
    stats: Counter = Counter()
    formats = list(formats or PENALTY_TABLES)
    start = rng.randrange(len(formats))

    for i in range(rounds):
        fmt = formats[(start + i) % len(formats)]
        rules = random_rules(rng, fmt)
        if discard is not None:
            rules = TableRules(fmt, rules.combos, discard)
        stats[f"format:{fmt}"] += 1
        match = Match(rules, seed=rng.randrange(10**9))
        rnd = match.round
        if rules.table.declaration is not None and not rnd.is_over:
            refuse(rnd, Move.declare(), None, stats)  # never before the deal's first trick
        while True:
            if rng.random() < illegal_rate:
                refuse(rnd, *rng.choice(illegal_moves(rnd, rng)), stats)
            if rnd.is_over:
                break
            legal = rnd.legal_moves
            move = rng.choice(legal)
            if move.kind == "declare" and rng.random() < 0.8:  # let most deals of Бура «31» go on
                move = rng.choice(legal)
            rnd.push(move)
            stats["legal"] += 1
            check_invariants(rnd)
    return stats
