"""«Домашние правила» as the menu keeps them — pure functions on the settings' dicts.

Why a module: the switches are the engine's (``burkozel.house``: each table's
:class:`~burkozel.house.Switch` list, its values and default), and the menu, the
saved settings, the early menu before Python and the match's rules all speak of
them in one JSON shape: ``{"elimination": true, "open": [0], …}`` per table, every
switch the table has, nothing else.  No switch is named here but in
:func:`settle`, which is the menu's clause of RULES-house.md §6.3 (the preset
handicap) and the engine's «exactly one open seat».

A switch of two values is one checkbox (checked at ``True``, or at the value that
is not its default), of more a row of radio buttons; each input is
``name="house-<key>"`` with its value as JSON text (a checkbox's unchecked one in
``data-off``), which ``web/page/menu.js`` reads without knowing any switch.
"""

from __future__ import annotations

import json
from typing import Any

from burkozel.house import EXCLUSIVE_COMBOS, HANDICAP_PRESET, HouseRules, Switch
from burkozel.rules import switches_for

PREFIX = "house-"
"""The menu inputs' name prefix: ``house-<key>``."""


def as_json(value: Any) -> Any:
    """A switch's value as the settings keep it (a tuple of seats is a list)."""
    return list(value) if isinstance(value, tuple) else value


def text(value: Any) -> str:
    """A value as an input carries it: compact JSON (``[0,1]``, ``"winner"``, ``5``)."""
    return json.dumps(as_json(value), separators=(",", ":"), ensure_ascii=False)


def is_checkbox(switch: Switch) -> bool:
    """A switch of two values is one checkbox."""
    return len(switch.offered) == 2


def checkbox_values(switch: Switch) -> tuple[Any, Any]:
    """(checked, unchecked) of a checkbox switch: ``True``/``False``, else
    (the value that is not the default, the default)."""
    if set(switch.offered) == {True, False}:
        return True, False
    other = next(v for v in switch.offered if v != switch.default)
    return other, switch.default


def defaults(fmt: str) -> dict[str, Any]:
    """Table ``fmt``'s switches at their defaults (empty: it has none)."""
    return {s.key: as_json(s.default) for s in switches_for(fmt)}


def load(fmt: str, data: Any, out: dict[str, Any]) -> bool:
    """Fill ``out`` (:func:`defaults`) from stored ``data``; whether it was all clean.

    A value the switch does not take, or an unknown switch, is left out (its
    default stays) and makes it unclean; a choice the engine refuses as a whole
    (a handicap without one open seat, as the menu before Python may leave it)
    is settled as the menu would, without a word."""
    if not isinstance(data, dict):
        return False
    clean = not set(data) - set(out)
    for s in switches_for(fmt):
        if s.key not in data:
            continue
        try:
            out[s.key] = as_json(s.check(data[s.key]))
        except ValueError:
            clean = False
    settle(out, None)
    return clean


def rules_of(house: dict[str, Any] | None) -> HouseRules:
    """The :class:`HouseRules` of a table's kept switches (``None``: the defaults)."""
    return HouseRules.from_dict(house or {})


def settle(house: dict[str, Any], changed: str | None) -> None:
    """Keep a table's switches a choice the engine takes after ``changed`` moved
    (RULES-house.md §6.3–6.4): the handicap and four open cards only with exactly
    one open seat; the handicap preset for one open seat of three cards, 0 with four."""
    if "open" not in house:
        return
    if len(house["open"]) != 1:
        house["handicap"], house["open_four"] = 0, False
    elif changed in ("open", "open_four"):
        house["handicap"] = 0 if house["open_four"] else HANDICAP_PRESET


def change(fmt: str, house: dict[str, Any], name: str, value: str, checked: bool) -> bool:
    """A menu input ``house-<key>`` changed (its ``value``, and ``checked`` for a
    checkbox): set it if the value is one the switch takes; whether it did."""
    key = name[len(PREFIX):] if name.startswith(PREFIX) else None
    switch = next((s for s in switches_for(fmt) if s.key == key), None)
    if switch is None or key not in house:
        return False
    if is_checkbox(switch):
        new = checkbox_values(switch)[0 if checked else 1]
    else:
        try:
            new = switch.check(json.loads(value))
        except ValueError:
            return False
        if new not in switch.offered:
            return False
    house[key] = as_json(new)
    settle(house, key)
    return True


def exclusive(combos: dict[str, bool], turned_on: str) -> None:
    """A combination switched on turns off the one it excludes (RULES-house.md §3.2)."""
    for other in excluded_by(turned_on):
        if other in combos:
            combos[other] = False


def excluded_by(combo: str) -> tuple[str, ...]:
    """The combinations ``combo`` turns off when switched on (the menu's ``data-excludes``)."""
    return tuple(other for pair in EXCLUSIVE_COMBOS if combo in pair for other in pair if other != combo)


def exclusive_clean(combos: dict[str, bool]) -> bool:
    """Whether no two combinations that exclude each other are both on."""
    return not any(all(combos.get(c) for c in pair) for pair in EXCLUSIVE_COMBOS)


def changed(house: dict[str, Any] | None) -> dict[str, Any]:
    """The switches of ``house`` off their default, as JSON (what a link carries)."""
    return rules_of(house).changed()
