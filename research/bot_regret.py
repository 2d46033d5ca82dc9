"""How far the hard bot's choices fall short of the best move, without playing games.

A game takes ~2 s of CPU per deal and needs hundreds of paired deals to see ±2% of rounds
won; this takes seconds per setting once the values are cached, and shows where the search
is blind (its candidates) or noisy (its count).  Positions come from medium-bot games; every
legal move of each is valued in the same ``--worlds`` sampled worlds (the hard bot's own
model, scored by ``utility``); the hard bot then decides each at ``--iterations``, and
the script prints its mean *regret* (the best move's value minus its choice's) by situation,
beside medium's and the *candidate loss* (the best move outside the candidates).  It
measures the search against its own model: a change it likes still has to win games.

    make bench-regret                    # pairs and four, values kept in .stamps/
    make bench-regret REGRET_ARGS="--set EXTRA_DISCARDS=0"
    python research/bot_regret.py --format three --positions 100 --worlds 500
"""

from __future__ import annotations

import argparse
import pickle
import random
import statistics
import sys
import time
from collections import defaultdict
from math import fsum
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from burkozel import Match, TableRules  # noqa: E402
from burkozel.bots import make_bot  # noqa: E402
from burkozel.bots.hard import HardBot  # noqa: E402
from burkozel.bots.search import candidates as searched  # noqa: E402
from burkozel.bots.search.playout import fast_playout  # noqa: E402
from burkozel.bots.search.utility import utility  # noqa: E402
from burkozel.bots.search.worlds import WorldSampler  # noqa: E402


def key(move) -> tuple:
    """A move as its kind and card set (a discard's cards come in any order)."""
    return move.kind, frozenset(move.cards)


def positions(fmt: str, count: int, seed: int) -> list:
    """Views with a choice, from medium games, up to three per round."""
    rng = random.Random(seed)
    medium = make_bot("medium", seed=0)
    views: list = []
    game = 0
    while len(views) < count:
        rnd = Match(TableRules(fmt), seed=f"regret/{seed}/{game}").round
        game += 1
        choices = []
        while not rnd.is_over:
            view = rnd.view(rnd.to_act)
            if len(view.legal_moves) > 1:
                choices.append(view)
            rnd.push(medium.get_move(view), rnd.to_act)
        views += rng.sample(choices, min(3, len(choices)))
    return views[:count]


def values(views: list, worlds: int, seed: int) -> list:
    """Per view, every legal move's utility in each of the same sampled worlds."""
    out = []
    start = time.perf_counter()
    for i, view in enumerate(views):
        sampler, seen = WorldSampler(view), view.seen
        rng = random.Random(f"regret/{seed}/{i}")
        dealt = [sampler.sample_deal(rng) for _ in range(worlds)]
        out.append((view, {key(m): [utility(fast_playout(w, m.kind, m.cards, seen), view.side)
                                    for w in dealt] for m in view.legal_moves}))
        if (i + 1) % 50 == 0:
            print(f"  valued {i + 1}/{len(views)} positions, {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return out


def situation(view, ranked: list) -> str:
    """lead / answer (an opponent is winning) / partner (a partner is), with
    how many moves the medium bot ranks (1, 2, 3 or more)."""
    if view.trick is None:
        kind = "lead"
    elif view.side_of(view.trick.winner) == view.side:
        kind = "partner"
    else:
        kind = "answer"
    return f"{kind}{min(len(ranked), 3)}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--format", default="pairs", choices=["pairs", "four", "three"])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--worlds", type=int, default=1000)
    parser.add_argument("--iterations", type=int, default=450)
    parser.add_argument("--seeds", type=int, default=2, help="hard-bot seeds per position")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cache", type=Path, help="keep the move values here (read if present)")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="set a constant of burkozel.bots.search.candidates first")
    args = parser.parse_args()
    for item in args.set:
        name, value = item.split("=", 1)
        setattr(searched, name, type(getattr(searched, name))(value))

    # The values depend on these (and on the engine and the medium bot: delete a stale cache).
    made_for = (args.format, args.positions, args.worlds, args.seed)
    cached = pickle.loads(args.cache.read_bytes()) if args.cache and args.cache.exists() else None
    if cached is not None and cached[0] == made_for:
        data = cached[1]
    else:
        data = values(positions(args.format, args.positions, args.seed), args.worlds, args.seed)
        if args.cache:
            args.cache.write_bytes(pickle.dumps((made_for, data)))

    medium = make_bot("medium", seed=0)
    regret: dict[str, list[float]] = defaultdict(list)
    medium_regret, candidate_loss, all_regret = [], [], []
    start = time.perf_counter()
    for i, (view, vals) in enumerate(data):
        mean = {k: fsum(v) / len(v) for k, v in vals.items()}
        best = max(mean.values())
        ranked = medium.ranked(view)
        where = situation(view, ranked)
        medium_regret.append(best - mean[key(ranked[0][1])])
        # The best move outside the candidates, chosen on half the worlds and valued on the other.
        half_a = {k: fsum(v[::2]) for k, v in vals.items()}
        half_b = {k: fsum(v[1::2]) / len(v[1::2]) for k, v in vals.items()}
        bot = HardBot(seed=0)
        candidates = [key(m) for m in bot.candidates(view)]
        candidate_loss.append(half_b[max(half_a, key=half_a.get)] - half_b[max(candidates, key=half_a.get)])
        for s in range(args.seeds):
            move = HardBot(seed=f"regret/{s}/{i}", max_iterations=args.iterations,
                                deterministic=True).get_move(view)
            r = best - mean[key(move)]
            regret[where].append(r)
            all_regret.append(r)
    seconds = time.perf_counter() - start
    n = len(all_regret)
    print(f"{args.format}: {len(data)} positions, {len(next(iter(data[0][1].values())))} worlds a move; "
          f"hard at {args.iterations} rollouts, {args.seeds} seeds, {1000 * seconds / n:.0f} ms a decision"
          + (f"; set {' '.join(args.set)}" if args.set else ""))
    print(f"regret (penalty units a decision): hard {fsum(all_regret) / n:.4f} "
          f"± {1.96 * statistics.stdev(all_regret) / n ** 0.5:.4f}, medium {fsum(medium_regret) / len(data):.4f}; "
          f"candidate loss {fsum(candidate_loss) / len(data):.4f}")
    print("hard's regret by situation (share of the total, positions): " + ", ".join(
        f"{w} {fsum(r) / n:.4f} ({len(r) // args.seeds})" for w, r in sorted(regret.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
