"""«Статистика»: the player's record per table, house rules and bot level, in ``localStorage``
under ``burkozel.stats`` — pure functions on plain dicts and strings.

Why its own key and module: a record is the thing a player least wants to
lose and the thing most likely to be hand-edited or left by another version;
it is validated field by field here, on CPython (``tests/test_teach.py``), and
a broken value never touches the settings or the match in play.  A deal is
recorded once (its id is kept), so a reload on the result dialog does not
count it twice (nor once more after its table's record is reset).

    {"v": 1, "last": "81723/0/2", "tables": {"pairs/hard": {"deals": 12, …, "recent": [[62, 0], [31, 1]]}}}
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Sequence

from burkozel import FORMATS
from burkozel.bots import LEVELS
from burkozel.rules import DECLARED, FALSE_DECLARATION
from table.coach import share

STATS_KEY = "burkozel.stats"
SCHEMA = 1
RECENT = 50
"""Deals kept for the chart."""
COUNTS = ("matches", "matches_won", "deals", "deals_won", "points", "penalties", "declared_true",
          "declared_false", "hints", "streak", "best_streak")
"""The counters of one table and level (all whole numbers from 0)."""
POT_COUNTS = ("pots_won", "chips_won", "dave_raised", "dave_answered")
"""At a table for a pot, besides: pots and chips won, «даве» said and answered.
A record written before them reads them as 0."""
MAX_COUNT = 10**9
MAX_ID = 80
MAX_KEY = 240
"""A record's key at most (a table with every house rule it has off its default fits)."""


def empty() -> dict[str, Any]:
    return {"v": SCHEMA, "last": "", "tables": {}}


def empty_entry() -> dict[str, Any]:
    return {**{k: 0 for k in COUNTS + POT_COUNTS}, "recent": []}


def table_key(fmt: str, level: str, house: dict[str, Any] | None = None) -> str:
    """A record's key: the table, its house rules off their default (``HouseRules.changed()``,
    as a shared deal writes them: ``bura31+match.robber11/hard``) and the bots' level.  Each
    set of house rules keeps a record of its own; with none, the key is as it always was."""
    return f"{fmt}+{share.house_text(house)}/{level}" if house else f"{fmt}/{level}"


def key_parts(key: Any) -> tuple[str, str, dict[str, Any]] | None:
    """(table, level, house rules) of a record's key, or ``None`` if it is not one."""
    if not isinstance(key, str) or key.count("/") != 1 or len(key) > MAX_KEY:
        return None
    table, level = key.split("/")
    fmt, plus, text = table.partition("+")
    if fmt not in FORMATS or level not in LEVELS:
        return None
    house = share.parse_house(fmt, text)
    if house is None or bool(plus) != bool(house) or table_key(fmt, level, house) != key:
        return None
    return fmt, level, house


def valid_key(key: Any) -> bool:
    return key_parts(key) is not None


@dataclass(frozen=True)
class DealOutcome:
    """One finished deal for the player's side: its points and penalty, whether
    it won or shared the top (``Outcome.won``: at a pot, took the pot), its «31»
    (``True`` true, ``False`` false, ``None`` none of the player's) and the hints
    asked during it."""

    points: int
    penalty: int
    won: bool
    declared: bool | None
    hints: int
    chips_won: int | None = None
    """At a pot: the chips the player took (``None``: it did not take the pot)."""
    raised: bool = False
    answered: int = 0
    """«Даве» of others the player answered (accepted, or folded to: it answers no more)."""


def outcome(view: dict[str, Any], hints: int, moves: Sequence[Sequence[Any]] = ()) -> DealOutcome:
    """The outcome of the finished deal in the player's view dict as the table draws it
    (``taken``: what the winner took from the pot); ``moves``: the deal's
    ``[seat, move]`` as recorded, of which the player's accepts and folds are its answers."""
    side = view["side"]
    penalty = view["round_penalties"][side]
    declared = None
    if view.get("ended_by") == view["seat"] and view.get("end") in (DECLARED, FALSE_DECLARATION):
        declared = view["end"] == DECLARED
    seat = view["seat"]
    won = bool(view["deal_won"])  # the engine's verdict (``Outcome.won``)
    chips_won = view.get("taken", 0) if view.get("chips") and won else None
    raised = list(view.get("raised", ()))
    answered = sum(1 for s, move in moves if s == seat and ("accept" in move or "fold" in move))
    return DealOutcome(view["round_points"][side], penalty, won, declared, hints, chips_won,
                       seat in raised, answered)


def record_deal(data: dict[str, Any], key: str, deal_id: str, deal: DealOutcome,
                match_over: bool = False, match_won: bool = False) -> bool:
    """Add ``deal`` (and, with ``match_over``, its match) to ``key``'s record;
    ``False`` if that deal was recorded already."""
    if data["last"] == deal_id:
        return False
    data["last"] = deal_id
    entry = data["tables"].setdefault(key, empty_entry())
    entry["deals"] += 1
    entry["points"] += deal.points
    entry["penalties"] += deal.penalty
    entry["hints"] += deal.hints
    if deal.won:
        entry["deals_won"] += 1
        entry["streak"] += 1
        entry["best_streak"] = max(entry["best_streak"], entry["streak"])
    else:
        entry["streak"] = 0
    if deal.declared is True:
        entry["declared_true"] += 1
    elif deal.declared is False:
        entry["declared_false"] += 1
    if deal.chips_won is not None:
        entry["pots_won"] += 1
        entry["chips_won"] += deal.chips_won
    entry["dave_raised"] += int(deal.raised)
    entry["dave_answered"] += deal.answered
    entry["recent"] = (entry["recent"] + [[deal.points, deal.penalty]])[-RECENT:]
    if match_over:
        entry["matches"] += 1
        entry["matches_won"] += int(match_won)
    return True


def summary(entry: dict[str, Any]) -> dict[str, Any]:
    """What the panel shows: the counters and the mean points per deal."""
    deals = entry["deals"]
    return {**{k: entry.get(k, 0) for k in COUNTS + POT_COUNTS}, "mean_points": round(entry["points"] / deals, 1) if deals else 0.0}


def reset(data: dict[str, Any], key: str) -> None:
    data["tables"].pop(key, None)


def _count(value: Any) -> bool:
    return type(value) is int and 0 <= value <= MAX_COUNT


def _load_entry(value: Any) -> dict[str, Any] | None:
    """One table's record, or ``None`` if any of it is not as written."""
    if not isinstance(value, dict):
        return None
    out = empty_entry()
    for k in COUNTS:
        if not _count(value.get(k)):
            return None
        out[k] = value[k]
    for k in POT_COUNTS:
        if not _count(value.get(k, 0)):
            return None
        out[k] = value.get(k, 0)
    recent = value.get("recent")
    if not isinstance(recent, list) or len(recent) > RECENT:
        return None
    for item in recent:
        if not (isinstance(item, list) and len(item) == 2 and all(_count(x) for x in item)):
            return None
    out["recent"] = [list(x) for x in recent]
    if out["deals_won"] > out["deals"] or out["matches_won"] > out["matches"] or out["best_streak"] < out["streak"]:
        return None
    return out


def load(raw: Any) -> tuple[dict[str, Any], bool]:
    """The record from stored text, and whether anything had to be dropped.
    Absent: empty, nothing dropped.  Garbage, another schema, a broken table
    record: that part is dropped; the valid records of other tables stay."""
    if raw is None or raw == "":
        return empty(), False
    try:
        data = json.loads(raw) if isinstance(raw, str) else None
    except (ValueError, RecursionError):
        data = None
    if not isinstance(data, dict) or data.get("v") != SCHEMA or not isinstance(data.get("tables"), dict):
        return empty(), True
    out = empty()
    last = data.get("last", "")
    dropped = not (isinstance(last, str) and len(last) <= MAX_ID)
    if not dropped:
        out["last"] = last
    for key, value in data["tables"].items():
        entry = _load_entry(value) if valid_key(key) else None
        if entry is None:
            dropped = True
        else:
            out["tables"][key] = entry
    return out, dropped


def dump(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
