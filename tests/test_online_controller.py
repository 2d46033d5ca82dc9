"""«Пригласить по ссылке» through the controller (App) on CPython: the host's lobby gives
one link per guest seat, a guest page opened at a link sits down and plays, a second
device is refused, a bad link says so plainly.  The rooms are a tiny in-memory relay
standing in for web/page/relay.js: what one page sends to a room, the others in it get."""

from __future__ import annotations

import json
import random
import re
from html import escape, unescape

import webpath  # noqa: F401

from table.i18n import languages
from table.p2p import invite
from test_controller import env, start


class Relay:
    """Rooms by (room id); each page's ``online-*`` effects in, ``online`` events out."""

    def __init__(self) -> None:
        self.members: dict[str, list[tuple[object, str]]] = {}
        self.queue: list[tuple[object, dict]] = []
        self.sent = 0
        self.ops: list[tuple[object, dict]] = []
        """Every ``online-*`` effect, with the page that made it."""

    def effects(self, app, fx: dict) -> None:
        stored = app.__dict__.setdefault("_stored", dict(app.store.data))
        for key, value in fx.get("store", []):
            if value is None:
                stored.pop(key, None)
            else:
                stored[key] = value
        for op in fx.get("p2p", []):
            self.ops.append((app, op))
            if op["op"] == "online-open":
                app._rooms = getattr(app, "_rooms", {})
                app._rooms[op["id"]] = op["room"]
                self.members.setdefault(op["room"], []).append((app, op["id"]))
            elif op["op"] == "online-close":
                room = getattr(app, "_rooms", {}).pop(op["id"], None)
                if room:
                    self.members[room] = [(a, i) for a, i in self.members[room] if a is not app]
            elif op["op"] == "online-send":
                room = app._rooms.get(op["id"])
                self.sent += 1
                for other, rid in self.members.get(room, []):
                    if other is not app:
                        self.queue.append((other, {"type": "online", "id": rid, "kind": "frame",
                                                   "data": op["text"], "way": "relay"}))

    def gone(self, app) -> None:
        """``app``'s page closed (a reload): it is in no room any more."""
        self.members = {room: [(a, i) for a, i in m if a is not app] for room, m in self.members.items()}
        self.queue = [(a, e) for a, e in self.queue if a is not app]

    def run(self, apps, rounds: int = 50) -> None:
        for _ in range(rounds):
            if not self.queue:
                return
            queue, self.queue = self.queue, []
            for app, event in queue:
                self.effects(app, app.handle(event))


def host_with_lobby(relay: Relay, fmt: str = "duel", seats: list[str] | None = None, switches: tuple[str, ...] = ()):
    stored = {}
    host, fx = start(env(stored=stored))
    host.table.settings["format"] = fmt
    for name in switches:
        host.table.settings["tables"][fmt]["switches"][name] = True
    if seats:
        host.table.settings["seats"][fmt] = [{"kind": k, "name": f"Игрок {i}"} for i, k in enumerate(seats)]
    host.handle({"type": "click", "action": "p2p"})
    fx = host.handle({"type": "click", "action": "online-host"})
    relay.effects(host, fx)
    markup = fx["regions"]["p2p"]
    links = {int(s): unescape(l) for s, l in re.findall(r'data-online-link="(\d)">([^<]+)<', markup)}
    return host, links, markup


def guest_at(relay: Relay, link: str, stored: dict | None = None):
    fragment = "#" + link.split("#", 1)[1]
    guest, fx = start(env(stored={} if stored is None else stored, hash=fragment,
                          href="http://127.0.0.1:8000/?speed=fast" + fragment))
    relay.effects(guest, fx)
    return guest, fx


def test_the_lobby_gives_a_link_per_guest_seat_and_a_guest_sits_down():
    relay = Relay()
    host, links, markup = host_with_lobby(relay, "pairs", ["human", "human", "bot", "human"])
    assert sorted(links) == [1, 3]
    assert 'data-action="online-start" disabled' in markup
    assert "<svg" in markup and 'data-copy="' in markup
    assert all(invite.decode(invite.code_in(l)).seat == s for s, l in links.items())
    assert len({invite.code_in(l) for l in links.values()}) == 2
    guest, fx = guest_at(relay, links[1])
    assert fx["dialogs"] == ["p2p"] and "data-online-link" not in fx["regions"]["p2p"]
    relay.run([host, guest])
    assert 'data-online-status="joined"' in host.cache["p2p"]  # (the page's markup now)
    assert guest.peer.guest.state["seat"] == 1 and guest.peer.dialog["step"] == "online-lobby"
    # Seat 3 gets a bot: now the host may start.
    fx = host.handle({"type": "click", "action": "online-bot", "seat": "3"})
    relay.effects(host, fx)
    assert 'data-action="online-start" disabled' not in fx["regions"]["p2p"]
    fx = host.handle({"type": "click", "action": "online-start"})
    assert "p2p" not in fx["dialogs"]
    relay.effects(host, fx)
    relay.run([host, guest])
    assert guest.peer.dialog is None  # the host started: the guest's table


def seated(relay: Relay, fmt: str = "duel"):
    """A host and one guest at its seat 1, the game started."""
    host, links, _ = host_with_lobby(relay, fmt)
    guest, _ = guest_at(relay, links[1])
    relay.run([host, guest])
    relay.effects(host, host.handle({"type": "click", "action": "online-start"}))
    return host, guest


def test_a_guest_plays_a_whole_deal_of_duel_through_the_rooms():
    relay = Relay()
    host, guest = seated(relay)
    rng = random.Random(3)
    guest_moves = 0
    for _ in range(400):
        t = host.table
        phase = t.phase()
        if phase in ("round_end", "match_end"):
            break
        due = t.next_timer()
        if due is not None:
            relay.effects(host, host.handle({"type": "timer", "name": "step", "gen": host.timer_id}))
        elif t.match.to_act == 0:
            t.play_for(0, rng.choice(t.match.view(0).legal_moves))
            host.refresh()
            relay.effects(host, host.take())
        else:
            screen = guest.peer.guest
            assert screen.my_turn(), "the guest's screen must show its turn"
            move = rng.choice(screen.view().legal_moves)
            for card in [str(c) for c in move.cards]:
                relay.effects(guest, guest.handle({"type": "click", "card": card}))
            relay.effects(guest, guest.handle({"type": "click", "action": move.kind}))
            guest_moves += 1
        relay.run([host, guest])
    assert guest_moves >= 3 and host.table.phase() in ("round_end", "match_end", "clearing", "play")
    assert len(host.table.rounds[0]) > 6


def test_a_second_device_with_the_same_link_is_refused():
    relay = Relay()
    host, links, _ = host_with_lobby(relay, "duel")
    first, _ = guest_at(relay, links[1])
    relay.run([host, first])
    assert first.peer.guest.state is not None
    second, _ = guest_at(relay, links[1])
    relay.run([host, first, second])
    assert second.peer.dialog == {"step": "online-taken"}
    assert first.peer.dialog["step"] == "online-lobby"  # still seated, waiting for the start
    # The refusal goes through the relays even while the holder is connected directly
    # (the second device is not the direct peer), and the refused page stops talking.
    refusals = [op for app, op in relay.ops if app is host and op.get("loud")]
    assert len(refusals) >= 1 and all(op["op"] == "online-send" and op["id"] == "1" for op in refusals)
    assert ("online-close", "host") in [(op["op"], op["id"]) for app, op in relay.ops if app is second]
    assert second.peer.online.tick_timer is None


def test_damaged_and_old_links_say_so_and_change_nothing():
    for fragment, reason in (("#join=", "empty"), ("#join=AAAA", "damaged"), ("#join=" + "A" * 60, "damaged")):
        app, fx = start(env(stored={}, hash=fragment, href="http://127.0.0.1:8000/" + fragment))
        assert fx["dialogs"] == ["p2p"]
        assert f'data-online-error="{reason}"' in fx["regions"]["p2p"]
        assert not [op for op in fx.get("p2p", []) if op["op"].startswith("online-")]
        assert app.peer.guest is None


def test_the_host_reloads_and_the_guest_is_back_without_doing_anything():
    relay = Relay()
    host, guest = seated(relay)
    rng = random.Random(1)
    for _ in range(3):  # a few moves of the host's, so the match is under way
        t = host.table
        if t.match.to_act == 0 and t.phase() == "play":
            t.play_for(0, rng.choice(t.match.view(0).legal_moves))
            host.refresh()
            relay.effects(host, host.take())
            relay.run([host, guest])
        elif t.match.to_act == 1:
            break
    moves = len(host.table.match.moves)
    stored = dict(host._stored)
    relay.gone(host)
    again, fx = start(env(stored=stored))
    relay.effects(again, fx)
    assert again.peer.host is not None and again.peer.online.end is not None
    assert len(again.table.match.moves) == moves and "menu" not in fx.get("dialogs", [])
    # The guest's page only keeps beating; the reloaded host's rooms answer it.
    for _ in range(3):
        relay.effects(guest, guest.handle({"type": "timer", "name": "online", "gen": guest.peer.online.tick_timer}))
        relay.run([again, guest])
    assert 1 in again.peer.host.online
    assert guest.peer.guest.state["at"] == [again.table.match.round_no, len(again.table.rounds[-1])]


def test_a_reloaded_host_replays_the_saved_match_once(monkeypatch):
    """The replay that checks the saved match at boot is the one the online table resumes from."""
    from table.match import record

    relay = Relay()
    host, guest = seated(relay)
    if host.table.match.to_act == 0:
        host.table.play_for(0, random.Random(2).choice(host.table.match.view(0).legal_moves))
        host.refresh()
        relay.effects(host, host.take())
    stored = dict(host._stored)
    relay.gone(host)
    replays = []
    real = record.resume
    monkeypatch.setattr(record, "resume", lambda saved: replays.append(saved) or real(saved))
    again, _ = start(env(stored=stored))
    assert again.peer.online.end is not None and again.table is not host.table
    assert len(replays) == 1
    assert again.table.match.moves == host.table.match.moves and again.table.saved() == host.table.saved()


def test_the_move_timer_set_in_the_lobby_lets_the_bot_play_a_late_move():
    relay = Relay()
    host, links, markup = host_with_lobby(relay, "duel")
    assert 'name="online-timer"' in markup
    guest, _ = guest_at(relay, links[1])
    relay.run([host, guest])
    host.handle({"type": "change", "name": "online-timer", "value": "30"})
    timers = []
    fx = host.handle({"type": "click", "action": "online-start"})
    relay.effects(host, fx)
    timers.append(fx.get("timers", {}).get("move"))
    rng = random.Random(2)
    t = host.table
    while t.match.to_act != 1:
        t.play_for(0, rng.choice(t.match.view(0).legal_moves))
        host.refresh()
        fx = host.take()
        relay.effects(host, fx)
        timers.append(fx.get("timers", {}).get("move"))
    armed = [x for x in timers if x is not None][-1]
    assert armed["ms"] == 30_000 and armed["gen"] == host.peer.online.clock_timer
    moves = len(t.match.moves)
    host.handle({"type": "timer", "name": "move", "gen": armed["gen"]})
    assert len(t.match.moves) == moves + 1 and t.match.moves[-1][0] == 1
    assert 1 not in t.stood_in  # one late move: the seat is the guest's again


def test_the_pot_table_by_link_two_guests_see_chips_and_answer_a_raise():
    """«Бура на кон» with «даве»: a link for each guest seat of the match's own seat count,
    and each guest's screen shows the pot, the stake and every stack, and the raise and its
    answers as buttons that play through the rooms."""
    relay = Relay()
    host, links, _ = host_with_lobby(relay, "bura_pot", ["human", "human", "human", "bot"], switches=("dave",))
    players = host.table.match.rules.players
    assert sorted(links) == [1, 2]
    assert {invite.decode(invite.code_in(l)).players for l in links.values()} == {players}
    guests = {seat: guest_at(relay, link)[0] for seat, link in links.items()}
    pages = [host, *guests.values()]
    relay.run(pages)
    relay.effects(host, host.handle({"type": "click", "action": "online-start"}))
    relay.run(pages)
    for seat, guest in guests.items():
        score, me = guest.cache["score"], guest.cache["me"]
        assert 'id="pot-box"' in score and f"{host.table.match.pot}</b>" in score and "ставка" in score
        assert f"● {host.table.match.chips[seat]}<" in me
    rng = random.Random(5)
    shown: set[str] = set()
    words = languages.for_lang("ru")
    answered: set[int] = set()
    for _ in range(600):
        t = host.table
        if t.phase() in ("round_end", "match_end"):
            break
        if t.next_timer() is not None:
            relay.effects(host, host.handle({"type": "timer", "name": "step", "gen": host.timer_id}))
        elif t.match.to_act in guests:
            guest = guests[t.match.to_act]
            screen = guest.peer.guest
            assert screen.my_turn()
            moves = screen.view().legal_moves
            stake = [m for m in moves if m.kind in ("dave", "accept", "fold")]
            move = rng.choice(stake if stake and rng.random() < 0.7 else moves)
            buttons = guest.cache["actions"]
            shown |= {k for k in ("dave", "accept", "fold") if f'data-action="{k}"' in buttons
                      and f'data-action="{k}" disabled' not in buttons}
            for card in [str(c) for c in move.cards]:
                relay.effects(guest, guest.handle({"type": "click", "card": card}))
            relay.effects(guest, guest.handle({"type": "click", "action": move.kind}))
        else:
            t.play_for(t.match.to_act, rng.choice(t.match.view(t.match.to_act).legal_moves))
            host.refresh()
            relay.effects(host, host.take())
        relay.run(pages)
        # Who said what to a «даве» is on every screen's status line, each in its own names.
        answers = host.table.answers()
        for page in pages:
            screen = page.peer.guest if page is not host else host.table
            assert screen.ui()["answers"] == answers
            if answers:
                names = screen.ui()["names"]
                line = words.answers_line(names[answers["raiser"]], [(names[s], c) for s, c in answers["said"]])
                assert escape(line) in page.cache["status"]
                answered.update(s for s, _ in answers["said"] if s in guests and page is host)
    assert host.table.phase() in ("round_end", "match_end")
    assert "dave" in shown and shown & {"accept", "fold"}, shown
    assert answered, "no guest's answer reached the host's status line"
    assert sum(host.table.match.chips) + host.table.match.pot == 100 * players
    for seat, guest in guests.items():
        assert f"● {host.table.match.chips[seat]}<" in guest.cache["me"]


def test_a_seated_guest_sees_who_has_joined_until_the_host_starts():
    relay = Relay()
    host, links, _ = host_with_lobby(relay, "bura_pot", ["human", "human", "human", "bot"])
    first, _ = guest_at(relay, links[1])
    relay.run([host, first])
    assert first.peer.dialog["step"] == "online-lobby" and first.dialogs == ["p2p"]
    statuses = dict(re.findall(r'data-online-seat="(\d)">.*?data-online-status="(\w+)"', first.cache["p2p"]))
    assert statuses == {"1": "joined", "2": "waiting"}
    # A guest learns who sits where, never another seat's link.
    assert "#join=" not in first.cache["p2p"] and invite.code_in(links[2]) not in json.dumps(first.peer.guest.state)
    second, _ = guest_at(relay, links[2])
    relay.run([host, first, second])
    statuses = dict(re.findall(r'data-online-seat="(\d)">.*?data-online-status="(\w+)"', first.cache["p2p"]))
    assert statuses == {"1": "joined", "2": "joined"}
    relay.effects(host, host.handle({"type": "click", "action": "online-start"}))
    relay.run([host, first, second])
    for guest in (first, second):
        assert guest.peer.dialog is None and "p2p" not in guest.dialogs


def test_copying_a_link_says_whether_it_worked_and_a_share_sheet_says_nothing():
    relay = Relay()
    host, links, _ = host_with_lobby(relay, "duel")

    def said(event: dict) -> str:
        host.handle({"type": "shared", "seat": "1", **event})
        return unescape(re.sub(r"<[^>]+>", " ", host.cache["p2p"]))

    assert "Ссылка скопирована" in said({"how": "copy", "ok": True})
    assert "Не удалось скопировать" in said({"how": "copy", "ok": False})
    for ok in (True, False):  # shared, or the sheet closed unused
        text = said({"how": "share", "ok": ok})
        assert "скопир" not in text.lower()


def test_a_guest_counts_down_the_hosts_move_timer(monkeypatch):
    from table.control.app import App

    clock = [1000.0]
    monkeypatch.setattr(App, "now", lambda self: clock[0])
    relay = Relay()
    host, links, _ = host_with_lobby(relay, "duel")
    guest, _ = guest_at(relay, links[1])
    relay.run([host, guest])
    host.handle({"type": "change", "name": "online-timer", "value": "30"})
    relay.effects(host, host.handle({"type": "click", "action": "online-start"}))
    relay.run([host, guest])
    rng = random.Random(2)
    t = host.table
    while t.match.to_act != 1:
        assert "осталось" not in guest.cache["peer-bar"]
        t.play_for(0, rng.choice(t.match.view(0).legal_moves))
        host.refresh()
        relay.effects(host, host.take())
        relay.run([host, guest])
    assert "ваш ход: осталось 30 с" in guest.cache["peer-bar"]
    armed = guest.take().get("timers", {}).get("count") or {}
    gen = guest.peer.online.count_timer
    assert gen is not None
    clock[0] += 12.5
    fx = guest.handle({"type": "timer", "name": "count", "gen": gen})
    assert "ваш ход: осталось 18 с" in fx["regions"]["peer-bar"]
    assert fx["timers"]["count"]["ms"] == 1000  # the next second is armed
    move = rng.choice(guest.peer.guest.view().legal_moves)
    for card in [str(c) for c in move.cards]:
        guest.handle({"type": "click", "card": card})
    fx = guest.handle({"type": "click", "action": move.kind})
    assert "осталось" not in guest.cache["peer-bar"]  # the move is sent: no more countdown
    assert guest.peer.online.count_timer is None
