"""The easy bot (лёгкая): simple moves that keep trumps (the rule card).

It leads its cheapest plain card, beats in suit when it can do so cheaply,
spends a trump only on a trick worth ten points or more, and otherwise
discards its least valuable cards; in Бура «31» it declares once its own
tricks plainly hold 31 (face-up points alone).  At a pot it never says
«даве» and accepts every one.  A little noise keeps it from being entirely
predictable.
"""

from __future__ import annotations

from ..cards import POINTS_OF, RANK_OF, SUIT_OF
from ..rules import discard_key
from ..trick import BEAT, DISCARD, Move
from ..view import SeatView
from .registry import decision_rng, register


def _value(move: Move, trump: int) -> tuple:
    """What a set of cards costs to give away: trumps most, then points, then rank."""
    return (sum(SUIT_OF[c] == trump for c in move.cards), sum(POINTS_OF[c] for c in move.cards),
            sum(RANK_OF[c] for c in move.cards))


@register("easy")
class EasyBot:
    name = "easy"

    def __init__(self, seed: int | str = 0, noise: float = 0.1) -> None:
        self.seed = seed
        self.noise = noise

    def get_move(self, view: SeatView) -> Move:
        moves = view.legal_moves
        if view.answering:
            return Move.accept()  # it never folds, and never raises
        rng = decision_rng(self.seed, view)
        if rng.random() < self.noise:
            return rng.choice([m for m in moves if m.cards] or moves)
        trump = view.trump
        if view.trick is None:
            if view.may_declare and view.points >= view.table.declaration:
                return Move.declare()
            singles = [m for m in moves if len(m.cards) == 1]
            return min(singles, key=lambda m: discard_key(m.cards[0], trump))
        trick = view.trick
        at_stake = sum(POINTS_OF[c] for p in trick.plays for c in p.cards)
        beats = [m for m in moves if m.kind == BEAT]
        plain = [m for m in beats if not any(SUIT_OF[c] == trump for c in m.cards)]
        if plain:
            return min(plain, key=lambda m: _value(m, trump))
        if beats and at_stake >= 10:
            return min(beats, key=lambda m: _value(m, trump))
        # The least valuable cards, trumps kept last: the same choice as auto-discard.
        return Move(DISCARD, view.check(Move(DISCARD, ())))
