"""``python -m burkozel``: replay scenarios, play bot matches, run benchmarks."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence


def _replay(args: argparse.Namespace) -> int:
    from .replay import ScenarioError, replay

    try:
        with open(args.file, encoding="utf-8") as f:
            data = json.load(f)
        out, status = replay(data)
    except (OSError, ValueError, RecursionError) as e:  # JSONDecodeError and ScenarioError too
        reason = " ".join(str(e).split()) or type(e).__name__
        print(f"burkozel replay: {reason}", file=sys.stderr)
        return 2
    json.dump(out, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")
    return status


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m burkozel", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("replay", help="replay a scenario file (SCENARIOS.md) and print the results")
    p.add_argument("file")
    p.set_defaults(run=_replay)

    args = parser.parse_args(argv)
    return args.run(args)
