"""Shared deals and fair play you can check: a deal as a link — pure Python.

A deal is fully described by the table's rules, the match's seed and the
deal's number (``Match(first_deal=)``): the deck and the dealer follow from
them, and the bots' seeds follow from the match's seed.  So a link carrying
only those (and, if the sharer wants, how they did) lets anyone play the same
deal against the same bots, and re-deal it to check it was not arranged —
while it holds no card at all (``tests/test_teach.py``).

    ?table=pairs&combos=bura.moscow&discard=closed&bots=hard&deal=81723-2&sharer=62-0
    ?table=bura_pot&combos=moscow&discard=open&bots=medium&deal=5-0&players=6&dave=1
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlencode

from burkozel import FORMATS
from burkozel.bots import LEVELS

MAX_SEED = 2**53 - 1
MAX_DEAL = 200
MAX_POINTS = 1000
PARAMS = ("table", "combos", "discard", "bots", "deal", "sharer", "check", "players", "dave")


@dataclass(frozen=True)
class SharedDeal:
    """What a link carries: the table and its switches, the bots' level, the
    match's seed and the deal's number in it, and optionally the sharer's
    (points, penalty) in that deal.  ``check``: opened to re-deal it (the
    fresh table does not replace the match saved in this browser)."""

    format: str
    combos: tuple[str, ...]
    discard: str
    difficulty: str
    seed: int
    deal: int = 0
    sharer: tuple[int, int] | None = None
    check: bool = False
    players: int | None = None
    """How many sit at the table, where it lets a match choose (``None``: its default)."""
    dave: bool = False
    """The switch «даве» at a table for a pot: a rule of the deal, so the link carries it."""


def query(shared: SharedDeal) -> str:
    """The link's query string (``?…``)."""
    params: dict[str, str] = {"table": shared.format, "combos": ".".join(shared.combos) or "-",
                              "discard": shared.discard, "bots": shared.difficulty,
                              "deal": f"{shared.seed}-{shared.deal}"}
    if shared.sharer is not None:
        params["sharer"] = f"{shared.sharer[0]}-{shared.sharer[1]}"
    if shared.check:
        params["check"] = "1"
    if shared.players is not None:
        params["players"] = str(shared.players)
    if shared.dave:
        params["dave"] = "1"
    return "?" + urlencode(params, safe=".-")


def _pair(text: str | None, top_a: int, top_b: int) -> tuple[int, int] | None:
    if not text or text.count("-") != 1:
        return None
    a, b = text.split("-")
    if not (a.isdigit() and b.isdigit() and len(a) <= 16 and len(b) <= 16):
        return None
    a_, b_ = int(a), int(b)
    return (a_, b_) if a_ <= top_a and b_ <= top_b else None


def parse(text: str) -> SharedDeal | None:
    """A link's query → :class:`SharedDeal`, or ``None`` when it is not a
    shared deal or anything in it is not as written (a URL never breaks the page)."""
    try:
        params = {k: v[-1] for k, v in parse_qs(text.lstrip("?"), keep_blank_values=True).items()}
    except ValueError:
        return None
    fmt = params.get("table")
    if fmt not in FORMATS or "deal" not in params:
        return None
    table = FORMATS[fmt]
    combos = tuple(c for c in params.get("combos", "-").split(".") if c and c != "-")
    if len(set(combos)) != len(combos) or any(c not in table.combo_ids for c in combos):
        return None
    combos = tuple(c for c in table.combo_ids if c in combos)  # the table's priority order
    discard = params.get("discard", table.discard_faces[0])
    level = params.get("bots", "medium")
    if discard not in table.discard_faces or level not in LEVELS:
        return None
    deal = _pair(params.get("deal"), MAX_SEED, MAX_DEAL)
    if deal is None:
        return None
    sharer = _pair(params["sharer"], MAX_POINTS, MAX_POINTS) if "sharer" in params else None
    if "sharer" in params and sharer is None:
        return None
    players = params.get("players")
    if players is not None and not (players.isdigit() and int(players) in table.seat_counts):
        return None
    dave = params.get("dave", "0")
    if dave not in ("0", "1") or (dave == "1" and not table.has_pot):
        return None
    return SharedDeal(fmt, combos, discard, level, deal[0], deal[1], sharer, params.get("check") == "1",
                      int(players) if players is not None else None, dave == "1")


def of_match(info: Any, deal: int, sharer: tuple[int, int] | None = None, check: bool = False) -> SharedDeal:
    """The link of deal ``deal`` (counted in the seed's match) of the match ``info`` (``match.table.MatchInfo``)."""
    return SharedDeal(info.format, tuple(info.combos), info.discard, info.difficulty, info.seed, deal, sharer, check,
                      info.players, info.dave)


def settings_for(shared: SharedDeal, settings: dict[str, Any]) -> None:
    """Put the link's table, level and switches into the menu's ``settings``."""
    settings["format"] = shared.format
    settings["difficulty"] = shared.difficulty
    mine = settings["tables"][shared.format]
    mine["combos"] = {c: c in shared.combos for c in FORMATS[shared.format].combo_ids}
    mine["discard"] = shared.discard
    if shared.players is not None:
        mine["players"] = shared.players
    if "switches" in mine:
        mine["switches"]["dave"] = shared.dave


def strip(text: str) -> str:
    """The page's query without a shared deal's parameters (``?speed=fast`` stays):
    once the deal is started, a reload resumes it from the saved match instead."""
    try:
        params = parse_qs(text.lstrip("?"), keep_blank_values=True)
    except ValueError:
        return ""
    rest = [(k, v) for k, vs in params.items() if k not in PARAMS for v in vs]
    return "?" + urlencode(rest) if rest else ""


def parse_seed(text: str) -> int | None:
    """The menu's own seed field: a whole number, or ``None`` (a random seed)."""
    text = text.strip()
    if text.isdigit() and len(text) <= 16 and int(text) <= MAX_SEED:
        return int(text)
    return None
