"""The bots the table seats, and what the hard one may spend on a move.

Why apart from the table: the count of rollouts is a measured budget (the
arena's figures, ``docs/bots.md``), read by the table, the hint, the benchmarks
and the browser tests alike; the table only asks :func:`table_bot` for a seat.
"""

from __future__ import annotations

from typing import Any

from burkozel import Move, SeatView
from burkozel.bots import make_bot

HARD_ITERATIONS = 450
"""Rollouts per hard decision at the table: a fixed count, not a time budget
(the count the arena's strength figures at 450 rollouts were measured with)."""
HARD_LONG_ROLLOUTS = 16
"""Above this many cards in play (stock and hands), rollouts are long: fewer of them
(not where a deal ends at a declaration, see :func:`rollout_cards`)."""
HARD_SAFETY_MS = 2500.0
"""Wall-clock cap of one hard decision, far above what it takes (see :class:`TableHardBot`)."""
TABLE_BOTS_DOC = (f"hard: {HARD_ITERATIONS} rollouts, tree iterations in Бура «31» "
                  f"(fewer above {HARD_LONG_ROLLOUTS} cards in play unless deals end at a declaration), "
                  f"safety cap {HARD_SAFETY_MS:g} ms")


def rollout_cards(view: SeatView) -> int:
    """About how many cards a rollout from ``view`` plays: every card in play,
    but where a deal ends at a declaration (Бура «31») no more than
    :data:`HARD_LONG_ROLLOUTS`: a «31» or a бура ends it within a few tricks, so a
    rollout costs about the same early or late (the figures: ``docs/bots.md``)."""
    cards = view.stock + sum(view.hand_sizes)
    if view.table.declaration is not None:
        return min(cards, HARD_LONG_ROLLOUTS)
    return cards


def hard_iterations(view: SeatView) -> int:
    """How many rollouts the table's hard bot spends on ``view``."""
    count = HARD_ITERATIONS
    # A rollout costs about 10 + the cards it plays (measured on CPython).
    return min(count, count * (10 + HARD_LONG_ROLLOUTS) // (10 + rollout_cards(view)))


class TableHardBot:
    """The hard bot as the table seats it: a count of rollouts that depends on
    the position alone, not a time budget.

    Why a count: with a budget each choice would depend on how fast the
    machine is at that moment, and a resumed match must meet the same bot
    decisions to come; with a count a decision depends on the seed and the
    view alone, the same in the browser as on CPython.  450 rollouts
    (``HARD_ITERATIONS``) is the count of the arena's strength figures;
    above ``HARD_LONG_ROLLOUTS`` cards in play rollouts are long and the
    count shrinks in proportion, keeping the time to a decision within the
    targets (not in Бура «31», whose rollouts end within a few tricks:
    :func:`rollout_cards`).  The search runs in slices (``HardBot.think``), one task a
    slice, so no task grows with the count.  ``HARD_SAFETY_MS`` keeps a much
    slower device from waiting for seconds: the bot then stops early and its
    choice may differ from the deterministic one.  The measurements behind
    these numbers are in ``docs/bots.md``.
    """

    name = "hard"

    def __init__(self, seed: int | str = 0, safety_ms: float | None = HARD_SAFETY_MS) -> None:
        if safety_ms is None:
            self.bot = make_bot("hard", seed=seed, max_iterations=HARD_ITERATIONS, deterministic=True)
        else:
            self.bot = make_bot("hard", seed=seed, max_iterations=HARD_ITERATIONS, budget_ms=safety_ms)

    def get_move(self, view: SeatView) -> Move:
        self.bot.max_iterations = hard_iterations(view)
        return self.bot.get_move(view)

    def think(self, view: SeatView):
        """The same decision in slices (see ``HardBot.think``)."""
        self.bot.max_iterations = hard_iterations(view)
        return self.bot.think(view)

    def search(self, view: SeatView, record: bool = False):
        """The same decision with every candidate's values (``HardBot.search``; the hint)."""
        self.bot.max_iterations = hard_iterations(view)
        return self.bot.search(view, record=record)

    @property
    def last_iterations(self) -> int:
        return self.bot.last_iterations

    @last_iterations.setter
    def last_iterations(self, value: int) -> None:
        self.bot.last_iterations = value


def table_bot(level: str, seed: int | str = 0) -> Any:
    """The bot the table seats for ``level``: :class:`TableHardBot` for hard."""
    if level == "hard":
        return TableHardBot(seed)
    return make_bot(level, seed=seed)


def reference_bot(level: str, seed: int | str = 0) -> Any:
    """:func:`table_bot` without the safety cap (``deterministic=True``): what
    the table's bot must choose wherever the cap does not bind."""
    if level == "hard":
        return TableHardBot(seed, safety_ms=None)
    return make_bot(level, seed=seed)
