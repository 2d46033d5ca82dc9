"""«Открытый стол» and «Найти игру» through the controller (App) on CPython: the host's switch
announces the table on the lobby topic without any seat's link, a stranger's page lists it,
one tap asks, the seat comes back sealed and the stranger sits down named by the seat; the
host refuses a seat and the stranger is told; a full or started table is withdrawn; a flood
of asks and junk on the lobby topic changes nothing.  The rooms are test_online_controller's
in-memory relay."""

from __future__ import annotations

import base64
import json
import re

import webpath  # noqa: F401

from table.p2p import invite, open_link, public
from test_controller import env, start
from test_online_controller import Relay, guest_at, host_with_lobby


import pytest


class Wall:
    """The pages' wall clock (``open_link.wall``: an announcement's time), moved by the test."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def wall(monkeypatch) -> Wall:
    clock = Wall()
    monkeypatch.setattr(open_link, "wall", clock)
    return clock


def open_host(relay: Relay, fmt: str = "duel", seats: list[str] | None = None):
    host, links, _ = host_with_lobby(relay, fmt, seats)
    fx = host.handle({"type": "change", "name": "online-open", "value": "on", "checked": True})
    relay.effects(host, fx)
    assert 'name="online-open" role="switch" checked' in host.cache["p2p"]
    return host, links


def finder(relay: Relay):
    page, fx = start(env(stored={}))
    relay.effects(page, fx)
    relay.effects(page, page.handle({"type": "click", "action": "online-find"}))
    return page


def lobby_texts(relay: Relay) -> list[str]:
    """Every text any page sent on the lobby topic, or published as an open table's event."""
    return [op["text"] for app, op in relay.ops if op["op"] in ("online-send", "online-post") and op["id"] == "lobby"]


def decoded(text: str) -> str:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode()


def test_an_open_table_is_found_and_a_stranger_sits_down_by_the_seats_name():
    relay = Relay()
    host, links = open_host(relay)
    stranger = finder(relay)
    relay.run([host, stranger])
    markup = stranger.cache["p2p"]
    [table_id] = re.findall(r'data-action="online-take" data-key="([0-9a-f]+)"', markup)
    assert "Вдвоём" in markup or "вдвоём" in markup.lower()
    stranger.table.settings["seats"]["duel"] = [{"kind": "human", "name": "Вася"}, {"kind": "bot", "name": ""}]
    relay.effects(stranger, stranger.handle({"type": "click", "action": "online-take", "key": table_id}))
    relay.run([host, stranger])
    assert stranger.peer.guest is not None and stranger.peer.guest.state["seat"] == 1
    assert stranger.peer.dialog["step"] == "online-lobby"
    assert 'data-stranger' in host.cache["p2p"] and 'data-online-status="joined"' in host.cache["p2p"]
    assert "Вася" not in json.dumps(host.table.seat_names(), ensure_ascii=False)
    # Full now: the table is withdrawn; no announcement ever held a seat's link or secret.
    texts = lobby_texts(relay)
    kinds = [json.loads(decoded(t))["t"] for t in texts]
    assert kinds[-1] == "shut" and "open" in kinds and "ask" in kinds and "re" in kinds
    code = invite.code_in(links[1])
    inv = invite.decode(code)
    for text in texts:
        plain = decoded(text)
        assert code not in plain and inv.secret_hex not in plain and inv.room_id not in plain
    # The host starts: the stranger plays.
    relay.effects(host, host.handle({"type": "click", "action": "online-start"}))
    relay.run([host, stranger])
    assert stranger.peer.dialog is None


def seated_stranger(relay: Relay):
    host, links = open_host(relay)
    stranger = finder(relay)
    relay.run([host, stranger])
    [table_id] = re.findall(r'data-key="([0-9a-f]+)"', stranger.cache["p2p"])
    relay.effects(stranger, stranger.handle({"type": "click", "action": "online-take", "key": table_id}))
    relay.run([host, stranger])
    assert stranger.peer.dialog["step"] == "online-lobby"
    return host, stranger, table_id


def test_the_host_refuses_a_seat_and_the_stranger_is_told_plainly():
    relay = Relay()
    host, stranger, table_id = seated_stranger(relay)
    old = host.peer.online.end.lines[1].invite
    relay.effects(host, host.handle({"type": "click", "action": "online-refuse", "seat": "1"}))
    relay.run([host, stranger])
    assert stranger.peer.guest is None and stranger.peer.dialog == {"step": "online-find-no", "why": "refused"}
    assert 'data-online-error="refused"' in stranger.cache["p2p"]
    assert host.peer.online.end.lines[1].invite != old and 1 not in host.peer.online.end.host.online
    assert 'data-online-status="waiting"' in host.cache["p2p"] and "data-stranger" not in host.cache["p2p"]
    # The table is open again, and says so at once (not at its next announcement, up to 45 s on).
    assert [m["t"] for m in announcements(relay, host)[-2:]] == ["shut", "open"]
    # A second stranger finds it.
    other = finder(relay)
    relay.run([host, other])
    assert re.findall(r'data-key="([0-9a-f]+)"', other.cache["p2p"]) == [table_id]


def test_an_ask_for_a_full_table_is_answered_full_and_changes_nothing():
    relay = Relay()
    host, links = open_host(relay)
    first, second = finder(relay), finder(relay)
    relay.run([host, first, second])
    [table_id] = re.findall(r'data-key="([0-9a-f]+)"', second.cache["p2p"])
    # Both tap before the table's withdrawal reaches them: the first ask gets the seat.
    relay.effects(first, first.handle({"type": "click", "action": "online-take", "key": table_id}))
    relay.effects(second, second.handle({"type": "click", "action": "online-take", "key": table_id}))
    relay.run([host, first, second])
    assert second.peer.dialog == {"step": "online-find-no", "why": "full"}
    holder = host.peer.online.end.lines[1].holder
    assert holder is not None and first.peer.guest.state["seat"] == 1
    # The withdrawal reached a third finder too: nothing listed (the table is full).
    third = finder(relay)
    relay.run([host, third])
    assert "data-open-empty" in third.cache["p2p"] and host.peer.online.end.lines[1].holder == holder


def test_junk_and_a_flood_on_the_lobby_topic_leave_the_host_as_it_was():
    relay = Relay()
    host, links = open_host(relay, "bura_pot", ["human", "human", "human", "bot"])
    before = dict(host.peer.online.end.lines)
    table = public.Table(host.peer.online.open_tables.table.id, host.peer.online.open_tables.table.keys.public,
                         0, "bura_pot", 4, 2, "medium", "ru", 0, 0.0, 0.0, 0)
    who = public._b64({"v": public.VERSION, "t": "who"})  # (a «кто открыт?» as pages asked before)
    junk = ["", "x" * 5000, None, 7, "eyJ2IjoxfQ", who] + [public.Asking(table, 0.0).ask() for _ in range(60)]
    for text in junk:
        relay.effects(host, host.handle({"type": "online", "id": "lobby", "kind": "frame", "data": text, "way": "relay"}))
    granted = host.peer.online.open_tables.granted
    assert len(granted) == 2  # two free seats: the first two askers in the burst, the rest answered «full» or dropped
    answers = [t for t in lobby_texts(relay) if json.loads(decoded(t))["t"] == "re"]
    assert len(answers) <= public.ASK_BURST
    assert set(host.peer.online.end.lines) == set(before)


def test_the_finder_says_what_to_do_when_nothing_is_open_and_stops_waiting_for_a_silent_host(wall):
    relay = Relay()
    page = finder(relay)
    assert "data-open-empty" in page.cache["p2p"]
    fake = public.OpenTable()
    text = fake.announcement("duel", 2, 1, "hard", "en", 30, wall.now)
    relay.effects(page, page.handle({"type": "online", "id": "lobby", "kind": "frame", "data": text, "way": "relay",
                                     "now": 1000}))
    fx = page.handle({"type": "click", "action": "online-take", "key": fake.id, "now": 1000})
    relay.effects(page, fx)
    assert page.peer.dialog["step"] == "online-find-asking"
    gen = page.peer.online.open_tables.timer
    fx = page.handle({"type": "timer", "name": "find", "gen": gen, "now": 1000 + public.ASK_WAIT_S * 1000 + 1})
    assert page.peer.dialog == {"step": "online-find-no", "why": "noanswer"}
    assert 'data-online-error="noanswer"' in fx["regions"]["p2p"]


def test_the_finder_and_the_open_switch_read_in_every_language():
    from table.i18n import languages
    from table.p2p import find_view, invite_view

    table = {"id": "0123456789abcdef", "format": "three", "players": 3, "free": 2, "level": "hard", "lang": "uk",
             "timer": 30, "age": 130}
    ru = None
    for code in languages.LANGS:
        t = languages.for_lang(code)
        listed = find_view.dialog_html({"step": "online-find", "tables": [table]}, t)
        empty = find_view.dialog_html({"step": "online-find", "tables": []}, t)
        refused = find_view.dialog_html({"step": "online-find-no", "why": "refused"}, t)
        assert t.FIND_GAME in listed and t.FORMAT_TITLES["three"] in listed and t.DIFFICULTY_TITLES["hard"] in listed
        assert t.say("online_free", n=2) in listed and t.say("online_minutes_ago", n=2) in listed
        assert t.ONLINE_FIND_EMPTY in empty and 'data-online-error="refused"' in refused
        lobby = invite_view.dialog_html({"step": "invite", "rows": [], "open": True}, t)
        assert 'name="online-open"' in lobby and t.ONLINE_OPEN_TABLE in lobby and t.ONLINE_OPEN_HINT in lobby
        again = invite_view.dialog_html({"step": "invite", "rows": [], "open": False, "rematch": True}, t)
        assert 'name="online-open"' in again and t.ONLINE_OPEN_REMATCH_HINT in again
        if code == "ru":
            ru = listed
        else:
            assert listed != ru



def reload_stranger(relay: Relay, stranger):
    """The stranger's page reloads: its address is the seat's link now, its storage is kept."""
    link = invite.link("http://127.0.0.1:8000/?speed=fast", stranger.peer.online.end.invite)
    stored = dict(stranger._stored)
    relay.gone(stranger)
    again, _ = guest_at(relay, link, stored)
    return again


def test_a_reloaded_stranger_still_hears_the_host_refuse():
    """A stranger's page reloaded before the start sits down again by its link, and when the host
    refuses it is told so (the refusal went only to the lobby's ask, which the reload forgot)."""
    relay = Relay()
    host, stranger, table_id = seated_stranger(relay)
    again = reload_stranger(relay, stranger)
    relay.run([host, again])
    assert again.peer.guest is not None and again.peer.dialog["step"] == "online-lobby"
    assert 'data-online-status="joined"' in host.cache["p2p"]
    relay.effects(host, host.handle({"type": "click", "action": "online-refuse", "seat": "1"}))
    relay.run([host, again])
    assert again.peer.guest is None and again.peer.dialog == {"step": "online-find-no", "why": "refused"}
    assert 'data-online-error="refused"' in again.cache["p2p"]
    # «К списку столов»: the table is listed again, with its seat free.
    relay.effects(again, again.handle({"type": "click", "action": "online-find-back"}))
    relay.run([host, again])
    assert re.findall(r'data-key="([0-9a-f]+)"', again.cache["p2p"]) == [table_id]


def announcements(relay: Relay, app) -> list[dict]:
    """What ``app`` published as its open table's events (announcements and withdrawals), decoded."""
    out = [json.loads(decoded(op["text"])) for a, op in relay.ops
           if a is app and op["op"] == "online-post" and op["id"] == "lobby"]
    return [m for m in out if m["t"] in ("open", "shut")]


def test_a_reloaded_host_goes_on_announcing_its_open_table():
    """The host's page reloaded in the lobby: the lobby is back with «Открытый стол» on, and the
    same table (id, keys, a counter still growing) is announced again at once, so finders keep it."""
    relay = Relay()
    host, links = open_host(relay)
    looking = finder(relay)
    relay.run([host, looking])
    [first] = announcements(relay, host)[-1:]
    assert first["t"] == "open" and 'data-open-table="' + first["id"] in looking.cache["p2p"]
    stored = dict(host._stored)
    relay.gone(host)
    again, fx = start(env(stored=stored))
    relay.effects(again, fx)
    relay.run([again, looking])
    assert again.peer.dialog == {"step": "invite"} and "p2p" in again.dialogs
    assert 'name="online-open" role="switch" checked' in again.cache["p2p"]
    said = announcements(relay, again)
    assert said and said[0]["t"] == "open" and said[0]["id"] == first["id"] and said[0]["n"] > first["n"]
    assert looking.peer.online.open_tables.listing.counts[first["id"]] == said[-1]["n"]
    # The reloaded host is still the table: a stranger takes its seat.
    relay.effects(looking, looking.handle({"type": "click", "action": "online-take", "key": first["id"]}))
    relay.run([again, looking])
    assert looking.peer.guest is not None and looking.peer.dialog["step"] == "online-lobby"


def test_a_host_reloaded_once_its_table_is_full_or_started_says_closed_once():
    relay = Relay()
    host, stranger, table_id = seated_stranger(relay)
    relay.effects(host, host.handle({"type": "click", "action": "online-start"}))
    relay.run([host, stranger])
    assert announcements(relay, host)[-1]["t"] == "shut"
    stored = dict(host._stored)
    relay.gone(host)
    again, fx = start(env(stored=stored))
    relay.effects(again, fx)
    relay.run([again, stranger])
    assert again.peer.dialog is None and announcements(relay, again) == []  # (said already, kept)


def test_a_page_closing_has_its_open_tables_farewell_ready(wall):
    """relay.js sends a room's farewell when the page hides (pagehide, best-effort): the host's
    page keeps one ready, a withdrawal whose counter is above anything the table has said."""
    relay = Relay()
    host, links = open_host(relay)
    looking = finder(relay)
    relay.run([host, looking])
    farewells = [op for a, op in relay.ops if a is host and op["op"] == "online-farewell"]
    assert farewells and farewells[-1]["id"] == "lobby"
    last = json.loads(decoded(farewells[-1]["text"]))
    assert last["t"] == "shut" and last["n"] > max(m["n"] for m in announcements(relay, host))
    assert farewells[-1]["kind"] == public.KIND and ["d", last["id"]] in farewells[-1]["tags"]
    assert farewells[-1]["created"] == last["ts"] > max(m["ts"] for m in announcements(relay, host))
    assert looking.peer.online.open_tables.listing.hear(farewells[-1]["text"], wall.now + 100)
    assert looking.peer.online.open_tables.listing.fresh(wall.now + 100) == []


def test_the_lobby_of_another_match_opens_a_seat_its_guest_left_to_strangers():
    """«Ещё партию» after a match where the guest said no: the host switches «Открытый стол» on
    in that lobby, a stranger finds the table, takes the left seat (a fresh link: the old one
    opens nothing now) and is counted as in; the next match starts with the stranger there."""
    import random

    from test_online_controller import play_match_out

    relay = Relay()
    host, links, _ = host_with_lobby(relay, "pairs", ["human", "human", "bot", "bot"])
    friend, _ = guest_at(relay, links[1])
    relay.run([host, friend])
    relay.effects(host, host.handle({"type": "click", "action": "online-start"}))
    relay.run([host, friend])
    play_match_out(relay, host, {1: friend}, random.Random(4))
    relay.effects(host, host.handle({"type": "click", "action": "next"}))
    relay.run([host, friend])
    relay.effects(friend, friend.handle({"type": "click", "action": "online-rematch-no"}))
    relay.run([host, friend])
    lobby = host.cache["p2p"]
    assert "тем же составом" in lobby and 'name="online-open"' in lobby
    fx = host.handle({"type": "change", "name": "online-open", "value": "on", "checked": True})
    relay.effects(host, fx)
    assert 'name="online-open" role="switch" checked' in host.cache["p2p"]
    stranger = finder(relay)
    relay.run([host, stranger])
    [table_id] = re.findall(r'data-key="([0-9a-f]+)"', stranger.cache["p2p"])
    relay.effects(stranger, stranger.handle({"type": "click", "action": "online-take", "key": table_id}))
    relay.run([host, stranger])
    assert stranger.peer.dialog["step"] == "online-lobby"  # (not asked «Ещё партию?»: it has just come)
    assert host.peer.online.end.lines[1].invite != invite.decode(invite.code_in(links[1]))
    statuses = dict(re.findall(r'data-online-seat="(\d)"[^>]*>.*?data-online-status="(\w+)"', host.cache["p2p"]))
    assert statuses == {"1": "joined"} and 'data-action="online-start" disabled' not in host.cache["p2p"]
    relay.effects(host, host.handle({"type": "click", "action": "online-start"}))
    relay.run([host, stranger])
    t = host.table
    assert t.phase() == "play" and 1 not in t.stood_in and stranger.peer.dialog is None
    assert stranger.peer.guest.state["match"] == t.match_key
    assert announcements(relay, host)[-1]["t"] == "shut"
    # That match over, the stranger leaves too: in the next lobby its seat is open again, with
    # yet another link, for the next stranger.
    play_match_out(relay, host, {1: stranger}, random.Random(5))
    relay.effects(host, host.handle({"type": "click", "action": "next"}))
    relay.run([host, stranger])
    relay.effects(stranger, stranger.handle({"type": "click", "action": "online-rematch-no"}))
    relay.run([host, stranger])
    assert announcements(relay, host)[-1]["t"] == "open"
    taken = host.peer.online.end.lines[1].invite
    third = finder(relay)
    relay.run([host, third])
    relay.effects(third, third.handle({"type": "click", "action": "online-take", "key": table_id}))
    relay.run([host, third])
    assert third.peer.dialog["step"] == "online-lobby" and host.peer.online.end.lines[1].invite != taken


def test_a_refusal_on_the_seats_room_counts_only_before_the_start_and_only_for_its_device():
    from table.p2p import session

    relay = Relay()
    host, stranger, table_id = seated_stranger(relay)
    end, line = stranger.peer.online.end, host.peer.online.end.lines[1]
    other = line.frame(session.Frame("someone:1", 0, session.OUT, "another-device"))
    assert end.receive(other, 1.0) == (False, []) and not end.turned_away
    relay.effects(host, host.handle({"type": "click", "action": "online-start"}))
    relay.run([host, stranger])
    late = line.frame(session.Frame("someone:1", 0, session.OUT, end.device))
    assert end.receive(late, 2.0) == (False, []) and not end.turned_away
    assert host.peer.online.end.receive(1, late, 3.0) is False  # (nor does the host read one)


def test_a_broken_open_table_in_the_hosts_record_is_dropped_and_the_lobby_still_comes_back():
    relay = Relay()
    host, links = open_host(relay)
    stored = dict(host._stored)
    record = json.loads(stored["burkozel.online-host"])
    for broken in ({"secret": "zz", "n": 3, "granted": {}}, {"secret": "00" * 32, "n": -1, "granted": {}},
                   {"secret": "00" * 32, "n": 1, "granted": {"x": "yy", "1": 5}}, "open", None):
        again, fx = start(env(stored={**stored, "burkozel.online-host": json.dumps({**record, "open": broken})}))
        assert again.peer.dialog == {"step": "invite"} and again.peer.online.end is not None
        opened = again.peer.online.open_tables.table
        assert opened is None or (opened.granted == {} and broken["n"] == 1)


def test_a_refusal_sent_while_the_strangers_page_reloads_is_said_again_when_it_knocks():
    """The host refuses while the stranger's page is gone (mid-reload): the refusal reaches
    nobody, and the seat's old room is the seat's no more.  The host remembers whom it refused
    (its record too: its own page reloads meanwhile), so the stranger's page, back at the old
    link, is told «отказал» at its first knock instead of waiting a minute for no answer; once
    the game starts those rooms close."""
    relay = Relay()
    host, stranger, table_id = seated_stranger(relay)
    link = invite.link("http://127.0.0.1:8000/?speed=fast", stranger.peer.online.end.invite)
    kept = dict(stranger._stored)
    relay.gone(stranger)
    relay.effects(host, host.handle({"type": "click", "action": "online-refuse", "seat": "1"}))
    relay.run([host])
    stored = dict(host._stored)
    relay.gone(host)
    host, fx = start(env(stored=stored))
    relay.effects(host, fx)
    back, _ = guest_at(relay, link, kept)
    relay.run([host, back])
    assert back.peer.guest is None and back.peer.dialog == {"step": "online-find-no", "why": "refused"}
    assert 'data-online-error="refused"' in back.cache["p2p"]
    # Another device with the dead link is told the same; once the game starts nobody answers there.
    other, _ = guest_at(relay, link)
    relay.run([host, other])
    assert other.peer.dialog == {"step": "online-find-no", "why": "refused"}
    relay.effects(host, host.handle({"type": "click", "action": "online-bot", "seat": "1"}))
    relay.effects(host, host.handle({"type": "click", "action": "online-start"}))
    relay.run([host])
    opened = {op["id"] for a, op in relay.ops if a is host and op["op"] == "online-open"}
    closed = {op["id"] for a, op in relay.ops if a is host and op["op"] == "online-close"}
    gone = {room for room in opened if not room.isdigit() and room not in ("lobby", "watch")}
    assert gone and gone <= closed
    late, _ = guest_at(relay, link)
    relay.run([host, late])
    assert late.peer.dialog["step"] == "online-joining"


def posts(relay: Relay, app) -> list[dict]:
    """``app``'s open table's events (``online-post``), each with its message decoded."""
    return [{**op, "said": json.loads(decoded(op["text"]))} for a, op in relay.ops
            if a is app and op["op"] == "online-post"]


def test_a_finder_asks_nothing_and_lists_at_once_what_the_relay_kept(wall):
    """«Найти игру» sends nothing at all (no «кто открыт?» every open table had to answer): its
    lobby room subscribes to the open tables' kept events, so a finder opening minutes after a
    table opened lists it at once, and a table that was withdrawn meanwhile not at all."""
    relay = Relay()
    kept, full = open_host(relay)[0], open_host(relay)[0]
    wall.now += 60
    stranger = finder(relay)
    relay.run([kept, full, stranger])
    listed = re.findall(r'data-key="([0-9a-f]+)"', stranger.cache["p2p"])
    assert sorted(listed) == sorted(h.peer.online.open_tables.table.id for h in (kept, full))
    table_id = full.peer.online.open_tables.table.id
    relay.effects(stranger, stranger.handle({"type": "click", "action": "online-take", "key": table_id}))
    relay.run([kept, full, stranger])
    assert stranger.peer.dialog["step"] == "online-lobby"
    wall.now += 60
    page = finder(relay)
    relay.run([kept, full, page])
    listed = re.findall(r'data-key="([0-9a-f]+)"', page.cache["p2p"])
    assert len(listed) == 1 and table_id not in listed
    said = [op for a, op in relay.ops if a is page and op["op"] in ("online-send", "online-post")]
    assert said == []
    [opened] = [op for a, op in relay.ops if a is page and op["op"] == "online-open"]
    assert opened["list"] == {"kinds": [30433], "#t": ["burkozel-open-tables-1"]} and opened["back"] == 240
    # Five minutes on, a table whose page stopped renewing (closed without a word) has expired.
    relay.gone(kept)
    wall.now += 300
    late = finder(relay)
    relay.run([late])
    assert "data-open-empty" in late.cache["p2p"]


def test_an_open_table_is_renewed_every_90_s_and_withdrawn_when_full_or_closed(wall):
    """The host's page renews its table's event every ``RENEW_S`` (whatever the lobby's ticks),
    each replacing the last (the same author and ``d``, a later time, a new expiration); a
    table taken full is withdrawn, one that frees a seat is announced again, and the switch
    turned off withdraws it."""
    relay = Relay()
    host, links = open_host(relay, "pairs", ["human", "human", "human", "human"])
    start_at = wall.now
    for _ in range(40):  # ten minutes of the lobby's ticks, 15 s apart
        wall.now += 15
        gen = host.peer.online.tick_timer
        relay.effects(host, host.handle({"type": "timer", "name": "online", "gen": gen}))
    made = posts(relay, host)
    assert [p["said"]["t"] for p in made] == ["open"] * 7
    assert [p["created"] - start_at for p in made] == [0, 90, 180, 270, 360, 450, 540]
    assert len({(p["key"], p["kind"], p["tags"][0][1]) for p in made}) == 1 and made[0]["tags"][0][0] == "d"
    assert all(["expiration", str(p["created"] + 240)] in p["tags"] for p in made)
    # Full: withdrawn (a "shut" in the announcement's place), then open again when a seat frees.
    for n, seat in enumerate((1, 2, 3)):
        stranger = finder(relay)
        relay.run([host, stranger])
        key = host.peer.online.open_tables.table.id
        relay.effects(stranger, stranger.handle({"type": "click", "action": "online-take", "key": key}))
        relay.run([host, stranger])
    made = posts(relay, host)
    assert made[-1]["said"]["t"] == "shut"
    assert ["expiration", str(made[-1]["created"] + 360)] in made[-1]["tags"]
    assert made[-1]["created"] > made[-2]["created"]
    relay.effects(host, host.handle({"type": "click", "action": "online-refuse", "seat": "3"}))
    relay.run([host])
    assert posts(relay, host)[-1]["said"]["t"] == "open" and posts(relay, host)[-1]["said"]["free"] == 1
    # The switch off: withdrawn at once.
    fx = host.handle({"type": "change", "name": "online-open", "value": "on", "checked": False})
    relay.effects(host, fx)
    assert posts(relay, host)[-1]["said"]["t"] == "shut"
    late = finder(relay)
    relay.run([host, late])
    assert "data-open-empty" in late.cache["p2p"]


def test_a_flood_of_knocks_at_a_refused_link_is_answered_a_few_times():
    """Whoever holds a refused link may knock as often as it likes: each device is answered at
    most once in ``KNOCK_GAP_S``, and what does not open with the link's secret not at all."""
    from table.p2p import seal, session

    relay = Relay()
    host, stranger, table_id = seated_stranger(relay)
    old = host.peer.online.end.lines[1].invite
    relay.effects(host, host.handle({"type": "click", "action": "online-refuse", "seat": "1"}))
    relay.run([host, stranger])
    [room] = host.peer.online.open_tables.gone
    knock = seal.seal(old.secret, seal.TO_HOST, session.Frame("eve:1", 1, session.MESSAGE, "x").dump())
    before = len(relay.ops)
    for _ in range(50):
        relay.effects(host, host.handle({"type": "online", "id": room, "kind": "frame", "data": knock, "way": "relay",
                                         "now": 1000}))
    sent = [op for a, op in relay.ops[before:] if a is host and op["op"] == "online-send" and op["id"] == room]
    assert len(sent) == 1
    junk = ["", None, "x" * 5000, seal.seal(bytes(32), seal.TO_HOST, "{}")]
    for text in junk:
        relay.effects(host, host.handle({"type": "online", "id": room, "kind": "frame", "data": text, "way": "relay"}))
    assert [op for a, op in relay.ops[before:] if a is host and op["op"] == "online-send" and op["id"] == room] == sent
