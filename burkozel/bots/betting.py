"""The stake at a table for a pot: when to say «даве», accept, fold or declare
on an estimate (RULES-pot.md §6.2, §8).

A hand's strength is the points a seat has taken (its estimate of the
face-down ones included) plus what its hand promises: half its points, each
trump by rank, and a bonus when бура is in reach (two trumps and a stock to
draw from).  More players in the deal make every hand weaker, so the
thresholds rise with them.  The thresholds are :class:`~.medium.Weights`
fields, set per table in :mod:`.tuning`; their defaults never raise and
always accept.  A false «31» costs the whole pot again, so a «31» on face-down
cards is said only when the chance that they make up the rest is high
(:func:`declare_chance`, exact over the cards the seat has not seen).
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from ..cards import POINTS_OF, RANK_OF, SUIT_OF
from ..kernel import ACCEPT, DAVE, FOLD, Deal

BURA_REACH = 12.0
"""Strength of two trumps in hand while there is a stock to draw a third from."""


def strength(st: Deal, seat: int, taken: float) -> float:
    """How strong ``seat``'s position is, in points: ``taken`` (its tricks'
    points, estimated where face down) and its hand."""
    trump = st.trump
    hand = st.hands[seat]
    value = taken
    trumps = 0
    for c in hand:
        value += 0.5 * POINTS_OF[c]
        if SUIT_OF[c] == trump:
            trumps += 1
            value += 4.0 + RANK_OF[c]
    if trumps >= 2 and st.stock:
        value += BURA_REACH
    return value


def bet_move(st: Deal, seat: int, weights, taken: float) -> str | None:
    """The stake's move for ``seat`` now, if any: its answer to a «даве»
    being answered, or «даве» at its regular lead; ``None`` to play on."""
    crowd = weights.bet_crowd * (len(st.seats) - 2)
    if st.answers:
        return FOLD if strength(st, seat, taken) < weights.fold_below + crowd else ACCEPT
    if st.may_raise(seat) and strength(st, seat, taken) >= weights.raise_at + crowd:
        return DAVE
    return None


@lru_cache(maxsize=4096)
def _at_least(counts: tuple[tuple[int, int], ...], k: int, need: int) -> float:
    """Chance that ``k`` cards drawn at random from a pool of ``(points,
    how many)`` classes hold ``need`` points or more."""
    if need <= 0:
        return 1.0
    total = sum(n for _, n in counts)
    if k <= 0 or k > total:
        return 0.0
    ways = [[0] * (need + 1) for _ in range(k + 1)]  # ways[j][p]: j cards, p points (capped at need)
    ways[0][0] = 1
    for pts, n in counts:
        new = [row[:] for row in ways]
        for j in range(k + 1):
            for p in range(need + 1):
                w = ways[j][p]
                if not w:
                    continue
                for take in range(1, min(n, k - j) + 1):
                    new[j + take][min(need, p + take * pts)] += w * comb(n, take)
        ways = new
    return ways[k][need] / comb(total, k)


def declare_chance(points: int, hidden: int, unseen: list[int], target: int) -> float:
    """Chance that ``points`` known plus ``hidden`` face-down cards taken,
    each any of the ``unseen`` cards alike, reach ``target``."""
    classes: dict[int, int] = {}
    for c in unseen:
        classes[POINTS_OF[c]] = classes.get(POINTS_OF[c], 0) + 1
    return _at_least(tuple(sorted(classes.items())), hidden, target - points)
