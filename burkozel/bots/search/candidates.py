"""The moves a search compares: the medium bot's best few, its choice first.

A few hundred rollouts a decision cannot tell fifteen leads apart, and the
moves beyond medium's best five were never worth more.  Medium offers only
one or two discards, so when its lowest cards are all it would play, more
discards are searched; in Бура «31» with closed discards «31» is searched
too, its truth unknown; at a pot «даве» whenever it may be said, and both
answers to one.  The medium choice gets a small head start so that
noise alone does not move a search off a sound move.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from ...trick import DISCARD, Move
from ...view import SeatView
from ..medium import DISCARD_RANK, NEVER, MediumBot, prior_weights
from ..tuning import tuning_for

PRIOR_BONUS = 0.3
"""Head start of the medium bot's move, in penalty units."""
MAX_CANDIDATES = 5
"""The medium bot's best few moves are searched (fewer moves, more rollouts each)."""
EXTRA_DISCARDS = 3
"""When the medium bot's only move is a discard of its lowest cards, this many
other discards are searched too (:func:`other_discards`): which cards to give
up was the search's largest blind spot."""


def candidate_moves(view: SeatView) -> list[Move]:
    """The moves the search compares, the medium bot's choice first (ranked
    with the table's :func:`~burkozel.bots.medium.prior_weights`): its best
    few (:data:`MAX_CANDIDATES`) and, when all it sees to play is a discard of
    its lowest cards, the next :data:`EXTRA_DISCARDS` discards."""
    weights = prior_weights(view.format)
    if view.answering:
        # Accepting or folding: the medium bot's answer first, the other one searched too.
        first = MediumBot().ranked(view, weights)[0][1]
        return [first, Move.fold() if first == Move.accept() else Move.accept()]
    ranked = MediumBot().ranked(view, replace(weights, raise_at=NEVER))
    moves = [m for _, m in ranked[:MAX_CANDIDATES]]
    if view.may_raise:
        # «Даве» is searched whenever it may be said, first when the medium bot would say it.
        dave = Move.dave()
        raising = MediumBot().ranked(view, weights)[0][1] == dave
        moves = [dave] + moves if raising else moves + [dave]
    if len(moves) == 1 and moves[0].kind == DISCARD:
        moves += other_discards(view, moves)[:EXTRA_DISCARDS]
    declare = Move.declare()
    if view.may_declare and view.unseen_taken and declare not in moves and tuning_for(view.format).search_declare:
        # The points of the cards taken face down are not known: «31» may be
        # true or false, and the worlds say how likely each is.
        moves.append(declare)
    return moves


def other_discards(view: SeatView, moves: Sequence[Move]) -> list[Move]:
    """The legal discards not among ``moves``, least valuable first (by the
    rollouts' discard order): which cards to give up is searched too, not only
    the medium bot's lowest ones."""
    have = {frozenset(m.cards) for m in moves if m.kind == DISCARD}
    rank = DISCARD_RANK[view.trump]
    others = [m for m in view.legal_moves if m.kind == DISCARD and frozenset(m.cards) not in have]
    others.sort(key=lambda m: sum(rank[c] for c in m.cards))
    return others
