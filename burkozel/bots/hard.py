"""The hard bot (сложная): a search over worlds consistent with its view.

For each decision it deals worlds the seat cannot tell from the real position
and compares the medium bot's best few moves in them, each world finished by
medium rollouts (:mod:`burkozel.bots.search`).  Which worlds and which search
depend on the table (:mod:`burkozel.bots.tuning`); ``docs/bots.md`` has the
measurements behind every choice.

It is anytime (:mod:`~burkozel.bots.search.budget`); with
``deterministic=True`` only the iteration cap counts, so a decision depends on
the seed and the view alone (tests, arenas, the table's resume).  Given other
``worlds=`` (the true position, say) it is the arena's reference bots.
"""

from __future__ import annotations

import time
from typing import Generator

from ..trick import DECLARE, Move
from ..view import SeatView
from .registry import decision_rng, register
from .search.budget import DEFAULT_BUDGET_MS, DEFAULT_MAX_ITERATIONS, finish
from .search.candidates import candidate_moves
from .search.one_ply import one_ply_search
from .search.posterior import policy_worlds
from .search.tree import tree_search
from .search.verdict import Verdict
from .search.worlds import WorldSource, sampled_worlds
from .tuning import tuning_for

WORLD_SOURCES: dict[str, WorldSource] = {"sampler": sampled_worlds, "posterior": policy_worlds}
"""The world sources a table's tuning names (:attr:`TableTuning.worlds`)."""


@register("hard")
class HardBot:
    """The search the table's tuning names, over the candidate moves (the
    tree search where :attr:`tree` says so)."""

    name = "hard"
    tree: bool | None = None
    """Search the tree (:func:`~burkozel.bots.search.tree.tree_search`):
    always, never, or (None) where the table's tuning says so."""
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
        self.last_iterations = 0

    def get_move(self, view: SeatView) -> Move:
        return finish(self.think(view))

    def candidates(self, view: SeatView) -> list[Move]:
        """The moves the search compares, the medium bot's choice first
        (:func:`~burkozel.bots.search.candidates.candidate_moves`)."""
        return candidate_moves(view)

    def think(self, view: SeatView) -> Generator[None, None, Move]:
        """The same search as :meth:`get_move`, as a generator that pauses
        every few rollouts and returns the move: a page can spread one
        decision over several short tasks and keep painting.  Pausing changes
        nothing in the result."""
        verdict = yield from self.search(view)
        return verdict.move

    def search(self, view: SeatView, record: bool = False) -> Generator[None, None, Verdict]:
        """:meth:`think`, returning the whole :class:`Verdict`: every candidate's
        value over the worlds the search compared them in.  With ``record``
        each rollout's penalty and points are kept too (the table's hint says
        them in words); the choice is the same either way."""
        start = time.perf_counter()
        deadline = None if self.deterministic else start + self.budget_ms / 1000.0
        moves = self.candidates(view)
        prior = moves[0]
        if len(moves) == 1 or prior.kind == DECLARE:
            # A «31» the medium bot declares: true, or (at a pot) likely enough on its estimate.
            return Verdict(prior, (), forced=True)
        rng = decision_rng(self.seed, view)
        tuning = tuning_for(view.format)
        # An open hand (RULES-house.md §6) is no hidden hand to read from the play: the sampler deals around it.
        kind = "sampler" if view.table.open_seats or not view.table.trumps else tuning.worlds
        draw = (self._worlds or WORLD_SOURCES[kind])(view)
        if self.tree or (self.tree is None and tuning.search == "tree"):
            verdict = yield from tree_search(view, moves, draw, rng, self.max_iterations, deadline,
                                             self.opponent, record)
        else:
            verdict = yield from one_ply_search(view, moves, draw, rng, self.max_iterations, deadline, record)
        self.last_iterations = verdict.iterations
        return verdict
