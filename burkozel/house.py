"""«Домашние правила» (RULES-house.md): the house-rule switches as data.

A switch is one :class:`Switch` in :data:`SWITCHES` (its replay key, the
values it may take, its default, the menu's row); a table lists the keys it
has (:attr:`RuleSet.house_keys`).  A match's choice of them is one frozen
:class:`HouseRules` value carried by :class:`~burkozel.rules.TableRules`;
the rule set a match plays is the table's with each switch's effect applied
(:func:`apply_house`), so the kernel asks the rule set, never the switch.

>>> house = HouseRules(match="robber11")
>>> house.changed()
{'match': 'robber11'}
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Mapping

OPEN_SEATS: tuple[tuple[int, ...], ...] = ((), (0,), (1,), (0, 1))
"""The values of ``open``: which seats of Бура «31» play open (RULES-house.md §6.2)."""


@dataclass(frozen=True)
class Switch:
    """One row of RULES-house.md §0: ``key`` (the replay's and the saved
    data's name), the ``values`` it may take (the default among them),
    ``menu`` (the row's words in Russian, the catalogues translate),
    ``offered`` (the values the menu offers, in order: all of ``values``
    unless the book narrows it, as for ``handicap``), the book's
    ``section`` and what it ``needs``."""

    key: str
    values: tuple[Any, ...]
    default: Any
    menu: str
    section: str
    offered: tuple[Any, ...] = ()
    needs: tuple[tuple[str, Any], ...] = ()
    """Other switches it is meaningful with only, as ``(key, value)`` pairs
    (``handicap`` and ``open_four`` need one open seat)."""

    def __post_init__(self) -> None:
        if not self.offered:
            object.__setattr__(self, "offered", self.values)

    def check(self, value: Any) -> Any:
        """``value`` as the switch keeps it (a list of open seats becomes a
        tuple); ``ValueError`` naming the key if it is not one of its values."""
        if isinstance(value, (list, tuple)):  # a set of seats: in any order, each once
            try:
                value = tuple(sorted(value))
            except TypeError:
                raise ValueError(f"{self.key} cannot be {value!r}") from None
        if not any(type(value) is type(v) and value == v for v in self.values):
            raise ValueError(f"{self.key} cannot be {value!r}")
        return value


SWITCHES: tuple[Switch, ...] = (
    Switch("elimination", (False, True), False, "Выбывание при 12", "1"),
    Switch("six", ("no_points", "no_tricks"), "no_points", "Шесть — только без взяток", "2"),
    Switch("both_bura", ("beat", "top", "void"), "beat", "Две буры", "3.6"),
    Switch("redeal", (False, True), False, "Пересдача при комбинации", "4"),
    Switch("no_trump", (False, True), False, "Без козырей", "5"),
    Switch("open", OPEN_SEATS, (), "Открытые карты", "6"),
    Switch("handicap", tuple(range(31)), 0, "Фора открытому", "6.3", offered=(0, 3, 5, 10), needs=(("open", (0,)),)),
    Switch("open_four", (False, True), False, "Открытый держит четыре", "6.4", needs=(("open", (0,)),)),
    Switch("spades", (True, False), True, "Пики козырем не бьются", "7.5"),
    Switch("match", ("penalties", "robber11", "robber21"), "penalties", "Роббер", "8"),
    Switch("next_dealer", ("alternate", "winner"), "alternate", "Сдаёт победитель", "8.3"),
)
"""Every switch of RULES-house.md §0 but the combinations (``combos`` ids, which
are the tables' :class:`~burkozel.rules.Combination` objects)."""

SWITCH: dict[str, Switch] = {s.key: s for s in SWITCHES}

EXCLUSIVE_COMBOS: tuple[tuple[str, str], ...] = (("moscow", "moscow_lead"), ("small_moscow", "small_moscow_sixes"))
"""Combination ids that exclude each other (RULES-house.md §3.2)."""

HANDICAP_PRESET = 5
"""The handicap the menu presets for one open seat of three cards (§6.3)."""


@dataclass(frozen=True)
class HouseRules:
    """A match's house rules: every switch of :data:`SWITCHES`, each at its
    default unless chosen.  Which of them a table has is the table's
    (:attr:`RuleSet.house_keys`, :func:`~burkozel.rules.switches_for`); :func:`check_house` refuses the others."""

    elimination: bool = False
    six: str = "no_points"
    both_bura: str = "beat"
    redeal: bool = False
    no_trump: bool = False
    open: tuple[int, ...] = ()
    handicap: int = 0
    open_four: bool = False
    spades: bool = True
    match: str = "penalties"
    next_dealer: str = "alternate"

    def __post_init__(self) -> None:
        for f in fields(self):
            object.__setattr__(self, f.name, SWITCH[f.name].check(getattr(self, f.name)))
        if (self.open_four or self.handicap) and len(self.open) != 1:
            raise ValueError("open_four and handicap need exactly one open seat")

    def changed(self) -> dict[str, Any]:
        """The switches not at their default, as JSON data (``open`` a list)."""
        out = {}
        for s in SWITCHES:
            value = getattr(self, s.key)
            if value != s.default:
                out[s.key] = list(value) if isinstance(value, tuple) else value
        return out

    @property
    def is_default(self) -> bool:
        return not self.changed()

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "HouseRules":
        """Switches by key (absent: default); ``ValueError`` names an unknown key or value."""
        if not isinstance(data, Mapping):
            raise ValueError(f"house rules are an object, not {type(data).__name__}")
        unknown = sorted(set(data) - set(SWITCH))
        if unknown:
            raise ValueError(f"unknown house rule {unknown[0]!r}")
        return cls(**{k: SWITCH[k].check(v) for k, v in data.items()})


DEFAULT_HOUSE = HouseRules()


def check_house(table, house: HouseRules, combos: tuple[str, ...] = ()) -> None:
    """``ValueError`` naming the switch and the table when ``house`` sets a
    switch ``table`` lacks, or ``combos`` names ids that exclude each other."""
    for key in house.changed():
        if key not in table.house_keys:
            raise ValueError(f"{table.name} has no switch {key!r}")
    for a, b in EXCLUSIVE_COMBOS:
        if a in combos and b in combos:
            raise ValueError(f"{a} and {b} exclude each other")
