"""«Играть с другом» in the controller: web/page/p2p.js's links, the dialog and the link bar.

Why a module of its own: a separate idea from ``app.py``'s table.  The links
are browser objects on the main thread (``web/page/p2p.js``, driven by
``web/page/host.js``): this module asks for operations on them through effects
(``send``, ``close``, ``offer``, ``answer``, ``accept``, ``scan``) and learns
what happened through events (``p2p``: a link opened, a message, closed,
failed; ``p2p-done``: an operation's result).  Everything it decides is asked
of the pure modules — ``peer`` (who may see and play what), ``p2pcode`` (the
codes), ``peerview`` (the markup).  ``App`` draws whatever
:attr:`PeerLink.guest` holds instead of its own table while this page is a guest.
"""

from __future__ import annotations

from typing import Any

from table.p2p.face import LinkApp
from table.match import seats
from table.match.record import Resumed
from table.match.storage import ONLINE_HOST_KEY
from table.p2p import codes as p2pcode
from table.p2p import peer
from table.p2p import view as peerview
from table.i18n.languages import DEFAULT_TEXTS as texts


class _Links:
    """The page's links as effects: ``send`` and ``close`` on ``web/page/p2p.js``."""

    def __init__(self, app: LinkApp) -> None:
        self.app = app

    def send(self, link: str, text: str) -> None:
        self.app.link_op({"op": "send", "id": link, "text": text})

    def close(self, link: str) -> None:
        self.app.link_op({"op": "close", "id": link})


class PeerLink:
    """This page's part in a game with friends: host, guest, or none (yet)."""

    def __init__(self, app: LinkApp) -> None:
        self.app = app
        self.host: peer.Host | None = None
        self.guest: peer.Guest | None = None
        self.guest_link = "none"
        """A guest's link to the host: ``connecting``, ``up`` or ``lost``."""
        self.dialog: dict[str, Any] | None = None
        """The «Играть с другом» dialog's state (``peerview.dialog_html``), while it is open."""
        self.js = _Links(app)
        self.away_timer: int | None = None
        """The page timer ``away`` armed last (its generation)."""
        self.timer_gen = 0
        self._online: Any = None
        """«Пригласить по ссылке» (``online_link.OnlineLink``), made on first use: its modules
        come in online.zip, which the page mounts only when someone invites or joins."""

    @property
    def online(self) -> Any:
        if self._online is None:
            from table.p2p.online_link import OnlineLink

            self._online = OnlineLink(self)
        return self._online

    @property
    def phrases_open(self) -> bool:
        """«Фразы» unfolded (its sheet over the hand on a small phone)."""
        return self._online is not None and self._online.board.open

    def fold_phrases(self) -> None:
        """«Фразы» folded, if unfolded: the hint asked takes the place its sheet held."""
        if self._online is not None:
            self._online.board.open = False

    @property
    def playing_online(self) -> bool:
        return self._online is not None and self._online.end is not None

    def online_resume(self, saved: dict[str, Any] | None, resumed: Resumed | None = None) -> bool:
        """The host's page reloaded during an online match: go on with it (``OnlineLink.resume``)."""
        return saved is not None and self.app.store.get(ONLINE_HOST_KEY) is not None \
            and self.online.resume(saved, resumed)

    def online_touched(self) -> None:
        if self.playing_online:
            self.online.touched()

    @property
    def watching(self) -> bool:
        """This page watches a table by link (a watcher plays no seat and asks the host nothing)."""
        return self.guest is not None and bool(self.guest.ui().get("watching"))

    @property
    def active(self) -> bool:
        return self.host is not None or self.guest is not None

    def dialog_state(self) -> dict[str, Any]:
        """The dialog's state as its markup needs it (the lobby's rows drawn fresh)."""
        state = dict(self.dialog or {})
        if state.get("step") == "invite" and self.playing_online:
            state.update(rows=self.online.seats(), share=self.app.env.share, timer=self.online.clock.seconds)
            if self.online.rematch:
                state.update(rematch=True, switches=self.online.switches())
            state["watch"] = self.online.watch_link()  # None: none; "": not yet opened; else the link
            state["open"] = self.online.open_tables.table is not None
        elif str(state.get("step")).startswith("online-find") and self._online is not None:
            state.update(self.online.open_tables.view_state())
        return state

    def guest_act(self, kind: str) -> None:
        """A move button on a guest's screen: a request to the host (who checks it)."""
        assert self.guest is not None
        self.online_touched()
        request = self.guest.act(kind)
        if request is not None:
            self.js.send("host", request)

    def decorate(self, region: str, markup: str, view: dict[str, Any] | None, names: list[str]) -> str:
        """A region's markup with what online play adds to it (a phrase's bubble at its seat)."""
        return self.online.decorate(region, markup, view, names) if self.playing_online else markup

    def guest_ask_deal(self) -> None:
        """A guest opens the review or the share of the deal just finished: ask the host for
        it, once (its answer redraws the open panel)."""
        guest = self.guest
        if guest is not None and not self.watching and guest.finished() is None \
                and guest.phase() in ("round_end", "match_end"):
            self.js.send("host", guest.ask_deal())

    def sync(self) -> tuple[str, str]:
        """The host's pending messages sent; the link bar's markup and ``html[data-peer]`` (the app draws them)."""
        if self.host is not None:
            if self.playing_online:
                self.online.flush()
                self.online.arm_clock()
            else:
                for seat, text in self.host.outbox():
                    self.js.send(str(seat), text)
            links, state = self.host.links(), self.host.peer_state()
            if self.playing_online:
                for link in links:
                    link.update(way=self.online.way_of(link["seat"]), online=True)
                    if self.online.bot_for_good(link["seat"]):
                        link.update(status="bot", for_good=True)
        elif self.guest is not None:
            status = {"up": "up", "lost": "lost"}.get(self.guest_link, "waiting")
            links = [{"seat": 0, "name": self.app.table.texts.P2P_HOST_NAME, "status": status}]
            if self.playing_online:
                left = self.online.time_left()
                links[0]["left"] = left
                links[0]["way"] = self.online.ways.get("host")  # a guest knows it plays through the relay
                self.online.arm_count(left is not None)
            state = "connected" if self.guest_link == "up" else self.guest_link
        else:
            links, state = [], "none"
        bar = peerview.bar_html(links, self.app.table.texts)
        if self.playing_online:
            bar += self.online.watchers_line() + self.online.phrase_picker()
        return bar, state

    def click(self, action: str, event: dict[str, Any]) -> None:
        state = self.dialog or {}
        step = state.get("step")
        if action == "p2p":
            self.dialog = {"step": "choose" if self.app.env.rtc else "unsupported"}
            self.app.close_dialogs("menu", "rules")
        elif action == "p2p-host":
            self.start_hosting()
        elif action == "p2p-join":
            self.dialog = {"step": "guest-paste", "scan": self.app.env.scan}
        elif action == "p2p-connect":
            text = str(event.get("code") or "")
            if step == "host":
                self.accept_answer(text)
            elif step == "guest-paste":
                self.answer_offer(text)
        elif action == "p2p-scan":
            self.app.link_op({"op": "scan"})  # the page fills the code in itself
        elif action == "p2p-invite":
            seat = str(event.get("seat") or "")
            if self.host is not None and seat.isdigit() and int(seat) in self.host.seats:
                self.invite(int(seat))
        elif action == "p2p-fair-bot":
            seat = str(event.get("seat") or "")
            if self.host is not None and seat.isdigit() and int(seat) in self.host.table.awaited():
                self.host.table.stand_in(int(seat))  # the deal is dealt without that seat's value
        elif action == "p2p-retry":
            if self.host is not None and state.get("seat") is not None:
                self.invite(state["seat"])
            else:
                self.dialog = {"step": "guest-paste"}
        elif action == "p2p-cancel":
            if self.playing_online and self.online.rematch:  # no other match after all: the result stays
                self.online.cancel_rematch()
            elif self.host is not None and self.host.online:
                if state.get("seat") is not None and state["seat"] not in self.host.online:
                    self.js.close(str(state["seat"]))
                self.dialog = None
            else:
                self.leave()
                self.dialog = None
                if self.app.table.phase() not in ("play", "clearing"):
                    self.app.open_dialog("menu", alone=True)
        elif action == "p2p-local":
            self.leave()
            self.dialog = None
            self.app.notice(texts.P2P_PASS_AND_PLAY_HINT)
            self.app.open_dialog("menu", alone=True)
        elif action == "p2p-leave":
            self.leave()
            self.app.open_dialog("menu", alone=True)
        elif action == "online-host":
            self.online.start_hosting()
        elif action in ("online-find", "online-find-back"):
            self.online.open_tables.find()
        elif action == "online-take":
            self.online.open_tables.take(event.get("key"))
        elif action == "online-refuse":
            seat = str(event.get("seat") or "")
            if self.playing_online and seat.isdigit():
                self.online.open_tables.refuse(int(seat))
        elif action == "online-bot":
            seat = str(event.get("seat") or "")
            if seat.isdigit():
                self.online.fill_with_bot(int(seat))
        elif action == "online-say":
            self.online.say(event.get("key"))
        elif action == "online-phrases":
            self.online.board.open = not self.online.board.open
        elif action == "online-mute":
            seat = str(event.get("seat") or "")
            if seat.isdigit():
                self.online.board.toggle_mute(int(seat))
        elif action == "online-watch":
            self.online.open_watch()
        elif action == "online-again":
            self.online.join_again()
        elif action in ("online-rematch-yes", "online-rematch-no"):
            self.online.answer_rematch(action.endswith("yes"))
        elif action == "online-start":
            if self.playing_online and self.host is not None and self.online.ready():
                self.online.begin()

    def start_hosting(self, offer: bool = True) -> None:
        """«Создать стол»: a new match at this page's settings, friends at its guest seats
        (and the first seat's code, unless the seats are invited by link)."""
        self.leave()
        old = self.app.table
        table = peer.HostTable(old.settings, speed=self.app.params["speed"], seed=self.app.params["seed"])
        table.notices = old.notices
        table.new_match()
        self.app.use_table(table)
        self.host = peer.Host(table)
        if offer:
            self.invite(table.remote_seats[0])

    def invite(self, seat: int) -> None:
        """Show a fresh code (and QR) for ``seat``'s guest."""
        names = self.app.table.seat_names()
        self.dialog = {"step": "host", "seat": seat, "name": names[seat], "code": None}
        self.app.close_dialogs("menu", "rules")
        self.app.link_op({"op": "offer", "id": str(seat)})

    def on_done(self, event: dict[str, Any]) -> None:
        """An operation asked of ``web/page/p2p.js`` ended: ``op``, ``id``, ``ok``, ``value``."""
        op, link, ok, value = event.get("op"), str(event.get("id") or ""), bool(event.get("ok")), str(event.get("value") or "")
        if op == "offer":
            self._offer_made(int(link), value if ok else None)
        elif op == "accept" and not ok:
            self.dialog = {"step": "failed", "seat": int(link)}
        elif op == "answer":
            self._answer_made(value if ok else None)
        self.app.refresh()

    def _offer_made(self, seat: int, sdp: str | None) -> None:
        try:
            code = p2pcode.encode_sdp(sdp, p2pcode.OFFER) if sdp is not None else None
        except Exception:  # noqa: BLE001 - the browser gave an offer we cannot read
            code = None
        if code is None:  # the browser refused WebRTC: say so plainly
            self.dialog = {"step": "failed", "seat": seat}
            return
        if self.dialog is not None and self.dialog.get("step") == "host" and self.dialog.get("seat") == seat:
            page = self.app.env.href.split("#", 1)[0].split("?", 1)[0]
            self.dialog.update(code=code, link=f"{page}#{p2pcode.LINK_KEY}{code}", scan=self.app.env.scan)

    def accept_answer(self, text: str) -> None:
        assert self.dialog is not None
        try:
            sdp = p2pcode.read(text, p2pcode.ANSWER)
        except p2pcode.CodeError:
            t = self.app.table.texts
            self.dialog["error"] = t.P2P_WRONG_ANSWER if is_code(text, p2pcode.OFFER) else t.P2P_BAD_CODE
            return
        self.dialog.update(error=None, busy=True)
        self.app.link_op({"op": "accept", "id": str(self.dialog["seat"]), "sdp": sdp})

    def answer_offer(self, text: str) -> None:
        assert self.dialog is not None
        try:
            sdp = p2pcode.read(text, p2pcode.OFFER)
        except p2pcode.CodeError:
            t = self.app.table.texts
            self.dialog["error"] = t.P2P_WRONG_OFFER if is_code(text, p2pcode.ANSWER) else t.P2P_BAD_CODE
            return
        self.leave()
        self.guest = peer.Guest(self.app.table.settings.get("lang"))
        self.guest_link = "connecting"
        self.app.redraw()
        self.dialog = {"step": "guest-answer", "code": None}
        self.app.link_op({"op": "answer", "id": "host", "sdp": sdp})

    def _answer_made(self, sdp: str | None) -> None:
        try:
            code = p2pcode.encode_sdp(sdp, p2pcode.ANSWER) if sdp is not None else None
        except Exception:  # noqa: BLE001
            code = None
        if code is None:
            self.dialog = {"step": "failed"}
        elif self.dialog is not None and self.dialog.get("step") == "guest-answer":
            self.dialog["code"] = code

    def leave(self) -> None:
        """Stop playing with friends: the links close; a host's guest seats get bots for good."""
        if self.host is not None:
            for seat in self.host.seats:
                self.js.close(str(seat))
                self.app.table.stand_in(seat)
            self.host = None
        if self.guest is not None:
            self.js.close("host")
            self.guest = None
            self.guest_link = "none"
        if self._online is not None:
            self._online.stop()
        self.js = _Links(self.app)
        self.app.redraw()

    def on_p2p(self, event: dict[str, Any]) -> None:
        """Something happened on a link (web/page/p2p.js): opened, a message, closed, failed."""
        try:
            self._p2p_event(str(event.get("id") or ""), str(event.get("kind") or ""), str(event.get("data") or ""))
        finally:
            self.app.refresh()

    def on_online(self, event: dict[str, Any]) -> None:
        """Something came from a room on the relays (web/page/relay.js)."""
        try:
            self.online.on_event(event)
        finally:
            self.app.refresh()

    def on_shared(self, event: dict[str, Any]) -> None:
        """A link was copied, or not: say so under it.  Its share sheet, shared or closed
        unused, has spoken for itself: nothing to say."""
        if self.dialog is not None and self.dialog.get("step") == "invite":
            t = self.app.table.texts
            self.dialog["said"] = None if event.get("how") == "share" else {
                "seat": str(event.get("seat") or ""), "text": t.ONLINE_COPIED if event.get("ok") else t.ONLINE_COPY_FAILED}
            self.app.refresh()

    def _p2p_event(self, link: str, kind: str, data: str) -> None:
        if self.host is not None and link.isdigit() and int(link) in self.host.seats:
            seat = int(link)
            if kind == "open":
                self.host.joined(seat)
                if self.dialog is not None and self.dialog.get("seat") == seat:
                    nxt = self.host.next_invite()
                    self.dialog = None
                    if nxt is not None:
                        self.invite(nxt)
            elif kind == "message":
                for to, text in self.host.receive(seat, data):
                    self.js.send(str(to), text)
            elif kind == "closed":
                self.host.left(seat, self.app.now())
                self.arm_away_timer()
            elif kind == "failed" and self.dialog is not None and self.dialog.get("seat") == seat:
                self.dialog = {"step": "failed", "seat": seat}
        elif self.guest is not None and link == "host":
            if kind == "open":
                self.guest_link = "up"
                self.js.send("host", self.guest.hello(self.my_name()))
                self.dialog = None
                self.app.close_dialogs("menu", "rules")
            elif kind == "message":
                self.guest.receive(data)
                for text in self.guest.outbox():  # its value for a deal about to be dealt
                    self.js.send("host", text)
            elif kind == "closed":
                self.guest_link = "lost"
            elif kind == "failed":
                self.guest_link = "lost"
                self.dialog = {"step": "failed"}

    def my_name(self) -> str:
        """The name this guest gives the host: their seat's in the menu, unless it is the default."""
        mine = seats.chosen(self.app.table.settings)[0]
        default = seats.default_name(self.app.table.settings["format"], 0)
        return mine.name if mine.name != default else ""

    def arm_away_timer(self) -> None:
        if self.host is None:
            return
        due = self.host.due(self.app.now())
        if self.away_timer is not None:
            self.app.timer("away", self.away_timer, None)
            self.away_timer = None
        if due is not None:
            self.timer_gen += 1
            self.away_timer = self.timer_gen
            self.app.timer("away", self.away_timer, int(due * 1000) + 50)

    def on_away(self, gen: Any) -> None:
        """A guest has been away a minute: a bot stands in for them."""
        if gen != self.away_timer:
            return
        self.away_timer = None
        if self.host is not None and self.host.tick(self.app.now()):
            self.app.refresh()
        self.arm_away_timer()


def is_code(text: str, role: str) -> bool:
    """Whether ``text`` is a valid code of ``role`` (to say which code was pasted where)."""
    try:
        return p2pcode.decode(text).role == role
    except p2pcode.CodeError:
        return False
