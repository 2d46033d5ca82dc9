"""Does the hard bot value some kind of move wrongly, on average?

Were the worlds the hard bot deals from a seat's view the true posterior of the hidden
cards, a move's mean over them would on average equal its value with the true hands, for
every kind of move; a kind the fair worlds value too high or too low is a bias the search
could correct without seeing more.  For positions of medium-bot games every candidate
(``HardBot.candidates``) is played out in ``--worlds`` fair worlds and in as many with the
true hands and the stock shuffled (``arena.shuffled_stock``), scored by ``utility``.
A move's *bias* is its fair value minus its true one, minus the position's mean of that;
the script prints its mean ± 95% per kind of move and phase (S: the stock lasts, L: it is
out).  What it found: research/README.md.

    python research/value_calibration.py --format three              # 1,500 rounds, ~10 min on 2 cores
    python research/value_calibration.py --format four --rounds 300
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import defaultdict
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from burkozel import Match, TableRules  # noqa: E402
from burkozel.arena import shuffled_stock  # noqa: E402
from burkozel.bots import make_bot  # noqa: E402
from burkozel.bots.hard import HardBot  # noqa: E402
from burkozel.bots.search.playout import fast_playout  # noqa: E402
from burkozel.bots.search.utility import utility  # noqa: E402
from burkozel.cards import POINTS_OF, SUIT_OF  # noqa: E402
from burkozel.bots.search.worlds import WorldSampler  # noqa: E402


def kind_of(view, move) -> str:
    """The phase (S: stock left, L: out) and the kind of move."""
    trump = view.trump
    cards = move.cards
    if move.kind == "lead":
        kind = ("lead multi" if len(cards) > 1 else "lead trump" if SUIT_OF[cards[0]] == trump
                else "lead plain10+" if POINTS_OF[cards[0]] >= 10 else "lead plain<10")
    elif move.kind == "beat":
        kind = "beat trump" if any(SUIT_OF[c] == trump for c in cards) and SUIT_OF[view.trick.winning[0]] != trump \
            else "beat suit"
    else:
        kind = ("discard pts" if sum(POINTS_OF[c] for c in cards) >= 10
                else "discard trump" if any(SUIT_OF[c] == trump for c in cards) else "discard low")
    return ("S " if view.stock else "L ") + kind


def round_values(task: tuple) -> list[list[tuple[str, float, float]]]:
    """For up to three positions of one medium round: per candidate, its kind,
    fair value and true value."""
    fmt, seed, index, worlds = task
    rng = random.Random(f"calibration/{seed}/{index}")
    medium = make_bot("medium")
    bot = HardBot(seed=0, deterministic=True)
    rnd = Match(TableRules(fmt), seed=f"calibration/{seed}/{index}").round
    choices = []
    while not rnd.is_over:
        view = rnd.view(rnd.to_act)
        if len(view.legal_moves) > 1:
            choices.append((rnd.copy(), view))
        rnd.push(medium.get_move(view), rnd.to_act)
    out = []
    for truth, view in rng.sample(choices, min(3, len(choices))):
        moves = bot.candidates(view)
        if len(moves) < 2:
            continue
        sampler, seen = WorldSampler(view), view.seen
        fair = [sampler.sample_deal(rng) for _ in range(worlds)]
        true = [shuffled_stock(truth.deal, rng) for _ in range(worlds)]

        def value(dealt, move):
            return statistics.fmean(utility(fast_playout(w, move.kind, move.cards, seen), view.side) for w in dealt)

        out.append([(kind_of(view, m), value(fair, m), value(true, m)) for m in moves])
    return out


def biases(positions: list[list[tuple[str, float, float]]]) -> dict[str, list[float]]:
    """Per kind of move, each candidate's fair-minus-true value less its position's mean."""
    by_kind: dict[str, list[float]] = defaultdict(list)
    for moves in positions:
        shift = statistics.fmean(f - t for _, f, t in moves)
        for kind, f, t in moves:
            by_kind[kind].append(f - t - shift)
    return by_kind


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--format", default="three", choices=["pairs", "four", "three"])
    parser.add_argument("--rounds", type=int, default=1500)
    parser.add_argument("--worlds", type=int, default=150)
    parser.add_argument("--seed", default="a")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    tasks = [(args.format, args.seed, i, args.worlds) for i in range(args.rounds)]
    with Pool(args.workers) as pool:
        positions = [p for chunk in pool.map(round_values, tasks) for p in chunk]
    print(f"{args.format}, {len(positions)} positions, {args.worlds} worlds each: "
          "fair minus true value (penalty units), less the position's mean")
    for kind, values in sorted(biases(positions).items()):
        half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
        print(f"  {kind:16s} {len(values):5d} moves  bias {statistics.fmean(values):+.3f} ± {half:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
