"""A match as it is kept: what it was started with (:class:`MatchInfo`) and its
moves, as the dict ``localStorage`` holds (``storage`` checks its shape) and the
replay that brings the match back from it.

Why apart from the table: a save must resume across versions of the page, so its
shape is written down in one place; the table only says when to save and restore.
A save necessarily holds every move, bots' discards included; the table never
renders from it (only from the viewer's view).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from burkozel import Match, Move, SeatView, TableRules
from table.match import seats
from table.match.seats import Seat


@dataclass(frozen=True)
class MatchInfo:
    """What a match was started with (fixed for its whole length, RULES.md §8)."""

    format: str
    combos: tuple[str, ...]
    difficulty: str
    seed: int
    discard: str = "closed"
    first_deal: int = 0
    """The seed's deal the match starts at (a shared or re-dealt deal, web/table/coach/share.py)."""
    seats: tuple[Seat, ...] = ()
    """Who plays each seat; empty means single play (``seats.default_seats``)."""
    dave: bool = False
    """The switch «даве» at a table for a pot."""
    players: int | None = None
    """How many sit at the table (``None``: the table's default number)."""

    @property
    def rules(self) -> TableRules:
        return TableRules(self.format, self.combos, self.discard, self.players, dave=self.dave)

    @property
    def seating(self) -> tuple[Seat, ...]:
        return self.seats or seats.default_seats(self.format, self.players)


def info_of(saved: dict[str, Any]) -> MatchInfo:
    """What the saved match was started with (``saved`` as ``storage.load_match`` gives it)."""
    fmt = saved["format"]
    players = saved.get("players")
    seated = seats.parse_seats(fmt, saved["seats"], players)[0] if "seats" in saved else ()
    return MatchInfo(fmt, tuple(saved["combos"]), saved["difficulty"], saved["seed"],
                     saved["discard"], saved.get("first_deal", 0), seated, saved.get("dave", False), players)


def replay(match: Match, rounds: list[list[Any]]) -> list[SeatView]:
    """Play the saved ``rounds`` into ``match`` (fresh, from the same info); returns
    every seat's view just before the last move (none if no move was made).
    The engine's errors pass through: a save that no longer replays is refused."""
    befores: list[SeatView] = []
    for r, moves in enumerate(rounds):
        if r > 0:
            match.next_round()
        for i, (seat, move) in enumerate(moves):
            if r == len(rounds) - 1 and i == len(moves) - 1:
                befores = [match.view(s) for s in range(match.rules.players)]
            match.push(Move.from_dict(move), seat)
    return befores


def saved_of(info: MatchInfo, rounds: list[list[Any]], clearing: bool,
             chips: list[int] | None = None, pot: int = 0) -> dict[str, Any]:
    """The dict kept for the match ``info`` with its ``rounds``: enough to replay it exactly.
    At a pot, ``chips`` and ``pot`` are kept too: the replay must reach them (a check
    that the save was not altered)."""
    out = {"format": info.format, "combos": list(info.combos), "discard": info.discard,
           "difficulty": info.difficulty, "seed": info.seed, "rounds": rounds, "clearing": clearing}
    if info.dave:
        out["dave"] = True
    if info.players is not None and info.players != seats.players_of(info.format, None):
        out["players"] = info.players
    if chips is not None:
        out["chips"], out["pot"] = list(chips), pot
    if info.seating != seats.default_seats(info.format, info.players):
        out["seats"] = seats.seats_json(info.seating)  # single play saves as it always did
    if info.first_deal:
        out["first_deal"] = info.first_deal
    return out
