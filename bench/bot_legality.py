"""Every bot level through many random deals of every format and combination set.

The large-count companion of ``tests/test_bots.py::test_every_level_plays_legal_rounds``
(which plays a dozen deals per case inside ``make test``).  Each run is a
duplicate-deal arena (:func:`burkozel.arena.run`): the level under test sits at
half the seats (one of three in ``three``), medium and easy at the rest, and
the seatings rotate so that it plays every seat's cards.  Every move goes
through :meth:`burkozel.round.Round.push`, which refuses an illegal one with
``IllegalMoveError``: an illegal move or any exception stops the benchmark
with its traceback and a non-zero exit.  The combination sets are none, all
six, and each one alone.

    python bench/bot_legality.py                       # every level (~10 min on two cores)
    python bench/bot_legality.py --levels easy,medium --deals 200

The hard bot plays at a small rollout cap (``--hard-iterations``): its moves
come from the same candidates and code paths at any cap, and the table's 450
would make the run take hours.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from burkozel.arena import run  # noqa: E402
from burkozel.rules import COMBOS  # noqa: E402

COMBO_SETS: tuple[tuple[str, ...], ...] = ((), COMBOS) + tuple((c,) for c in COMBOS)


def lineup(fmt: str, level: str) -> tuple[str, ...]:
    """The level under test at half the seats, the other two levels between."""
    if fmt == "three":
        return (level, "medium", "easy")
    return (level, "medium", level, "easy")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="easy,medium,hard")
    parser.add_argument("--formats", default="pairs,four,three")
    parser.add_argument("--deals", type=int, default=1000, help="deals per format and set (easy, medium)")
    parser.add_argument("--hard-deals", type=int, default=40, help="deals per format and set (hard)")
    parser.add_argument("--hard-iterations", type=int, default=60)
    parser.add_argument("--seed", default="legal")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    total_rounds = total_deals = 0
    start = time.perf_counter()
    for level in args.levels.split(","):
        hard = level == "hard"
        deals = args.hard_deals if hard else args.deals
        for fmt in args.formats.split(","):
            for combos in COMBO_SETS:
                t0 = time.perf_counter()
                result = run(fmt, lineup(fmt, level), deals, seed=f"{args.seed}/{level}", combos=combos,
                             iterations=args.hard_iterations if hard else None, workers=args.workers)
                total_rounds += result["rounds"]
                total_deals += deals
                named = "all six" if combos == COMBOS else ",".join(combos) or "none"
                print(f"{level:6} {fmt:5} {named:13} {deals:5} deals "
                      f"{result['rounds']:6} rounds  {time.perf_counter() - t0:6.1f} s", flush=True)
    print(f"{total_deals} deals, {total_rounds} rounds in {time.perf_counter() - start:.0f} s: "
          f"every move legal, no exception")
    return 0


if __name__ == "__main__":
    sys.exit(main())
