#!/usr/bin/env python3
"""The hard bot's decision time at «Бура на кон» on CPython, at a fixed rollout count.

Seeded medium-bot deals (`moscow`, `molodka`, «даве» on) are played at the given seats and
every other position is kept; the hard bot (deterministic, ``--iterations`` rollouts) then
decides each one in turn, timed.  A fixed count, not a time budget, so the figure says what
the table's count costs; the browser runs 1.1–1.6× CPython's time (bench/README.md).

    .venv/bin/python bench/pot_decision_time.py --players 6 --iterations 450
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from burkozel import DECK, Round, TableRules  # noqa: E402
from burkozel.bots import make_bot  # noqa: E402


def positions(players: int, deals: int, seed: int) -> list:
    """Every other position of ``deals`` seeded medium-bot deals, as the seat to act sees it."""
    rules = TableRules("bura_pot", ("moscow", "molodka"), players=players, dave=True)
    rng = random.Random(seed)
    medium = make_bot("medium")
    views = []
    for d in range(deals):
        deck = list(DECK)
        rng.shuffle(deck)
        rnd = Round(rules, d % players, deck)
        k = 0
        while not rnd.is_over:
            view = rnd.view(rnd.to_act)
            if k % 2 == 0:
                views.append(view)
            k += 1
            rnd.push(medium.get_move(view), rnd.to_act)
    return views


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--iterations", type=int, default=450)
    ap.add_argument("--deals", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cpu", action="store_true",
                    help="time this process's CPU, not the wall clock (on a machine others load too)")
    args = ap.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    hard = make_bot("hard", seed=1, max_iterations=args.iterations, deterministic=True)
    times = []
    for view in positions(args.players, args.deals, args.seed):
        t0 = clock()
        hard.get_move(view)
        times.append(1000.0 * (clock() - t0))
    times.sort()
    print(f"{args.players} seats, {args.iterations} rollouts, {len(times)} decisions ({'CPU' if args.cpu else 'wall'}): "
          f"median {statistics.median(times):.1f} ms, p95 {times[int(0.95 * len(times))]:.1f} ms, "
          f"max {times[-1]:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
