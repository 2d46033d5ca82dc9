"""Rollouts: a world finished with every seat playing the medium bot's move.

The searches finish each world this way, so their rollouts predict the other
players, and the bot's own later play, as the medium rule card describes them.
A rollout is the engine's own :class:`~burkozel.kernel.Deal` stepped with
:func:`~burkozel.bots.medium.medium_move` (no seat views, no move checks: the
policy only plays legal moves), every seat starting from what the deciding
seat has seen go (:class:`~burkozel.kernel.Seen`).  ``tests/test_bots.py``
pins that it ends a round where medium bots at every seat do through the engine.
"""

from __future__ import annotations

from typing import Sequence

from ...kernel import Deal, Seen
from ..medium import Weights, medium_move, weights_for


def fast_playout(world: Deal, kind: str, cards: tuple, seen: Seen,
                 weights: Sequence[Weights] | None = None) -> Deal:
    """Play ``kind``/``cards`` for the seat to act in ``world``, finish the
    deal with every seat playing :func:`medium_move` (with ``weights[seat]``,
    the medium bot's own for the table if not given), and return the finished
    deal.  ``world`` is left unchanged; ``seen`` is what the players knew of
    the cards gone before (the deciding seat's ``view.seen``)."""
    deal = world.copy()
    seen.apply(deal)
    policy = weights or (weights_for(deal.rules.format),) * deal.players
    step = deal.step
    step(kind, cards)
    while (seat := deal.to_act) is not None:
        step(*medium_move(deal, seat, policy[seat]))
    return deal
