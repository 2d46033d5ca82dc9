"""«Подсказка»: what the hard bot would play from the player's seat, and why.

Why here: the hint is the table's hard bot run on the player's own
``SeatView`` (nothing else: it is the only thing the table may read), with
the seed of the hard bot that would sit in seat 0, so the move shown is the
move that bot would play.  The search is the bot's own
(``HardBot.search``); it runs in the same slices as a bot's turn
(``Table.run_timer("hint")`` one slice a task), so the page never blocks.
Each candidate's values are summed up in player's terms: the mean penalty of
the deal's end, and the share of worlds in which the side passed the mark or
won the deal; at a pot, where no deal has a penalty, the share of worlds in
which the seat takes the pot and the chips it wins or loses on average
(``Texts.hint_lines`` says them).  Pure Python, tested on CPython
(``tests/test_hint.py``).
"""

from __future__ import annotations

import sys
import traceback
from dataclasses import dataclass
from math import fsum
from typing import Any, Generator

from burkozel import Move, SeatView
from burkozel.bots.search.utility import stake

SHOWN = 3
"""The best few candidates the hint explains."""
FAILED = "failed"
"""What :meth:`Coach.shown` says of a hint whose search or summary raised."""


@dataclass(frozen=True)
class Option:
    """One candidate move in the player's terms, over ``worlds`` sampled deals
    the search compared it in: the mean penalty, the share of worlds without a
    penalty (the deal won or shared), and the share at or above the pass mark;
    at a pot also the share in which the seat took the pot and ``chips``, the
    mean change of its stake with an equal share of the pot (what the search
    counts, :func:`~burkozel.bots.search.utility.stake`) from the position."""

    move: Move
    penalty: float
    wins: float
    passes: float
    worlds: int
    score: float
    """The search's own value (mean utility plus head start): what ranks the options."""
    took_pot: float = 0.0
    chips: float | None = None


@dataclass(frozen=True)
class Hint:
    """The hard bot's choice for one position and the options behind it, best first.
    ``forced``: there was nothing to compare (the only move, or a true «31»)."""

    move: Move
    options: tuple[Option, ...]
    forced: bool
    format: str

    def cards(self) -> set[str]:
        """Every card the hint names (all of them in the player's hand)."""
        return {str(c) for o in self.options for c in o.move.cards} | {str(c) for c in self.move.cards}


def summarize(verdict: Any, view: SeatView) -> Hint:
    """A :class:`~burkozel.bots.hard.Verdict` searched from ``view`` with ``record=True`` → :class:`Hint`."""
    at_pot = view.rules.table.has_pot
    now = stake(view, view.seat) if at_pot else 0.0
    options = []
    for value in verdict.values[:SHOWN]:
        outs = value.outcomes
        n = len(outs) or 1
        options.append(Option(value.move, sum(o.penalty for o in outs) / n, sum(1 for o in outs if o.penalty == 0) / n,
                              sum(1 for o in outs if o.points >= view.pass_mark) / n, value.worlds, value.score,
                              sum(1 for o in outs if o.won) / n,
                              fsum(o.stake for o in outs) / n - now if at_pot else None))
    return Hint(verdict.move, tuple(options), bool(verdict.forced), view.format)


class Coach:
    """The hint of the position on the table: at most one search at a time,
    tied to the position it was asked in (``key``), forgotten when the table
    moves on.  ``used`` counts hints asked in the current deal (statistics)."""

    def __init__(self) -> None:
        self.key: Any = None
        self.search: Generator | None = None
        self.hint: Hint | str | None = None
        self.view: SeatView | None = None
        self.hidden = False
        self.used = 0

    def request(self, key: Any, view: SeatView, bot: Any) -> bool:
        """Start the hint for ``view`` (seat 0's own view) with ``bot`` (the
        table's hard bot for seat 0); ``False`` if it is already asked (closed, it shows again:
        «Подсказка» asked twice on a turn is never a button that does nothing)."""
        if key == self.key:
            self.hidden = False
            return False
        self.key = key
        self.view = view
        self.hint = None
        self.hidden = False
        self.search = bot.search(view, record=True)
        self.used += 1
        return True

    def pending(self, key: Any) -> bool:
        return self.search is not None and key == self.key

    def step(self) -> None:
        """One slice of the search (``SLICE_ROLLOUTS`` rollouts).  A search or a summary
        that fails ends the hint as :data:`FAILED` (its traceback in the console): the
        table never waits on a hint that cannot come."""
        if self.search is None or self.view is None:
            return
        try:
            try:
                next(self.search)
                return
            except StopIteration as done:
                verdict = done.value
            self.hint = summarize(verdict, self.view)
        except Exception:  # noqa: BLE001 - a broken hint must not hold up the table
            print("[burkozel] hint failed:\n" + traceback.format_exc(), file=sys.stderr)
            self.hint = FAILED
        self.search = None

    def shown(self, key: Any) -> Hint | str | None:
        """The hint for ``key``: a :class:`Hint`, ``"thinking"`` while searching,
        :data:`FAILED` if it could not be made, or ``None``."""
        if key != self.key or self.hidden:
            return None
        return "thinking" if self.search is not None else self.hint

    def dismiss(self) -> None:
        """The player closed the hint: it stays hidden until asked again (the same search's
        answer then, on this turn)."""
        self.hidden = True

    def new_deal(self) -> None:
        self.key = self.search = self.hint = self.view = None
        self.used = 0


def run(view: SeatView, bot: Any) -> Hint:
    """The whole hint at once (tests, benchmarks)."""
    coach = Coach()
    coach.request("now", view, bot)
    while coach.search is not None:
        coach.step()
    assert coach.hint is not None
    return coach.hint
