"""No layout shift on a phone upright while a deal is played: what comes and goes during a
deal — «берёт» on a seat whose last line already holds «4 карты · козырь ♣», the stock running
out (the deck becomes the trump's badge and its two lines), a one-line or a two-line prompt,
the pile your seat gets at the first trick — leaves the trick and the hand where they were; at a
pot of five or six on a taller phone, and of five on a small one, the marks on the seats' short
chips move no row either.

Why geometry and not a clock: the page's ``layout-shift`` entries (bench/layout_shift.py)
need whole deals; here each of those changes is drawn into a position as the table draws it
(the renderer's own markup) and the trick's and the hand's boxes are compared, at each phone
size, in Russian (the longest words)."""

from __future__ import annotations

import re

import pytest

from decisions import find
from tablekit import table_fixtures
from tablekit import open_position

from table.i18n import languages
from table.match import screen
from table.view import coachview, render

shared, table = table_fixtures()
RU = languages.for_lang("ru")
PHONES = [(360, 640), (390, 844), (412, 915)]
FOOT = re.compile(r'<div class="seat-foot">(.*?)</div></div>$')

BOXES_JS = """() => Object.fromEntries(['#trick', '#hand'].map((s) => {
  const r = document.querySelector(s).getBoundingClientRect();
  return [s, [Math.round(r.top), Math.round(r.height)]];
}))"""

ROWS_JS = """() => ['#deck', '#me', '#status', '.seat-slot'].map((s) => `${s} ${Math.round(
  document.querySelector(s).getBoundingClientRect().height)}`).join(', ')"""
"""The rows' heights, to say what moved them."""

DRAW_JS = """([sel, html]) => { for (const el of document.querySelectorAll(sel)) el.innerHTML = html; }"""
FOOTS_JS = """(html) => { for (const foot of document.querySelectorAll('#table .seat-slot .seat-foot')) foot.innerHTML = html; }"""


def changes(fmt: str, players: int | None):
    """A position with the stock not out after the deal's first trick, and each change a deal
    makes there, as (what, where, the markup the renderer draws there)."""
    pos = find(fmt, "after_a_trick", players=players)
    view = pos.view().to_dict()
    names = list(RU.SEATS_BY_COUNT[len(view["hand_sizes"])])
    ui = {"names": names, "positions": ["bottom"] * len(names), "lang": "ru"}
    drew = dict(view, stock=0, trump_drawn_by=1, hand_sizes=[4] * len(names), trick=None)
    foot = FOOT.search(render.seat_html(drew, ui, 1)).group(1)  # «4 карты · козырь ♣»
    taking = FOOT.search(render.seat_html(dict(drew, trick={"winner": 1}), ui, 1)).group(1)
    out_of_stock = dict(view, stock=0, trump_drawn_by=max(range(1, len(names)), key=lambda s: len(names[s])))
    pile = coachview.pile_html(view, RU)
    return pos, [
        ("a long last line", "foot", foot),
        ("«берёт» after it", "foot", taking),
        ("the stock out", "#deck", render.deck_html(out_of_stock, names, RU)),
        ("a one-line prompt", "#status", f'<p class="prompt">{RU.THINKING}</p>'),
        ("a two-line prompt", "#status", '<p class="prompt">Ваш ответ: 1 карту — побейте или сбросьте</p>'),
        *([("no pile yet", "#me .pile", "")] if pile else []),
    ]


@pytest.mark.parametrize("fmt, players", [("pairs", None), ("four", None), ("three", None), ("duel", None),
                                          ("bura31", None)])
def test_what_a_deal_changes_moves_nothing(table, fmt, players):
    pos, steps = changes(fmt, players)

    def draw(page, sel: str, html: str) -> None:
        if sel == "foot":
            page.evaluate(FOOTS_JS, html)
        elif sel == "#me .pile":
            page.evaluate("() => document.querySelector('#me .pile')?.remove()")
        else:
            page.evaluate(DRAW_JS, [sel, html])

    problems = moves(table, pos, PHONES, [(what, (sel, html)) for what, sel, html in steps], draw, BOXES_JS,
                     lambda page: f" ({page.evaluate(ROWS_JS)})")
    assert not problems, "\n".join(problems)


def moves(page, pos, sizes, steps, draw, boxes_js: str, detail=lambda page: "") -> list[str]:
    """At each size, the position drawn afresh and each step drawn on it in turn: what each
    step moved (``boxes_js``'s boxes before and after), as lines for the assertion."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_position(page, pos)
    problems = []
    for w, h in sizes:
        page.set_viewport_size({"width": w, "height": h})
        before = page.evaluate(boxes_js)
        for what, change in steps:
            draw(page, *change)
            now = page.evaluate(boxes_js)
            if now != before:
                problems.append(f"{w}x{h} {what}: {before} -> {now}{detail(page)}")
        open_position(page, pos)  # the table as it was, for the next size
    return problems


TALL_PHONES = [(390, 844), (412, 915)]
ROWS_AT_POT_JS = """() => [...document.querySelectorAll('#trick, #hand, #table .seat-slot')]
  .filter((e) => e.getBoundingClientRect().height > 0)
  .map((e) => `${e.id} ${Math.round(e.getBoundingClientRect().top)}+${Math.round(e.getBoundingClientRect().height)}`)"""
SEATS_JS = """(seats) => { for (const [id, html] of Object.entries(seats)) document.getElementById(id).innerHTML = html; }"""


def pot_changes(players: int):
    """A pot's position at a beat, and what a deal draws on its seats' short chips, each on
    every seat at once (the fullest the rows get): «берёт»; «сдаёт» with it; a «даве» and every
    other seat's «принял · N фишек»; «пас»; a hand shown at the deal's end."""
    pos = find("bura_pot", "beat", players=players)
    view = pos.view().to_dict()
    names = list(RU.SEATS_BY_COUNT[players])
    ui = {"names": names, "positions": list(screen.seat_positions(players, 0)), "lang": "ru"}
    others = range(1, players)
    said = {"raiser": 1, "said": [[s, view["stake"]] for s in others if s != 1]}

    def drawn(view_of, ui_of=lambda s: ui) -> dict[str, str]:
        return {f"seat-{s}": render.seat_html(view_of(s), ui_of(s), s) for s in others}

    return pos, [
        ("«берёт»", drawn(lambda s: dict(view, trick={"winner": s}))),
        ("«сдаёт» and «берёт»", drawn(lambda s: dict(view, trick={"winner": s}, dealer=s))),
        ("a «даве» answered", drawn(lambda s: dict(view, trick=None, raised=[1]), lambda s: dict(ui, answers=said))),
        ("«пас»", drawn(lambda s: dict(view, folded=list(others)))),
        ("a hand shown", drawn(lambda s: dict(view, shown=[["AS", "TS", "KS"]] * players))),
    ]


@pytest.mark.parametrize("players, sizes", [(6, TALL_PHONES), (5, [(360, 640), *TALL_PHONES])],
                         ids=["6", "5"])
def test_what_a_pot_deal_changes_moves_no_row(table, players, sizes):
    """At five and six a seat is a short chip whose marks come and go during a deal; on a
    taller phone upright the rows keep their height through all of them (a mark needing a line
    moved the trick by 15 px, a hand shown at the deal's end by 65: bench/layout_shift.py's
    0.089 over two deals), and at five on a small phone (360×640) too, where «берёт», «сдаёт»,
    the answers to a «даве» and «пас» each grew a row.  Six at 360×640 has not the height for
    it (bench/README.md, "Layout shift")."""
    pos, steps = pot_changes(players)
    problems = moves(table, pos, sizes, [(what, (seats,)) for what, seats in steps],
                     lambda page, seats: page.evaluate(SEATS_JS, seats), ROWS_AT_POT_JS)
    assert not problems, "\n".join(problems)
