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


def default_name(fmt: str, seat: int) -> str:
    """A seat's name before anyone types one: where it sits at the table (Юг, Запад…)."""
    return texts.PERSON_NAMES[fmt][seat]


def default_seats(fmt: str) -> tuple[Seat, ...]:
    """Single play: a person at seat 0, bots everywhere else."""
    return tuple(Seat(HUMAN if s == 0 else BOT, default_name(fmt, s)) for s in range(FORMATS[fmt].players))


def clean_name(raw: Any, fmt: str, seat: int) -> str:
    """A typed name made safe to show: spaces collapsed, at most :data:`NAME_MAX`
    characters, control characters and markup characters dropped (names go into
    many sentences of the table); empty or reserved → the default."""
    if not isinstance(raw, str):
        return default_name(fmt, seat)
    text = "".join(ch for ch in raw if ch.isprintable() and ch not in MARKUP_CHARS)
    text = " ".join(text.split())[:NAME_MAX].strip()
    if not text or text in RESERVED_NAMES:
        return default_name(fmt, seat)
    return text


def parse_seats(fmt: str, data: Any) -> tuple[tuple[Seat, ...], bool]:
    """Stored seats of table ``fmt`` → (seats, whether everything was as expected).

    A broken entry takes its seat's default; seat 0 is always a person (the one
    who opened the page plays there)."""
    out = list(default_seats(fmt))
    if not isinstance(data, list) or len(data) != len(out):
        return tuple(out), False
    clean = True
    for s, item in enumerate(data):
        if not isinstance(item, dict) or set(item) != {"kind", "name"} or item["kind"] not in STORED_KINDS:
            clean = False
            continue
        name = clean_name(item["name"], fmt, s)
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


def shown_name(fmt: str, seat: int, name: str, t: Texts = texts) -> str:
    """``name`` as the texts ``t`` show it: a seat's default name (stored in the
    language it was made in: «Юг», "South") in ``t``'s language; a typed one as typed."""
    defaults = {languages.for_lang(code).PERSON_NAMES[fmt][seat] for code in languages.LANGS}
    return t.PERSON_NAMES[fmt][seat] if name in defaults else name


def table_names(fmt: str, seats: tuple[Seat, ...], t: Texts = texts) -> tuple[str, ...]:
    """What the table calls each seat: a player's name, or a bot's seat name (in ``t``'s language)."""
    return tuple(t.PERSON_NAMES[fmt][i] if s.is_bot else shown_name(fmt, i, s.name, t) for i, s in enumerate(seats))


# --- the menu's part ------------------------------------------------------------------


def default_settings() -> dict[str, list[dict[str, str]]]:
    """``settings["seats"]``: each table's seats, as stored."""
    return {fmt: seats_json(default_seats(fmt)) for fmt in FORMATS}


def load_settings(data: Any, out: dict[str, Any]) -> bool:
    """Fill ``out`` (:func:`default_settings`) from stored ``settings["seats"]``;
    whether all was clean.  A table missing keeps its defaults silently."""
    if not isinstance(data, dict):
        return False
    clean = True
    for fmt, stored in data.items():
        if fmt not in FORMATS:
            clean = False
            continue
        seats, ok = parse_seats(fmt, stored)
        out[fmt] = seats_json(seats)
        clean = clean and ok
    return clean


def chosen(settings: dict[str, Any], fmt: str | None = None) -> tuple[Seat, ...]:
    """The seats chosen in the menu for table ``fmt`` (the chosen table by default)."""
    fmt = fmt or settings["format"]
    return parse_seats(fmt, settings.get("seats", {}).get(fmt))[0]


def apply_change(settings: dict[str, Any], field: str, value: Any) -> bool:
    """A menu input changed: ``seat-<n>`` (its kind) or ``seat-name-<n>`` (a person's
    name), for the chosen table.  Returns whether ``field`` was a seat field
    that changed something; anything malformed is ignored."""
    if not isinstance(field, str) or not field.startswith("seat-"):
        return False
    fmt = settings["format"]
    naming = field.startswith("seat-name-")
    index = field[len("seat-name-"):] if naming else field[len("seat-"):]
    if not index.isdigit() or not 0 <= int(index) < FORMATS[fmt].players:
        return False
    seat = int(index)
    current = list(chosen(settings, fmt))
    if naming:
        new = Seat(current[seat].kind, clean_name(value, fmt, seat))
    elif value in KINDS and seat != 0:
        new = Seat(value, current[seat].name)
    else:
        return False
    if new == current[seat]:
        return False
    current[seat] = new
    settings.setdefault("seats", default_settings())[fmt] = seats_json(tuple(current))
    return True
