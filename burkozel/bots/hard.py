"""The hard bot (сложная): flat determinized Monte Carlo (PIMC).

For each decision it deals worlds consistent with its view
(:mod:`burkozel.worlds`), plays every candidate move in the same worlds
(common random numbers) and finishes each world with every seat playing the
medium bot's move through the engine's trick step
(:mod:`burkozel.bots.playout`), scoring the deal's end for its side: its
penalty, a bonus for winning the deal and a small term for the point margin.
Rollouts that predict how the others really play were the strongest lever
found; what the fair bot still lacks is information (the other hands, which
the play reveals little of, and the stock's order, which it never reveals).
``docs/bots.md`` has the measurements behind every choice here.

The candidates (:meth:`HardBot.candidates`) are the medium bot's best few
moves (:meth:`MediumBot.ranked`): a few hundred rollouts a decision cannot
tell fifteen leads apart, and the moves beyond medium's best five were never
worth more.  Medium offers only one or two discards, so when its lowest
cards are all it would play, more discards are searched
(:data:`EXTRA_DISCARDS`); in Бура «31» with closed discards «31» is searched
too, its truth unknown.  Successive halving spends the rollouts on the moves
still in contention, and the medium choice gets a small head start so that
noise alone does not move the bot off a sound move.

In Бура «31» (:data:`TREE_SEARCH`, :data:`TABLE_WORLDS`) the same candidates
are searched deeper, by the tree search of :mod:`burkozel.bots.ismcts`, in
worlds that read the other hand as the medium bot's play would have it
(:mod:`burkozel.policy_worlds`): there the deals are short, the other hand is
most of what is hidden, and the two together won the most (``docs/bots.md``).

It is anytime: it stops at a time budget or an iteration cap, whichever comes
first.  With ``deterministic=True`` only the cap counts, so a decision depends
on the seed and the view alone (tests, arenas, the table's resume).
:class:`HardBot` given other ``worlds=`` (the true position, say) is how the
arena builds its reference bots; they are never levels the table offers.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from math import fsum
from typing import Callable, Generator, Sequence

from ..kernel import Deal
from ..policy_worlds import policy_worlds
from ..trick import DECLARE, DISCARD, Move
from ..view import SeatView
from ..worlds import WorldSampler
from . import decision_rng, register
from .medium import DISCARD_RANK, MediumBot, Seen, Weights, weights_for
from .playout import fast_playout

DEFAULT_BUDGET_MS = 140.0 if sys.platform == "emscripten" else 38.0
"""Wall-clock time per decision.  Pyodide runs 3–4× slower than CPython, so
the browser's 140 ms buys about the rollouts CPython does in 38 ms: the
arena on CPython then measures the strength the table plays at."""
DEFAULT_MAX_ITERATIONS = 1000
"""Rollouts per decision at most (all candidates together)."""
MARGIN_WEIGHT = 0.02
"""Penalty units per point of margin: breaks ties between rollouts of one band."""
PRIOR_BONUS = 0.3
"""Head start of the medium bot's move, in penalty units."""
MAX_CANDIDATES = 5
"""The medium bot's best few moves are searched (fewer moves, more rollouts each)."""
EXTRA_DISCARDS = 3
"""When the medium bot's only move is a discard of its lowest cards, this many
other discards are searched too (:func:`other_discards`): which cards to give
up was the search's largest blind spot."""
PRIOR_WEIGHTS = {"four": Weights(trump_base=6.0, loot_early=0.3), "three": Weights(trump_worth=10)}
"""The medium valuation the candidates and the head start come from, where a
table's best differs from the medium bot's own (:func:`~burkozel.bots.medium.weights_for`)."""
FIRST_WORLDS = 4
"""Worlds per candidate before the first halving."""

WIN_WEIGHT = 5.0
"""Penalty units for winning the deal (no penalty; sides that tie share it),
on top of the penalty itself: a win is worth more than its band says."""


def utility(deal: Deal, side: int) -> float:
    """How good a finished deal is for ``side``: minus its penalty, a bonus
    for winning it (:data:`WIN_WEIGHT`, shared by every side without a
    penalty) and a small term for its margin over the best other side."""
    pens = deal.result[1]
    points = deal.points
    mine = points[side]
    best_other = max(p for s, p in enumerate(points) if s != side)
    u = -pens[side] + MARGIN_WEIGHT * (mine - best_other)
    if WIN_WEIGHT and not pens[side]:
        u += WIN_WEIGHT / pens.count(0)
    return u


def other_discards(view: SeatView, moves: Sequence[Move]) -> list[Move]:
    """The legal discards not among ``moves``, least valuable first (by the
    rollouts' discard order): which cards to give up is searched too, not only
    the medium bot's lowest ones."""
    have = {frozenset(m.cards) for m in moves if m.kind == DISCARD}
    rank = DISCARD_RANK[view.trump]
    others = [m for m in view.legal_moves if m.kind == DISCARD and frozenset(m.cards) not in have]
    others.sort(key=lambda m: sum(rank[c] for c in m.cards))
    return others


WorldSource = Callable[[SeatView], Callable[[object], Deal]]
"""Given the view, a function that deals one world from a random generator."""


def sampled_worlds(view: SeatView) -> Callable[[object], Deal]:
    """The fair bot's worlds: dealt by one :class:`WorldSampler` of the view,
    without their history (the rollouts play on from the position)."""
    return WorldSampler(view).sample_deal


TABLE_WORLDS: dict[str, WorldSource] = {"bura31": policy_worlds}
"""Where the hard bot reads the other hand as the medium bot's play would
have it (:mod:`burkozel.policy_worlds`: the exact posterior given that the
other seat plays as medium does, the fair sampler's worlds wherever no hand
would have played so).  In Бура «31», whose open discards leave only the
other hand and the stock hidden, this and the tree search together won
clearly more than either alone (``docs/bots.md``)."""
TREE_SEARCH = frozenset({"bura31"})
"""Tables whose hard bot searches a tree of its own later decisions
(:func:`burkozel.bots.ismcts.tree_search`) instead of one ply of rollouts:
Бура «31», where the deals are short and the search's own later play counts."""

SLICE_ROLLOUTS = 32
"""Rollouts between two pauses of :meth:`HardBot.think` (tens of ms in a browser)."""


@register("hard")
class HardBot:
    """Flat PIMC with successive halving over the candidate moves (the tree
    search where :attr:`tree` says so)."""

    name = "hard"
    tree: bool | None = None
    """Search the tree (:func:`burkozel.bots.ismcts.tree_search`): always,
    never, or (None) in the tables of :data:`TREE_SEARCH`."""
    opponent = "medium"
    """How the tree search models the other seat (``tree_search``'s ``opponent``)."""

    def __init__(self, seed: int | str = 0, budget_ms: float = DEFAULT_BUDGET_MS,
                 max_iterations: int = DEFAULT_MAX_ITERATIONS, deterministic: bool = False,
                 worlds: WorldSource | None = None) -> None:
        self.seed = seed
        self.budget_ms = budget_ms
        self.max_iterations = max_iterations
        self.deterministic = deterministic
        self._worlds = worlds
        self._prior = MediumBot(seed)
        self.last_iterations = 0

    def get_move(self, view: SeatView) -> Move:
        search = self.think(view)
        while True:
            try:
                next(search)
            except StopIteration as done:
                return done.value

    def candidates(self, view: SeatView) -> list[Move]:
        """The moves the search compares, the medium bot's choice first (with
        :data:`PRIOR_WEIGHTS`): its best few (:data:`MAX_CANDIDATES`) and, when
        all it sees to play is a discard of its lowest cards, the next
        :data:`EXTRA_DISCARDS` discards."""
        ranked = self._prior.ranked(view, PRIOR_WEIGHTS.get(view.format, weights_for(view.format)))
        moves = [m for _, m in ranked[:MAX_CANDIDATES]]
        if len(moves) == 1 and moves[0].kind == DISCARD:
            moves += other_discards(view, moves)[:EXTRA_DISCARDS]
        declare = Move.declare()
        if view.may_declare and view.unseen_taken and declare not in moves:
            # The points of the cards taken face down are not known: «31» may be
            # true or false, and the worlds say how likely each is.
            moves.append(declare)
        return moves

    def think(self, view: SeatView) -> Generator[None, None, Move]:
        """The same search as :meth:`get_move`, as a generator that pauses
        after every ``SLICE_ROLLOUTS`` rollouts and returns the move: a page
        can spread one decision over several short tasks and keep painting.
        Pausing changes nothing in the result."""
        verdict = yield from self.search(view)
        return verdict.move

    def search(self, view: SeatView, record: bool = False) -> Generator[None, None, "Verdict"]:
        """:meth:`think`, returning the whole :class:`Verdict`: every candidate's
        value over the worlds the search compared them in.  With ``record``
        each rollout's penalty and points are kept too (the table's hint says
        them in words); the choice is the same either way."""
        start = time.perf_counter()
        deadline = None if self.deterministic else start + self.budget_ms / 1000.0
        moves = self.candidates(view)
        prior = moves[0]
        if len(moves) == 1 or prior.kind == DECLARE:
            # A «31» the medium bot declares is a true one: a won deal, nothing better to search for.
            return Verdict(prior, (), forced=True)
        rng = decision_rng(self.seed, view)
        draw = (self._worlds or TABLE_WORLDS.get(view.format, sampled_worlds))(view)
        if self.tree or (self.tree is None and view.format in TREE_SEARCH):
            from .ismcts import tree_search  # (it builds on this module's candidates and utility)
            verdict = yield from tree_search(view, moves, draw, rng, self.max_iterations, deadline,
                                             self.opponent, record)
            self.last_iterations = verdict.iterations
            return verdict
        side = view.side
        seen = Seen.of_view(view)
        cap = self.max_iterations
        worlds: list[Deal] = []
        results: list[list[float]] = [[] for _ in moves]
        outcomes: list[list[tuple[int, int]]] = [[] for _ in moves]
        bonus = [PRIOR_BONUS if m == prior else 0.0 for m in moves]
        alive = list(range(len(moves)))
        used = 0
        done = False
        per = FIRST_WORLDS
        rounds_left = max(1, (len(moves) - 1).bit_length())
        while True:
            # Every live candidate is played in the same worlds (common random numbers).
            target = len(worlds) + per
            t0 = time.perf_counter()
            before = used
            for i in alive:
                m = moves[i]
                res = results[i]
                for w in range(len(res), target):
                    if w == len(worlds):  # dealt on demand, inside the time budget
                        try:
                            worlds.append(draw(rng))
                        except ValueError:
                            # No world found (the sampler gave up): decide on the
                            # worlds played so far, or take the medium move.
                            done = True
                            break
                    deal = fast_playout(worlds[w], m.kind, m.cards, seen)
                    res.append(utility(deal, side))
                    if record:
                        outcomes[i].append((deal.result[1][side], deal.points[side]))
                    used += 1
                    if used >= cap or (deadline is not None and time.perf_counter() >= deadline):
                        done = True
                        break
                    if used % SLICE_ROLLOUTS == 0:
                        yield
                if done:
                    break
            if done:
                break
            # Successive halving: keep the better half, spread what is left evenly.
            if len(alive) > 1:
                alive.sort(key=lambda i: -(fsum(results[i]) / len(results[i]) + bonus[i]))
                alive = alive[: max(2, (len(alive) + 1) // 2)] if rounds_left > 1 else alive
            rounds_left = max(1, rounds_left - 1)
            left = cap - used
            if deadline is not None:
                cost = (time.perf_counter() - t0) / max(1, used - before)
                left = min(left, int((deadline - time.perf_counter()) / cost))
            per = max(2, left // (rounds_left * len(alive)))
        self.last_iterations = used
        # Compare the live moves over the worlds all of them were played in.  fsum,
        # not sum: sum() of floats is compensated since Python 3.12, so Pyodide's
        # 3.12+ and CPython 3.11 broke near-ties differently (1 decision in 150).
        common = min(len(results[i]) for i in alive)
        if common == 0:
            return Verdict(prior, (), iterations=used)
        best = max(alive, key=lambda i: fsum(results[i][:common]) / common + bonus[i])
        values = tuple(
            MoveValue(moves[i], fsum(results[i][:common]) / common, bonus[i], common, tuple(outcomes[i][:common]))
            for i in sorted(alive, key=lambda i: -(fsum(results[i][:common]) / common + bonus[i])))
        return Verdict(moves[best], values, iterations=used)


@dataclass(frozen=True)
class MoveValue:
    """One candidate as the search valued it: its mean :func:`utility` over the
    ``worlds`` all live candidates were compared in, the head start it got
    (:data:`PRIOR_BONUS`), and with ``record`` each rollout's (penalty, points)."""

    move: Move
    mean: float
    bonus: float
    worlds: int
    outcomes: tuple[tuple[int, int], ...] = ()

    @property
    def score(self) -> float:
        """What the search maximizes: the mean plus the head start."""
        return self.mean + self.bonus


@dataclass(frozen=True)
class Verdict:
    """A search's result: the move chosen and the candidates still alive at
    the end, best first (``values[0].move == move`` unless nothing was
    searched).  ``forced``: the move needed no search (the only one, or a
    true «31»); ``iterations``: the rollouts (or tree iterations) it took."""

    move: Move
    values: tuple[MoveValue, ...]
    forced: bool = False
    iterations: int = 0
