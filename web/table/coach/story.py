"""The deal's story as the player saw it: every finished trick with the points
taken, and the frames of «Разобрать раздачу» — pure Python.

Why it reads only seat 0's views: the story must show nothing the player did
not see at the time.  A trick comes from ``SeatView.to_dict()["history"]``
(closed discards there carry a count and, for the player's own, ``own``
faces); the review's frames are seat 0's views after each move, rebuilt by
replaying the match's moves through the engine (``Match.view(0)``), never the
hands themselves.  Tested on CPython (``tests/test_teach.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from burkozel import Match, Move, TableRules
from burkozel.trick import BARE_KINDS
from burkozel.view import TrickView


@dataclass(frozen=True)
class TrickSummary:
    """One finished trick as seat 0 saw it: ``points`` of the faces it saw
    (its own closed discards included), ``hidden`` cards it never saw."""

    number: int
    trick: dict[str, Any]
    winner: int
    points: int
    hidden: int


def seen_points(trick: dict[str, Any]) -> tuple[int, int]:
    """(points of the cards seat 0 saw in ``trick``, how many it did not see):
    the engine's :attr:`TrickView.seen`."""
    return TrickView.from_dict(trick).seen


def tricks(view: dict[str, Any]) -> list[TrickSummary]:
    """Every finished trick of the deal in ``view`` (seat 0's view dict)."""
    out = []
    for i, trick in enumerate(view.get("history") or []):
        points, hidden = seen_points(trick)
        out.append(TrickSummary(i + 1, trick, trick["winner"], points, hidden))
    return out


def last_trick(view: dict[str, Any] | None) -> TrickSummary | None:
    """The last finished trick (the «Последняя взятка» panel), if any."""
    done = tricks(view) if view else []
    return done[-1] if done else None


@dataclass(frozen=True)
class Frame:
    """One step of «Разобрать раздачу»: seat 0's view right after move ``index``
    (0 = the deal as dealt), and the trick to show then (the one just taken
    when the move finished it)."""

    index: int
    mover: int | None
    view: dict[str, Any]
    trick: dict[str, Any] | None
    said: str | None = None
    """The kind of a move that plays no card (a «даве», an answer to it, a «31»), which the
    step must say in words: no trick shows it."""


def frames(rules: TableRules, seed: int | None, rounds: Sequence[Sequence[Any]], first_deal: int = 0, *,
           fresh: Match | None = None, seat: int = 0) -> list[Frame]:
    """The frames of the last of ``rounds`` (each a list of ``[seat, move dict]``),
    replayed from the match's seed (or from ``fresh``, the match as it started,
    when it is dealt by keys): ``seat``'s view only, after every move (a friend on
    another device reviews the deal from their own seat)."""
    match = fresh if fresh is not None else Match(rules, seed=seed, **({"first_deal": first_deal} if first_deal else {}))
    for r, moves in enumerate(rounds[:-1]):
        for mover, move in moves:
            match.push(Move.from_dict(move), mover)
        match.next_round()
        del r
    view = match.view(seat)
    out = [Frame(0, None, view.to_dict(), None)]
    for i, (mover, move) in enumerate(rounds[-1] if rounds else []):
        before = len(view.history)
        played = Move.from_dict(move)
        match.push(played, mover)
        view = match.view(seat)
        d = view.to_dict()
        trick = d["history"][-1] if len(view.history) > before else d["trick"]
        out.append(Frame(i + 1, mover, d, trick, played.kind if played.kind in BARE_KINDS else None))
    return out
