"""Online play's two ends, over ``session`` and ``seal``: the host's seat lines and a guest.

Why a layer between ``peer`` and the page: ``peer`` says what the host and a
guest tell each other; this says how it travels when the other side is in
another home.  Every text becomes a numbered frame sealed with the seat's
secret, whichever way it goes (a DataChannel or relay events: the page's
``relay.js`` picks), so switching ways mid-game loses and repeats nothing.
It also decides who holds a seat: the first device that says hello with the
seat's link; another device with the same link is refused while the first is
heard from, and takes over once it has been silent :data:`SILENT_S` (a
reloaded page keeps its device id, so it is the same device).  Pure Python: tested
on CPython (``tests/test_online_wire.py``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from table.p2p import peer, seal, session
from table.p2p.invite import Invite

HEARTBEAT_S = 5.0
"""Each side says it is there this often (and so a lost last message is noticed), unless it
sent a message since the last time: every frame costs an event where no DataChannel opens."""
SILENT_S = 16.0
"""A guest not heard from this long has left (then ``peer.AWAY_LIMIT_S`` more gives the seat a bot)."""


def new_id() -> str:
    """A page's random session id (kept across its reloads by the page's storage)."""
    return os.urandom(8).hex()


@dataclass
class SeatLine:
    """The host's end of one guest seat: its invite, both directions' numbers, who holds it."""

    invite: Invite
    out: session.Outgoing
    inc: session.Incoming = field(default_factory=session.Incoming)
    holder: str | None = None
    heard: float | None = None
    ticked_seq: int = 0
    """The next message number at the last tick: a message sent since makes a heartbeat needless."""

    def frame(self, frame: session.Frame) -> str:
        return seal.seal(self.invite.secret, seal.TO_GUEST, frame.dump())


class OnlineHost:
    """The host's seat lines around a ``peer.Host``: frames in, frames out (sealed texts)."""

    def __init__(self, host: peer.Host, invites: dict[int, Invite], me: str) -> None:
        """``me``: this page's sender id, ``device:load`` (a reloaded host numbers afresh)."""
        self.host = host
        self.me = me
        self.lines = {seat: SeatLine(inv, session.Outgoing(me)) for seat, inv in invites.items()}
        self.pending: list[tuple[int, str]] = []
        self.refusals: set[str] = set()
        """Frames refusing a second device: they go through the relays even while the holder
        is connected directly (that device is not the direct peer)."""

    def receive(self, seat: Any, text: Any, now: float) -> bool:
        """Take a frame that came for ``seat``'s room; whether anything changed.  A frame
        that does not open with the seat's secret, or comes from a second device, is dropped."""
        line = self.lines.get(seat) if isinstance(seat, int) else None
        if line is None:
            return False
        frame = session.parse(seal.unseal(line.invite.secret, seal.TO_HOST, text))
        if frame is None or frame.kind == session.TAKEN:
            return False
        device = frame.sender.split(":", 1)[0]
        known = device == line.holder and frame.sender == line.inc.sender
        if device != line.holder:
            if line.holder is not None and line.heard is not None and now - line.heard < SILENT_S \
                    and seat in self.host.online:
                refusal = line.frame(session.Frame(self.me, 0, session.TAKEN, device))
                self.refusals.add(refusal)
                self.pending.append((seat, refusal))
                return False
            line.holder = device
            self.host.left(seat, now)  # (a new device: everything is sent again once it says hello)
        if frame.sender != line.inc.sender:  # a new device, or the same one reloaded
            line.inc = session.Incoming()
            self.pending.append((seat, line.frame(session.Frame(self.me, line.out.next_seq, session.SKIP))))
        line.heard = now
        # Heard again from the page that holds the seat, which the host counted as gone: it is
        # back.  (It may have heard the host all along while its own frames were lost, and then
        # it has no reason to say hello.)
        back = known and seat not in self.host.online
        if back:
            self.host.joined(seat)
        if frame.kind == session.RESEND:
            self.pending += [(seat, line.frame(f)) for f in line.out.resend(frame.seq)]
            return back
        bodies, gap = line.inc.take(frame)
        if gap is not None:
            self.pending.append((seat, line.frame(session.Frame(self.me, gap, session.RESEND))))
        changed = back
        for body in bodies:
            data = peer.parse(body, peer.FROM_GUEST)
            if data is not None and data["t"] == peer.HELLO:
                self.host.joined(seat, data.get("name"))
                changed = True
            elif seat in self.host.online:
                before = len(self.host.table.match.moves) if self.host.table.match is not None else None
                for to, reply in self.host.receive(seat, body):
                    self.send(to, reply)
                after = len(self.host.table.match.moves) if self.host.table.match is not None else None
                changed = changed or before != after
        return changed

    def send(self, seat: int, text: str) -> None:
        line = self.lines[seat]
        self.pending.append((seat, line.frame(line.out.message(text))))

    def outbox(self) -> list[tuple[int, str]]:
        """Every sealed frame due now: the host's new states and the lines' own frames."""
        for seat, text in self.host.outbox():
            if seat in self.lines:
                self.send(seat, text)
        out, self.pending = self.pending, []
        return out

    def tick(self, now: float) -> list[tuple[int, str]]:
        """Heartbeats to every held seat; a guest silent too long has left."""
        for seat, line in self.lines.items():
            if line.holder is None:
                continue
            if seat in self.host.online and line.heard is not None and now - line.heard >= SILENT_S:
                self.host.left(seat, now)
            if line.out.next_seq == line.ticked_seq:
                self.pending.append((seat, line.frame(line.out.heartbeat())))
            line.ticked_seq = line.out.next_seq
        return self.outbox()

    def holders(self) -> dict[int, bool]:
        """Which seats a guest holds now (the lobby's «присоединился»)."""
        return {seat: seat in self.host.online for seat in self.lines}


class OnlineGuest:
    """A guest's end: a ``peer.Guest`` screen fed by sealed frames from one seat's room.

    ``device`` is this browser's id (kept in its storage); each page load adds its own
    part, so a reload numbers its messages afresh and is still the same device."""

    def __init__(self, invite: Invite, device: str, lang: str | None = None) -> None:
        self.invite = invite
        self.device = device
        self.me = f"{device}:{new_id()[:8]}"
        self.screen = peer.Guest(lang)
        self.out = session.Outgoing(self.me)
        self.inc = session.Incoming()
        self.refused = False
        """Another device holds this seat."""
        self.heard: float | None = None
        self.name = ""
        self.ticked_seq = 0

    def _frame(self, frame: session.Frame) -> str:
        return seal.seal(self.invite.secret, seal.TO_HOST, frame.dump())

    def message(self, text: str) -> str:
        return self._frame(self.out.message(text))

    def hello(self, name: str = "") -> str:
        self.name = name
        return self.message(self.screen.hello(name))

    def heartbeat(self) -> str | None:
        """A heartbeat, or ``None`` when a message went out since the last one was due."""
        quiet = self.out.next_seq == self.ticked_seq
        self.ticked_seq = self.out.next_seq
        return self._frame(self.out.heartbeat()) if quiet else None

    def receive(self, text: Any, now: float) -> tuple[bool, list[str]]:
        """Take a frame from the host: whether the screen changed, and the frames to send back."""
        frame = session.parse(seal.unseal(self.invite.secret, seal.TO_GUEST, text))
        if frame is None:
            return False, []
        host_reloaded = self.inc.sender is not None and frame.sender != self.inc.sender
        if frame.kind == session.TAKEN:
            if frame.body == self.device and self.screen.state is None:
                self.refused = True
                return True, []
            return False, []
        # Heard again after a silence the host counts as leaving: say hello, or the seat stays away.
        back = self.heard is not None and now - self.heard >= SILENT_S
        self.heard = now
        if frame.kind == session.RESEND:
            return False, [self._frame(f) for f in self.out.resend(frame.seq)] + ([self.hello(self.name)] if back else [])
        bodies, gap = self.inc.take(frame)
        replies = [self._frame(session.Frame(self.me, gap, session.RESEND))] if gap is not None else []
        if self.inc.skipped or host_reloaded or back:  # states lost, a new host page, or away: ask again
            self.inc.skipped = False
            replies.append(self.hello(self.name))
        changed = False
        for body in bodies:
            changed = self.screen.receive(body) or changed
        return changed, replies
