"""``python -m burkozel``: replay scenarios, play bot matches, run benchmarks."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence


def _replay(args: argparse.Namespace) -> int:
    from .replay import replay

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


def _play(args: argparse.Namespace) -> int:
    from .rules import TABLES, TableRules
    from .selfplay import play_match, summary

    table = TABLES[args.format]
    players = table.players
    levels = args.bots.split(",")
    if len(levels) == 1:
        levels = levels * players
    if len(levels) != players:
        print(f"--bots needs 1 or {players} levels for {args.format}", file=sys.stderr)
        return 2
    combos = tuple(c for c in args.combos.split(",") if c) if args.combos != "default" else None
    try:
        rules = TableRules(args.format, combos, args.discard, house=json.loads(args.house))
    except ValueError as e:
        print(f"burkozel play: {e}", file=sys.stderr)
        return 2
    for i in range(args.matches):
        match = play_match(rules, f"{args.seed}/{i}", levels)
        print(summary(i + 1, match), flush=True)
    return 0


def _bench(args: argparse.Namespace) -> int:
    from .rules import TableRules
    from .selfplay import random_rounds_per_second

    house = json.loads(args.house)
    combos = tuple(c for c in args.combos.split(",") if c) if args.combos != "default" else None
    for fmt in args.formats.split(","):
        try:
            rules = TableRules(fmt, combos, house=house)
        except ValueError as e:
            print(f"burkozel bench: {e}", file=sys.stderr)
            return 2
        rounds, rate = random_rounds_per_second(fmt, seconds=args.seconds, combos=combos, house=house, cpu=args.cpu)
        _, checked = random_rounds_per_second(fmt, seconds=args.seconds, combos=combos, checked=True, house=house,
                                              cpu=args.cpu)
        seats = f", {rules.players} seats" if rules.table.seat_counts else ""
        what = "the table's default combinations" if combos is None else f"combinations {','.join(combos) or 'none'}"
        switches = f", house rules {json.dumps(rules.house.changed(), ensure_ascii=False)}" if house else ""
        unit = "CPU-second" if args.cpu else "s"
        print(f"{fmt}: {rate:,.0f} random rounds/{unit} on the search path, {checked:,.0f} through push() "
              f"(one core, {what}{seats}{switches}, {rounds} rounds)", flush=True)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    from .arena import REFERENCES
    from .arena.levels import ARENA_LEVELS
    from .bots import LEVELS
    from .rules import FORMATS, TABLES

    combos_help = ("'default' (the table's), '' for none, or a list of ids: "
                   + "; ".join(f"{name}: {','.join(t.combo_ids)}" for name, t in FORMATS.items()))
    house_help = ('house rules (RULES-house.md §0) as a JSON object, e.g. \'{"match": "robber11"}\'; '
                  "the table's switches: " + "; ".join(f"{name}: {','.join(t.house_keys)}"
                                                        for name, t in TABLES.items() if t.house_keys))
    parser = argparse.ArgumentParser(prog="python -m burkozel", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("replay", help="replay a scenario file (SCENARIOS.md) and print the results")
    p.add_argument("file")
    p.set_defaults(run=_replay)

    p = sub.add_parser("play", help="play bot-only matches and print one line per match")
    p.add_argument("--format", choices=sorted(TABLES), default="pairs")
    p.add_argument("--bots", default="easy", help="one level for every seat, or one per seat: easy,medium,...")
    p.add_argument("--combos", default="default", help=combos_help)
    p.add_argument("--discard", choices=("open", "closed"), default=None, help="the discard face (the table's default)")
    p.add_argument("--house", default="{}", help=house_help)
    p.add_argument("--matches", type=int, default=3)
    p.add_argument("--seed", default="1")
    p.set_defaults(run=_play)

    p = sub.add_parser("bench", help="random-play throughput: full rounds per second per format")
    p.add_argument("--formats", default=",".join(TABLES))
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--combos", default="default", help=combos_help)
    p.add_argument("--house", default="{}", help=house_help)
    p.add_argument("--cpu", action="store_true", help="count this process's CPU time, not the wall clock")
    p.set_defaults(run=_bench)

    p = sub.add_parser("arena", help="duplicate-deal bot arena: one JSON object of win rates and timings")
    p.add_argument("--format", choices=sorted(TABLES), default="pairs")
    p.add_argument("--seats", default="hard,medium,hard,medium",
                   help=f"one level per listed seat ({', '.join(LEVELS + REFERENCES + ARENA_LEVELS)}); "
                        "pairs: 1st+3rd vs 2nd+4th; bura_pot: 2 to 6 seats")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--first", type=int, default=0, help="the first deal's number (to play a long run in parts)")
    p.add_argument("--shares", default=None,
                   help="write the first listed side's per-deal win shares (at a pot: chips) to this file")
    p.add_argument("--seed", default="1")
    p.add_argument("--combos", default="default", help=combos_help)
    p.add_argument("--discard", choices=("open", "closed"), default=None, help="the discard face (the table's default)")
    p.add_argument("--budget-ms", type=float, default=None, help="hard bot time per decision (CPython)")
    p.add_argument("--iterations", type=int, default=None,
                   help="hard bot rollout cap per decision, deterministic (no time budget)")
    p.add_argument("--dave", action="store_true", help="the switch «даве» (bura_pot)")
    p.add_argument("--house", default="{}", help=house_help)
    p.add_argument("--workers", type=int, default=1)
    p.set_defaults(run=lambda a: __import__("burkozel.arena", fromlist=["main"]).main(a))

    args = parser.parse_args(argv)
    return args.run(args)
