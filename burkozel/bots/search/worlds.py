"""Sampling hidden worlds: full positions consistent with one seat's view.

A search bot cannot see the other hands, the stock or the faces of other
seats' face-down discards.  :class:`WorldSampler` deals those cards at random,
but only in ways the seat could not tell apart from the real position
(RULES.md §9): the known hand sizes and discard counts, the trump card's known
places, the exact points of its own side's tricks (a small dynamic programme,
not rejection), a combination check passed, and discards weighted as players
discard.  The other hands follow what the play showed (:func:`play_clues`,
weighed by the table's measured clues, :mod:`burkozel.bots.tuning`), a belief
that fades with the cards drawn since.  A world's ``view(seat)`` equals the
real one field by field (the OpenSpiel resampler check, ``tests/test_worlds.py``);
the sampler does the bookkeeping once per view, so that a bot that samples
many worlds of one position pays for it once.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from functools import lru_cache
from math import comb
from typing import TYPE_CHECKING, Callable, Iterator

from ...cards import DECK, POINT_VALUES, POINTS_OF, RANK_OF, SUIT_OF
from ...kernel import Deal, drawers, first_drawer
from ...round import Round
from ...trick import DISCARD, Play, Trick
from ..seen import pot_state
from ..tuning import tuning_for

if TYPE_CHECKING:
    from ...view import SeatView, TrickView

COMBO_RETRIES = 12
"""How many times a world whose hand breaks the combination check is re-dealt."""
CLUE_FLOOR = 0.03
"""The least weight the clues leave a card in one hand: never impossible."""
TRUMP_DISCARD_WEIGHT = 0.15
"""Weight of a face-down discard slot against a hand slot for the drawn trump card."""


def _throw_weight(card: int, trump: int) -> float:
    """How likely a card is among a face-down discard's faces, relatively:
    players throw their least valuable cards and keep trumps."""
    if SUIT_OF[card] == trump:
        return 0.12 if not POINTS_OF[card] else 0.05
    return {0: 1.0, 2: 0.45, 3: 0.35, 4: 0.25, 10: 0.07, 11: 0.05}[POINTS_OF[card]]


def _load_weight(card: int, trump: int) -> float:
    """The same for a discard onto a partner's winning trick: points are loaded."""
    if SUIT_OF[card] == trump:
        return 0.05
    return {0: 0.35, 2: 0.5, 3: 0.5, 4: 0.6, 10: 1.0, 11: 1.0}[POINTS_OF[card]]


_THROW_WEIGHT = tuple(tuple(_throw_weight(c, t) for c in range(36)) for t in range(5))  # the fifth: no trumps
_LOAD_WEIGHT = tuple(tuple(_load_weight(c, t) for c in range(36)) for t in range(5))
# Their inverses: a weighted random order keys each card by ``random() ** (1 / weight)``.
_THROW_EXP = tuple(tuple(1.0 / w for w in ws) for ws in _THROW_WEIGHT)
_LOAD_EXP = tuple(tuple(1.0 / w for w in ws) for ws in _LOAD_WEIGHT)
_CLASS_OF = tuple(POINT_VALUES.index(POINTS_OF[c]) for c in range(36))


def _shuffle(cards: list, random_) -> None:
    """Fisher–Yates with ``random()`` (``Random.shuffle`` draws bits more slowly)."""
    for i in range(len(cards) - 1, 0, -1):
        j = int(random_() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


def _weighted_index(weights: list[float], rng: random.Random) -> int:
    x = rng.random() * sum(weights)
    for i, w in enumerate(weights):
        x -= w
        if x < 0:
            return i
    return len(weights) - 1


@lru_cache(maxsize=4096)
def _subset_table(counts: tuple[int, ...], size: int) -> tuple[dict[tuple[int, int], int], ...]:
    """``table[i][(k, t)]``: the number of ways to take ``k`` cards worth ``t``
    points from the point classes ``1..i`` (the zero-point class is left out:
    it only fills the count, see :func:`_subset_with_points`)."""
    tables = [{(0, 0): 1}]
    for i in range(1, len(counts)):
        n, value = counts[i], POINT_VALUES[i]
        nxt: dict[tuple[int, int], int] = {}
        for (k, t), ways in tables[-1].items():
            for j in range(min(n, size - k) + 1):
                key = (k + j, t + j * value)
                nxt[key] = nxt.get(key, 0) + ways * _COMB[n][j]
        tables.append(nxt)
    return tuple(tables)


_COMB = tuple(tuple(comb(n, j) for j in range(37)) for n in range(37))


@lru_cache(maxsize=4096)
def _count_vectors(counts: tuple[int, ...], size: int, target: int) -> tuple[list[float], list[tuple[int, ...]]]:
    """Every way to take ``size`` cards worth ``target`` points from the point
    classes with ``counts`` cards, as a count per class, with the cumulative
    number of card subsets each stands for (``[]`` if there is none)."""
    tables = _subset_table(counts, size)
    vectors: list[tuple[int, ...]] = []
    weights: list[int] = []
    # Walk the classes from the top down, as far as the table says a subset exists.
    stack = [(len(counts) - 1, size, target, (), 1)]
    zeros = counts[0]
    while stack:
        i, k, t, chosen, ways = stack.pop()
        if i == 0:
            if t == 0 and k <= zeros:
                vectors.append((k,) + chosen)
                weights.append(ways * _COMB[zeros][k])
            continue
        n, value = counts[i], POINT_VALUES[i]
        below = tables[i - 1]
        for j in range(min(n, k) + 1):
            if j * value > t:
                break
            rest_k, rest_t = k - j, t - j * value
            # Classes 1..i-1 must make rest_t with some count; zeros fill the rest.
            if any(below.get((kk, rest_t), 0) for kk in range(max(0, rest_k - zeros), rest_k + 1)):
                stack.append((i - 1, rest_k, rest_t, (j,) + chosen, ways * _COMB[n][j]))
    cumulative: list[float] = []
    total = 0
    for w in weights:
        total += w
        cumulative.append(float(total))
    return cumulative, vectors


def _subset_with_points(pool_by_class: list[list[int]], size: int, target: int,
                        rng: random.Random) -> list[int] | None:
    """A uniformly random ``size``-card subset of the pool worth ``target`` points,
    or ``None`` if there is none."""
    cumulative, vectors = _count_vectors(tuple(len(c) for c in pool_by_class), size, target)
    if not vectors:
        return None
    random_ = rng.random
    x = random_() * cumulative[-1]
    counts = vectors[bisect_right(cumulative, x) if x < cumulative[-1] else len(vectors) - 1]
    chosen: list[int] = []
    for cards, j in zip(pool_by_class, counts):
        if j:
            # A partial Fisher–Yates shuffle of a copy: j cards without repeats.
            cards = list(cards)
            m = len(cards)
            for a in range(j):
                b = a + int(random_() * (m - a))
                cards[a], cards[b] = cards[b], cards[a]
            chosen.extend(cards[:j])
    return chosen


def _kept_share(view: "SeatView", index: int) -> float:
    """About which share of a hand held at trick ``index`` is still in it: each
    draw after a trick of ``k`` cards replaces ``k`` of the hand (in expectation,
    when a player plays old and new cards alike).  1.0 for the current trick
    and for tricks after the stock ran out."""
    share = 1.0
    stock = view.table.stock_size
    size = view.hand_size
    for i, drawn in enumerate(_drawn_after(view)):
        if not stock:
            break
        stock -= drawn
        if i >= index:
            most = -(-drawn // view.players)  # the most cards one seat drew
            share *= max(0.0, (size - most) / size)
    return share


def _drawn_after(view: "SeatView") -> Iterator[int]:
    """How many cards were drawn after each finished trick of ``view``
    (:func:`~burkozel.kernel.drawers`, every seat counted as in the deal)."""
    stock = view.table.stock_size
    for trick in view.history:
        first = first_drawer(view.table.draw_first, trick.leader, trick.winner)
        drawn = len(drawers(first, trick.size, stock, view.table.next_seats, view.players))
        stock -= drawn
        yield drawn


_SUIT = tuple(frozenset(c for c in range(36) if SUIT_OF[c] == s) for s in range(5))  # the fifth: no trumps
"""The cards of each suit (the trumps, for the trump suit)."""
_LOWER = tuple(frozenset(x for x in _SUIT[SUIT_OF[c]] if RANK_OF[x] < RANK_OF[c]) for c in range(36))
_HIGHER = tuple(frozenset(x for x in _SUIT[SUIT_OF[c]] if RANK_OF[x] > RANK_OF[c]) for c in range(36))
_PLAIN_HIGH = tuple(frozenset(c for c in range(36) if POINTS_OF[c] >= 10 and SUIT_OF[c] != t) for t in range(5))


def play_clues(trick: "TrickView", trump: int, side_of: Callable[[int], int]) -> Iterator[tuple[int, str, frozenset[int]]]:
    """What the plays of ``trick`` suggest about the cards their players kept:
    ``(play index, clue, cards)``, the clue naming a kind of play and a set of
    cards relative to it (``"lead low: lower"``: the lower cards of the suit of
    a single low card led).  How much each clue says is measured, not assumed
    (the table's ``clues`` in :mod:`burkozel.bots.tuning`,
    ``research/world_clues.py``).  Answers count only against a trick an opponent
    is winning, and only for single-card tricks; combinations say nothing
    (they are forced)."""
    plays = trick.plays
    if trick.combo is not None or not plays:
        return
    lead = plays[0].cards
    trumps = _SUIT[trump]
    if len(lead) > 1:
        yield 0, f"lead {min(len(lead), 3)}: trumps", trumps - frozenset(lead)
        return
    w = lead[0]
    tag = "trump" if SUIT_OF[w] == trump else ("high" if POINTS_OF[w] >= 10 else "low")
    yield 0, f"lead {tag}: lower", _LOWER[w]
    yield 0, f"lead {tag}: higher", _HIGHER[w]
    if tag != "trump":
        yield 0, f"lead {tag}: trumps", trumps
    yield 0, f"lead {tag}: plain tens/aces", _PLAIN_HIGH[trump] - {w}
    winner, stake = plays[0].seat, POINTS_OF[w]
    for pi in range(1, len(plays)):
        p = plays[pi]
        plain = SUIT_OF[w] != trump
        if side_of(p.seat) != side_of(winner):
            tag = ("plain" if plain else "trump") + (" 10+" if stake >= 10 else " <10")
            if p.kind == DISCARD:
                yield pi, f"throw on {tag}: higher", _HIGHER[w]
                if plain:
                    yield pi, f"throw on {tag}: trumps", trumps
                yield pi, f"throw on {tag}: plain tens/aces", _PLAIN_HIGH[trump]
            elif SUIT_OF[p.cards[0]] == SUIT_OF[w]:
                yield pi, f"beat {tag} in suit: between", _HIGHER[w] & _LOWER[p.cards[0]]
                if plain:
                    yield pi, f"beat {tag} in suit: trumps", trumps
            else:
                yield pi, f"trump {tag}: higher", _HIGHER[w]
                yield pi, f"trump {tag}: lower trumps", _LOWER[p.cards[0]]
        if p.kind != DISCARD:
            winner, w = p.seat, p.cards[0]
            stake += POINTS_OF[w]


def _stock_out_trick(view: "SeatView") -> int:
    """The index (in the history) of the trick after which the stock ran out."""
    stock = view.table.stock_size
    for i, drawn in enumerate(_drawn_after(view)):
        stock -= drawn
        if not stock:
            return i
    return len(view.history)


class WorldSampler:
    """The fixed facts of one view, ready to deal many worlds from it."""

    def __init__(self, view: "SeatView") -> None:
        self.view = view
        self.rules = view.rules
        seat = view.seat
        my_side = view.side
        trump_card = view.trump_card
        record = view.seen
        known = record.gone | record.own[seat]
        seen: set[int] = set(view.hand) | {c for c in range(36) if known >> c & 1}
        self.shown = {s: list(h) for s, h in enumerate(view.open_hands) if h and s != seat}  # open hands, §6
        for s, h in enumerate(view.shown):  # the cards a deal's end showed to all (§3.7, §4.5)
            if h and s != seat:
                self.shown[s] = self.shown.get(s, []) + [c for c in h if c not in self.shown.get(s, ())]
        for h in self.shown.values():
            seen.update(h)
        tricks = list(view.history) + ([view.trick] if view.trick is not None else [])

        # Hidden discard slots: (trick index, play index, count).  The points of
        # a side are known (its own side's always, every side's at the round's
        # end): the hidden faces in the tricks it took must make up the rest.
        known_sides = (range(self.rules.side_count) if view.round_points is not None
                       else (my_side,) if not view.unseen_taken else ())
        target = {side: (view.round_points[side] if view.round_points is not None else view.points)
                  for side in known_sides}
        self.slots: list[tuple[int, int, int]] = []
        self.group: list[int | None] = []
        self.loading: list[bool] = []
        partners = any(len(side) > 1 for side in view.sides)
        for ti, tv in enumerate(tricks):
            side = view.side_of(tv.winner) if tv.finished else None
            if side not in target:
                side = None
            winning = tv.leader
            for pi, p in enumerate(tv.plays):
                if side is not None:
                    target[side] -= sum(POINTS_OF[c] for c in p.faces)
                if p.kind == DISCARD and p.seat != seat and not p.cards:
                    self.slots.append((ti, pi, p.count))
                    self.group.append(side)
                    self.loading.append(partners and view.side_of(winning) == view.side_of(p.seat))
                elif p.kind != DISCARD:
                    winning = p.seat
        self.tricks = tricks
        self.targets = {side: (sum(count for (_, _, count), g in zip(self.slots, self.group) if g == side), t)
                        for side, t in target.items()}

        # Where the face-up trump card may be when nobody can see it.
        self.trump_places: list[tuple[str, int]] = []
        if view.stock == 0 and trump_card is not None and trump_card not in seen:
            holder = view.trump_drawn_by
            if holder is None or holder == seat:  # pragma: no cover - would have been seen
                raise ValueError("inconsistent view: the trump card is lost")
            after = _stock_out_trick(view)
            self.trump_places = [("hand", holder)] * view.hand_sizes[holder]
            if holder in view.folded:  # set aside with its hand, unseen
                self.trump_places.append(("aside", holder))
            for k, (ti, pi, count) in enumerate(self.slots):
                if ti > after and tricks[ti].plays[pi].seat == holder:
                    self.trump_places.extend([("slot", k)] * count)
        hidden_trump = trump_card is not None and (view.stock > 0 or bool(self.trump_places))
        self.unseen = sorted(c for c in range(36) if c not in seen and not (hidden_trump and c == trump_card))
        self.unseen_by_class: list[list[int]] = [[] for _ in POINT_VALUES]
        for c in self.unseen:
            self.unseen_by_class[_CLASS_OF[c]].append(c)
        # The trump card is seldom thrown away face down; and each place is
        # weighted by how many ways the rest can still make the known points
        # (a place that leaves none is impossible).
        counts = tuple(len(c) for c in self.unseen_by_class)
        self.trump_weights = []
        for where, k in self.trump_places:
            weight = TRUMP_DISCARD_WEIGHT if where == "slot" else 1.0
            for side, (count, points) in self.targets.items():
                if where == "slot" and self.group[k] == side:
                    count, points = count - 1, points - POINTS_OF[trump_card]
                cumulative, _ = _count_vectors(counts, count, points) if count >= 0 and points >= 0 else ([], [])
                weight *= cumulative[-1] if cumulative else 0.0
            self.trump_weights.append(weight)
        if self.trump_places and not any(self.trump_weights):  # pragma: no cover - inconsistent view
            raise ValueError("inconsistent view: no place for the trump card")

        # Each side's points from the finished tricks' known faces; a world adds
        # the hidden faces it deals (for worlds dealt without their history).
        self.base_points = [0] * self.rules.side_count
        for tv in tricks:
            if tv.finished:
                self.base_points[view.side_of(tv.winner)] += tv.seen[0]
        # Pre-built finished tricks without hidden faces: shared by every world.
        hidden_tricks = {ti for ti, _, _ in self.slots}
        self.fixed: dict[int, Trick] = {}
        for ti, tv in enumerate(tricks):
            if ti not in hidden_tricks:
                self.fixed[ti] = self._trick(tv, {})

        # The start of the current trick is the last combination check the
        # hidden hands went through with nothing found (if the trick is no combo).
        self.check_combos = (bool(self.rules.active) and view.to_act is not None
                             and (view.trick is None or view.trick.combo is None))

        # Inference from the play (a light opponent model): what each play of
        # another seat suggests about the cards it kept (:func:`play_clues`),
        # as per-card weights for dealing that seat's hand, by how much more or
        # less often such cards were in such hands in medium-bot games (the
        # table's ``clues``, :mod:`burkozel.bots.tuning`).  A hand changes with
        # every draw, so a clue from an earlier trick counts only for the share
        # of the hand kept since (:func:`_kept_share`).  Any card may still
        # land anywhere.
        self.hand_weight: dict[int, dict[int, float]] = {}
        ratios = tuning_for(view.format).clues
        unseen = set(self.unseen)
        for ti, tv in enumerate(tricks):
            kept = None
            for pi, clue, cards in play_clues(tv, view.trump, view.side_of):
                actor = tv.plays[pi].seat
                ratio = ratios.get(clue)
                if actor == seat or ratio is None:
                    continue
                if kept is None:
                    kept = _kept_share(view, ti)
                factor = 1.0 + (ratio - 1.0) * kept
                weights = self.hand_weight.setdefault(actor, {})
                for c in cards:
                    if c in unseen:
                        weights[c] = max(CLUE_FLOOR, weights.get(c, 1.0) * factor)

    def _trick(self, tv: "TrickView", faces: dict[int, tuple[int, ...]]) -> Trick:
        plays = []
        for pi, p in enumerate(tv.plays):
            if p.kind == DISCARD and not p.cards:
                cards = p.own if p.own else faces[pi]
                plays.append(Play(p.seat, p.kind, tuple(DECK[c] for c in cards)))
            else:
                plays.append(Play(p.seat, p.kind, p.cards))
        return Trick(tv.leader, tv.size, tv.combo, plays, tv.winner, tv.winning, tv.finished)

    def _deal(self, rng: random.Random) -> tuple[list[list[int]], list[tuple[int, ...]], list[int]] | None:
        """Hidden hands, hidden discard faces per slot and the stock (draw order),
        or ``None`` when this try cannot meet the points."""
        view = self.view
        pool = list(self.unseen)
        slot_cards: list[list[int]] = [[] for _ in self.slots]
        hand_extra: dict[int, list[int]] = {s: list(h) for s, h in self.shown.items()}
        targets = dict(self.targets)
        trump_card = None if view.trump_card is None else int(view.trump_card)
        if self.trump_places:
            where, k = self.trump_places[_weighted_index(self.trump_weights, rng)]
            if where == "hand":
                hand_extra[k] = [trump_card]
            elif where == "slot":
                slot_cards[k].append(trump_card)
                side = self.group[k]
                if side is not None:
                    count, points = targets[side]
                    targets[side] = (count - 1, points - POINTS_OF[trump_card])
        # The discards in tricks of a side with known points: exactly its missing points.
        chosen: dict[int, list[int]] = {}
        for side, (count, points) in targets.items():
            if points < 0:
                return None
            if len(pool) == len(self.unseen):
                by_class = self.unseen_by_class  # not copied: only read
            else:
                by_class = [[] for _ in POINT_VALUES]
                for c in pool:
                    by_class[_CLASS_OF[c]].append(c)
            cards = _subset_with_points(by_class, count, points, rng)
            if cards is None:
                return None
            _shuffle(cards, rng.random)
            chosen[side] = cards
            taken = set(cards)
            pool = [c for c in pool if c not in taken]
        rest = pool
        trump = view.trump
        # A discard's faces follow how players discard: their least valuable
        # cards, or points onto a partner's trick.  One weighted random order
        # of the cards per kind of discard (Efraimidis–Spirakis keys), taken
        # slot after slot: the same as a fresh weighted draw for each slot.
        orders: dict[bool, list[int]] = {}
        at: dict[bool, int] = {}
        thrown: set[int] = set()
        for k, (_, _, count) in enumerate(self.slots):
            side = self.group[k]
            if side is not None:
                source = chosen[side]
                while len(slot_cards[k]) < count:
                    slot_cards[k].append(source.pop())
            elif len(slot_cards[k]) < count:
                loading = self.loading[k]
                order = orders.get(loading)
                if order is None:
                    exps = _LOAD_EXP[trump] if loading else _THROW_EXP[trump]
                    random_ = rng.random
                    order = orders[loading] = sorted(rest, key=lambda c: random_() ** exps[c], reverse=True)
                    at[loading] = 0
                i = at[loading]
                faces = slot_cards[k]
                while len(faces) < count:
                    c = order[i]
                    i += 1
                    if c not in thrown:
                        faces.append(c)
                        thrown.add(c)
                at[loading] = i
        if thrown:
            rest = [c for c in rest if c not in thrown]
        _shuffle(rest, rng.random)
        hands: list[list[int]] = [[] for _ in range(view.players)]
        hands[view.seat] = list(view.hand)
        # Seats that showed they lack some cards are dealt first, those cards
        # made rarer: a weighted draw (Efraimidis–Spirakis keys) from the rest.
        order = sorted((s for s in range(view.players) if s != view.seat), key=lambda s: s not in self.hand_weight)
        random_ = rng.random
        for s in order:
            hand = hand_extra.get(s, [])
            need = view.hand_sizes[s] - len(hand)
            weights = self.hand_weight.get(s)
            if weights and need:
                keyed = sorted(rest, key=lambda c: random_() ** (1.0 / weights.get(c, 1.0)))
                take = keyed[len(keyed) - need:]
                hand.extend(take)
                taken = set(take)
                rest = [c for c in rest if c not in taken]
            while len(hand) < view.hand_sizes[s]:
                hand.append(rest.pop())
            hands[s] = hand
        # What is left beyond the stock lies set aside with the folded hands.
        turned = trump_card is not None
        stock = rest[len(rest) - max(0, view.stock - turned):] if view.folded else rest
        if view.stock and trump_card is not None:  # no card is turned without trumps (RULES-house.md §5)
            stock.append(trump_card)
        assert len(stock) == view.stock
        return hands, [tuple(c) for c in slot_cards], stock

    def _breaks_combo_check(self, hands: list[list[int]], faces: dict[int, dict[int, tuple[int, ...]]]) -> bool:
        """Whether a hidden hand held an enabled combination when the current
        trick began (the check found none, or it would have been led)."""
        view = self.view
        tv = view.trick
        start = [list(h) for h in hands]
        if tv is not None:
            ti = len(self.tricks) - 1
            for pi, p in enumerate(tv.plays):
                start[p.seat].extend(p.cards if p.kind != DISCARD else (p.own or faces.get(ti, {}).get(pi, ())))
        if min(len(h) for h in start) < 3:
            return False
        leader = tv.leader if tv is not None else view.to_act
        return self.rules.table.opening(start, leader, view.trump_card, self.rules.active) is not None

    def _dealt(self, rng: random.Random) -> tuple[list[list[int]], dict[int, dict[int, tuple[int, ...]]], list[int]]:
        """Hidden hands, hidden discard faces by trick and play, and the stock."""
        dealt = None
        for attempt in range(64 + COMBO_RETRIES):
            got = self._deal(rng)
            if got is None:
                continue
            hands, slot_faces, stock = got
            faces: dict[int, dict[int, tuple[int, ...]]] = {}
            for (ti, pi, _), cards in zip(self.slots, slot_faces):
                faces.setdefault(ti, {})[pi] = cards
            dealt = hands, faces, stock
            if not self.check_combos or attempt >= COMBO_RETRIES or not self._breaks_combo_check(hands, faces):
                break
        if dealt is None:
            raise ValueError("no world is consistent with this view")
        return dealt

    def sample(self, rng: random.Random) -> Round:
        """One world, drawn with ``rng``, as a :class:`Round` with its history."""
        view = self.view
        hands, faces, stock = self._dealt(rng)
        tricks = [self.fixed[ti] if ti in self.fixed else self._trick(tv, faces[ti])
                  for ti, tv in enumerate(self.tricks)]
        current = tricks.pop() if view.trick is not None else None
        points = [0] * self.rules.side_count
        side_of = self.rules.side_of
        for t in tricks:
            points[side_of(t.winner)] += t.points
        return Round.from_position(
            self.rules, view.dealer, hands=[[DECK[c] for c in h] for h in hands],
            stock=[DECK[c] for c in stock], trump_card=view.trump_card, trump_drawn_by=view.trump_drawn_by,
            tricks=tricks, trick=current, points=points, to_act=view.to_act, end=view.end, ended_by=view.ended_by,
            shown=[(s, h) for s, h in enumerate(view.shown) if h], **pot_state(view))

    def sample_deal(self, rng: random.Random) -> Deal:
        """One world as a bare :class:`~burkozel.kernel.Deal`, without its
        finished tricks (the points and everything else the same): enough to
        play on from, and cheaper, for a search that deals hundreds of worlds
        a decision.  What the players have seen is left for the search to set."""
        view = self.view
        hands, faces, stock = self._dealt(rng)
        current = None
        if view.trick is not None:
            ti = len(self.tricks) - 1
            current = self.fixed[ti] if ti in self.fixed else self._trick(self.tricks[ti], faces[ti])
        points = list(self.base_points)
        side_of = self.rules.side_of
        for ti, by_play in faces.items():
            tv = self.tricks[ti]
            if tv.finished:
                points[side_of(tv.winner)] += sum(POINTS_OF[c] for cards in by_play.values() for c in cards)
        return Deal.at(self.rules, hands=hands, stock=stock, trump_card=view.trump_card,
                       trump_drawn_by=view.trump_drawn_by, points=points, to_act=view.to_act,
                       tricks_done=len(view.history), trick=current, end=view.end, ended_by=view.ended_by,
                       took=view.tricks_taken,
                       **pot_state(view))


def sample_world(view: "SeatView", rng: random.Random) -> Round:
    """A full position consistent with everything ``view``'s seat knows."""
    return WorldSampler(view).sample(rng)


WorldSource = Callable[["SeatView"], Callable[[random.Random], Deal]]
"""Given the view, a function that deals one world from a random generator."""


def sampled_worlds(view: "SeatView") -> Callable[[random.Random], Deal]:
    """The fair bot's worlds: dealt by one :class:`WorldSampler` of the view,
    without their history (the rollouts play on from the position)."""
    return WorldSampler(view).sample_deal
