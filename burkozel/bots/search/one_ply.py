"""Flat determinized Monte Carlo (PIMC): the hard bot's search in most tables.

Every candidate is played in the same worlds (common random numbers) and each
world is finished by medium rollouts (:mod:`.playout`), scored by
:func:`~.utility.utility`.  Successive halving spends the rollouts on the
moves still in contention.  One ply deep: the bot's own later play is the
medium bot's.  Rollouts that predict how the others really play were the
strongest lever found (``docs/bots.md``).
"""

from __future__ import annotations

import time
from math import fsum
from typing import Callable, Generator

from ...kernel import Deal
from ...trick import Move
from ...view import SeatView
from . import candidates
from .budget import SLICE_ROLLOUTS
from .playout import fast_playout
from .utility import utility
from .verdict import MoveValue, Rollout, Verdict

FIRST_WORLDS = 4
"""Worlds per candidate before the first halving."""


def one_ply_search(view: SeatView, moves: list[Move], draw: Callable, rng, max_iterations: int,
                   deadline: float | None, record: bool = False) -> Generator[None, None, Verdict]:
    """Compare ``moves`` (the medium choice first, which gets the head start)
    in worlds dealt by ``draw``; pause every :data:`SLICE_ROLLOUTS` rollouts
    and return the :class:`Verdict` over the worlds all live moves were played
    in (with ``record`` each rollout's :class:`~.verdict.Rollout`)."""
    prior = moves[0]
    side = view.side
    seen = view.seen
    cap = max_iterations
    worlds: list[Deal] = []
    results: list[list[float]] = [[] for _ in moves]
    outcomes: list[list[Rollout]] = [[] for _ in moves]
    bonus = [candidates.PRIOR_BONUS if m == prior else 0.0 for m in moves]
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
                    outcomes[i].append(Rollout.of(deal, side))
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
