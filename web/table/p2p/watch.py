"""Watching a table played by link: what a watcher is sent, and a watcher's screen.

Why a view of its own: a watcher sits at no seat, so no seat's view is theirs.  The host
sends the table's public state only — what every player at the table sees alike: the
trump card, who dealt, how many cards each holds and the stock, every finished trick
with its face-up cards (a face-down card as its count, never its face), the scores and
the result — and a trick late: the state is taken when a trick has been taken (or a
deal begins), so the trick being played is never shown while it could still help a
player that a friend is watching.  A watcher's page (:class:`Watcher`) draws it from
the host's seat at the bottom with no hand, and can do nothing: it has no seat to play,
and the host reads nothing from the watchers' room but their hellos.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from table.match.screen import POSITIONS, ScreenState
from table.p2p import peer

MAX_WATCHERS = 10


def public(view: dict[str, Any]) -> dict[str, Any]:
    """A seat's view dict (``SeatView.to_dict``) with everything private taken out: its
    hand, its own face-down cards' faces, its side's points, the moves it may make, and
    the trick in play (the last trick taken is shown instead)."""
    d = dict(view)
    d["hand"], d["held"] = [], []
    d["legal"] = {kind: False for kind in d.get("legal", {})}
    d["to_act"] = None
    d["points"], d["unseen_taken"] = 0, 0
    history = [_faces_only(t) for t in d.get("history") or []]
    d["history"] = history
    trick = d.get("trick")
    if trick is not None and not trick.get("finished"):
        trick = history[-1] if history else None
    d["trick"] = _faces_only(trick) if trick is not None else (history[-1] if history else None)
    return d


def _faces_only(trick: dict[str, Any]) -> dict[str, Any]:
    """A trick without any seat's own face-down faces (``own``)."""
    return {**trick, "plays": [{k: v for k, v in p.items() if k != "own"} for p in trick["plays"]]}


class Watcher(peer.Guest):
    """A watcher's screen: the host's public states, drawn from the host's seat; it never acts."""

    @property
    def seat(self) -> int:
        return 0

    def my_turn(self) -> bool:
        return False

    def toggle(self, card: Any) -> bool:
        return False

    def act(self, kind: Any) -> str | None:
        return None

    def _fair(self, data: dict[str, Any]) -> None:
        """A watcher sends no value and holds no hand, so it has no deal of its own to check
        (and answering the host's call for values as seat 0 would fail its own check)."""

    def names(self) -> list[str]:
        """Every seat by its own name: a watcher is none of them."""
        return self.seat_names()

    def ui(self) -> ScreenState:
        ui = super().ui()
        n = ui["players"]
        return replace(ui, named_seats=True, watching=True, positions=tuple(POSITIONS[n][s % n] for s in range(n)))
