"""Worlds from the exact posterior, given that the other seat plays the medium bot.

The hard bot's worlds in Бура «31» (:mod:`burkozel.bots.tuning`), and in any
two-seat table the arena's ``hard-bayes``.  The medium bot is deterministic
given its view, and with open discards the other hand is a Markov chain on
public facts (it keeps what it did not play and draws from the cards it has not
held), so a forward filter over its few thousand hands computes the posterior
exactly: each of its decisions keeps the hands with which ``medium_move``, in
the view it had then, makes the move it made; each check before a trick keeps
the hands without a бура.  Sampling backwards gives a whole hidden history;
the stock left is uniform.  Where the filter keeps nothing (a player no medium
hand would play like, closed discards) the fair sampler's worlds are dealt.
Sums are ``fsum``, so Pyodide (3.12+) and CPython 3.11 pick the same worlds.
``docs/bots.md`` has the derivation and the measurements.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from itertools import combinations
from math import comb, fsum, log10
from typing import Callable

from ...cards import DECK
from ...kernel import BEAT, Deal, drawers, first_drawer
from ...rules import WINS
from ...view import PlayView, SeatView, TrickView
from ..medium import medium_move, weights_for
from ..seen import view_deal
from .worlds import WorldSampler, _shuffle

Hand = tuple[int, ...]
"""A hand as sorted card numbers."""


@dataclass(frozen=True)
class Step:
    """One public event that says something about the other hand:
    ``check`` (before a trick: no winning combination), ``decide`` (the
    other seat played ``cards`` as ``kind``; ``view`` is what it saw then,
    its hand left empty), ``forced`` (an out-of-turn combination led, not a
    decision) or ``draw`` (``count`` cards drawn, the face-up trump card the
    last of them if ``trump``)."""

    kind: str
    cards: Hand = ()
    move: str = ""
    view: SeatView | None = None
    count: int = 0
    trump: bool = False


@dataclass(frozen=True)
class History:
    """A hidden history of the other seat: its first hand, then the cards of
    each of its draws in order, and its hand now."""

    first: Hand
    draws: tuple[Hand, ...]
    hand: Hand


def public_steps(view: SeatView) -> list[Step]:
    """The other seat's events from the deal to ``view``, each with the view
    the other seat had when it decided (rebuilt from the public history)."""
    rules = view.rules
    table = rules.table
    other = 1 - view.seat
    size = table.hand_size
    sizes = [size, size]
    stock = table.stock_size
    points = [0] * table.side_count
    drawn_by: int | None = None
    wins = [c for c in rules.active if c.effect == WINS]
    steps: list[Step] = []
    tricks = list(view.history) + ([view.trick] if view.trick is not None else [])
    for ti, tv in enumerate(tricks):
        if wins and sizes[tv.leader] >= 3:
            steps.append(Step("check"))
        plays: list[PlayView] = []
        winner, winning, stake = tv.leader, (), 0
        for pi, p in enumerate(tv.plays):
            if p.count and not p.cards:
                raise ValueError("face-down discards are not modelled")
            if p.seat == other:
                if pi == 0 and tv.combo is not None:
                    steps.append(Step("forced", tuple(sorted(p.cards))))
                else:
                    partial = (TrickView(tv.leader, tv.size, tv.combo, tuple(plays), winner, winning, False)
                               if plays else None)
                    then = replace(view, seat=other, stock=stock, hand=(), hand_sizes=tuple(sizes), to_act=other,
                                   trick=partial, history=tuple(view.history[:ti]), points=points[rules.side_of(other)],
                                   trump_drawn_by=drawn_by, unseen_taken=0, round_points=None,
                                   round_penalties=None, end=None, deal_winner=None, ended_by=None)
                    steps.append(Step("decide", tuple(sorted(p.cards)), p.kind, then))
            plays.append(p)
            sizes[p.seat] -= len(p.cards)
            stake += sum(c.points for c in p.cards)
            if pi == 0 or p.kind == BEAT:
                winner, winning = p.seat, p.cards
        if not tv.finished:
            break
        points[rules.side_of(tv.winner)] += stake
        if stock:
            order = drawers(first_drawer(table.draw_first, tv.leader, tv.winner),
                            size - sizes[tv.winner], stock, table.next_seats, 2)
            for s in order:
                sizes[s] += 1
            stock -= len(order)
            if not stock:
                drawn_by = order[-1]
            steps.append(Step("draw", count=order.count(other), trump=not stock and drawn_by == other))
    if view.trick is None and view.to_act is not None and wins and sizes[view.to_act] >= 3:
        steps.append(Step("check"))  # the check before the next trick found nothing either
    if (stock, drawn_by, sizes[other]) != (view.stock, view.trump_drawn_by, view.hand_sizes[other]):
        raise ValueError("the public history does not add up")  # pragma: no cover - a bug, not a position
    return steps


class PolicyWorlds(WorldSampler):
    """:class:`~burkozel.bots.search.worlds.WorldSampler` whose other hand comes from the
    exact posterior given the medium policy (module docstring)."""

    def __init__(self, view: SeatView, policy: bool = True) -> None:
        super().__init__(view)
        self.policy = policy
        self.other = 1 - view.seat
        self.weights = weights_for(view.format)
        self.fallback = False
        self.log_acceptance = 0.0
        self.messages: list[dict[Hand, float]] = []
        try:
            if view.players != 2:
                raise ValueError("two seats only")
            self.steps = public_steps(view)
        except ValueError:
            self.fallback = True
            return
        held = set(view.hand)
        for tv in list(view.history) + ([view.trick] if view.trick is not None else []):
            for p in tv.plays:
                if p.seat == view.seat:
                    held.update(p.cards)
        self.trump_card = int(view.trump_card)
        self.pool = frozenset(c for c in range(36) if c not in held and c != self.trump_card)
        self._filter()

    @property
    def acceptance(self) -> float:
        """The share of the uniformly dealt hidden histories with which the
        other seat's medium play would have been what it was: a rejection
        sampler's acceptance rate (0 when the filter fell back).  With
        ``policy=False`` only the cards each play needed in hand are asked
        for: the ratio of the two is the acceptance of a sampler that deals
        every history able to make the plays."""
        return 0.0 if self.fallback else 10 ** self.log_acceptance

    def _filter(self) -> None:
        """The forward pass: one message (hand → probability) after each step."""
        first = list(combinations(sorted(self.pool), self.view.hand_size))
        message = dict.fromkeys(first, 1.0 / len(first))
        self.messages = [message]
        played: set[int] = set()
        for step in self.steps:
            if step.kind == "draw":
                message = self._draw(message, step, played)
            else:
                cards = set(step.cards)
                kept: dict[Hand, float] = {}
                if step.kind == "check":
                    kept = {h: w for h, w in message.items() if not (self.policy and self._wins(h))}
                else:
                    deal = view_deal(step.view) if step.kind == "decide" and self.policy else None
                    for h, w in message.items():
                        if cards <= set(h) and (deal is None or self._would_play(deal, h, step)):
                            kept[tuple(c for c in h if c not in cards)] = w
                    played |= cards
                mass = fsum(kept.values())
                if mass <= 0.0:
                    self.fallback = True
                    return
                self.log_acceptance += log10(mass)
                message = {h: w / mass for h, w in kept.items()}
            self.messages.append(message)

    def _draw(self, message: dict[Hand, float], step: Step, played: set[int]) -> dict[Hand, float]:
        """Each kept hand drawing uniformly from the cards it has not held."""
        out: dict[Hand, float] = {}
        free = step.count - step.trump
        for h, w in message.items():
            avail = sorted(self.pool - played - set(h))
            p = w / comb(len(avail), free)
            extra = (self.trump_card,) if step.trump else ()
            for d in combinations(avail, free):
                new = tuple(sorted(h + d + extra))
                out[new] = out.get(new, 0.0) + p
        return out

    def _wins(self, hand: Hand) -> bool:
        return any(len(hand) >= c.size and c.find([DECK[x] for x in hand], DECK[self.trump_card]) is not None
                   for c in self.rules.active if c.effect == WINS)

    def _would_play(self, deal: Deal, hand: Hand, step: Step) -> bool:
        deal.hands[self.other] = [DECK[c] for c in hand]
        kind, cards = medium_move(deal, self.other, self.weights)
        return kind == step.move and tuple(sorted(cards)) == step.cards

    def sample_history(self, rng: random.Random) -> History:
        """A whole hidden history from the exact posterior (backward sampling
        through the forward messages)."""
        now = hand = _pick(self.messages[-1], rng)
        draws: list[Hand] = []
        for i in range(len(self.steps) - 1, -1, -1):
            step = self.steps[i]
            before = self.messages[i]
            if step.kind == "draw":
                keep = len(hand) - step.count
                options = [r for r in combinations(hand, keep)
                           if r in before and not (step.trump and self.trump_card in r)]
                r = _pick({o: before[o] for o in options}, rng)
                draws.append(tuple(c for c in hand if c not in r))
                hand = r
            elif step.kind in ("decide", "forced"):
                hand = tuple(sorted(hand + step.cards))
        return History(hand, tuple(reversed(draws)), now)

    def _dealt(self, rng: random.Random):
        if self.fallback:
            return super()._dealt(rng)
        history = self.sample_history(rng)
        view = self.view
        hands: list[list[int]] = [[], []]
        hands[view.seat] = list(view.hand)
        hands[self.other] = list(history.hand)
        played = view.seen.gone
        rest = [c for c in self.pool if c not in history.hand and not played >> c & 1]
        _shuffle(rest, rng.random)
        if view.stock:
            rest.append(self.trump_card)
        assert len(rest) == view.stock
        return hands, {}, rest


def _pick(weights: dict[Hand, float], rng: random.Random) -> Hand:
    x = rng.random() * fsum(weights.values())
    last = None
    for h, w in weights.items():
        last = h
        x -= w
        if x < 0:
            return h
    return last


def policy_worlds(view: SeatView) -> Callable[[random.Random], Deal]:
    """The posterior's worlds of ``view`` (a world source, as :func:`~.worlds.sampled_worlds`)."""
    return PolicyWorlds(view).sample_deal
