"""A fake Nostr relay for the browser tests of play by link, with no internet: one relay for
every ``wss://`` socket of every context (Playwright's WebSocket routing), speaking enough of
the protocol (REQ, EVENT, CLOSE, OK, EOSE) to match events by kind and ``#x`` tag, and made to
fail as relays do: an outage, a device offline, subscriptions refused, events lost or refused
for rate.  It accepts whatever a page sends; ``real_relay.py`` runs a real one for what only a
real relay checks (signatures, sizes, rates)."""

from __future__ import annotations

import json
import re
import time

from harness import ROOT


def matches(event: dict, flt: dict, since: bool = False) -> bool:
    """Whether a Nostr filter (NIP-01: ``kinds``, ``#x``-style tags; ``since`` for kept events
    only, as this relay always did for live ones) takes ``event``."""
    if event.get("kind") not in flt.get("kinds", []):
        return False
    if since and "since" in flt and not (isinstance(event.get("created_at"), int) and event["created_at"] >= flt["since"]):
        return False
    for name, wanted in flt.items():
        if name.startswith("#") and not any(len(t) > 1 and t[0] == name[1:] and t[1] in wanted
                                            for t in event.get("tags", [])):
            return False
    return any(name.startswith("#") for name in flt)  # (an untagged filter matches nothing here)


def expired(event: dict, now: float) -> bool:
    """NIP-40: past its ``expiration`` tag, a relay neither keeps nor passes it on."""
    tag = next((t[1] for t in event.get("tags", []) if len(t) > 1 and t[0] == "expiration"), None)
    return tag is not None and str(tag).isdigit() and int(tag) <= now


class FakeRelay:
    """One relay for every context: subscriptions by (socket, id), events passed on at once;
    addressable events (kind 30000–39999, an open table's) kept as a relay keeps them, the
    newest per author, kind and ``d`` tag, none past its NIP-40 expiration, and sent to each
    new subscription they match before its EOSE."""

    def __init__(self) -> None:
        self.kept: dict[tuple[str, int, str], dict] = {}
        """Addressable events: (pubkey, kind, d) -> the newest event."""
        self.subs: dict[tuple[int, str], tuple[object, dict]] = {}
        self.sockets: list[object] = []
        self.events = 0
        self.contents: list[str] = []
        """Every event's content, in the order the relay got them."""
        self.longest = 0
        """The longest ``EVENT`` message a page sent (public relays refuse those over 4,096)."""
        self.refused = 0
        """Sockets refused so far (while down, or their context offline)."""
        self.up = True
        self.owner: dict[int, object] = {}
        self.offline: set[object] = set()
        """Contexts whose sockets are refused (their device is offline)."""
        self.refusing_subs: set[object] = set()
        """Contexts whose subscriptions get a NOTICE «rate-limited» and are not made (as
        nostr-relay answers a REQ past its rate, leaving the socket open)."""
        self.subs_refused: list[str] = []
        """The relay of each subscription refused so far."""
        self.swallowed: set[tuple[object, str]] = set()
        """(context, relay url): events that context publishes there are taken (``OK`` true) and lost."""
        self.ahead = 0.0
        """Seconds the relay's clock runs ahead of this machine's (a device that slept meanwhile)."""

    def attach(self, context) -> None:
        context.route_web_socket(re.compile(r"^wss://"), lambda ws: self.handler(ws, context))

    def handler(self, ws, context=None) -> None:
        if not self.up or context in self.offline:
            self.refused += 1
            ws.close(code=1011, reason="down")  # (before the route would open it: the page sees no open)
            return
        self.sockets.append(ws)
        self.owner[id(ws)] = context
        ws.on_message(lambda message: self.on_message(ws, message))
        ws.on_close(lambda *_: self.forget(ws))

    def forget(self, ws) -> None:
        self.subs = {k: v for k, v in self.subs.items() if v[0] is not ws}
        if ws in self.sockets:
            self.sockets.remove(ws)

    def on_message(self, ws, message) -> None:
        try:
            data = json.loads(message)
        except (TypeError, ValueError):
            return
        if not isinstance(data, list) or not data:
            return
        if data[0] == "REQ" and len(data) >= 3 and self.owner.get(id(ws)) in self.refusing_subs:
            self.subs_refused.append(ws.url.rstrip("/"))
            ws.send(json.dumps(["NOTICE", "rate-limited"]))
        elif data[0] == "REQ" and len(data) >= 3:
            self.subs[(id(ws), data[1])] = (ws, data[2])
            now = time.time() + self.ahead
            for event in sorted(self.kept.values(), key=lambda e: -e["created_at"]):
                if isinstance(data[2], dict) and matches(event, data[2], since=True) and not expired(event, now):
                    ws.send(json.dumps(["EVENT", data[1], event]))
            ws.send(json.dumps(["EOSE", data[1]]))
        elif data[0] == "CLOSE" and len(data) >= 2:
            self.subs.pop((id(ws), data[1]), None)
        elif data[0] == "EVENT" and len(data) >= 2 and isinstance(data[1], dict):
            event = data[1]
            self.longest = max(self.longest, len(message))
            if expired(event, time.time() + self.ahead):
                ws.send(json.dumps(["OK", event.get("id"), False, "invalid: event has expired"]))
                return
            if (self.owner.get(id(ws)), ws.url.rstrip("/")) in self.swallowed:
                ws.send(json.dumps(["OK", event.get("id"), True, ""]))
                return
            ws.send(json.dumps(["OK", event.get("id"), True, ""]))
            self.events += 1
            self.contents.append(str(event.get("content", "")))
            if isinstance(event.get("kind"), int) and 30_000 <= event["kind"] < 40_000:
                d = next((t[1] for t in event.get("tags", []) if len(t) > 1 and t[0] == "d"), "")
                slot = (str(event.get("pubkey")), event["kind"], d)
                before = self.kept.get(slot)
                if before is not None and (event["created_at"], before["id"]) <= (before["created_at"], str(event.get("id"))):
                    return  # (not newer, NIP-01: the relay keeps what it has, and passes nothing on)
                self.kept[slot] = event
            for (_, sub_id), (other, flt) in list(self.subs.items()):
                if isinstance(flt, dict) and matches(event, flt):
                    try:
                        other.send(json.dumps(["EVENT", sub_id, event]))
                    except Exception:  # noqa: BLE001 - a socket that closed meanwhile
                        pass

    def cut_off(self, context) -> None:
        """``context``'s device goes offline: its sockets close, new ones are refused until
        :meth:`let_in`.  (The browser's offline switch does not reach a routed socket.)"""
        self.offline.add(context)
        for ws in [ws for ws in self.sockets if self.owner.get(id(ws)) is context]:
            try:
                ws.close(code=1006, reason="offline")
            except Exception:  # noqa: BLE001
                pass
            self.forget(ws)

    def let_in(self, context) -> None:
        self.offline.discard(context)

    def drop_all(self) -> None:
        """Every relay socket closes (a relay outage); new ones are refused while down."""
        self.up = False
        for ws in list(self.sockets):
            try:
                ws.close(code=1011, reason="outage")
            except Exception:  # noqa: BLE001
                pass
        self.sockets.clear()
        self.subs.clear()


class RateLimitingRelay(FakeRelay):
    """The fake relay, but once ``limiting`` every relay of the list save the last answers each
    event with ``OK false "rate-limited: …"`` and passes nothing on (as public relays do past
    their rate). It notes when and where each refusal was, and which events reached the last."""

    def __init__(self) -> None:
        super().__init__()
        self.limiting = False
        self.refusals: list[tuple[int, str, float, str]] = []
        """(the refused device, relay, time, event id), in order."""
        self.at_spare: set[str] = set()
        self.spare = json.loads((ROOT / "web" / "page" / "relays.json").read_text())["relays"][-1]["url"]

    def on_message(self, ws, message) -> None:
        if isinstance(message, str) and message.startswith('["EVENT"'):
            event = json.loads(message)[1]
            event_id = str(event.get("id"))
            # (the table's frames; announcements and Trystero's signals, JSON, are not passed on)
            frames = not str(event.get("content", "")).startswith("{")
            if ws.url.rstrip("/").startswith(self.spare):
                self.at_spare.add(event_id)
            elif self.limiting:
                device = id(self.owner.get(id(ws)))
                self.refusals.append((device, ws.url.rstrip("/"), time.monotonic(), event_id if frames else ""))
                ws.send(json.dumps(["OK", event_id, False, "rate-limited: slow down"]))
                return
        super().on_message(ws, message)

    def rests_kept(self, grace: float = 3.0, rest: float = 30.0) -> list[str]:
        """Where a device sent a relay another event within its rest (after ``grace`` for the
        events already on their way when the first refusal came back)."""
        first: dict[tuple[int, str], float] = {}
        broken = []
        for device, url, at, _ in self.refusals:
            start = first.setdefault((device, url), at)
            if start + grace < at < start + rest - grace:
                broken.append(f"{url} at +{at - start:.1f} s")
        return broken
