"""Shared deals and fair play you can check: a finished deal as a link — pure Python.

A deal is its table's rules, its key and its dealer (``burkozel/fair.py``): the deck
and the bots' seeds follow from the key.  A link carrying those (and how the sharer
did) plays the same deal against the same bots, and re-deals it to check the key
against the commitment shown before.  A key is shown only once its deal is over, so
only finished deals are linked.  At a pot a later deal's link carries the stacks;
the house rules off their default are ``house``, ``key.value`` joined by ``-``; a guest's, ``seat``.

    ?table=pairs&combos=bura.moscow&discard=closed&bots=hard&key=<64 hex>&deal=2&dealer=1&sharer=62-0
    ?table=bura_pot&combos=moscow&discard=open&bots=medium&key=<64 hex>&deal=3&dealer=2&players=4&stacks=95.120.85.90

Old links (``deal=<seed>-<n>``) still open as the seed's deal, unless this browser's
match in play is that seed's and the deal is not over there (:func:`in_play`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlencode

from burkozel import FORMATS, HouseRules, Match, TableRules, fair, switches_for
from burkozel.bots import LEVELS
from burkozel.round import Round, check_chips
from table.i18n.common import value_key
from table.match import house
from table.match.record import MatchInfo
from table.match.storage import MAX_SEED

MAX_DEAL = 200
MAX_POINTS = 1000
MAX_DIGITS = 16
PARAMS = ("table", "combos", "discard", "bots", "deal", "key", "commit", "sharer", "check", "players", "dave", "dealer",
          "stacks", "house", "seat")
"""A shared deal's parameters: what :func:`strip` drops from the address once the deal is started."""
SHORT = 16
"""Hex digits of a commitment a check link carries: what the table showed (``fair.short``)."""


class ImpossibleDeal(ValueError):
    """A shared deal whose dealer or stacks cannot be at its table: the page says so
    and goes on with the match it has (``str(error)`` says what is wrong)."""


@dataclass(frozen=True)
class SharedDeal:
    """What a link carries: the table and its switches, the bots' level, the
    deal's key (hex) and its number in its match, and optionally the sharer's
    (points, penalty) in that deal.  ``check``: opened to re-deal it (the
    fresh table does not replace the match saved in this browser).  A link
    from before deals had keys carries the match's ``seed`` instead of a key."""

    format: str
    combos: tuple[str, ...]
    discard: str
    difficulty: str
    seed: int | None
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
    key: str | None = None
    """The deal's key (hex), revealed because the deal is over."""
    commit: str | None = None
    """On a check link: the commitment the table showed before the deal (its first :data:`SHORT` digits)."""
    house: dict[str, Any] = field(default_factory=dict)
    """The house rules off their default (``HouseRules.changed()``): rules of the deal, so the link carries them."""
    seat: int = 0
    """The sharer's seat (a guest's at a table by link): the link opens from there, that seat's
    cards at the bottom (:func:`info_of` turns the table round: the opener always sits at 0)."""


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
    if shared.key is None:
        raise ValueError("a link is written with a deal's key, never a seed")
    params: dict[str, str] = {"table": shared.format, "combos": ".".join(shared.combos) or "-",
                              "discard": shared.discard, "bots": shared.difficulty,
                              "key": shared.key, "deal": str(shared.deal)}
    if shared.commit is not None:
        params["commit"] = shared.commit
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
    if shared.seat:
        params["seat"] = str(shared.seat)
    return "?" + urlencode(params, safe=".-")


def _pair(text: str | None, top_a: int, top_b: int) -> tuple[int, int] | None:
    if not text or text.count("-") != 1:
        return None
    a, b = text.split("-")
    if not (a.isdigit() and b.isdigit() and len(a) <= 16 and len(b) <= 16):
        return None
    a_, b_ = int(a), int(b)
    return (a_, b_) if a_ <= top_a and b_ <= top_b else None


def _dealt(fmt: str, players: int | None, dealer: str | None, stacks: str | None,
           keyed: bool = False) -> tuple[int | None, tuple[int, ...] | None, int]:
    """A deal's dealer, and at a pot its stacks and pot, as a link writes them, checked by the
    engine.  A keyed link always names its dealer; an old one only for a later deal of a pot."""
    rules = TableRules(fmt, players=players)
    if not rules.table.has_pot and (stacks is not None or not keyed):
        raise ImpossibleDeal(f"{fmt} is not played for chips: a link there has no stacks")
    if dealer is None or (stacks is None and not keyed):
        raise ImpossibleDeal("a later deal's link gives both its dealer and its stacks")
    if not (dealer.isdigit() and len(dealer) <= 2 and int(dealer) < rules.players):
        raise ImpossibleDeal(f"the dealer must be a seat from 0 to {rules.players - 1}, not {dealer!r}")
    if stacks is None:
        return int(dealer), None, 0
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
    key, commit = params.get("key"), params.get("commit")
    if key is not None:
        number = params["deal"]
        try:
            fair.check_bytes(key)
        except ValueError:
            return None
        if not (number.isdigit() and len(number) <= 3 and int(number) <= MAX_DEAL) or "dealer" not in params:
            return None
        if commit is not None and not (len(commit) == SHORT and all(c in "0123456789abcdef" for c in commit)):
            return None
        deal: tuple[int | None, int] | None = (None, int(number))
    else:
        deal = _pair(params.get("deal"), MAX_SEED, MAX_DEAL)
        if deal is None or commit is not None:
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
        dealt = _dealt(fmt, seated, params.get("dealer"), params.get("stacks"), key is not None)
    seat = params.get("seat", "0")
    if not (seat.isdigit() and len(seat) <= 2 and int(seat) < TableRules(fmt, players=seated).players) \
            or (seat != "0" and key is None):
        return None
    return SharedDeal(fmt, combos, discard, level, deal[0], deal[1], sharer, params.get("check") == "1",
                      seated, dave == "1", *dealt, key, commit, house=chosen, seat=int(seat))


def of_match(info: MatchInfo, match: Match, round_no: int, sharer: tuple[int, int] | None = None,
             check: bool = False, seat: int = 0) -> SharedDeal:
    """The link of round ``round_no`` of ``match`` (the match ``info``), which must be
    over: its key, its dealer and at a pot its stacks (``ValueError`` for a deal in
    play, or one dealt from an old seed, which has no key to show); ``seat``: whose it is
    (a guest's), the seat it opens from."""
    dealt = match.rounds[round_no]
    key = match.key_for(round_no)
    if not dealt.is_over:
        raise ValueError("a deal is shared once it is over, never while it is played")
    if key is None:
        raise ValueError("a deal dealt from an old seed has no key to share")
    chips = dealt.start_chips
    if chips is not None and (chips, dealt.start_pot) == ((dealt.rules.stack,) * dealt.rules.players, 0):
        chips = None  # fresh stacks: the link stays short
    committed = fair.commitment(key)[:SHORT] if check else None
    return SharedDeal(info.format, tuple(info.combos), info.discard, info.difficulty, None,
                      info.first_deal + round_no, sharer, check, info.players, info.dave, dealt.dealer, chips,
                      dealt.start_pot if chips is not None else 0, key.hex(), committed, house=info.house.changed(),
                      seat=seat)


def finished(match: Match) -> list[int]:
    """The rounds of ``match`` a link may carry: the finished ones dealt by keys, latest first."""
    return [r for r in range(len(match.rounds) - 1, -1, -1)
            if match.rounds[r].is_over and match.key_for(r) is not None]


def in_play(shared: SharedDeal, match: Match | None, info: MatchInfo | None) -> bool:
    """Whether ``shared`` names a deal not yet over in ``match`` (the one saved in this
    browser): its key is the deal in play's, or (an old link) it is that seed's deal
    in play or one after it.  Such a link is not opened: it would deal what the rules
    do not show yet."""
    if match is None or info is None:
        return False
    now = match.round_no
    if shared.key is not None:
        key = match.key_for(now)
        return key is not None and not match.round.is_over and key.hex() == shared.key
    if info.seed is None or shared.seed != info.seed:
        return False
    in_progress = info.first_deal + now
    return shared.deal > in_progress or (shared.deal == in_progress and not match.round.is_over)


def verdict(shared: SharedDeal) -> tuple[str, bool | None]:
    """A check link's verdict: the commitment its key gives (:func:`fair.short`) and whether it
    is the one the table showed before the deal (``None``: the link does not say which)."""
    if shared.key is None:
        return "", None
    made = fair.commitment(bytes.fromhex(shared.key))
    if shared.commit is None:
        return fair.short(made), None
    return fair.short(made), made[:SHORT] == shared.commit


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


def _turned(shared: SharedDeal) -> SharedDeal:
    """``shared`` with the table turned so that its sharer's seat is seat 0, where the page's
    player sits: the cards are dealt one at a time from the seat after the dealer, so the
    dealer, the stacks and the house rules' open seats turned as much give every seat the
    same cards and the same place round the table as at the sharer's."""
    seat = shared.seat
    if not seat:
        return shared
    n = TableRules(shared.format, players=shared.players).players
    house_rules = dict(shared.house)
    if "open" in house_rules:
        house_rules["open"] = sorted((s - seat) % n for s in house_rules["open"])
    return SharedDeal(**{**shared.__dict__, "seat": 0, "house": house_rules,
                         "dealer": None if shared.dealer is None else (shared.dealer - seat) % n,
                         "chips": None if shared.chips is None else shared.chips[seat:] + shared.chips[:seat]})


def info_of(shared: SharedDeal) -> MatchInfo:
    """The match a shared deal starts: at its deal, dealt as it was, from its sharer's seat."""
    if shared.key is not None:
        turn, shared = shared.seat, _turned(shared)
        # The deal by its key; the deals after it, by a fresh secret of this page's own.
        return MatchInfo(shared.format, shared.combos, shared.difficulty, None, shared.discard,
                         players=shared.players, dave=shared.dave, dealer=shared.dealer, chips=shared.chips,
                         pot=shared.pot, secret=fair.new_secret().hex(), keys=(shared.key,),
                         house=HouseRules.from_dict(shared.house), turn=turn)
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
