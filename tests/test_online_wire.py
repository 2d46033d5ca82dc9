"""Online play without a browser: the invite link, the sealed frames, the session's
numbering over links that drop, repeat and reorder, whole matches through a lossy
relay, a second device with the same link, and a hostile guest holding the secret."""

from __future__ import annotations

import base64
import json
import os
import random
import re
import zlib

import pytest

import webpath  # noqa: F401
from hostplay import GUEST, OVER, host_step

from burkozel import FORMATS, Move, fair
from table.p2p import invite, online, peer, phrases, seal, session
from table.p2p.peer import Host
from test_peer import hidden_in, host_table

# --- the link ----------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_a_link_carries_its_seat_room_and_secret_and_reads_back(fmt):
    players = FORMATS[fmt].players
    for seat in range(1, players):
        inv = invite.new_invite(fmt, seat)
        url = invite.link("https://example.test/burkozel/?seed=3#p2p=xyz", inv)
        assert url.startswith("https://example.test/burkozel/#join=")
        assert len(url) < 110  # a short QR
        back = invite.decode(invite.code_in(url))
        assert back == inv and (back.seat, back.players, back.format) == (seat, players, fmt)


def test_every_seat_gets_its_own_random_room_and_secret():
    invites = [invite.new_invite("pairs", s) for s in (1, 2, 3) for _ in range(50)]
    assert len({i.room for i in invites}) == len({i.secret for i in invites}) == 150
    assert all(len(i.room) == len(i.secret) == 16 for i in invites)
    bits = "".join(f"{b:08b}" for i in invites for b in i.secret)
    assert 0.45 < bits.count("1") / len(bits) < 0.55


def test_a_link_for_six_seats_and_not_for_the_hosts_own():
    inv = invite.new_invite("duel", 5, players=6)
    assert invite.decode(invite.encode(inv)).players == 6
    for seat, players in ((0, 2), (2, 2), (1, 7)):
        with pytest.raises(ValueError):
            invite.new_invite("duel", seat, players=players)


def test_truncated_edited_forged_and_other_version_links_say_why():
    code = invite.encode(invite.new_invite("bura31", 1))
    assert invite.decode(code)
    cases = {"": "empty", "   ": "empty", code[:-1]: "damaged", code[:20]: "damaged", code + "A": "damaged",
             code.replace(code[10], "A" if code[10] != "A" else "B", 1): "damaged", "Привет": "damaged",
             "x" * 500: "damaged", "a.b": "damaged"}
    raw = bytearray(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)))
    raw[0] = 2  # another version, its checksum intact
    body = bytes(raw[:-invite.CHECK_BYTES])
    import hashlib
    other = base64.urlsafe_b64encode(body + hashlib.sha256(body).digest()[:4]).decode().rstrip("=")
    cases[other] = "version"
    body = bytearray(raw[:-invite.CHECK_BYTES])
    body[0], body[1] = 1, 0  # the host's own seat, well formed otherwise
    forged = base64.urlsafe_b64encode(bytes(body) + hashlib.sha256(bytes(body)).digest()[:4]).decode().rstrip("=")
    cases[forged] = "damaged"
    for text, reason in cases.items():
        with pytest.raises(invite.InviteError) as err:
            invite.decode(text)
        assert err.value.reason == reason, text
    assert invite.code_in("https://x.test/#p2p=abc") is None and invite.code_in(None) is None


# --- the seal ----------------------------------------------------------------------------


def test_a_sealed_frame_opens_only_with_its_secret_and_direction():
    secret, other = bytes(range(16)), bytes(range(1, 17))
    text = json.dumps({"hand": ["AS", "10H"], "name": "Вася"}, ensure_ascii=False)
    frame = seal.seal(secret, seal.TO_GUEST, text)
    assert seal.unseal(secret, seal.TO_GUEST, frame) == text
    assert "AS" not in base64.urlsafe_b64decode(frame).decode("latin-1")
    assert seal.unseal(other, seal.TO_GUEST, frame) is None
    assert seal.unseal(secret, seal.TO_HOST, frame) is None  # a host's frame played back as a guest's
    assert seal.seal(secret, seal.TO_GUEST, text) != frame  # a fresh nonce every time
    raw = bytearray(base64.urlsafe_b64decode(frame))
    for i in (0, 20, len(raw) - 1):
        bad = bytearray(raw)
        bad[i] ^= 1
        assert seal.unseal(secret, seal.TO_GUEST, base64.urlsafe_b64encode(bytes(bad)).decode()) is None
    for junk in (None, 5, "", "!!", "A" * 200_000, base64.urlsafe_b64encode(b"short").decode()):
        assert seal.unseal(secret, seal.TO_GUEST, junk) is None


def test_a_long_text_is_deflated_under_the_relays_event_limit_and_a_bomb_is_dropped():
    """A whole state of a six-seat pot is ~7 KB sealed as it is; public relays refuse events
    over 4,096 characters, so long texts go deflated (and still open to the same text)."""
    secret = bytes(range(16))
    seats = [{"seat": i, "name": f"Игрок {i}", "stack": 100 - i, "cards": 3, "taken": [], "bet": 5}
             for i in range(6)]
    text = json.dumps({"t": "state", "seats": seats, "log": [f"Игрок {i % 6} сходил {i}" for i in range(150)]},
                      ensure_ascii=False)
    assert len(text.encode()) > 3_000
    frame = seal.seal(secret, seal.TO_GUEST, text)
    assert seal.unseal(secret, seal.TO_GUEST, frame) == text
    assert len(frame) < len(text.encode()) / 2
    short = seal.seal(secret, seal.TO_GUEST, "{}")
    assert seal.unseal(secret, seal.TO_GUEST, short) == "{}"
    nonce = bytes(seal.NONCE_BYTES)

    def sealed_raw(plain: bytes) -> str:
        body = seal._xor(plain, seal._stream(secret, nonce, len(plain)))
        raw = nonce + body + seal._tag(secret, seal.TO_GUEST, nonce, body)
        return base64.urlsafe_b64encode(raw).decode("ascii")

    assert seal.unseal(secret, seal.TO_GUEST, sealed_raw(seal.DEFLATED + zlib.compress(b"{}"))) == "{}"
    bomb = seal.DEFLATED + zlib.compress(b" " * (seal.MAX_TEXT + 10), 9)
    assert len(bomb) < 5_000 and seal.unseal(secret, seal.TO_GUEST, sealed_raw(bomb)) is None
    assert seal.unseal(secret, seal.TO_GUEST, sealed_raw(seal.DEFLATED + b"not deflate")) is None
    assert seal.unseal(secret, seal.TO_GUEST, sealed_raw(seal.DEFLATED + zlib.compress(b"{}")[:-3])) is None


# --- the session ----------------------------------------------------------------------------


def relay(frames: list[session.Frame], rng: random.Random) -> list[session.Frame]:
    """What several relays make of a stream: each frame dropped, doubled or delayed."""
    out = []
    for f in frames:
        for _ in range(rng.choice((0, 1, 1, 1, 2, 3))):
            out.append(f)
    rng.shuffle(out)
    return out


def test_each_message_is_delivered_once_and_in_order_through_a_lossy_relay():
    for seed in range(20):
        rng = random.Random(seed)
        out, inc = session.Outgoing("host"), session.Incoming()
        sent = [f"message {i}" for i in range(40)]
        frames = [out.message(text) for text in sent]
        got: list[str] = []
        wire = relay(frames, rng)
        for _ in range(30):  # rounds of: deliver what arrived, answer the resend requests
            asks = set()
            for f in wire:
                bodies, gap = inc.take(f)
                got += bodies
                if gap is not None:
                    asks.add(gap)
            _, gap = inc.take(out.heartbeat())
            if gap is not None:
                asks.add(gap)
            if not asks and len(got) == len(sent):
                break
            wire = relay([f for start in sorted(asks) for f in out.resend(start)], rng)
        assert got == sent, seed


def test_a_gap_the_sender_no_longer_holds_is_skipped_and_said():
    out, inc = session.Outgoing("host"), session.Incoming()
    frames = [out.message(str(i)) for i in range(session.KEPT + 10)]
    assert inc.take(frames[0]) == (["0"], None)
    assert inc.take(frames[-1]) == ([], 2)
    answer = out.resend(2)
    assert answer[0].kind == session.SKIP and answer[0].seq == 11
    got = []
    for f in answer:
        got += inc.take(f)[0]
    assert got == [str(i) for i in range(10, session.KEPT + 10)] and inc.skipped
    assert inc.take(frames[3]) == ([], None)  # an old one arriving late changes nothing


def test_frames_parse_strictly():
    good = session.Frame("ab", 3, session.MESSAGE, "x")
    assert session.parse(good.dump()) == good
    for bad in ("", "[]", "{}", '{"i":"a","s":-1,"k":"m"}', '{"i":"a","s":1.5,"k":"m"}', '{"i":"a","s":true,"k":"m"}',
                '{"i":"","s":1,"k":"m"}', '{"i":"a","s":1,"k":"q"}', '{"i":"a","s":1,"k":"m","d":[1]}', None, 7,
                '{"i":"a","s":' + "9" * 30 + ',"k":"m"}', "[" * 100_000):
        assert session.parse(bad) is None, bad


# --- a host and guests over a lossy relay -------------------------------------------------


class Room:
    """An online host and its guests, every frame carried by a relay that drops, repeats
    and reorders; every frame to a guest opened with its secret and read for hidden cards."""

    def __init__(self, fmt: str, seed: int, lossy: bool = True, seats: list[str] | None = None) -> None:
        self.table = host_table(fmt, seed=seed, seats=seats)
        self.host = online.OnlineHost(Host(self.table), {s: invite.new_invite(fmt, s) for s in self.table.remote_seats},
                                      "host-id")
        self.guests = {s: online.OnlineGuest(self.host.lines[s].invite, f"guest-{s}") for s in self.table.remote_seats}
        self.rng = random.Random(seed)
        self.lossy = lossy
        self.now = 0.0
        self.to_host: list[tuple[int, str]] = []
        self.frames = 0
        self.sent: dict[tuple[int, int], str] = {}

    def carry(self, frames: list) -> list:
        if not self.lossy:
            return list(frames)
        out = [f for f in frames for _ in range(self.rng.choice((0, 1, 1, 1, 1, 2)))]
        self.rng.shuffle(out)
        return out

    def check(self, seat: int, frame: str) -> None:
        """A frame the host sends ``seat``, read as it leaves: its message (the frame's body, whose
        quotes the frame escapes) holds no card hidden from the seat now, and a frame sent again
        holds what it held the first time."""
        text = seal.unseal(self.host.lines[seat].invite.secret, seal.TO_GUEST, frame)
        opened = session.parse(text)
        assert opened is not None
        if opened.kind == session.MESSAGE and (seat, opened.seq) in self.sent:  # sent again
            assert self.sent[seat, opened.seq] == opened.body
        else:
            assert not hidden_in(opened.body, self.table, seat), opened.body
            if opened.kind == session.MESSAGE:
                self.sent[seat, opened.seq] = opened.body
        for other in self.host.lines:
            if other != seat:
                assert seal.unseal(self.host.lines[other].invite.secret, seal.TO_GUEST, frame) is None

    def step(self) -> None:
        self.now += 0.5
        sent = self.host.outbox() + (self.host.tick(self.now) if self.now % 5 == 0 else [])
        for seat, frame in sent:
            self.check(seat, frame)
        for seat, frame in self.carry(sent):
            self.frames += 1
            _, replies = self.guests[seat].receive(frame, self.now)
            self.to_host += [(seat, r) for r in replies]
        if self.now % 5 == 0:
            self.to_host += [(seat, beat) for seat, guest in self.guests.items() if (beat := guest.heartbeat())]
        sending, self.to_host = self.carry(self.to_host), []
        for seat, frame in sending:
            self.host.receive(seat, frame, self.now)

    def play(self, max_rounds: int = 2) -> int:
        t = self.table
        for seat, guest in self.guests.items():
            self.to_host.append((seat, guest.hello(f"Гость {seat}")))
        moves = 0
        for _ in range(20_000):
            self.step()
            step = host_step(t, self.rng, max_rounds)
            if step == OVER:
                return moves
            to_act = t.match.to_act
            if step == GUEST and to_act in self.guests:
                screen = self.guests[to_act].screen
                if screen.my_turn() and screen.state.get("at") == [t.match.round_no, len(t.rounds[-1])]:
                    move = self.rng.choice(screen.view().legal_moves)
                    screen.sent_seq = screen.seq
                    self.to_host.append((to_act, self.guests[to_act].message(
                        peer.dump(peer.MOVE, move=move.to_dict(), seq=screen.seq))))
                    moves += 1
                elif not screen.my_turn() and screen.sent_seq is not None and self.rng.random() < 0.05:
                    screen.sent_seq = None  # the move was lost on the way: the player clicks again
        raise AssertionError("the match did not end")


@pytest.mark.parametrize("fmt", ["duel", "bura31", "pairs", "bura_pot"])
def test_whole_deals_through_a_lossy_relay(fmt):
    room = Room(fmt, seed=4)
    moves = room.play(max_rounds=3)
    assert moves > 6
    for seat, guest in room.guests.items():
        assert guest.screen.state["seat"] == seat
        assert room.host.host.table.remote_names[seat] == f"Гость {seat}"


def test_pairs_with_three_guests_each_in_its_own_room():
    room = Room("pairs", seed=2, seats=["human"] * 4)
    assert room.table.remote_seats == (1, 2, 3)
    assert room.play(max_rounds=1) > 10


def test_a_second_device_with_the_same_link_is_refused_while_the_seat_is_held():
    room = Room("duel", seed=1, lossy=False)
    room.to_host.append((1, room.guests[1].hello("Первый")))
    for _ in range(4):  # the hello, the state asking for a value, the value, the dealt state
        room.step()
    assert room.host.holders() == {1: True}
    second = online.OnlineGuest(room.host.lines[1].invite, "second-device")
    assert room.host.receive(1, second.hello("Второй"), room.now) is False
    refusals = [f for seat, f in room.host.outbox()]
    assert any(second.receive(f, room.now)[0] for f in refusals) and second.refused
    assert not any(room.guests[1].receive(f, room.now)[0] for f in refusals) and not room.guests[1].refused
    assert room.table.remote_names[1] == "Первый"
    # Once the first has been silent long enough, the second device may take the seat.
    room.now += online.SILENT_S + 1
    room.host.tick(room.now)
    to_host = [second.hello("Второй")]
    for _ in range(3):  # its first hello was refused: the host asks for it again
        for frame in to_host:
            room.host.receive(1, frame, room.now)
        to_host = [r for _, f in room.host.outbox() for r in second.receive(f, room.now)[1]]
    assert room.table.remote_names[1] == "Второй" and room.host.holders() == {1: True}
    assert second.screen.state["seat"] == 1


def test_a_reloaded_guest_keeps_its_id_and_gets_the_whole_screen_again():
    room = Room("duel", seed=6, lossy=False)
    room.to_host.append((1, room.guests[1].hello("Гость")))
    for _ in range(4):  # the hello, the state asking for a value, the value, the dealt state
        room.step()
    state = room.guests[1].screen.state
    assert state is not None
    reloaded = online.OnlineGuest(room.host.lines[1].invite, "guest-1")  # the same id, from storage
    room.guests[1] = reloaded
    room.to_host.append((1, reloaded.hello("Гость")))
    for _ in range(4):
        room.step()
    assert reloaded.screen.state == state and not reloaded.refused


def test_a_guest_offline_for_five_minutes_is_back_at_its_seat_without_a_new_link():
    room = Room("duel", seed=5, lossy=False)
    room.to_host.append((1, room.guests[1].hello("Гость")))
    for _ in range(4):
        room.step()
    host, guest = room.host.host, room.guests[1]
    assert 1 in host.online
    # Offline: nothing either way.  The host gives the seat up, then a bot plays it.
    start = room.now
    while room.now < start + 300:
        room.now += 0.5
        room.host.outbox()
        if room.now % 5 == 0:
            room.host.tick(room.now)
            host.tick(room.now)
    assert 1 not in host.online and 1 in room.table.stood_in
    # Online again: the host's next frame reaches the same page, which says it is back.
    for _ in range(12):
        room.step()
    assert 1 in host.online and 1 not in room.table.stood_in
    assert guest.screen.state["at"] == [room.table.match.round_no, len(room.table.rounds[-1])]


# --- a hostile guest ---------------------------------------------------------------------------


def hostile_messages(rng: random.Random, room: Room, seat: int, seen: list[str]):
    """One message a hostile guest (who holds the seat's secret) might send, and to which seat."""
    secret = room.host.lines[seat].invite.secret
    guest = room.guests[seat]
    view = room.table.match.view(seat) if room.table.match is not None else None
    cards = [str(c) for c in room.table.match.round.unknown_to(seat)] if view is not None else ["AS"]
    mine = [str(c) for c in view.hand] if view is not None else []

    def sealed(text: str, direction: bytes = seal.TO_HOST) -> str:
        return seal.seal(secret, direction, text)

    def framed(body: str, seq: int | None = None, sender: str | None = None, kind: str = "m") -> str:
        # (the strongest guest: it knows the number the host expects next)
        s = room.host.lines[seat].inc.delivered + 1 if seq is None else seq
        return sealed(session.Frame(sender or guest.me, s, kind, body).dump())

    def move_body() -> str:
        pick = rng.random()
        if pick < 0.3 and view is not None and view.legal_moves:
            move = rng.choice(view.legal_moves).to_dict()
        elif pick < 0.6:
            pool = cards + mine  # (near a deal's end fewer than four)
            move = {rng.choice(["lead", "beat", "discard"]): rng.sample(pool, rng.randint(0, min(4, len(pool))))}
        else:
            move = rng.choice([None, "AS", [], {}, {"declare": True}, {"lead": "AS"}, {"lead": [1, 2]},
                               {"lead": ["AS"], "beat": ["KS"]}, {"discard": ["ZZ"] * 50}])
        seq = room.host.host.seq.get(seat) if rng.random() < 0.7 else rng.choice([None, -1, 0, 10**12, "1", 1.5])
        return peer.dump(peer.MOVE, move=move, seq=seq)

    kind = rng.randrange(15)
    if kind == 12:  # quick phrases: known keys as fast as it can, keys that do not exist, text instead of a key
        key = rng.choice(["good_move", "thanks", "thumbs", "nonsense", "", None, 5, ["wait"], "<b>x</b>", "x" * 3000])
        return seat, framed(peer.dump(peer.SAY, key=key))
    if kind == 13:  # asking for a deal or answering «Ещё партию» with anything
        return seat, framed(peer.dump(rng.choice([peer.ASK, peer.AGAIN]), what=rng.choice(["deal", "x", None]),
                                      yes=rng.choice([True, False, "yes", None, 1])))
    if kind == 14:  # a host's message sent to the host
        return seat, framed(peer.dump(rng.choice([peer.SAID, peer.DEAL]), seat=0, key="thanks", frames=[],
                                      at=[0, 0], share=None))
    if kind == 0:
        return seat, rng.choice([None, 1, [], {}, "", "{", "x" * rng.randint(1, 200_000)])
    if kind == 1:
        return seat, base64.urlsafe_b64encode(rng.randbytes(rng.randint(0, 300))).decode()
    if kind == 2:
        return seat, sealed(rng.choice(["", "[]", "{", json.dumps({"i": "x", "s": 1}), "\x00" * 50,
                                        json.dumps({"i": guest.me, "s": 2**50, "k": "m", "d": ""})]))
    if kind == 3:  # a forged host message: a state that says it is the guest's turn, sealed both ways
        state = peer.dump(peer.STATE, seq=99, seat=seat, phase="play", view={"hand": cards[:6]})
        return seat, rng.choice([sealed(state, seal.TO_GUEST), framed(state)])
    if kind == 4 and seen:  # a replay of anything sent before
        return seat, rng.choice(seen)
    if kind == 5:  # another seat's number or a seat that does not exist
        return rng.choice([0, 5, -1, "1", None, 1.0, 2, 3]), framed(move_body())
    if kind == 6:
        return seat, framed(peer.dump(peer.HELLO, name=rng.choice(["", "<b>x</b>", "Я" * 5000, None, 5])))
    if kind == 7:  # out of order and duplicate numbers
        return seat, framed(move_body(), seq=rng.randint(0, guest.out.next_seq + 5))
    if kind == 8:  # resend requests and skips with any number
        return seat, framed("", seq=rng.choice([0, 1, 2**39, rng.randint(0, 100)]), kind=rng.choice("rjpx"))
    if kind == 9:  # another device's id
        return seat, framed(move_body(), sender=rng.choice(["other", "x" * 64, guest.me]))
    if kind == 10:
        return seat, framed(json.dumps({"v": 1, "t": "move", "move": {"lead": cards[:1]}, "seq": room.host.host.seq.get(seat),
                                        "seat": 0}))
    return seat, framed(move_body())


def test_a_guest_heard_again_after_the_host_stopped_hearing_it_is_back_without_a_hello():
    """One way lost through an outage: the guest's events stopped reaching the host while the
    host's reached the guest.  The host counts the seat left and a bot takes it; the guest,
    which heard the host all along, has no reason to say hello (a page frozen mid-deal, once in
    ten outages).  Its next frame that reaches the host brings it back."""
    room = Room("duel", seed=5, lossy=False)
    room.to_host.append((1, room.guests[1].hello("Гость")))
    for _ in range(4):
        room.step()
    host, guest = room.host.host, room.guests[1]
    assert 1 in host.online
    start = room.now
    while room.now < start + online.SILENT_S + peer.AWAY_LIMIT_S + 5:
        room.now += 0.5
        for _, frame in room.host.outbox() + (room.host.tick(room.now) if room.now % 5 == 0 else []):
            guest.receive(frame, room.now)  # the host's frames arrive; what the guest says is lost
        if room.now % 5 == 0:
            host.tick(room.now)
            guest.heartbeat()
    assert 1 not in host.online and 1 in room.table.stood_in
    for _ in range(12):
        room.step()
    assert 1 in host.online and 1 not in room.table.stood_in
    assert guest.screen.state["at"] == [room.table.match.round_no, len(room.table.rounds[-1])]


# The hostile guest's messages: 2,500 here (about 200 of each kind); `make test-hostile` sends 10,000.
HOSTILE_MESSAGES = int(os.environ.get("BURKOZEL_HOSTILE_MESSAGES", "2500"))


def test_a_hostile_guest_changes_the_match_only_by_legal_moves_of_its_own_seat():
    """Random and mutated messages (bad JSON, huge payloads, wrong seats, out of
    turn, illegal moves, replays, forged host messages, other devices, phrase floods and
    keys that do not exist): no exception, every move the match gains is the hostile
    seat's own and legal on its view, or the host's and the bots' (played here), and the
    host passes on only known phrases, at most one every 2 s."""
    room = Room("bura31", seed=9, lossy=False)
    seat = 1
    room.to_host.append((seat, room.guests[seat].hello("Злой")))
    room.step()
    rng = random.Random(20_260_601)
    seen: list[str] = []
    t = room.table
    hostile_moves = 0
    passed: list[tuple[float, str]] = []
    for _ in range(HOSTILE_MESSAGES):
        room.now += 0.1
        if t.phase() in ("round_end", "match_end"):
            t.next_round() if t.phase() == "round_end" else t.new_match()
        if t.phase() == peer.KEYING:  # the seat's value (the hostile frames below hold its line's numbers)
            t.take_value(seat, fair.new_secret().hex())
        while t.next_timer() is not None:
            t.run_timer(t.next_timer()[0])
        if t.phase() == "play" and t.match.to_act == 0:
            t.play_for(0, rng.choice(t.match.view(0).legal_moves))
        match = t.match
        moves_before = list(match.moves)
        view_before = match.view(seat)
        to, text = hostile_messages(rng, room, seat, seen)
        room.host.receive(to, text, room.now)
        passed += [(room.now, key) for _, key in room.host.spoken]
        room.host.spoken = []
        for s, frame in room.host.outbox():
            room.check(s, frame)
            room.guests[s].receive(frame, room.now)
        if isinstance(text, str) and len(text) < 5000:
            seen.append(text)
        assert t.match is match and match.moves[:len(moves_before)] == moves_before
        new = match.moves[len(moves_before):]
        assert len(new) <= 1
        if new:
            actor, move = new[0]
            assert actor == seat and view_before.to_act == seat
            view_before.check(move)
            hostile_moves += 1
    print(f"{HOSTILE_MESSAGES} hostile messages, {hostile_moves} of its moves played")
    assert hostile_moves > HOSTILE_MESSAGES // 100  # the guest did get to play: the test reached real turns
    assert all(isinstance(m, Move) for _, m in t.match.moves)
    assert passed and {key for _, key in passed} <= set(phrases.KEYS)
    assert all(b - a >= phrases.GAP_S - 1e-9 for (a, _), (b, _) in zip(passed, passed[1:]))


def public_cards(t) -> set[str]:
    """The trump card and the face-up cards of the finished tricks: all a watcher may see."""
    view = t.match.view(0)
    cards = {str(view.trump_card)}
    for trick in view.history:
        cards |= {str(c) for p in trick.plays if p.kind != "discard" or view.discard == "open" for c in p.cards}
    return cards


def test_a_hostile_watcher_changes_nothing_and_the_room_holds_ten():
    """The watchers' room: random and mutated frames under the watch link's secret (moves,
    hellos, phrases, asks, floods from many devices): the match never changes, no exception,
    at most ten are counted, and every frame to the room holds only public cards."""
    room = Room("duel", seed=4, lossy=False)
    ticket = invite.new_watch("duel", 2)
    room.host.watch = online.WatchRoom(ticket, session.Outgoing("host-id"))
    t = room.table
    rng = random.Random(77)
    bodies = [peer.dump(peer.MOVE, move={"lead": ["AS"]}, seq=1), peer.dump(peer.HELLO, name="x"),
              peer.dump(peer.SAY, key="thanks"), peer.dump(peer.ASK, what="deal"), "", "{", "x" * 70_000]
    for i in range(3_000):
        room.now += 0.05
        while t.next_timer() is not None:
            t.run_timer(t.next_timer()[0])
        if t.phase() == "play" and t.match.to_act == 0:
            t.play_for(0, rng.choice(t.match.view(0).legal_moves))
        moves = list(t.match.moves)
        device = f"w{rng.randrange(40)}:{rng.randrange(3)}"
        frame = session.Frame(device, rng.randint(0, 9), rng.choice("mprjx"), rng.choice(bodies)).dump()
        text = rng.choice([seal.seal(ticket.secret, seal.TO_HOST, frame), seal.seal(ticket.secret, seal.TO_GUEST, frame),
                           frame, None, 5])
        room.host.receive_watch(text, room.now)
        assert t.match.moves == moves
        assert room.host.watching(room.now) <= 10
        for to, sealed in room.host.outbox(room.now):
            if to == "watch":
                body = session.parse(seal.unseal(ticket.secret, seal.TO_GUEST, sealed))
                assert body is not None
                shown = set(re.findall(r'"([6-9TJQKA][SHDC])"', body.body))
                assert shown <= public_cards(t), shown - public_cards(t)
                if body.kind == "m":
                    view = json.loads(body.body)["view"]  # (none while the deal waits for the guests' values)
                    assert view is None or (view["hand"] == [] and view["to_act"] is None)
    assert room.host.watching(room.now) == 10


def test_the_watchers_room_gets_a_state_per_trick_not_per_move():
    """The watchers see the table a trick late, so a move inside a trick changes nothing they
    see: the host sends their room a new state when a trick is taken or a deal begins or ends,
    not at every move (each one an event on the relays, which limit events a connection)."""

    class Watched(Room):
        def __init__(self) -> None:
            super().__init__("pairs", seed=8, lossy=False)
            self.ticket = invite.new_watch("pairs", 4)
            self.host.watch = online.WatchRoom(self.ticket, session.Outgoing("host-id"))
            self.states: list[dict] = []
            tick = self.host.tick
            self.host.tick = lambda now: self.watched(tick(now))  # (the guests' frames go on)

        def watched(self, frames: list) -> list:
            """The frames to the guests; each state to the watchers noted if it differs from the last."""
            for to, sealed in frames:
                if to == "watch":
                    body = session.parse(seal.unseal(self.ticket.secret, seal.TO_GUEST, sealed))
                    state = json.loads(body.body)
                    state.pop("seq", None)
                    if not self.states or state != self.states[-1]:
                        self.states.append(state)
            return [(to, sealed) for to, sealed in frames if to != "watch"]

        def step(self) -> None:
            super().step()
            beat = session.Frame("watcher-1:1", 0, session.HEARTBEAT, "").dump()
            self.host.receive_watch(seal.seal(self.ticket.secret, seal.TO_HOST, beat), self.now)
            self.watched(self.host.watch_outbox(self.now))

    room = Watched()
    room.play(max_rounds=1)
    tricks, moves = len(room.table.match.view(0).history), len(room.table.match.moves)
    views = {json.dumps(s["view"], sort_keys=True) for s in room.states}
    assert moves >= 3 * tricks  # (pairs: four plays a trick)
    assert len(room.states) <= len(views) + 2, (len(room.states), len(views), moves)
    assert len(room.states) <= tricks + 4, (len(room.states), tricks, moves)


# --- the move timer ---------------------------------------------------------------------------


def test_a_move_timer_lets_the_bot_play_one_move_and_keeps_the_seat_after_two():
    from table.p2p.move_timer import MoveClock

    table = host_table("duel", seed=12)
    clock = MoveClock()
    assert not clock.set("45") and not clock.set("x") and clock.seconds == 0
    assert clock.waiting_on(table) is None  # no move is timed while the deal waits for the guest's value
    assert table.take_value(1, fair.new_secret().hex())
    rng = random.Random(1)
    while table.match.to_act != 1:
        table.play_for(0, rng.choice(table.match.view(0).legal_moves))
    assert clock.waiting_on(table) is None  # off: nothing is timed
    assert clock.set("15")
    key = clock.waiting_on(table)
    assert key is not None and key[2] == 1
    moves = len(table.match.moves)
    assert clock.expire(table, key)
    assert len(table.match.moves) == moves + 1 and table.match.moves[-1][0] == 1
    assert 1 not in table.stood_in and clock.misses == {1: 1}  # one miss: the seat is given back
    assert not clock.expire(table, key)  # an old timer changes nothing
    for _ in range(20):
        while table.next_timer() is not None and table.next_timer()[0] == "clear":
            table.run_timer("clear")
        if table.match.to_act == 1:
            break
        table.play_for(0, rng.choice(table.match.view(0).legal_moves))
    assert clock.expire(table, clock.waiting_on(table))
    assert 1 in table.stood_in and clock.benched == {1}  # two in a row: the bot keeps the seat
    assert clock.waiting_on(table) is None
    Host(table).joined(1)  # the person is back (their screen said hello)
    clock.acted(1)
    assert 1 not in table.stood_in and not clock.benched and not clock.misses
