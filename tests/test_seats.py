"""Seats on CPython (pass-and-play): the seat model (``web/table/match/seats.py``),
its place in the saved settings and match, whose view the table draws, and the
hand-over between two people sharing one device."""

from __future__ import annotations

import json
import random
import re

import pytest

import webpath  # noqa: F401

from burkozel import FORMATS, Match, Move
from table.match import seats, storage
from table.view import render
from table.i18n import languages
from table.match.seats import BOT, HUMAN, Seat
from table.match.table import Table

texts = languages.for_lang("ru")


def people_settings(fmt: str, people: dict[int, str], difficulty: str = "easy") -> dict:
    """Menu settings for ``fmt`` with persons at the seats of ``people`` (seat → typed name)."""
    s = storage.default_settings()
    s.update(format=fmt, difficulty=difficulty)
    for seat, name in people.items():
        if seat:
            assert seats.apply_change(s, f"seat-{seat}", HUMAN)
        seats.apply_change(s, f"seat-name-{seat}", name)
    return s


def private_markup(table: Table) -> str:
    """Everything the renderer would put into the page now."""
    return "".join(render.regions(table.display(), table.ui()).values())


def pick(table: Table, rng: random.Random) -> None:
    """The person to act chooses a random legal move by clicks."""
    view = table.view()
    move = rng.choice(view.legal_moves)
    table.clear_selection()
    for c in move.cards:
        assert table.toggle(str(c))
    assert table.act(move.kind) is None, table.message


def advance(table: Table, rng: random.Random) -> None:
    """One step of a match with every hand-over confirmed at once."""
    if table.handover() is not None:
        assert table.confirm_handover()
        return
    due = table.next_timer()
    if due is not None:
        assert table.run_timer(due[0])
    elif table.phase() == "play":
        pick(table, rng)
    else:
        assert table.next_round()


# --- the model ------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_single_play_is_the_default_seating(fmt):
    seated = seats.default_seats(fmt)
    assert len(seated) == FORMATS[fmt].players
    assert seats.people(seated) == (0,)
    assert [s.kind for s in seated[1:]] == [BOT] * (len(seated) - 1)
    # Default names: where each seat sits, distinct, and declinable in the table's sentences.
    names = [s.name for s in seated]
    assert len(set(names)) == len(names)
    assert all(n in texts.SEAT_GENITIVE for n in names)


def test_a_typed_name_is_cleaned():
    assert seats.clean_name("  Аня   Петрова ", "pairs", 1) == "Аня Петрова"
    assert seats.clean_name("<b>Аня</b>", "pairs", 1) == "bАня/b"
    assert seats.clean_name("x" * 40, "pairs", 1) == "x" * seats.NAME_MAX
    for empty in ("", "   ", "\n\t", None, 7, "Вы", "<>"):
        assert seats.clean_name(empty, "pairs", 2) == "Север"


def test_stored_seats_are_checked():
    good = [{"kind": "human", "name": "Аня"}, {"kind": "bot", "name": "Запад"},
            {"kind": "human", "name": "Боря"}, {"kind": "bot", "name": "Восток"}]
    parsed, clean = seats.parse_seats("pairs", good)
    assert clean and parsed == (Seat(HUMAN, "Аня"), Seat(BOT, "Запад"), Seat(HUMAN, "Боря"), Seat(BOT, "Восток"))
    assert seats.seats_json(parsed) == good
    # A wrong length, kind or shape gives defaults there; seat 0 stays a person.
    assert seats.parse_seats("pairs", good[:3]) == (seats.default_seats("pairs"), False)
    broken = [{"kind": "bot", "name": "Аня"}, {"kind": "robot", "name": "x"}, {"kind": "human"}, "bot"]
    parsed, clean = seats.parse_seats("pairs", broken)
    assert not clean
    assert parsed == (Seat(HUMAN, "Аня"),) + seats.default_seats("pairs")[1:]


def test_menu_changes_to_seats():
    s = storage.default_settings()
    s["format"] = "three"
    assert seats.apply_change(s, "seat-2", HUMAN)
    assert seats.apply_change(s, "seat-name-2", " Оля ")
    assert seats.chosen(s) == (Seat(HUMAN, "Юг"), Seat(BOT, "Запад"), Seat(HUMAN, "Оля"))
    # Another table's seats are its own.
    assert seats.chosen(s, "four") == seats.default_seats("four")
    # Refused: seat 0 as a bot, a seat the table does not have, an unknown kind, no change.
    for field, value in (("seat-0", BOT), ("seat-3", HUMAN), ("seat-1", "robot"), ("seat-2", HUMAN),
                         ("seat-x", BOT), ("format", "pairs"), ("seat-name-9", "Я")):
        assert not seats.apply_change(s, field, value), field
    # A bot keeps the typed name for when the seat is a person again.
    assert seats.apply_change(s, "seat-2", BOT)
    assert seats.chosen(s)[2] == Seat(BOT, "Оля")
    assert seats.table_names("three", seats.chosen(s)) == ("Юг", "Запад", "Восток")


# --- storage ----------------------------------------------------------------------------


def test_settings_without_seats_load_cleanly_as_single_play():
    """Settings saved before seats existed (schema 2 without ``seats``, or schema 1)
    load with no notice and single play at every table."""
    v2 = json.loads(storage.dump_settings(storage.default_settings()))
    del v2["seats"]
    v2["format"] = "duel"
    settings, notices = storage.load_settings(json.dumps(v2))
    assert notices == [] and settings["format"] == "duel"
    assert all(seats.chosen(settings, fmt) == seats.default_seats(fmt) for fmt in FORMATS)
    v1 = json.dumps({"v": 1, "format": "three", "difficulty": "hard", "speed": "fast",
                     "combos": {c: False for c in FORMATS["three"].combo_ids}})
    settings, notices = storage.load_settings(v1)
    assert notices == [] and settings["format"] == "three"
    assert seats.chosen(settings, "three") == seats.default_seats("three")


def test_seats_survive_in_the_settings():
    s = people_settings("pairs", {0: "Аня", 2: "Боря"})
    loaded, notices = storage.load_settings(storage.dump_settings(s))
    assert notices == []
    assert seats.chosen(loaded, "pairs") == (Seat(HUMAN, "Аня"), Seat(BOT, "Запад"), Seat(HUMAN, "Боря"),
                                             Seat(BOT, "Восток"))
    # Broken seats: that table's defaults, one notice, the rest kept.
    raw = json.loads(storage.dump_settings(s))
    raw["seats"]["pairs"][2] = {"kind": "alien", "name": "Боря"}
    raw["seats"]["nine"] = []
    loaded, notices = storage.load_settings(json.dumps(raw))
    assert notices == [texts.NOTICE_SETTINGS_PARTIAL]
    assert seats.chosen(loaded, "pairs")[0] == Seat(HUMAN, "Аня") and seats.chosen(loaded, "pairs")[2].kind == BOT


def test_the_saved_match_keeps_its_seats():
    table = Table(people_settings("duel", {0: "Аня", 1: "Боря"}), seed=4)
    table.new_match()
    saved = table.saved()
    assert saved["seats"] == [{"kind": "human", "name": "Аня"}, {"kind": "human", "name": "Боря"}]
    loaded, notices = storage.load_match(storage.dump_match(saved))
    assert notices == [] and loaded == saved
    # Single play saves as it always did, without seats.
    single = Table(people_settings("duel", {}), seed=4)
    single.new_match()
    assert "seats" not in single.saved()
    # Broken seats make the saved match unreadable (its moves depend on who played them).
    broken = {**saved, "seats": [{"kind": "human", "name": "Аня"}]}
    assert storage.load_match(storage.dump_match(broken)) == (None, [texts.NOTICE_MATCH_BROKEN])


# --- whose view, and the hand-over --------------------------------------------------------


def test_single_play_never_hands_over_and_always_draws_seat_0():
    table = Table(people_settings("pairs", {0: "Аня"}), seed=5)
    table.new_match()
    rng = random.Random(5)
    for _ in range(400):
        assert table.handover() is None and table.viewer == 0 and not table.hot_seat
        assert table.names == tuple(texts.SEAT_NAMES["pairs"])
        due = table.next_timer()
        if due is not None:
            table.run_timer(due[0])
        elif table.phase() == "play":
            pick(table, rng)
        elif table.phase() == "round_end":
            table.next_round()
        else:
            break


@pytest.mark.parametrize("fmt,people", [
    ("pairs", {0: "Аня", 2: "Боря"}),
    ("pairs", {0: "Аня", 1: "Боря"}),
    ("duel", {0: "Аня", 1: "Боря"}),
    ("three", {0: "Аня", 1: "Боря", 2: "Вика"}),
    ("bura31", {0: "Аня", 1: "Боря"}),
])
def test_people_pass_the_device_for_a_whole_match(fmt, people):
    """Every step of a match: while a hand-over is due nothing private is drawn and
    nothing moves; after «Я — …» the drawn view is that person's own; the device
    changes hands exactly when a different person is to act, and at each new deal."""
    table = Table(people_settings(fmt, people), seed=8)
    table.new_match()
    assert set(table.people) == set(people) and set(table.bots) == set(range(FORMATS[fmt].players)) - set(people)
    rng = random.Random(fmt)
    handovers = 0
    deals_handed: set[int] = set()
    last_person = None
    for _ in range(6000):
        name = table.handover()
        if name is not None:
            wanted = table.wanted_viewer()
            assert name == people[wanted]
            assert table.phase() in ("play", "clearing")
            assert table.display() is None and table.next_timer() is None
            assert "data-card" not in private_markup(table)
            assert table.ui()["selection"] == () and table.ui()["prompt"] == ""
            assert not table.human_to_act() and table.act("discard") is not None
            assert not any(table.toggle(str(c)) for c in table.match.view(wanted).hand)
            if not any(seat in people for seat, _ in table.rounds[-1]):
                deals_handed.add(table.match.round_no)  # before anyone's first move of a deal
            assert table.confirm_handover() and table.shown == wanted
            assert not table.confirm_handover()
            handovers += 1
            continue
        phase = table.phase()
        viewer = table.viewer
        assert viewer in people
        if phase in ("play", "clearing"):
            assert table.display()["seat"] == viewer == table.shown
            assert table.names[viewer] == "Вы" and table.ui()["seat_names"][viewer] == people[viewer]
        due = table.next_timer()
        if due is not None:
            table.run_timer(due[0])
        elif phase == "play":
            assert table.match.to_act == viewer and table.human_to_act()
            if last_person is not None and last_person != viewer:
                assert handovers > 0
            pick(table, rng)
            last_person = viewer
        elif phase == "round_end":
            # The deal's result, for everyone: every person by name, nobody as «Мы»/«Вы».
            result = render.result_html(table.display(), table.ui())
            assert all(name in result for name in people.values())
            assert ">Мы<" not in result and "Вы " not in result and "ваш" not in result
            table.next_round()
        else:
            assert phase == "match_end"
            break
    else:
        raise AssertionError("match did not end")
    assert handovers > 2 and deals_handed == set(range(table.match.round_no + 1))


def test_the_viewer_stays_while_bots_play_and_changes_only_by_hand_over():
    table = Table(people_settings("pairs", {0: "Аня", 2: "Боря"}), seed=21)
    table.new_match()
    first = table.wanted_viewer()
    assert table.handover() == {0: "Аня", 2: "Боря"}[first]
    table.confirm_handover()
    rng = random.Random(2)
    seen_bot_turn_with_viewer = False
    for _ in range(200):
        if table.handover() is not None:
            break
        if table.phase() == "play" and table.match.to_act in table.bots:
            # A bot's turn: the person who acted last keeps looking.
            assert table.viewer == table.shown and table.display()["seat"] == table.shown
            seen_bot_turn_with_viewer = True
        due = table.next_timer()
        if due is not None:
            table.run_timer(due[0])
        else:
            pick(table, rng)
    assert seen_bot_turn_with_viewer
    # The hand-over goes to the person now to act, who is not the one looking.
    assert table.match.to_act in table.people and table.match.to_act != table.shown


def test_resume_with_two_people_hands_over_first():
    table = Table(people_settings("pairs", {0: "Аня", 2: "Боря"}), seed=33)
    table.new_match()
    rng = random.Random(3)
    for _ in range(30):
        advance(table, rng)
    while table.handover() is not None or table.next_timer() is not None:
        advance(table, rng)
    assert table.phase() == "play"
    looking = table.shown
    before = json.dumps([table.display(), table.actions()], sort_keys=True, default=str)
    saved, notices = storage.load_match(storage.dump_match(table.saved()))
    resumed = Table(storage.default_settings(), seed=1)
    assert notices == [] and resumed.restore(saved)
    assert resumed.people == (0, 2) and resumed.shown is None
    assert resumed.handover() == {0: "Аня", 2: "Боря"}[looking] and resumed.display() is None
    assert resumed.next_timer() is None
    assert resumed.confirm_handover()
    assert json.dumps([resumed.display(), resumed.actions()], sort_keys=True, default=str) == before


def test_resume_during_a_taken_trick_draws_the_hand_before_the_draw():
    """A reload while a finished trick is still shown: the device goes to the
    person who plays next, who then sees their hand as it was before the draw
    and the taken trick, as in single play."""
    table = Table(people_settings("duel", {0: "Аня", 1: "Боря"}), seed=9)
    table.new_match()
    rng = random.Random(9)
    while table.phase() != "clearing":
        advance(table, rng)
    saved = table.saved()
    resumed = Table(storage.default_settings(), seed=1)
    assert resumed.restore(saved) and resumed.phase() == "clearing"
    nxt = resumed.match.to_act
    assert resumed.handover() == {0: "Аня", 1: "Боря"}[nxt]
    resumed.confirm_handover()
    # What that seat saw just before the last move, by replaying all but the last move.
    match = resumed.info.fresh_match()
    for seat, move in saved["rounds"][0][:-1]:
        match.push(Move.from_dict(move), seat)
    before = match.view(nxt)
    last_seat, last_move = saved["rounds"][0][-1]
    played = set(last_move[next(iter(last_move))]) if last_seat == nxt else set()
    shown = resumed.display()
    assert shown["seat"] == nxt and shown["stock"] == before.stock
    assert shown["hand"] == [str(c) for c in before.hand if str(c) not in played]
    assert shown["trick"] == resumed.match.view(nxt).history[-1].to_dict()


def test_play_for_checks_the_seat_and_the_move():
    """``Table.play_for``: a person's move arriving from elsewhere goes through the engine's check."""
    table = Table(people_settings("duel", {0: "Аня", 1: "Боря"}), seed=12)
    table.new_match()
    seat = table.match.to_act
    other = 1 - seat
    view = table.match.view(seat)
    assert table.play_for(other, view.legal_moves[0]) == "not_your_turn"
    foreign = next(c for c in table.match.view(other).hand)
    assert table.play_for(seat, Move.from_dict({"lead": [str(foreign)]})) is not None
    assert table.match.moves == [] and table.rounds == [[]]
    assert table.play_for(seat, view.legal_moves[0]) is None
    assert table.rounds[0][0][0] == seat


def test_a_seat_played_from_elsewhere_waits_for_play_for():
    """A kind of seat that is neither a person here nor a bot (the network play's
    guest): no bot plays it, nobody hands the device to it, the table waits for
    ``play_for``; the saved match keeps it."""
    table = Table(people_settings("duel", {0: "Аня"}), seed=14)
    table.new_match(seating=(Seat(HUMAN, "Аня"), Seat("guest", "Гость")))
    assert table.people == (0,) and table.bots == {} and not table.hot_seat
    rng = random.Random(14)
    guest_moves = 0
    for _ in range(300):
        if table.phase() != "play" and table.next_timer() is None:
            break
        assert table.handover() is None and table.viewer == 0
        if table.phase() == "play" and table.match.to_act == 1:
            assert table.next_timer() is None and not table.human_to_act()
            assert table.play_for(1, rng.choice(table.match.view(1).legal_moves)) is None
            guest_moves += 1
        else:
            advance(table, rng)
    assert guest_moves > 3
    assert table.names == ("Вы", "Гость") and table.seat_names() == ("Аня", "Гость")
    assert table.saved()["seats"][1] == {"kind": "guest", "name": "Гость"}


def test_names_on_the_table_with_two_people():
    table = Table(people_settings("pairs", {0: "Аня", 2: "Боря"}), seed=21)
    table.new_match()
    table.confirm_handover()
    ui = table.ui()
    me = table.viewer
    assert ui["seat_names"] == ("Аня", "Запад", "Боря", "Восток")
    assert ui["names"][me] == "Вы" and ui["bot_seats"] == (1, 3)
    # The viewer sits at the bottom, the others clockwise.
    assert ui["positions"][me] == "bottom" and ui["positions"][(me + 1) % 4] == "left"
    html = private_markup(table)
    partner = {0: "Боря", 2: "Аня"}[me]
    assert f'<span class="seat-name">{partner}</span>' in html and 'class="tag who-me"' in html


def test_sentences_with_typed_names():
    names = ["Вы", "Запад", "Аня", "Восток"]
    assert texts.side_members("pairs", 0, names) == "вы и Аня"
    assert texts.winners_line("pairs", [0], names) == "Победа ваша с игроком Аня!"
    assert texts.winners_line("pairs", [1], names) == "Победили Запад и Восток"
    assert texts.side_label("pairs", 1, names, mine=1) == "Мы"
    assert texts.shout_combo("pairs", "bura", [], "Аня") == "Бура у игрока Аня!"
    assert texts.winners_line("four", [2], names) == "Победил игрок Аня"
    assert texts.deal_end_line("bura31", "declared", 1, 1, [10, 35], ["Юг", "Аня"]).startswith(
        "Игрок Аня объявил «31» (35 очков) — раздача его")
    # The single-play wording is unchanged.
    assert texts.winners_line("pairs", [0]) == "Победа ваша с Севером!"
    assert texts.side_members("pairs", 0) == "вы и Север"


def test_handover_markup_and_menu_seats():
    html = render.handover_html("Аня")
    assert 'id="handover"' in html and "Передайте устройство: Аня" in html and "Я — Аня" in html
    assert 'data-action="handover"' in html and "data-card" not in html
    s = people_settings("pairs", {0: "Аня", 2: "Боря"})
    menu = render.menu_html(s, {"levels": ("easy",)})
    assert 'name="seat-0"' not in menu  # seat 0 is always a person
    for seat, kind in ((1, BOT), (2, HUMAN), (3, BOT)):
        assert f'<select name="seat-{seat}"' in menu
        assert f'<option value="{kind}" selected>' in menu.split(f'name="seat-{seat}"')[1].split("</select>")[0]
    assert 'name="seat-name-0" id="seat-name-0" value="Аня"' in menu
    assert 'name="seat-name-2" id="seat-name-2" value="Боря"' in menu
    assert 'name="seat-name-1"' not in menu


# --- how many sit at the pot table -------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_the_pot_table_seats_as_many_as_the_menu_chose(n):
    s = storage.default_settings()
    s["format"] = "bura_pot"
    assert seats.apply_change(s, "players", str(n)) == (n != 4)
    assert seats.chosen_players(s) == n and len(seats.chosen(s)) == n
    table = Table(s, seed=3, speed="instant")
    table.new_match()
    assert table.match.rules.players == n and len(table.view().hand_sizes) == n
    # Every seat has its own name and its own place on the screen, from the texts of each language.
    for code in languages.LANGS:
        t = languages.for_lang(code)
        assert len(set(t.SEATS_BY_COUNT[n])) == n and len(set(t.PEOPLE_BY_COUNT[n])) == n
    assert len(set(table.positions())) == n and table.positions()[0] == "bottom"
    assert len(table.seat_names()) == n
    menu = render.menu_html(s, {"can_continue": False})
    assert menu.count('class="seat-row"') == n
    assert f'name="players" value="{n}" id="players-{n}" checked' in menu


AVATAR = re.compile(r'<span class="avatar" aria-hidden="true">([^<]*)</span>')


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("lang", languages.LANGS)
def test_every_seat_at_the_pot_has_an_avatar_of_its_own(n, lang):
    """Bots named for the sides of the table («Северо-Запад», «Северо-Восток») or people whose
    names begin alike: each seat on the screen carries letters no other seat has."""
    s = storage.default_settings()
    s.update(format="bura_pot", lang=lang)
    seats.apply_change(s, "players", str(n))
    table = Table(s, seed=3, speed="instant")
    table.new_match()
    marks = AVATAR.findall(private_markup(table))
    assert len(marks) == n - 1 and len(set(marks)) == n - 1, marks
    people = people_settings("bura_pot", {0: "Аня", 1: "Алла", 2: "Анна"})
    people.update(lang=lang)
    seats.apply_change(people, "players", str(max(n, 3)))
    table = Table(people, seed=3, speed="instant")
    table.new_match()
    table.confirm_handover()
    marks = AVATAR.findall(private_markup(table))
    assert len(marks) == max(n, 3) - 1 and len(set(marks)) == len(marks), marks


def test_the_seat_count_is_kept_with_the_settings_and_the_match():
    s = people_settings("bura_pot", {0: "Аня"})
    assert seats.apply_change(s, "players", "6")
    assert seats.apply_change(s, "seat-5", HUMAN) and seats.apply_change(s, "seat-name-5", "Боря")
    loaded, notices = storage.load_settings(storage.dump_settings(s))
    assert notices == [] and seats.chosen_players(loaded, "bura_pot") == 6
    assert [x.name for x in seats.chosen(loaded, "bura_pot")] == ["Аня", "Юго-Запад", "Северо-Запад", "Север",
                                                                 "Северо-Восток", "Боря"]
    # Fewer seats: the people on the seats kept stay, a default name becomes the new seat's.
    assert seats.apply_change(loaded, "players", "3")
    assert [x.name for x in seats.chosen(loaded, "bura_pot")] == ["Аня", "Запад", "Восток"]
    # Not a count of this table, or not a number: nothing changes.
    for bad in ("7", "1", "x", ""):
        assert not seats.apply_change(loaded, "players", bad)
    s["format"] = "pairs"
    assert not seats.apply_change(s, "players", "3")
    # The match: saved with its number, resumed with it.
    s["format"] = "bura_pot"
    table = Table(s, seed=8, speed="instant")
    table.new_match()
    saved = table.saved()
    assert saved["players"] == 6 and len(saved["seats"]) == 6
    back, notices = storage.load_match(storage.dump_match(saved))
    assert notices == [] and back == saved
    again = Table(s, speed="instant")
    assert again.restore(back) and again.match.rules.players == 6
    # A count the table has not, or seats that do not match it: unreadable.
    for wrong in ({**saved, "players": 7}, {**saved, "players": True}, {**saved, "players": 5}):
        assert storage.load_match(storage.dump_match(wrong)) == (None, [texts.NOTICE_MATCH_BROKEN])


def test_a_stored_count_that_is_not_offered_keeps_the_default_with_a_notice():
    s = storage.default_settings()
    data = json.loads(storage.dump_settings(s))
    data["tables"]["bura_pot"]["players"] = 9
    loaded, notices = storage.load_settings(json.dumps(data))
    assert seats.chosen_players(loaded, "bura_pot") == 4 and notices == [texts.NOTICE_SETTINGS_PARTIAL]
    # A single-play save of four (before the count existed) resumes as it was.
    table = Table(s, seed=2, speed="instant")
    s["format"] = "bura_pot"
    table.new_match()
    assert "players" not in table.saved() and table.match.rules.players == 4
