"""What one seat knows of a position, on the engine's plain lists.

A bot decides from its :class:`~burkozel.view.SeatView` alone, but the medium
valuation and the searches run on :class:`~burkozel.kernel.Deal`, the engine's
plain lists and bitmasks.  :func:`view_deal` is the position as the seat knows
it (the hidden cards as :data:`UNSEEN`); :class:`Seen` is what it has seen go,
which a search sets in every world it plays so that each seat of a rollout
counts cards from the deciding seat's knowledge, whatever world it is in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import POINTS_OF
from ..kernel import Deal
from ..trick import DISCARD, Trick

if TYPE_CHECKING:
    from ..view import SeatView

UNSEEN = -1
"""A card in another seat's hand or in the stock, as a seat's view holds it."""


def card_mask(cards) -> tuple[int, int]:
    """The cards as a bitmask by card number, and their points."""
    mask = points = 0
    for c in cards:
        mask |= 1 << int(c)
        points += POINTS_OF[c]
    return mask, points


@dataclass(frozen=True)
class Seen:
    """What one seat has seen go before a position: the face-up cards gone,
    its own face-down discards and the face-up points of the current trick;
    and what everyone sees of each side's tricks, their face-up points and
    how many face-down cards they hold (the current trick's too).  A rollout
    starts every seat from the deciding seat's knowledge (:meth:`apply`),
    whatever world it plays in."""

    gone: int
    gone_points: int
    own: tuple[int, ...]
    own_points: tuple[int, ...]
    trick_points: int
    seen_points: tuple[int, ...] = ()
    unseen_taken: tuple[int, ...] = ()
    trick_unseen: int = 0

    @classmethod
    def of_view(cls, view: "SeatView") -> "Seen":
        gone = gone_points = 0
        own, own_points = [0] * view.players, [0] * view.players
        seen_points, unseen_taken = [0] * view.side_count, [0] * view.side_count
        shown = unseen = 0
        tricks = list(view.history) + ([view.trick] if view.trick is not None else [])
        for tv in tricks:
            shown = unseen = 0
            for p in tv.plays:
                m, pts = card_mask(p.cards)
                gone |= m
                gone_points += pts
                shown += pts
                if p.kind == DISCARD and not p.cards:
                    unseen += p.count
                m, pts = card_mask(p.own)
                own[p.seat] |= m
                own_points[p.seat] += pts
            if tv is not view.trick and tv.winner not in view.folded:
                seen_points[view.side_of(tv.winner)] += shown
                unseen_taken[view.side_of(tv.winner)] += unseen
        if view.trick is None:
            shown = unseen = 0
        return cls(gone, gone_points, tuple(own), tuple(own_points), shown,
                   tuple(seen_points), tuple(unseen_taken), unseen)

    @classmethod
    def of_deal(cls, deal: Deal) -> "Seen":
        """What the players of ``deal`` have seen (each its own discards)."""
        return cls(deal.gone, deal.gone_points, tuple(deal.own), tuple(deal.own_points), deal.trick_points,
                   tuple(deal.seen_points), tuple(deal.unseen_taken), deal.trick_unseen)

    def apply(self, deal: Deal) -> None:
        """Make this what the players of ``deal`` have seen."""
        deal.gone, deal.gone_points, deal.trick_points = self.gone, self.gone_points, self.trick_points
        deal.own, deal.own_points = list(self.own), list(self.own_points)
        if deal.faces_hidden:
            deal.seen_points, deal.unseen_taken = list(self.seen_points), list(self.unseen_taken)
        deal.trick_unseen = self.trick_unseen


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
    Seen.of_view(view).apply(deal)
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


def unseen_mask(deal: Deal, seat: int) -> int:
    """The cards ``seat`` has never seen in ``deal``, as a bitmask: in other
    hands, the stock (the face-up trump card under it excluded) or face-down piles."""
    known = deal.gone | deal.own[seat] | card_mask(deal.hands[seat])[0]
    if deal.stock:
        known |= 1 << int(deal.trump_card) if deal.trump_card is not None else 0
    return ((1 << 36) - 1) & ~known
