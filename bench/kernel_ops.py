"""The work of random play through the kernel, counted in Python bytecode instructions.

Why a count: on a shared, loaded machine the clock (even this process's CPU time) of two
versions of the engine swings by ±20 % from one run to the next, so a change of 10 % in the
kernel's step cannot be seen by timing.  The instructions executed (and the Python calls made)
for the same random rounds are the same on every run: the figure compares two checkouts
(``--repo``: another worktree's top folder, say the commit before a change) exactly.  It is a
proxy, not a time: a call costs more than an addition.  Its rounds are
``Round`` + ``selfplay.random_playout`` (the kernel's step, as ``python -m burkozel bench`` plays).

    python bench/kernel_ops.py --format four --rounds 200
    python bench/kernel_ops.py --format four --repo ../other-checkout
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path


def count(fmt: str, rounds: int, seed: int) -> tuple[int, int]:
    """Bytecode instructions executed and Python calls made by ``rounds`` random rounds of ``fmt``."""
    from burkozel import Round, TableRules
    from burkozel.selfplay import random_playout

    rules = TableRules(fmt)
    deck_rng = random.Random(seed)
    decks = []
    for _ in range(rounds):
        deck = list(range(36))
        deck_rng.shuffle(deck)
        decks.append(deck)
    move_rng = random.Random(seed + 1)
    counts = [0, 0]

    def tracer(frame, event, arg):
        if event == "call":
            counts[1] += 1
            frame.f_trace_opcodes = True
        elif event == "opcode":
            counts[0] += 1
        return tracer

    sys.settrace(tracer)
    try:
        for i, deck in enumerate(decks):
            random_playout(Round(rules, i % rules.players, deck), move_rng)
    finally:
        sys.settrace(None)
    return counts[0], counts[1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--format", default="four")
    ap.add_argument("--rounds", type=int, default=200)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--repo", default=str(Path(__file__).resolve().parent.parent),
                    help="the checkout whose burkozel/ is counted (this one by default)")
    args = ap.parse_args()
    sys.dont_write_bytecode = True  # another checkout is read, not written to
    sys.path.insert(0, args.repo)
    ops, calls = count(args.format, args.rounds, args.seed)
    print(f"{args.format}: {args.rounds} random rounds, {ops:,} bytecode instructions, {calls:,} Python calls "
          f"({ops / args.rounds:,.0f} a round) [{Path(args.repo).name}]")


if __name__ == "__main__":
    main()
