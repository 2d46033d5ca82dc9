"""Are the worlds' hands made of the right kinds of card?

The world sampler deals the unseen cards from a seat's view; if players keep some kinds of
card more than chance, the worlds' hands are wrong in kind.  Plays medium-bot rounds and,
at a quarter of the decisions, asks for every card the seat to act has not seen whether it
is in another seat's hand (rather than in the stock or a face-down discard): once in truth
and ``--worlds`` times in the sampler's worlds; per stage of the round and kind of card
(:data:`KINDS`) it prints both shares and their ratio.  What it found: research/README.md.

    python research/world_marginals.py --format three           # 2,000 rounds, ~40 s
    python research/world_marginals.py --format four --rounds 1000
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from burkozel import Match, TableRules  # noqa: E402
from burkozel.bots import make_bot  # noqa: E402
from burkozel.cards import POINTS_OF, SUIT_OF  # noqa: E402
from burkozel.bots.search.worlds import WorldSampler  # noqa: E402

KINDS = ("trump hi", "trump pic", "trump low", "plain A/10", "plain pic", "plain low")
"""Kinds of card by how players keep them: trumps (the ace and ten, the
pictures, the rest) and plain cards (the same)."""


def kind_of(card: int, trump: int) -> int:
    """The index of ``card``'s kind in :data:`KINDS`."""
    points = POINTS_OF[card]
    return (0 if SUIT_OF[card] == trump else 3) + (0 if points >= 10 else 1 if points else 2)


def stage_of(view) -> str:
    """``early`` (the first six cards drawn), ``mid`` (the rest of the stock)
    or ``late`` (the stock is out: a card not in a hand is in a face-down discard)."""
    if not view.stock:
        return "late"
    return "early" if view.stock >= view.table.stock_size - 6 else "mid"


def measure(fmt: str, rounds: int, worlds: int, seed: int) -> dict[tuple[str, int], list[int]]:
    """Per (stage, kind): [in a hand in truth, cards, in a hand in the worlds, cards × worlds]."""
    counts: dict[tuple[str, int], list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    medium = make_bot("medium")
    rng = random.Random(f"marginals/{seed}")
    for r in range(rounds):
        rnd = Match(TableRules(fmt), seed=f"marginals/{seed}/{r}").round
        while not rnd.is_over:
            seat = rnd.to_act
            view = rnd.view(seat)
            stage = stage_of(view)
            if rng.random() < 0.25:
                unseen = rnd.unknown_to(seat)
                held = {int(c) for s, hand in enumerate(rnd.hands) if s != seat for c in hand}
                kinds = {int(c): kind_of(c, view.trump) for c in unseen}
                for c, k in kinds.items():
                    row = counts[stage, k]
                    row[0] += c in held
                    row[1] += 1
                sampler = WorldSampler(view)
                for _ in range(worlds):
                    world = sampler.sample_deal(rng)
                    dealt = {int(c) for s, hand in enumerate(world.hands) if s != seat for c in hand}
                    for c, k in kinds.items():
                        row = counts[stage, k]
                        row[2] += c in dealt
                        row[3] += 1
            rnd.push(medium.get_move(view), seat)
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--format", default="four", choices=["pairs", "four", "three"])
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--worlds", type=int, default=4, help="worlds dealt per position")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    counts = measure(args.format, args.rounds, args.worlds, args.seed)
    print(f"{args.format}, {args.rounds} rounds: share of unseen cards in another seat's hand")
    for stage in ("early", "mid", "late"):
        for k, kind in enumerate(KINDS):
            truth_in, cards, worlds_in, dealt = counts[stage, k]
            truth = truth_in / cards if cards else 0.0
            model = worlds_in / dealt if dealt else 0.0
            half = 1.96 * (truth * (1 - truth) / cards) ** 0.5 if cards else 0.0
            ratio = truth / model if model else 1.0
            print(f"  {stage:5s} {kind:10s} {cards:6d} cards  truth {truth:.3f} ± {half:.3f}  "
                  f"worlds {model:.3f}  ratio {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
