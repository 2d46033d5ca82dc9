"""Duplicate-deal arena: how strong is one bot lineup against another?

Each deal is replayed with the lineup rotated round the table, so that every
listed side plays every seat's cards: the identical hands and trump remove most
of the luck of the deal.  Sides are numbered by the ``--seats`` list, whatever
physical seats a seating gives them.  A round is won by the side(s) without a
penalty (:meth:`Outcome.won`), a tie sharing the win; at a pot each seat is its
own side, wins by taking the pot, and its mean chips won per deal are reported.
The 95% intervals come from the spread of per-deal shares, since the seatings
of one deal are correlated (:func:`seatings` lists them per table).  Besides
the table's levels it seats the arena's own (:mod:`burkozel.arena.levels`).
"""

from __future__ import annotations

import random
import statistics
import time
from itertools import permutations
from math import sqrt
from typing import Sequence

from ..cards import DECK
from ..round import Round
from ..rules import TableRules
from .levels import arena_bot


def seatings(fmt: str, players: int | None = None) -> list[tuple[int, ...]]:
    """For each seating, the listed bot index at each physical seat: every
    rotation of the table, and every order of three (a side of partners
    keeps its seats opposite)."""
    table = TableRules(fmt, players=players).table
    n = table.players
    if n == 3:
        return [tuple(p) for p in permutations(range(3))]
    turns = n // len(table.sides[0])  # pairs: the teams swap after one turn
    return [tuple((p + r) % n for p in range(n)) for r in range(turns)]


def listed_side(fmt: str, index: int, players: int | None = None) -> int:
    """The side of the ``index``-th listed bot (listed as if seated in order)."""
    return TableRules(fmt, players=players).table.side_of(index)


def play_deal(task: tuple) -> dict:
    """Play one deal in every seating; per listed side, its points, penalty,
    win share and (at a pot) chip change in each, with each level's decision
    times.  At a pot the deal is one pot from fresh stacks: won, or its chips
    moved and the pot left shared out equally (what a replay is worth to each)."""
    fmt, combos, discard, levels, seed, deal, options, players, dave, house = task
    rules = TableRules(fmt, combos, discard, players=players, dave=dave, house=house)
    n = rules.players
    rng = random.Random(f"arena/{seed}/{deal}")
    deck = list(DECK)
    rng.shuffle(deck)
    dealer = rng.randrange(n)
    out = {"rounds": [], "times": {}}
    for k, seating in enumerate(seatings(fmt, n)):
        rnd = Round(rules, dealer, deck)
        holder = [rnd]
        bots = [arena_bot(levels[seating[p]], f"{seed}/{deal}/{k}/{seating[p]}", options, holder) for p in range(n)]
        while not rnd.is_over:
            seat = rnd.to_act
            view = rnd.view(seat)
            t0 = time.perf_counter()
            move = bots[seat].get_move(view)
            out["times"].setdefault(levels[seating[seat]], []).append(1000.0 * (time.perf_counter() - t0))
            rnd.push(move, seat)
        outcome = rnd.outcome()
        pens = outcome.penalties
        tied = sum(outcome.won(side) for side in range(rules.side_count))
        per_side = {}
        for p in range(n):
            side = listed_side(fmt, seating[p], n)
            phys = rules.side_of(p)
            if outcome.chips is None:
                per_side[side] = (rnd.points[phys], pens[phys], (1.0 / tied) if outcome.won(phys) else 0.0, None)
            else:
                chips = outcome.chips[p] - rules.stack + outcome.pot / n
                per_side[side] = (rnd.points[phys], 0, 1.0 if outcome.won(p) else 0.0, chips)
        out["rounds"].append([per_side[s] for s in range(rules.side_count)])
    return out


def run(fmt: str, levels: Sequence[str], deals: int, seed: int | str = 1,
        combos: Sequence[str] | None = None, budget_ms: float | None = None,
        iterations: int | None = None, workers: int = 1, discard: str | None = None, first: int = 0,
        dave: bool = False, house: dict | None = None) -> dict:
    """Play ``deals`` duplicate deals and summarise them (the arena's JSON)."""
    return summarise(fmt, levels, play(fmt, levels, deals, seed, combos, budget_ms, iterations, workers,
                                       discard, first, dave, house))


def play(fmt: str, levels: Sequence[str], deals: int, seed: int | str = 1,
         combos: Sequence[str] | None = None, budget_ms: float | None = None,
         iterations: int | None = None, workers: int = 1, discard: str | None = None,
         first: int = 0, dave: bool = False, house: dict | None = None) -> list[dict]:
    """Play ``deals`` duplicate deals, numbered from ``first`` (the table's
    default combinations and discard face unless given): :func:`play_deal`'s
    result for each.  Deal ``d`` of a seed is the same whatever else runs, so
    a long run can be played in parts.  A table of 2 to 6 (``bura_pot``)
    seats as many players as ``levels`` lists; ``dave`` is its switch;
    ``house`` the house rules by key (RULES-house.md §0)."""
    table = TableRules(fmt).table
    players = len(levels) if table.has_pot else None
    rules = TableRules(fmt, None if combos is None else tuple(combos), discard, players=players, dave=dave,
                       house=house or {})
    if len(levels) != rules.players:
        raise ValueError(f"{fmt} needs {rules.players} bots, got {len(levels)}")
    options: dict = {}
    if budget_ms is not None:
        options["budget_ms"] = budget_ms
    if iterations is not None:
        options["max_iterations"] = iterations
        options["deterministic"] = True
    tasks = [(fmt, rules.combos, rules.discard, tuple(levels), seed, d, options, players, dave, rules.house)
             for d in range(first, first + deals)]
    if workers > 1:
        import multiprocessing

        with multiprocessing.Pool(workers) as pool:
            results = pool.map(play_deal, tasks, chunksize=1)
    else:
        results = [play_deal(t) for t in tasks]
    return results


def _percentiles(values: list[float]) -> dict:
    values = sorted(values)
    if not values:
        return {"median": None, "p95": None}
    return {"median": round(statistics.median(values), 2),
            "p95": round(values[min(len(values) - 1, int(0.95 * len(values)))], 2)}


def half_width95(values: Sequence[float]) -> float:
    """Half-width of the 95% interval of the mean of ``values`` (normal
    approximation; 0 for fewer than two)."""
    return 1.96 * statistics.stdev(values) / sqrt(len(values)) if len(values) > 1 else 0.0


def deal_shares(results: list[dict], side: int) -> list[float]:
    """Per deal, ``side``'s mean share of the rounds won over its seatings:
    the unit the intervals are computed on, and what paired comparisons of
    two lineups on the same deals subtract (``research/paired_arena.py``)."""
    return [statistics.fmean(rd[side][2] for rd in r["rounds"]) for r in results]


def deal_chips(results: list[dict], side: int) -> list[float]:
    """Per deal, ``side``'s mean chip change over its seatings (at a pot)."""
    return [statistics.fmean(rd[side][3] for rd in r["rounds"]) for r in results]


def summarise(fmt: str, levels: Sequence[str], results: list[dict]) -> dict:
    pot = TableRules(fmt).table.has_pot
    players = len(levels) if pot else None
    sides_n = TableRules(fmt, players=players).table.side_count
    rounds = sum(len(r["rounds"]) for r in results)
    sides = []
    for side in range(sides_n):
        shares = deal_shares(results, side)
        won = sum(rd[side][2] for r in results for rd in r["rounds"])
        rate = won / rounds if rounds else 0.0
        half = half_width95(shares)
        sides.append({
            "bots": [levels[i] for i in range(len(levels)) if listed_side(fmt, i, players) == side],
            "rounds_won": won,
            "win_rate": round(rate, 4),
            "ci95": [round(max(0.0, rate - half), 4), round(min(1.0, rate + half), 4)],
            "mean_points": round(statistics.fmean(rd[side][0] for r in results for rd in r["rounds"]), 2),
            "mean_penalty": round(statistics.fmean(rd[side][1] for r in results for rd in r["rounds"]), 3),
        })
        if pot:
            chips = deal_chips(results, side)
            mean, half = statistics.fmean(chips), half_width95(chips)
            sides[-1]["chips_per_deal"] = round(mean, 3)
            sides[-1]["chips_ci95"] = [round(mean - half, 3), round(mean + half, 3)]
    times: dict[str, list[float]] = {}
    for r in results:
        for level, ts in r["times"].items():
            times.setdefault(level, []).extend(ts)
    return {"format": fmt, "players": len(levels), "deals": len(results), "rounds": rounds, "sides": sides,
            "decision_ms": {level: _percentiles(ts) for level, ts in sorted(times.items())}}


def main(args) -> int:
    """``python -m burkozel arena``: print one JSON object."""
    import json
    import sys

    combos = None if args.combos == "default" else tuple(c for c in args.combos.split(",") if c)
    levels = args.seats.split(",")
    try:
        results = play(args.format, levels, args.deals, seed=args.seed, combos=combos, budget_ms=args.budget_ms,
                       iterations=args.iterations, workers=args.workers, discard=args.discard, first=args.first,
                       dave=args.dave, house=json.loads(args.house))
    except ValueError as e:
        print(f"burkozel arena: {e}", file=sys.stderr)
        return 2
    if args.shares:
        pot = TableRules(args.format).table.has_pot
        with open(args.shares, "w", encoding="utf-8") as f:
            json.dump((deal_chips if pot else deal_shares)(results, 0), f)
    out = summarise(args.format, levels, results)
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")
    return 0
