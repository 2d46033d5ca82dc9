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
from itertools import product
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


HIGH = 10
"""Cards worth this much or more (tens and aces) are drawn by enumeration:
they are few, and so are their sums."""


@lru_cache(maxsize=None)  # at most 5^3 pools: four cards of each rank from jack to king
def _low_tails(low: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
    """For a pool of cards that score under :data:`HIGH`, ``(points, how
    many)``: per number ``j`` of them drawn, the ways to draw ``j`` worth
    ``p`` points or more, for every ``p`` from 0 to all of them and one past."""
    ways = {(0, 0): 1}  # (cards, points) -> ways
    for pts, n in low:
        new = dict(ways)
        for (j, p), w in ways.items():
            for take in range(1, n + 1):
                key = (j + take, p + take * pts)
                new[key] = new.get(key, 0) + w * comb(n, take)
        ways = new
    top = sum(p * n for p, n in low)
    rows = [[0] * (top + 2) for _ in range(sum(n for _, n in low) + 1)]
    for (j, p), w in ways.items():
        rows[j][p] += w
    for row in rows:
        for p in range(top, -1, -1):
            row[p] += row[p + 1]
    return tuple(tuple(row) for row in rows)


@lru_cache(maxsize=1 << 16)
def at_least(counts: tuple[tuple[int, int], ...], k: int, need: int) -> float:
    """Chance that ``k`` cards drawn at random from a pool of ``(points,
    how many)`` classes hold ``need`` points or more: every draw of the
    high cards, completed by the ways to draw low ones that make up the
    rest (:func:`_low_tails`) and cards worth nothing."""
    if need <= 0:
        return 1.0
    total = sum(n for _, n in counts)
    if k <= 0 or k > total:
        return 0.0
    blank = sum(n for p, n in counts if p == 0)
    tails = _low_tails(tuple(c for c in counts if 0 < c[0] < HIGH))
    top = len(tails[0]) - 1
    high = [(p, n) for p, n in counts if p >= HIGH]
    hits = 0
    for takes in product(*(range(min(n, k) + 1) for _, n in high)):
        used = sum(takes)
        if used > k:
            continue
        ways = 1
        rest = need
        for (p, n), t in zip(high, takes):
            ways *= comb(n, t)
            rest -= p * t
        rest = min(max(0, rest), top)
        for j in range(max(0, k - used - blank), min(k - used, len(tails) - 1) + 1):
            hits += ways * tails[j][rest] * comb(blank, k - used - j)
    return hits / comb(total, k)


POINT_CLASSES = tuple(sorted(set(POINTS_OF)))
CLASS_MASKS = tuple(sum(1 << c for c in range(36) if POINTS_OF[c] == p) for p in POINT_CLASSES)
"""The cards' point values, and per value the cards worth it (a bitmask)."""


def point_classes(unseen: int) -> tuple[tuple[int, int], ...]:
    """The cards of the bitmask ``unseen`` as ``(points, how many)``, by points."""
    classes = []
    for p, m in zip(POINT_CLASSES, CLASS_MASKS):
        n = (unseen & m).bit_count()
        if n:
            classes.append((p, n))
    return tuple(classes)


def declare_chance(points: int, hidden: int, unseen: int, target: int) -> float:
    """Chance that ``points`` known plus ``hidden`` face-down cards taken,
    each any of the ``unseen`` cards (a bitmask) alike, reach ``target``."""
    return at_least(point_classes(unseen), hidden, target - points)
