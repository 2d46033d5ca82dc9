"""«Пригласить по ссылке» in the controller: the rooms on ``web/page/relay.js``, the lobby.

Why a module of its own beside ``link.py``: the same host and guest
(``peer.Host``, ``peer.Guest``) play, but their texts travel as sealed,
numbered frames (``online.py``) through rooms on public relays instead of a
DataChannel made by hand, and the host hands out one link per guest seat
instead of a code.  ``PeerLink`` keeps who is host or guest; this keeps the
online ends, asks ``relay.js`` for rooms through effects (``online-open``,
``online-send``, ``online-close``) and learns what came through ``online``
events (``frame``, ``way``, ``unavailable``).  A guest's page keeps the link
in its address, so a reload sits down at the same seat again.
"""

from __future__ import annotations

import json
import math
from typing import Any

from table.match.record import Resumed
from table.match.storage import ONLINE_HOST_KEY
from table.p2p import invite, online, peer
from table.p2p.move_timer import MoveClock

DEVICE_KEY = "burkozel.device"
"""localStorage: this browser's random id (a reload is the same device, another browser is not)."""
TICK_MS = int(online.HEARTBEAT_S * 1000)


class _Rooms:
    """``PeerLink.js`` while playing online: a text for a seat goes out as a sealed frame."""

    def __init__(self, link: "OnlineLink") -> None:
        self.link = link

    def send(self, room: str, text: str) -> None:
        end = self.link.end
        if isinstance(end, online.OnlineHost) and room.isdigit():
            end.send(int(room), text)
            self.link.flush()
        elif isinstance(end, online.OnlineGuest):
            self.link.send("host", end.message(text))

    def close(self, room: str) -> None:
        self.link.app.fx.p2p({"op": "online-close", "id": room})


class OnlineLink:
    def __init__(self, peer_link: Any) -> None:
        self.peer = peer_link
        self.app = peer_link.app
        self.end: online.OnlineHost | online.OnlineGuest | None = None
        self.ways: dict[str, str] = {}
        """Each room's way now: ``direct`` or ``relay`` (``relay.js`` says)."""
        self.bots: set[int] = set()
        """Guest seats the host gave to a bot before anyone joined."""
        self.tick_timer: int | None = None
        self.device_id: str | None = None
        self.clock = MoveClock()
        """The host's move timer (off unless the host sets it in the lobby)."""
        self.clock_key: tuple[int, int, int] | None = None
        self.clock_timer: int | None = None
        self.turn: tuple[Any, float] | None = None
        """A guest's move awaited now: (its position ``at``, since when on this page's clock)."""
        self.count_timer: int | None = None
        """A guest's one-second page timer ``count`` while its move is timed."""

    # --- both ends ---------------------------------------------------------------------

    def device(self) -> str:
        """This browser's id: the stored one, or a new one stored now."""
        if self.device_id is None:
            stored = self.app.store.get(DEVICE_KEY) or ""
            if len(stored) == 16 and all(c in "0123456789abcdef" for c in stored):
                self.device_id = stored
            else:
                self.device_id = online.new_id()
                self.app.store.set(DEVICE_KEY, self.device_id)
        return self.device_id

    def send(self, room: str, frame: str) -> None:
        op = {"op": "online-send", "id": room, "text": frame}
        if isinstance(self.end, online.OnlineHost) and frame in self.end.refusals:
            self.end.refusals.discard(frame)
            op["loud"] = True  # (through the relays too: the refused device is not the direct peer)
        self.app.fx.p2p(op)

    def flush(self) -> None:
        if isinstance(self.end, online.OnlineHost):
            for seat, frame in self.end.outbox():
                self.send(str(seat), frame)

    def _arm(self) -> None:
        self.peer.timer_gen += 1
        self.tick_timer = self.peer.timer_gen
        self.app.fx.timer("online", self.tick_timer, TICK_MS)

    def stop(self) -> None:
        """Online play ends (``PeerLink.leave`` has closed the rooms)."""
        if isinstance(self.end, online.OnlineHost):
            self.app.store.remove(ONLINE_HOST_KEY)
        self.end = None
        self.ways = {}
        self.bots = set()
        self.clock = MoveClock()
        self.arm_count(False)
        self.turn = None
        if self.tick_timer is not None:
            self.app.fx.timer("online", self.tick_timer, None)
            self.tick_timer = None

    # --- the host ----------------------------------------------------------------------

    def start_hosting(self) -> None:
        """«Пригласить по ссылке»: a new match, a room and a link for every guest seat."""
        self.peer.start_hosting(offer=False)
        table = self.app.table
        fmt = table.info.format
        players = table.match.rules.players  # the match's own count: a pot table seats 2 to 6
        invites = {seat: invite.new_invite(fmt, seat, players) for seat in table.remote_seats}
        self._host(invites)
        self.peer.dialog = {"step": "invite"}
        self.app.dialogs = [d for d in self.app.dialogs if d not in ("menu", "rules")]
        self._remember()

    def _host(self, invites: dict[int, invite.Invite]) -> None:
        self.end = online.OnlineHost(self.peer.host, invites, f"{self.device()}:{online.new_id()[:8]}")
        self.peer.host.extra = self.facts
        self.peer.js = _Rooms(self)
        for seat, inv in invites.items():
            if seat not in self.bots:
                self.app.fx.p2p({"op": "online-open", "id": str(seat), "room": inv.room_id, "secret": inv.secret_hex})
        self._arm()

    def _remember(self) -> None:
        assert isinstance(self.end, online.OnlineHost) and self.app.table.info is not None
        self.app.store.set(ONLINE_HOST_KEY, json.dumps({
            "seed": self.app.table.info.seed, "bots": sorted(self.bots), "timer": self.clock.seconds,
            "seats": {str(seat): invite.encode(line.invite) for seat, line in self.end.lines.items()}}))

    def resume(self, saved: dict[str, Any] | None, resumed: Resumed | None = None) -> bool:
        """The host's page reloaded in the middle of an online match: the same table, the
        same rooms; the guests' pages find it again by themselves.  ``resumed``: the replay
        the boot made of ``saved`` (``storage.read_match``), taken instead of another one."""
        try:
            kept = json.loads(self.app.store.get(ONLINE_HOST_KEY) or "null")
            if not isinstance(kept, dict) or saved is None or kept.get("seed") != saved.get("seed"):
                return False
            invites = {int(seat): invite.decode(code) for seat, code in dict(kept["seats"]).items()}
            bots = {int(seat) for seat in kept.get("bots", [])}
        except (ValueError, TypeError, KeyError, invite.InviteError):
            self.app.store.remove(ONLINE_HOST_KEY)
            return False
        table = peer.HostTable(self.app.table.settings, speed=self.app.params["speed"], seed=self.app.params["seed"])
        table.notices = self.app.table.notices
        if not table.restore(saved, resumed) or set(table.remote_seats) != set(invites):
            self.app.store.remove(ONLINE_HOST_KEY)
            return False
        self.app.table = table
        self.peer.host = peer.Host(table)
        self.bots = bots
        self.clock.set(kept.get("timer", 0))
        for seat in bots:
            table.stand_in(seat)
        self._host(invites)
        self.app.cache.clear()
        return True

    def seats(self) -> list[dict[str, Any]]:
        """The lobby's rows: each guest seat's name, link, and whether someone sits there."""
        assert isinstance(self.end, online.OnlineHost)
        names = self.app.table.seat_names()
        page = self.app.env.href
        rows = []
        for seat, line in self.end.lines.items():
            status = "bot" if seat in self.bots else ("joined" if seat in self.end.host.online else "waiting")
            rows.append({"seat": seat, "name": names[seat], "link": invite.link(page, line.invite),
                         "status": status, "way": self.ways.get(str(seat))})
        return rows

    def facts(self, seat: int) -> dict[str, Any]:
        """What every guest's state carries besides the table: whether the host has started,
        who has joined (each guest seat's name and status, never its link) and the move timer."""
        if not isinstance(self.end, online.OnlineHost):
            return {}
        started = (self.peer.dialog or {}).get("step") != "invite"
        rows = [{"seat": r["seat"], "name": r["name"], "status": r["status"]} for r in self.seats()]
        return {"started": started, "seats": rows, "timer": self.clock.seconds}

    def set_timer(self, value: Any) -> None:
        if isinstance(self.end, online.OnlineHost) and self.clock.set(value):
            self._remember()

    def arm_clock(self) -> None:
        """Time the guest's move awaited now (the page timer ``move``), or stop timing."""
        key = self.clock.waiting_on(self.app.table) if isinstance(self.end, online.OnlineHost) else None
        if key == self.clock_key:
            return
        if self.clock_timer is not None:
            self.app.fx.timer("move", self.clock_timer, None)
            self.clock_timer = None
        self.clock_key = key
        if key is not None and self.peer.dialog is None:
            self.peer.timer_gen += 1
            self.clock_timer = self.peer.timer_gen
            self.app.fx.timer("move", self.clock_timer, self.clock.seconds * 1000)
        elif key is not None:
            self.clock_key = None  # (the lobby is open: the clock starts with the game)

    def on_move_timer(self, gen: Any) -> None:
        if gen != self.clock_timer:
            return
        self.clock_timer = None
        key, self.clock_key = self.clock_key, None
        self.clock.expire(self.app.table, key)

    def ready(self) -> bool:
        return all(row["status"] != "waiting" for row in self.seats())

    def fill_with_bot(self, seat: int) -> None:
        if isinstance(self.end, online.OnlineHost) and seat in self.end.lines and seat not in self.end.host.online:
            self.bots.add(seat)
            self.app.table.stand_in(seat)
            self.peer.js.close(str(seat))
            self._remember()

    def touched(self) -> None:
        """A guest whose seat a bot keeps clicked something: they are back (a hello says so)."""
        end = self.end
        if isinstance(end, online.OnlineGuest) and end.screen.state is not None \
                and end.screen.seat in end.screen.state.get("stand_ins", []):
            self.send("host", end.hello(end.name))

    def way_of(self, seat: int) -> str | None:
        return self.ways.get(str(seat)) if isinstance(self.end, online.OnlineHost) else None

    # --- a guest -----------------------------------------------------------------------

    def join(self, fragment: str) -> None:
        """Opened from an invite link: sit down at its seat, or say plainly why not."""
        code = invite.code_in(fragment) or ""
        try:
            inv = invite.decode(code)
        except invite.InviteError as error:
            self.peer.dialog = {"step": "online-bad", "reason": error.reason}
            self.app.dialogs = ["p2p"]
            return
        self.peer.leave()
        end = online.OnlineGuest(inv, self.device(), self.app.table.settings.get("lang"))
        self.end = end
        self.peer.guest = end.screen
        self.peer.guest_link = "connecting"
        self.peer.js = _Rooms(self)
        self.app.cache.clear()
        self.app.fx.p2p({"op": "online-open", "id": "host", "room": inv.room_id, "secret": inv.secret_hex})
        self.send("host", end.hello(self.peer.my_name()))
        self.peer.dialog = {"step": "online-joining", "format": inv.format, "seat": inv.seat}
        self.app.dialogs = ["p2p"]
        self._arm()

    # --- events ------------------------------------------------------------------------

    def on_event(self, event: dict[str, Any]) -> None:
        """Something came from ``relay.js``: a frame, the way a room plays now, or no client."""
        room, kind, data = str(event.get("id") or ""), str(event.get("kind") or ""), event.get("data")
        now = self.app.now()
        end = self.end
        if kind == "way" and data in ("direct", "relay"):
            self.ways[room] = data
        elif kind == "unavailable":
            self.peer.dialog = {"step": "online-bad", "reason": "unavailable"}
            self.app.dialogs = ["p2p"]
        elif kind == "frame" and isinstance(end, online.OnlineHost) and room.isdigit():
            seat = int(room)
            if seat not in self.bots:
                match = self.app.table.match
                before = len(match.moves) if match is not None else 0
                end.receive(seat, data, now)
                played = match is not None and len(match.moves) > before and match.moves[before][0] == seat
                if played or (seat in self.clock.benched and seat not in self.app.table.stood_in):
                    self.clock.acted(seat)
                self.flush()
        elif kind == "frame" and isinstance(end, online.OnlineGuest) and room == "host":
            changed, replies = end.receive(data, now)
            for frame in replies:
                self.send("host", frame)
            if end.refused:
                self.peer.dialog = {"step": "online-taken"}
                self.peer.js.close("host")  # (nothing more to say to the host: no heartbeats)
                if self.tick_timer is not None:
                    self.app.fx.timer("online", self.tick_timer, None)
                    self.tick_timer = None
            elif changed and end.screen.state is not None:
                self.peer.guest_link = "up"
                self._guest_lobby(end)

    def _guest_lobby(self, end: online.OnlineGuest) -> None:
        """A guest's dialog once the host answers: who has joined until the host starts, then the table."""
        step = (self.peer.dialog or {}).get("step")
        if step not in ("online-joining", "online-lobby"):
            return
        facts = end.screen.state.get("online") or {}
        if isinstance(facts, dict) and facts.get("started") is False and isinstance(facts.get("seats"), list):
            self.peer.dialog = {"step": "online-lobby", "format": end.invite.format, "seat": end.invite.seat,
                                "rows": [r for r in facts["seats"] if isinstance(r, dict)]}
            self.app.dialogs = ["p2p"]
        else:
            self.peer.dialog = None
            self.app.dialogs = [d for d in self.app.dialogs if d not in ("menu", "rules", "p2p")]

    def time_left(self) -> int | None:
        """A guest's whole seconds left for the move its screen awaits, if the host times moves
        (counted from when this page first showed the turn: the host's clock runs a little ahead)."""
        end = self.end
        if not isinstance(end, online.OnlineGuest) or end.screen.state is None or not end.screen.my_turn():
            self.turn = None
            return None
        facts = end.screen.state.get("online") or {}
        seconds = facts.get("timer") if isinstance(facts, dict) else None
        if not isinstance(seconds, int) or isinstance(seconds, bool) or seconds <= 0:
            return None
        at, now = end.screen.state.get("at"), self.app.now()
        if self.turn is None or self.turn[0] != at:
            self.turn = (at, now)
        return max(0, math.ceil(seconds - (now - self.turn[1])))

    def arm_count(self, counting: bool) -> None:
        """The guest's one-second timer, running while a countdown shows."""
        if counting and self.count_timer is None:
            self.peer.timer_gen += 1
            self.count_timer = self.peer.timer_gen
            self.app.fx.timer("count", self.count_timer, 1000)
        elif not counting and self.count_timer is not None:
            self.app.fx.timer("count", self.count_timer, None)
            self.count_timer = None

    def on_count(self, gen: Any) -> None:
        if gen == self.count_timer:
            self.count_timer = None  # (the refresh after it arms the next second)

    def on_tick(self, gen: Any) -> None:
        """Every few seconds: heartbeats both ways; a guest silent too long has left."""
        if gen != self.tick_timer or self.end is None:
            return
        now = self.app.now()
        if isinstance(self.end, online.OnlineHost):
            online_before = set(self.end.host.online)
            for seat, frame in self.end.tick(now):
                if seat not in self.bots:
                    self.send(str(seat), frame)
            if online_before != self.end.host.online:
                self.peer._arm_away_timer()
        else:
            if (beat := self.end.heartbeat()) is not None:
                self.send("host", beat)
            if self.end.heard is not None and now - self.end.heard > online.SILENT_S:
                self.peer.guest_link = "lost"
            elif self.end.heard is not None:
                self.peer.guest_link = "up"
        self._arm()
