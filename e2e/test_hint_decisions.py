"""«Подсказка» at every kind of decision at every table — a lead, a beat, a discard, «31»,
«даве», the answer to a «даве» (accept or fold) and the answer to an out-of-turn lead —
answers, with no console error, and the player can select cards and act after it.

Each position is found by ``decisions.find`` and opened as the saved match the page
resumes («Продолжить партию»). The hint once raised KeyError at «даве», «Пас» and
«Принять», stayed at «думает…» and left the hand unselectable."""

from __future__ import annotations

import pytest

from decisions import decisions_at, find
from tablekit import open_position, play_by_clicks, table_fixtures
from burkozel import FORMATS
from table.i18n import languages

shared, table = table_fixtures()
RU = languages.for_lang("ru")
CASES = [(fmt, kind) for fmt in FORMATS for kind in decisions_at(fmt)]


@pytest.mark.parametrize("fmt, decision", CASES, ids=[f"{f}-{k}" for f, k in CASES])
def test_a_hint_at_every_decision_answers_and_the_player_acts_after_it(table, fmt, decision):
    page = table
    position = find(fmt, decision)
    view = position.view()
    open_position(page, position)
    assert page.get_attribute("#table", "data-turn") == "me"
    page.click("#coach [data-action=hint]")
    page.wait_for_function("document.querySelector('#hint .advice, #hint.hint-failed') !== null", timeout=60_000)
    assert not page.locator("#hint.hint-failed").count(), page.text_content("#hint")
    advice = page.text_content("#hint .advice")
    said = [RU.hint_move(m.kind, [str(c) for c in m.cards], fmt) for m in view.legal_moves]
    assert any(s in advice for s in said), (advice, said)
    if decision == "answer":  # both answers are the options it compares
        assert "принять «даве»" in page.text_content("#hint") and "пас" in page.text_content("#hint ol")

    # The hint does not hold the table: cards select, the move's button plays.
    kinds = [m for m in view.legal_moves if m.kind == {"answer": "fold", "out_of_turn": "discard"}.get(decision, decision)]
    play_by_clicks(page, kinds[-1] if kinds else view.legal_moves[0])
