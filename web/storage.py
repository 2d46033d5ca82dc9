"""Reading and writing what the table keeps in ``localStorage`` — pure functions.

Why pure: storage is where a browser table breaks in the wild (old versions,
hand-edited values, private mode, full quotas).  Every check lives here, on
plain strings and dicts, so it is tested on CPython without a browser
(``tests/test_storage.py``); the PyScript glue only moves strings in and out.

Two keys, validated independently so that one broken value never takes the
other down:

``burkozel.settings``  the menu: format, difficulty, combinations, speed;
``burkozel.match``     the match in progress: its rules, seed and every move.

Each value carries ``"v"`` (the schema version).  A value from an older
version is migrated when :data:`MIGRATIONS` knows how, otherwise dropped with
a notice; a value from a newer version is dropped (we cannot know its shape).
"""

from __future__ import annotations

import json
from typing import Any, Callable

import texts

SETTINGS_KEY = "burkozel.settings"
MATCH_KEY = "burkozel.match"
SCHEMA = 1

FORMATS = ("pairs", "four", "three")
LEVELS = ("easy", "medium", "hard")
SPEEDS = ("normal", "fast")
COMBOS = ("golden_moscow", "bura", "four_ends", "molodka", "moscow", "small_moscow")
KINDS = ("lead", "beat", "discard")
RANKS = "6789TJQKA"
SUITS = "CDHS"
MAX_SEED = 2**53 - 1
MAX_ROUNDS = 200
MAX_MOVES_PER_ROUND = 64  # 36 cards, at least one per move

DEFAULT_SETTINGS: dict[str, Any] = {
    "format": "pairs",
    "difficulty": "medium",
    "combos": {c: True for c in COMBOS},
    "speed": "normal",
}

# version -> function taking that version's dict and returning the next version's.
# Schema 1 is the first published one; older data (no "v") cannot be read.
MIGRATIONS: dict[int, Callable[[dict], dict]] = {}


def default_settings() -> dict[str, Any]:
    return {**DEFAULT_SETTINGS, "combos": dict(DEFAULT_SETTINGS["combos"])}


def _parse(raw: Any) -> tuple[Any, bool]:
    """JSON text → value; ``(None, False)`` for absent, ``(None, True)`` for garbage
    (anything that is not a JSON object counts as garbage)."""
    if raw is None or raw == "":
        return None, False
    if not isinstance(raw, str):
        return None, True
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):
        return None, True
    return (value, False) if isinstance(value, dict) else (None, True)


def _migrate(data: dict) -> dict | None:
    """Bring ``data`` to :data:`SCHEMA`, or ``None`` if that is impossible."""
    v = data.get("v")
    if type(v) is not int:
        return None
    while v < SCHEMA:
        step = MIGRATIONS.get(v)
        if step is None:
            return None
        data = step(data)
        v = data.get("v")
        if type(v) is not int:
            return None
    return data if v == SCHEMA else None


# --- settings ---------------------------------------------------------------


def load_settings(raw: Any) -> tuple[dict[str, Any], list[str]]:
    """The menu settings from stored text, and notices for the player.

    Valid fields are kept, broken or missing ones take their defaults, unknown
    keys are ignored; anything that was not as expected earns one notice.
    """
    settings = default_settings()
    data, garbage = _parse(raw)
    if garbage or (data is not None and not isinstance(data, dict)):
        return settings, [texts.NOTICE_SETTINGS_BROKEN]
    if data is None:
        return settings, []
    migrated = _migrate(data)
    if migrated is None:
        return settings, [texts.NOTICE_SETTINGS_BROKEN]
    data = migrated
    clean = True
    for key, allowed in (("format", FORMATS), ("difficulty", LEVELS), ("speed", SPEEDS)):
        value = data.get(key)
        if isinstance(value, str) and value in allowed:
            settings[key] = value
        else:
            clean = False
    combos = data.get("combos")
    if isinstance(combos, dict):
        for combo in COMBOS:
            value = combos.get(combo)
            if isinstance(value, bool):
                settings["combos"][combo] = value
            else:
                clean = False
        if set(combos) - set(COMBOS):
            clean = False
    else:
        clean = False
    if set(data) - {"v", "format", "difficulty", "speed", "combos"}:
        clean = False
    return settings, ([] if clean else [texts.NOTICE_SETTINGS_PARTIAL])


def dump_settings(settings: dict[str, Any]) -> str:
    return json.dumps({"v": SCHEMA, "format": settings["format"], "difficulty": settings["difficulty"],
                       "combos": {c: bool(settings["combos"].get(c)) for c in COMBOS},
                       "speed": settings["speed"]}, ensure_ascii=False, separators=(",", ":"))


# --- the match in progress ----------------------------------------------------------


def _is_card(value: Any) -> bool:
    return isinstance(value, str) and len(value) == 2 and value[0] in RANKS and value[1] in SUITS


def _is_move(item: Any, players: int) -> bool:
    """``[seat, {"lead": ["AS"]}]`` with a plausible seat and cards."""
    if not isinstance(item, list) or len(item) != 2:
        return False
    seat, move = item
    if type(seat) is not int or not 0 <= seat < players:
        return False
    if not isinstance(move, dict) or len(move) != 1:
        return False
    kind, cards = next(iter(move.items()))
    return (kind in KINDS and isinstance(cards, list) and len(cards) <= 4
            and all(_is_card(c) for c in cards))


def load_match(raw: Any) -> tuple[dict[str, Any] | None, list[str]]:
    """The saved match (structurally valid, not yet replayed) and notices.

    Whether the moves still replay under the rules is for the controller to
    find out (``game.Table.restore``); here only the shape is checked.
    """
    data, garbage = _parse(raw)
    if data is None and not garbage:
        return None, []
    if garbage or not isinstance(data, dict):
        return None, [texts.NOTICE_MATCH_BROKEN]
    if type(data.get("v")) is int and data["v"] != SCHEMA and _migrate(data) is None:
        return None, [texts.NOTICE_MATCH_OLD]
    data = _migrate(data)
    if data is None:
        return None, [texts.NOTICE_MATCH_BROKEN]
    fmt = data.get("format")
    combos = data.get("combos")
    level = data.get("difficulty")
    seed = data.get("seed")
    rounds = data.get("rounds")
    clearing = data.get("clearing", False)
    ok = (
        isinstance(fmt, str) and fmt in FORMATS
        and isinstance(combos, list) and all(isinstance(c, str) and c in COMBOS for c in combos)
        and len(set(combos)) == len(combos)
        and isinstance(level, str) and level in LEVELS
        and type(seed) is int and 0 <= seed <= MAX_SEED
        and isinstance(rounds, list) and 1 <= len(rounds) <= MAX_ROUNDS
        and isinstance(clearing, bool)
    )
    if ok:
        players = 3 if fmt == "three" else 4
        ok = all(isinstance(r, list) and len(r) <= MAX_MOVES_PER_ROUND and all(_is_move(m, players) for m in r)
                 for r in rounds)
    if not ok:
        return None, [texts.NOTICE_MATCH_BROKEN]
    return {"format": fmt, "combos": list(combos), "difficulty": level, "seed": seed,
            "rounds": rounds, "clearing": clearing}, []


def dump_match(saved: dict[str, Any]) -> str:
    return json.dumps({"v": SCHEMA, **saved}, ensure_ascii=False, separators=(",", ":"))


# --- URL parameters ---------------------------------------------------------------------


def parse_params(query: str) -> dict[str, Any]:
    """``?speed=instant&seed=7&autoplay=1&matches=20`` → validated options.

    Unknown or malformed parameters are ignored: a URL must never break the page.
    """
    from urllib.parse import parse_qs

    out: dict[str, Any] = {"speed": None, "seed": None, "autoplay": False, "matches": None}
    try:
        params = parse_qs(query.lstrip("?"), keep_blank_values=False)
    except ValueError:
        return out
    speed = params.get("speed", [None])[-1]
    if speed in ("normal", "fast", "instant"):
        out["speed"] = speed
    seed = params.get("seed", [None])[-1]
    if seed is not None and seed.isdigit() and len(seed) <= 15 and int(seed) <= MAX_SEED:
        out["seed"] = int(seed)
    out["autoplay"] = params.get("autoplay", ["0"])[-1] in ("1", "true", "yes")
    matches = params.get("matches", [None])[-1]
    if matches is not None and matches.isdigit() and 0 < int(matches) <= 10_000:
        out["matches"] = int(matches)
    return out
