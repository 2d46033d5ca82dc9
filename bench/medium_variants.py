"""How the medium bot does with other constants, against the medium bot.

Plays duplicate deals (every deal in every seating, as the arena does) with
side 0's seats playing medium with some of ``burkozel/bots/medium.py``'s
constants changed and every other seat playing medium as it is, and prints
side 0's share of the rounds won (chance: 25% in four, 33.3% in three, 50% in
pairs) with its 95% interval over deals.  The rounds run on the hard bot's
rollout code (:func:`burkozel.bots.playout.fast_playout`, pinned move for
move against ``MediumBot``), about 0.3 ms a round, so a few thousand deals
take seconds: a quick way to ask whether a change to medium's valuation would
make it stronger before measuring anything in the arena.

    python bench/medium_variants.py --format four TRUMP_BASE=6 LOOT_EARLY=0.3
    python bench/medium_variants.py --format three --deals 4000 TRUMP_WORTH=10

With no constants given, every seat plays the same and the share is exactly
chance (a check of the duplicate seatings).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from burkozel.arena import half_width95, listed_side, seatings  # noqa: E402
from burkozel.bots import medium, playout  # noqa: E402
from burkozel.cards import DECK  # noqa: E402
from burkozel.round import Round  # noqa: E402
from burkozel.rules import COMBOS, TableRules  # noqa: E402
from burkozel.trick import BEAT, DISCARD, LEAD  # noqa: E402

CONSTANTS = ("PASS_BONUS", "ZERO_BONUS", "TRUMP_WORTH", "LOOT_EARLY", "LOOT_LATE", "MULTI_PENALTY",
             "LOAD_RISK", "TRUMP_BASE")


@contextmanager
def variant_seats(seats: set[int], changes: dict[str, float]):
    """While open, the rollout medium plays with ``changes`` for ``seats``."""
    base = {k: getattr(medium, k) for k in changes}
    base_spend = playout.SPEND
    variant_spend = playout.spend_table(changes.get("TRUMP_BASE"))
    plain = playout.medium_move

    def medium_move(st, seat):
        if seat not in seats:
            return plain(st, seat)
        for k, v in changes.items():
            setattr(medium, k, v)
        playout.SPEND = variant_spend
        try:
            return plain(st, seat)
        finally:
            for k, v in base.items():
                setattr(medium, k, v)
            playout.SPEND = base_spend

    playout.medium_move = medium_move  # fast_playout looks it up at each move
    try:
        yield medium_move
    finally:
        playout.medium_move = plain


def play_round(rnd: Round, move) -> list[int]:
    """The round's final points per side, every seat playing ``move``."""
    seen = playout.Seen.of_round(rnd)
    cards, beat = move(playout.State.of_round(rnd, seen), rnd.to_act)
    kind = LEAD if rnd.trick is None else BEAT if beat else DISCARD
    return playout.fast_playout(rnd, kind, cards, seen)


def share_of_deal(rules: TableRules, deck: list, dealer: int, changes: dict[str, float]) -> float:
    """Side 0's mean share of the rounds won over every seating of one deal."""
    fmt = rules.format
    total = 0.0
    for seating in seatings(fmt):
        seats = {p for p in range(rules.players) if listed_side(fmt, seating[p]) == 0}
        mine = rules.side_of(min(seats))
        with variant_seats(seats, changes) as move:
            points = play_round(Round(rules, dealer, deck), move)
        best = max(points)
        if points[mine] == best:
            total += 1.0 / points.count(best)
    return total / len(seatings(fmt))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--format", default="four", choices=["pairs", "four", "three"])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", default="1")
    parser.add_argument("changes", nargs="*", metavar="NAME=VALUE", help=", ".join(CONSTANTS))
    args = parser.parse_args()
    changes = {}
    for item in args.changes:
        name, _, value = item.partition("=")
        if name not in CONSTANTS:
            parser.error(f"{name}: not one of {', '.join(CONSTANTS)}")
        changes[name] = type(getattr(medium, name))(float(value))
    rules = TableRules(args.format, COMBOS)
    shares = []
    for deal in range(args.deals):
        rng = random.Random(f"medium-variants/{args.seed}/{deal}")
        deck = list(DECK)
        rng.shuffle(deck)
        shares.append(share_of_deal(rules, deck, rng.randrange(rules.players), changes))
    mean = statistics.fmean(shares)
    half = half_width95(shares)
    print(f"{args.format}, {args.deals} deals, {changes or 'medium as it is'}: "
          f"side 0 wins {100 * mean:.2f}% ± {100 * half:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
