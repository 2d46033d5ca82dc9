"""Play with a friend, without a browser: the host is the
authority.  Whole matches are played through the messages a guest's screen
would get and send; every message to the guest is read for any card its seat
may not know at that moment, illegal or stale requests change nothing, and a
guest away over a minute gets a stand-in bot that leaves when they are back."""

from __future__ import annotations

import json
import random

import pytest

import webpath  # noqa: F401
from burkozel import fair
from hostplay import GUEST, OVER, WAIT, host_step

from table.i18n import languages
from table.match import seats as seat_menu, storage
from table.p2p import peer
from table.p2p.peer import Guest, Host, HostTable
from table.view import render

GUEST_KEYS = {"v", "t", "seq", "seat", "format", "players", "names", "phase", "view", "stand_ins", "speed",
              "bot_level", "at", "answers", "match", "fair", "standing"}


def host_table(fmt: str, seed: int = 5, seats: list[str] | None = None, level: str = "easy") -> HostTable:
    settings = storage.default_settings()
    settings["format"] = fmt
    settings["difficulty"] = level
    if fmt == "bura_pot":
        settings["tables"][fmt]["switches"]["dave"] = True
        seat_menu.apply_change(settings, "players", str(len(seats or ()) or 3))
    if seats is not None:
        settings["seats"][fmt] = [{"kind": k, "name": f"Игрок {i}"} for i, k in enumerate(seats)]
    table = HostTable(settings, speed="instant", seed=7_340_011 + seed)  # a seed no message could hold by chance
    table.new_match()
    return table


def hidden_in(text: str, table: HostTable, seat: int) -> set[str]:
    """Cards ``seat`` may not know now that appear in ``text`` (as card codes)."""
    return {str(c) for c in table.match.round.unknown_to(seat) if f'"{c}"' in text}


class Wire:
    """A host and one guest, every message to the guest checked as it is sent."""

    def __init__(self, table: HostTable, seat: int) -> None:
        self.table = table
        self.host = Host(table)
        self.seat = seat
        self.guest = Guest()
        self.messages: list[str] = []
        self.host.joined(seat)
        self.host.receive(seat, self.guest.hello("Гость"))

    def deliver(self, replies=()) -> None:
        for seat, text in list(replies) + self.host.outbox():
            assert seat == self.seat
            data = json.loads(text)
            assert set(data) <= GUEST_KEYS
            leaked = hidden_in(text, self.table, seat)
            assert not leaked, f"message to seat {seat} holds {leaked}"
            m = self.table.match  # neither the secret nor the key of the deal in play (nor the next)
            assert all(k not in text for k in (self.table.info.secret, m.key_for(m.round_no).hex(),
                                               m.key_for(m.round_no + 1).hex()))
            if data["t"] == peer.STATE:  # the answers to a «даве»: the public moves, as the host's table reads them
                assert data["answers"] == self.table.answers()
            self.messages.append(text)
            self.guest.receive(text)
            for out in self.guest.outbox():  # its value for the deal about to be dealt
                self.send(out)

    def send(self, text: str) -> None:
        self.deliver(self.host.receive(self.seat, text))


def play_match(wire: Wire, rng: random.Random, max_rounds: int = 3) -> int:
    """Play until the match ends (or ``max_rounds`` deals); the guest by its own
    screen's buttons, the host's person by random legal moves.  Returns guest moves."""
    t = wire.table
    guest_moves = 0
    for _ in range(5000):
        wire.deliver()
        step = host_step(t, rng, max_rounds)
        if step == OVER or (step == WAIT and wire.guest.swapped):  # (a guest that stopped sends no value)
            return guest_moves
        if step == GUEST:
            assert t.match.to_act == wire.seat and wire.guest.my_turn()
            move = rng.choice(wire.guest.view().legal_moves)
            wire.send(peer.dump(peer.MOVE, move=move.to_dict(), seq=wire.guest.seq))
            guest_moves += 1
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("fmt,seat", [("duel", 1), ("bura31", 1), ("pairs", 2), ("bura_pot", 1)])
def test_whole_matches_never_show_the_guest_a_hidden_card(fmt, seat):
    for seed in range(3):
        table = host_table(fmt, seed=seed)
        assert table.remote_seats == (seat,)
        wire = Wire(table, seat)
        moves = play_match(wire, random.Random(seed))
        assert moves > 3  # (at a pot a guest that folds plays little)
        assert len(wire.messages) > moves
        # The guest's screen was the seat's own view each time (the hand it was dealt, its seat).
        assert wire.guest.state["seat"] == seat
        assert wire.guest.display()["seat"] == seat


def raised_by_a_bot(players: int = 4) -> Wire:
    """A pot table («даве» on) with the host at seat 0, a guest at seat 1 and
    bots at the others, where a bot has just said «даве» (the guest never does)."""
    for seed in range(40):
        wire = Wire(host_table("bura_pot", seed=seed, seats=["human", "human"] + ["bot"] * (players - 2),
                               level="medium"), 1)
        t = wire.table
        rng = random.Random(seed)
        for _ in range(600):
            wire.deliver()
            moves = t.rounds[-1] if t.rounds else []
            if moves and "dave" in moves[-1][1] and moves[-1][0] >= 2 and t.phase() == "play" \
                    and not any("fold" in m[1] for m in moves):  # the deal's first raise, all still in
                return wire
            step = host_step(t, rng, max_rounds=3)
            if step == OVER:
                break
            if step == GUEST:
                move = rng.choice([m for m in wire.guest.view().legal_moves if m.kind != "dave"])
                wire.send(peer.dump(peer.MOVE, move=move.to_dict(), seq=wire.guest.seq))
    raise AssertionError("no bot said «даве»")


def test_the_guest_sees_the_answers_to_a_bots_dave_and_the_host_sees_the_guests():
    wire = raised_by_a_bot()
    t, guest = wire.table, wire.guest
    raiser = t.rounds[-1][-1][0]
    stake = t.match.view(0).stake
    words = languages.for_lang("ru")
    said: list[tuple[int, int | None]] = []
    while t.match.to_act != raiser:
        seat = t.match.to_act
        if seat == 0:
            assert t.play_for(0, peer.Move.from_dict({"accept": True})) is None
        elif seat == 1:
            assert guest.my_turn() and guest.ui()["actions"]["fold"]["enabled"]
            wire.send(guest.act("fold"))
        else:
            t.run_timer(t.next_timer()[0])
        answer = t.rounds[-1][-1]
        assert answer[0] == seat
        said.append((seat, stake // 2 if "accept" in answer[1] else None))
        wire.deliver()
        # Both screens read the same answers, drawn by the same functions with each one's names.
        for view, ui in ((t.display(), t.ui()), (guest.display(), guest.ui())):
            assert ui["answers"] == {"raiser": raiser, "said": [list(a) for a in said]}
            out = render.regions(view, ui)
            names = ui["names"]
            line = words.answers_line(names[raiser], [(names[s], chips) for s, chips in said])
            assert line in out["trick"]
            for rel in range(1, len(names)):
                at = (view["seat"] + rel) % len(names)
                markup = out[f"seat-{rel}"]
                assert (words.accepted_tag(stake // 2) in markup) == ((at, stake // 2) in said)
                assert (words.FOLDED_TAG in markup) == ((at, None) in said)
    assert (0, stake // 2) in said and (1, None) in said
    # The host's screen names the guest's fold as the guest's own screen names it «Вы».
    host_line = render.regions(t.display(), t.ui())["trick"]
    assert t.names[1] in host_line and words.YOU in render.regions(guest.display(), guest.ui())["trick"]


def test_pairs_with_two_people_and_two_bots_seat_the_friend_where_the_menu_says():
    table = host_table("pairs", seats=["human", "bot", "bot", "human"])
    assert table.remote_seats == (3,)
    assert set(table.bots) == {1, 2}
    assert table.people == (0,) and not table.hot_seat
    wire = Wire(table, 3)
    assert play_match(wire, random.Random(1), max_rounds=1) > 3


def test_the_guest_draws_its_own_seat_at_the_bottom():
    table = host_table("pairs")
    wire = Wire(table, 2)
    wire.deliver()
    view, ui = wire.guest.display(), wire.guest.ui()
    assert ui["positions"][2] == "bottom" and ui["positions"][0] == "top"
    assert ui["names"][2] == "Вы" and ui["names"][0] != "Вы"
    markup = render.regions(view, ui)
    for card in view["hand"]:
        assert f'data-card="{card}"' in markup["hand"]
    hand0 = {str(c) for c in table.match.view(0).hand}
    assert not any(f'"{c}"' in "".join(markup.values()) for c in hand0)


def test_a_guest_reads_the_seats_default_names_in_its_own_language_and_typed_names_as_typed():
    """A Russian host's seats «Запад», «Восток» are "West", "East" on an English guest's page
    (its table and its phrases' list), «Захід», «Схід» on a Ukrainian one; a typed name stays."""
    settings = storage.default_settings()
    settings["format"] = "pairs"
    settings["seats"]["pairs"] = [{"kind": "human", "name": "Аня"}, {"kind": "human", "name": "Запад"},
                                  {"kind": "human", "name": "Север"}, {"kind": "bot", "name": "Восток"}]
    table = HostTable(settings, speed="instant", seed=7_340_011)
    table.new_match()
    for lang, west, east in (("en", "West", "East"), ("uk", "Захід", "Схід"), ("ru", "Запад", "Восток")):
        wire = Wire(table, 2)
        wire.guest = Guest(lang)
        wire.host.joined(2)
        wire.host.receive(2, wire.guest.hello(""))
        wire.deliver()
        assert wire.guest.state["names"][1] == "Запад"  # as the host's table calls it
        assert wire.guest.names() == ["Аня", west, languages.for_lang(lang).YOU, east]
        assert wire.guest.ui()["seat_names"] == ("Аня", west, "Гость", east)  # (the guest named itself)


def pot_key(markup: dict[str, str]) -> tuple[str, str]:
    """The pot's match and deal as the screen marks them for web/page/chips.js."""
    import re

    box = re.search(r'id="pot-box" data-match="([^"]*)" data-deal="(\d+)"', "".join(markup.values()))
    assert box, "no pot drawn"
    return box.group(1), box.group(2)


def test_the_guests_pot_tells_a_new_match_from_the_next_deal_as_the_hosts_does():
    """Coins fly by difference between drawings of one match: the guest's screen is told the
    host's match key, so a new match there does not fly coins from the old stacks — and the
    key is a count, never the seed (which deals every card)."""
    table = host_table("bura_pot")
    wire = Wire(table, 1)
    wire.deliver()
    host_key = lambda: pot_key(render.regions(table.display(), table.ui()))  # noqa: E731
    guest_key = lambda: pot_key(render.regions(wire.guest.display(), wire.guest.ui()))  # noqa: E731
    first = guest_key()
    assert first == host_key() and first[0] == str(table.matches_started)  # a count, nothing of the secret
    play_match(wire, random.Random(3), max_rounds=2)
    table.next_round()
    wire.deliver()
    assert guest_key() == host_key() and guest_key()[0] == first[0] and guest_key()[1] != first[1]
    table.new_match()
    wire.deliver()
    assert guest_key() == host_key() and guest_key()[0] != first[0]
    table.seed_override = 7  # the same seed twice deals the same secret: another match all the same
    table.new_match()
    wire.deliver()
    secret, key = table.info.secret, guest_key()[0]
    table.new_match()
    wire.deliver()
    assert table.info.secret == secret and guest_key() == host_key() and guest_key()[0] != key


def test_while_a_trick_is_shown_the_guest_sees_what_the_host_sees():
    table = host_table("duel", seed=3)
    wire = Wire(table, 1)
    rng = random.Random(2)
    t = table
    for _ in range(200):
        wire.deliver()
        if t.phase() == "clearing":
            host_view, guest_view = t.display(), wire.guest.display()
            public = [[{k: v for k, v in p.items() if k != "own"} for p in view["trick"]["plays"]]
                      for view in (host_view, guest_view)]
            assert public[0] == public[1]  # the faces of one's own discard stay one's own (``own``)
            assert all("own" not in p for p in guest_view["trick"]["plays"] if p["seat"] != 1)
            assert host_view["trick"]["winner"] == guest_view["trick"]["winner"]
            assert host_view["stock"] == guest_view["stock"]
            assert host_view["hand_sizes"] == guest_view["hand_sizes"]
            return
        to_act = t.match.to_act
        if to_act == 0:
            t.play_for(0, rng.choice(t.match.view(0).legal_moves))
        else:
            wire.send(peer.dump(peer.MOVE, move=rng.choice(wire.guest.view().legal_moves).to_dict(),
                                seq=wire.guest.seq))
    raise AssertionError("no trick was finished")


def guest_to_act(fmt: str = "duel") -> Wire:
    table = host_table(fmt, seed=8)
    wire = Wire(table, 1)
    wire.deliver()  # the guest's value: the deal is dealt
    rng = random.Random(0)
    while table.match.to_act != 1:
        table.play_for(0, rng.choice(table.match.view(0).legal_moves))
    wire.deliver()
    assert wire.guest.my_turn()
    return wire


def test_illegal_stale_and_garbled_requests_change_nothing():
    wire = guest_to_act()
    t = wire.table
    before = list(t.match.moves)
    theirs = str(t.match.view(0).hand[0])
    seq = wire.guest.seq
    for text, code in [
        (peer.dump(peer.MOVE, move={"lead": [theirs]}, seq=seq), "not_in_hand"),  # a card of the host's hand
        (peer.dump(peer.MOVE, move=wire.guest.view().legal_moves[0].to_dict(), seq=seq - 1), "stale"),
        (peer.dump(peer.MOVE, move={"lead": ["ZZ"]}, seq=seq), "bad_move"),
        (peer.dump(peer.MOVE, move="AS", seq=seq), "bad_move"),
    ]:
        replies = wire.host.receive(1, text)
        assert len(replies) == 1 and json.loads(replies[0][1])["t"] == "refused", text
        if code != "not_in_hand":
            assert json.loads(replies[0][1])["code"] == code
        assert t.match.moves == before
    for junk in ["", "[]", "{", '{"v":2,"t":"move"}', json.dumps({"v": 1, "t": "state"}), "x" * 100_000]:
        assert wire.host.receive(1, junk) == []
        assert t.match.moves == before
    # A seat that is not a guest's cannot be played from outside.
    assert wire.host.receive(0, peer.dump(peer.MOVE, move={"lead": [theirs]}, seq=1)) == []
    assert t.match.moves == before


def test_one_move_per_state_even_on_a_double_click():
    wire = guest_to_act()
    wire.guest.toggle(str(wire.guest.view().hand[0]))
    first = wire.guest.act("lead") or wire.guest.act("beat") or wire.guest.act("discard")
    assert first is not None
    assert not wire.guest.my_turn()
    assert wire.guest.act("discard") is None


def test_a_guest_away_over_a_minute_is_replaced_by_a_bot_and_takes_the_seat_back():
    wire = guest_to_act()
    t, host = wire.table, wire.host
    host.left(1, now=100.0)
    assert host.due(100.0) == peer.AWAY_LIMIT_S
    assert not host.tick(100.0 + peer.AWAY_LIMIT_S - 1)
    assert t.next_timer() is None  # the table waits for the guest's move
    assert host.tick(100.0 + peer.AWAY_LIMIT_S)
    assert t.stood_in == {1} and t.next_timer()[0] == "bot"
    moves = len(t.match.moves)
    t.run_timer("bot")
    assert len(t.match.moves) == moves + 1  # the stand-in played the seat
    host.joined(1)
    assert t.stood_in == set() and 1 not in t.bots
    rng = random.Random(4)
    while t.match.to_act != 1 and t.phase() == "play":
        t.play_for(0, rng.choice(t.match.view(0).legal_moves)) if t.match.to_act == 0 else t.run_timer("clear")
    if t.phase() == "play":
        assert t.next_timer() is None  # the guest's turn is the guest's again
    wire.deliver()
    assert wire.guest.state["stand_ins"] == []


def test_a_returning_guest_gets_the_whole_state_again():
    wire = guest_to_act()
    host = wire.host
    host.left(1, now=0.0)
    assert host.outbox() == []  # nothing goes to a guest who is away
    host.joined(1)
    out = host.outbox()
    assert len(out) == 1 and json.loads(out[0][1])["view"]["seat"] == 1
    assert host.outbox() == []  # and nothing twice


def test_the_guest_name_is_cleaned():
    table = host_table("duel")
    host = Host(table)
    host.joined(1)
    host.receive(1, peer.dump(peer.HELLO, name="  <b>Маша</b>  "))
    assert table.seat_names()[1] == "bМаша/b"
    assert table.names[0] == "Вы"


def test_a_guest_told_by_another_version_says_so():
    guest = Guest()
    assert guest.receive(json.dumps({"v": peer.PROTOCOL + 1, "t": "state"}))
    assert "версии" in guest.ui()["message"]
    assert not Guest().receive("not json")


def test_a_reloaded_host_page_resumes_the_match_as_pass_and_play():
    """The host's page saves its match like any other; if it reloads, the
    guests' seats come back as people at this device (their links are gone)."""
    wire = guest_to_act()
    data = wire.table.saved()
    assert data is not None and data["seats"][1]["kind"] == "human"
    table = peer.Table(wire.table.settings, speed="instant")
    assert table.restore(json.loads(json.dumps(data)))
    assert table.people == (0, 1) and table.hot_seat
    assert table.match.moves == wire.table.match.moves


def test_a_guest_asks_for_the_deal_just_finished_and_a_broken_answer_is_dropped():
    """«Разобрать раздачу» on a friend's device (the same-Wi-Fi link too): the host answers
    with every step of the deal as the guest's seat saw it — no card it never saw, and the
    link of that deal by its own key (no later deal follows from it) — and the guest keeps it;
    a deal whose steps do not read (a seat that does not exist, a card that is not one, a
    count too big, a link that is no link) is dropped whole."""
    table = host_table("duel", seed=2)
    wire = Wire(table, 1)
    play_match(wire, random.Random(2), max_rounds=1)
    assert table.phase() == "round_end"
    assert wire.guest.finished() is None
    replies = wire.host.receive(1, wire.guest.ask_deal())
    assert len(replies) > 1 and all(len(text) < 2_500 for _, text in replies)  # parts a relay takes
    for seat, text in replies:
        assert seat == 1 and not hidden_in(text, table, 1)
        assert wire.guest.finished() is None
        changed = wire.guest.receive(text)
    assert changed
    deal = wire.guest.finished()
    assert deal is not None and f"key={table.match.key_for(0).hex()}" in deal["share"]
    assert len(wire.guest.review_frames()) == len(table.rounds[-1]) + 1
    assert wire.host.receive(1, peer.dump(peer.ASK, what="everything")) == []
    good = json.loads(replies[0][1])
    good["frames"] = [f for _, text in replies for f in json.loads(text)["frames"]]
    for broken in ({"mover": 7}, {"held": ["ZZ"]}, {"held": "AS"}, {"trick": {"plays": []}},
                   {"trick": {**(good["frames"][-1]["trick"] or {}), "winner": 5}}):
        wire.guest.deal = None
        frames = [dict(good["frames"][0], **broken)] + good["frames"][1:]
        assert not wire.guest.receive(peer.dump(peer.DEAL, at=good["at"], share=None, frames=frames, part=0, parts=1))
        assert wire.guest.finished() is None
    assert not wire.guest.receive(peer.dump(peer.DEAL, at=good["at"], share="?table=nope", frames=good["frames"],
                                            part=0, parts=1))
    for part, parts in ((1, 1), (-1, 2), ("0", 1), (0, 10**6)):  # parts that cannot be
        assert not wire.guest.receive(peer.dump(peer.DEAL, at=good["at"], share=None, frames=good["frames"],
                                                part=part, parts=parts))


# --- a deck nobody chooses alone -------------------------------------------------------------


@pytest.mark.parametrize("fmt,seat", [("duel", 1), ("pairs", 2), ("bura_pot", 1)])
def test_an_honest_host_passes_every_guest_check_over_whole_deals(fmt, seat):
    """Each deal waits for the guest's value, is dealt from the host's part and that value,
    and once over the guest's page checks the reveal: every deal passes."""
    table = host_table(fmt, seed=1)
    wire = Wire(table, seat)
    assert table.phase() == peer.KEYING and table.display() is None  # no card before the value
    play_match(wire, random.Random(4), max_rounds=3)
    dealt = len(table.match.rounds) - (0 if table.match.round.is_over else 1)
    assert len(wire.guest.checked) == dealt >= 2 and not wire.guest.swapped
    for r, values in table.revealed.items():
        (s, value), = values
        deck = fair.deck_of(fair.joint_key(fair.deal_key(table.match.secret, r), [bytes.fromhex(value)]))
        assert s == seat and table.match.rounds[r].deck == deck
        assert wire.guest.values[(table.match_key, r)][1].hex() == value  # the guest's own value


@pytest.mark.parametrize("tamper", ["part", "values", "commit"])
def test_a_guest_catches_a_host_that_swaps_the_deck(tamper):
    """A host that reveals another part than it committed to, other values than the guest
    sent, or changes its commitment once the values are asked for: the guest's table stops
    with «Хозяин стола подменил колоду», and plays no more."""
    table = host_table("duel", seed=2)
    honest = table.fair_facts

    def forged() -> dict | None:
        facts = honest()
        if facts is None:
            return None
        if tamper == "part" and "part" in facts:
            facts["part"] = fair.deal_key(table.match.secret, 99).hex()
        if tamper == "values" and "values" in facts:
            facts["values"] = [[s, fair.new_secret().hex()] for s, _ in facts["values"]]
        if tamper == "commit" and table.match.round_no == 1:
            facts["commit"] = fair.commitment(fair.new_secret())
        return facts

    table.fair_facts = forged
    wire = Wire(table, 1)
    play_match(wire, random.Random(5), max_rounds=3)
    guest = wire.guest
    assert guest.swapped and guest.message == guest.texts.FAIR_HOST_SWAPPED
    assert not guest.my_turn() and guest.ui()["prompt"] == guest.texts.FAIR_HOST_SWAPPED
    assert "Хозяин стола подменил колоду" in guest.texts.FAIR_HOST_SWAPPED or guest.texts.LANG != "ru"
    assert not guest.receive(wire.messages[-1])  # nothing more is drawn


def test_a_value_not_of_the_agreed_size_is_refused_and_the_deal_waits():
    table = host_table("duel", seed=3)
    host = Host(table)
    guest = Guest()
    host.joined(1)
    host.receive(1, guest.hello("Гость"))
    secret, round_no = table.match.secret, table.match.round_no
    for bad in ("ab" * 31, "AB" * 32, 7, None, "zz" * 32):
        replies = host.receive(1, peer.dump(peer.VALUE, deal=0, value=bad))
        assert replies and json.loads(replies[0][1])["code"] == "bad_value"
        assert table.phase() == peer.KEYING and table.match.round_no == round_no and table.match.secret == secret
    guest.receive(host.outbox()[-1][1])
    guest.receive(peer.dump(peer.REFUSED, code="bad_value", seq=None))
    assert guest.message == guest.texts.FAIR_VALUE_REFUSED
    for text in guest.outbox():
        host.receive(1, text)
    assert table.phase() == "play"
    # A stand-in bot's seat gets the host's part: a guest gone for good holds no deal up.
    table.next_round() if table.phase() == "round_end" else None
    other = host_table("duel", seed=4)
    other.stand_in(1)
    assert other.phase() == "play" and other.revealed[0] == [[1, fair.deal_key(other.match.secret, 0).hex()]]


def test_the_guest_and_the_host_make_one_screen_state():
    """Both screens are one typed value (``ScreenState``), which the renderer reads;
    the guest's says the same of the public table as the host's own screen would
    from the guest's seat."""
    from dataclasses import FrozenInstanceError, fields

    from table.match.screen import ScreenState

    table = host_table("pairs")
    wire = Wire(table, 2)
    wire.deliver()
    guest, host = wire.guest.ui(), table.ui()
    assert isinstance(guest, ScreenState) and isinstance(host, ScreenState)
    assert set(guest) == set(host) == {f.name for f in fields(ScreenState)}
    assert guest.guest and not host.guest
    assert (guest.phase, guest.players, guest.format, guest.round_no) == (host.phase, host.players, host.format,
                                                                          host.round_no)
    assert guest.positions == host.positions[2:] + host.positions[:2]  # each at the bottom of its own screen
    with pytest.raises(FrozenInstanceError):
        guest.names = ()
