"""Fuzz the engine: random rounds of every table played for penalties (``pairs``,
``four``, ``three``, ``duel``, ``bura31``; the pot's stakes and folds are tried by
tests/test_pot_properties.py instead; the tables in turn, each round with a random
combination set and, at the two-player tables, a random discard face) with
illegal moves of every kind thrown in (a «31» out of place included); after
each refused move the state must be unchanged, after each legal one every
invariant must hold.  Prints how many moves it tried.  The test suite runs the
same fuzzer on a few rounds.

    python bench/fuzz_engine.py --rounds 2000 --seed 1
    python bench/fuzz_engine.py --rounds 500 --formats duel,bura31
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from fuzzing import PENALTY_TABLES, fuzz  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--formats", default=",".join(PENALTY_TABLES), help="the tables, in turn")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    stats = fuzz(args.seed, args.rounds, formats=args.formats.split(","))
    seconds = time.perf_counter() - start
    refused = {k.split(":", 1)[1]: v for k, v in sorted(stats.items()) if k.startswith("refused:")}
    total = stats["legal"] + sum(refused.values())
    print(f"fuzz: {args.rounds} rounds, {total:,} moves tried in {seconds:.1f} s: "
          f"{stats['legal']:,} legal applied, {sum(refused.values()):,} illegal refused with the state unchanged")
    print("rounds by table: " + ", ".join(f"{k.split(':', 1)[1]} {v:,}" for k, v in sorted(stats.items())
                                           if k.startswith("format:")))
    print("refused by rule: " + ", ".join(f"{k} {v:,}" for k, v in refused.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
