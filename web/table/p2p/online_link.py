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

from burkozel import FORMATS
from table.match import record
from table.match.record import Resumed
from table.match.storage import ONLINE_HOST_KEY
from table.p2p import invite, online, peer, phrases
from table.p2p.face import LinkApp, PeerSide
from table.p2p.open_link import GONE, ROOM as OPEN_ROOM, OpenTables
from table.p2p.move_timer import MoveClock

DEVICE_KEY = "burkozel.device"
"""localStorage: this browser's random id (a reload is the same device, another browser is not)."""
TICK_MS = int(online.TICK_S * 1000)
JOIN_HINT_S = 12.0
"""A guest's page unanswered this long says what may be wrong (the host's page closed, the seat taken)."""
JOIN_GIVE_UP_S = 60.0
"""Unanswered this long, it stops saying «Подключаемся…» and offers to try again (it still listens)."""


def kept_answers(data: Any, seats: set[int]) -> dict[int, bool]:
    """The guests' answers to «Ещё партию» as the host's record keeps them (``{"1": true}``):
    an answer that is not a guest seat's yes or no is dropped (that guest is asked again)."""
    if not isinstance(data, dict):
        return {}
    return {int(seat): yes for seat, yes in data.items()
            if isinstance(seat, str) and seat.isdigit() and str(int(seat)) == seat and int(seat) in seats
            and type(yes) is bool}


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
        self.link.app.link_op({"op": "online-close", "id": room})


class OnlineLink:
    def __init__(self, peer_link: PeerSide) -> None:
        self.peer = peer_link
        self.app: LinkApp = peer_link.app
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
        self.rematch = False
        """The host offers «Ещё партию»: the lobby is open again for the same links."""
        self.said_again: bool | None = None
        """A guest's answer to «Ещё партию» (``None``: not asked, or not answered yet)."""
        self.board = phrases.Board()
        """The quick phrases this page shows (bubbles, mutes, «Фразы» unfolded)."""
        self.phrase_timer: int | None = None
        self.watched = False
        """The host has opened the watchers' room («Позвать зрителей»)."""
        self.fair_kept: dict[str, Any] | None = None
        """The host's keying as last stored (``HostTable.fair_state``)."""
        self.again_kept: dict[int, bool] = {}
        """The guests' answers to «Ещё партию» as last stored."""
        self.open_tables = OpenTables(self)
        """«Открытый стол» (hosting one) and «Найти игру» (finding one)."""

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
        if room == "watch":
            op["loud"] = True  # (the watchers' room is of many: some may have no DataChannel)
        self.app.link_op(op)

    def flush(self) -> None:
        if isinstance(self.end, online.OnlineHost):
            for seat, frame in self.end.outbox(self.app.now()):
                self.send(str(seat), frame)
            if self.peer.host.table.fair_state() != self.fair_kept or self.end.host.again != self.again_kept:
                self._remember()  # a value or an answer came, or a deal was keyed: a reload goes on from here
            self.open_tables.refresh()

    def _arm(self) -> None:
        self.peer.timer_gen += 1
        self.tick_timer = self.peer.timer_gen
        self.app.timer("online", self.tick_timer, TICK_MS)

    def stop(self) -> None:
        """Online play ends (``PeerLink.leave`` has closed the rooms)."""
        if isinstance(self.end, online.OnlineHost):
            self.app.store.remove(ONLINE_HOST_KEY)
        self.open_tables.stop()
        self.end = None
        self.ways = {}
        self.bots = set()
        self.rematch = False
        self.said_again = None
        self.board = phrases.Board()
        self.watched = False
        self.clock = MoveClock()
        self.arm_count(False)
        self.turn = None
        if self.tick_timer is not None:
            self.app.timer("online", self.tick_timer, None)
            self.tick_timer = None

    # --- the host ----------------------------------------------------------------------

    def start_hosting(self) -> None:
        """«Пригласить по ссылке»: a new match, a room and a link for every guest seat."""
        self.peer.start_hosting(offer=False)
        table = self.app.table
        fmt = table.info.format
        players = table.match.rules.players  # the match's own count: a pot table seats 2 to 6
        invites = {seat: invite.new_invite(fmt, seat, players) for seat in table.remote_seats}
        self._host(invites, invite.new_watch(fmt, players))
        self.peer.dialog = {"step": "invite"}
        self.app.close_dialogs("menu", "rules")
        self._remember()

    def _host(self, invites: dict[int, invite.Invite], watch: invite.Invite | None = None,
              watched: bool = False) -> None:
        self.end = online.OnlineHost(self.peer.host, invites, f"{self.device()}:{online.new_id()[:8]}", watch)
        self.watched = False
        if watched:
            self.open_watch()
        self.peer.host.extra = self.facts
        self.peer.js = _Rooms(self)
        for seat, inv in invites.items():
            if seat not in self.bots:  # (the guest's page retries the direct way: the host answers)
                self.app.link_op({"op": "online-open", "id": str(seat), "room": inv.room_id, "secret": inv.secret_hex,
                                  "retries": False})
        self._arm()

    def _remember(self) -> None:
        assert isinstance(self.end, online.OnlineHost) and self.app.table.info is not None
        self.fair_kept = self.peer.host.table.fair_state()
        self.again_kept = dict(self.end.host.again)
        self.app.store.set(ONLINE_HOST_KEY, json.dumps({
            "fair": self.fair_kept,
            "match": self.app.table.info.ident, "bots": sorted(self.bots), "timer": self.clock.seconds,
            "seats": {str(seat): invite.encode(line.invite) for seat, line in self.end.lines.items()},
            "lobby": (self.peer.dialog or {}).get("step") == "invite", "rematch": self.rematch,
            "again": {str(seat): yes for seat, yes in self.again_kept.items()},
            **({"open": kept} if (kept := self.open_tables.kept()) is not None else {}),
            **({"watch": invite.encode(self.end.watch.invite), "watched": self.watched}
               if self.end.watch is not None else {})}))

    def resume(self, saved: dict[str, Any] | None, resumed: Resumed | None = None) -> bool:
        """The host's page reloaded in the middle of an online match: the same table, the
        same rooms; the guests' pages find it again by themselves.  ``resumed``: the replay
        the boot made of ``saved`` (``storage.read_match``), taken instead of another one."""
        try:
            kept = json.loads(self.app.store.get(ONLINE_HOST_KEY) or "null")
            # The same match: its name (a hash of its secret; an old match's seed).
            if not isinstance(kept, dict) or saved is None or kept.get("match") != record.info_of(saved).ident:
                return False
            invites = {int(seat): invite.decode(code) for seat, code in dict(kept["seats"]).items()}
            bots = {int(seat) for seat in kept.get("bots", [])}
            watch = invite.decode(kept["watch"], watch=True) if "watch" in kept else None
            watched = kept.get("watched") is True
        except (ValueError, TypeError, KeyError, invite.InviteError):
            self.app.store.remove(ONLINE_HOST_KEY)
            return False
        table = peer.HostTable(self.app.table.settings, speed=self.app.params["speed"], seed=self.app.params["seed"])
        table.notices = self.app.table.notices
        if not table.restore(saved, resumed) or set(table.remote_seats) != set(invites):
            self.app.store.remove(ONLINE_HOST_KEY)
            return False
        table.resume_fair(kept.get("fair"))  # the keying it had: no deal keyed twice
        self.app.use_table(table)
        self.peer.host = peer.Host(table)
        self.bots = bots
        self.clock.set(kept.get("timer", 0))
        for seat in bots:
            table.stand_in(seat)
        self._host(invites, watch, watched)
        if kept.get("lobby") is True:  # (reloaded before the start: the lobby again, not a game)
            self.peer.dialog = {"step": "invite"}
            self.rematch = kept.get("rematch") is True
            if self.rematch:
                self.peer.host.again = self.again_kept = kept_answers(kept.get("again"), set(invites))
        self.open_tables.resume(kept.get("open"))
        self.app.redraw()
        return True

    def seats(self) -> list[dict[str, Any]]:
        """The lobby's rows: each guest seat's name, link, and whether someone sits there."""
        assert isinstance(self.end, online.OnlineHost)
        names = self.app.table.seat_names()
        page = self.app.env.href
        rows = []
        again = self.end.host.again
        for seat, line in self.end.lines.items():
            status = "bot" if seat in self.bots else ("joined" if seat in self.end.host.online else "waiting")
            if self.rematch and status != "bot" and again.get(seat) is not True:
                # Asked and not answered yet; a guest who said no leaves the seat to a bot.
                status = "bot" if again.get(seat) is False else "waiting"
            rows.append({"seat": seat, "name": names[seat], "link": invite.link(page, line.invite),
                         "status": status, "way": self.ways.get(str(seat)), "stranger": seat in self.open_tables.granted})
        return rows

    def facts(self, seat: int) -> dict[str, Any]:
        """What every guest's state carries besides the table: whether the host has started,
        who has joined (each guest seat's name and status, never its link) and the move timer."""
        if not isinstance(self.end, online.OnlineHost):
            return {}
        started = (self.peer.dialog or {}).get("step") != "invite"
        rows = [{"seat": r["seat"], "name": r["name"], "status": r["status"]} for r in self.seats()]
        return {"started": started, "seats": rows, "timer": self.clock.seconds, "rematch": self.rematch,
                "watchers": self.end.watching(self.app.now())}

    def open_watch(self) -> None:
        """«Позвать зрителей»: the watchers' room opens (only then: a table nobody watches costs
        the relays nothing for it), and the lobby shows its link."""
        end = self.end
        if isinstance(end, online.OnlineHost) and end.watch is not None and not self.watched:
            self.watched = True
            inv = end.watch.invite
            # (the relays only: WebRTC would connect the watchers to each other and show them
            # each other's addresses and the host's)
            self.app.link_op({"op": "online-open", "id": "watch", "room": inv.room_id, "secret": inv.secret_hex,
                              "direct": False})
            self._remember()

    def watch_link(self) -> str | None:
        """The host's watch link once its room is open (``""``: the table may be watched, not yet asked)."""
        end = self.end
        if isinstance(end, online.OnlineHost) and end.watch is not None:
            return invite.link(self.app.env.href, end.watch.invite) if self.watched else ""
        return None

    def watchers_line(self) -> str:
        """Under the link bar: how many watch (on the players' pages), or that this page watches."""
        end, t = self.end, self.app.table.texts
        if isinstance(end, online.OnlineWatcher):
            return f'<p class="watchers" data-watching>{t.ONLINE_YOU_WATCH}</p>'
        if isinstance(end, online.OnlineHost):
            n = end.watching(self.app.now())
        elif isinstance(end, online.OnlineGuest) and end.screen.state is not None:
            facts = end.screen.state.get("online") or {}
            n = facts.get("watchers") if isinstance(facts, dict) else 0
            n = n if type(n) is int and 0 <= n <= 99 else 0
        else:
            n = 0
        return f'<p class="watchers" data-watchers="{n}">{t.ONLINE_WATCHERS.format(n=n)}</p>' if n else ""

    # --- quick phrases ----------------------------------------------------------------

    def say(self, key: Any) -> None:
        """This page's player says a phrase: the host passes its own on at once (timed like
        anyone's); a guest's goes to the host, and shows when the host passes it back."""
        end = self.end
        self.board.open = False
        if isinstance(end, online.OnlineHost):
            end.say(0, key, self.app.now())
            self.flush()
        elif isinstance(end, online.OnlineGuest) and isinstance(key, str) and key in phrases.KEYS:
            self.send("host", end.message(end.screen.say(key)))
        self.heard()

    def heard(self) -> None:
        """Show the phrases that came (the host's own list, or the guest's screen's) and time their fading."""
        end, now = self.end, self.app.now()
        if isinstance(end, online.OnlineHost):
            said, end.spoken = end.spoken, []
        elif isinstance(end, (online.OnlineGuest, online.OnlineWatcher)):
            said, end.screen.heard = end.screen.heard, []
        else:
            return
        for seat, key in said:
            self.board.show(seat, key, now)
        self._arm_phrase()

    def _arm_phrase(self) -> None:
        due = self.board.due(self.app.now())
        if self.phrase_timer is not None:
            self.app.timer("phrase", self.phrase_timer, None)
            self.phrase_timer = None
        if due is not None:
            self.peer.timer_gen += 1
            self.phrase_timer = self.peer.timer_gen
            self.app.timer("phrase", self.phrase_timer, int(due * 1000) + 20)

    def on_phrase_timer(self, gen: Any) -> None:
        if gen == self.phrase_timer:
            self.phrase_timer = None
            self.board.fade(self.app.now())
            self._arm_phrase()

    def phrase_picker(self) -> str:
        """«Фразы» under the link bar once the game is on (not in a lobby)."""
        end = self.end
        if self.peer.dialog is not None or end is None or isinstance(end, online.OnlineWatcher):
            return ""  # (a watcher sees the phrases and says none)
        if isinstance(end, online.OnlineGuest):
            state = end.screen.state
            if state is None:
                return ""
            viewer, names = end.screen.seat, end.screen.names()
        else:
            viewer, names = 0, list(self.app.table.names)
        return self.board.picker([(s, n) for s, n in enumerate(names) if s != viewer], self.app.table.texts)

    def decorate(self, region: str, markup: str, view: dict[str, Any] | None, names: list[str]) -> str:
        return self.board.decorate(region, markup, view, names, self.app.table.texts)

    # --- «Ещё партию» ------------------------------------------------------------------

    def offer_rematch(self) -> None:
        """At a match's end: another match for the same people at the same links.  Each guest
        is asked (their answer comes as ``peer.AGAIN``); the lobby opens again, where the
        host may change the table's switches, seat a bot for anyone who does not answer,
        and start once every seat is answered."""
        if not isinstance(self.end, online.OnlineHost) or self.app.table.phase() != "match_end":
            return
        self.rematch = True
        self.end.host.again = {}
        self.peer.dialog = {"step": "invite"}
        self.app.close_dialogs("menu", "rules")
        self._remember()

    def cancel_rematch(self) -> None:
        """«Отмена» in the lobby of «Ещё партию»: no other match after all (the result stays)."""
        self.rematch = False
        self.peer.dialog = None
        self._remember()

    def begin(self) -> None:
        """«Начать игру»: the lobby closes and the match (or, offering «Ещё партию», the next one)
        is on; a reload from now on comes back to the game, not the lobby."""
        if self.rematch:
            self.start_rematch()
        self.peer.dialog = None
        self._remember()

    def start_rematch(self) -> None:
        """«Начать игру» in the lobby of «Ещё партию»: a guest who left gets a bot for good, and
        the next match starts at the same table and seats with the menu's switches now."""
        assert isinstance(self.end, online.OnlineHost)
        table = self.app.table
        for seat, yes in self.end.host.again.items():
            if not yes and seat not in self.bots:
                self.fill_with_bot(seat)
        table.new_match(seating=table.info.seating, fmt=table.info.format, players=table.match.rules.players)
        for seat in self.bots:
            table.stand_in(seat)
        self.rematch = False
        self.end.host.again = {}
        self._remember()

    def switches(self) -> list[tuple[str, str, bool]]:
        """The match's table's switches as the menu names them, (input name, title, on): the
        rematch lobby offers them (the menu's change events set them)."""
        table = self.app.table
        fmt, t = table.info.format, table.texts
        mine = table.settings["tables"][fmt]
        out = [(c, t.COMBO_TITLES[c], bool(mine["combos"].get(c))) for c in FORMATS[fmt].combo_ids]
        return out + [(c, t.SWITCH_TITLES[c], bool(on)) for c, on in mine.get("switches", {}).items()]

    def set_timer(self, value: Any) -> None:
        if isinstance(self.end, online.OnlineHost) and self.clock.set(value):
            self._remember()

    def arm_clock(self) -> None:
        """Time the guest's move awaited now (the page timer ``move``), or stop timing."""
        key = self.clock.waiting_on(self.app.table) if isinstance(self.end, online.OnlineHost) else None
        if key == self.clock_key:
            return
        if self.clock_timer is not None:
            self.app.timer("move", self.clock_timer, None)
            self.clock_timer = None
        self.clock_key = key
        if key is not None and self.peer.dialog is None:
            self.peer.timer_gen += 1
            self.clock_timer = self.peer.timer_gen
            self.app.timer("move", self.clock_timer, self.clock.seconds * 1000)
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
        """«Посадить бота» for a seat nobody has taken (or, offering «Ещё партию», whose guest
        has not said yes): its room closes, a bot plays it for good."""
        if not isinstance(self.end, online.OnlineHost) or seat not in self.end.lines:
            return
        host = self.end.host
        if seat not in host.online or (self.rematch and host.again.get(seat) is not True):
            host.online.discard(seat)
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

    def bot_for_good(self, seat: int) -> bool:
        """Whether a bot holds ``seat`` to the match's end: seated for good in the lobby, or its
        guest said no to «Ещё партию» (the host's link bar says so, not that they come back)."""
        if not isinstance(self.end, online.OnlineHost):
            return False
        return seat in self.bots or (self.rematch and self.end.host.again.get(seat) is False)

    def way_of(self, seat: int) -> str | None:
        return self.ways.get(str(seat)) if isinstance(self.end, online.OnlineHost) else None

    # --- a guest -----------------------------------------------------------------------

    def join(self, fragment: str, anonymous: bool = False) -> None:
        """Opened from an invite link: sit down at its seat, or say plainly why not
        (``anonymous``: a seat taken at an open table, named by the seat, not the typed name)."""
        code = invite.code_in(fragment) or ""
        try:
            inv = invite.decode(code)
        except invite.InviteError as error:
            self.peer.dialog = {"step": "online-bad", "reason": error.reason}
            self.app.open_dialog("p2p", alone=True)
            return
        end = online.OnlineGuest(inv, self.device(), self.app.table.settings.get("lang"))
        self._enter(end, {"step": "online-joining", "format": inv.format, "seat": inv.seat, "since": self.app.now()})
        self.send("host", end.hello("" if anonymous else self.peer.my_name()))

    def _enter(self, end: online.OnlineGuest | online.OnlineWatcher, dialog: dict[str, Any]) -> None:
        """This page becomes a guest's or a watcher's: its screen is ``end``'s, its room the host's."""
        self.peer.leave()
        self.end = end
        self.peer.guest = end.screen
        self.peer.guest_link = "connecting"
        self.peer.js = _Rooms(self)
        self.app.redraw()
        inv = end.invite
        self.app.link_op({"op": "online-open", "id": "host", "room": inv.room_id, "secret": inv.secret_hex,
                          **({"direct": False} if isinstance(end, online.OnlineWatcher) else {})})
        self.peer.dialog = dialog
        self.app.open_dialog("p2p", alone=True)
        self._arm()

    def join_again(self) -> None:
        """«Подключиться снова» after no answer: say hello again and wait as at first."""
        end = self.end
        if isinstance(end, online.OnlineGuest) and (self.peer.dialog or {}).get("step") == "online-noanswer":
            self.send("host", end.hello(end.name))
            self.peer.dialog = {"step": "online-joining", "format": end.invite.format, "seat": end.invite.seat,
                                "since": self.app.now()}

    def _waited(self, now: float) -> None:
        """A guest still unanswered: a hint after a while, and after a minute no more «Подключаемся…»."""
        state = self.peer.dialog or {}
        if state.get("step") != "online-joining" or not isinstance(state.get("since"), (int, float)):
            return
        waited = now - state["since"]
        if waited >= JOIN_GIVE_UP_S:
            self.peer.dialog = {"step": "online-noanswer"}
        elif waited >= JOIN_HINT_S:
            state["slow"] = True

    def watch(self, fragment: str) -> None:
        """Opened from a watch link: look at the table (its public state, a trick late), or say why not."""
        try:
            inv = invite.decode(invite.code_in(fragment, invite.WATCH_KEY) or "", watch=True)
        except invite.InviteError as error:
            self.peer.dialog = {"step": "online-bad", "reason": error.reason}
            self.app.open_dialog("p2p", alone=True)
            return
        end = online.OnlineWatcher(inv, self.device(), self.app.table.settings.get("lang"))
        self._enter(end, {"step": "online-watching", "format": inv.format})
        self.send("host", end.hello())

    # --- events ------------------------------------------------------------------------

    def on_event(self, event: dict[str, Any]) -> None:
        """Something came from ``relay.js``: a frame, the way a room plays now, or no client."""
        room, kind, data = str(event.get("id") or ""), str(event.get("kind") or ""), event.get("data")
        now = self.app.now()
        end = self.end
        if room == OPEN_ROOM:
            if kind == "frame":
                self.open_tables.on_frame(data)
            elif kind == "expired":
                self.open_tables.expired()
            return
        if room.startswith(GONE):
            if kind == "frame":
                self.open_tables.on_knock(room, data)
            return
        if kind == "way" and data in ("direct", "relay"):
            self.ways[room] = data
        elif kind == "unavailable":
            self.peer.dialog = {"step": "online-bad", "reason": "unavailable"}
            self.app.open_dialog("p2p", alone=True)
        elif kind == "frame" and isinstance(end, online.OnlineHost) and room == "watch":
            end.receive_watch(data, now)
            self.flush()
        elif kind == "frame" and isinstance(end, online.OnlineWatcher) and room == "host":
            if end.receive(data, now):
                self.heard()
                if end.refused:
                    self.peer.dialog = {"step": "online-watch-full"}
                    self.app.open_dialog("p2p", alone=True)
                    self.peer.js.close("host")
                elif end.screen.state is not None:
                    self.peer.guest_link = "up"
                    if (self.peer.dialog or {}).get("step") == "online-watching":
                        self.peer.dialog = None
                        self.app.close_dialogs("menu", "rules", "p2p")
        elif kind == "frame" and isinstance(end, online.OnlineHost) and room.isdigit():
            seat = int(room)
            if seat not in self.bots:
                match = self.app.table.match
                before = len(match.moves) if match is not None else 0
                end.receive(seat, data, now)
                self.heard()
                played = match is not None and len(match.moves) > before and match.moves[before][0] == seat
                if played or (seat in self.clock.benched and seat not in self.app.table.stood_in):
                    self.clock.acted(seat)
                self.flush()
        elif kind == "frame" and isinstance(end, online.OnlineGuest) and room == "host":
            changed, replies = end.receive(data, now)
            for frame in replies:
                self.send("host", frame)
            self.heard()
            if end.turned_away:
                self.open_tables.refused()
            elif end.refused:
                self.peer.dialog = {"step": "online-taken"}
                self.peer.js.close("host")  # (nothing more to say to the host: no heartbeats)
                if self.tick_timer is not None:
                    self.app.timer("online", self.tick_timer, None)
                    self.tick_timer = None
            elif changed and end.screen.state is not None:
                self.peer.guest_link = "up"
                self._guest_lobby(end)
                self.open_tables.guest_started()

    def _guest_lobby(self, end: online.OnlineGuest) -> None:
        """A guest's dialog once the host answers: who has joined until the host starts, then the
        table; at a match's end, the host's «Ещё партию» until this guest answers it."""
        step = (self.peer.dialog or {}).get("step")
        if step not in ("online-joining", "online-lobby", "online-noanswer", "online-rematch", None):
            return
        facts = end.screen.state.get("online") or {}
        waiting = isinstance(facts, dict) and facts.get("started") is False and isinstance(facts.get("seats"), list)
        rows = [r for r in facts["seats"] if isinstance(r, dict)] if waiting else []
        shown = end.screen.seat_names()  # a seat's default name in this page's language
        rows = [{**r, "name": shown[r["seat"]]} if type(r.get("seat")) is int and 0 <= r["seat"] < len(shown) else r
                for r in rows]
        mine = next((r for r in rows if r.get("seat") == end.invite.seat), {})
        # (a seat the host already counts in — a stranger just seated at an open table — is not asked)
        if waiting and facts.get("rematch") is True and self.said_again is None and mine.get("status") != "joined":
            self.peer.dialog = {"step": "online-rematch", "format": end.invite.format, "seat": end.invite.seat,
                                "rows": rows}
            self.app.close_dialogs("menu", "rules")
            self.app.open_dialog("p2p")
        elif waiting and (step is not None or self.said_again):
            self.peer.dialog = {"step": "online-lobby", "format": end.invite.format, "seat": end.invite.seat,
                                "rows": rows, "rematch": facts.get("rematch") is True}
            self.app.open_dialog("p2p", alone=True)
            if facts.get("rematch") is True and self.said_again and mine.get("status") == "waiting":
                self.send("host", end.message(end.screen.answer_again(True)))  # (the host's page lost it: a reload)
        elif step is not None:
            self.peer.dialog = None
            self.app.close_dialogs("menu", "rules", "p2p")
        if not waiting:
            self.said_again = None

    def answer_rematch(self, yes: bool) -> None:
        """A guest's «Играть ещё» or «Выйти из-за стола» to the host's «Ещё партию»; «Выйти из-за стола»
        also after «Играть ещё», while the others answer."""
        end = self.end
        dialog = self.peer.dialog or {}
        asked = dialog.get("step") == "online-rematch"
        staying = dialog.get("step") == "online-lobby" and dialog.get("rematch") is True  # and now leaving
        if not isinstance(end, online.OnlineGuest) or not (asked or (staying and not yes)):
            return
        self.send("host", end.message(end.screen.answer_again(yes)))
        if yes:
            self.said_again = True
            self._guest_lobby(end)
        else:
            self.peer.leave()
            self.peer.dialog = None
            self.app.open_dialog("menu", alone=True)

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
            self.app.timer("count", self.count_timer, 1000)
        elif not counting and self.count_timer is not None:
            self.app.timer("count", self.count_timer, None)
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
                self.peer.arm_away_timer()
        elif isinstance(self.end, online.OnlineWatcher):
            if self.end.refused:
                return  # (the room is full: this page has left it)
            if (beat := self.end.heartbeat()) is not None:
                self.send("host", beat)
            if self.end.heard is not None:
                self.peer.guest_link = "lost" if now - self.end.heard > 3 * online.SILENT_S else "up"
        else:
            if (beat := self.end.heartbeat()) is not None:
                self.send("host", beat)
            self._waited(now)
            if self.end.heard is not None and now - self.end.heard > online.SILENT_S:
                self.peer.guest_link = "lost"
            elif self.end.heard is not None:
                self.peer.guest_link = "up"
        self._arm()
