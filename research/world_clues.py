"""Measure what each kind of play says about the hand its player kept.

For every clue of :func:`burkozel.bots.search.worlds.play_clues` in every finished trick of medium-bot
rounds, compares how many of the clue's cards the player really held right after that play
with how many a hand of that size would hold by chance (of the cards nobody had seen).  The
ratio is what the world sampler multiplies those cards' weights by (a table's ``clues`` in
``burkozel/bots/tuning.py``); the script prints every clue's ratio, then the table to paste
there (``pairs`` keeps its hand-set table).  A ratio near 0 is a near-certain lack; above 1,
cards kept more often than chance.

    python research/world_clues.py                 # 3,000 rounds a format, ~1 min
    python research/world_clues.py --rounds 500 --formats duel,bura31
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from burkozel import Match, TableRules  # noqa: E402
from burkozel.bots import make_bot  # noqa: E402
from burkozel.trick import DISCARD  # noqa: E402
from burkozel.bots.search.worlds import play_clues  # noqa: E402

MIN_SEEN = 150
"""Clues seen fewer times than this are left out of the table."""
MAX_RATIO = 0.7
"""Only clues that make their cards this much rarer or more go into the table
(see ``CLUE_RATIOS``: with the ones that make cards likelier too, the hard
bot did worse in play)."""


def measure(fmt: str, rounds: int, seed: str = "clues") -> dict[str, tuple[int, float]]:
    """Per clue: how often it was seen, and the ratio of cards held to cards
    expected by chance."""
    rules = TableRules(fmt)
    held: dict[str, float] = defaultdict(float)
    chance: dict[str, float] = defaultdict(float)
    seen: dict[str, int] = defaultdict(int)
    for g in range(rounds):
        rnd = Match(rules, seed=f"{seed}/{fmt}/{g}").round
        bots = [make_bot("medium", seed=f"{seed}/{g}/{s}") for s in range(rnd.players)]
        face_up: set[int] = set()
        after: dict[int, tuple[set[int], set[int]]] = {}  # play index -> (hand kept, cards unseen)
        finished = 0
        while not rnd.is_over:
            seat = rnd.to_act
            move = bots[seat].get_move(rnd.view(seat))
            index = 0 if rnd.trick is None else len(rnd.trick.plays)
            if move.kind != DISCARD or rules.open_discards:
                face_up.update(move.cards)
            kept = set(rnd.hands[seat]) - set(move.cards)
            unseen = set(range(36)) - face_up - ({rnd.trump_card} if rnd.stock_size else set())
            after[index] = (kept, unseen)
            rnd.push(move, seat)
            if len(rnd.tricks) > finished:
                finished = len(rnd.tricks)
                view = rnd.view(0)
                for i, clue, cards in play_clues(view.history[-1], view.trump, rules.side_of):
                    hand, pool = after[i]
                    relevant = [c for c in cards if c in pool]
                    if relevant and hand:
                        seen[clue] += 1
                        held[clue] += sum(1 for c in relevant if c in hand)
                        chance[clue] += len(relevant) * len(hand) / len(pool)
                after = {}
    return {clue: (seen[clue], held[clue] / chance[clue]) for clue in seen}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3000, help="medium-bot rounds per format")
    parser.add_argument("--formats", default="pairs,four,three")
    args = parser.parse_args()
    formats = tuple(args.formats.split(","))
    measured = {fmt: measure(fmt, args.rounds) for fmt in formats}
    clues = sorted(set().union(*measured.values()))
    print(f"{'clue':<36}" + "".join(f"{fmt:>18}" for fmt in formats))
    for clue in clues:
        cells = [measured[fmt].get(clue, (0, float("nan"))) for fmt in formats]
        print(f"{clue:<36}" + "".join(f"{r:>8.2f} (n={n:>5})" for n, r in cells))
    print("\nCLUE_RATIOS = {")
    for fmt in formats:
        kept = {c: r for c, (n, r) in sorted(measured[fmt].items()) if n >= MIN_SEEN and round(r, 2) <= MAX_RATIO}
        print(f'    "{fmt}": {{')
        for clue, r in kept.items():
            print(f'        "{clue}": {r:.2f},')
        print("    },")
    print("}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
