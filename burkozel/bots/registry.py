"""What a bot is, and the names the levels register under.

A bot's decision is a pure function of the view and the bot's seed: the
randomness of each decision comes from :func:`decision_rng`, keyed by the
seed and the position.  A match replayed from its moves therefore meets the
same bot decisions again (the table's resume relies on it).  Each level's
module registers its factory here; :func:`burkozel.bots.make_bot` builds one.
"""

from __future__ import annotations

import random
from typing import Callable, Protocol

from ..trick import Move
from ..view import SeatView


class Bot(Protocol):
    """Anything with ``get_move(view) -> Move``."""

    name: str

    def get_move(self, view: SeatView) -> Move: ...


def decision_rng(seed: int | str, view: SeatView) -> random.Random:
    """The random source of one decision: the same seed and position give the
    same numbers, whatever happened in other matches or earlier calls."""
    played = len(view.trick.plays) if view.trick is not None else 0
    return random.Random(f"bot/{seed}/{view.round_no}/{len(view.history)}/{played}/{view.seat}")


FACTORIES: dict[str, Callable[..., Bot]] = {}
"""The registered levels by name."""


def register(name: str) -> Callable[[Callable[..., Bot]], Callable[..., Bot]]:
    def wrap(factory: Callable[..., Bot]) -> Callable[..., Bot]:
        FACTORIES[name] = factory
        return factory

    return wrap
