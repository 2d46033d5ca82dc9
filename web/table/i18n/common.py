"""What the table's languages share, written once and in no language: which
languages there are and who gets which by default, the suit symbols, the penalty
bands the rules dialog quotes (asked of the rule set, never restated), and how
a hint's reasoning is laid out (each language only lends its words).

Why a module of its own: both languages need these, and neither may import the
other; ``ru`` and ``en`` hand these names on, so each has them all.
"""

from __future__ import annotations

from types import ModuleType

from burkozel.rules import CARDS_OUT, FALSE_DECLARATION, FORMATS

LANGS = ("ru", "en")
"""The languages the table speaks; the first is the default."""
RUSSIAN_READERS = ("ru", "uk", "be", "kk")
"""Browser languages whose readers get Russian by default (others get English)."""


def lang_for_browser(languages: "list[str] | tuple[str, ...]") -> str:
    """The default language for a browser whose preferred languages are
    ``languages`` (``navigator.languages``): Russian for readers of Russian,
    English otherwise.  web/page/menu.js and web/page/boot.js decide the same way."""
    first = next((str(x) for x in languages if x), "")
    return "ru" if first.lower().split("-")[0] in RUSSIAN_READERS else "en"


SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

TOTAL_POINTS = 120
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


def hint_text(hint, t: ModuleType) -> tuple[str, list[str], str]:
    """(the advice, one line per option, why) for a :class:`hint.Hint` in the words of
    ``t`` (``ru`` or ``en``): the reasoning is written once for both.
    Where a deal is won or lost (two players, «31») an option shows the chance to
    win it; where a pass mark counts, the chance to reach it."""
    table = FORMATS[hint.format]
    by_deal = table.declaration is not None or table.players == 2

    def outlook(o) -> str:
        if by_deal:
            return t.HINT_OUTLOOK_DEAL.format(penalty=t._num(o.penalty), wins=t._pct(o.wins))
        return t.HINT_OUTLOOK_PASS.format(penalty=t._num(o.penalty), mark=table.pass_mark, passes=t._pct(o.passes))

    best = t.hint_move(hint.move.kind, [str(c) for c in hint.move.cards])
    if hint.forced:
        why = t.HINT_FORCED_DECLARE if hint.move.kind == "declare" else t.HINT_FORCED_ONLY
        return t.HINT_HEAD.format(best=best), [], why
    rows = [f"{t.hint_move(o.move.kind, [str(c) for c in o.move.cards])}: {outlook(o)}" for o in hint.options]
    why = t.HINT_WHY
    if hint.options:
        why += t.HINT_WORLDS.format(worlds=hint.options[0].worlds)
        if len(hint.options) > 1:
            gap = hint.options[1].penalty - hint.options[0].penalty
            why += t.HINT_GAP.format(gap=t._num(gap)) if gap > 0.05 else t.HINT_CLOSE
    return t.HINT_HEAD.format(best=best), rows, why + "."
