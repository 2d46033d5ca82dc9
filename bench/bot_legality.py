"""Every bot level through many random deals of every table, switch set and discard face.

The large-count companion of the legal-play test in ``tests/test_bots.py``.  Each run is a
duplicate-deal arena with the level under test at half the seats; every move goes through
``Round.push``, so an illegal move or any exception stops the run with its traceback and a
non-zero exit.  The cases are :func:`cases`; the hard bot plays at a small cap
(``--hard-iterations``): the same code paths as at the table's count, in minutes.

    python bench/bot_legality.py                       # every level, every table (~18 min on two cores)
    python bench/bot_legality.py --levels easy,medium --deals 200
    python bench/bot_legality.py --formats bura_pot --pot-deals 100 --hard-deals 8
    python bench/bot_legality.py --formats bura31,bura5 --house-deals 100   # and every house rule (RULES-house.md)
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from burkozel.arena import run  # noqa: E402
from burkozel.rules import one_off  # noqa: E402
from burkozel.rules import TABLES as FORMATS  # noqa: E402

BASE_CASES = 8
"""The cases of a four-card table: ``--deals`` is the count per case of this many."""


def combo_sets(fmt: str) -> list[tuple[str, ...]]:
    """The combination sets a table is run with: none, all and each alone at
    the four-card tables; every subset of the switches at the two-player ones."""
    ids = FORMATS[fmt].combo_ids
    if FORMATS[fmt].players > 2:
        return [(), ids] + [(c,) for c in ids]
    return [subset for k in range(len(ids) + 1) for subset in combinations(ids, k)]


def cases(fmt: str) -> list[tuple[tuple[str, ...], str]]:
    """Every (combination set, discard face) a table is run with."""
    return [(combos, face) for combos in combo_sets(fmt) for face in FORMATS[fmt].discard_faces]


def deals_per_case(fmt: str, deals: int) -> int:
    """``deals`` for a table of :data:`BASE_CASES` cases; the same total split
    over the cases of a table that has more (at least one each)."""
    return max(1, deals * BASE_CASES // max(BASE_CASES, len(cases(fmt))))


def lineup(fmt: str, level: str) -> tuple[str, ...]:
    """The level under test at half the seats, other levels between."""
    players = FORMATS[fmt].players
    if players == 2:
        return (level, "easy" if level == "medium" else "medium")
    if players == 3:
        return (level, "medium", "easy")
    return (level, "medium", level, "easy")


POT = "bura_pot"
POT_COMBOS = ((), ("moscow", "molodka"))


def pot_cases() -> list[tuple[int, bool, str, tuple[str, ...]]]:
    """Every (players, «даве», discard face, combinations) ``bura_pot`` is run with."""
    return [(n, dave, face, combos) for n in range(2, 7) for dave in (False, True)
            for face in ("closed", "open") for combos in POT_COMBOS]


def pot_lineup(players: int, level: str) -> list[str]:
    """The level under test at every other seat, medium or easy between."""
    other = "easy" if level == "medium" else "medium"
    return [level if s % 2 == 0 else other for s in range(players)]


def run_pot(level: str, deals: int, seed: str, iterations: int | None, workers: int) -> tuple[int, int]:
    """Every case of :func:`pot_cases`; the deals and rounds played."""
    total_deals = total_rounds = 0
    for players, dave, face, combos in pot_cases():
        t0 = time.perf_counter()
        result = run(POT, pot_lineup(players, level), deals, seed=f"{seed}/{level}/{POT}/{players}/{dave}/{face}/{combos}",
                     combos=combos, discard=face, iterations=iterations, workers=min(workers, deals), dave=dave)
        total_deals += deals
        total_rounds += result["rounds"]
        print(f"{level:6} {POT} {players} seats dave={'on ' if dave else 'off'} {','.join(combos) or 'none':15} "
              f"{face:6} {deals:5} deals {result['rounds']:6} rounds  {time.perf_counter() - t0:6.1f} s", flush=True)
    return total_deals, total_rounds


def run_house(level: str, deals: int, seed: str, iterations: int | None, workers: int,
              formats: list[str]) -> tuple[int, int]:
    """Every house switch of every table at each value off its default
    (RULES-house.md §0), the fuller combinations of Бура with them: the deals and rounds played."""
    total_deals = total_rounds = 0
    for fmt in formats:
        table = FORMATS[fmt]
        combos = (None, tuple(c for c in table.all_combo_ids if c not in ("moscow", "small_moscow_sixes")))
        for house in one_off(fmt):
            for combo_set in combos[:2 if table.house_combo_ids else 1]:
                t0 = time.perf_counter()
                levels = pot_lineup(3, level) if table.has_pot else lineup(fmt, level)
                result = run(fmt, levels, deals, seed=f"{seed}/{level}/{fmt}/{house}/{combo_set}", combos=combo_set,
                             iterations=iterations, workers=min(workers, deals), house=house)
                total_deals += deals
                total_rounds += result["rounds"]
                print(f"{level:6} {fmt:6} house {json.dumps(house):32} {','.join(combo_set or ()) or 'default':22} "
                      f"{deals:5} deals {result['rounds']:6} rounds  {time.perf_counter() - t0:6.1f} s", flush=True)
    return total_deals, total_rounds


def named(fmt: str, combos: tuple[str, ...]) -> str:
    if combos and combos == FORMATS[fmt].combo_ids:
        return "all"
    return ",".join(combos) or "none"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="easy,medium,hard")
    parser.add_argument("--formats", default=",".join(FORMATS))
    parser.add_argument("--pot-deals", type=int, default=50, help="deals per bura_pot case (easy, medium)")
    parser.add_argument("--deals", type=int, default=1000,
                        help="deals per case of an eight-case table (easy, medium)")
    parser.add_argument("--hard-deals", type=int, default=40, help="the same for hard")
    parser.add_argument("--hard-iterations", type=int, default=60)
    parser.add_argument("--house-deals", type=int, default=0,
                        help="deals per house-rule case (easy, medium; hard: a tenth; 0: none)")
    parser.add_argument("--seed", default="legal")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    total_rounds = total_deals = 0
    start = time.perf_counter()
    for level in args.levels.split(","):
        hard = level == "hard"
        for fmt in args.formats.split(","):
            if fmt == POT:
                deals = max(1, args.hard_deals * BASE_CASES // len(pot_cases())) if hard else args.pot_deals
                d, r = run_pot(level, deals, args.seed, args.hard_iterations if hard else None, args.workers)
                total_deals += d
                total_rounds += r
                continue
            deals = deals_per_case(fmt, args.hard_deals if hard else args.deals)
            t_table = time.perf_counter()
            table_rounds = 0
            many = len(cases(fmt)) > 2 * BASE_CASES
            for combos, face in cases(fmt):
                t0 = time.perf_counter()
                case = f"{named(fmt, combos)}/{face}"
                result = run(fmt, lineup(fmt, level), deals, seed=f"{args.seed}/{level}/{fmt}/{case}",
                             combos=combos, discard=face, iterations=args.hard_iterations if hard else None,
                             workers=min(args.workers, deals))
                total_rounds += result["rounds"]
                table_rounds += result["rounds"]
                total_deals += deals
                if not many:
                    print(f"{level:6} {fmt:6} {named(fmt, combos):30} {face:6} {deals:5} deals "
                          f"{result['rounds']:6} rounds  {time.perf_counter() - t0:6.1f} s", flush=True)
            if many:  # one line for the table, not one a case
                print(f"{level:6} {fmt:6} {len(cases(fmt))}-cases {'':23} {deals:5} deals a case "
                      f"{table_rounds:6} rounds  {time.perf_counter() - t_table:6.1f} s", flush=True)
        if args.house_deals:
            house_deals = max(1, args.house_deals // 10) if hard else args.house_deals
            formats = [f for f in args.formats.split(",") if FORMATS[f].house_keys]
            d, r = run_house(level, house_deals, args.seed, args.hard_iterations if hard else None, args.workers,
                             formats)
            total_deals += d
            total_rounds += r
    print(f"{total_deals} deals, {total_rounds} rounds in {time.perf_counter() - start:.0f} s: "
          f"every move legal, no exception")
    return 0


if __name__ == "__main__":
    sys.exit(main())
