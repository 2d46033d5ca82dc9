#!/usr/bin/env python3
"""CPU time per decision on CPython: the ISMCTS prototype against the hard bot.

Both bots decide the same positions (every decision of seeded medium-against-
medium deals, the forced ones included, as the arena times them) with an
iteration cap; the CPU time (``time.process_time``) of each ``get_move`` is
printed as median / p95 / max, with the ISMCTS iterations done.  The browser
runs about 1.5–2× slower than this (docs/bots.md).  Nothing here asserts.

    python research/ismcts_speed.py --format bura31 --decisions 200 --hard 450 --ismcts 450
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from burkozel import Round, TableRules  # noqa: E402
from burkozel.bots import make_bot  # noqa: E402
from burkozel.bots.hard import HardBot  # noqa: E402
from burkozel.arena.levels import IsmctsBot  # noqa: E402
from burkozel.cards import DECK  # noqa: E402


def views(fmt: str, count: int, seed: int):
    """The first ``count`` decisions of medium-against-medium deals."""
    rules = TableRules(fmt)
    medium = make_bot("medium")
    rng = random.Random(f"ismcts-speed/{seed}")
    found = 0
    while found < count:
        deck = list(DECK)
        rng.shuffle(deck)
        rnd = Round(rules, found % 2, deck)
        while not rnd.is_over and found < count:
            view = rnd.view(rnd.to_act)
            yield view
            found += 1
            rnd.push(medium.get_move(view), rnd.to_act)


def timed(bot, positions) -> list[float]:
    out = []
    for view in positions:
        t0 = time.process_time()
        bot.get_move(view)
        out.append(1000.0 * (time.process_time() - t0))
    return out


def summary(ms: list[float]) -> str:
    ms = sorted(ms)
    return f"median {statistics.median(ms):.1f}, p95 {ms[int(0.95 * (len(ms) - 1))]:.1f}, max {ms[-1]:.1f} ms"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--format", default="bura31")
    ap.add_argument("--decisions", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hard", type=int, default=450, help="the hard bot's rollouts (0 = skip)")
    ap.add_argument("--ismcts", type=int, default=450, help="the ISMCTS iterations")
    ap.add_argument("--opponent", default="medium", choices=("medium", "ucb"))
    args = ap.parse_args()
    positions = list(views(args.format, args.decisions, args.seed))
    if args.hard:
        hard = HardBot(seed=1, max_iterations=args.hard, deterministic=True)
        print(f"{args.format} hard {args.hard} rollouts, {len(positions)} decisions: {summary(timed(hard, positions))}")
    search = IsmctsBot(seed=1, max_iterations=args.ismcts, deterministic=True, opponent=args.opponent)
    done = []
    ms = []
    for view in positions:
        search.last_iterations = 0
        ms += timed(search, [view])
        done.append(search.last_iterations)
    searched = [n for n in done if n]
    print(f"{args.format} ismcts ({args.opponent}) {args.ismcts} iterations, {len(positions)} decisions "
          f"({len(searched)} searched): {summary(ms)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
