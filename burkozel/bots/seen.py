"""What one seat knows of a position, on the engine's plain lists.

A bot decides from its :class:`~burkozel.view.SeatView` alone, but the medium
valuation and the searches run on :class:`~burkozel.kernel.Deal`, the engine's
plain lists and bitmasks.  :func:`view_deal` is the position as the seat knows
it (the hidden cards as :data:`UNSEEN`), with what it has seen go: the
engine's record (``view.seen``, :class:`~burkozel.kernel.Seen`), which a
search also sets in every world it plays so that each seat of a rollout
counts cards from the deciding seat's knowledge, whatever world it is in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..kernel import Deal
from ..trick import Trick

if TYPE_CHECKING:
    from ..view import SeatView

UNSEEN = -1
"""A card in another seat's hand or in the stock, as a seat's view holds it."""


def view_deal(view: "SeatView") -> Deal:
    """The position as ``view``'s seat knows it: the other hands and the
    stock as so many :data:`UNSEEN` cards, the other sides' points as 0
    (the medium valuation reads only their sizes and its own points)."""
    n = view.players
    hands = [sorted(view.hand) if s == view.seat else sorted(view.open_hands[s]) if view.open_hands
             and view.open_hands[s] else [UNSEEN] * view.hand_sizes[s] for s in range(n)]
    points = [0] * view.side_count
    points[view.side] = view.points
    trick = None
    if view.trick is not None:
        tv = view.trick
        trick = Trick(tv.leader, tv.size, tv.combo, [(p.seat, p.kind, p.cards) for p in tv.plays],
                      tv.winner, tv.winning)
    deal = Deal.at(view.rules, hands=hands, stock=[UNSEEN] * view.stock, trump_card=view.trump_card,
                   trump_drawn_by=view.trump_drawn_by, points=points, to_act=view.to_act,
                   tricks_done=len(view.history), trick=trick, took=view.tricks_taken, **pot_state(view))
    view.seen.apply(deal)
    return deal


def pot_state(view: "SeatView") -> dict:
    """The chips of ``view`` as :meth:`Deal.at` takes them (nothing at a
    table without a pot): a position built from the view answers a «даве»
    being answered, as the real deal does.  Where seats are out of the match
    (RULES-house.md §1, never at a pot), the seats in the deal instead."""
    if view.in_play:
        return {"seats": view.in_play}
    if not view.chips:
        return {}
    return {"chips": view.chips, "pot": view.pot, "stake": view.stake, "folded": view.folded,
            "raised": view.raised, "raiser": view.raiser}
