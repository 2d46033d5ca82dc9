"""Bots: each is given one seat's :class:`~burkozel.view.SeatView` and nothing
else, and returns a legal :class:`~burkozel.trick.Move`.

A bot's decision is a pure function of the view and the bot's seed: the
randomness of each decision comes from :func:`decision_rng`, keyed by the
seed and the position.  A match replayed from its moves therefore meets the
same bot decisions again (the table's resume relies on it).

>>> from burkozel import Match, TableRules
>>> match = Match(TableRules("three"), seed=3)
>>> bot = make_bot("easy", seed=1)
>>> view = match.view(match.to_act)
>>> bot.get_move(view) in view.legal_moves
True
"""

from __future__ import annotations

import random
from typing import Callable, Protocol

from ..trick import Move
from ..view import SeatView

LEVELS = ("easy", "medium", "hard")
"""The levels the table offers (лёгкая, средняя, сложная)."""


class Bot(Protocol):
    """Anything with ``get_move(view) -> Move``."""

    name: str

    def get_move(self, view: SeatView) -> Move: ...


def decision_rng(seed: int | str, view: SeatView) -> random.Random:
    """The random source of one decision: the same seed and position give the
    same numbers, whatever happened in other matches or earlier calls."""
    played = len(view.trick.plays) if view.trick is not None else 0
    return random.Random(f"bot/{seed}/{view.round_no}/{len(view.history)}/{played}/{view.seat}")


_FACTORIES: dict[str, Callable[..., Bot]] = {}


def register(name: str) -> Callable[[Callable[..., Bot]], Callable[..., Bot]]:
    def wrap(factory: Callable[..., Bot]) -> Callable[..., Bot]:
        _FACTORIES[name] = factory
        return factory

    return wrap


def make_bot(level: str, seed: int | str = 0, **options) -> Bot:
    """A bot of ``level`` (``easy``, ``medium``, ``hard``)."""
    _load()
    try:
        factory = _FACTORIES[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r} (one of {', '.join(sorted(_FACTORIES))})") from None
    return factory(seed=seed, **options)


def _load() -> None:
    """Import the bot modules (each registers itself) on first use."""
    from . import easy  # noqa: F401

    for name in ("medium", "hard"):
        try:
            __import__(f"{__name__}.{name}")
        except ModuleNotFoundError as e:
            if e.name != f"{__name__}.{name}":
                raise
