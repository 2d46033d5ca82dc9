"""The menu before Python: what the build writes into the page, and the hand-over.

Why: the engine needs seconds to start, the menu does not.  The build writes
the table's frame into ``index.html`` and, as data, the menu's markup made by
``render.menu_html`` — the one renderer.  ``web/page/menu.js`` only shows that
markup and remembers what the player touches, in the settings' own shape; it
validates nothing.  When Python is up, ``window.burkozelMenu.takeOver()`` says
what the player did (:class:`EarlyMenu`); Python validates it with
``storage.load_settings`` (the one validator) and leaves the menu's markup
alone when its own would be the same (no flash, no lost focus).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from burkozel import FORMATS
from table.i18n import languages
from table.match import seats, storage
from table.view import render

ACTIONS = ("new", "continue", "p2p", "online-find")
"""Buttons of the early menu that wait for the engine."""
LINK_ACTIONS = ("p2p", "online-find")
"""Of those, the ones that open a dialog of play with people («Играть с другом», «Найти игру»):
pressed before the engine is up, the dialog opens once it is (a tap is never lost)."""

DIALOGS = ("menu", "rules")


def menu_ui(has_match: bool) -> dict[str, Any]:
    """The menu state the early page can know: every bot level, a saved match or
    not, no note about the saved match's settings (that needs the engine)."""
    return {"levels": ("easy", "medium", "hard"), "can_continue": has_match, "settings_pending": False}


def table_menu(fmt: str, has_match: bool, lang: str = languages.DEFAULT, players: int | None = None) -> str:
    """The menu in ``lang`` with table ``fmt`` chosen (at ``players`` seats, where it
    has a choice) and every other setting at its default."""
    settings = storage.default_settings(lang)
    settings["format"] = fmt
    if players is not None:
        seats.apply_change(settings, "players", str(players))
    return render.menu_html(settings, menu_ui(has_match))


def _menu_shapes() -> list[tuple[str, str, int | None]]:
    """Each pre-rendered menu: its key in ``menus`` (``fmt``, or ``fmt/<players>`` for
    another number of players than the table's default), its table, its players."""
    out: list[tuple[str, str, int | None]] = [(fmt, fmt, None) for fmt in FORMATS]
    for fmt in FORMATS:
        out += [(f"{fmt}/{n}", fmt, n) for n in seats.seat_counts(fmt) if n != FORMATS[fmt].players]
    return out


_BETWEEN_TAGS = re.compile(r"(?<=>)(?=<)")


class Pieces:
    """Markup cut between tags, each distinct piece kept once, and a menu told as
    the edit of another.

    Why: the page carries a menu per table, per seat count at a table that lets a
    match choose, with and without «Продолжить партию», in every language; they
    differ in a few inputs and rows.  As piece numbers, and each variant as its
    edit of the table's first menu, they take ≈ 13 kB instead of 140 kB of every
    first visit.  ``web/page/menu.js`` decodes them as :meth:`decode` and :meth:`apply` do."""

    def __init__(self) -> None:
        self.pieces: list[str] = []
        self._number: dict[str, int] = {}

    def encode(self, markup: str) -> list[int]:
        numbers = []
        for piece in _BETWEEN_TAGS.split(markup):
            if piece not in self._number:
                self._number[piece] = len(self.pieces)
                self.pieces.append(piece)
            numbers.append(self._number[piece])
        return numbers

    def decode(self, numbers: list[int]) -> str:
        """The pieces joined back."""
        return "".join(self.pieces[n] for n in numbers)

    @staticmethod
    def edit(base: list[int], numbers: list[int]) -> list[Any]:
        """``numbers`` as an edit of ``base`` along their longest common subsequence:
        ``n`` copies the next n of base, ``-n`` skips n of them, a list puts its numbers in."""
        n, m = len(base), len(numbers)
        common = [[0] * (m + 1) for _ in range(n + 1)]  # common[i][j]: of base[i:] and numbers[j:]
        for i in range(n - 1, -1, -1):
            for j in range(m - 1, -1, -1):
                common[i][j] = common[i + 1][j + 1] + 1 if base[i] == numbers[j] else \
                    max(common[i + 1][j], common[i][j + 1])
        ops: list[Any] = []

        def add(op: Any) -> None:
            last = ops[-1] if ops else None
            if isinstance(op, list) and isinstance(last, list):
                last += op
            elif isinstance(op, int) and isinstance(last, int) and (op > 0) == (last > 0):
                ops[-1] = last + op
            else:
                ops.append(op)

        i = j = 0
        while i < n or j < m:
            if i < n and j < m and base[i] == numbers[j]:
                add(1)
                i, j = i + 1, j + 1
            elif j < m and (i == n or common[i][j + 1] >= common[i + 1][j]):
                add([numbers[j]])
                j += 1
            else:
                add(-1)
                i += 1
        return ops

    @staticmethod
    def apply(base: list[int], ops: list[Any]) -> list[int]:
        """The numbers an :meth:`edit` of ``base`` stands for."""
        out: list[int] = []
        at = 0
        for op in ops:
            if isinstance(op, list):
                out += op
            elif op > 0:
                out += base[at:at + op]
                at += op
            else:
                at -= op
        return out


def menu_numbers(menus: dict[str, list[Any]], key: str, saved: bool) -> list[int]:
    """The piece numbers of menu ``key`` (with «Продолжить партию» if ``saved``) in one
    language's ``menus``: a list, or ``{"edit": …}`` of the same menu without the button,
    or ``{"of": key, "edit": …}`` of another table's first menu (as ``menu.js`` reads them)."""
    entry = menus[key][int(saved)]
    if isinstance(entry, list):
        return entry
    return Pieces.apply(menu_numbers(menus, entry.get("of", key), False), entry["edit"])


def _encoded_menus(pieces: Pieces, lang: str) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {}
    for key, fmt, players in _menu_shapes():
        fresh, saved = (pieces.encode(table_menu(fmt, has_match, lang, players)) for has_match in (False, True))
        first = fresh if key == fmt else {"of": fmt, "edit": pieces.edit(menu_numbers(out, fmt, False), fresh)}
        out[key] = [first, {"edit": pieces.edit(fresh, saved)}]
    return out


def page_data() -> dict[str, Any]:
    """What ``web/page/menu.js`` reads from ``<script id="menu-data">``: per language,
    the menus (``Pieces`` and their edits, :func:`menu_numbers`), the frame's worded
    regions and attributes (``render.frame_regions``, ``render.frame_attrs``) and the
    boot lines — so a change of language works before Python, with the table's own markup."""
    langs = {code: languages.for_lang(code) for code in languages.LANGS}
    pieces = Pieces()
    menus = {code: _encoded_menus(pieces, code) for code in languages.LANGS}
    return {
        "settingsKey": storage.SETTINGS_KEY,
        "matchKey": storage.MATCH_KEY,
        "schema": storage.SCHEMA,
        "defaults": json.loads(storage.dump_settings(storage.default_settings())),
        "langs": list(languages.LANGS),
        "readers": languages.readers(),
        "menus": menus,
        "pieces": pieces.pieces,
        "frame": {code: {"regions": render.frame_regions(t), "attrs": render.frame_attrs(t)}
                  for code, t in langs.items()},
        "texts": {code: {"new": t.EARLY_DEALING, "continue": t.EARLY_RESUMING,
                         **dict.fromkeys(LINK_ACTIONS, t.EARLY_OPENING)} for code, t in langs.items()},
    }


def boot_data() -> dict[str, Any]:
    """What ``web/page/boot.js`` reads from ``<script id="boot-words">``: the languages, who
    reads which (``languages.lang_for_browser``) and each one's boot screen words."""
    return {"langs": list(languages.LANGS), "readers": languages.readers(),
            "words": {code: languages.for_lang(code).catalogue.boot for code in languages.LANGS}}


@dataclass(frozen=True)
class EarlyMenu:
    """What the player did in the menu before Python was up."""

    action: str | None = None
    """One of :data:`ACTIONS` if pressed (the engine must do it now), else ``None``."""
    dialogs: tuple[str, ...] = ()
    """The early dialogs open right now, bottom to top."""
    shown: str | None = None
    """The settings the early menu shows, as ``storage`` JSON text (``None``: no early menu)."""
    changed: bool = False
    """Whether the player changed any setting there (then ``shown`` is what they chose)."""
    has_match: bool = False
    """Whether it offered «Продолжить партию» (a saved match was there)."""

    @classmethod
    def from_json(cls, raw: Any) -> "EarlyMenu":
        """Read ``takeOver()``'s answer; anything odd counts as no early menu."""
        try:
            data = json.loads(raw) if isinstance(raw, str) else None
        except ValueError:
            data = None
        if not isinstance(data, dict):
            return cls()
        action = data.get("action")
        dialogs = data.get("dialogs")
        shown = data.get("settings")
        return cls(
            action=action if action in ACTIONS else None,
            dialogs=tuple(d for d in dialogs if d in DIALOGS) if isinstance(dialogs, list) else (),
            shown=json.dumps(shown) if isinstance(shown, dict) else None,
            changed=data.get("changed") is True,
            has_match=data.get("hasMatch") is True,
        )

    def shown_settings(self) -> dict[str, Any] | None:
        """The settings on screen, read as the table reads its own (``None``: none shown)."""
        if self.shown is None:
            return None
        return storage.load_settings(self.shown)[0]

    def dialogs_after(self, dialogs: list[str], can_continue: bool) -> list[str]:
        """The dialogs the table opens with, given those it would open by itself.

        A deal asked for early opens none; «Продолжить» closes the menu if the
        match could be restored (else the menu stays, with the engine's notice);
        otherwise the table's own choice (the menu, or none over a finished
        round's result), with the rules kept open if the player is reading them."""
        if self.action == "new":
            return []
        if self.action == "continue":
            return [] if can_continue else ["menu"]
        if "rules" in self.dialogs and "rules" not in dialogs:
            return [*dialogs, "rules"]
        return list(dialogs)

    def menu_markup_kept(self, wanted: str) -> bool:
        """Whether the early menu already shows ``wanted`` (the table's own markup):
        the same settings on the same pre-rendered menu."""
        settings = self.shown_settings()
        if settings is None or "menu" not in self.dialogs:
            return False
        chosen = seats.chosen(settings, settings["format"])
        if any(s.kind != d.kind or not seats.is_default_name(s.name)
               for s, d in zip(chosen, seats.default_seats(settings["format"], len(chosen)))):
            return False  # the pre-rendered rows are bots with their seats' names: a person's row needs its name input
        return render.menu_html(settings, menu_ui(self.has_match)) == wanted
