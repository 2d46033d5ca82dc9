"""Shared deals and fair play you can check: a deal as a link — pure Python.

A deal is fully described by the table's rules, the match's seed and the
deal's number (``Match(first_deal=)``): the deck and the dealer follow from
them, and the bots' seeds follow from the match's seed.  So a link carrying
only those (and, if the sharer wants, how they did) lets anyone play the same
deal against the same bots, and re-deal it to check it was not arranged —
while it holds no card at all (``tests/test_teach.py``).  At a pot the dealer
and the stacks of a later deal follow from how the earlier ones went, so its
link carries them (``dealer``, ``stacks=95.120.85.90``; the pot is what the stacks
lack); the house rules off their default are ``house``, ``key.value`` joined by ``-``.

    ?table=pairs&combos=bura.moscow&discard=closed&bots=hard&deal=81723-2&sharer=62-0
    ?table=bura31&combos=-&discard=open&bots=hard&deal=9-0&house=open.1-handicap.5-match.robber11
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlencode

from burkozel import FORMATS, HouseRules, TableRules, switches_for
from burkozel.bots import LEVELS
from burkozel.round import Round, check_chips, seeded_dealer
from table.i18n.common import value_key
from table.match import house
from table.match.record import MatchInfo

MAX_SEED = 2**53 - 1
MAX_DEAL = 200
MAX_POINTS = 1000
MAX_DIGITS = 16
PARAMS = ("table", "combos", "discard", "bots", "deal", "sharer", "check", "players", "dave", "dealer", "stacks",
          "house")


class ImpossibleDeal(ValueError):
    """A shared deal whose dealer or stacks cannot be at its table: the page says so
    and goes on with the match it has (``str(error)`` says what is wrong)."""


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
    dealer: int | None = None
    """Who dealt the deal, where the seed does not say (a later deal of a pot)."""
    chips: tuple[int, ...] | None = None
    """At a pot, every stack as the deal began, before its antes (``None``: fresh)."""
    pot: int = 0
    """At a pot, what the deal's pot held as it began (left by a void deal or a false «31»)."""
    house: dict[str, Any] = field(default_factory=dict)
    """The house rules off their default (``HouseRules.changed()``): rules of the deal, so the link carries them."""


def house_text(changed: dict[str, Any]) -> str:
    """A link's ``house``: ``key.value`` joined by ``-``."""
    return "-".join(f"{key}.{value_key(value)}" for key, value in changed.items())


def parse_house(fmt: str, text: str) -> dict[str, Any] | None:
    """A link's ``house`` → the switches it sets, each a value its table takes (``None`` otherwise)."""
    out: dict[str, Any] = {}
    for part in text.split("-") if text else ():
        key, _, named = part.partition(".")
        switch = next((sw for sw in switches_for(fmt) if sw.key == key), None)
        value = next((v for v in switch.values if value_key(v) == named), None) if switch else None
        if value is None or key in out:
            return None
        out[key] = list(value) if isinstance(value, tuple) else value
    try:
        return HouseRules.from_dict(out).changed()
    except ValueError:
        return None


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
    if shared.dealer is not None:
        params["dealer"] = str(shared.dealer)
    if shared.chips is not None:
        params["stacks"] = ".".join(map(str, shared.chips))
    if shared.house:
        params["house"] = house_text(shared.house)
    return "?" + urlencode(params, safe=".-")


def _pair(text: str | None, top_a: int, top_b: int) -> tuple[int, int] | None:
    if not text or text.count("-") != 1:
        return None
    a, b = text.split("-")
    if not (a.isdigit() and b.isdigit() and len(a) <= 16 and len(b) <= 16):
        return None
    a_, b_ = int(a), int(b)
    return (a_, b_) if a_ <= top_a and b_ <= top_b else None


def _dealt(fmt: str, players: int | None, dealer: str | None, stacks: str | None) -> tuple[int, tuple[int, ...], int]:
    """A later deal's dealer, stacks and pot as a link writes them, checked by the engine."""
    rules = TableRules(fmt, players=players)
    if not rules.table.has_pot:
        raise ImpossibleDeal(f"{fmt} is not played for chips: a link there has no dealer or stacks")
    if dealer is None or stacks is None:
        raise ImpossibleDeal("a later deal's link gives both its dealer and its stacks")
    if not (dealer.isdigit() and len(dealer) <= 2 and int(dealer) < rules.players):
        raise ImpossibleDeal(f"the dealer must be a seat from 0 to {rules.players - 1}, not {dealer!r}")
    parts = stacks.split(".")
    if not all(p.lstrip("-").isdigit() and len(p) <= MAX_DIGITS for p in parts):
        raise ImpossibleDeal(f"the stacks must be whole numbers, one a seat: {stacks!r}")
    chips = tuple(int(p) for p in parts)
    pot = rules.players * rules.stack - sum(chips)
    try:
        check_chips(rules, chips, max(pot, 0))  # more chips than a match holds: they do not add up
    except ValueError as e:
        raise ImpossibleDeal(f"the stacks cannot be: {e}") from None
    return int(dealer), chips, pot


def parse(text: str) -> SharedDeal | None:
    """A link's query → :class:`SharedDeal`, or ``None`` when it is not a
    shared deal or anything in it is not as written (a URL never breaks the page);
    :class:`ImpossibleDeal` when its dealer or stacks cannot be (the page says so)."""
    try:
        params = {k: v[-1] for k, v in parse_qs(text.lstrip("?"), keep_blank_values=True).items()}
    except ValueError:
        return None
    fmt = params.get("table")
    if fmt not in FORMATS or "deal" not in params:
        return None
    table = FORMATS[fmt]
    combos = tuple(c for c in params.get("combos", "-").split(".") if c and c != "-")
    if len(set(combos)) != len(combos) or any(c not in table.all_combo_ids for c in combos):
        return None
    combos = tuple(c for c in table.all_combo_ids if c in combos)  # the table's priority order
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
    seated = int(players) if players is not None else None
    chosen = parse_house(fmt, params.get("house", ""))
    if chosen is None:
        return None
    try:
        TableRules(fmt, combos, discard, seated, house=chosen)  # switches and combinations that go together
    except ValueError:
        return None
    dealt: tuple[int | None, tuple[int, ...] | None, int] = (None, None, 0)
    if "dealer" in params or "stacks" in params:
        dealt = _dealt(fmt, seated, params.get("dealer"), params.get("stacks"))
    return SharedDeal(fmt, combos, discard, level, deal[0], deal[1], sharer, params.get("check") == "1",
                      seated, dave == "1", *dealt, house=chosen)


def of_match(info: MatchInfo, deal: int, sharer: tuple[int, int] | None = None, check: bool = False,
             dealt: Round | None = None) -> SharedDeal:
    """The link of deal ``deal`` (counted in the seed's match) of the match ``info``;
    ``dealt``: that deal's round, whose dealer and stacks at a pot go in the link
    where they are not the seed's and fresh."""
    start: tuple[int | None, tuple[int, ...] | None, int] = (None, None, 0)
    if dealt is not None and dealt.start_chips is not None:
        n, stack = dealt.rules.players, dealt.rules.stack
        if (dealt.dealer, dealt.start_chips, dealt.start_pot) != ((seeded_dealer(info.seed, n) + deal) % n,
                                                                  (stack,) * n, 0):
            start = (dealt.dealer, dealt.start_chips, dealt.start_pot)
    return SharedDeal(info.format, tuple(info.combos), info.discard, info.difficulty, info.seed, deal, sharer, check,
                      info.players, info.dave, *start, house=info.house.changed())


def settings_for(shared: SharedDeal, settings: dict[str, Any]) -> None:
    """Put the link's table, level and switches into the menu's ``settings``."""
    settings["format"] = shared.format
    settings["difficulty"] = shared.difficulty
    mine = settings["tables"][shared.format]
    mine["combos"] = {c: c in shared.combos for c in FORMATS[shared.format].all_combo_ids}
    mine["discard"] = shared.discard
    if shared.players is not None:
        mine["players"] = shared.players
    if "switches" in mine:
        mine["switches"]["dave"] = shared.dave
    if "house" in mine:
        mine["house"] = {**house.defaults(shared.format), **shared.house}


def info_of(shared: SharedDeal) -> MatchInfo:
    """The match a shared deal starts: at its deal, dealt as it was."""
    return MatchInfo(shared.format, shared.combos, shared.difficulty, shared.seed, shared.discard, shared.deal,
                     players=shared.players, dave=shared.dave, dealer=shared.dealer, chips=shared.chips,
                     pot=shared.pot, house=HouseRules.from_dict(shared.house))


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
