"""The arena with the table's own hard bot in it.

``python -m burkozel arena --iterations 450`` plays the hard bot at a flat
450 rollouts a decision.  The table seats :class:`table.match.table_bots.TableHardBot`
instead, whose count shrinks early in a round where rollouts are long
(``hard_iterations``: 254 with all 36 cards in play).  This script adds it to
the arena as the level ``hard-table`` (deterministic, without the table's
safety cap) and prints the arena's JSON, so the two can be compared on the
same deals:

    python bench/table_arena.py --format four --seats hard-table,medium,medium,medium \\
        --deals 300 --seed 3 --workers 2
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web"))

from burkozel.arena import run  # noqa: E402
from burkozel.bots import register  # noqa: E402
from table.match.table_bots import reference_bot  # noqa: E402

register("hard-table")(lambda seed=0: reference_bot("hard", seed))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--format", default="four", choices=["pairs", "four", "three"])
    parser.add_argument("--seats", default="hard-table,medium,medium,medium")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", default="3")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    # The pool forks (Linux), so its workers know the level registered above.
    out = run(args.format, args.seats.split(","), args.deals, seed=args.seed, workers=args.workers)
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
