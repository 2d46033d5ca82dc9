"""What a finished deal is worth to the searching side.

Both searches maximize the same number over their worlds: minus the side's
penalty, a bonus for winning the deal (a win is worth more than its band
says) and a small term for the point margin that breaks ties within a band.
At a table for a pot it is chips instead (:func:`chip_utility`): there no
deal has a penalty, and the margin alone would value a false «31», a fold or
a pot won by another seat like any deal that ends with the same points.
"""

from __future__ import annotations

from ...kernel import Deal
from ...view import SeatView

MARGIN_WEIGHT = 0.02
"""Penalty units per point of margin: breaks ties between rollouts of one band."""
WIN_WEIGHT = 5.0
"""Penalty units for winning the deal (no penalty; sides that tie share it),
on top of the penalty itself: a win is worth more than its band says."""


def utility(deal: Deal, side: int) -> float:
    """How good a finished deal is for ``side``: minus its penalty, a bonus
    for winning it (:data:`WIN_WEIGHT`, shared by every side without a
    penalty) and a small term for its margin over the best other side; at a
    pot, :func:`chip_utility` (each seat is its own side there)."""
    if deal.chips is not None:
        return chip_utility(deal, side)
    system = deal.table.system
    if system is not None and not system.keeps_penalties:
        return robber_utility(deal, side)
    pens = deal.result[1]
    points = deal.points
    mine = points[side]
    best_other = max(p for s, p in enumerate(points) if s != side)
    u = -pens[side] + MARGIN_WEIGHT * (mine - best_other)
    if WIN_WEIGHT and not pens[side]:
        u += WIN_WEIGHT / pens.count(0)
    return u


def robber_utility(deal: Deal, side: int) -> float:
    """In a robber (RULES-house.md §8.2) no penalty is kept: the won deals the
    deal gives ``side`` less the other's, each worth :data:`WIN_WEIGHT` (a
    false «31» two), and the margin's small term; a band below the winner's
    is worth nothing more."""
    won = deal.table.system.won(deal.end, deal.result[0], len(deal.points))
    points = deal.points
    best_other = max(p for s, p in enumerate(points) if s != side)
    lead = won[side] - max(w for s, w in enumerate(won) if s != side)
    return WIN_WEIGHT * lead + MARGIN_WEIGHT * (points[side] - best_other)


def chip_utility(deal: Deal, seat: int) -> float:
    """At a pot: the seat's stack after the deal, in antes, with an equal
    share of a pot that is played for again (a false «31», a void deal).
    Every rollout starts from the same stacks, so this ranks moves as the
    deal's chip change does."""
    return stake(deal, seat) / deal.ante


def stake(deal: Deal | SeatView, seat: int) -> float:
    """At a pot: the seat's stack with an equal share of the pot, in chips
    (what :func:`chip_utility` counts; the hint says its change from the
    position, which a seat's view holds as well)."""
    return deal.chips[seat] + deal.pot / deal.players
