"""How much the exact opponent model says about the other hand (the ``hard-bayes`` reference).

Medium against medium in a two-player table with open discards; at every
decision of either seat, the worlds of :class:`~burkozel.bots.search.posterior.PolicyWorlds`
(the exact posterior given that the other seat plays the medium bot) against
the same filter knowing only which cards each play needed (``policy=False``)
and the fair bot's :class:`~burkozel.bots.search.worlds.WorldSampler`.  Printed: the
acceptance a rejection sampler of whole histories would see (of all uniformly
dealt histories, and of those able to make the plays), how often the filter
fell back, and the share of the other hand's cards each puts in the right
hand (expected over the posterior; the fair sampler's over 200 worlds)::

    python research/policy_posterior.py --deals 100
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
from burkozel.cards import DECK  # noqa: E402
from burkozel.bots.search.posterior import PolicyWorlds  # noqa: E402
from burkozel.bots.search.worlds import WorldSampler  # noqa: E402


def right_share(message: dict, truth: set[int]) -> float:
    """Expected share of the true hand's cards in a hand drawn from ``message``."""
    return sum(w * len(truth.intersection(h)) for h, w in message.items()) / len(truth)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--format", default="bura31")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", default="posterior")
    parser.add_argument("--fair-worlds", type=int, default=200)
    args = parser.parse_args()
    rules = TableRules(args.format, discard="open")
    medium = make_bot("medium")
    rng = random.Random(args.seed)
    rows: list[dict] = []
    for d in range(args.deals):
        deck = list(DECK)
        rng.shuffle(deck)
        rnd = Round(rules, d % 2, deck)
        while not rnd.is_over:
            seat = rnd.to_act
            view = rnd.view(seat)
            truth = {int(c) for c in rnd.hands[1 - seat]}
            if not truth:  # the last answer: nothing left to infer
                rnd.push(medium.get_move(view), seat)
                continue
            t0 = time.perf_counter()
            exact = PolicyWorlds(view)
            ms = 1000 * (time.perf_counter() - t0)
            loose = PolicyWorlds(view, policy=False)
            fair = WorldSampler(view)
            fair_right = statistics.fmean(
                len(truth.intersection(fair.sample_deal(rng).hands[1 - seat])) / len(truth)
                for _ in range(args.fair_worlds))
            row = {"tricks": len(view.history), "ms": ms, "fallback": exact.fallback, "fair": fair_right}
            if not exact.fallback:
                row.update(log_all=exact.log_acceptance, log_policy=exact.log_acceptance - loose.log_acceptance,
                           exact=right_share(exact.messages[-1], truth),
                           loose=right_share(loose.messages[-1], truth))
            rows.append(row)
            rnd.push(medium.get_move(view), seat)
    ok = [r for r in rows if not r["fallback"]]
    print(f"{args.format}, {args.deals} medium deals, {len(rows)} decisions; fell back {len(rows) - len(ok)} times")
    for label, key in (("of all histories", "log_all"), ("of those able to make the plays", "log_policy")):
        logs = sorted(r[key] for r in ok)
        print(f"acceptance {label}: median 10^{statistics.median(logs):.2f}, "
              f"p10 10^{logs[len(logs) // 10]:.2f}, min 10^{logs[0]:.2f}")
    times = sorted(r["ms"] for r in ok)
    print(f"filter time per view: median {statistics.median(times):.1f} ms, p95 {times[int(0.95 * len(times))]:.1f}, "
          f"max {times[-1]:.1f}")
    print("other hand's cards in the right hand: exact posterior / cards needed only / fair sampler")
    for name, keep in (("all", lambda r: True), ("tricks 0-1", lambda r: r["tricks"] <= 1),
                       ("tricks 2-3", lambda r: 2 <= r["tricks"] <= 3), ("tricks 4+", lambda r: r["tricks"] >= 4)):
        sel = [r for r in ok if keep(r)]
        if sel:
            print(f"  {name:10} ({len(sel):4}): {100 * statistics.fmean(r['exact'] for r in sel):5.1f}% / "
                  f"{100 * statistics.fmean(r['loose'] for r in sel):5.1f}% / "
                  f"{100 * statistics.fmean(r['fair'] for r in sel):5.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
