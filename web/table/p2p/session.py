"""Numbered, de-duplicated, ordered messages over links that drop, repeat and reorder.

Why: a seat's messages go through a DataChannel or as relay events (any relay
may drop, repeat or reorder them), and a page switches between the two
mid-game.  So each direction numbers its messages once, above both ways: the
receiver delivers each number once and in order and asks for a resync when a
gap stays open; the sender resends what it keeps, or says how far to skip
(the host then sends a fresh state: each state is whole).  A heartbeat
carries the last number sent, so a lost last message is noticed too.  The
frame's fields are in web/README.md.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass, field
from typing import Any

MESSAGE, RESEND, SKIP, HEARTBEAT, TAKEN, OUT = "m", "r", "j", "p", "x", "o"
KINDS = (MESSAGE, RESEND, SKIP, HEARTBEAT, TAKEN, OUT)
"""``TAKEN``: another device holds the seat; ``OUT``: the host refused the seat's holder (an open table)."""
KEPT = 64
"""Messages a sender keeps for resending."""
HELD = 64
"""Early messages a receiver holds while it waits for the gap before them to fill."""
MAX_SEQ = 2**40


@dataclass(frozen=True)
class Frame:
    sender: str
    seq: int
    kind: str
    body: str = ""

    def dump(self) -> str:
        return json.dumps({"i": self.sender, "s": self.seq, "k": self.kind, "d": self.body},
                          ensure_ascii=False, separators=(",", ":"))


def parse(text: Any) -> Frame | None:
    """A frame, or ``None`` for anything that is not exactly one."""
    if not isinstance(text, str):
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    sender, seq, kind, body = data.get("i"), data.get("s"), data.get("k"), data.get("d", "")
    if (not isinstance(sender, str) or not 0 < len(sender) <= 64 or type(seq) is not int
            or not 0 <= seq < MAX_SEQ or kind not in KINDS or not isinstance(body, str)):
        return None
    return Frame(sender, seq, kind, body)


@dataclass
class Outgoing:
    """One direction's sending end: numbers messages and keeps the last :data:`KEPT`."""

    sender: str
    next_seq: int = 1
    kept: deque[Frame] = field(default_factory=lambda: deque(maxlen=KEPT))

    def message(self, body: str) -> Frame:
        frame = Frame(self.sender, self.next_seq, MESSAGE, body)
        self.next_seq += 1
        self.kept.append(frame)
        return frame

    def heartbeat(self) -> Frame:
        return Frame(self.sender, self.next_seq - 1, HEARTBEAT)

    def resend(self, start: int) -> list[Frame]:
        """What answers "resend from ``start``": the kept frames, or a skip past the lost ones."""
        if start >= self.next_seq:
            return []
        if self.kept and self.kept[0].seq <= start:
            return [f for f in self.kept if f.seq >= start]
        first = self.kept[0].seq if self.kept else self.next_seq
        return [Frame(self.sender, first, SKIP), *(f for f in self.kept)]


@dataclass
class Incoming:
    """One direction's receiving end, for one sender (a new sender id starts it afresh)."""

    sender: str | None = None
    delivered: int = 0
    held: dict[int, str] = field(default_factory=dict)
    skipped: bool = False
    """Set when a skip lost messages: the receiver's owner should ask for a fresh state."""

    def take(self, frame: Frame) -> tuple[list[str], int | None]:
        """The bodies ``frame`` makes deliverable, in order, and the seq to ask a resend
        from (``None`` when nothing is missing)."""
        if frame.sender != self.sender:
            self.sender, self.delivered, self.held = frame.sender, 0, {}
        if frame.kind == SKIP:
            if frame.seq - 1 > self.delivered:
                self.delivered = frame.seq - 1
                self.held = {s: b for s, b in self.held.items() if s > self.delivered}
                self.skipped = True
            return self._drain(), self.gap()
        if frame.kind == HEARTBEAT:
            return [], (self.delivered + 1 if frame.seq > self.delivered else None)
        if frame.kind != MESSAGE:
            return [], None
        if frame.seq == self.delivered + 1 or (frame.seq > self.delivered and len(self.held) < HELD):
            self.held[frame.seq] = frame.body
        return self._drain(), self.gap()

    def _drain(self) -> list[str]:
        out = []
        while self.delivered + 1 in self.held:
            self.delivered += 1
            out.append(self.held.pop(self.delivered))
        return out

    def gap(self) -> int | None:
        return self.delivered + 1 if self.held else None
