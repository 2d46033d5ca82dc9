"""Who sits at each seat of a table: a person (with a name) or a bot.

Why a module of its own: the menu, the saved settings, the saved match and the
controller all speak about seats, and the network play (``p2p/``)
builds on the same model — a person on another device is one more ``kind``.
Everything here is pure (plain dicts in, frozen dataclasses out), so it is
tested on CPython (``tests/test_seats.py``).

Stored form (settings and saved match alike): a list with one
``{"kind": "human"|"bot", "name": str}`` per seat, seat 0 first.  A bot keeps
the name typed for the seat, so switching a seat to a bot and back loses
nothing; at the table a bot is always called by its seat's default name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from burkozel import FORMATS
from table.i18n import languages
from table.i18n.languages import DEFAULT_TEXTS as texts
from table.i18n.texts import Texts

HUMAN = "human"
BOT = "bot"
KINDS = (HUMAN, BOT)
"""The kinds of seat the menu offers (``select[name=seat-<n>]``)."""
STORED_KINDS = KINDS
"""The kinds a stored seat may have (a saved match's too): the menu's, plus any
kind the network play adds for a player on another device."""

NAME_MAX = 16
"""Characters kept of a typed name: long enough for a name, short enough for a phone's seat label."""
MARKUP_CHARS = "<>&\"'`"
RESERVED_NAMES = languages.reserved_names()
"""Names the table already uses for the player looking at the screen."""


@dataclass(frozen=True)
class Seat:
    """One seat: who plays it and what the table calls them."""

    kind: str
    name: str

    @property
    def is_person(self) -> bool:
        """Played by someone at this device (their view is drawn; no bot plays it)."""
        return self.kind == HUMAN

    @property
    def is_bot(self) -> bool:
        """Played by a bot of the match's level.  A seat that is neither (a kind
        added later, e.g. a player on another device) is played through
        ``Table.play_for``; the table waits for it."""
        return self.kind == BOT

    def to_json(self) -> dict[str, str]:
        return {"kind": self.kind, "name": self.name}


def seat_counts(fmt: str) -> tuple[int, ...]:
    """The numbers of players table ``fmt`` may be played by (its rule set's; one where it has no choice)."""
    return FORMATS[fmt].seat_counts or (FORMATS[fmt].players,)


def players_of(fmt: str, players: int | None) -> int:
    """``players``, or the table's default number of players when it is ``None``."""
    return FORMATS[fmt].players if players is None else players


def default_name(fmt: str, seat: int, players: int | None = None) -> str:
    """A seat's name before anyone types one: where it sits at the table (Юг, Запад…)."""
    return texts.PEOPLE_BY_COUNT[players_of(fmt, players)][seat]


def is_default_name(name: str) -> bool:
    """Whether ``name`` is some seat's default name, in any language and at any number of players."""
    return any(name in languages.for_lang(code).PEOPLE_BY_COUNT[n]
               for code in languages.LANGS for n in seat_counts_all())


def seat_counts_all() -> tuple[int, ...]:
    """Every number of players some table is played by."""
    return tuple(sorted({n for fmt in FORMATS for n in seat_counts(fmt)}))


def default_seats(fmt: str, players: int | None = None) -> tuple[Seat, ...]:
    """Single play: a person at seat 0, bots everywhere else."""
    n = players_of(fmt, players)
    return tuple(Seat(HUMAN if s == 0 else BOT, default_name(fmt, s, n)) for s in range(n))


def resized(fmt: str, current: tuple[Seat, ...], players: int) -> tuple[Seat, ...]:
    """``current`` for ``players`` seats: the first seats kept (a default name
    becomes the new seat's default), new seats are bots."""
    out = list(default_seats(fmt, players))
    for s, seat in enumerate(current[:players]):
        out[s] = Seat(seat.kind, out[s].name if is_default_name(seat.name) else seat.name)
    return tuple(out)


def clean_name(raw: Any, fmt: str, seat: int, players: int | None = None) -> str:
    """A typed name made safe to show: spaces collapsed, at most :data:`NAME_MAX`
    characters, control characters and markup characters dropped (names go into
    many sentences of the table); empty or reserved → the default."""
    if not isinstance(raw, str):
        return default_name(fmt, seat, players)
    text = "".join(ch for ch in raw if ch.isprintable() and ch not in MARKUP_CHARS)
    text = " ".join(text.split())[:NAME_MAX].strip()
    if not text or text in RESERVED_NAMES:
        return default_name(fmt, seat, players)
    return text


def parse_seats(fmt: str, data: Any, players: int | None = None) -> tuple[tuple[Seat, ...], bool]:
    """Stored seats of table ``fmt`` at ``players`` seats → (seats, whether everything was as expected).

    A broken entry takes its seat's default; seat 0 is always a person (the one
    who opened the page plays there)."""
    out = list(default_seats(fmt, players))
    if isinstance(data, list) and len(data) != len(out) and len(data) in seat_counts(fmt):
        # Kept for another number of players (a count chosen before the seats were):
        # the same people, on as many seats as the table has now.
        return resized(fmt, parse_seats(fmt, data, len(data))[0], len(out)), False
    if not isinstance(data, list) or len(data) != len(out):
        return tuple(out), False
    clean = True
    for s, item in enumerate(data):
        if not isinstance(item, dict) or set(item) != {"kind", "name"} or item["kind"] not in STORED_KINDS:
            clean = False
            continue
        name = clean_name(item["name"], fmt, s, players)
        clean = clean and name == item["name"]
        out[s] = Seat(item["kind"], name)
    if out[0].kind != HUMAN:
        out[0] = Seat(HUMAN, out[0].name)
        clean = False
    return tuple(out), clean


def seats_json(seats: tuple[Seat, ...]) -> list[dict[str, str]]:
    return [s.to_json() for s in seats]


def people(seats: tuple[Seat, ...]) -> tuple[int, ...]:
    """The seats played by persons at this device, in seat order."""
    return tuple(i for i, s in enumerate(seats) if s.is_person)


def shown_name(fmt: str, seat: int, name: str, t: Texts = texts, players: int | None = None) -> str:
    """``name`` as the texts ``t`` show it: a seat's default name (stored in the
    language it was made in: «Юг», "South") in ``t``'s language; a typed one as typed."""
    n = players_of(fmt, players)
    defaults = {languages.for_lang(code).PEOPLE_BY_COUNT[n][seat] for code in languages.LANGS}
    return t.PEOPLE_BY_COUNT[n][seat] if name in defaults else name


def table_names(fmt: str, seats: tuple[Seat, ...], t: Texts = texts) -> tuple[str, ...]:
    """What the table calls each seat: a player's name, or a bot's seat name (in ``t``'s language)."""
    n = len(seats)
    return tuple(t.PEOPLE_BY_COUNT[n][i] if s.is_bot else shown_name(fmt, i, s.name, t, n)
                 for i, s in enumerate(seats))


# --- the menu's part ------------------------------------------------------------------


def default_settings() -> dict[str, list[dict[str, str]]]:
    """``settings["seats"]``: each table's seats, as stored."""
    return {fmt: seats_json(default_seats(fmt)) for fmt in FORMATS}


def load_settings(data: Any, out: dict[str, Any], players: dict[str, int] | None = None) -> bool:
    """Fill ``out`` (:func:`default_settings`) from stored ``settings["seats"]``
    (``players``: each table's chosen number of players, where it has a choice);
    whether all was clean.  A table missing keeps its defaults silently."""
    if not isinstance(data, dict):
        return False
    clean = True
    for fmt, stored in data.items():
        if fmt not in FORMATS:
            clean = False
            continue
        seats, ok = parse_seats(fmt, stored, (players or {}).get(fmt))
        out[fmt] = seats_json(seats)
        clean = clean and ok
    return clean


def chosen_players(settings: dict[str, Any], fmt: str | None = None) -> int:
    """How many sit at table ``fmt`` as the menu chose (``settings["tables"][fmt]["players"]``,
    where the table has a choice; else its only number)."""
    fmt = fmt or settings["format"]
    n = settings.get("tables", {}).get(fmt, {}).get("players")
    return n if type(n) is int and n in seat_counts(fmt) else FORMATS[fmt].players


def chosen(settings: dict[str, Any], fmt: str | None = None) -> tuple[Seat, ...]:
    """The seats chosen in the menu for table ``fmt`` (the chosen table by default)."""
    fmt = fmt or settings["format"]
    return parse_seats(fmt, settings.get("seats", {}).get(fmt), chosen_players(settings, fmt))[0]


def apply_change(settings: dict[str, Any], field: str, value: Any) -> bool:
    """A menu input changed: ``players`` (how many sit at the table, where it has a
    choice), ``seat-<n>`` (its kind) or ``seat-name-<n>`` (a person's name), for the
    chosen table.  Returns whether ``field`` was a seat field that changed
    something; anything malformed is ignored."""
    if not isinstance(field, str):
        return False
    fmt = settings["format"]
    if field == "players":
        return _change_players(settings, fmt, value)
    if not field.startswith("seat-"):
        return False
    naming = field.startswith("seat-name-")
    index = field[len("seat-name-"):] if naming else field[len("seat-"):]
    n = chosen_players(settings, fmt)
    if not index.isdigit() or not 0 <= int(index) < n:
        return False
    seat = int(index)
    current = list(chosen(settings, fmt))
    if naming:
        new = Seat(current[seat].kind, clean_name(value, fmt, seat, n))
    elif value in KINDS and seat != 0:
        new = Seat(value, current[seat].name)
    else:
        return False
    if new == current[seat]:
        return False
    current[seat] = new
    settings.setdefault("seats", default_settings())[fmt] = seats_json(tuple(current))
    return True


def _change_players(settings: dict[str, Any], fmt: str, value: Any) -> bool:
    """«Сколько за столом»: the count kept with the table's settings, its seats resized."""
    if not isinstance(value, str) or not value.isdigit() or int(value) not in seat_counts(fmt) \
            or len(seat_counts(fmt)) < 2:
        return False
    n = int(value)
    if n == chosen_players(settings, fmt):
        return False
    current = chosen(settings, fmt)
    settings["tables"][fmt]["players"] = n
    settings.setdefault("seats", default_settings())[fmt] = seats_json(resized(fmt, current, n))
    return True
