"""The medium bot (средняя): heuristics with card counting (the rule card).

It remembers every face-up card gone, so it knows which of its cards are
masters and how many trumps are still out, and gives every move a rough value
in points from that count (docs/bots.md describes the terms).

The valuation is written once, on the engine's plain lists and bitmasks
(:func:`medium_move` on a :class:`~burkozel.kernel.Deal`), because the hard
bot plays it for every seat of hundreds of rollouts a decision;
:class:`MediumBot` is the same function on a seat's view.  Its constants per
table are in :mod:`burkozel.bots.tuning`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, Iterable

from ..cards import DECK, POINTS_OF, RANK_OF, SUIT_OF, TOTAL_POINTS
from ..kernel import Deal
from ..rules import beater_masks, beats_all
from ..trick import BEAT, DECLARE, DISCARD, LEAD, Move
from .betting import at_least, bet_move, point_classes
from .registry import register
from .seen import card_mask, unseen_mask, view_deal
from .tuning import tuning_for

if TYPE_CHECKING:
    from ..view import SeatView

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
NEVER = float("inf")
"""A threshold of the stake never reached: by default nobody raises or folds."""


@lru_cache(maxsize=None)
def spend_table(base: float) -> tuple:
    """Per stage (stock left, stock out), trump suit and card: what spending
    the card costs (:func:`spend_cost`), so that a move's cost is a sum of
    table entries from 0.0, the same to the last bit as :func:`spend_cost`."""
    return tuple(tuple(tuple(spend_cost((c,), t, late, base) for c in range(36)) for t in range(5))
                 for late in (False, True))


@dataclass(frozen=True)
class Weights:
    """The constants the valuation hangs on, which another player of the same
    style might set differently: the hard bot ranks its candidates with its
    own (:func:`prior_weights`), and
    ``research/medium_variants.py`` plays mediums with others against medium.
    The defaults are the medium bot's (:data:`MEDIUM`)."""

    trump_worth: int = TRUMP_WORTH
    loot_early: float = LOOT_EARLY
    trump_base: float = TRUMP_BASE
    loot_late: float = LOOT_LATE
    pass_bonus: float = PASS_BONUS
    zero_bonus: float = ZERO_BONUS
    multi_penalty: float = MULTI_PENALTY
    load_risk: float = LOAD_RISK
    raise_at: float = NEVER
    """At a pot: the strength (:func:`~.betting.strength`) from which it says «даве»."""
    fold_below: float = -NEVER
    """At a pot: the strength below which it folds to a «даве»."""
    bet_crowd: float = 0.0
    """Both thresholds rise by this per player in the deal beyond two."""
    declare_safe: float = NEVER
    """At a pot: «31» on face-down cards taken once they reach 31 this likely."""

    @cached_property
    def spend(self) -> tuple:
        """:func:`spend_table` of :attr:`trump_base`."""
        return spend_table(self.trump_base)


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


def spend_cost(cards: Iterable[int], trump: int, late: bool, base: float = TRUMP_BASE) -> float:
    """What spending these cards costs in future tricks: trumps most (high
    ones more, from ``base``), less when few cards are left to play (``late``)."""
    scale = 0.5 if late else 1.0
    cost = 0.0
    for c in cards:
        if SUIT_OF[c] == trump:
            cost += (base + RANK_OF[c]) * scale
        else:
            cost += 0.3 * RANK_OF[c] * scale
    return cost


def band_bonus(before: int, gain: int, pass_mark: int, weights: Weights = MEDIUM) -> float:
    """The penalty-band edges a gain of ``gain`` points crosses."""
    bonus = 0.0
    if before == 0 and gain > 0:
        bonus += weights.zero_bonus
    if before < pass_mark <= before + gain:
        bonus += weights.pass_bonus
    return bonus


# --- the position on plain lists ------------------------------------------------

ALL_CARDS = (1 << 36) - 1
HIGHER = tuple(sum(1 << u for u in range(36) if SUIT_OF[u] == SUIT_OF[c] and RANK_OF[u] > RANK_OF[c])
               for c in range(36))
"""Per card: the cards of its suit that beat it."""
BEATERS = tuple(
    tuple(HIGHER[c] | (0 if SUIT_OF[c] == t else sum(1 << u for u in range(36) if SUIT_OF[u] == t))
          for c in range(36))
    for t in range(5))
"""Per trump suit and card (the fifth: no trumps): every card that beats it alone."""
DISCARD_RANK = tuple(
    tuple(((SUIT_OF[c] == t) * 16 + POINTS_OF[c]) * 64 + RANK_OF[c] * 4 + SUIT_OF[c] for c in range(36))
    for t in range(5))
"""Per trump suit and card: the discard order, least valuable first and trumps
last (the engine's auto-discard order, ``rules.discard_key``)."""
LOAD_RANK = tuple(
    tuple((SUIT_OF[c] == t) * 1000 - POINTS_OF[c] * 16 + RANK_OF[c] for c in range(36)) for t in range(5))
"""Per trump suit and card: the order of loading a partner's trick, most points
first and trumps kept."""


# --- the valuation -------------------------------------------------------------

def _beats(hand: list[int], size: int, winning, trump: int, shield: int = -1) -> list[tuple[int, ...]]:
    """Every set of ``size`` cards of the sorted ``hand`` that beats ``winning``
    (in the engine's order of legal moves); ``shield`` a suit no trump beats."""
    beaters = BEATERS[trump] if shield < 0 else beater_masks(trump, shield)
    if size == 1:
        beaten_by = beaters[winning[0]]
        return [(c,) for c in hand if beaten_by >> c & 1]
    # Only cards that beat some card of the trick can be part of a beat.
    can = 0
    for w in winning:
        can |= beaters[w]
    useful = [c for c in hand if can >> c & 1]
    return [cs for cs in combinations(useful, size) if beats_all(cs, winning, trump, shield)]


def medium_move(st: Deal, seat: int, weights: Weights = MEDIUM,
                ranked: list | None = None) -> tuple[str, tuple[int, ...]]:
    """The cards the medium bot plays for ``seat`` and whether they beat.

    With a ``ranked`` list every move it considers is appended to it as
    ``(value, tie-break, cards, beat)``, in the engine's order of legal moves
    (answers list one or two discards only: its lowest cards, or the points it
    would load onto a partner's trick); the move returned is the first of the
    highest ``(value, tie-break)``.  Without, the obvious cases return early:
    the rollouts call this for every move they play.

    Where the faces of the cards a seat takes face down are hidden from it
    (``st.faces_hidden``), its points are what its view shows, the face-up
    ones, and the face-down cards taken are worth what it has not seen is
    on average: so in a rollout's true position too.  There it declares «31»
    on them once they make 31 likely enough (``declare_safe``), and at a pot
    the stake's moves come first (:func:`~.betting.bet_move`)."""
    side = st.side
    my_side = side[seat]
    my_points, hidden = ((st.seen_points[my_side], st.unseen_taken[my_side]) if st.faces_hidden
                         else (st.points[my_side], 0))
    if st.table.handicaps:  # an open seat's фора counts as points for «31» (RULES-house.md §6.3)
        my_points += st.table.handicaps[my_side]
    betting = st.chips is not None and (st.answers or st.dave)
    guess = hidden and weights.declare_safe <= 1.0 and st.may_declare(seat)
    taken = my_points
    if betting and hidden or guess:
        classes = point_classes(unseen_mask(st, seat))
        if guess and at_least(classes, hidden, st.declaration - my_points) >= weights.declare_safe:
            if ranked is not None:
                ranked.append((1000.0, 0, DECLARE, ()))
            return DECLARE, ()
        taken += hidden * sum(p * n for p, n in classes) / max(1, sum(n for _, n in classes))
    if betting:
        bet = bet_move(st, seat, weights, taken)
        if bet is not None:
            if ranked is not None:
                ranked.append((1000.0, 0, bet, ()))
            return bet, ()
    hand = st.hands[seat]
    trump = st.trump
    n = st.players
    leader = st.leader
    w = weights
    if leader >= 0:
        size = st.size
        winning = st.winning
        if size == 1:
            low = (min(hand, key=DISCARD_RANK[trump].__getitem__),)
        else:
            low = tuple(sorted(hand, key=DISCARD_RANK[trump].__getitem__)[:size])
        partner_winning = side[st.winner] == my_side
        if partner_winning:
            if size == 1:
                loaded = (min(hand, key=LOAD_RANK[trump].__getitem__),)
            else:
                loaded = tuple(sorted(hand, key=LOAD_RANK[trump].__getitem__)[:size])
            load = sum(POINTS_OF[c] for c in loaded) > sum(POINTS_OF[c] for c in low)
            if ranked is None:
                if not load:
                    return DISCARD, low
                beats = []
            else:
                beats = _beats(hand, size, winning, trump, st.table.shield)
        else:
            beats = _beats(hand, size, winning, trump, st.table.shield)
            if not beats and ranked is None:
                return DISCARD, low
    else:
        if st.declaration is not None and st.tricks_done and my_points >= st.declaration:
            # «31» with the points in hand wins the deal: nothing does better.
            if ranked is not None:
                ranked.append((1000.0, 0, DECLARE, ()))
            return DECLARE, ()
        if len(hand) == 1 and ranked is None:
            return LEAD, (hand[0],)

    # The counting: the cards this seat has not seen go.
    hand_mask, hand_points = card_mask(hand)
    stock = st.stock
    late = not stock
    unknown = ALL_CARDS & ~st.gone & ~st.own[seat] & ~hand_mask
    unknown_points = TOTAL_POINTS - st.gone_points - st.own_points[seat] - hand_points
    if not late and st.trump_card is not None:
        # The trump card lying under the stock is known to be there, not in a hand.
        unknown &= ~(1 << st.trump_card)
        unknown_points -= POINTS_OF[st.trump_card]
    pool = unknown.bit_count()  # cards in other hands, the stock and hidden discards
    avg = unknown_points / pool if pool else 0.0
    hands = st.hands
    beaters = BEATERS[trump] if st.table.shield < 0 else beater_masks(trump, st.table.shield)
    spend = w.spend[late][trump]
    hold = hold_at_least

    def chance(k: int, threats: int, seats) -> float:
        """That one of ``seats`` holds ``k`` of ``threats`` unknown cards
        (each needs as many beating cards as there are cards; pairing ignored)."""
        if not threats:
            return 0.0
        safe = 1.0
        for s in seats:
            safe *= 1.0 - hold(k, threats, pool, len(hands[s]))
        return 1.0 - safe

    def beat_chance(cards, seats) -> float:
        m = 0
        for c in cards:
            m |= beaters[c]
        return chance(len(cards), (m & unknown).bit_count(), seats)

    if leader < 0:
        opponents = [s for s in range(n) if side[s] != my_side]
        partner = any(s != seat and side[s] == my_side for s in range(n))
        # What the others throw on an unbeaten lead: junk early, points late.
        loot_rate = avg * (w.loot_late if late else w.loot_early)
        n_opp = len(opponents)
        # band_bonus with this seat's points: the zero and pass-mark edges.
        zero_bonus = w.zero_bonus if my_points == 0 else 0.0
        pass_gap = st.pass_mark - my_points if my_points < st.pass_mark else TOTAL_POINTS + 1
        pass_bonus = w.pass_bonus
        worth = w.trump_worth
        all_trumps = LATE_TRUMPS and late
        multi = w.multi_penalty
        points_of, rank_of = POINTS_OF, RANK_OF
        chances: dict[tuple[int, int], float] = {}  # the same for every lead of k cards with as many threats
        best, best_key = (hand[0],), None
        i = 0
        most = st.max_lead  # no more than a player in the deal holds (an open four-card hand, RULES-house.md §6.4)
        while i < len(hand):
            # The hand is sorted: a suit's cards are together, lowest first.
            suit = SUIT_OF[hand[i]]
            j = i + 1
            while j < len(hand) and SUIT_OF[hand[j]] == suit:
                j += 1
            same = hand[i:j]
            i = j
            for k in range(1, min(len(same), most) + 1):
                loot = loot_rate * k * n_opp + (avg * 0.4 * k if partner else 0.0)
                for cards in combinations(same, k):
                    mine = 0
                    cost = 0.0
                    sixes = 0  # fewer sixes led breaks a tie
                    for c in cards:
                        mine += points_of[c]
                        cost += spend[c]
                        sixes -= rank_of[c] == 0
                    # Its lowest card's beaters beat the set (nobody spends a trump on little).
                    m = beaters[cards[0]] if mine >= worth or all_trumps else HIGHER[cards[0]]
                    threats = (m & unknown).bit_count()
                    p = chances.get((k, threats))
                    if p is None:
                        p = chances[k, threats] = chance(k, threats, opponents)
                    # When beaten, the beater gets our cards and his own.
                    value = (1 - p) * (mine + loot) - p * (mine + avg * k)
                    value -= cost * (0.6 if p < 0.05 else 1.0)
                    if k > 1 and p > 0.5:
                        value -= multi * k  # many weak cards led: giving the tempo and points for little
                    gain = int(mine + loot)
                    if gain > 0:  # (no bonus otherwise: adding 0.0 changes nothing)
                        bonus = zero_bonus + pass_bonus if gain >= pass_gap else zero_bonus
                        value += bonus * (1 - p) * 0.5
                    if ranked is not None:
                        ranked.append((value, sixes, LEAD, cards))
                    if best_key is None or value > best_key[0] or (value == best_key[0] and sixes > best_key[1]):
                        best, best_key = cards, (value, sixes)
        return LEAD, best

    later_opponents: list[int] = []
    later_partners: list[int] = []
    s = seat + 1 if seat + 1 < n else 0
    while s != leader:
        (later_partners if side[s] == my_side else later_opponents).append(s)
        s = s + 1 if s + 1 < n else 0
    if partner_winning:
        # Load the partner's trick with points when the opponents after us
        # are unlikely to take it; never beat a winning partner.
        if load and beat_chance(winning, later_opponents) < w.load_risk:
            if ranked is not None:
                ranked += [(1.0, 0, DISCARD, loaded), (0.0, 0, DISCARD, low)]
            return DISCARD, loaded
        if ranked is not None:
            ranked.append((0.0, 0, DISCARD, low))
            ranked += [(-100.0, 0, BEAT, cards) for cards in beats]
        return DISCARD, low
    stake = st.trick_points
    lost = 0
    for c in low:
        lost += POINTS_OF[c]
    # The partner, last to act, may still take a trick we throw on.
    best_value = -lost * 0.5 if later_partners and not later_opponents else -lost
    if ranked is not None:
        ranked.append((best_value, 0, DISCARD, low))
    best, beat = low, False
    # Later players throw on a trick too: a partner loads it, opponents give junk.
    extra = avg * size * (0.6 * len(later_partners) + 0.1 * len(later_opponents))
    # A band edge crossed by the others' points (our own cards are ours anyway).
    band = band_bonus(my_points, stake, st.pass_mark, w)
    for cards in beats:
        mine = 0
        cost = 0.0
        for c in cards:
            mine += POINTS_OF[c]
            cost += spend[c]
        p = beat_chance(cards, later_opponents) if later_opponents else 0.0
        value = (1 - p) * (stake + mine + extra) - p * (mine + stake * 0.3) - cost
        value += band * (1 - p)
        if ranked is not None:
            ranked.append((value, 0, BEAT, cards))
        if value > best_value:
            best_value, best, beat = value, cards, True
    return (BEAT if beat else DISCARD), best


def _move(kind: str, cards: tuple[int, ...]) -> Move:
    return Move(kind, tuple(DECK[c] for c in cards))


def weights_for(table: str) -> Weights:
    """The medium bot's constants at ``table`` (:mod:`burkozel.bots.tuning`)."""
    return _weights(tuple(sorted(tuning_for(table).medium.items())))


def prior_weights(table: str) -> Weights:
    """The constants the hard bot ranks its candidates with at ``table``."""
    prior = tuning_for(table).prior
    return weights_for(table) if prior is None else _weights(tuple(sorted(prior.items())))


@lru_cache(maxsize=None)
def _weights(changes: tuple) -> Weights:
    """:data:`MEDIUM` with ``changes`` (name, value pairs): one object for the
    same changes, so its :attr:`Weights.spend` table is built once."""
    return replace(MEDIUM, **dict(changes))


@register("medium")
class MediumBot:
    """:func:`medium_move` on the seat's view (deterministic: the seed is
    accepted like every bot's and not needed).

    >>> from burkozel import Match, TableRules
    >>> match = Match(TableRules("four"), seed=1)
    >>> view = match.view(match.to_act)
    >>> bot = MediumBot()
    >>> bot.get_move(view) == bot.ranked(view)[0][1]
    True
    """

    name = "medium"

    def __init__(self, seed: int | str = 0, weights: Weights | None = None) -> None:
        self.seed = seed
        self.weights = weights

    def get_move(self, view: "SeatView") -> Move:
        return _move(*medium_move(view_deal(view), view.seat, self.weights or weights_for(view.format)))

    def ranked(self, view: "SeatView", weights: Weights | None = None) -> list[tuple[float, Move]]:
        """The moves it considers with their values, best first (the hard bot
        searches the first few, ranked with its own ``weights``).  Answers
        list one or two discards only."""
        scored: list = []
        medium_move(view_deal(view), view.seat, weights or self.weights or weights_for(view.format), scored)
        scored.sort(key=lambda e: (e[0], e[1]), reverse=True)  # stable: earlier moves win ties
        return [(value, _move(kind, cards)) for value, _, kind, cards in scored]
