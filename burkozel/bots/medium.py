"""The medium bot (средняя): heuristics with card counting (the rule card).

It remembers every face-up card that has gone (aces, tens and trumps above
all) from ``view.history``, so it knows which of its cards are masters of
their suit and how many trumps are still out against it.  Every candidate move
gets a rough value in points, from that count:

- a lead is worth its points plus the cards the others must throw on it when
  nobody can beat it, minus what the others gain when someone does (the
  chance estimated from the unseen cards that beat it).  Leading two or three
  strong cards of a suit at once is often safe: the others must beat every one;
- a beat is worth the trick, unless a later player may beat it again; trumps
  cost something to spend, less as the round runs out, so they are kept for
  tricks worth the spending;
- the pass mark (31 in pairs, 21 alone) and the penalty bands (0 points → 6,
  below the mark → 4, at or above → 2, most points → 0) add a bonus to the
  trick that lifts the side over a band edge;
- in ``pairs`` it does not beat a partner who is winning, and it loads point
  cards onto a partner's trick the opponents are unlikely to take; in the
  single formats it never gives points away.

A decision takes well under 5 ms on CPython: a few dozen candidates, each
valued with plain arithmetic.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Iterable, Sequence

from ..cards import POINTS_OF, RANK_OF, SUIT_OF
from ..rules import beats_all, discard_key
from ..trick import BEAT, DISCARD, LEAD, Move
from ..view import SeatView
from . import register

PASS_BONUS = 7.0
"""Value of lifting the side to the pass mark (penalty 4 → 2)."""
ZERO_BONUS = 9.0
"""Value of the side's first points (penalty 6 → 4)."""
TRUMP_WORTH = 20
"""A lead worth less than this is not expected to be trumped while the stock lasts."""
LATE_TRUMPS = True
"""Once the stock is empty, every lead may be trumped."""
LOOT_EARLY, LOOT_LATE = 0.12, 0.6
"""Share of the unknown cards' average points the others throw on an unbeaten lead."""
MULTI_PENALTY = 1.0
"""Per card, against leading several cards that are likely to be beaten."""
TRUMP_BASE = 2.0
"""What spending a trump costs, on top of its rank (tuned against the easy bot)."""
LOAD_RISK = 0.5
"""Load a partner's trick when the later opponents beat it less often than this."""


@dataclass(frozen=True)
class Weights:
    """The constants a lead's and a beat's value hang on that another player
    of the same style might set differently (the hard bot ranks its
    candidates with its own, :data:`burkozel.bots.hard.PRIOR_WEIGHTS`).  The
    defaults are the medium bot's, and the rollouts' copy of it
    (:mod:`burkozel.bots.playout`) plays those alone."""

    trump_worth: int = TRUMP_WORTH
    loot_early: float = LOOT_EARLY
    trump_base: float = TRUMP_BASE


MEDIUM = Weights()


@lru_cache(maxsize=None)  # pure, and the rollouts ask the same few thousand
def hold_at_least(k: int, threats: int, unknown: int, hand: int) -> float:
    """Chance that a hand of ``hand`` cards drawn from ``unknown`` cards holds at
    least ``k`` of ``threats`` given ones (a hypergeometric tail)."""
    if k <= 0:
        return 1.0
    if threats < k or hand < k or unknown <= 0:
        return 0.0
    hand = min(hand, unknown)
    total = comb(unknown, hand)
    miss = 0
    for j in range(k):
        if j <= hand and hand - j <= unknown - threats:
            miss += comb(threats, j) * comb(unknown - threats, hand - j)
    return max(0.0, 1.0 - miss / total)


class Counting:
    """What the seat can count from its view: the cards gone, the unknown ones
    and who may still hold them."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.trump = trump = view.trump
        self.hand = list(view.hand)
        gone: set[int] = set()
        hidden_discards = 0
        tricks = list(view.history) + ([view.trick] if view.trick is not None else [])
        for t in tricks:
            for p in t.plays:
                gone.update(p.cards)
                gone.update(p.own)
                if p.kind == DISCARD and not p.own:
                    hidden_discards += p.count
        self.gone = gone
        mine = set(self.hand)
        # The trump card lying under the stock is known to be there, not in a hand.
        in_stock = {int(view.trump_card)} if view.stock else set()
        self.unknown = [c for c in range(36) if c not in gone and c not in mine and c not in in_stock]
        self.unknown_set = set(self.unknown)
        self.pool = len(self.unknown)  # cards in other hands, the stock and hidden discards
        self.trumps_out = sum(1 for c in self.unknown if SUIT_OF[c] == trump)
        self.stock = view.stock
        self.late = view.stock == 0
        self.avg_points = (sum(POINTS_OF[c] for c in self.unknown) / self.pool) if self.pool else 0.0

    def threats(self, cards: Iterable[int], trumps: bool = True) -> int:
        """How many unknown cards beat at least one of ``cards`` (without
        ``trumps``, only higher cards of the same suit count)."""
        trump = self.trump if trumps else -1
        n = 0
        for u in self.unknown:
            su, ru = SUIT_OF[u], RANK_OF[u]
            for c in cards:
                if (ru > RANK_OF[c] if su == SUIT_OF[c] else su == trump):
                    n += 1
                    break
        return n

    def beat_chance(self, cards: Sequence[int], seats: Iterable[int], trumps: bool = True) -> float:
        """Chance that one of ``seats`` can beat ``cards`` (each needs as many
        beating cards as there are cards; pairing ignored)."""
        k = len(cards)
        t = self.threats(cards, trumps)
        if not t:
            return 0.0
        sizes = self.view.hand_sizes
        safe = 1.0
        for s in seats:
            safe *= 1.0 - hold_at_least(k, t, self.pool, sizes[s])
        return 1.0 - safe

    def is_master(self, card: int) -> bool:
        """No unknown card of its suit is higher (trumps aside)."""
        s, r = SUIT_OF[card], RANK_OF[card]
        return not any(SUIT_OF[u] == s and RANK_OF[u] > r for u in self.unknown)


def trump_cost(cards: Iterable[int], counting: Counting, base: float | None = None) -> float:
    """What spending these cards costs in future tricks (:func:`spend_cost`)."""
    return spend_cost(cards, counting.trump, counting.late, base)


def spend_cost(cards: Iterable[int], trump: int, late: bool, base: float | None = None) -> float:
    """What spending these cards costs in future tricks: trumps most (high
    ones more, from ``base``, :data:`TRUMP_BASE` if not given), less when few
    cards are left to play (``late``)."""
    if base is None:
        base = TRUMP_BASE
    scale = 0.5 if late else 1.0
    cost = 0.0
    for c in cards:
        if SUIT_OF[c] == trump:
            cost += (base + RANK_OF[c]) * scale
        else:
            cost += 0.3 * RANK_OF[c] * scale
    return cost


def band_bonus(before: int, gain: int, pass_mark: int) -> float:
    """The penalty-band edges a gain of ``gain`` points crosses."""
    bonus = 0.0
    if before == 0 and gain > 0:
        bonus += ZERO_BONUS
    if before < pass_mark <= before + gain:
        bonus += PASS_BONUS
    return bonus


@register("medium")
class MediumBot:
    name = "medium"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed

    def get_move(self, view: SeatView) -> Move:
        return self.ranked(view)[0][1]

    def ranked(self, view: SeatView, weights: Weights = MEDIUM) -> list[tuple[float, Move]]:
        """The moves it considers with their values, best first (the hard bot
        searches the first few, ranked with its own ``weights``).  Answers
        list one or two discards only."""
        counting = Counting(view)
        if view.trick is None:
            scored = self._lead(view, counting, weights)
        else:
            scored = self._answer(view, counting, weights)
        scored.sort(key=lambda x: x[0], reverse=True)  # stable: earlier moves win ties
        return [(key[0] if isinstance(key, tuple) else key, move) for key, move in scored]

    # --- leading ---------------------------------------------------------------

    def _lead(self, view: SeatView, counting: Counting, weights: Weights) -> list:
        n = view.players
        me = view.seat
        others = [(me + k) % n for k in range(1, n)]
        opponents = [s for s in others if view.side_of(s) != view.side]
        partner = [s for s in others if view.side_of(s) == view.side]
        trump = counting.trump
        scored = []
        for move in view.legal_moves:
            cards = move.cards
            k = len(cards)
            mine = sum(POINTS_OF[c] for c in cards)
            # Nobody spends a trump on a trick worth little.
            p = counting.beat_chance(cards, opponents,
                                     trumps=mine >= weights.trump_worth or (LATE_TRUMPS and counting.late))
            # What the others throw on an unbeaten lead: junk early, points late.
            loot_rate = counting.avg_points * (LOOT_LATE if counting.late else weights.loot_early)
            loot = loot_rate * k * len(opponents)
            if partner:
                loot += counting.avg_points * 0.4 * k
            # When beaten, the beater gets our cards and his own.
            value = (1 - p) * (mine + loot) - p * (mine + counting.avg_points * k)
            value -= trump_cost(cards, counting, weights.trump_base) * (0.6 if p < 0.05 else 1.0)
            if k > 1 and p > 0.5:
                value -= MULTI_PENALTY * k  # many weak cards led: giving the tempo and points for little
            value += band_bonus(view.points, int(mine + loot), view.pass_mark) * (1 - p) * 0.5
            scored.append(((value, -sum(discard_key(c, trump)[1:3] == (0, 0) for c in cards)), move))
        return scored

    # --- answering -------------------------------------------------------------

    def _answer(self, view: SeatView, counting: Counting, weights: Weights) -> list:
        trick = view.trick
        assert trick is not None
        n = view.players
        me = view.seat
        trump = counting.trump
        size = trick.size
        stake = sum(POINTS_OF[c] for p in trick.plays for c in p.cards)
        # Cards still to come after ours; the seats that still answer.
        later = [(me + k) % n for k in range(1, n) if (me + k) % n != trick.leader]
        later = later[: n - 1 - len(trick.plays)]
        later_opp = [s for s in later if view.side_of(s) != view.side]
        later_partner = [s for s in later if view.side_of(s) == view.side]
        partner_winning = trick.winner != me and view.side_of(trick.winner) == view.side
        hand = counting.hand
        moves = view.legal_moves
        beats = [m for m in moves if m.kind == BEAT]

        # The discard: lowest cards, unless a partner's winning trick can carry points.
        low = sorted(hand, key=lambda c: discard_key(c, trump))
        low_discard = tuple(low[:size])
        if partner_winning:
            risk = counting.beat_chance(trick.winning, later_opp)
            if risk < LOAD_RISK:
                # Load the partner's trick: point cards, trumps kept.
                loaded = sorted(hand, key=lambda c: (SUIT_OF[c] == trump, -POINTS_OF[c], RANK_OF[c]))
                cards = tuple(loaded[:size])
                if sum(POINTS_OF[c] for c in cards) > sum(POINTS_OF[c] for c in low_discard):
                    return [(1.0, Move(DISCARD, cards)), (0.0, Move(DISCARD, low_discard))]
            return [(0.0, Move(DISCARD, low_discard))] + [(-100.0, m) for m in beats]

        lost = sum(POINTS_OF[c] for c in low_discard)
        discard_value = -lost
        if later_partner and not later_opp:
            discard_value = -lost * 0.5  # the partner, last to act, may still take it
        scored = [(discard_value, Move(DISCARD, low_discard))]
        for move in beats:
            cards = move.cards
            mine = sum(POINTS_OF[c] for c in cards)
            p = counting.beat_chance(cards, later_opp) if later_opp else 0.0
            # Later players throw on a trick too: a partner loads it, opponents give junk.
            extra = counting.avg_points * size * (0.6 * len(later_partner) + 0.1 * len(later_opp))
            gain = stake + mine + extra
            value = (1 - p) * gain - p * (mine + stake * 0.3) - trump_cost(cards, counting, weights.trump_base)
            # A band edge crossed by the others' points (our own cards are ours anyway).
            value += band_bonus(view.points, stake, view.pass_mark) * (1 - p)
            scored.append((value, move))
        return scored
