"""How often sampled worlds lead the hard seat to the same next decision.

Information-set MCTS would improve the seat's *next* decision by sharing
statistics among the worlds in which that decision looks the same to the seat
(the same plays seen since and the same hand after the draw).  That only pays
if many worlds share one such information set.  At the positions of
``research/bot_regret.py`` this plays medium's move in ``--worlds`` worlds of
the seat's view, lets the medium bots play on to the seat's next turn, and
counts the distinct information sets reached.

    python research/infoset_branching.py --format four --positions 40 --worlds 90
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bot_regret import positions  # noqa: E402

from burkozel.bots import make_bot  # noqa: E402
from burkozel.trick import DISCARD  # noqa: E402
from burkozel.view import SeatView  # noqa: E402
from burkozel.bots.search.worlds import WorldSampler  # noqa: E402


def next_infosets(view: SeatView, worlds: int) -> Counter:
    """The seat's information set at its next decision, counted over worlds."""
    medium = make_bot("medium")
    seat = view.seat
    move = medium.get_move(view)
    sampler = WorldSampler(view)
    reached: Counter = Counter()
    for w in range(worlds):
        world = sampler.sample(random.Random(w))
        world.push(move, seat)
        seen = []
        while not world.is_over and world.to_act != seat:
            other = world.to_act
            m = medium.get_move(world.view(other))
            world.push(m, other)
            seen.append((other, m.kind, len(m.cards) if m.kind == DISCARD else m.cards))
        if not world.is_over:
            reached[tuple(seen), tuple(sorted(world.hands[seat]))] += 1
    return reached


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--format", default="four", choices=["pairs", "four", "three"])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--worlds", type=int, default=90, help="worlds per move (450 rollouts / 5 candidates)")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    distinct, per_set, largest = [], [], []
    for view in positions(args.format, args.positions, args.seed):
        reached = next_infosets(view, args.worlds)
        total = sum(reached.values())
        if total:  # the round may end before the seat moves again
            distinct.append(len(reached))
            per_set.append(total / len(reached))
            largest.append(max(reached.values()) / total)
    print(f"{args.format}: {len(distinct)} positions, {args.worlds} worlds each; distinct next decisions "
          f"median {statistics.median(distinct):.0f}; worlds per one median {statistics.median(per_set):.1f}; "
          f"the commonest one's share of the worlds median {statistics.median(largest):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
