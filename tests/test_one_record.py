"""Each piece of knowledge and each rule in one place: the copies that once
worked out what a seat has seen, which plays lie face down, who draws after a
trick and when «31» and «даве» may be said are gone from the engine, the bots
and the table, and do not come back (the one place is ``burkozel/kernel.py``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted(p for d in ("burkozel", "web/table") for p in (ROOT / d).rglob("*.py"))

COPIES = {
    "a play's faces as a seat saw them (PlayView.faces)": (r"cards or \w*\.?own\b|\[\"cards\"\] or ", {"burkozel/view.py"}),
    "which plays lie face down (kernel.face_down)": (r"== DISCARD and not \w*\.?open_discards", {"burkozel/kernel.py"}),
    "the record of cards gone (Deal.see)": (r"\bgone \|=|gone_points \+=|own_points\[[^]]*\] \+=", {"burkozel/kernel.py"}),
    "a side's seen points (Deal.see_taken)": (r"seen_points\[[^]]*\] \+=|unseen_taken\[[^]]*\] \+=", {"burkozel/kernel.py"}),
    "the record rebuilt from a view (SeatView.seen)": (r"Seen\.of_view|def unseen_mask|def card_mask", set()),
    "the draw after a trick (kernel.drawers)": (r"stock\.pop\(\)|\* view\.players|s = 1 - s\b", {"burkozel/kernel.py"}),
    "the draw's first seat (kernel.first_drawer)": (r"leader if \w*\.?draw_from_leader|draw_first == \"leader\"",
                                                    {"burkozel/kernel.py"}),
    "«31» after the first trick (kernel.declaration_open)":
        (r"tricks_done > 0|len\(self\.history\) > 0|declaration is not None and \w+\.tricks_done", set()),
    "«даве» once a deal (kernel.raise_open)": (r"not self\.raised >> seat|self\.seat not in self\.raised", set()),
    "may_declare meaning only «31» is legal now (check_move takes declares)":
        (r"may_declare=[^,)]*declaration is not None", set()),
}


@pytest.mark.parametrize("what", COPIES)
def test_no_copy_is_left(what):
    pattern, allowed = COPIES[what]
    found = []
    for path in SOURCES:
        rel = path.relative_to(ROOT).as_posix()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(pattern, line) and rel not in allowed:
                found.append(f"{rel}:{n}: {line.strip()}")
    assert not found, f"{what} is written again:\n" + "\n".join(found)


def test_the_patterns_find_the_old_copies():
    """Each pattern matches the line it was written against (a pattern that
    matches nothing would pass for ever)."""
    old = {
        "a play's faces as a seat saw them (PlayView.faces)": "points += sum(POINTS_OF[c] for c in p.cards or p.own)",
        "which plays lie face down (kernel.face_down)": "if kind == DISCARD and not self.open_discards:",
        "the record of cards gone (Deal.see)": "d.own_points[p.seat] += POINTS_OF[c]",
        "a side's seen points (Deal.see_taken)": "d.seen_points[rules.side_of(t.winner)] += shown",
        "the record rebuilt from a view (SeatView.seen)": "seen = Seen.of_view(view)",
        "the draw after a trick (kernel.drawers)": "stock -= trick.size * view.players",
        "the draw's first seat (kernel.first_drawer)": 's = tv.leader if table.draw_first == "leader" else tv.winner',
        "«31» after the first trick (kernel.declaration_open)":
            "if st.declaration is not None and st.tricks_done and my_points >= st.declaration:",
        "«даве» once a deal (kernel.raise_open)": "and self.seat not in self.raised)",
        "may_declare meaning only «31» is legal now (check_move takes declares)":
            "may_declare=d.table.declaration is not None, first_trick=d.tricks_done == 0,",
    }
    assert set(old) == set(COPIES)
    for what, line in old.items():
        assert re.search(COPIES[what][0], line), what


CODE = sorted(p for d in ("burkozel", "web") for ext in ("*.py", "*.js", "*.mjs") for p in (ROOT / d).rglob(ext)
              if "vendor" not in p.parts)


@pytest.mark.parametrize("name", ["TABLES", "SPEEDS", "MAX_SEED"])
def test_one_definition_of_each_name(name):
    defined = [p.relative_to(ROOT).as_posix() for p in CODE
               if re.search(rf"^{name}\b[^=\n]*=", p.read_text(encoding="utf-8"), re.M)]
    assert len(defined) == 1, f"{name} is defined in {defined}"


def test_no_issue_numbers_in_the_code():
    found = [f"{p.relative_to(ROOT).as_posix()}: {m.group(0)}" for p in CODE
             for m in re.finditer(r"\bissues? #?\d+", p.read_text(encoding="utf-8"), re.I)]
    assert not found


def test_round_seeded_is_the_constructor_and_round_deal_the_deal():
    from burkozel import Match, Round, TableRules
    from burkozel.kernel import Deal

    rnd = Round.seeded(TableRules("duel"), seed=3)
    assert isinstance(rnd.deal, Deal) and not hasattr(Round, "deal")
    assert rnd.hands == Match(TableRules("duel"), seed=3).round.hands
