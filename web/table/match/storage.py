"""Reading and writing what the table keeps in ``localStorage`` — pure functions.

Why pure: storage is where a browser table breaks in the wild (old versions,
hand-edited values, private mode, full quotas).  Every check lives here or in
the engine, on plain strings and dicts, so it is tested on CPython
(``tests/test_storage.py``); the glue only moves strings in and out.

The settings and the match are two keys validated independently, so one
broken value never takes the other down; each carries ``"v"``, migrated by
:data:`MIGRATIONS` or dropped with a notice (web/README.md, «What the table
keeps»).  What a table offers is read from ``burkozel.rules.FORMATS`` and a
saved match is judged by replaying it in the engine: no rule is restated here.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from table.match import house, record, seats
from table.i18n import languages
from table.i18n.languages import DEFAULT_TEXTS as texts
from burkozel import FORMATS, HouseRules, IllegalMoveError, TableRules
from burkozel.round import check_chips
from burkozel.bots import LEVELS

SETTINGS_KEY = "burkozel.settings"
MATCH_KEY = "burkozel.match"
ONLINE_HOST_KEY = "burkozel.online-host"
"""The host's online match (its rooms and seats), kept so that a reload goes on with it."""
SCHEMA = 2

SPEEDS = ("normal", "fast")
"""The speeds the menu offers and a save keeps (``?speed=instant`` is the URL's alone: :data:`table.match.table.PAUSES`)."""
SIGNALS = ("sound", "vibrate")
"""The device's own on/off switches, on by default: sound (``web/page/sound.js``) and a short
vibration on the player's turn at a table with people (``web/page/cues.js``)."""
MAX_SEED = 2**53 - 1
"""The largest seed kept and linked exactly (a page's numbers are doubles)."""
OLD_FORMATS = ("pairs", "four", "three")
"""The tables of schema 1, which had one set of combination switches for all three."""


def table_switches(fmt: str) -> tuple[str, ...]:
    """A table's on/off switches besides the combinations: at a pot, «даве» (a rule)
    and «считать в уме» (the player's own points not shown)."""
    return ("dave", "count_in_head") if FORMATS[fmt].has_pot else ()


def table_defaults(fmt: str) -> dict[str, Any]:
    """One table's own switches as the rule set defines them."""
    table = FORMATS[fmt]
    out = {"combos": {c: c in table.default_combos for c in table.all_combo_ids},
           "discard": table.discard_faces[0]}
    if table_switches(fmt):
        out["switches"] = dict.fromkeys(table_switches(fmt), False)
    if len(seats.seat_counts(fmt)) > 1:
        out["players"] = table.players
    if house.defaults(fmt):
        out["house"] = house.defaults(fmt)
    return out


def switch_on(settings: dict[str, Any], name: str, fmt: str | None = None) -> bool:
    """Whether table ``fmt``'s switch ``name`` is on (off where the table has none)."""
    return bool(table_settings(settings, fmt).get("switches", {}).get(name))


def default_settings(lang: str = languages.DEFAULT) -> dict[str, Any]:
    """The settings of a first visit; ``lang``: the browser's language (``languages.lang_for_browser``)."""
    return {"lang": lang, "format": "pairs", "difficulty": "medium", "speed": "normal",
            "tables": {fmt: table_defaults(fmt) for fmt in FORMATS}, "seats": seats.default_settings(),
            **dict.fromkeys(SIGNALS, True)}


def table_settings(settings: dict[str, Any], fmt: str | None = None) -> dict[str, Any]:
    """The switches of table ``fmt`` (the chosen one by default)."""
    return settings["tables"][fmt or settings["format"]]


def chosen_combos(settings: dict[str, Any], fmt: str | None = None) -> tuple[str, ...]:
    """The combinations switched on for ``fmt``, in the table's priority order."""
    fmt = fmt or settings["format"]
    on = table_settings(settings, fmt)["combos"]
    return tuple(c for c in FORMATS[fmt].all_combo_ids if on.get(c))


def chosen_house(settings: dict[str, Any], fmt: str | None = None) -> HouseRules:
    """The house rules chosen for ``fmt`` (``web/table/match/house.py``)."""
    return house.rules_of(table_settings(settings, fmt).get("house"))


def _settings_v1_to_v2(data: dict) -> dict:
    """Schema 1 had one ``combos`` dict for pairs, four and three (and no other
    table): each of the three gets a copy; the new tables start from their defaults."""
    out = {k: v for k, v in data.items() if k != "combos"}
    out["v"] = 2
    if "combos" in data:
        out["tables"] = {fmt: {"combos": data["combos"]} for fmt in OLD_FORMATS}
    return out


def _match_v1_to_v2(data: dict) -> dict:
    """Schema 1 matches were of pairs, four or three, whose discards were always closed."""
    return {**data, "v": 2, "discard": "closed"}


# version -> function taking that version's dict and returning the next version's.
# Schema 1 is the first published one; older data (no "v") cannot be read.
MIGRATIONS: dict[int, Callable[[dict], dict]] = {1: _settings_v1_to_v2}
MATCH_MIGRATIONS: dict[int, Callable[[dict], dict]] = {1: _match_v1_to_v2}


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


def _migrate(data: dict, steps: dict[int, Callable[[dict], dict]]) -> dict | None:
    """Bring ``data`` to :data:`SCHEMA`, or ``None`` if that is impossible."""
    v = data.get("v")
    if type(v) is not int:
        return None
    while v < SCHEMA:
        step = steps.get(v)
        if step is None:
            return None
        data = step(data)
        v = data.get("v")
        if type(v) is not int:
            return None
    return data if v == SCHEMA else None


# --- settings ---------------------------------------------------------------


def _load_table(fmt: str, data: Any, out: dict[str, Any]) -> bool:
    """Fill ``out`` (table ``fmt``'s defaults) from stored ``data``; whether all was clean."""
    if not isinstance(data, dict):
        return False
    table = FORMATS[fmt]
    clean = not set(data) - {"combos", "discard", "switches", "players", *out.keys() & {"house"}}
    if "house" in out and "house" in data:
        clean = house.load(fmt, data["house"], out["house"]) and clean
    if "players" in out and "players" in data:
        if type(data["players"]) is int and data["players"] in seats.seat_counts(fmt):
            out["players"] = data["players"]
        else:
            clean = False
    switches = data.get("switches", {})
    if isinstance(switches, dict):
        for name in table_switches(fmt):
            if isinstance(switches.get(name), bool):
                out["switches"][name] = switches[name]
        clean = clean and not set(switches) - set(table_switches(fmt))
    else:
        clean = False
    combos = data.get("combos")
    if isinstance(combos, dict):
        for combo in table.all_combo_ids:
            value = combos.get(combo)
            if isinstance(value, bool):
                out["combos"][combo] = value
            elif combo in table.combo_ids or combo in combos:  # a house combination is kept only when on
                clean = False
        clean = clean and not set(combos) - set(table.all_combo_ids)
        if not house.exclusive_clean(out["combos"]):
            out["combos"] = {c: c in table.default_combos for c in table.all_combo_ids}
            clean = False
    else:
        clean = False
    if "discard" in data:
        if data["discard"] in table.discard_faces:
            out["discard"] = data["discard"]
        else:
            clean = False
    return clean


def load_settings(raw: Any, lang: str = languages.DEFAULT) -> tuple[dict[str, Any], list[str]]:
    """The menu settings from stored text, and notices for the player.

    Valid fields are kept, broken or missing ones take their defaults, unknown
    keys are ignored; anything that was not as expected earns one notice.  A
    table missing from ``tables`` keeps its defaults silently (a table new in
    this version).  The language is optional (older data has none): without
    it, ``lang`` — the browser's — is taken."""
    settings = default_settings(lang if lang in languages.LANGS else languages.DEFAULT)
    data, garbage = _parse(raw)
    if garbage or (data is not None and not isinstance(data, dict)):
        return settings, [texts.NOTICE_SETTINGS_BROKEN]
    if data is None:
        return settings, []
    migrated = _migrate(data, MIGRATIONS)
    if migrated is None:
        return settings, [texts.NOTICE_SETTINGS_BROKEN]
    data = migrated
    clean = True
    for key, allowed in (("format", tuple(FORMATS)), ("difficulty", LEVELS), ("speed", SPEEDS)):
        value = data.get(key)
        if isinstance(value, str) and value in allowed:
            settings[key] = value
        else:
            clean = False
    tables = data.get("tables")
    if isinstance(tables, dict):
        for fmt, stored in tables.items():
            if fmt in FORMATS:
                clean = _load_table(fmt, stored, settings["tables"][fmt]) and clean
            else:
                clean = False
    else:
        clean = False
    if "seats" in data:
        counts = {fmt: seats.chosen_players(settings, fmt) for fmt in FORMATS}
        clean = seats.load_settings(data["seats"], settings["seats"], counts) and clean
    if "lang" in data:
        if data["lang"] in languages.LANGS:
            settings["lang"] = data["lang"]
        else:
            clean = False
    for key in SIGNALS:  # optional: settings saved before the switches existed have none
        if isinstance(data.get(key, True), bool):
            settings[key] = data.get(key, True)
        else:
            clean = False
    if set(data) - {"v", "lang", "format", "difficulty", "speed", "tables", "seats", *SIGNALS}:
        clean = False
    return settings, ([] if clean else [texts.NOTICE_SETTINGS_PARTIAL])


def dump_settings(settings: dict[str, Any]) -> str:
    tables = {}
    for fmt, table in FORMATS.items():
        mine = table_settings(settings, fmt)
        entry: dict[str, Any] = {"combos": {c: bool(mine["combos"].get(c)) for c in table.combo_ids}}
        entry["combos"].update({c: True for c in table.house_combo_ids if mine["combos"].get(c)})
        if len(table.discard_faces) > 1:
            entry["discard"] = mine.get("discard", table.discard_faces[0])
        if table_switches(fmt):
            entry["switches"] = {k: switch_on(settings, k, fmt) for k in table_switches(fmt)}
        if len(seats.seat_counts(fmt)) > 1:
            entry["players"] = seats.chosen_players(settings, fmt)
        if house.changed(mine.get("house")):  # only what is off its default: older saves write back as they were
            entry["house"] = house.changed(mine.get("house"))
        tables[fmt] = entry
    return json.dumps({"v": SCHEMA, "lang": settings.get("lang", languages.DEFAULT), "format": settings["format"], "difficulty": settings["difficulty"],
                       "speed": settings["speed"], "tables": tables,
                       "seats": {fmt: seats.seats_json(seats.chosen(settings, fmt)) for fmt in FORMATS},
                       **{key: bool(settings.get(key, True)) for key in SIGNALS}},
                      ensure_ascii=False, separators=(",", ":"))


# --- the match in progress ----------------------------------------------------------


def load_match(raw: Any) -> tuple[dict[str, Any] | None, list[str]]:
    """The saved match, checked by replaying it in the engine (``record.resume``), and notices:
    a save that does not read is broken, one whose moves break a rule does not fit the rules.

    What only the table keeps (the bots' level, the seed as a share link writes
    it, the seats, whether a taken trick was on the table) is checked here;
    the rules, the moves and the chips are the engine's to judge.
    """
    saved, _, notices = read_match(raw)
    return saved, notices


def read_match(raw: Any) -> tuple[dict[str, Any] | None, record.Resumed | None, list[str]]:
    """:func:`load_match`, and the replay that checked it (``record.resume``'s), so
    that the table resumes from it instead of replaying the match once more."""
    data, garbage = _parse(raw)
    if data is None and not garbage:
        return None, None, []
    if garbage or not isinstance(data, dict):
        return None, None, [texts.NOTICE_MATCH_BROKEN]
    if type(data.get("v")) is int and data["v"] != SCHEMA and _migrate(data, MATCH_MIGRATIONS) is None:
        return None, None, [texts.NOTICE_MATCH_OLD]
    data = _migrate(data, MATCH_MIGRATIONS)
    if data is None or set(data) - {"v", *record.KEPT, *record.OPTIONAL}:
        return None, None, [texts.NOTICE_MATCH_BROKEN]
    fmt, level, seed, clearing = data.get("format"), data.get("difficulty"), data.get("seed"), data.get("clearing")
    table = FORMATS.get(fmt) if isinstance(fmt, str) else None
    players = data.get("players", table.players if table is not None else None)
    players_ok = table is not None and type(players) is int and players in seats.seat_counts(fmt)
    seated, seats_ok = (), True
    if players_ok and "seats" in data:
        seated, seats_ok = seats.parse_seats(fmt, data["seats"], players)
        seats_ok = seats_ok and len(data["seats"]) == players
    # A match is dealt by its secret (checked by the engine), or by a seed saved before deals had keys.
    seed_ok = (type(seed) is int and 0 <= seed <= MAX_SEED) if "secret" not in data else seed is None
    turn = data.get("turn", 0)
    turn_ok = type(turn) is int and players_ok and 0 <= turn < players
    if not (players_ok and isinstance(level, str) and level in LEVELS and seed_ok
            and isinstance(clearing, bool) and seats_ok and turn_ok):
        return None, None, [texts.NOTICE_MATCH_BROKEN]
    saved = {k: v for k, v in data.items() if k != "v"}
    try:
        rules = TableRules.from_dict(record.match_data(saved)["rules"])
    except ValueError:
        # A house rule the table lacks, an unknown one or a value it does not take: said as such.
        return None, None, [texts.NOTICE_MATCH_HOUSE if "house" in saved else texts.NOTICE_MATCH_BROKEN]
    if rules.table.has_pot or "chips" in data or "pot" in data:
        try:
            check_chips(rules, data.get("chips"), data.get("pot"))
        except ValueError:
            return None, None, [texts.NOTICE_MATCH_CHIPS]
    try:
        resumed = record.resume(saved)
    except IllegalMoveError:
        return None, None, [texts.NOTICE_MATCH_REPLAY]
    except ValueError:
        return None, None, [texts.NOTICE_MATCH_BROKEN]
    if "seats" in saved:
        saved["seats"] = seats.seats_json(seated)
    return saved, resumed, []


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
