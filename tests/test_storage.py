"""The table's saved data: every kind of bad storage opens with defaults and a
notice, keeping what is still valid (issue #6)."""

from __future__ import annotations

import json

import webpath  # noqa: F401

import storage
import texts


def test_nothing_stored_gives_defaults_silently():
    settings, notices = storage.load_settings(None)
    assert settings == storage.default_settings()
    assert notices == []
    assert storage.load_match(None) == (None, [])
    assert storage.load_match("") == (None, [])


def test_settings_round_trip():
    s = storage.default_settings()
    s.update(format="three", difficulty="hard", speed="fast")
    s["combos"]["bura"] = False
    loaded, notices = storage.load_settings(storage.dump_settings(s))
    assert loaded == s and notices == []


def test_garbage_settings():
    for raw in ("{not json", "[1, 2]", "42", '"pairs"', "null", "true", 5):
        settings, notices = storage.load_settings(raw)
        assert settings == storage.default_settings()
        assert notices == [texts.NOTICE_SETTINGS_BROKEN], raw


def test_wrong_types_keep_the_valid_fields():
    raw = json.dumps({"v": 1, "format": "three", "difficulty": 3, "speed": "warp",
                      "combos": {"bura": False, "moscow": "yes"}})
    settings, notices = storage.load_settings(raw)
    assert settings["format"] == "three"
    assert settings["difficulty"] == "medium" and settings["speed"] == "normal"
    assert settings["combos"]["bura"] is False and settings["combos"]["moscow"] is True
    assert notices == [texts.NOTICE_SETTINGS_PARTIAL]


def test_unknown_and_missing_keys():
    raw = json.dumps({"v": 1, "format": "four", "volume": 11})
    settings, notices = storage.load_settings(raw)
    assert settings["format"] == "four"
    assert notices == [texts.NOTICE_SETTINGS_PARTIAL]


def test_other_versions_of_settings_are_dropped():
    for v in (0, 2, 99, "1", None):
        settings, notices = storage.load_settings(json.dumps({"v": v, "format": "three"}))
        assert settings == storage.default_settings()
        assert notices == [texts.NOTICE_SETTINGS_BROKEN]


def test_migration_hook(monkeypatch):
    monkeypatch.setitem(storage.MIGRATIONS, 0, lambda d: {**d, "v": 1, "format": d.pop("fmt")})
    settings, _ = storage.load_settings(json.dumps({"v": 0, "fmt": "three"}))
    assert settings["format"] == "three"


GOOD_MATCH = {"v": 1, "format": "three", "combos": ["bura"], "difficulty": "easy", "seed": 7,
              "rounds": [[[1, {"lead": ["6C"]}], [2, {"discard": []}]]], "clearing": False}


def test_match_round_trip():
    saved, notices = storage.load_match(json.dumps(GOOD_MATCH))
    assert notices == []
    assert saved == {k: v for k, v in GOOD_MATCH.items() if k != "v"}
    assert json.loads(storage.dump_match(saved)) == GOOD_MATCH


def bad(**changes):
    data = {**GOOD_MATCH, **changes}
    return json.dumps({k: v for k, v in data.items() if v is not ...})


def test_broken_matches_are_dropped_with_a_notice():
    cases = [
        "{oops", "[]", "7",
        bad(format="five"), bad(combos="bura"), bad(combos=["bura", "bura"]), bad(combos=["x"]),
        bad(difficulty="god"), bad(seed=-1), bad(seed=1.5), bad(seed="7"), bad(seed=True),
        bad(rounds=[]), bad(rounds={}), bad(rounds=[[[3, {"lead": ["6C"]}]]]),
        bad(rounds=[[[0, {"lead": ["1X"]}]]]), bad(rounds=[[[0, {"play": ["6C"]}]]]),
        bad(rounds=[[[0, {"lead": "6C"}]]]), bad(rounds=[[[0, {"lead": ["6C"], "beat": []}]]]),
        bad(rounds=[[0]]), bad(clearing="yes"), bad(format=...), bad(seed=...), bad(v=...),
    ]
    for raw in cases:
        saved, notices = storage.load_match(raw)
        assert saved is None, raw
        assert notices == [texts.NOTICE_MATCH_BROKEN], raw


def test_matches_of_other_versions_say_so():
    for v in (0, 2, 99):
        saved, notices = storage.load_match(bad(v=v))
        assert saved is None and notices == [texts.NOTICE_MATCH_OLD]


def test_url_parameters():
    p = storage.parse_params("?speed=instant&seed=42&autoplay=1&matches=20")
    assert p == {"speed": "instant", "seed": 42, "autoplay": True, "matches": 20}
    p = storage.parse_params("?speed=ludicrous&seed=-3&autoplay=maybe&matches=0&x=%ZZ")
    assert p == {"speed": None, "seed": None, "autoplay": False, "matches": None}
    assert storage.parse_params("")["seed"] is None
    assert storage.parse_params("?seed=99999999999999999999")["seed"] is None
