"""Helpers of the RULES-house.md tests: §11's policies and the house scenarios."""

from __future__ import annotations

import json
from pathlib import Path

from burkozel import Match, Move, Round

HOUSE = Path(__file__).parent / "scenarios" / "house"


def house_scenario(name: str) -> dict:
    return json.loads((HOUSE / f"{name}.json").read_text())


def house_policy(rnd: Round) -> Move:
    """RULES-house.md §11's B5 policy: the leader leads its lowest card by (is
    trump, rank, suit); each answerer beats the current winning card with its
    lowest card that legally can (the spade rule included), else ``discard: []``."""
    trump = rnd.trump

    def key(c):
        return (c.suit == trump, c.rank, c.suit)

    if rnd.trick is None:
        return Move.lead(min(rnd.hands[rnd.to_act], key=key))
    if rnd.trick.size == 1:
        beats = [m for m in rnd.legal_moves if m.kind == "beat"]
        if beats:
            return min(beats, key=lambda m: key(m.cards[0]))
    return Move.discard()


def play_deal(rnd) -> None:
    """Play the current deal of a :class:`Round` or a :class:`Match` to its end
    with :func:`house_policy` (a match records the moves)."""
    deal = rnd.round if isinstance(rnd, Match) else rnd
    while not deal.is_over:
        rnd.push(house_policy(deal))
