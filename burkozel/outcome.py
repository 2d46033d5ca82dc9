"""How a deal ended, in one frozen value (``Round.outcome()``), the same for
every table: python-chess's ``board.outcome()`` for a deal of cards.  The
table shows it at a deal's end; the match adds it up."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    """``end``: ``cards_out``, ``declared``, ``false_declaration``, the id of
    the combination that won, or at a pot ``void`` and ``folded``.
    ``winner``: the side that won the deal (at a pot: the seat that took it),
    ``None`` for none.  ``ended_by``: who declared «31» or held the
    combination.  ``points`` and ``penalties`` per side; at a pot ``chips``
    (every stack after the deal's payments), the ``pot`` left to play for,
    ``taken``, the chips its winner took from the pot, and ``chips_won``,
    each seat's gain (+) or loss (−) in the deal."""

    end: str
    winner: int | None
    ended_by: int | None
    points: tuple[int, ...]
    penalties: tuple[int, ...]
    chips: tuple[int, ...] | None = None
    pot: int = 0
    taken: int = 0
    chips_won: tuple[int, ...] = ()

    def won(self, side: int) -> bool:
        """Whether ``side`` (at a pot: the seat) came out of the deal on top or
        level with the top: it pays no penalty; at a pot, it took the pot."""
        if self.chips is not None:
            return self.winner == side
        return self.penalties[side] == 0

    @property
    def played_again(self) -> bool:
        """Whether the same pot is played for again (a false «31», a void deal)."""
        return self.chips is not None and self.winner is None
