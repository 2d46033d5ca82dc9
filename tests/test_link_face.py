"""The link controllers (``p2p/link.py``, ``online_link.py``, ``open_link.py``) reach the app only through
``p2p.face.LinkApp``: read statically (every ``….app.<name>`` in their source) and while
they run (whole online games with the app behind a guard that lets only the interface by)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import webpath  # noqa: F401

import test_controller
import test_online_controller
import test_open_controller
from table.control import app as app_module
from table.p2p import face
from table.p2p.link import PeerLink

P2P = Path(__file__).resolve().parent.parent / "web" / "table" / "p2p"
CONTROLLERS = ("link.py", "online_link.py", "open_link.py")


def app_uses(source: str) -> set[str]:
    """Every name read or written on an ``app`` (``self.app.x``, ``self.link.app.x``, ``app.x``)."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute):
            base = node.value
            if (isinstance(base, ast.Name) and base.id == "app") or (isinstance(base, ast.Attribute) and base.attr == "app"):
                names.add(node.attr)
    return names


@pytest.mark.parametrize("name", CONTROLLERS)
def test_a_controller_names_nothing_of_the_app_beyond_the_interface(name):
    used = app_uses((P2P / name).read_text(encoding="utf-8"))
    assert used, "the controller talks to the app"
    assert used <= face.MEMBERS, f"{name} reaches past LinkApp: {sorted(used - face.MEMBERS)}"


def test_the_static_check_catches_a_private_draw_and_the_dialog_stack():
    bad = "class X:\n    def f(self):\n        self.app._draw('peer-bar', '')\n        self.link.app.dialogs = []\n"
    assert app_uses(bad) - face.MEMBERS == {"_draw", "dialogs"}


def test_the_app_has_every_member_of_the_interface():
    app, _ = test_controller.start()
    missing = [m for m in face.MEMBERS if not hasattr(app, m)]
    assert not missing and face.MEMBERS >= {"open_dialog", "close_dialogs", "use_table", "notice", "refresh"}


def test_the_peer_link_is_what_the_online_controller_asks_for():
    """``online_link`` names ``PeerLink`` only as ``face.PeerSide`` (no import back to ``link``)."""
    app, _ = test_controller.start()
    wanted = set(face.PeerSide.__annotations__) | {m for m in vars(face.PeerSide) if not m.startswith("_")}
    assert {"leave", "arm_away_timer", "dialog", "js"} <= wanted
    assert [m for m in wanted if not hasattr(app.peer, m)] == []
    source = (P2P / "online_link.py").read_text(encoding="utf-8")
    assert "table.p2p.link" not in source and "PeerSide" in source
    used = {node.attr for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Attribute) and node.value.attr == "peer"}
    assert used <= wanted, f"online_link asks PeerLink for more than PeerSide: {sorted(used - wanted)}"


class Guard:
    """The app as a controller may see it: any other name is written down (the app's own
    handlers swallow exceptions, so a raise alone could go unseen)."""

    def __init__(self, app, strays: list[str]) -> None:
        object.__setattr__(self, "_app", app)
        object.__setattr__(self, "_strays", strays)

    def __getattr__(self, name: str):
        if name not in face.MEMBERS:
            self._strays.append(name)
        return getattr(self._app, name)

    def __setattr__(self, name: str, value) -> None:
        self._strays.append("=" + name)
        setattr(self._app, name, value)


@pytest.fixture
def strays(monkeypatch) -> list[str]:
    seen: list[str] = []
    monkeypatch.setattr(app_module, "PeerLink", lambda app: PeerLink(Guard(app, seen)))
    return seen


@pytest.mark.parametrize("flow", [
    "test_the_lobby_gives_a_link_per_guest_seat_and_a_guest_sits_down",
    "test_a_guest_plays_a_whole_deal_of_duel_through_the_rooms",
    "test_the_host_reloads_and_the_guest_is_back_without_doing_anything",
    "test_another_match_for_the_same_people_on_the_same_links",
    "test_a_watcher_sees_the_public_table_a_trick_late_and_can_do_nothing",
    "test_a_guest_nobody_answers_gets_a_hint_then_stops_waiting_and_may_try_again",
])
def test_whole_online_games_touch_the_app_only_through_the_interface(flow, strays, monkeypatch):
    test = getattr(test_online_controller, flow)
    test(monkeypatch) if test.__code__.co_argcount else test()
    assert strays == []


@pytest.mark.parametrize("flow", [
    "test_an_open_table_is_found_and_a_stranger_sits_down_by_the_seats_name",
    "test_the_host_refuses_a_seat_and_the_stranger_is_told_plainly",
])
def test_open_tables_touch_the_app_only_through_the_interface(flow, strays, monkeypatch):
    test = getattr(test_open_controller, flow)
    test(monkeypatch) if test.__code__.co_argcount else test()
    assert strays == []


def test_the_same_wifi_dialog_touches_the_app_only_through_the_interface(strays):
    test_controller.test_play_with_a_friend_without_webrtc_says_so()
    test_controller.test_hosting_asks_the_page_for_an_offer_and_a_refusal_shows_the_failure()
    app, _ = test_controller.start(test_controller.env(stored={}, rtc=True))
    app.handle({"type": "click", "action": "p2p"})
    app.handle({"type": "click", "action": "p2p-local"})  # «Играть на одном устройстве»: a notice, the menu
    assert app.dialogs == ["menu"] and app.table.notices
    assert strays == []


def test_the_guard_sees_a_stray(strays):
    app, _ = test_controller.start()
    app.peer.app.dialogs
    assert strays == ["dialogs"]
