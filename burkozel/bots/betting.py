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
(:func:`declare_chance`, exact over the cards the seat has not seen; the
rollouts ask it at every lead, so it is counted by point class and cached).
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


@lru_cache(maxsize=None)  # at most 5^5 pools a target: four cards of each rank that scores
def _scoring_tails(scoring: tuple[tuple[int, int], ...], cap: int) -> tuple[tuple[int, ...], ...]:
    """For a pool of cards that score, ``(points, how many)``: per number
    ``j`` of them drawn, the ways to draw ``j`` worth ``p`` points or more,
    for every ``p`` from 0 to ``cap``."""
    ways = {(0, 0): 1}  # (cards, points capped at cap) -> ways
    for pts, n in scoring:
        new = dict(ways)
        for (j, p), w in ways.items():
            for take in range(1, n + 1):
                key = (j + take, min(cap, p + take * pts))
                new[key] = new.get(key, 0) + w * comb(n, take)
        ways = new
    rows = [[0] * (cap + 2) for _ in range(sum(n for _, n in scoring) + 1)]
    for (j, p), w in ways.items():
        rows[j][p] += w
    for row in rows:
        for p in range(cap, -1, -1):
            row[p] += row[p + 1]
    return tuple(tuple(row) for row in rows)


@lru_cache(maxsize=4096)
def _at_least(counts: tuple[tuple[int, int], ...], k: int, need: int, cap: int) -> float:
    """Chance that ``k`` cards drawn at random from a pool of ``(points,
    how many)`` classes hold ``need`` points or more (``need`` ≤ ``cap``):
    the ways to draw some of the cards that score (:func:`_scoring_tails`),
    each completed by cards worth nothing."""
    if need <= 0:
        return 1.0
    total = sum(n for _, n in counts)
    if k <= 0 or k > total:
        return 0.0
    blank = sum(n for p, n in counts if p == 0)
    tails = _scoring_tails(tuple(c for c in counts if c[0]), cap)
    hits = sum(tails[j][need] * comb(blank, k - j) for j in range(max(0, k - blank), min(k, len(tails) - 1) + 1))
    return hits / comb(total, k)


POINT_CLASSES = tuple(sorted(set(POINTS_OF)))
CLASS_MASKS = tuple(sum(1 << c for c in range(36) if POINTS_OF[c] == p) for p in POINT_CLASSES)
"""The cards' point values, and per value the cards worth it (a bitmask)."""


def point_classes(unseen: int) -> tuple[tuple[int, int], ...]:
    """The cards of the bitmask ``unseen`` as ``(points, how many)``, by points."""
    return tuple((p, (unseen & m).bit_count()) for p, m in zip(POINT_CLASSES, CLASS_MASKS) if unseen & m)


def declare_chance(points: int, hidden: int, unseen: int, target: int) -> float:
    """Chance that ``points`` known plus ``hidden`` face-down cards taken,
    each any of the ``unseen`` cards (a bitmask) alike, reach ``target``."""
    return _at_least(point_classes(unseen), hidden, target - points, target)
