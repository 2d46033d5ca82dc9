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

import json
import os
from dataclasses import dataclass, field
from typing import Any

from table.p2p import peer, phrases, seal, session, watch
from table.p2p.invite import Invite

TICK_S = 5.0
"""Both ends look at their lines this often (who is silent, what is due)."""
QUIET_TICKS = 2
"""A side that sent nothing for this many ticks says it is there (and so a lost last message
is noticed): a heartbeat every 10 s while idle.  Every frame costs a relay event where no
DataChannel opens, and heartbeats are all an idle table sends (bench/README.md)."""
HEARTBEAT_S = TICK_S * QUIET_TICKS
SILENT_S = 25.0
"""A guest not heard from this long has left (then ``peer.AWAY_LIMIT_S`` more gives the seat a
bot): two heartbeats and a half, so one lost on the relays is not taken for leaving."""


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
    quiet: int = 0
    """Ticks in a row with nothing sent on this line (a heartbeat at :data:`QUIET_TICKS`)."""

    def frame(self, frame: session.Frame) -> str:
        return seal.seal(self.invite.secret, seal.TO_GUEST, frame.dump())


WATCH_RESEND_S = 20.0
"""The watchers' state goes out again this often while anyone watches (a relay may have dropped it)."""


@dataclass
class WatchRoom:
    """The host's end of the watchers' room: who watches (by device, when last heard), what was sent."""

    invite: Invite
    out: session.Outgoing
    watchers: dict[str, float] = field(default_factory=dict)
    sent: str | None = None
    sent_at: float = 0.0
    snap: tuple[Any, dict[str, Any], list[int], str] | None = None
    """(the position it was taken at, the public view, its ``at``: deal and moves, the table's
    phase then): taken when a trick is taken or a deal begins."""

    def frame(self, frame: session.Frame) -> str:
        return seal.seal(self.invite.secret, seal.TO_GUEST, frame.dump())


class OnlineHost:
    """The host's seat lines around a ``peer.Host``: frames in, frames out (sealed texts)."""

    def __init__(self, host: peer.Host, invites: dict[int, Invite], me: str, watch: Invite | None = None) -> None:
        """``me``: this page's sender id, ``device:load`` (a reloaded host numbers afresh);
        ``watch``: the watchers' ticket, if the table may be watched."""
        self.host = host
        self.me = me
        self.lines = {seat: SeatLine(inv, session.Outgoing(me)) for seat, inv in invites.items()}
        self.pending: list[tuple[int, str]] = []
        self.refusals: set[str] = set()
        """Frames refusing a second device: they go through the relays even while the holder
        is connected directly (that device is not the direct peer)."""
        self.watch = WatchRoom(watch, session.Outgoing(me)) if watch is not None else None
        self.gate = phrases.Gate()
        self.spoken: list[tuple[int, str]] = []
        """Phrases passed on since the host's page last showed them (its own board)."""

    def receive(self, seat: Any, text: Any, now: float) -> bool:
        """Take a frame that came for ``seat``'s room; whether anything changed.  A frame
        that does not open with the seat's secret, or comes from a second device, is dropped."""
        line = self.lines.get(seat) if isinstance(seat, int) else None
        if line is None:
            return False
        frame = session.parse(seal.unseal(line.invite.secret, seal.TO_HOST, text))
        if frame is None or frame.kind in (session.TAKEN, session.OUT):
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
            elif data is not None and data["t"] == peer.SAY:
                changed = (seat in self.host.online and self.say(seat, data.get("key"), now)) or changed
            elif seat in self.host.online:
                before = len(self.host.table.match.moves) if self.host.table.match is not None else None
                for to, reply in self.host.receive(seat, body):
                    self.send(to, reply)
                after = len(self.host.table.match.moves) if self.host.table.match is not None else None
                changed = changed or before != after
        return changed

    def turn_away(self, seat: int) -> None:
        """An open table's host refuses the stranger at ``seat``: told on the seat's own room
        (whatever way, the relays too), which reaches it after a reload as well (the ask that
        brought it, on the lobby topic, is one its reloaded page no longer knows)."""
        line = self.lines[seat]
        if line.holder is not None:
            frame = line.frame(session.Frame(self.me, 0, session.OUT, line.holder))
            self.refusals.add(frame)
            self.pending.append((seat, frame))

    def knocked(self, old: Invite, text: Any) -> tuple[str, str] | None:
        """A frame on the room of a link the host refused (an open table's seat, before the
        start): (the device that knocked, the refusal again sealed for it — a stranger's page
        that was reloading when it was refused knows nothing else), or ``None`` for anything
        that does not open with that link's secret."""
        frame = session.parse(seal.unseal(old.secret, seal.TO_HOST, text))
        if frame is None or frame.kind in (session.TAKEN, session.OUT):
            return None
        device = frame.sender.split(":", 1)[0]
        return device, seal.seal(old.secret, seal.TO_GUEST, session.Frame(self.me, 0, session.OUT, device).dump())

    def say(self, seat: int, key: Any, now: float) -> bool:
        """Pass a phrase of ``seat``'s on to every guest, the watchers and this page: a known
        key, and one a seat per ``phrases.GAP_S``; anything else is dropped."""
        if not self.gate.let(seat, key, now):
            return False
        text = peer.dump(peer.SAID, seat=seat, key=key)
        for to in sorted(self.host.online):
            if to in self.lines:
                self.send(to, text)
        room = self.watch
        if room is not None and self.watching(now):  # (one frame for every watcher: their room is one)
            self.pending.append(("watch", room.frame(room.out.message(text))))
        self.spoken.append((seat, key))
        return True

    # --- watchers ------------------------------------------------------------------------

    def watching(self, now: float) -> int:
        """How many watch now (heard from within :data:`SILENT_S`)."""
        room = self.watch
        return 0 if room is None else sum(1 for heard in room.watchers.values() if now - heard < SILENT_S)

    def receive_watch(self, text: Any, now: float) -> bool:
        """A frame in the watchers' room: only whether a watcher is there counts (a hello or a
        heartbeat); anything a watcher says besides is read by no one.  Past
        ``watch.MAX_WATCHERS`` a new one is told the room is full.  Whether the count changed."""
        room = self.watch
        frame = session.parse(seal.unseal(room.invite.secret, seal.TO_HOST, text)) if room is not None else None
        if frame is None or frame.kind in (session.TAKEN, session.OUT):
            return False
        device = frame.sender.split(":", 1)[0]
        before = self.watching(now)
        room.watchers = {d: t for d, t in room.watchers.items() if now - t < SILENT_S}
        if device not in room.watchers and len(room.watchers) >= watch.MAX_WATCHERS:
            self.pending.append(("watch", room.frame(session.Frame(self.me, 0, session.TAKEN, device))))
            return False
        if device not in room.watchers:
            room.sent = None  # the newcomer gets the table now
        room.watchers[device] = now
        return self.watching(now) != before

    def _watch_view(self) -> dict[str, Any] | None:
        """The watchers' view, a trick late: retaken only when a trick is taken or a deal begins."""
        room, match = self.watch, self.host.table.match
        if room is None or match is None:
            return None
        if self.host.table.phase() == peer.KEYING:
            return None  # (the deal waits for the guests' values: no cards yet)
        view = match.view(0)
        # (a deal dealt anew once the guests' values are in keeps its number: its trump tells it)
        at = (id(match), match.round_no, str(view.trump_card), len(view.history), view.round_over)
        if room.snap is None or room.snap[0] != at:
            room.snap = (at, watch.public(view.to_dict()), [match.round_no, len(match.round.moves)],
                         self.host.table.phase())
        return room.snap[1]

    def watch_outbox(self, now: float) -> list[tuple[Any, str]]:
        """The public state for the watchers' room when it changed (or is due again), while anyone watches."""
        room = self.watch
        if room is None or not self.watching(now):
            return []
        view = self._watch_view()
        # Its position is the snapshot's, not the move's: a move that changes nothing a watcher
        # sees sends nothing to the watchers' room (one event on each relay it is heard on).
        state = {**self.host.state(0), "view": view, "answers": None, "stand_ins": sorted(self.host.table.stood_in),
                 "online": {"started": True, "watchers": self.watching(now)}}
        if view is not None and room.snap is not None:
            state["at"] = room.snap[2]
            if state["phase"] in ("play", "clearing"):  # (the trick taken, as when it was: «Взятку берёт …»)
                state["phase"] = room.snap[3]
        body = json.dumps(state, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
        if body == room.sent and now - room.sent_at < WATCH_RESEND_S:
            return []
        room.sent, room.sent_at = body, now
        text = peer.dump(peer.STATE, seq=room.out.next_seq, **state)
        return [("watch", room.frame(room.out.message(text)))]

    def send(self, seat: int, text: str) -> None:
        line = self.lines[seat]
        self.pending.append((seat, line.frame(line.out.message(text))))

    def outbox(self, now: float | None = None) -> list[tuple[Any, str]]:
        """Every sealed frame due now: the host's new states and the lines' own frames, and
        the watchers' (room ``"watch"``) when ``now`` is given."""
        for seat, text in self.host.outbox():
            if seat in self.lines:
                self.send(seat, text)
        out, self.pending = self.pending, []
        return out + (self.watch_outbox(now) if now is not None else [])

    def tick(self, now: float) -> list[tuple[int, str]]:
        """Heartbeats to every held seat; a guest silent too long has left."""
        for seat, line in self.lines.items():
            if line.holder is None:
                continue
            if seat in self.host.online and line.heard is not None and now - line.heard >= SILENT_S:
                self.host.left(seat, now)
            line.quiet = line.quiet + 1 if line.out.next_seq == line.ticked_seq else 0
            if line.quiet >= QUIET_TICKS:
                line.quiet = 0
                self.pending.append((seat, line.frame(line.out.heartbeat())))
            line.ticked_seq = line.out.next_seq
        return self.outbox(now)

    def holders(self) -> dict[int, bool]:
        """Which seats a guest holds now (the lobby's «присоединился»)."""
        return {seat: seat in self.host.online for seat in self.lines}


class _Visitor:
    """What a guest's and a watcher's end share: the link's ticket, this device, the page load's
    sender id and its numbered frames to the host, sealed with the ticket's secret.

    ``device`` is this browser's id (kept in its storage); each page load adds its own
    part, so a reload numbers its messages afresh and is still the same device."""

    def __init__(self, invite: Invite, device: str) -> None:
        self.invite = invite
        self.device = device
        self.me = f"{device}:{new_id()[:8]}"
        self.out = session.Outgoing(self.me)

    def _frame(self, frame: session.Frame) -> str:
        return seal.seal(self.invite.secret, seal.TO_HOST, frame.dump())


class OnlineGuest(_Visitor):
    """A guest's end: a ``peer.Guest`` screen fed by sealed frames from one seat's room."""

    def __init__(self, invite: Invite, device: str, lang: str | None = None) -> None:
        super().__init__(invite, device)
        self.screen = peer.Guest(lang)
        self.inc = session.Incoming()
        self.refused = False
        """Another device holds this seat."""
        self.turned_away = False
        """The host refused this device the seat (an open table, before the start)."""
        self.heard: float | None = None
        self.name = ""
        self.ticked_seq = 0
        self.quiet = 0

    def message(self, text: str) -> str:
        return self._frame(self.out.message(text))

    def hello(self, name: str = "") -> str:
        self.name = name
        return self.message(self.screen.hello(name))

    def heartbeat(self) -> str | None:
        """A heartbeat after :data:`QUIET_TICKS` ticks with nothing sent, else ``None``."""
        self.quiet = self.quiet + 1 if self.out.next_seq == self.ticked_seq else 0
        self.ticked_seq = self.out.next_seq
        if self.quiet < QUIET_TICKS:
            return None
        self.quiet = 0
        return self._frame(self.out.heartbeat())

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
        if frame.kind == session.OUT:  # (only before the start, as the host refuses)
            facts = (self.screen.state or {}).get("online")
            if frame.body == self.device and not (isinstance(facts, dict) and facts.get("started") is True):
                self.turned_away = True
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
        replies += [self.message(text) for text in self.screen.outbox()]  # its value for a deal about to be dealt
        return changed, replies


class OnlineWatcher(_Visitor):
    """A watcher's end: a ``watch.Watcher`` screen fed by the host's public states.

    It says hello and then only that it is there; it keeps the newest state (each is
    whole), so it needs no resends.  Nothing it could send would be read by the host."""

    def __init__(self, invite: Invite, device: str, lang: str | None = None) -> None:
        super().__init__(invite, device)
        self.screen = watch.Watcher(lang)
        self.host_sender: str | None = None
        self.last = 0
        self.refused = False
        """The room is full (``watch.MAX_WATCHERS``)."""
        self.ticks = 0
        self.heard: float | None = None

    def hello(self) -> str:
        return self._frame(self.out.message(peer.dump(peer.HELLO, name="")))

    def heartbeat(self) -> str | None:
        """That it is still there, every :data:`QUIET_TICKS` ticks (``None`` between)."""
        self.ticks += 1
        return self._frame(self.out.heartbeat()) if self.ticks % QUIET_TICKS == 0 else None

    def receive(self, text: Any, now: float) -> bool:
        """Take a frame from the host; whether the screen changed."""
        frame = session.parse(seal.unseal(self.invite.secret, seal.TO_GUEST, text))
        if frame is None:
            return False
        if self.refused:
            return False
        if frame.kind == session.TAKEN:
            if frame.body == self.device:  # (the room is one for all: it may have shown the table already)
                self.refused = True
                self.screen.state = None
                return True
            return False
        self.heard = now
        if frame.kind != session.MESSAGE:
            return False
        if frame.sender != self.host_sender:
            self.host_sender, self.last = frame.sender, 0
        if frame.seq <= self.last:
            return False
        self.last = frame.seq
        return self.screen.receive(frame.body)
