"""«Пригласить по ссылке» through the controller (App) on CPython: the host's lobby gives
one link per guest seat, a guest page opened at a link sits down and plays, a second
device is refused, a bad link says so plainly.  The rooms are a tiny in-memory relay
standing in for web/page/relay.js: what one page sends to a room, the others in it get; an
open table's addressable events (``online-post``) it keeps as a relay does, the newest per
author, kind and ``d``, none past its expiration, for every room that lists them."""

from __future__ import annotations

import json
import random
import re
from html import escape, unescape

import webpath  # noqa: F401

from burkozel import Round
from table.i18n import languages
from table.p2p import invite, open_link
from test_controller import cards_in, env, start
from test_online_wire import public_cards


class Relay:
    """Rooms by (room id); each page's ``online-*`` effects in, ``online`` events out."""

    def __init__(self) -> None:
        self.members: dict[str, list[tuple[object, str]]] = {}
        self.queue: list[tuple[object, dict]] = []
        self.sent = 0
        self.ops: list[tuple[object, dict]] = []
        """Every ``online-*`` effect, with the page that made it."""
        self.kept: dict[tuple[str, int, str], dict] = {}
        """Addressable events (an open table's): the newest per (author's key, kind, ``d``)."""
        self.lists: list[tuple[object, str, dict]] = []
        """Rooms subscribed to kept events: (page, room id, filter)."""

    @staticmethod
    def _tag(op: dict, name: str) -> str | None:
        return next((t[1] for t in op["tags"] if len(t) > 1 and t[0] == name), None)

    def _alive(self, op: dict, now: float) -> bool:
        expires = self._tag(op, "expiration")
        return expires is None or int(expires) > now

    def _matches(self, op: dict, flt: dict, since: float) -> bool:
        return op["kind"] in flt.get("kinds", []) and self._tag(op, "t") in flt.get("#t", []) \
            and op["created"] >= since

    def _deliver(self, app, rid: str, op: dict) -> None:
        self.queue.append((app, {"type": "online", "id": rid, "kind": "frame", "data": op["text"], "way": "relay"}))

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
                if op.get("list"):
                    now = open_link.wall()
                    self.lists.append((app, op["id"], op["list"]))
                    for kept in list(self.kept.values()):
                        if self._alive(kept, now) and self._matches(kept, op["list"], now - op["back"]):
                            self._deliver(app, op["id"], kept)
            elif op["op"] == "online-close":
                room = getattr(app, "_rooms", {}).pop(op["id"], None)
                if room:
                    self.members[room] = [(a, i) for a, i in self.members[room] if a is not app]
                self.lists = [(a, i, f) for a, i, f in self.lists if not (a is app and i == op["id"])]
            elif op["op"] == "online-post":
                now = open_link.wall()
                self.sent += 1
                self.kept = {slot: e for slot, e in self.kept.items() if self._alive(e, now)}
                slot = (op["key"], op["kind"], self._tag(op, "d"))
                if slot in self.kept and self.kept[slot]["created"] >= op["created"]:
                    continue  # (an older or equal one: the relay keeps what it has)
                self.kept[slot] = op
                for other, rid, flt in self.lists:
                    if other is not app and self._matches(op, flt, float("-inf")):
                        self._deliver(other, rid, op)
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
        self.lists = [(a, i, f) for a, i, f in self.lists if a is not app]
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


def guest_at(relay: Relay, link: str, stored: dict | None = None, **kw):
    fragment = "#" + link.split("#", 1)[1]
    guest, fx = start(env(stored={} if stored is None else stored, hash=fragment,
                          href="http://127.0.0.1:8000/?speed=fast" + fragment, **kw))
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


def host_plays(relay: Relay, host, seat: int, rng: random.Random) -> dict:
    """The host's table plays a random move for ``seat`` (its person, or a bot's seat played
    by hand) and its page's effects go out; returns them."""
    t = host.table
    t.play_for(seat, rng.choice(t.match.view(seat).legal_moves))
    host.refresh()
    fx = host.take()
    relay.effects(host, fx)
    return fx


def guest_clicks(relay: Relay, guest, move) -> None:
    """The guest's page clicks ``move``: its cards, then its button."""
    for card in [str(c) for c in move.cards]:
        relay.effects(guest, guest.handle({"type": "click", "card": card}))
    relay.effects(guest, guest.handle({"type": "click", "action": move.kind}))


def seated(relay: Relay, fmt: str = "duel"):
    """A host and one guest at its seat 1, the game started."""
    host, links, _ = host_with_lobby(relay, fmt)
    guest, _ = guest_at(relay, links[1])
    relay.run([host, guest])
    relay.effects(host, host.handle({"type": "click", "action": "online-start"}))
    return host, guest


def play_out(relay: Relay, host, guest, rng: random.Random) -> int:
    """The host (its person's random moves, its timers) and the guest (by clicks) play the
    deal to its end; returns the guest's moves."""
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
            host_plays(relay, host, 0, rng)
        else:
            screen = guest.peer.guest
            assert screen.my_turn(), "the guest's screen must show its turn"
            move = rng.choice(screen.view().legal_moves)
            guest_clicks(relay, guest, move)
            guest_moves += 1
        relay.run([host, guest])
    return guest_moves


def test_a_guest_plays_a_whole_deal_of_duel_through_the_rooms():
    relay = Relay()
    host, guest = seated(relay)
    guest_moves = play_out(relay, host, guest, random.Random(3))
    assert guest_moves >= 3 and host.table.phase() in ("round_end", "match_end", "clearing", "play")
    assert len(host.table.rounds[0]) > 6


def click(relay: Relay, pages, page, action: str) -> str:
    """``page`` clicks ``action``; the rooms carry what follows; the ``#info`` panel's text."""
    relay.effects(page, page.handle({"type": "click", "action": action}))
    relay.run(pages)
    return page.cache.get("info-body", "")


def test_a_guest_reviews_the_finished_deal_from_its_own_seat_and_never_sees_a_hidden_card():
    """«Разобрать раздачу» on a guest's page: every step of the deal just played, with the
    guest's own hand (as dealt at step 0) and the trick, asked of the host; a card the
    guest's seat never saw (the opponent's face-down discards) is on no step."""
    relay = Relay()
    host, guest = seated(relay)
    dealt = set(guest.peer.guest.display_hand())
    play_out(relay, host, guest, random.Random(3))
    t = host.table
    assert t.phase() in ("round_end", "match_end")
    never_seen = {str(c) for c in t.match.round.unknown_to(1)}
    assert never_seen, "the deal must hold face-down discards the guest never saw"
    panel = click(relay, [host, guest], guest, "review")
    total = len(t.rounds[-1])
    assert f'data-step="0"' in panel and f"0 из {total}" in unescape(panel)
    shown_hand = set(re.findall(r'data-card="(\w+)"', re.findall(r'<div class="frame-hand">(.*?)</div>', panel)[0]))
    assert shown_hand == dealt
    seen: set[str] = set()
    for step in range(1, total + 1):
        panel = click(relay, [host, guest], guest, "review-next")
        assert f'data-step="{step}"' in panel
        seen |= set(re.findall(r'data-card="(\w+)"', panel))
    assert not seen & never_seen, seen & never_seen
    assert len(seen) > len(dealt)  # the opponent's face-up cards are there too


def test_a_guests_statistics_say_why_the_deal_it_played_is_not_in_them():
    """A guest who played a whole deal opened «Статистика» and read «Здесь пока пусто: сыграйте
    раздачу»: its page keeps this device's record, where a friend's table does not count; it says so."""
    relay = Relay()
    host, guest = seated(relay)
    play_out(relay, host, guest, random.Random(3))
    assert host.table.phase() in ("round_end", "match_end")
    ru = languages.for_lang("ru")
    panel = unescape(click(relay, [host, guest], guest, "stats"))
    assert "data-stats-note" in panel and ru.STATS_GUEST in panel and ru.STATS_EMPTY not in panel
    host_panel = unescape(click(relay, [host, guest], host, "stats"))
    assert "data-stats-note" not in host_panel and 'data-stat="deals"' in host_panel  # the host's deal is counted


def test_a_guest_shares_each_finished_deal_by_its_own_key():
    """«Поделиться раздачей» on a guest's page: while a deal is played it says when it can;
    after each deal it is that deal's link, by the deal's own key (from which no later deal
    of the match follows), which opens that very deal."""
    from table.coach import share

    relay = Relay()
    host, guest = seated(relay)
    pages = [host, guest]
    assert "сыграна до конца" in unescape(click(relay, pages, guest, "share"))
    rng = random.Random(8)
    for _ in range(2):
        play_out(relay, host, guest, rng)
        t = host.table
        panel = unescape(click(relay, pages, guest, "share"))
        link = re.search(r'data-share-link href="([^"]+)"', panel).group(1)
        shared = share.parse(link.split("?", 1)[1])
        assert shared.key == t.match.key_for(t.match.round_no).hex() and shared.deal == t.match.round_no
        # It opens from the guest's own seat: its cards at the bottom, the host's hidden at the top.
        assert shared.seat == 1
        dealt = t.match.rounds[t.match.round_no]
        first = Round(dealt.rules, dealt.dealer, dealt.deck)
        opened, _ = start(env(search="?" + link.split("?", 1)[1], stored={}))
        view = opened.table.view()
        assert sorted(map(str, view.hand)) == sorted(map(str, first.hands[1]))
        assert str(view.trump_card) == str(first.trump_card) and opened.table.match.to_act == (first.to_act - 1) % 2
        assert not set(map(str, first.hands[0])) & set(cards_in(opened.cache["seat-1"]))
        click(relay, pages, guest, "close-info")
        if t.phase() == "match_end":
            break
        relay.effects(host, host.handle({"type": "click", "action": "next"}))
        relay.run(pages)


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
            host_plays(relay, host, 0, rng)
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
        fx = host_plays(relay, host, 0, rng)
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
    for _ in range(3000):
        t = host.table
        if t.phase() == "round_end" and not ("dave" in shown and shown & {"accept", "fold"} and answered):
            # A deal's key takes the guests' random values: play on until a raise was answered.
            relay.effects(host, host.handle({"type": "click", "action": "next"}))
            relay.run(pages)
            continue
        if t.phase() in ("round_end", "match_end"):
            break
        if t.phase() == "keying":
            relay.run(pages)
            continue
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
            guest_clicks(relay, guest, move)
        else:
            host_plays(relay, host, t.match.to_act, rng)
        relay.run(pages)
        # Who said what to a «даве» is on every screen's table (the trick's place), each in its own names.
        answers = host.table.answers()
        for page in pages:
            screen = page.peer.guest if page is not host else host.table
            assert screen.ui()["answers"] == answers
            if answers:
                names = screen.ui()["names"]
                line = words.answers_line(names[answers["raiser"]], [(names[s], c) for s, c in answers["said"]])
                assert escape(line) in page.cache["trick"]
                answered.update(s for s, _ in answers["said"] if s in guests and page is host)
    assert host.table.phase() in ("round_end", "match_end")
    assert "dave" in shown and shown & {"accept", "fold"}, shown
    assert answered, "no guest's answer reached the host's table"
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
        host_plays(relay, host, 0, rng)
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


def test_play_with_a_friend_offers_the_link_first_and_describes_both_ways():
    app, _ = start(env(stored={}, rtc=True))
    fx = app.handle({"type": "click", "action": "p2p"})
    markup = fx["regions"]["p2p"]
    by_link, wifi = markup.index('data-way="link"'), markup.index('data-way="wifi"')
    assert by_link < wifi
    assert markup.index('data-action="online-host"') < markup.index('data-action="p2p-host"')
    assert re.search(r'class="btn primary" data-action="online-host"', markup)
    assert "по ссылке" in markup[by_link:wifi] and "Wi‑Fi" in markup[wifi:]
    assert 'class="btn primary" data-action="p2p-host"' not in markup


def test_the_hosts_lobby_folds_each_qr_code_and_puts_the_timer_first():
    relay = Relay()
    host, links, markup = host_with_lobby(relay, "pairs", ["human", "human", "human", "human"])
    assert markup.index('name="online-timer"') < markup.index("data-online-seat=")
    folded = re.findall(r'<details class="online-qr"><summary>[^<]+</summary><div class="p2p-qr"><svg', markup)
    assert len(folded) == len(links) == 3 and markup.count("<svg") == 3


def test_a_seated_guests_lobby_marks_their_own_seat():
    relay = Relay()
    host, links, _ = host_with_lobby(relay, "bura_pot", ["human", "human", "human", "bot"])
    guest, _ = guest_at(relay, links[2])
    relay.run([host, guest])
    rows = dict(re.findall(r'data-online-seat="(\d)">(.*?)</li>', guest.cache["p2p"]))
    assert "data-online-mine" in rows["2"] and "ваше место" in rows["2"]
    assert "data-online-mine" not in rows["1"]


def test_a_guest_nobody_answers_gets_a_hint_then_stops_waiting_and_may_try_again(monkeypatch):
    """A link whose host's page is closed (or whose seat another device holds, and the refusal
    does not arrive): after a while the page says what may be wrong, after a minute it stops
    saying «Подключаемся…» and offers to connect again."""
    from table.control.app import App

    clock = [1000.0]
    monkeypatch.setattr(App, "now", lambda self: clock[0])
    relay = Relay()
    host, links, _ = host_with_lobby(relay, "duel")
    relay.gone(host)  # the host's page is closed
    guest, fx = guest_at(relay, links[1])
    assert "Подключаемся" in fx["regions"]["p2p"] and "data-online-hint" not in fx["regions"]["p2p"]

    def tick() -> str:
        relay.effects(guest, guest.handle({"type": "timer", "name": "online", "gen": guest.peer.online.tick_timer}))
        return guest.cache["p2p"]

    clock[0] += 5
    assert "data-online-hint" not in tick()
    clock[0] += 10
    assert 'data-online-hint="slow"' in tick() and "занято" in guest.cache["p2p"]
    clock[0] += 50
    markup = tick()
    assert 'data-online-error="noanswer"' in markup and "Подключаемся" not in markup
    sent = relay.sent
    relay.effects(guest, guest.handle({"type": "click", "action": "online-again"}))
    assert relay.sent == sent + 1 and "Подключаемся" in guest.cache["p2p"]


def test_a_guest_playing_through_the_relay_is_told_so():
    relay = Relay()
    host, guest = seated(relay)
    relay.run([host, guest])
    fx = guest.handle({"type": "online", "id": "host", "kind": "way", "data": "relay"})
    assert "через ретранслятор" in fx["regions"]["peer-bar"]
    fx = guest.handle({"type": "online", "id": "host", "kind": "way", "data": "direct"})
    assert "напрямую" in fx["regions"]["peer-bar"]


def play_match_out(relay: Relay, host, guests: dict, rng: random.Random) -> None:
    """The host's person and every guest (by clicks) play deal after deal until the match is over."""
    pages = [host, *guests.values()]
    for _ in range(20_000):
        t = host.table
        phase = t.phase()
        if phase == "match_end":
            return
        if phase == "round_end":
            relay.effects(host, host.handle({"type": "click", "action": "next"}))
        elif t.next_timer() is not None:
            relay.effects(host, host.handle({"type": "timer", "name": "step", "gen": host.timer_id}))
        elif t.match.to_act in guests:
            guest = guests[t.match.to_act]
            move = rng.choice(guest.peer.guest.view().legal_moves)
            guest_clicks(relay, guest, move)
        else:
            host_plays(relay, host, t.match.to_act, rng)
        relay.run(pages)
    raise AssertionError("the match did not end")


def test_another_match_for_the_same_people_on_the_same_links():
    """«Ещё партию» at a match's end of пары with three guests: the host's result offers it,
    every guest is asked on their own page, the host changes a switch meanwhile; two play on,
    one says it plays on and then leaves from the lobby (its page goes back to the menu) and a
    bot takes that seat; the next match
    starts with the new switch, the same rooms and no new link."""
    relay = Relay()
    host, links, _ = host_with_lobby(relay, "pairs", ["human", "human", "human", "human"])
    guests = {seat: guest_at(relay, link)[0] for seat, link in links.items()}
    pages = [host, *guests.values()]
    relay.run(pages)
    relay.effects(host, host.handle({"type": "click", "action": "online-start"}))
    relay.run(pages)
    play_match_out(relay, host, guests, random.Random(4))
    assert 'data-action="next"' in host.cache["result-body"] and "Ещё партию" in host.cache["result-body"]
    rooms = dict(host._rooms)
    first_match = host.table.match
    relay.effects(host, host.handle({"type": "click", "action": "next"}))
    relay.run(pages)
    assert host.table.match is first_match and host.table.phase() == "match_end"
    lobby = host.cache["p2p"]
    assert "тем же составом" in lobby and 'data-action="online-start" disabled' in lobby
    # Who plays on before the switches: on a phone the host reads the answers without scrolling.
    assert lobby.index("data-online-seat=") < lobby.index('class="online-switches"')
    assert all(g.peer.dialog["step"] == "online-rematch" for g in guests.values())
    assert all("Играть ещё" in g.cache["p2p"] for g in guests.values())
    combo = next(c for c in ("moscow", "bura", "molodka") if f'name="{c}"' in lobby)
    was = bool(host.table.settings["tables"]["pairs"]["combos"].get(combo))
    relay.effects(host, host.handle({"type": "change", "name": combo, "checked": not was}))
    for seat in (1, 2):
        relay.effects(guests[seat], guests[seat].handle({"type": "click", "action": "online-rematch-yes"}))
    relay.run(pages)
    assert guests[1].peer.dialog["step"] == "online-lobby"
    # A guest who plays on reads that it does, and what it waits for, not the first lobby's invitation.
    staying = guests[1].cache["p2p"]
    assert "Вы играете ещё партию" in staying and "когда ответят все" in staying
    assert "Вас пригласили" not in staying and 'data-action="online-rematch-no"' in staying
    host.peer.host.again.pop(2)  # the host's page lost an answer (it reloaded): seat 2 says it again
    host.refresh()
    relay.effects(host, host.take())
    relay.run(pages)
    assert host.peer.host.again.get(2) is True
    # Seat 3 says it plays on, then thinks better of it in the lobby while the others answer.
    relay.effects(guests[3], guests[3].handle({"type": "click", "action": "online-rematch-yes"}))
    relay.run(pages)
    assert host.peer.host.again.get(3) is True and guests[3].peer.dialog["step"] == "online-lobby"
    relay.effects(guests[3], guests[3].handle({"type": "click", "action": "online-rematch-no"}))
    relay.run(pages)
    assert guests[3].peer.guest is None and guests[3].dialogs == ["menu"]
    statuses = dict(re.findall(r'data-online-seat="(\d)">.*?data-online-status="(\w+)"', host.cache["p2p"]))
    assert statuses == {"1": "joined", "2": "joined", "3": "bot"}
    assert 'data-action="online-start" disabled' not in host.cache["p2p"]
    relay.effects(host, host.handle({"type": "click", "action": "online-start"}))
    relay.run(pages)
    t = host.table
    assert t.match is not first_match and t.phase() == "play" and not t.match.moves
    assert (combo in t.info.combos) is (not was)
    assert 3 in t.stood_in and 1 not in t.stood_in and 2 not in t.stood_in
    assert {k: v for k, v in host._rooms.items() if k != "3"} == {k: v for k, v in rooms.items() if k != "3"}
    for seat in (1, 2):
        g = guests[seat]
        assert g.peer.dialog is None and "p2p" not in g.dialogs
        assert g.peer.guest.state["match"] == t.match_key and len(g.peer.guest.display_hand()) == 4


def test_quick_phrases_reach_everyone_in_their_own_language_at_most_one_a_seat_every_two_seconds(monkeypatch):
    """Пары: the host reads Russian, seat 1 English, seat 2 Ukrainian. A phrase is a key: each
    page shows it at the speaker's seat in its own words and says it in the polite live
    region; the host drops a second one from the same seat within 2 s and a key that does
    not exist; a seat muted on one page is not shown there; a bubble fades after 4 s."""
    from table.control.app import App

    clock = [1000.0]
    monkeypatch.setattr(App, "now", lambda self: clock[0])
    relay = Relay()
    host, links, _ = host_with_lobby(relay, "pairs", ["human", "human", "human", "bot"])
    en = guest_at(relay, links[1], languages=("en",))[0]
    uk = guest_at(relay, links[2], languages=("uk",))[0]
    pages = [host, en, uk]
    relay.effects(host, host.handle({"type": "click", "action": "online-bot", "seat": "3"}))
    relay.run(pages)
    relay.effects(host, host.handle({"type": "click", "action": "online-start"}))
    relay.run(pages)
    assert 'data-action="online-phrases"' in en.cache["peer-bar"]
    relay.effects(en, en.handle({"type": "click", "action": "online-phrases"}))
    assert 'data-action="online-say" data-key="good_move"' in en.cache["peer-bar"]

    def say(page, key) -> None:
        relay.effects(page, page.handle({"type": "click", "action": "online-say", "key": key}))
        relay.run(pages)

    def bubble(page, region) -> str:
        found = re.search(r'class="phrase-bubble" data-phrase="\w+" aria-hidden="true">(.*?)</p>', page.cache[region])
        return unescape(found.group(1)) if found else ""

    say(en, "good_move")
    # Seat 1 is at the host's left («seat-1»), across the table from seat 3 (uk's «seat-3»).
    assert bubble(host, "seat-1") == "Хороший ход" and bubble(en, "me") == "Nice move"
    assert bubble(uk, "seat-3") == "Гарний хід"
    assert "Хороший ход" in host.cache["live"] and "Гарний хід" in uk.cache["live"]
    sent = relay.sent
    clock[0] += 1.0
    say(en, "thanks")  # within 2 s: the host drops it
    assert bubble(host, "seat-1") == "Хороший ход" and bubble(uk, "seat-3") == "Гарний хід"
    assert relay.sent == sent + 1  # (only the guest's own frame went out)
    relay.effects(en, en.handle({"type": "online", "id": "host", "kind": "frame", "data": "junk"}))
    sent = relay.sent
    en_screen = en.peer.guest
    relay.effects(en, en.handle({"type": "click", "action": "online-say", "key": "nonsense"}))
    relay.run(pages)
    assert relay.sent == sent  # an unknown key is not even sent
    # A page bent on sending one anyway: the host passes nothing on.
    en.peer.online.send("host", en.peer.online.end.message(en_screen.say("nonsense")))
    relay.effects(en, en.take())
    relay.run(pages)
    assert relay.sent == sent + 1
    clock[0] += 4.0
    for page in pages:
        gen = page.peer.online.phrase_timer
        if gen is not None:
            relay.effects(page, page.handle({"type": "timer", "name": "phrase", "gen": gen}))
    assert not bubble(host, "seat-1") and not bubble(uk, "seat-3") and "Хороший ход" not in host.cache["live"]
    relay.effects(host, host.handle({"type": "click", "action": "online-phrases"}))
    relay.effects(host, host.handle({"type": "click", "action": "online-mute", "seat": "1"}))
    assert 'data-seat="1" aria-pressed="true"' in host.cache["peer-bar"]
    say(en, "thumbs")
    assert not bubble(host, "seat-1") and "👍" in bubble(uk, "seat-3") and 'aria-label="Клас"' in uk.cache["seat-3"]
    clock[0] += 2.5
    say(host, "wait")  # the host's own phrase, under the same rule
    assert bubble(host, "me") == "Минутку" and bubble(en, "seat-3") == "Just a moment"


def test_a_watcher_sees_the_phrases_in_its_own_language_and_says_none(monkeypatch):
    """Вдвоём, watched: a phrase said by the guest or the host reaches the watcher's page as a
    bubble at the speaker's seat in the watcher's language (Ukrainian here) and in its polite
    live region; the watcher has no «Фразы» of its own, and a phrase dropped for its seat's
    pace reaches no watcher either."""
    from table.control.app import App

    clock = [1000.0]
    monkeypatch.setattr(App, "now", lambda self: clock[0])
    relay = Relay()
    host, links, _ = host_with_lobby(relay, "duel")
    relay.effects(host, host.handle({"type": "click", "action": "online-watch"}))
    watch_link = unescape(re.search(r"data-online-watch-link>([^<]+)<", host.cache["p2p"]).group(1))
    guest, _ = guest_at(relay, links[1])
    watcher, _ = guest_at(relay, watch_link, languages=("uk",))
    pages = [host, guest, watcher]
    relay.run(pages)
    relay.effects(host, host.handle({"type": "click", "action": "online-start"}))
    relay.run(pages)
    assert "Зрители: 1" in host.cache["peer-bar"]
    assert 'data-action="online-phrases"' in guest.cache["peer-bar"]
    assert 'data-action="online-phrases"' not in watcher.cache["peer-bar"]

    def bubble(page, region) -> str:
        found = re.search(r'class="phrase-bubble" data-phrase="\w+" aria-hidden="true">(.*?)</p>', page.cache[region])
        return unescape(found.group(1)) if found else ""

    def say(page, key) -> None:
        relay.effects(page, page.handle({"type": "click", "action": "online-say", "key": key}))
        relay.run(pages)

    say(guest, "good_move")
    # The watcher sees the table from the host's seat: the guest across it («seat-1»).
    assert bubble(host, "seat-1") == "Хороший ход" and bubble(watcher, "seat-1") == "Гарний хід"
    assert "Гарний хід" in watcher.cache["live"]
    sent = relay.sent
    clock[0] += 1.0
    say(guest, "thanks")  # within 2 s: dropped by the host, so sent to nobody
    assert relay.sent == sent + 1 and bubble(watcher, "seat-1") == "Гарний хід"
    clock[0] += 2.5
    say(host, "wait")
    assert bubble(watcher, "me") == "Хвилинку" and bubble(guest, "seat-1") == "Минутку"


WATCHED_REGIONS = ("seat-1", "seat-2", "seat-3", "me", "hand", "trick", "deck", "live", "result-body", "announce")


def test_a_watcher_sees_the_public_table_a_trick_late_and_can_do_nothing(monkeypatch):
    """A watch link from the host's lobby: the watcher's page shows every finished trick and
    no other card (no hand, no face-down face, not the trick being played) at every step of
    a deal, and no move's button; both players' bars count it; what it sends besides being there changes nothing;
    the eleventh watcher is told the room is full.  The pages' clock stands still (a loaded
    machine's seconds would make the watcher fall silent: nobody runs its heartbeat here)."""
    from table.control.app import App

    monkeypatch.setattr(App, "now", lambda self: 1000.0)
    relay = Relay()
    host, links, markup = host_with_lobby(relay, "duel")
    assert "data-online-watch-link" not in markup and 'data-action="online-watch"' in markup
    assert not [op for op in host.take().get("p2p", []) if op.get("id") == "watch"]  # no room until asked
    fx = host.handle({"type": "click", "action": "online-watch"})
    relay.effects(host, fx)
    assert [op["op"] for op in fx["p2p"] if op.get("id") == "watch"] == ["online-open"]
    # Relays only: a shared WebRTC room would connect the watchers to each other and the host.
    assert [op.get("direct") for op in fx["p2p"] if op.get("id") == "watch"] == [False]
    markup = host.cache["p2p"]
    watch_link = unescape(re.search(r"data-online-watch-link>([^<]+)<", markup).group(1))
    assert "#watch=" in watch_link and watch_link not in links.values()
    guest, _ = guest_at(relay, links[1])
    watcher, fx = guest_at(relay, watch_link)
    assert "зритель" in fx["regions"]["p2p"]
    assert [op.get("direct") for a, op in relay.ops if a is watcher and op["op"] == "online-open"] == [False]
    assert {op.get("retries") for a, op in relay.ops if a is host and op["op"] == "online-open" and op["id"] == "1"} \
        == {False}  # (the guest's page retries the direct way, the host's answers)
    pages = [host, guest, watcher]
    relay.run(pages)
    relay.effects(host, host.handle({"type": "click", "action": "online-start"}))
    relay.run(pages)
    assert watcher.peer.dialog is None and "p2p" not in watcher.dialogs
    assert "Зрители: 1" in host.cache["peer-bar"] and "Зрители: 1" in guest.cache["peer-bar"]
    assert "Вы смотрите игру" in watcher.cache["peer-bar"]
    # The watcher is nobody at the table: the bottom seat is the host's, by its name, never «Вы».
    host_name = host.table.seat_names()[0]
    seat_name = re.search(r'class="seat-name">([^<]*)<', watcher.cache["me"]).group(1)
    assert unescape(seat_name) == host_name != "Вы" and "сдаёте" not in watcher.cache["me"]
    rng = random.Random(6)
    tricks_seen = set()
    for _ in range(400):
        t = host.table
        shown = set()
        for region in WATCHED_REGIONS:
            shown |= set(re.findall(r'data-card="(\w+)"', watcher.cache.get(region, "")))
        assert not watcher.cache.get("hand", "").count("data-card")
        assert "data-action" not in watcher.cache.get("actions", "")  # (no «Ходить», «Побить» greyed out)
        assert shown <= public_cards(t), shown - public_cards(t)
        tricks_seen.add(len(watcher.peer.guest.display()["history"]))
        if t.phase() in ("round_end", "match_end"):
            break
        # The watcher clicks whatever it can: nothing is sent but its being there.
        sent = relay.sent
        for card in t.match.view(0).hand[:1]:
            relay.effects(watcher, watcher.handle({"type": "click", "card": str(card)}))
        relay.effects(watcher, watcher.handle({"type": "click", "action": "lead"}))
        assert relay.sent == sent
        if t.next_timer() is not None:
            relay.effects(host, host.handle({"type": "timer", "name": "step", "gen": host.timer_id}))
        elif t.match.to_act == 0:
            host_plays(relay, host, 0, rng)
        else:
            move = rng.choice(guest.peer.guest.view().legal_moves)
            guest_clicks(relay, guest, move)
        relay.run(pages)
    t = host.table
    assert t.phase() in ("round_end", "match_end")
    done = len(t.match.view(0).history)
    assert tricks_seen == set(range(done + 1)), (tricks_seen, done)  # every trick, one at a time
    assert "result-body" in watcher.cache and watcher.cache["result-body"], (watcher.peer.guest.phase(), (watcher.peer.guest.display() or {}).get("round_over"))
    sent = relay.sent
    relay.effects(watcher, watcher.handle({"type": "click", "action": "share"}))
    assert 'data-guest-deal="watcher"' in watcher.cache["info-body"] and relay.sent == sent  # nothing asked
    # A move sealed with the watch link's own secret, as a hostile watcher page could send it:
    from table.p2p import peer as peer_mod
    moves = len(t.match.moves)
    w = watcher.peer.online.end
    forged = w._frame(w.out.message(peer_mod.dump(peer_mod.MOVE, move={"kind": "lead", "cards": []}, seq=1)))
    relay.effects(host, host.handle({"type": "online", "id": "watch", "kind": "frame", "data": forged}))
    assert len(t.match.moves) == moves
    # Ten watch at most.
    crowd = [guest_at(relay, watch_link, stored={})[0] for _ in range(10)]
    relay.run([host, guest, watcher, *crowd])
    assert sum(1 for c in crowd if c.peer.dialog and c.peer.dialog["step"] == "online-watch-full") == 1
    assert "Зрители: 10" in host.cache["peer-bar"]


def rematch_lobby(relay: Relay):
    """Пары with two guests at a match's end, «Ещё партию» offered: seat 1 says yes, seat 2 no."""
    host, links, _ = host_with_lobby(relay, "pairs", ["human", "human", "human", "bot"])
    guests = {seat: guest_at(relay, links[seat])[0] for seat in (1, 2)}
    pages = [host, *guests.values()]
    relay.run(pages)
    relay.effects(host, host.handle({"type": "click", "action": "online-start"}))
    relay.run(pages)
    play_match_out(relay, host, guests, random.Random(4))
    relay.effects(host, host.handle({"type": "click", "action": "next"}))
    relay.run(pages)
    relay.effects(guests[1], guests[1].handle({"type": "click", "action": "online-rematch-yes"}))
    relay.effects(guests[2], guests[2].handle({"type": "click", "action": "online-rematch-no"}))
    relay.run(pages)
    assert host.peer.host.again == {1: True, 2: False}
    REMATCH_STORED.setdefault("host", dict(host._stored))
    return host, links, guests


REMATCH_STORED: dict[str, dict] = {}
"""The host's storage in the first :func:`rematch_lobby` this process played (a whole match)."""


def rematch_stored() -> dict:
    """What a host's page keeps in the lobby of «Ещё партию», from a match played once a process."""
    if "host" not in REMATCH_STORED:
        rematch_lobby(Relay())
    return dict(REMATCH_STORED["host"])


def lobby_statuses(app) -> dict[str, str]:
    return dict(re.findall(r'data-online-seat="(\d)"[^>]*>.*?data-online-status="(\w+)"', app.cache["p2p"]))


def test_the_answers_to_another_match_outlast_a_reload_of_the_hosts_page_and_of_a_guests():
    """The host's page reloads in the lobby of «Ещё партию» (then the page of the guest who said
    yes): who said yes and who left are the host's record's, so nobody is asked again, the
    seat left stays the bot's and the host may start at once."""
    relay = Relay()
    host, links, guests = rematch_lobby(relay)
    stored = dict(host._stored)
    relay.gone(host)
    again, fx = start(env(stored=stored))
    relay.effects(again, fx)
    stored_guest = dict(guests[1]._stored)
    relay.gone(guests[1])
    back, _ = guest_at(relay, links[1], stored_guest)
    relay.run([again, back])
    assert again.peer.dialog["step"] == "invite" and again.peer.online.rematch
    assert again.peer.host.again == {1: True, 2: False}
    assert lobby_statuses(again) == {"1": "joined", "2": "bot"}
    assert 'data-action="online-start" disabled' not in again.cache["p2p"]
    assert back.peer.dialog["step"] == "online-lobby"  # (not asked «Ещё партию?» again)
    relay.effects(again, again.handle({"type": "click", "action": "online-start"}))
    relay.run([again, back])
    assert again.table.phase() == "play" and 2 in again.table.stood_in and 1 not in again.table.stood_in
    assert back.peer.dialog is None


def test_broken_answers_in_the_hosts_record_are_dropped_and_the_lobby_still_comes_back():
    stored = rematch_stored()
    record = json.loads(stored["burkozel.online-host"])
    for broken in ({"1": "yes", "2": False}, {"9": True, "x": False, "1": True}, ["1"], "again", None, {"01": True}):
        page, fx = start(env(stored={**stored, "burkozel.online-host": json.dumps({**record, "again": broken})}))
        assert page.peer.dialog == {"step": "invite"} and page.peer.online.rematch
        assert set(page.peer.host.again) <= {1, 2}
        assert all(type(v) is bool for v in page.peer.host.again.values())
        assert 'data-online-seat="1"' in page.cache["p2p"]


def test_a_guest_who_leaves_at_another_match_leaves_the_host_a_plain_line():
    """A guest says no to «Ещё партию»: the host's link bar says plainly that a bot plays
    that seat until the match ends — in the lobby and through the next match — never that
    the seat comes back by itself once its person is online (they left; nobody comes)."""
    relay = Relay()
    host, links, guests = rematch_lobby(relay)
    t = host.table.texts
    bar = unescape(host.cache["peer-bar"])
    assert t.online_guest_left_bot("Игрок 2") in bar and t.online_guest_bot("Игрок 2") not in bar
    assert "Игрок 1: " + t.P2P_LINK_UP in bar and "Игрок 1: играет бот" not in bar
    relay.effects(host, host.handle({"type": "click", "action": "online-start"}))
    relay.run([host, *guests.values()])
    assert host.table.phase() == "play" and 2 in host.table.stood_in
    for _ in range(3):  # the line stays while the match is played
        bar = unescape(host.cache["peer-bar"])
        assert "Игрок 2: играет бот до конца партии." in bar and t.online_guest_bot("Игрок 2") not in bar
        assert "p2p-invite" not in bar and t.online_guest_left_bot("Игрок 1") not in bar
        host.refresh()
        relay.effects(host, host.take())
        relay.run([host, *guests.values()])


def test_another_match_as_the_evening_goes_a_watcher_follows_and_mutes_and_fair_checks_carry_on(monkeypatch):
    """Пары with three guests and a watcher, the host having muted a seat's phrases: at the
    match's end the guests' and the watcher's result say the host may offer another match (not
    that it deals the next deal: there is none); through «Ещё партию» the watcher follows into
    the next match (its table, its scores at nought), the players still count it, the host's
    mute holds, and every guest's page checks the next match's first deal against its own
    commitment.  The pages' clock stands still (nobody runs the watcher's heartbeat here)."""
    from table.control.app import App

    monkeypatch.setattr(App, "now", lambda self: 1000.0)
    relay = Relay()
    host, links, _ = host_with_lobby(relay, "pairs", ["human", "human", "human", "human"])
    relay.effects(host, host.handle({"type": "click", "action": "online-watch"}))
    watch_link = unescape(re.search(r"data-online-watch-link>([^<]+)<", host.cache["p2p"]).group(1))
    guests = {seat: guest_at(relay, link)[0] for seat, link in links.items()}
    watcher, _ = guest_at(relay, watch_link)
    pages = [host, *guests.values(), watcher]
    relay.run(pages)
    relay.effects(host, host.handle({"type": "click", "action": "online-start"}))
    relay.run(pages)
    relay.effects(host, host.handle({"type": "click", "action": "online-phrases"}))
    relay.effects(host, host.handle({"type": "click", "action": "online-mute", "seat": "2"}))
    relay.effects(host, host.handle({"type": "click", "action": "online-phrases"}))
    play_match_out(relay, host, guests, random.Random(8))
    relay.run(pages)
    t = host.table.texts
    # The watcher is on neither side: no «Мы»/«Они» on its score, its sides by their seats.
    score = unescape(watcher.cache["score"])
    assert "Мы" not in score and "Они" not in score and "chip mine" not in score, score
    seats = [watcher.cache.get(f"seat-{i}", "") for i in (1, 2, 3)]
    assert all("data-seat" in m for m in seats) and not any("partner" in m for m in seats)  # nobody's partner
    assert any("partner-tag" in guests[1].cache.get(f"seat-{i}", "") for i in (1, 2, 3))
    assert "Игрок 0 и Игрок 2" in score and "Игрок 1 и Игрок 3" in score and ">—<" in score
    assert "Мы" in unescape(guests[1].cache["score"]) and "chip mine" in guests[1].cache["score"]
    for page in [*guests.values(), watcher]:
        assert page.peer.guest.phase() == "match_end"
        assert t.P2P_WAIT_HOST_MATCH in page.cache["result-body"] and t.P2P_WAIT_HOST not in page.cache["result-body"]
    first = host.table.match_key
    relay.effects(host, host.handle({"type": "click", "action": "next"}))
    relay.run(pages)
    for g in guests.values():
        relay.effects(g, g.handle({"type": "click", "action": "online-rematch-yes"}))
    relay.run(pages)
    relay.effects(host, host.handle({"type": "click", "action": "online-start"}))
    relay.run(pages)
    second = host.table.match_key
    assert second != first and host.table.phase() == "play"
    assert watcher.peer.guest.state["match"] == second and watcher.peer.guest.phase() == "play"
    assert set(host.table.match.view(0).penalties) == {0} == set(watcher.peer.guest.display()["penalties"])
    assert "Зрители: 1" in host.cache["peer-bar"] and all("Зрители: 1" in g.cache["peer-bar"] for g in guests.values())
    relay.effects(host, host.handle({"type": "click", "action": "online-phrases"}))
    assert 'data-seat="2" aria-pressed="true"' in host.cache["peer-bar"]
    relay.effects(host, host.handle({"type": "click", "action": "online-phrases"}))
    # The next match's first deal, played out: each guest checked it against what it was shown.
    rng = random.Random(9)
    for _ in range(2000):
        tb = host.table
        if tb.phase() in ("round_end", "match_end"):
            break
        if tb.next_timer() is not None:
            relay.effects(host, host.handle({"type": "timer", "name": "step", "gen": host.timer_id}))
        elif tb.match.to_act in guests:
            g = guests[tb.match.to_act]
            guest_clicks(relay, g, rng.choice(g.peer.guest.view().legal_moves))
        else:
            host_plays(relay, host, tb.match.to_act, rng)
        relay.run(pages)
    assert host.table.phase() in ("round_end", "match_end")
    for g in guests.values():
        screen = g.peer.guest
        assert (second, 0) in screen.keys and not screen.swapped, sorted(screen.keys)
        assert t.P2P_WAIT_HOST in g.cache["result-body"] or screen.phase() == "match_end"
