"""«Открытый стол» and «Найти игру» through a real relay (PyPI's nostr-relay, ``real_relay.py``):
a host opens its вдвоём table to strangers, a stranger's page (another context, nothing
shared) finds it under «Найти игру», takes the free seat with one tap, is refused by the host
while its page reloads and told so when it is back; the host's page reloads in the lobby and goes on as the same open table
(its withdrawal sent as the page hid); the stranger sits down named by the seat and plays.  A
tap on the relay itself reads every event it passed on: none holds a seat's link, room or secret."""

from __future__ import annotations

import base64
import json
import random
import sys
import threading
import time

import pytest

from fake_relay import expired
from harness import ROOT, app_url, boot
from online_kit import invite_links, make_page, real_browser, real_page, real_relay, relay  # noqa: F401  (fixtures)
from tablekit import play_devices, to_menu
from test_p2p import button, p2p_browser  # noqa: F401  (the fixture)

sys.path.insert(0, str(ROOT / "web"))
from table.p2p import invite, public  # noqa: E402

websocket = pytest.importorskip("websocket")  # websocket-client, a dependency of the relay's tools
pytestmark = pytest.mark.long_file  # (conftest.py: `make test` starts it first)


class RelayTap:
    """A plain subscriber on the relay itself, for every event any page publishes from now on."""

    def __init__(self, relay) -> None:
        self.contents: list[str] = []
        self.ws = websocket.create_connection(f"ws://127.0.0.1:{relay.relay_port}/", timeout=30)
        self.ws.send(json.dumps(["REQ", "tap", {"since": 1}]))  # (an empty filter matches nothing there)
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        while True:
            try:
                message = json.loads(self.ws.recv())
            except websocket.WebSocketTimeoutException:
                continue  # (quiet for a while: the pages are still booting)
            except Exception:  # (closed at the end)
                return
            if message[0] == "EVENT" and isinstance(message[2], dict):
                self.contents.append(str(message[2].get("content", "")))

    def close(self) -> None:
        self.ws.close()


def lobby_messages(contents: list[str]) -> list[dict]:
    """The open tables' public messages among the relay's events (base64url JSON)."""
    out = []
    for content in contents:
        for piece in content.split(" "):
            try:
                data = json.loads(base64.urlsafe_b64decode(piece + "=" * (-len(piece) % 4)))
            except ValueError:
                continue
            if isinstance(data, dict) and data.get("v") == public.VERSION \
                    and data.get("t") in ("open", "shut", "ask", "re"):
                out.append(data)
    return out


def tap_until(page, tap: RelayTap, done, timeout_s: float = 30.0) -> list[dict]:
    """The open tables' messages the tap has read, once ``done`` holds for them (the tap reads on
    a thread of its own; ``page`` only waits)."""
    for _ in range(int(timeout_s * 5)):
        messages = lobby_messages(tap.contents)
        if messages and done(messages):
            return messages
        page.wait_for_timeout(200)
    raise AssertionError(f"not on the relay: {[(m['t'], m.get('n')) for m in lobby_messages(tap.contents)]}")


def relay_kept(relay) -> list[dict]:
    """What the real relay keeps of the open tables now, as a finder opening now asks for it."""
    ws = websocket.create_connection(f"ws://127.0.0.1:{relay.relay_port}/", timeout=30)
    try:
        ws.send(json.dumps(["REQ", "kept", {"kinds": [public.KIND], "#t": [public.TAG]}]))
        events = []
        while (message := json.loads(ws.recv()))[0] != "EOSE":
            if message[0] == "EVENT":
                events.append(message[2])
        return events
    finally:
        ws.close()


def find_and_take(stranger) -> None:
    stranger.wait_for_selector("#p2p [data-action=online-take]", timeout=40_000)
    stranger.locator("#p2p [data-action=online-take]").first.click()


def test_a_stranger_finds_an_open_table_is_refused_once_then_sits_down_and_plays(real_page, server, real_relay):
    """Also axe-core (WCAG 2.1 A/AA) on «Найти игру»'s list, the host's lobby with the stranger's
    seat and «Отказать», and the refusal."""
    from axe import violations

    found: dict[str, list[str]] = {}

    def check(page, screen: str) -> None:
        if lines := violations(page):
            found[screen] = lines

    tap = RelayTap(real_relay)
    host = real_page()
    links = invite_links(host, server, "duel")
    first = invite.code_in(links[1])
    host.locator("#p2p input[name=online-open]").check()
    stranger = real_page()
    boot(stranger, app_url(server.url, speed="instant", sw="off"))
    to_menu(stranger)
    button(stranger, "#menu", "Найти игру").click()
    stranger.wait_for_selector("#p2p [data-open-empty], #p2p [data-open-tables]")
    stranger.wait_for_selector("#p2p [data-action=online-take]", timeout=40_000)
    listed = stranger.text_content("#p2p [data-open-tables]")
    assert "Вдвоём" in listed and "свободно мест: 1" in listed and "Лёгкая" in listed, listed
    check(stranger, "«Найти игру» with an open table")
    find_and_take(stranger)
    # The seat comes sealed: the stranger sits down in the lobby, the host sees who asked.
    stranger.wait_for_selector("#p2p [data-online-mine]", timeout=40_000)
    host.wait_for_selector("#p2p [data-stranger] [data-online-status=joined]", timeout=30_000)
    check(host, "the host's lobby with a stranger's seat")
    # The stranger's page reloads, and the host refuses before the start while it is gone: the
    # seat has a new link, and the page, back at the old one in its address (it knows nothing of
    # its ask now), is told plainly at its first knock (the host listens there until the start).
    url, context = stranger.url, stranger.context
    stranger.close()
    button(host, "#p2p", "Отказать").click()
    host.wait_for_selector("#p2p [data-online-link='1']")
    second = invite.code_in(host.text_content("#p2p [data-online-link='1']"))
    assert second != first
    stranger = boot(context.new_page(), url)
    stranger.wait_for_selector("#p2p [data-online-error=refused]", timeout=30_000)
    assert "отказал" in stranger.text_content("#p2p [data-online-error=refused]")
    check(stranger, "the refusal")
    # The host's page reloads in the lobby: the lobby is back, the table still open, and a
    # withdrawal went out as the page hid (a counter just above its last announcement's).
    said_by_table = lambda ms: [m for m in ms if m["t"] in ("open", "shut")]  # noqa: E731
    said = tap_until(host, tap, lambda ms: said_by_table(ms)[-1]["t"] == "open")  # (at once: the seat is free again)
    host.wait_for_function("() => window.burkozelRelay.farewellReady('lobby')")
    last = said_by_table(said)[-1]
    # The relay checked each table event's BIP-340 signature and refused none (kind 30433, signed
    # by the table's own Nostr key), and keeps one event for the table: its last word.
    refused = [w for w in host.evaluate("window.burkozelRelay.warned") if w["what"] == "OK"]
    assert not refused, refused
    [event] = relay_kept(real_relay)
    assert lobby_messages([event["content"]])[0]["n"] == last["n"] and ["d", last["id"]] in event["tags"]
    host.reload()
    host.wait_for_selector("#p2p input[name=online-open]:checked", timeout=60_000)
    tap_until(host, tap, lambda ms: any(m["t"] == "shut" and m["id"] == last["id"] and m["n"] == last["n"] + 1
                                        for m in ms[len(said):]))
    # Back to the list: the same table, announced by the reloaded page; the stranger takes the seat and plays.
    button(stranger, "#p2p", "К списку столов").click()
    find_and_take(stranger)
    stranger.wait_for_selector("#p2p [data-online-mine]", timeout=40_000)
    host.wait_for_selector("#p2p [data-stranger] [data-online-status=joined]", timeout=30_000)
    button(host, "#p2p", "Начать игру").click()
    stranger.wait_for_selector("#p2p", state="hidden", timeout=30_000)
    assert stranger.get_attribute("#me .seat", "data-seat") == "1"
    assert play_devices(host, [stranger], random.Random(5), moves=2) == [2]
    tap.close()
    [event] = relay_kept(real_relay)  # (the table started: its withdrawal in its announcement's place)
    assert lobby_messages([event["content"]])[0]["t"] == "shut"
    # Every event the relay passed on: announcements and withdrawals were there, no seat's
    # link, room or secret in any of them (the answers are sealed to the asker's key).
    messages = lobby_messages(tap.contents)
    kinds = {m["t"] for m in messages}
    assert {"open", "shut", "ask", "re"} <= kinds, kinds
    for code in (first, second):
        inv = invite.decode(code)
        for content in tap.contents:
            assert code not in content and inv.secret_hex not in content and inv.room_id not in content
        for message in messages:
            text = json.dumps(message)
            assert code not in text and inv.secret_hex not in text and inv.room_id not in text
    assert all(len(c) < 4096 for c in tap.contents)
    assert not found, "axe found WCAG 2.1 A/AA violations:\n" + "\n".join(
        f"[{screen}]\n  " + "\n  ".join(lines) for screen, lines in found.items())


def kept_tables(relay) -> dict[str, str]:
    """What the fake relay keeps of the open tables: each table's id and its last word ("open", "shut")."""
    out = {}
    for event in relay.kept.values():
        if event["kind"] == public.KIND:
            for message in lobby_messages([event["content"]]):
                out[message["id"]] = message["t"]
    return out


def test_a_finder_opening_later_lists_what_the_relay_kept_and_no_closed_table(make_page, server, relay):
    """Two hosts open their tables; one closes its own (its withdrawal replaces its announcement
    on the relay), the other's device goes offline (it answers nothing now, and says nothing).
    A finder opening after that lists the offline host's table at once, from the event the
    relay kept, and not the closed one; it publishes nothing to find them (no «кто открыт?»)."""
    kept = make_page()
    invite_links(kept, server, "duel")
    kept.locator("#p2p input[name=online-open]").check()
    closed = make_page()
    invite_links(closed, server, "pairs", people=(1,))
    closed.locator("#p2p input[name=online-open]").check()
    for _ in range(150):
        if len(kept_tables(relay)) == 2:
            break
        kept.wait_for_timeout(200)
    assert sorted(kept_tables(relay).values()) == ["open", "open"], kept_tables(relay)
    before = set(kept_tables(relay))
    closed.locator("#p2p input[name=online-open]").uncheck()
    for _ in range(150):
        if "shut" in kept_tables(relay).values():
            break
        closed.wait_for_timeout(200)
    assert sorted(kept_tables(relay).values()) == ["open", "shut"] and set(kept_tables(relay)) == before
    assert len([e for e in relay.kept.values() if e["kind"] == public.KIND]) == 2  # (replaced, not added)
    [open_id] = [tid for tid, word in kept_tables(relay).items() if word == "open"]
    relay.cut_off(kept.context)
    finder = make_page()
    boot(finder, app_url(server.url, speed="instant", sw="off"))
    to_menu(finder)
    button(finder, "#menu", "Найти игру").click()
    finder.wait_for_selector("#p2p [data-action=online-take]", timeout=20_000)
    finder.wait_for_timeout(1_000)  # (anything else the relay kept has come by now)
    takes = finder.locator("#p2p [data-action=online-take]")
    assert takes.count() == 1 and takes.first.get_attribute("data-key") == open_id
    assert "Вдвоём" in finder.text_content("#p2p [data-open-tables]")
    assert finder.evaluate("window.burkozelRelay.published") == []
    relay.let_in(kept.context)


SLEPT_S = 205
"""How far the host's page and the relay move on while the device sleeps (the worker's own clock,
Python's, does not move in a test): past its table's announcement's 240 s once 35 s have passed,
and not past a fresh one's."""


def test_a_host_back_from_sleep_past_its_tables_expiration_announces_afresh_at_once(make_page, server, relay):
    """The host's device sleeps through its open table's renewals, its relays out of reach, and
    its last announcement (240 s) expires meanwhile. When the relay sockets open again the page
    sends that announcement to no relay (each would refuse it, and list no table until the next
    renewal, 90 s on) and a fresh one at once: right after the sockets are back the relay keeps
    the table, open, and refused nothing."""
    host = make_page()
    invite_links(host, server, "duel")
    host.locator("#p2p input[name=online-open]").check()
    for _ in range(150):
        if list(kept_tables(relay).values()) == ["open"]:
            break
        host.wait_for_timeout(200)
    [before] = [e for e in relay.kept.values() if e["kind"] == public.KIND]
    relay.drop_all()
    host.wait_for_timeout(45_000)  # (past 35 s of the announcement's life, and short of its 90 s renewal)
    host.evaluate(f"() => {{ const now = Date.now; Date.now = () => now() + {SLEPT_S * 1000}; }}")
    relay.ahead = SLEPT_S
    assert expired(before, time.time() + relay.ahead)
    relay.up = True

    def kept_now() -> list[dict]:
        return [e for e in relay.kept.values() if e["kind"] == public.KIND and not expired(e, time.time() + relay.ahead)]

    for _ in range(75):
        if kept_now():
            break
        host.wait_for_timeout(200)
    [event] = kept_now()
    assert event["created_at"] > before["created_at"]
    assert [m["t"] for m in lobby_messages([event["content"]])] == ["open"]
    assert not [w for w in host.evaluate("window.burkozelRelay.warned") if "expired" in w["why"]]
