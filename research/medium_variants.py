"""How the medium bot does with other constants, against the medium bot.

A quick way to ask whether a change to medium's valuation would make it stronger before
measuring anything in the arena.  Duplicate deals (every deal in every seating) with side
0's seats playing medium with some of ``burkozel/bots/medium.py``'s constants changed and
every other seat medium as it is; it prints side 0's share of the rounds won (chance: 25%
in four, 33.3% in three, 50% in pairs) with its 95% interval.  The rounds run on the hard
bot's rollout code (``bots.search.playout.fast_playout``), about 0.3 ms a round, so a few thousand
deals take seconds.  With no constants given the share is exactly chance: a check of the
duplicate seatings.

    python research/medium_variants.py --format four TRUMP_BASE=6 LOOT_EARLY=0.3
    python research/medium_variants.py --format three --deals 4000 TRUMP_WORTH=10
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from dataclasses import fields, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from burkozel.arena import half_width95, listed_side, seatings  # noqa: E402
from burkozel.bots.medium import Weights, medium_move, weights_for  # noqa: E402
from burkozel.bots.search.playout import fast_playout  # noqa: E402

from burkozel.cards import DECK  # noqa: E402
from burkozel.round import Round  # noqa: E402
from burkozel.rules import FORMATS, TableRules  # noqa: E402

CONSTANTS = {f.name.upper(): f.name for f in fields(Weights)}
"""The constants one can change, by their names in ``burkozel/bots/medium.py``."""


def play_round(rnd: Round, policy: tuple[Weights, ...]) -> list[int]:
    """The round's penalties per side, every seat playing medium with its
    ``policy`` weights."""
    seat = rnd.to_act
    if seat is None:  # over at the deal (Бура «31»: a бура or Москва dealt)
        return rnd.penalties
    kind, cards = medium_move(rnd.deal, seat, policy[seat])
    return fast_playout(rnd.deal, kind, cards, rnd.deal.record(), policy).result[1]


def share_of_deal(rules: TableRules, deck: list, dealer: int, weights: Weights) -> float:
    """Side 0's mean share of the rounds won over every seating of one deal,
    side 0 playing with ``weights`` and everyone else as medium."""
    fmt = rules.format
    medium = weights_for(fmt)
    total = 0.0
    for seating in seatings(fmt):
        seats = {p for p in range(rules.players) if listed_side(fmt, seating[p]) == 0}
        mine = rules.side_of(min(seats))
        policy = tuple(weights if p in seats else medium for p in range(rules.players))
        pens = play_round(Round(rules, dealer, deck), policy)
        if pens[mine] == 0:  # the round is won by the sides without a penalty
            total += 1.0 / pens.count(0)
    return total / len(seatings(fmt))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--format", default="four", choices=list(FORMATS))
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", default="1")
    parser.add_argument("changes", nargs="*", metavar="NAME=VALUE", help=", ".join(CONSTANTS))
    args = parser.parse_args()
    changes, given = {}, {}
    for item in args.changes:
        name, _, value = item.partition("=")
        if name not in CONSTANTS:
            parser.error(f"{name}: not one of {', '.join(CONSTANTS)}")
        changes[CONSTANTS[name]] = given[name] = type(getattr(Weights(), CONSTANTS[name]))(float(value))
    weights = replace(weights_for(args.format), **changes)
    rules = TableRules(args.format)
    shares = []
    for deal in range(args.deals):
        rng = random.Random(f"medium-variants/{args.seed}/{deal}")
        deck = list(DECK)
        rng.shuffle(deck)
        shares.append(share_of_deal(rules, deck, rng.randrange(rules.players), weights))
    mean = statistics.fmean(shares)
    half = half_width95(shares)
    print(f"{args.format}, {args.deals} deals, {given or 'medium as it is'}: "
          f"side 0 wins {100 * mean:.2f}% ± {100 * half:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
