"""The arena on paired deals: does a change make the first listed side win more?

Every figure of the hard bot's history (docs/bots.md) is a paired difference: the same deals
(the arena's, for the same format, seats, seed and count) played by the bot as it is and by
a changed one, mean ± 95% interval of side 0's share of the rounds won.  ``--set
MODULE.NAME=VALUE`` changes a constant of ``hard``, ``ismcts`` or ``worlds`` for the run.

    python research/paired_arena.py --format four --deals 300 --seed 5 --save /tmp/base.json
    python research/paired_arena.py --format four --deals 300 --seed 5 \\
        --set candidates.PRIOR_BONUS=0.6 --against /tmp/base.json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from burkozel import arena  # noqa: E402
from burkozel.bots.search import candidates, one_ply, tree, utility, worlds  # noqa: E402

MODULES = {"candidates": candidates, "one_ply": one_ply, "tree": tree, "utility": utility, "worlds": worlds}
OLD_NAMES = {"hard": (candidates, one_ply, utility), "ismcts": (tree,)}
"""The modules once called ``hard`` and ``ismcts``: the commands in
``docs/bots.md`` that set their constants still run."""
DEFAULT_SEATS = {"pairs": "hard,medium,hard,medium", "four": "hard,medium,medium,medium",
                 "three": "hard,medium,medium", "duel": "hard,medium", "bura31": "hard,medium"}


def parse_change(text: str) -> tuple[object, str, object]:
    """``candidates.PRIOR_BONUS=0.6`` → (module, name, value of the constant's type)."""
    target, _, value = text.partition("=")
    module_name, _, name = target.partition(".")
    module = MODULES.get(module_name)
    for old in OLD_NAMES.get(module_name, ()):
        if hasattr(old, name):
            module = old
    if module is None or not name or not hasattr(module, name) or not value:
        raise ValueError(f"{text}: expected MODULE.NAME=VALUE with MODULE one of {', '.join(MODULES)}")
    kind = type(getattr(module, name))
    if kind is bool:
        return module, name, value.lower() in ("1", "true", "yes")
    return module, name, kind(float(value)) if kind is int else kind(value)


@contextmanager
def changed(changes: list[tuple[object, str, object]]):
    """While open, the constants hold the changed values; then the old ones."""
    old = [(module, name, getattr(module, name)) for module, name, _ in changes]
    try:
        for module, name, value in changes:
            setattr(module, name, value)
        yield
    finally:
        for module, name, value in reversed(old):
            setattr(module, name, value)


def paired(shares: list[float], baseline: list[float]) -> tuple[float, float]:
    """Mean per-deal difference and its 95% half-width."""
    diff = [a - b for a, b in zip(shares, baseline, strict=True)]
    return statistics.fmean(diff), arena.half_width95(diff)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--format", default="four", choices=sorted(DEFAULT_SEATS))
    parser.add_argument("--seats", default=None, help="as the arena's (default: one hard bot, or a hard pair, "
                                                      "against medium)")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", default="5")
    parser.add_argument("--iterations", type=int, default=450)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--set", action="append", default=[], metavar="MODULE.NAME=VALUE")
    parser.add_argument("--save", help="write side 0's per-deal shares here (a baseline)")
    parser.add_argument("--against", help="a saved run of the same deals to compare with")
    args = parser.parse_args()
    seats = (args.seats or DEFAULT_SEATS[args.format]).split(",")
    try:
        changes = [parse_change(item) for item in args.set]
    except ValueError as error:
        parser.error(str(error))
    # The deals and the bots' seeds depend on these alone, not on the levels seated.
    deals = {"format": args.format, "seed": args.seed, "deals": args.deals, "iterations": args.iterations}
    baseline = None
    if args.against:
        baseline = json.loads(Path(args.against).read_text())
        if {k: baseline.get(k) for k in deals} != deals:
            parser.error(f"{args.against} holds other deals: {({k: baseline.get(k) for k in deals})}")
    with changed(changes):
        results = arena.play(args.format, seats, args.deals, seed=args.seed, iterations=args.iterations,
                             workers=args.workers)
    summary = arena.summarise(args.format, seats, results)
    shares = arena.deal_shares(results, 0)
    side = summary["sides"][0]
    print(f"{args.format} {','.join(seats)} seed {args.seed}, {args.deals} deals, {args.set or 'as it is'}: "
          f"side 0 wins {100 * side['win_rate']:.2f}% [{100 * side['ci95'][0]:.1f}, {100 * side['ci95'][1]:.1f}]")
    if baseline is not None:
        mean, half = paired(shares, baseline["shares"])
        print(f"against {args.against} ({','.join(baseline['seats'])}, {baseline['set'] or 'as it is'}): "
              f"{100 * mean:+.2f}% ± {100 * half:.2f}")
    if args.save:
        Path(args.save).write_text(json.dumps({**deals, "seats": seats, "set": args.set, "shares": shares}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
