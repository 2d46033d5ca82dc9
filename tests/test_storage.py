"""The table's saved data: every kind of bad storage opens with defaults and a
notice, keeping what is still valid."""

from __future__ import annotations

import json

import webpath  # noqa: F401

from burkozel import FORMATS, Match, Move, TableRules
from table.i18n import languages
from table.match import house, record, seats, storage
from table.match.record import MatchInfo
from table.match.table import Table

texts = languages.for_lang("ru")

# Written by the table as it was before the two-player tables (schema 1, commit 935f6b7):
# a match of pairs half-way through its first round, the last trick still on the table.
V1_MATCH = (
    '{"v":1,"format":"pairs","combos":["golden_moscow","bura","four_ends","molodka","moscow"],"difficulty":"medium",'
    '"seed":424242,"rounds":[[[1,{"lead":["QC","KC","AC"]}],[2,{"discard":["7H","JS","KH"]}],[3,{"discard":["8S",'
    '"TS","6D"]}],[0,{"discard":["7D","TD","AH"]}],[1,{"lead":["6H","9H"]}],[2,{"beat":["8H","JH"]}],[3,{"discard":'
    '["9C","9S"]}],[0,{"discard":["QH","7S"]}],[2,{"lead":["8C"]}],[3,{"discard":["6C"]}],[0,{"beat":["TC"]}],'
    '[1,{"beat":["AD"]}],[1,{"lead":["KD"]}],[2,{"discard":["JC"]}],[3,{"discard":["QS"]}],[0,{"discard":["8D"]}],'
    '[1,{"lead":["6S"]}],[2,{"beat":["JD"]}],[3,{"beat":["QD"]}],[0,{"discard":["7C"]}]]],"clearing":true}'
)
V1_SETTINGS = ('{"v":1,"format":"three","difficulty":"medium","combos":{"golden_moscow":true,"bura":true,'
               '"four_ends":true,"molodka":true,"moscow":true,"small_moscow":false},"speed":"normal"}')

# Written by the table of the layout before web/ had rooms (schema 2, commit 23c13fc): the settings
# of a pass-and-play duel in English, and that match nine moves in, the device due to go to Bob.
V2_SETTINGS = (
    '{"v":2,"lang":"en","format":"duel","difficulty":"hard","speed":"fast","tables":{"pairs":{"combos":{"golden_mos'
    'cow":true,"bura":true,"four_ends":true,"molodka":true,"moscow":true,"small_moscow":true}},"four":{"combos":{"g'
    'olden_moscow":true,"bura":true,"four_ends":true,"molodka":true,"moscow":true,"small_moscow":true}},"three":{"c'
    'ombos":{"golden_moscow":true,"bura":true,"four_ends":true,"molodka":true,"moscow":true,"small_moscow":true}},"'
    'duel":{"combos":{"golden_moscow":true,"bura":true,"four_ends":true,"molodka":true,"moscow":true,"small_moscow"'
    ':false},"discard":"closed"},"bura31":{"combos":{"moscow":false,"molodka":false},"discard":"open"}},"seats":{"p'
    'airs":[{"kind":"human","name":"Юг"},{"kind":"bot","name":"Запад"},{"kind":"bot","name":"Север"},{"kind":"bot",'
    '"name":"Восток"}],"four":[{"kind":"human","name":"Юг"},{"kind":"bot","name":"Запад"},{"kind":"bot","name":"Сев'
    'ер"},{"kind":"bot","name":"Восток"}],"three":[{"kind":"human","name":"Юг"},{"kind":"bot","name":"Запад"},{"kin'
    'd":"bot","name":"Восток"}],"duel":[{"kind":"human","name":"Ann"},{"kind":"human","name":"Bob"}],"bura31":[{"ki'
    'nd":"human","name":"Юг"},{"kind":"bot","name":"Север"}]}}'
)
V2_MATCH = (
    '{"v":2,"format":"duel","combos":["golden_moscow","bura","four_ends","molodka","moscow"],"discard":"closed","di'
    'fficulty":"hard","seed":1097127993,"rounds":[[[1,{"lead":["QH"]}],[0,{"discard":["9D"]}],[1,{"lead":["8S"]}],['
    '0,{"beat":["QS"]}],[0,{"lead":["KS"]}],[1,{"discard":["TH"]}],[0,{"lead":["AS"]}],[1,{"discard":["TS"]}],[0,{"'
    'lead":["6C"]}]]],"clearing":false,"seats":[{"kind":"human","name":"Ann"},{"kind":"human","name":"Bob"}]}'
)


def test_nothing_stored_gives_defaults_silently():
    settings, notices = storage.load_settings(None)
    assert settings == storage.default_settings()
    assert notices == []
    assert storage.load_match(None) == (None, [])
    assert storage.load_match("") == (None, [])


def test_defaults_come_from_the_rule_sets():
    s = storage.default_settings()
    assert set(s["tables"]) == set(FORMATS) == {"pairs", "four", "three", "duel", "bura31", "bura_pot", "bura5"}
    for fmt, table in FORMATS.items():
        mine = s["tables"][fmt]
        assert list(mine["combos"]) == list(table.all_combo_ids)
        assert storage.chosen_combos(s, fmt) == table.default_combos
        assert mine["discard"] == table.discard_faces[0]
    assert storage.chosen_combos(s, "duel") == ("golden_moscow", "bura", "four_ends", "molodka", "moscow")
    assert storage.chosen_combos(s, "bura31") == () and s["tables"]["bura31"]["discard"] == "open"
    assert s["tables"]["duel"]["discard"] == "closed"


def test_settings_round_trip():
    s = storage.default_settings()
    s.update(format="three", difficulty="hard", speed="fast")
    s["tables"]["three"]["combos"]["bura"] = False
    s["tables"]["bura31"]["combos"]["moscow"] = True
    s["tables"]["bura31"]["discard"] = "closed"
    s["tables"]["duel"]["discard"] = "open"
    loaded, notices = storage.load_settings(storage.dump_settings(s))
    assert loaded == s and notices == []


def test_each_table_keeps_its_own_switches():
    s = storage.default_settings()
    s["tables"]["pairs"]["combos"]["small_moscow"] = False
    s["tables"]["duel"]["combos"]["small_moscow"] = True
    loaded, _ = storage.load_settings(storage.dump_settings(s))
    assert storage.chosen_combos(loaded, "pairs") == ("golden_moscow", "bura", "four_ends", "molodka", "moscow")
    assert storage.chosen_combos(loaded, "four") == FORMATS["four"].combo_ids
    assert storage.chosen_combos(loaded, "duel") == FORMATS["duel"].combo_ids


def test_settings_of_schema_1_migrate():
    """Schema 1 had one set of switches for the three tables it knew: each of them keeps it."""
    settings, notices = storage.load_settings(V1_SETTINGS)
    assert notices == []
    assert settings["format"] == "three" and settings["difficulty"] == "medium"
    for fmt in ("pairs", "four", "three"):
        assert storage.chosen_combos(settings, fmt) == ("golden_moscow", "bura", "four_ends", "molodka", "moscow")
    assert settings["tables"]["duel"] == storage.table_defaults("duel")
    assert settings["tables"]["bura31"] == storage.table_defaults("bura31")


def test_a_switch_of_another_table_or_a_wrong_face_is_dropped():
    raw = json.dumps({"v": 2, "format": "bura31", "difficulty": "easy", "speed": "normal",
                      "tables": {"bura31": {"combos": {"moscow": True, "bura": False}, "discard": "sideways"},
                                 "poker": {"combos": {}}}})
    settings, notices = storage.load_settings(raw)
    assert settings["format"] == "bura31"
    assert settings["tables"]["bura31"] == {"combos": {c: c == "moscow" for c in FORMATS["bura31"].all_combo_ids},
                                            "discard": "open", "house": house.defaults("bura31")}
    assert notices == [texts.NOTICE_SETTINGS_PARTIAL]


def test_garbage_settings():
    for raw in ("{not json", "[1, 2]", "42", '"pairs"', "null", "true", 5):
        settings, notices = storage.load_settings(raw)
        assert settings == storage.default_settings()
        assert notices == [texts.NOTICE_SETTINGS_BROKEN], raw


def test_wrong_types_keep_the_valid_fields():
    for v, tables in ((1, None), (2, {"three": {"combos": {"bura": False, "moscow": "yes"}}})):
        data = {"v": v, "format": "three", "difficulty": 3, "speed": "warp"}
        data.update({"combos": {"bura": False, "moscow": "yes"}} if tables is None else {"tables": tables})
        settings, notices = storage.load_settings(json.dumps(data))
        assert settings["format"] == "three"
        assert settings["difficulty"] == "medium" and settings["speed"] == "normal"
        three = settings["tables"]["three"]["combos"]
        assert three["bura"] is False and three["moscow"] is True
        assert notices == [texts.NOTICE_SETTINGS_PARTIAL]


def test_unknown_and_missing_keys():
    raw = json.dumps({"v": 1, "format": "four", "volume": 11})
    settings, notices = storage.load_settings(raw)
    assert settings["format"] == "four"
    assert notices == [texts.NOTICE_SETTINGS_PARTIAL]


def test_other_versions_of_settings_are_dropped():
    for v in (0, 3, 99, "1", None):
        settings, notices = storage.load_settings(json.dumps({"v": v, "format": "three"}))
        assert settings == storage.default_settings()
        assert notices == [texts.NOTICE_SETTINGS_BROKEN]


def test_migration_hook(monkeypatch):
    monkeypatch.setitem(storage.MIGRATIONS, 0, lambda d: {**d, "v": 1, "format": d.pop("fmt"), "combos": {}})
    settings, _ = storage.load_settings(json.dumps({"v": 0, "fmt": "three"}))
    assert settings["format"] == "three"


GOOD_MATCH = {"v": 2, "format": "three", "combos": ["bura"], "discard": "closed", "difficulty": "easy", "seed": 7,
              "rounds": [[[0, {"lead": ["6C"]}], [1, {"discard": []}]]], "clearing": False}
BURA_MATCH = {"v": 2, "format": "bura31", "combos": ["moscow"], "discard": "open", "difficulty": "hard", "seed": 4,
              "rounds": [[[0, {"lead": ["6C", "7C", "8C"]}], [1, {"discard": []}], [0, {"declare": True}]]],
              "clearing": False}
"""Matches as the table saves them, whose moves replay (seed 7 deals 6C to seat 0 at трое, and
at Бура seed 4 seat 0 leads 6C 7C 8C, takes the trick and may declare)."""


def test_match_round_trip():
    for match in (GOOD_MATCH, BURA_MATCH):
        saved, notices = storage.load_match(json.dumps(match))
        assert notices == []
        assert saved == {k: v for k, v in match.items() if k != "v"}
        assert json.loads(storage.dump_match(saved)) == match


def test_a_match_of_schema_1_migrates_and_resumes():
    """A match saved before the upgrade loads (closed discards, as those tables had)
    and replays to the very position it was saved in."""
    saved, notices = storage.load_match(V1_MATCH)
    assert notices == []
    assert saved["format"] == "pairs" and saved["discard"] == "closed" and len(saved["rounds"][0]) == 20
    table = Table(storage.default_settings(), seed=1)
    assert table.restore(saved) and not table.notices
    assert table.phase() == "clearing"
    view = table.view()
    assert [str(c) for c in view.hand] == ["AS"] and view.points == 5 and table.match.to_act == 3
    # Written back as the engine writes a match: each move's cards in the canonical order.
    assert table.saved() == {**saved, "rounds": [[[seat, Move.from_dict(m).to_dict()] for seat, m in r]
                                                 for r in saved["rounds"]]} != saved
    assert json.loads(storage.dump_match(table.saved()))["v"] == storage.SCHEMA == 2


def test_a_save_of_schema_2_resumes_where_it_was_left():
    """Settings and a match saved by the table before its modules moved into
    packages load without a notice, write back byte for byte, and the match
    replays to the very position it was saved in: the hand-over to Bob first."""
    settings, notices = storage.load_settings(V2_SETTINGS)
    written = json.loads(storage.dump_settings(settings))
    for key in ("tables", "seats"):  # a table newer than the save joins with its defaults
        del written[key]["bura_pot"], written[key]["bura5"]
    assert [written.pop(key) for key in storage.SIGNALS] == [True, True]  # and so do switches newer than it
    assert notices == [] and json.dumps(written, ensure_ascii=False, separators=(",", ":")) == V2_SETTINGS
    assert settings["lang"] == "en" and [s.name for s in seats.chosen(settings, "duel")] == ["Ann", "Bob"]
    saved, notices = storage.load_match(V2_MATCH)
    assert notices == [] and storage.dump_match(saved) == V2_MATCH
    table = Table(settings, seed=1)
    assert table.restore(saved) and not table.notices
    assert table.phase() == "play" and table.handover() == "Bob"
    assert table.confirm_handover() and table.viewer == 1 and table.match.to_act == 1
    view = table.view()
    assert sorted(str(c) for c in view.hand) == sorted(["TC", "TD", "6H", "KH"]) and view.points == 3
    assert table.names == ("Ann", "You")
    assert storage.dump_match(table.saved()) == V2_MATCH


def bad(**changes):
    data = {**GOOD_MATCH, **changes}
    return json.dumps({k: v for k, v in data.items() if v is not ...})


def test_broken_matches_are_dropped_with_a_notice():
    cases = [
        "{oops", "[]", "7",
        bad(format="five"), bad(combos="bura"), bad(combos=["bura", "bura"]), bad(combos=["x"]),
        bad(difficulty="god"), bad(seed=-1), bad(seed=1.5), bad(seed="7"), bad(seed=True),
        bad(rounds=[]), bad(rounds={}),
        bad(rounds=[[[0, {"lead": ["1X"]}]]]), bad(rounds=[[[0, {"play": ["6C"]}]]]),
        bad(rounds=[[[0, {"lead": "6C"}]]]), bad(rounds=[[[0, {"lead": ["6C"], "beat": []}]]]),
        bad(rounds=[[0]]), bad(clearing="yes"), bad(format=...), bad(seed=...), bad(v=...),
        bad(discard="open"), bad(discard=...),
        bad(format="bura31", combos=["bura"], discard="open"),
        bad(format="bura31", combos=[], discard="open", rounds=[[[0, {"declare": 1}]]]),
    ]
    for raw in cases:
        saved, notices = storage.load_match(raw)
        assert saved is None, raw
        assert notices == [texts.NOTICE_MATCH_BROKEN], raw


def test_a_save_whose_moves_break_a_rule_does_not_fit_the_rules():
    """Moves that read but that the engine refuses: a seat not to act, «31» at a
    table without it, a lead of more cards than a hand holds."""
    cases = [
        bad(rounds=[[[3, {"lead": ["6C"]}]]]), bad(rounds=[[[1, {"lead": ["6D"]}]]]),
        bad(rounds=[[[0, {"declare": True}]]]), bad(rounds=[[[0, {"lead": ["6C", "7C", "8C", "9C", "TC"]}]]]),
        bad(format="duel", combos=["bura"], rounds=[[[2, {"lead": ["6C"]}]]]),
        bad(format="bura31", combos=[], discard="open", rounds=[[[0, {"lead": ["6C", "7C", "8C", "9C"]}]]]),
    ]
    for raw in cases:
        assert storage.load_match(raw) == (None, [texts.NOTICE_MATCH_REPLAY]), raw


def test_matches_of_other_versions_say_so():
    for v in (0, 3, 99):
        saved, notices = storage.load_match(bad(v=v))
        assert saved is None and notices == [texts.NOTICE_MATCH_OLD]


def test_url_parameters():
    p = storage.parse_params("?speed=instant&seed=42&autoplay=1&matches=20")
    assert p == {"speed": "instant", "seed": 42, "autoplay": True, "matches": 20}
    p = storage.parse_params("?speed=ludicrous&seed=-3&autoplay=maybe&matches=0&x=%ZZ")
    assert p == {"speed": None, "seed": None, "autoplay": False, "matches": None}
    assert storage.parse_params("")["seed"] is None
    assert storage.parse_params("?seed=99999999999999999999")["seed"] is None


def _pot_table_in_a_raise() -> Table:
    """A table for a pot with «даве» on, played by bots' first moves until someone has raised."""
    settings, _ = storage.load_settings(None)
    settings["format"] = "bura_pot"
    settings["tables"]["bura_pot"]["switches"]["dave"] = True
    table = Table(settings, speed="instant", seed=11)
    table.new_match()
    while not (table.view().raiser is not None and table.human_to_act()):
        if table.match.round.is_over:  # (a бура can end a deal as it is dealt)
            table.clearing = False  # the taken trick off the table, then the next deal
            table.next_round()
            continue
        view = table.match.view(table.match.to_act)
        move = next((m for m in view.legal_moves if m.kind == "dave"), view.legal_moves[-1])
        table._push(view.seat, move)
    return table


def test_a_pot_save_resumes_in_the_middle_of_a_raise_with_its_chips():
    table = _pot_table_in_a_raise()
    raw = storage.dump_match(table.saved())
    saved, notices = storage.load_match(raw)
    assert notices == []
    again = Table(storage.load_settings(None)[0], speed="instant")
    assert again.restore(saved)
    assert again.match.chips == table.match.chips and again.match.pot == table.match.pot
    assert again.view().raiser == table.view().raiser
    assert again.actions()["accept"]["enabled"] and again.actions()["fold"]["enabled"]
    assert not again.actions()["lead"]["enabled"]


def test_a_pot_save_whose_chips_do_not_add_up_is_refused_plainly():
    table = _pot_table_in_a_raise()
    saved = table.saved()
    for chips, pot in ((saved["chips"][:1] + [-5] + saved["chips"][2:], saved["pot"]),
                       (saved["chips"], saved["pot"] + 1), (saved["chips"], -1)):
        loaded, notices = storage.load_match(storage.dump_match({**saved, "chips": chips, "pot": pot}))
        assert loaded is None and notices == [texts.NOTICE_MATCH_CHIPS]
    # Chips that add up but that the moves do not reach: the engine's replay refuses them.
    moved = [saved["chips"][0] - 5, saved["chips"][1] + 5] + saved["chips"][2:]
    loaded, notices = storage.load_match(storage.dump_match({**saved, "chips": moved}))
    assert loaded is None and notices == [texts.NOTICE_MATCH_BROKEN]
    assert not Table(storage.load_settings(None)[0], speed="instant").restore({**saved, "chips": moved})
    # The settings are another key: nothing there is touched.
    assert storage.load_settings(storage.dump_settings(table.settings))[0]["format"] == "bura_pot"


def test_the_engines_record_is_kept_with_the_rules_off_their_defaults_and_read_back():
    match = Match(TableRules("bura_pot", players=5, dave=True), seed=9)
    match.push(match.round.legal_moves[0])
    saved = record.saved_of(MatchInfo("bura_pot", match.rules.combos, "easy", 9, dave=True), match, False)
    assert (saved["players"], saved["dave"]) == (5, True) and "stack" not in saved and "ante" not in saved
    resumed, befores = record.resume(json.loads(storage.dump_match(saved)))
    assert resumed.to_dict() == match.to_dict() and [v.seat for v in befores] == [0, 1, 2, 3, 4]
    assert befores[0].to_act == match.moves[0][0] and befores[0].trick is None


def test_the_device_switches_are_kept_and_a_bad_one_is_dropped():
    """«Звук» and «Вибрация» are saved as they were set; one that is not a boolean takes its
    default with a notice, and the rest of the settings stay."""
    settings = storage.default_settings()
    assert all(settings[key] is True for key in storage.SIGNALS)
    settings["sound"] = False
    again, notices = storage.load_settings(storage.dump_settings(settings))
    assert notices == [] and again["sound"] is False and again["vibrate"] is True
    raw = json.loads(storage.dump_settings({**settings, "format": "duel"}))
    raw["vibrate"] = "yes"
    broken, notices = storage.load_settings(json.dumps(raw))
    assert notices == [texts.NOTICE_SETTINGS_PARTIAL]
    assert broken["vibrate"] is True and broken["sound"] is False and broken["format"] == "duel"
