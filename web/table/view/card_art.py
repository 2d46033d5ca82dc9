"""The cards as markup: a face as inline SVG (corner indices, pips, court letters),
and a back with no identity at all (the order a hand is held in is the engine's,
the snapshot's ``held``).

Why a module of its own: the table, the coach's view and the peer's screen all
draw cards, and none of them should need the whole table renderer to do it.
No ``style=""``: every look is a class in ``table.css``.
"""

from __future__ import annotations


from table.i18n.languages import DEFAULT_TEXTS as texts
from table.i18n.texts import Texts

RED = {"D", "H"}

SUIT_PATHS = {
    "H": "M50 92C44 80 6 60 6 32 6 16 18 6 31 6c9 0 16 6 19 14 3-8 10-14 19-14 13 0 25 10 25 26 0 28-38 48-44 60z",
    "D": "M50 4C60 22 74 38 90 50 74 62 60 78 50 96 40 78 26 62 10 50 26 38 40 22 50 4z",
    "S": ("M50 4C58 20 92 38 92 62c0 14-10 22-21 22-8 0-14-4-17-9 1 9 5 16 12 21H34c7-5 11-12 12-21"
          "-3 5-9 9-17 9C18 84 8 76 8 62 8 38 42 20 50 4z"),
    "C": ("M50 6a19 19 0 0 1 17 27 19 19 0 1 1-11 33c1 11 5 20 12 28H32c7-8 11-17 12-28a19 19 0 1 1"
          "-11-33A19 19 0 0 1 50 6z"),
}

SVG_DEFS = (
    '<svg class="defs" width="0" height="0" aria-hidden="true" focusable="false"><defs>'
    + "".join(f'<symbol id="s-{s}" viewBox="0 0 100 100"><path d="{d}"/></symbol>' for s, d in SUIT_PATHS.items())
    + "</defs></svg>"
)

# Pip centres on a 60×84 card for the number cards (traditional layouts).
_L, _C, _R = 22.5, 30.0, 37.5
PIPS: dict[str, list[tuple[float, float]]] = {
    "6": [(_L, 20), (_R, 20), (_L, 42), (_R, 42), (_L, 64), (_R, 64)],
    "7": [(_L, 20), (_R, 20), (_C, 31), (_L, 42), (_R, 42), (_L, 64), (_R, 64)],
    "8": [(_L, 20), (_R, 20), (_C, 31), (_L, 42), (_R, 42), (_C, 53), (_L, 64), (_R, 64)],
    "9": [(_L, 19), (_R, 19), (_L, 34), (_R, 34), (_C, 42), (_L, 50), (_R, 50), (_L, 65), (_R, 65)],
    "T": [(_L, 19), (_R, 19), (_C, 26.5), (_L, 34), (_R, 34), (_L, 50), (_R, 50), (_C, 57.5), (_L, 65), (_R, 65)],
}
PIP = 9.0


def _use(suit: str, x: float, y: float, size: float, flip: bool = False) -> str:
    h = size / 2
    tr = f' transform="rotate(180 {x:g} {y:g})"' if flip else ""
    return f'<use href="#s-{suit}" x="{x - h:g}" y="{y - h:g}" width="{size:g}" height="{size:g}"{tr}/>'


def _centre(rank: str, suit: str, t: Texts) -> str:
    """The middle of a face: pips for 6–10, a framed letter for В/Д/К, one big pip for the ace."""
    if rank in PIPS:
        return '<g class="pips">' + "".join(_use(suit, x, y, PIP, y > 43) for x, y in PIPS[rank]) + "</g>"
    if rank == "A":
        return '<g class="pips">' + _use(suit, 30, 42, 30) + "</g>"
    letter = t.RANK_LABELS[rank]
    return ('<g class="pips court">'
            '<rect class="frame" x="14" y="15" width="32" height="54" rx="3"/>'
            f'<text class="court-letter" x="30" y="47">{letter}</text>'
            + _use(suit, 30, 24, 9) + _use(suit, 30, 60, 9, True) + "</g>")


def card_svg(code: str, t: Texts = texts) -> str:
    """The face of ``code`` ("AS") as inline SVG: corner indices and a centre."""
    rank, suit = code[0], code[1]
    label = t.RANK_LABELS[rank]
    idx = (f'<text class="idx" x="7.5" y="14">{label}</text>' + _use(suit, 7.5, 21, 8))
    return ('<svg viewBox="0 0 60 84" aria-hidden="true" focusable="false">'
            '<rect class="paper" x="0.5" y="0.5" width="59" height="83" rx="5"/>'
            f'{idx}<g transform="rotate(180 30 42)">{idx}</g>'
            f'{_centre(rank, suit, t)}'
            f'<g class="big">{_use(suit, 30, 50, 26)}</g>'
            "</svg>")


def card_classes(code: str, extra: str = "") -> str:
    colour = "red" if code[1] in RED else "black"
    return f"card face {colour}{' ' + extra if extra else ''}"


def face(code: str, extra: str = "", t: Texts = texts) -> str:
    """A face-up card that is not a control."""
    return (f'<span class="{card_classes(code, extra)}" data-card="{code}" role="img" '
            f'aria-label="{t.card_label(code)}">{card_svg(code, t)}</span>')


def back(extra: str = "") -> str:
    """A face-down card: no identity of any kind, by contract."""
    return f'<span class="card back{" " + extra if extra else ""}" aria-hidden="true"></span>'

