"""The host's move timer for online seats: off, or 15, 30, 60 or 90 seconds a move.

Why: a friend who wanders off mid-deal should not hold the table hostage, and
one slow move should not hand their seat away for good.  When the time of a
guest's move runs out, the stand-in bot of the match's level plays that one
move and gives the seat back; after :data:`BENCH_AFTER` such moves in a row
the bot keeps the seat until its person acts again (any click on their
screen says so).  Pure Python over ``peer.HostTable``; the page only keeps
the clock (a timer effect), so it is tested on CPython.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

CHOICES = (0, 15, 30, 60, 90)
BENCH_AFTER = 2


@dataclass
class MoveClock:
    seconds: int = 0
    misses: dict[int, int] = field(default_factory=dict)
    """Moves in a row the bot played for each seat because its time ran out."""
    benched: set[int] = field(default_factory=set)
    """Seats the bot keeps until their person acts again."""

    def set(self, value: Any) -> bool:
        seconds = int(value) if str(value).isdigit() else -1
        if seconds not in CHOICES:
            return False
        self.seconds = seconds
        return True

    def waiting_on(self, table: Any) -> tuple[int, int, int] | None:
        """The position a guest's move is awaited at (the match, its moves, the seat), if timed."""
        match = table.match
        if not self.seconds or match is None or table.phase() != "play":
            return None
        seat = match.to_act
        if seat not in table.remote_seats or seat in table.stood_in:
            return None
        return (id(match), len(match.moves), seat)

    def expire(self, table: Any, key: tuple[int, int, int] | None) -> bool:
        """The time at ``key`` ran out: the bot plays that move (if it is still awaited)."""
        if key is None or self.waiting_on(table) != key:
            return False
        seat, moves = key[2], key[1]
        table.stand_in(seat)
        for _ in range(100_000):  # a bot that thinks in slices needs several calls
            if table.phase() != "play" or table.match.to_act != seat or len(table.match.moves) != moves:
                break
            table.bot_move()
        self.misses[seat] = self.misses.get(seat, 0) + 1
        if self.misses[seat] >= BENCH_AFTER:
            self.benched.add(seat)
        else:
            table.seat_back(seat)
        return True

    def acted(self, seat: int) -> None:
        """``seat``'s person played (or said they are back): the count starts again."""
        self.misses.pop(seat, None)
        self.benched.discard(seat)
