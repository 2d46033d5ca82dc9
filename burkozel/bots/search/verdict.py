"""A search's result: the move chosen and how each candidate was valued.

The table's hint puts a verdict into words, so both searches return the same
kind of value, whatever their method.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ...kernel import Deal
from ...trick import Move
from .utility import stake


class Rollout(NamedTuple):
    """How one rollout ended for the searching side: its penalty and points,
    whether it won the deal (at a pot: took the pot), and at a pot its
    :func:`~burkozel.bots.search.utility.stake` after it (else ``None``)."""

    penalty: int
    points: int
    won: bool
    stake: float | None

    @classmethod
    def of(cls, deal: Deal, side: int) -> "Rollout":
        return cls(deal.result[1][side], deal.points[side], deal.result[0] == side,
                   None if deal.chips is None else stake(deal, side))


@dataclass(frozen=True)
class MoveValue:
    """One candidate as the search valued it: its mean utility
    (:func:`~burkozel.bots.search.utility.utility`) over the ``worlds`` it was
    compared in, the head start it got
    (:data:`~burkozel.bots.search.candidates.PRIOR_BONUS`), and with
    ``record`` each rollout's :class:`Rollout`."""

    move: Move
    mean: float
    bonus: float
    worlds: int
    outcomes: tuple[Rollout, ...] = ()

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
