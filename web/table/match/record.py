"""A match as it is kept: what it was started with (:class:`MatchInfo`) and the
engine's own record of it (``Match.to_dict``/``from_dict``), in the form
``localStorage`` holds (``storage`` reads it) and the replay that brings it back.

Why apart from the table: a save must resume across versions of the page, so its
shape is written down in one place; the table only says when to save and restore.
A save necessarily holds every move, bots' discards included; the table never
renders from it (only from the viewer's view).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from burkozel import HouseRules, Match, SeatView, TableRules, fair
from table.match import seats
from table.match.seats import Seat


@dataclass(frozen=True)
class MatchInfo:
    """What a match was started with (fixed for its whole length, RULES.md §8)."""

    format: str
    combos: tuple[str, ...]
    difficulty: str
    seed: int | None
    """The seed that deals a match saved or shared before deals had keys (``None``: dealt by keys)."""
    discard: str = "closed"
    first_deal: int = 0
    """The deal of the seed's (or the secret's) match this one starts at (an old shared link)."""
    seats: tuple[Seat, ...] = ()
    """Who plays each seat; empty means single play (``seats.default_seats``)."""
    dave: bool = False
    """The switch «даве» at a table for a pot."""
    players: int | None = None
    """How many sit at the table (``None``: the table's default number)."""
    dealer: int | None = None
    """Who deals first (``None``: whom the seed picks for ``first_deal``)."""
    chips: tuple[int, ...] | None = None
    """At a pot, every stack before the first deal (``None``: fresh stacks)."""
    pot: int = 0
    """At a pot, what the first deal's pot already holds (a void deal's or a false «31»'s)."""
    secret: str | None = None
    """The match's secret (hex): every deal's key follows from it (``burkozel/fair.py``).
    Kept in this browser's save, never shown or sent."""
    keys: tuple[str, ...] = ()
    """The first deals' keys given outright (hex): a finished deal opened from its link."""
    house: HouseRules = HouseRules()
    """The house rules (RULES-house.md) the match is played with."""
    turn: int = 0
    """A shared deal opened from its sharer's seat (a guest's): the table was turned by this many
    seats (seat ``s`` here was ``s + turn`` there), so its bots keep the seeds that deal gave them."""

    @property
    def rules(self) -> TableRules:
        return TableRules(self.format, self.combos, self.discard, self.players, dave=self.dave, house=self.house)

    def fresh_match(self) -> Match:
        """The match as it starts: its first deal dealt, no move made."""
        return Match(self.rules, seed=self.seed, first_deal=self.first_deal, dealer=self.dealer, chips=self.chips,
                     pot=self.pot, secret=self.secret, keys=self.keys)

    @property
    def ident(self) -> str:
        """What tells this match from another in this browser's storage, and gives
        away no deal: its seed (an old match), else a hash of its secret."""
        if self.secret is None:
            return str(self.seed)
        return fair.match_id(self.secret)

    @property
    def seating(self) -> tuple[Seat, ...]:
        return self.seats or seats.default_seats(self.format, self.players)


def info_of(saved: dict[str, Any]) -> MatchInfo:
    """What the saved match was started with (``saved`` as ``storage.load_match`` gives it)."""
    fmt = saved["format"]
    players = saved.get("players")
    seated = seats.parse_seats(fmt, saved["seats"], players)[0] if "seats" in saved else ()
    start = saved.get("start")
    return MatchInfo(fmt, tuple(saved["combos"]), saved["difficulty"], saved.get("seed"),
                     saved["discard"], saved.get("first_deal", 0), seated, saved.get("dave", False), players,
                     saved.get("dealer"), tuple(start["chips"]) if start else None, start["pot"] if start else 0,
                     saved.get("secret"), tuple(saved.get("keys", ())), HouseRules.from_dict(saved.get("house", {})),
                     saved.get("turn", 0))


KEPT = ("format", "combos", "discard", "difficulty", "rounds", "clearing")
"""The keys every kept match has (and one of :data:`DEALT`)."""
DEALT = ("seed", "secret")
"""What deals a kept match: its seed (saved before deals had keys), or its secret."""
RULES = tuple(f.name for f in fields(TableRules))
"""The rules' fields (``TableRules``), kept at the top where they differ from the table's defaults."""
OPTIONAL = tuple(k for k in RULES if k not in KEPT) + ("chips", "pot", "seats", "first_deal", "dealer", "start",
                                                        "keys", "turn") + DEALT
"""The keys a kept match has where they apply."""


def match_data(saved: dict[str, Any]) -> dict[str, Any]:
    """The engine's form of a saved match (:meth:`Match.to_dict`) from the kept one.

    The kept form is the engine's with the rules' fields at the top (the layout
    published as schema 2) and what follows from the rest left out: the rules'
    defaults, the first dealer and the stacks at the start where they are the seed's
    and fresh (a shared later deal of a pot keeps them), and chips at a table without them."""
    missing = [key for key in KEPT if key not in saved]
    if missing:
        raise ValueError(f"a saved match names its {', '.join(missing)}")
    if sum(key in saved for key in DEALT) != 1:
        raise ValueError("a saved match names its seed or its secret")
    rules = {k: saved[k] for k in RULES if k in saved}
    dealt = {k: saved[k] for k in DEALT + ("keys",) if k in saved}
    data = {"rules": rules, **dealt, "first_deal": saved.get("first_deal", 0),
            "dealer": saved.get("dealer"), "rounds": saved["rounds"], "chips": saved.get("chips"),
            "pot": saved.get("pot", 0)}
    table = TableRules.from_dict(rules)
    if "start" in saved and not table.table.has_pot:
        raise ValueError(f"{table.format} is not played for chips: a saved match there has no stacks at its start")
    if table.table.has_pot:
        data["start"] = saved.get("start", {"chips": [table.stack] * table.players, "pot": 0})
    return data


Resumed = tuple[Match, list[SeatView]]
"""A saved match replayed (:func:`resume`): the match, and every seat's view before its last move."""


def resume(saved: dict[str, Any]) -> Resumed:
    """The saved match replayed by the engine (:meth:`Match.from_dict`, ``ValueError``
    if it does not replay), and every seat's view just before its last move (none
    if no move was made in the current deal): the move is taken back and pushed again."""
    match = Match.from_dict(match_data(saved))
    rnd = match.round
    if not rnd.moves:
        return match, []
    last = rnd.pop()
    befores = [match.view(s) for s in range(match.rules.players)]
    rnd.push(last)
    return match, befores


def saved_of(info: MatchInfo, match: Match, clearing: bool) -> dict[str, Any]:
    """The dict kept for the match ``info`` (:meth:`Match.to_dict` in the kept form,
    see :func:`match_data`): enough to replay it exactly.  At a pot the chips and
    the pot now are kept too: the replay must reach them (a check that the save
    was not altered)."""
    data = match.to_dict()
    rules = data["rules"]
    out = {"format": rules["format"], "combos": rules["combos"], "discard": rules["discard"],
           "difficulty": info.difficulty, **{k: data[k] for k in DEALT + ("keys",) if k in data},
           "rounds": data["rounds"], "clearing": clearing}
    defaults = TableRules(rules["format"]).to_dict()
    out.update({k: v for k, v in rules.items() if k not in out and v != defaults.get(k)})
    if data["chips"] is not None:
        out["chips"], out["pot"] = data["chips"], data["pot"]
    if info.seating != seats.default_seats(info.format, info.players):
        out["seats"] = seats.seats_json(info.seating)  # single play saves as it always did
    if data["first_deal"]:
        out["first_deal"] = data["first_deal"]
    if info.dealer is not None:
        out["dealer"] = info.dealer
    if info.chips is not None:
        out["start"] = {"chips": list(info.chips), "pot": info.pot}
    if info.turn:
        out["turn"] = info.turn
    return out
