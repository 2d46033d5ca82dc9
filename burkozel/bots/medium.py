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
from typing import TYPE_CHECKING, Iterable, Iterator

from ..cards import DECK, POINTS_OF, RANK_OF, SUIT_OF, TOTAL_POINTS
from ..kernel import Deal
from ..rules import beater_masks, beats_all
from ..trick import BEAT, DECLARE, DISCARD, LEAD, Move
from .betting import at_least, bet_move, point_classes
from .registry import register
from .seen import view_deal
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

HIGHER = tuple(sum(1 << u for u in range(36) if SUIT_OF[u] == SUIT_OF[c] and RANK_OF[u] > RANK_OF[c])
               for c in range(36))
"""Per card: the cards of its suit that beat it."""
BEATERS = tuple(
    tuple(HIGHER[c] | (0 if SUIT_OF[c] == t else sum(1 << u for u in range(36) if SUIT_OF[u] == t))
          for c in range(36))
    for t in range(5))
"""Per trump suit and card (the fifth: no trumps, RULES-house.md §5): every card that beats it alone."""
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
    (in the engine's order of legal moves)."""
    beaters = BEATERS[trump] if shield < 0 else beater_masks(trump, shield)  # spades shielded (§7.5)
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
    the stake's moves come first (:func:`~.betting.bet_move`).  The steps:
    :func:`_stake_or_guess`, then :func:`_lead` or :func:`_answer`."""
    my_points, sure = _stake_or_guess(st, seat, weights, ranked)
    if sure is not None:
        return sure, ()
    if st.leader < 0:
        return _lead(st, seat, my_points, weights, ranked)
    return _answer(st, seat, my_points, weights, ranked)


def _sure(ranked: list | None, kind: str) -> str:
    """A move of no cards made without weighing others: first in ``ranked``."""
    if ranked is not None:
        ranked.append((1000.0, 0, kind, ()))
    return kind


def _stake_or_guess(st: Deal, seat: int, weights: Weights, ranked: list | None) -> tuple[int, str | None]:
    """The seat's points as it knows them, and the move it makes before
    weighing cards, if any: «31» on face-down cards taken that likely make
    31, or at a pot a move of the stake."""
    my_side = st.side[seat]
    my_points, hidden = ((st.seen_points[my_side], st.unseen_taken[my_side]) if st.faces_hidden
                         else (st.points[my_side], 0))
    if st.table.handicaps:  # an open seat's фора counts as points for «31» (RULES-house.md §6.3)
        my_points += st.table.handicaps[my_side]
    betting = st.chips is not None and (st.answers or st.dave)
    guess = hidden and weights.declare_safe <= 1.0 and st.may_declare(seat)
    taken = my_points
    if betting and hidden or guess:
        classes = point_classes(st.unplaced(seat)[0])
        if guess and at_least(classes, hidden, st.declaration - my_points) >= weights.declare_safe:
            return my_points, _sure(ranked, DECLARE)
        taken += hidden * sum(p * n for p, n in classes) / max(1, sum(n for _, n in classes))
    if betting:
        bet = bet_move(st, seat, weights, taken)
        if bet is not None:
            return my_points, _sure(ranked, bet)
    return my_points, None


class Counting:
    """What ``seat`` counts of the cards it cannot place (the engine's
    record, :meth:`Deal.unplaced`): how many, their average points, and the
    chance that the players after it hold enough cards that beat."""

    __slots__ = ("unknown", "pool", "avg", "late", "hands", "beaters")

    def __init__(self, st: Deal, seat: int) -> None:
        self.late = not st.stock
        self.unknown, unknown_points = st.unplaced(seat)
        self.pool = pool = self.unknown.bit_count()  # cards in other hands, the stock and hidden discards
        self.avg = unknown_points / pool if pool else 0.0
        self.hands = st.hands
        self.beaters = BEATERS[st.trump] if st.shield < 0 else beater_masks(st.trump, st.shield)

    def chance(self, k: int, threats: int, seats) -> float:
        """That one of ``seats`` holds ``k`` of ``threats`` unknown cards
        (each needs as many beating cards as there are cards; pairing ignored)."""
        if not threats:
            return 0.0
        safe = 1.0
        pool, hands = self.pool, self.hands
        for s in seats:
            safe *= 1.0 - hold_at_least(k, threats, pool, len(hands[s]))
        return 1.0 - safe

    def beat_chance(self, cards, seats) -> float:
        """That one of ``seats`` beats ``cards``."""
        m = 0
        beaters = self.beaters
        for c in cards:
            m |= beaters[c]
        return self.chance(len(cards), (m & self.unknown).bit_count(), seats)


def _leads(hand: list[int], most: int = 5) -> Iterator[tuple[int, ...]]:
    """Every lead of the sorted ``hand``, in the engine's order of legal moves:
    per suit (a suit's cards are together, lowest first), per number of cards,
    at most ``most`` (no more than a player in the deal holds: an open
    four-card hand, RULES-house.md §6.4)."""
    i = 0
    while i < len(hand):
        suit = SUIT_OF[hand[i]]
        j = i + 1
        while j < len(hand) and SUIT_OF[hand[j]] == suit:
            j += 1
        same = hand[i:j]
        i = j
        for k in range(1, min(len(same), most) + 1):
            yield from combinations(same, k)


def _lead(st: Deal, seat: int, my_points: int, w: Weights, ranked: list | None) -> tuple[str, tuple[int, ...]]:
    """A regular lead: «31» with the points in hand, else the lead of the highest value
    (:class:`_LeadValue`), fewer sixes breaking a tie."""
    hand = st.hands[seat]
    if st.may_declare(seat) and my_points >= st.declaration:
        # «31» with the points in hand wins the deal: nothing does better.
        return _sure(ranked, DECLARE), ()
    if len(hand) == 1 and ranked is None:
        return LEAD, (hand[0],)
    value_of = _LeadValue(st, seat, my_points, Counting(st, seat), w)
    best, best_key = (hand[0],), None
    for cards in _leads(hand, st.max_lead):
        value, sixes = value_of(cards)
        if ranked is not None:
            ranked.append((value, sixes, LEAD, cards))
        if best_key is None or value > best_key[0] or (value == best_key[0] and sixes > best_key[1]):
            best, best_key = cards, (value, sixes)
    return LEAD, best


class _LeadValue:
    """The value of leading some cards, and the tie-break (fewer sixes): the
    points kept or lost as the opponents in the deal beat it or not, what
    the others throw on it, the trumps spent and the band edges reached."""

    def __init__(self, st: Deal, seat: int, my_points: int, count: Counting, w: Weights) -> None:
        side = st.side
        my_side = side[seat]
        self.opponents = [s for s in st.seats if side[s] != my_side]
        self.partner = any(s != seat and side[s] == my_side for s in st.seats)
        self.count, self.w = count, w
        # What the others throw on an unbeaten lead: junk early, points late.
        self.loot_rate = count.avg * (w.loot_late if count.late else w.loot_early)
        # band_bonus with this seat's points: the zero and pass-mark edges.
        self.zero_bonus = w.zero_bonus if my_points == 0 else 0.0
        self.pass_gap = st.pass_mark - my_points if my_points < st.pass_mark else TOTAL_POINTS + 1
        self.all_trumps = LATE_TRUMPS and count.late
        self.spend = w.spend[count.late][st.trump]
        self.chances: dict[tuple[int, int], float] = {}  # the same for every lead of k cards with as many threats

    def __call__(self, cards: tuple[int, ...]) -> tuple[float, int]:
        k, w, avg = len(cards), self.w, self.count.avg
        loot = self.loot_rate * k * len(self.opponents) + (avg * 0.4 * k if self.partner else 0.0)
        mine, cost, sixes = 0, 0.0, 0  # fewer sixes led breaks a tie
        for c in cards:
            mine += POINTS_OF[c]
            cost += self.spend[c]
            sixes -= RANK_OF[c] == 0
        # Its lowest card's beaters beat the set (nobody spends a trump on little).
        m = self.count.beaters[cards[0]] if mine >= w.trump_worth or self.all_trumps else HIGHER[cards[0]]
        threats = (m & self.count.unknown).bit_count()
        p = self.chances.get((k, threats))
        if p is None:
            p = self.chances[k, threats] = self.count.chance(k, threats, self.opponents)
        # When beaten, the beater gets our cards and his own.
        value = (1 - p) * (mine + loot) - p * (mine + avg * k)
        value -= cost * (0.6 if p < 0.05 else 1.0)
        if k > 1 and p > 0.5:
            value -= w.multi_penalty * k  # many weak cards led: giving the tempo and points for little
        gain = int(mine + loot)
        if gain > 0:  # (no bonus otherwise: adding 0.0 changes nothing)
            bonus = self.zero_bonus + w.pass_bonus if gain >= self.pass_gap else self.zero_bonus
            value += bonus * (1 - p) * 0.5
        return value, sixes


def _lowest(hand: list[int], size: int, order: tuple[int, ...]) -> tuple[int, ...]:
    """The ``size`` first cards of ``hand`` in ``order`` (a rank per card)."""
    if size == 1:
        return (min(hand, key=order.__getitem__),)
    return tuple(sorted(hand, key=order.__getitem__)[:size])


def _later(st: Deal, seat: int) -> tuple[list[int], list[int]]:
    """The seats still to answer the trick after ``seat``, in turn, as the
    deal says (folded players are out): its partners and its opponents."""
    partners: list[int] = []
    opponents: list[int] = []
    side, my_side, leader, nxt = st.side, st.side[seat], st.leader, st.next_seat
    s = nxt[seat]
    while s != leader:
        (partners if side[s] == my_side else opponents).append(s)
        s = nxt[s]
    return partners, opponents


def _answer(st: Deal, seat: int, my_points: int, w: Weights, ranked: list | None) -> tuple[str, tuple[int, ...]]:
    """An answer: onto a partner's winning trick (:func:`_on_partner`), else
    the beat of the highest value or the lowest cards thrown (:func:`_beat_or_throw`)."""
    hand, size, trump = st.hands[seat], st.size, st.trump
    low = _lowest(hand, size, DISCARD_RANK[trump])
    if st.side[st.winner] == st.side[seat]:
        return _on_partner(st, seat, low, w, ranked)
    beats = _beats(hand, size, st.winning, trump, st.shield)
    if not beats and ranked is None:
        return DISCARD, low
    return _beat_or_throw(st, seat, my_points, low, beats, w, ranked)


def _on_partner(st: Deal, seat: int, low: tuple[int, ...], w: Weights,
                ranked: list | None) -> tuple[str, tuple[int, ...]]:
    """A partner is winning the trick: load it with points when the opponents
    after us are unlikely to take it; never beat a winning partner."""
    hand, size, trump = st.hands[seat], st.size, st.trump
    loaded = _lowest(hand, size, LOAD_RANK[trump])
    load = sum(POINTS_OF[c] for c in loaded) > sum(POINTS_OF[c] for c in low)
    if ranked is None and not load:
        return DISCARD, low
    beats = _beats(hand, size, st.winning, trump, st.shield) if ranked is not None else []
    _, later_opponents = _later(st, seat)
    if load and Counting(st, seat).beat_chance(st.winning, later_opponents) < w.load_risk:
        if ranked is not None:
            ranked += [(1.0, 0, DISCARD, loaded), (0.0, 0, DISCARD, low)]
        return DISCARD, loaded
    if ranked is not None:
        ranked.append((0.0, 0, DISCARD, low))
        ranked += [(-100.0, 0, BEAT, cards) for cards in beats]
    return DISCARD, low


def _beat_or_throw(st: Deal, seat: int, my_points: int, low: tuple[int, ...], beats: list,
                   w: Weights, ranked: list | None) -> tuple[str, tuple[int, ...]]:
    """An opponent is winning the trick: the beat whose value (the stake kept
    unless a later opponent beats again, the trumps spent, a band edge
    crossed) is highest, or the lowest cards thrown when none is worth it."""
    later_partners, later_opponents = _later(st, seat)
    count = Counting(st, seat)
    spend = w.spend[count.late][st.trump]
    size, stake = st.size, st.trick_points
    lost = 0
    for c in low:
        lost += POINTS_OF[c]
    # The partner, last to act, may still take a trick we throw on.
    best_value = -lost * 0.5 if later_partners and not later_opponents else -lost
    if ranked is not None:
        ranked.append((best_value, 0, DISCARD, low))
    best, beat = low, False
    # Later players throw on a trick too: a partner loads it, opponents give junk.
    extra = count.avg * size * (0.6 * len(later_partners) + 0.1 * len(later_opponents))
    # A band edge crossed by the others' points (our own cards are ours anyway).
    band = band_bonus(my_points, stake, st.pass_mark, w)
    for cards in beats:
        mine = 0
        cost = 0.0
        for c in cards:
            mine += POINTS_OF[c]
            cost += spend[c]
        p = count.beat_chance(cards, later_opponents) if later_opponents else 0.0
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
