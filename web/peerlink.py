"""The PyScript glue of «Играть с другом»: web/p2p.js's links, the dialog and the link bar.

Why a module of its own: it is browser glue like ``app.py`` (DOM, timers,
promises), but a separate idea; everything it decides is asked of the pure
modules — ``peer`` (who may see and play what), ``p2pcode`` (the codes),
``peerview`` (the markup), all tested on CPython.  ``App`` draws whatever
:attr:`PeerLink.guest` holds instead of its own table while this page is a guest.
"""

from __future__ import annotations

import asyncio
import time
import traceback
from typing import Any

import p2pcode
import peer
import peerview
import seats
import texts
from pyscript import document, window
from pyscript.ffi import create_proxy

try:
    from pyscript.ffi import is_none as _is_none
except ImportError:  # pragma: no cover - older PyScript: JS null arrives as None
    def _is_none(value: Any) -> bool:
        return value is None


class PeerLink:
    """This page's part in a game with friends: host, guest, or none (yet)."""

    def __init__(self, app: Any, bar: Any) -> None:
        self.app = app
        self.bar = bar
        self.host: peer.Host | None = None
        self.guest: peer.Guest | None = None
        self.guest_link = "none"
        """A guest's link to the host: ``connecting``, ``up`` or ``lost``."""
        self.dialog: dict[str, Any] | None = None
        """The «Играть с другом» dialog's state (``peerview.dialog_html``), while it is open."""
        self.js: Any = None
        self.bar_cache = ""
        self.away_timer: Any = None
        self._on_p2p = create_proxy(self.on_p2p)
        self._on_away = create_proxy(self.on_away)

    @property
    def active(self) -> bool:
        return self.host is not None or self.guest is not None

    def guest_act(self, kind: str) -> None:
        """A move button on a guest's screen: a request to the host (who checks it)."""
        assert self.guest is not None
        request = self.guest.act(kind)
        if request is not None:
            self.js.send("host", request)

    def sync(self) -> None:
        """The link bar, ``html[data-peer]``, and the host's pending messages."""
        if self.host is not None:
            for seat, text in self.host.outbox():
                self.js.send(str(seat), text)
            links, state = self.host.links(), self.host.peer_state()
        elif self.guest is not None:
            status = {"up": "up", "lost": "lost"}.get(self.guest_link, "waiting")
            links = [{"seat": 0, "name": self.app.table.texts.P2P_HOST_NAME, "status": status}]
            state = "connected" if self.guest_link == "up" else self.guest_link
        else:
            links, state = [], "none"
        markup = peerview.bar_html(links, self.app.table.texts)
        if markup != self.bar_cache:
            self.app._replace(self.bar, markup)
            self.bar_cache = markup
        document.documentElement.setAttribute("data-peer", state)

    def click(self, action: str, button: Any) -> None:
        state = self.dialog or {}
        step = state.get("step")
        if action == "p2p":
            supported = bool(window.RTCPeerConnection) if hasattr(window, "RTCPeerConnection") else False
            self.dialog = {"step": "choose" if supported else "unsupported"}
            self.app.dialogs = [d for d in self.app.dialogs if d not in ("menu", "rules")]
        elif action == "p2p-host":
            self.start_hosting()
        elif action == "p2p-join":
            self.dialog = {"step": "guest-paste"}
            self._start(self._scan_support())
        elif action == "p2p-connect":
            node = self.app.dlg["p2p"].querySelector("textarea[name=p2p-code]")
            text = str(node.value) if node is not None and not _is_none(node) else ""
            if step == "host":
                self.accept_answer(text)
            elif step == "guest-paste":
                self.answer_offer(text)
        elif action == "p2p-scan":
            self._start(self._scan())
        elif action == "p2p-invite":
            seat = str(button.getAttribute("data-seat") or "")
            if self.host is not None and seat.isdigit() and int(seat) in self.host.seats:
                self.invite(int(seat))
        elif action == "p2p-retry":
            if self.host is not None and state.get("seat") is not None:
                self.invite(state["seat"])
            else:
                self.dialog = {"step": "guest-paste"}
        elif action == "p2p-cancel":
            if self.host is not None and self.host.online:
                if state.get("seat") is not None and state["seat"] not in self.host.online:
                    self.js.close(str(state["seat"]))
                self.dialog = None
            else:
                self.leave()
                self.dialog = None
                if self.app.table.phase() not in ("play", "clearing"):
                    self.app.dialogs = ["menu"]
        elif action == "p2p-local":
            self.leave()
            self.dialog = None
            if texts.P2P_PASS_AND_PLAY_HINT not in self.app.table.notices:
                self.app.table.notices.append(texts.P2P_PASS_AND_PLAY_HINT)
            self.app.dialogs = ["menu"]
        elif action == "p2p-leave":
            self.leave()
            self.app.dialogs = ["menu"]

    @staticmethod
    def _start(coro: Any) -> None:
        asyncio.ensure_future(coro)

    async def _load(self) -> Any:
        """web/p2p.js, loaded the first time it is needed."""
        if self.js is None:
            self.js = await window.burkozelLoadP2P()
            document.addEventListener("burkozel-p2p", self._on_p2p)
        return self.js

    async def _scan_support(self) -> None:
        js = await self._load()
        if self.dialog is not None and js.canScan():
            self.dialog["scan"] = True
            self.app.refresh()

    async def _scan(self) -> None:
        js = await self._load()
        try:
            text = str(await js.scan(self.app.dlg["p2p"].querySelector("video")) or "")
        except Exception:  # noqa: BLE001 - no camera, or permission refused: paste instead
            return
        node = self.app.dlg["p2p"].querySelector("textarea[name=p2p-code]")
        if text and node is not None and not _is_none(node):
            node.value = text

    def start_hosting(self) -> None:
        """«Создать стол»: a new match at this page's settings, friends at its guest seats."""
        self.leave()
        old = self.app.table
        table = peer.HostTable(old.settings, speed=self.app.params["speed"], seed=self.app.params["seed"])
        table.notices = old.notices
        table.new_match()
        self.app.table = table
        self.host = peer.Host(table)
        self.app.cache.clear()
        self.invite(table.remote_seats[0])

    def invite(self, seat: int) -> None:
        """Show a fresh code (and QR) for ``seat``'s guest."""
        names = self.app.table.seat_names()
        self.dialog = {"step": "host", "seat": seat, "name": names[seat], "code": None}
        self.app.dialogs = [d for d in self.app.dialogs if d not in ("menu", "rules")]
        self._start(self._make_offer(seat))

    async def _make_offer(self, seat: int) -> None:
        try:
            js = await self._load()
            sdp = str(await js.offer(str(seat)))
            code = p2pcode.encode_sdp(sdp, p2pcode.OFFER)
        except Exception:  # noqa: BLE001 - the browser refused WebRTC: say so plainly
            window.console.warn("[burkozel] no offer:\n" + traceback.format_exc())
            self.dialog = {"step": "failed", "seat": seat}
            self.app.refresh()
            return
        if self.dialog is not None and self.dialog.get("step") == "host" and self.dialog.get("seat") == seat:
            page = str(window.location.href).split("#", 1)[0].split("?", 1)[0]
            self.dialog.update(code=code, link=f"{page}#{p2pcode.LINK_KEY}{code}")
            self._start(self._scan_support())
            self.app.refresh()

    def accept_answer(self, text: str) -> None:
        assert self.dialog is not None
        try:
            sdp = p2pcode.read(text, p2pcode.ANSWER)
        except p2pcode.CodeError:
            t = self.app.table.texts
            self.dialog["error"] = t.P2P_WRONG_ANSWER if is_code(text, p2pcode.OFFER) else t.P2P_BAD_CODE
            return
        self.dialog.update(error=None, busy=True)
        self._start(self._accept(self.dialog["seat"], sdp))

    async def _accept(self, seat: int, sdp: str) -> None:
        try:
            await (await self._load()).accept(str(seat), sdp)
        except Exception:  # noqa: BLE001
            self.dialog = {"step": "failed", "seat": seat}
            self.app.refresh()

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
        self.app.cache.clear()
        self.dialog = {"step": "guest-answer", "code": None}
        self._start(self._make_answer(sdp))

    async def _make_answer(self, sdp: str) -> None:
        try:
            js = await self._load()
            code = p2pcode.encode_sdp(str(await js.answer("host", sdp)), p2pcode.ANSWER)
        except Exception:  # noqa: BLE001
            self.dialog = {"step": "failed"}
            self.app.refresh()
            return
        if self.dialog is not None and self.dialog.get("step") == "guest-answer":
            self.dialog["code"] = code
            self.app.refresh()

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
        self.app.cache.clear()

    def on_p2p(self, event: Any) -> None:
        """Something happened on a link (web/p2p.js): opened, a message, closed, failed."""
        try:
            detail = event.detail
            self._p2p_event(str(detail.id), str(detail.kind), str(detail.data or ""))
        except Exception:  # noqa: BLE001
            window.console.warn("[burkozel] link event failed:\n" + traceback.format_exc())
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
                self.host.left(seat, time.monotonic())
                self._arm_away_timer()
            elif kind == "failed" and self.dialog is not None and self.dialog.get("seat") == seat:
                self.dialog = {"step": "failed", "seat": seat}
        elif self.guest is not None and link == "host":
            if kind == "open":
                self.guest_link = "up"
                mine = seats.chosen(self.app.table.settings)[0]
                default = seats.default_name(self.app.table.settings["format"], 0)
                self.js.send("host", self.guest.hello(mine.name if mine.name != default else ""))
                self.dialog = None
                self.app.dialogs = [d for d in self.app.dialogs if d not in ("menu", "rules")]
            elif kind == "message":
                self.guest.receive(data)
            elif kind == "closed":
                self.guest_link = "lost"
            elif kind == "failed":
                self.guest_link = "lost"
                self.dialog = {"step": "failed"}

    def _arm_away_timer(self) -> None:
        if self.host is None:
            return
        due = self.host.due(time.monotonic())
        if self.away_timer is not None:
            window.clearTimeout(self.away_timer)
            self.away_timer = None
        if due is not None:
            self.away_timer = window.setTimeout(self._on_away, int(due * 1000) + 50)

    def on_away(self, *_args: Any) -> None:
        """A guest has been away a minute: a bot stands in for them."""
        self.away_timer = None
        if self.host is not None and self.host.tick(time.monotonic()):
            self.app.refresh()
        self._arm_away_timer()


def is_code(text: str, role: str) -> bool:
    """Whether ``text`` is a valid code of ``role`` (to say which code was pasted where)."""
    try:
        return p2pcode.decode(text).role == role
    except p2pcode.CodeError:
        return False
