"""What the table's languages share, written once and in no language: the suit
symbols and the penalty bands the texts quote (asked of the rule set, never restated).
"""

from __future__ import annotations

from typing import Any

from burkozel.cards import SUIT_SYMBOLS, TOTAL_POINTS
from burkozel.rules import CARDS_OUT, FALSE_DECLARATION, FORMATS

__all__ = ["HALF", "SUIT_SYMBOLS", "TOTAL_POINTS", "declaration_bands", "declaring_table", "pass_bands",
           "pass_mark_tables", "shared_penalty_limit", "value_key"]

HALF = TOTAL_POINTS // 2


def _band(fmt: str, end: str, points: list[int], side: int, seat: int | None = None) -> int:
    """The penalty ``side`` gets for a deal ending so: asked of the rule set, never restated."""
    return FORMATS[fmt].deal_result(end, points, seat)[1][side]


def pass_bands(fmt: str) -> dict[str, int]:
    """A pass-mark table's penalties for a side that did not have the most points:
    at the pass mark or more, below it, with no points at all."""
    mark = FORMATS[fmt].pass_mark
    return {"pass": _band(fmt, CARDS_OUT, [TOTAL_POINTS - mark, mark], 1),
            "below": _band(fmt, CARDS_OUT, [TOTAL_POINTS - mark + 1, mark - 1], 1),
            "zero": _band(fmt, CARDS_OUT, [TOTAL_POINTS, 0], 1)}


def declaration_bands(fmt: str) -> dict[str, int]:
    """A declaring table's penalties: a lost deal, and a false «31» for the declarer."""
    return {"lost": _band(fmt, CARDS_OUT, [HALF + 1, HALF - 1], 1),
            "false": _band(fmt, FALSE_DECLARATION, [0, 0], 0, seat=0)}


def pass_mark_tables() -> tuple[str, ...]:
    """The tables scored by a pass mark (no «31» to declare), one per way of scoring: a
    table scored as an earlier one is left out (трое as четверо)."""
    out: list[str] = []
    seen: set[tuple[int, tuple[int, ...]]] = set()
    for fmt, table in FORMATS.items():
        scoring = (table.pass_mark, tuple(pass_bands(fmt).values())) if table.declaration is None else None
        if scoring is not None and scoring not in seen:
            seen.add(scoring)
            out.append(fmt)
    return tuple(out)


def declaring_table() -> str:
    """The first table where a «31» is declared and no chips are played for (Бура «31»)."""
    return next(fmt for fmt, table in FORMATS.items() if table.declaration is not None and not table.has_pot)


def shared_penalty_limit() -> int:
    """The penalty limit every table without chips plays its match to: the rules dialog
    says «every match» once, which is only true while they share it."""
    limits = {table.penalty_limit for table in FORMATS.values() if not table.has_pot}
    if len(limits) != 1:
        raise ValueError(f"the tables play to different penalty limits {sorted(limits)}: no one limit to quote")
    return limits.pop()


def value_key(value: Any) -> str:
    """A house rule's value as words and links name it (the catalogues' ``HOUSE_VALUES`` and
    ``RULES_HOUSE``, a shared deal's ``house``): ``on``/``off``, a word as it is, a number in
    digits, seats joined by dots (``-``: none)."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, (list, tuple)):
        return ".".join(map(str, value)) or "-"
    return str(value)
