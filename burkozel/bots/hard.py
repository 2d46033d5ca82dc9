"""The hard bot (сложная): flat determinized Monte Carlo (PIMC).

For each decision it deals worlds consistent with its view
(:mod:`burkozel.worlds`), plays every candidate move in the same worlds
(common random numbers) and finishes each world with every seat playing the
medium bot's move (:mod:`burkozel.bots.playout`), scoring the round's end for
its side: the penalty band it lands in, a bonus for winning the round and a
small term for the point margin.

The rollouts run on plain lists (:func:`~burkozel.bots.playout.fast_playout`,
about 0.2 ms a rollout on CPython 3.11, several times less than through the engine's
views) from worlds dealt without their history
(``WorldSampler.sample(rng, history=False)``, about 0.1 ms a world).  Until
29 Nov 2026 they used a cruder policy, 3.4× cheaper; at the same time per
decision the medium rollouts won +3.8% ± 3.3% of pairs rounds (400 paired
deals, seed 21) and +0.7% ± 2.3% in four (300, seed 3).

The candidates (:meth:`HardBot.candidates`) are the medium bot's best few
moves (:meth:`MediumBot.ranked`): with some 250–450 rollouts per decision,
searching every legal move (up to 15 leads) leaves too few rollouts per move
to tell them apart, and the leads and beats beyond medium's best five were
never worth more (``bench/bot_regret.py``).  In four and three the ranking
is that of a medium tuned for the format (:data:`PRIOR_WEIGHTS`).  It offers
only one or two discards, though (the least valuable cards, or points onto a
partner's trick); when its lowest cards are all it would play, three more discards are
searched (:data:`EXTRA_DISCARDS`).  Successive halving spends the rollouts on
the moves still in contention, and the medium choice gets a small head start
so that noise alone does not move the bot off a sound move.

Measured (``python -m burkozel arena --iterations 450``, the table's count,
CPython 3.11 on a shared 2-core machine, 29–30 Nov 2026): hard+hard wins 62.2%
of pairs rounds against medium+medium (2,000 deals, seed 9), one hard 37.8%
of four (2,000 deals, seed 3) and 45.1% of three (300 deals, seeds 10 and 11).
The same search on the true position (hard-cheat, 40 rollouts) wins 89.1% of
pairs, 64.7% of four (300 deals) and 80.2% of three; seeing every hand but
not the stock's order (hard-hands, 450 rollouts, seeds 3 and 10) 49.9% of four
and 62.4% of three.
What the fair bot lacks is information: the other hands, which the play
reveals little of, and the stock's order, which it never reveals.

It is anytime: it stops at a time budget or an iteration cap, whichever comes
first.  With ``deterministic=True`` only the cap counts, so a decision depends
on the seed and the view alone (tests, arenas, the table's resume).

:class:`HardBot` with ``worlds=`` replaced by the true position is the
arena's *hard-cheat* reference (see :mod:`burkozel.arena`); it is never
registered as a level the table can offer.
"""

from __future__ import annotations

import sys
import time
from math import fsum
from typing import Callable, Generator, Sequence

from ..kernel import Deal
from ..trick import DISCARD, Move
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
other discards are searched too (:func:`other_discards`).  Which cards to give
up was the search's largest blind spot: over 300 positions of medium games,
each legal move valued in 1,000 sampled worlds, the best move outside the
candidates was worth 0.11 penalty units a decision in four and 0.045 in pairs (0.005
and 0.008 with three more).  In play at 450 rollouts, rounds won on paired
deals: four +1.5% ± 1.4% (300, seed 3), pairs +1.7% ± 1.9% (400, seed 9),
three +0.0% ± 2.0% (150, seed 10)."""
PRIOR_WEIGHTS = {"four": Weights(trump_base=6.0, loot_early=0.3), "three": Weights(trump_worth=10)}
"""The medium valuation the candidates and the head start come from, by
format: in four and three the medium bot's own constants are not its best
(``bench/medium_variants.py``, 2,000 deals against medium bots: trumps kept
more, ``trump_base=6, loot_early=0.3``, win 26.2% of four; trumping expected on
cheaper leads, ``trump_worth=10``, 35.7% of three; both lose in pairs, which
keeps medium's).  Against ranking with medium's own, at 450 rollouts on paired
deals: four +0.96% ± 0.88% (300 deals, seed 3) and +0.67% ± 0.64% (seed 4),
three +1.1% ± 1.9% (150 deals, seed 10) and +1.0% ± 1.8% (seed 11); on fresh
deals four −0.71% ± 0.90% (seed 5), three −1.11% ± 1.74% (seed 12), so over
all of them +0.31% ± 0.47% and +0.31% ± 1.07%: kept, its gain not shown.  As
the rollout policy of the bot's own later moves instead, four −1.3% ± 1.6%,
three −0.7% ± 3.0%."""
FIRST_WORLDS = 4
"""Worlds per candidate before the first halving."""

WIN_WEIGHT = 5.0
"""Penalty units for winning the round (having the most points; a tie shares
it), on top of its penalty of 0.  Measured against medium at 600 iterations,
paired: 2 against 0, +1.8% ± 2.2% rounds won in pairs (300 deals), +0.5% ±
2.5% in four (100), +4.0% ± 3.1% in three (60); 5 against 2, +1.0% ± 1.7%
and +0.8% ± 1.9% in pairs (400 deals each, seeds 21 and 22; the mean penalty
fell too, 1.085 → 1.073); 9 against 2, +0.4% ± 2.1% (seed 21)."""


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


SLICE_ROLLOUTS = 32
"""Rollouts between two pauses of :meth:`HardBot.think` (tens of ms in a browser)."""


@register("hard")
class HardBot:
    """Flat PIMC with successive halving over the candidate moves."""

    name = "hard"

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
        start = time.perf_counter()
        deadline = None if self.deterministic else start + self.budget_ms / 1000.0
        moves = self.candidates(view)
        prior = moves[0]
        if len(moves) == 1:
            return moves[0]
        rng = decision_rng(self.seed, view)
        draw = (self._worlds or sampled_worlds)(view)
        side = view.side
        seen = Seen.of_view(view)
        cap = self.max_iterations
        worlds: list[Deal] = []
        results: list[list[float]] = [[] for _ in moves]
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
                    res.append(utility(fast_playout(worlds[w], m.kind, m.cards, seen), side))
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
            return prior
        best = max(alive, key=lambda i: fsum(results[i][:common]) / common + bonus[i])
        return moves[best]
