"""The trick reads on a phone: the cards played are wide enough to read their rank and suit,
with the seats around them named and nothing covering anything, at the cramped tables —
six and five at «Бура на кон», two with an open hand («открытая игра», RULES-house.md §6.2),
four players' tricks of four-card plays — on the phones upright and sideways, a tablet and a
laptop, in Russian (the longest words) and Ukrainian; and the everyday trick of one-card plays
at пары, четверо, трое and вдвоём on the smallest phone (пары's was 27 px there).

Why measured: the trick is a size container whose cards shrink with the room the seats leave
it (table.css); at six seats on a 360×640 phone a played card was 10 px wide, an open hand's
trick 18 px.  Positions are opened as saved matches, found by seeded play (as ``decisions``)."""

from __future__ import annotations

import pytest

from decisions import Position, first_moment
from tablekit import MATCH_KEY, table_fixtures, wait_settled
from test_layout import OVERLAPS_JS, PARTS
from test_newcomer_layout import COVERED_JS

from burkozel import FORMATS, TableRules
from burkozel.house import HouseRules

shared, table = table_fixtures()

SIZES = [(360, 640), (390, 844), (412, 915), (667, 375), (768, 1024), (1280, 800)]
READABLE = 32
"""A played card's least width in px: its corner's rank and suit read at arm's length."""
FANNED = 28
"""…and a card of a play of several, each overlapping the next (its corner shows)."""


def most_cards(rnd, rng):
    """A lead of as many cards as the hand allows, else any legal move."""
    leads = [m for m in rnd.legal_moves if m.kind == "lead"]
    if leads:
        n = max(len(m.cards) for m in leads)
        return rng.choice([m for m in leads if len(m.cards) == n])
    return rnd.random_move(rng)


def position(fmt, want, players=None, house=None, policy=None, combos=None) -> Position:
    """The first moment over seeds 1… where seat 0 is to act and ``want(view)`` holds, every
    seat playing ``policy`` (a seeded random legal move), the table's own combinations on
    unless ``combos`` says which."""
    rules = TableRules(fmt, FORMATS[fmt].combo_ids if combos is None else combos, players=players,
                       dave=FORMATS[fmt].has_pot, house=HouseRules.from_dict(house or {}))
    return first_moment(rules, want, "measured", range(1, 300), steps=300, policy=policy)


def answering_last(v) -> bool:
    """Every other seat has played: the fullest trick the player sees before their own play."""
    return v.trick is not None and len(v.trick.plays) == len(v.hand_sizes) - 1


def single_answering_last(v) -> bool:
    """The fullest trick of one-card plays, no combination led."""
    return answering_last(v) and v.trick.combo is None and len(v.trick.plays[0].cards) == 1


CASES = {
    "pot6": lambda: position("bura_pot", answering_last, players=6),
    "pot5": lambda: position("bura_pot", answering_last, players=5),
    "open": lambda: position("bura31", answering_last, house={"open": [1]}),
    "open_four": lambda: position("bura31", lambda v: answering_last(v) and len(v.trick.plays[0].cards) > 1,
                                  house={"open": [1], "open_four": True}),
    "four": lambda: position("four", lambda v: answering_last(v) and len(v.trick.plays[0].cards) == 4,
                             policy=most_cards, combos=()),  # no молодка: four-card plays only
    # The other tables' everyday trick, a card a play, on the smallest phone (at пары it was 27 px).
    **{f"{fmt}_single": (lambda fmt=fmt: position(fmt, single_answering_last)) for fmt in ("pairs", "four", "three",
                                                                                        "duel")},
}
SMALL = [(360, 640)]
SIZES_OF = {f"{fmt}_single": SMALL for fmt in ("pairs", "four", "three", "duel")}
"""The sizes a case is measured at (every size unless named): the single plays need only the
smallest phone, where the seats and the hand leave the trick least."""


def open_position(page, pos: Position, lang: str) -> None:
    """The saved position resumed («Продолжить партию») in ``lang``."""
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [MATCH_KEY, pos.saved()])
    page.reload()
    page.wait_for_selector("html[data-state=ready]", state="attached", timeout=90_000)
    page.wait_for_selector("#menu[open]", state="attached")
    page.check(f"#menu input[name=lang][value={lang}]")
    page.evaluate("window.burkozelSettled()")
    page.click("#menu [data-action=continue]")
    wait_settled(page)


MEASURE_JS = """() => {
  const trick = document.getElementById('trick').getBoundingClientRect();
  const plays = [...document.querySelectorAll('#trick .play')].map((p) => {
    const r = p.getBoundingClientRect();
    const cards = [...p.querySelectorAll('.card')].map((c) => c.getBoundingClientRect().width);
    return {left: r.left, right: r.right, n: cards.length, least: Math.min(...cards)};
  });
  return {plays, trick: {left: trick.left, right: trick.right}, W: innerWidth,
          scroll: document.documentElement.scrollWidth};
}"""


@pytest.mark.parametrize("case", list(CASES))
def test_the_cards_played_read_at_every_size(table, case):
    page = table
    pos = CASES[case]()
    players = len(pos.view().hand_sizes)
    problems = []
    for lang in ("ru", "uk"):
        page.set_viewport_size({"width": 390, "height": 844})
        open_position(page, pos, lang)
        for w, h in SIZES_OF.get(case, SIZES):
            page.set_viewport_size({"width": w, "height": h})
            seen = page.evaluate(MEASURE_JS)
            where = f"{lang} {w}x{h}"
            assert len(seen["plays"]) == players - 1, (where, seen)
            for i, play in enumerate(seen["plays"]):
                least = READABLE if play["n"] == 1 else FANNED
                if play["least"] < least:
                    problems.append(f"{where}: play {i} of {play['n']}: a card {play['least']:.0f} px wide")
                if play["left"] < seen["trick"]["left"] - 1 or play["right"] > seen["trick"]["right"] + 1:
                    problems.append(f"{where}: play {i} out of the trick's place {play} {seen['trick']}")
            if seen["scroll"] > w:
                problems.append(f"{where}: the page is {seen['scroll']} px wide")
            problems += [f"{where}: {o}" for o in page.evaluate(OVERLAPS_JS, PARTS)["overlaps"]]
            covered = page.evaluate(COVERED_JS, ["#trick .play", "#deck", "#status", "#coach .coach-btn"])
            assert covered["names"] == players, (where, covered)
            problems += [f"{where}: {c}" for c in covered["out"]]
    assert not problems, "\n".join(problems[:30])
