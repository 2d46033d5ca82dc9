"""Bots: each is given one seat's :class:`~burkozel.view.SeatView` and nothing
else, and returns a legal :class:`~burkozel.trick.Move`.

The levels the table offers are modules here (:mod:`.easy`, :mod:`.medium`,
:mod:`.hard`); the hard bot's search is the :mod:`.search` package, what a
seat knows on the engine's plain lists is :mod:`.seen`, and every setting that
depends on the table is in :mod:`.tuning`.

>>> from burkozel import Match, TableRules
>>> match = Match(TableRules("three"), seed=3)
>>> bot = make_bot("easy", seed=1)
>>> view = match.view(match.to_act)
>>> bot.get_move(view) in view.legal_moves
True
"""

from __future__ import annotations

from .registry import FACTORIES as _FACTORIES
from .registry import Bot, decision_rng, register

__all__ = ["LEVELS", "Bot", "decision_rng", "make_bot", "register"]

LEVELS = ("easy", "medium", "hard")
"""The levels the table offers (лёгкая, средняя, сложная)."""


def make_bot(level: str, seed: int | str = 0, **options) -> Bot:
    """A bot of ``level`` (``easy``, ``medium``, ``hard``)."""
    _load()
    try:
        factory = _FACTORIES[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r} (one of {', '.join(sorted(_FACTORIES))})") from None
    return factory(seed=seed, **options)


def _load() -> None:
    """Import the level modules (each registers itself) on first use."""
    from . import easy, hard, medium  # noqa: F401
