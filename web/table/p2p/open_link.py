"""«Открытый стол» and «Найти игру» in the controller: the lobby topic's room, the host's grants, the finder.

Why beside ``online_link.py`` and not in it: an open table is an ordinary table by
link whose seats' links are handed out by the host's page itself, sealed to whoever
asks (``public.py``), instead of by the host's friends.  So this only adds a room on
the well-known lobby topic for the asks and answers (``online-open`` with ``quiet``:
``relay.js`` announces nothing there and opens no direct connection; a finder's room
also subscribes to the open tables' kept events, ``list``), publishes the table's
announcements as addressable events (``online-post``: the relays keep the newest one
per table), reads what comes through, and hands a granted seat to ``OnlineLink.join``
exactly as a link would.  At open tables the names are the seats' («Север»): the host
drops any name a stranger types.  Times here are the wall clock's (:func:`wall`): an
announcement's ``ts`` is its event's ``created_at``, compared on every finder's page.
"""

from __future__ import annotations

import time
from typing import Any

from table.p2p import invite, online, public
from table.p2p.face import LinkApp
from table.p2p.online import SeatLine
from table.p2p.session import Outgoing

ROOM = "lobby"
"""``relay.js``'s id for the lobby topic's room on this page."""
GONE = "gone-"
"""``relay.js``'s ids of the rooms of links the host refused (``gone-<n>``), open until the start."""
MAX_GONE = 16
"""Refused links remembered at most (the oldest forgotten first)."""
KNOCK_GAP_S = 3.0
"""A device knocking at a refused link is answered at most this often (a page knocks once, then
every 10 s; a flood costs the relays no more)."""
FIND_TICK_MS = 3_000
"""The finder's list is drawn again this often (ages, stale tables gone)."""
ASK_AGAIN_S = public.ASK_GAP_S + 1
"""An unanswered ask goes out once more after this long (a relay may have dropped it)."""


def wall() -> float:
    """Seconds on the wall clock (the worker's ``Date.now()``; Nostr's ``created_at``)."""
    return time.time()


class OpenTables:
    """The open-tables side of one page: hosting an open table, or finding one and asking."""

    def __init__(self, link: Any) -> None:
        self.link = link
        self.app: LinkApp = link.app
        self.table: public.OpenTable | None = None
        """This page hosts an open table (the switch is on)."""
        self.shut = False
        """Its withdrawal went out (full or started); it reopens if a seat frees before the start."""
        self.announced_free: int | None = None
        self.listing = public.Listing()
        self.asking: public.Asking | None = None
        self.asked_again = False
        self.seated: public.Asking | None = None
        """This page sits at an open table and the game has not started: the host may still refuse."""
        self.timer: int | None = None
        self.room_open = False
        self.kept_count: int | None = None
        """The open table's counter as its host's page last stored it (a reload goes on above it)."""
        self.gone: dict[str, invite.Invite] = {}
        """The links the host refused, by their room's id here: a knock there is refused again."""
        self.gone_at = 0
        self.knocks: dict[str, float] = {}
        """When each device knocking at a refused link was last answered."""

    @property
    def granted(self) -> dict[int, bytes]:
        return self.table.granted if self.table is not None else {}

    # --- the lobby room --------------------------------------------------------------------

    def _open_room(self) -> None:
        if not self.room_open:
            self.room_open = True
            op = {"op": "online-open", "id": ROOM, "room": public.LOBBY_ROOM, "secret": public.LOBBY_SECRET,
                  "quiet": True}
            if self._hosting() is None:  # (a finder, or a stranger seated: the open tables the relays kept)
                op.update({"list": {"kinds": [public.KIND], "#t": [public.TAG]}, "back": public.SINCE_S})
            self.app.link_op(op)

    def _close_room(self) -> None:
        if self.room_open:
            self.room_open = False
            self.app.link_op({"op": "online-close", "id": ROOM})

    def _say(self, text: str | None) -> None:
        if text is not None and self.room_open:
            self.app.link_op({"op": "online-send", "id": ROOM, "text": text})

    def _post(self, text: str) -> None:
        """An announcement or a withdrawal: the table's addressable event, replacing its last one."""
        if self.table is not None:
            self.app.link_op({"op": "online-post", "id": ROOM, **self.table.event(text)})

    def _keep(self) -> None:
        """The host's record stored again when the table's counter moved (``OnlineLink._remember``
        holds :meth:`kept`): a reloaded page's next message must count above this one."""
        count = self.table.count if self.table is not None else None
        if count != self.kept_count and self._hosting() is not None:
            self.kept_count = count
            self.link._remember()

    def _farewell(self, ready: bool) -> None:
        """Give ``relay.js`` the withdrawal to send if the page closes (or take it back)."""
        if self.room_open and self.table is not None:
            event = self.table.event(self.table.farewell(wall())) if ready else {"text": ""}
            self.app.link_op({"op": "online-farewell", "id": ROOM, **event})

    def kept(self) -> dict[str, Any] | None:
        """What a reload of the host's page needs to go on as the same open table."""
        table = self.table
        if table is None:
            return None
        return {"secret": table.secret.hex(), "n": table.count, "ts": table.ts, "shut": self.shut,
                "granted": {str(seat): key.hex() for seat, key in table.granted.items()},
                "refused": [invite.encode(inv) for inv in self.gone.values()]}

    def resume(self, kept: Any) -> None:
        """The host's page reloaded: the same open table (its keys, its counter, the seats it gave),
        announced again at the next refresh if it is still open and not full; anything malformed
        is dropped (the table is then simply not open)."""
        end = self._hosting()
        if end is None or not isinstance(kept, dict):
            return
        secret, count, granted = public.hex32(kept.get("secret")), kept.get("n"), kept.get("granted")
        if secret is None or type(count) is not int or not 0 <= count < 2 ** 40 or not isinstance(granted, dict):
            return
        seats = {int(seat): public.hex32(key) for seat, key in granted.items()
                 if isinstance(seat, str) and seat.isdigit() and int(seat) in end.lines}
        ts = kept.get("ts")
        self.table = public.OpenTable(secret, count, ts if type(ts) is int and 0 <= ts < 2 ** 40 else int(wall()))
        self.table.granted = {seat: key for seat, key in seats.items() if key is not None}
        self.shut, self.announced_free, self.kept_count = kept.get("shut") is True, None, count
        if not self.shut:
            self._open_room()
        refused = kept.get("refused")
        if not self._started() and isinstance(refused, list):
            for code in refused[-MAX_GONE:]:
                try:
                    self._remember_refused(invite.decode(code) if isinstance(code, str) else None)
                except invite.InviteError:
                    continue

    def stop(self) -> None:
        """Online play ends on this page: an open table is withdrawn, the lobby room closes."""
        if self.table is not None and not self.shut:
            self._post(self.table.withdrawal(wall()))
        self.table, self.shut, self.announced_free = None, False, None
        self.asking = self.seated = None
        self._close_room()
        self._forget_refused()
        self._arm(False)

    # --- the host ----------------------------------------------------------------------------

    def _hosting(self) -> online.OnlineHost | None:
        end = self.link.end
        return end if isinstance(end, online.OnlineHost) else None

    def _started(self) -> bool:
        return (self.link.peer.dialog or {}).get("step") != "invite"

    def free_seats(self) -> list[int]:
        """Guest seats nobody holds, no bot plays and no asker has been given; in the lobby of
        «Ещё партию», the seats no guest will play on (they said no, or are not there to answer)."""
        end = self.link.end
        if not isinstance(end, online.OnlineHost):
            return []
        if self.link.rematch:  # (a seat given in this lobby is counted in: its ``again`` is True)
            again = end.host.again
            return [seat for seat in end.lines
                    if again.get(seat) is not True and (again.get(seat) is False or seat not in end.host.online)]
        return [seat for seat in end.lines
                if seat not in self.link.bots and seat not in end.host.online and seat not in self.granted]

    def set_open(self, on: bool) -> None:
        """The «Открытый стол» switch in the host's lobby (before the start only)."""
        if self._hosting() is None or self._started():
            return
        if on and self.table is None:
            self.table, self.shut, self.announced_free = public.OpenTable(), False, None
            self._open_room()
        elif not on and self.table is not None:
            self._post(self.table.withdrawal(wall()))
            self.table = None
            self._close_room()
        self.refresh()
        self._keep()

    def refresh(self) -> None:
        """After every batch: announce when due (every ``public.RENEW_S``) or when the free seats
        changed, withdraw when full or started (the granted seats keep the seats' names)."""
        end, table = self._hosting(), self.table
        if end is not None and self.gone and self._started():  # (the lobby closed: nobody is refused now)
            self._forget_refused()
            self.link._remember()
        if end is None or table is None:
            return
        for seat in self.granted:
            self.app.table.remote_names.pop(seat, None)
        now, free = wall(), self.free_seats()
        if self._started() or not free:
            if not self.shut:
                self._post(table.withdrawal(now))
                self._farewell(False)
                self.shut = True
                if self._started():
                    self._close_room()
                self._keep()
            return
        if self.shut:  # (a seat freed before the start: say so now, not at the next announcement)
            self.shut, self.announced_free = False, None
            self._open_room()
        if table.due(now) or len(free) != self.announced_free:
            self.announced_free = len(free)
            settings = self.app.table.settings
            self._post(table.announcement(self.app.table.info.format, self.app.table.match.rules.players, len(free),
                                         settings.get("difficulty", "medium"), settings.get("lang") or "ru",
                                         self.link.clock.seconds, now))
            self._farewell(True)
            self._keep()

    def expired(self) -> None:
        """A relay socket opened again after the table's last announcement had expired (the device
        slept through its renewals): ``relay.js`` sent it nowhere, as the relays refuse it, and the
        table is off their lists: announced afresh at once, not at the next renewal."""
        if self._hosting() is not None and self.table is not None and not self.shut:
            self.table.last = None
            self.refresh()

    def _grant(self, ask: public.Ask) -> None:
        end, table = self._hosting(), self.table
        assert end is not None and table is not None
        seat = next((s for s, key in self.granted.items() if key == ask.key), None)  # (its answer was lost)
        if seat is None and not self._started():
            free = self.free_seats()
            seat = free[0] if free else None
        if seat is None:
            self._say(table.answer(ask, None, "full"))
            return
        if self.link.rematch and table.granted.get(seat) != ask.key:
            # A seat its guest left: a fresh link (the old one opens nothing now), no bot, and the
            # stranger counted in for the next match (it has just asked for it).
            self.link.bots.discard(seat)
            end.host.again[seat] = True
            self._new_link(seat)
        table.granted[seat] = ask.key
        self._say(table.answer(ask, invite.encode(end.lines[seat].invite)))
        self.refresh()

    def _new_link(self, seat: int) -> None:
        """``seat`` gets a new link and room: whoever had the old one is no longer at it."""
        end = self._hosting()
        assert end is not None
        old = end.lines[seat].invite
        fresh = invite.new_invite(old.format, seat, old.players)
        end.lines[seat] = SeatLine(fresh, Outgoing(end.me))
        end.host.online.discard(seat)
        self.link.peer.js.close(str(seat))
        self.app.link_op({"op": "online-open", "id": str(seat), "room": fresh.room_id, "secret": fresh.secret_hex,
                          "retries": False})  # (as the host's other seat rooms: the guest's page retries)
        self.link._remember()

    def refuse(self, seat: Any) -> None:
        """«Отказать»: the asker is told, and the seat gets a new link (the old one opens nothing)."""
        end, table = self._hosting(), self.table
        if end is None or table is None or self._started() or not isinstance(seat, int) or seat not in table.granted:
            return
        key = table.granted.pop(seat)
        self._say(table.answer(public.Ask(table.id, key), None, "refused"))
        end.turn_away(seat)  # (and on the seat's room: a stranger's reloaded page hears it there)
        self.link.flush()
        if self.link.rematch:
            end.host.again.pop(seat, None)
        self._remember_refused(end.lines[seat].invite)  # (a page reloading just now hears it when back)
        self._new_link(seat)
        self.refresh()

    def _remember_refused(self, old: invite.Invite | None) -> None:
        """Listen on a refused link's room until the start (``relay.js``: the relays only, no
        announcements): the stranger's page may come back to it after a reload."""
        if old is None or self._hosting() is None:
            return
        if len(self.gone) >= MAX_GONE:
            oldest = next(iter(self.gone))
            del self.gone[oldest]
            self.app.link_op({"op": "online-close", "id": oldest})
        self.gone_at += 1
        room = f"{GONE}{self.gone_at}"
        self.gone[room] = old
        self.app.link_op({"op": "online-open", "id": room, "room": old.room_id, "secret": old.secret_hex,
                          "direct": False, "retries": False})

    def _forget_refused(self) -> None:
        for room in self.gone:
            self.app.link_op({"op": "online-close", "id": room})
        self.gone, self.knocks = {}, {}

    def on_knock(self, room: str, data: Any) -> None:
        """A frame on a refused link's room: the refusal again, for the device that knocked."""
        end, old, now = self._hosting(), self.gone.get(room), self.app.now()
        knock = end.knocked(old, data) if end is not None and old is not None and not self._started() else None
        if knock is None or now - self.knocks.get(knock[0], float("-inf")) < KNOCK_GAP_S:
            return
        self.knocks[knock[0]] = now
        if len(self.knocks) > 256:
            self.knocks.pop(next(iter(self.knocks)))
        self.app.link_op({"op": "online-send", "id": room, "text": knock[1], "loud": True})

    # --- the finder ------------------------------------------------------------------------------

    def find(self) -> None:
        """«Найти игру»: the list of open tables, filled at once from what the relays kept
        (the lobby room's subscription) and kept fresh by the tables' own renewals."""
        if self.link.end is not None:
            return
        self.asking = None
        self.link.peer.dialog = {"step": "online-find"}
        self.app.close_dialogs("menu", "rules")
        self.app.open_dialog("p2p")
        self._open_room()
        self._arm(True)

    def take(self, table_id: Any) -> None:
        """One tap on a listed table: ask its host for a free seat (a fresh key for the answer)."""
        table = self.listing.tables.get(table_id) if isinstance(table_id, str) else None
        if table is None or self.link.end is not None:
            return
        self.asking, self.asked_again = public.Asking(table, self.app.now()), False
        self._say(self.asking.ask())
        self.link.peer.dialog = {"step": "online-find-asking"}
        self._arm(True)

    def back(self) -> None:
        """«К списку столов» after a refusal or no answer."""
        self.find()

    def _arm(self, on: bool) -> None:
        peer = self.link.peer
        if self.timer is not None:
            self.app.timer("find", self.timer, None)
            self.timer = None
        if on:
            peer.timer_gen += 1
            self.timer = peer.timer_gen
            self.app.timer("find", self.timer, FIND_TICK_MS)

    def on_timer(self, gen: Any) -> None:
        if gen != self.timer:
            return
        self.timer = None
        step, now = (self.link.peer.dialog or {}).get("step"), self.app.now()
        if step == "online-find":
            self._arm(True)  # (nothing is asked of the relays: the open tables renew themselves)
        elif step == "online-find-asking" and self.asking is not None:
            waited = now - self.asking.since
            if waited >= public.ASK_WAIT_S:
                self.asking = None
                self.link.peer.dialog = {"step": "online-find-no", "why": "noanswer"}
                self._arm(True)
                return
            if waited >= ASK_AGAIN_S and not self.asked_again:
                self.asked_again = True
                self._say(self.asking.ask())
            self._arm(True)

    def view_state(self) -> dict[str, Any]:
        """What the finder's markup needs: each fresh table's facts and age."""
        now = wall()
        return {"tables": [{"id": t.id, "format": t.format, "players": t.players, "free": t.free, "level": t.level,
                            "lang": t.lang, "timer": t.timer, "age": max(0, int(now - t.since))}
                           for t in self.listing.fresh(now)]}

    # --- what came through the lobby room ----------------------------------------------------------

    def on_frame(self, data: Any) -> None:
        now = self.app.now()
        if self.table is not None and self._hosting() is not None:
            ask = self.table.read(data, now)
            if ask is not None:
                self._grant(ask)
            return
        self.listing.hear(data, wall())  # (kept while seated: a refused stranger's list is fresh)
        if self.seated is not None:
            if self.seated.read(data) == ("no", "refused"):
                self.refused()
            return
        if self.asking is not None:
            answer = self.asking.read(data)
            if answer is None:
                return
            kind, value = answer
            if kind == "no":
                self.asking = None
                self.link.peer.dialog = {"step": "online-find-no", "why": value}
                return
            asking, self.asking = self.asking, None
            self._arm(False)
            self._close_room()
            page = invite.link(self.app.env.href, value)
            self.app.set_url(page)  # (a reload sits down at the same seat, as from a link)
            self.link.join(page, anonymous=True)
            self.seated = asking
            self._open_room()  # (to hear the host refuse before the start)

    def refused(self) -> None:
        """The host refused this page the seat it took (through the lobby, or the seat's room):
        it leaves the table, its address forgets the seat's link, and it is told plainly."""
        self.link.peer.leave()
        self.app.set_url(self.app.env.href.split("#", 1)[0])
        self.link.peer.dialog = {"step": "online-find-no", "why": "refused"}
        self.app.open_dialog("p2p", alone=True)

    def guest_started(self) -> None:
        """A guest seated from an open table: once the game is on, the lobby room closes."""
        end = self.link.end
        if self.seated is None or not isinstance(end, online.OnlineGuest) or end.screen.state is None:
            return
        facts = end.screen.state.get("online") or {}
        if isinstance(facts, dict) and facts.get("started") is True:
            self.seated = None
            self._close_room()
