"""The answers to a «даве» at the pot table, on CPython: who accepted at what stake and
who folded, as the line on the table and the seats' badges say it, in every language."""

from __future__ import annotations

import pytest

import webpath  # noqa: F401

from burkozel import Move
from table.i18n import languages
from table.match import seats, storage
from table.match.screen import dave_answers
from table.match.table import Table
from table.view import render


def _raised_by_me(players: int, lang: str = "ru") -> Table:
    """A pot table at ``players`` seats, «даве» on, where seat 0 has just said «даве»."""
    settings, _ = storage.load_settings(None)
    settings.update(format="bura_pot", lang=lang)
    settings["tables"]["bura_pot"]["switches"]["dave"] = True
    seats.apply_change(settings, "players", str(players))
    for seed in range(40):
        table = Table(settings, speed="instant", seed=seed)
        table.new_match()
        while table.match.to_act != 0 and not table.match.round.is_over:
            view = table.match.view(table.match.to_act)
            table._push(view.seat, next(m for m in view.legal_moves if m.kind != "dave"))
        view = table.match.view(0)
        if not table.match.round.is_over and view.legal_kinds.get("dave"):
            table._push(0, Move.from_dict({"dave": True}))
            return table
    raise AssertionError("no deal where seat 0 may raise")


@pytest.mark.parametrize("players", [3, 6])
def test_the_bots_answers_are_shown_as_the_engine_books_them(players):
    table = _raised_by_me(players)
    stake = table.match.view(0).stake
    chips = list(table.match.chips)
    said = []
    kinds = ["accept", "fold"] * players
    while table.match.to_act != 0:
        seat = table.match.to_act
        kind = kinds[len(said)]
        table._push(seat, Move.from_dict({kind: True}))
        said.append((seat, kind))
        # The stacks are the engine's: an accept cost the old stake, a fold nothing.
        if kind == "accept":
            chips[seat] -= stake // 2
        if table.match.to_act == 0:  # the answers are done: the raiser pays the old stake too
            chips[0] -= stake // 2
        assert table.match.chips == chips
        ui = table.ui()
        assert ui["answers"]["raiser"] == 0
        assert ui["answers"]["said"] == [[s, stake // 2 if k == "accept" else None] for s, k in said]
    view = table.display()
    out = render.regions(view, table.ui())
    t = languages.for_lang("ru")
    names = table.names
    line = t.answers_line(names[0], [(names[s], stake // 2 if k == "accept" else None) for s, k in said])
    assert line in out["trick"] and line.startswith("На ваше «даве»")
    accepted = [s for s, k in said if k == "accept"]
    folded = [s for s, k in said if k == "fold"]
    assert set(table.match.view(0).folded) == set(folded)
    for rel in range(1, players):
        seat = rel % players
        markup = out[f"seat-{rel}"]
        assert (t.accepted_tag(stake // 2) in markup) == (seat in accepted)
        assert (t.FOLDED_TAG in markup) == (seat in folded)
    # Once the raiser leads, the answers are history: the folds stay marked, the accepts go.
    view = table.match.view(0)
    table._push(0, next(m for m in view.legal_moves if m.kind == "lead"))
    assert table.ui()["answers"] is None


def test_answers_read_only_the_last_raise_of_the_deal():
    table = _raised_by_me(4)
    view = table.match.view(0)
    assert dave_answers([[1, {"lead": ["AS"]}], [0, {"dave": True}], [1, {"fold": True}]], view) == (0, [(1, None)])
    assert dave_answers([[0, {"dave": True}], [1, {"accept": True}], [0, {"lead": ["AS"]}]], view) == (None, [])
    assert dave_answers([], view) == (None, [])


@pytest.mark.parametrize("lang", languages.LANGS)
def test_the_answers_line_in_each_language(lang):
    t = languages.for_lang(lang)
    line = t.answers_line(t.PEOPLE_BY_COUNT[3][1], [(t.YOU, 10), (t.PEOPLE_BY_COUNT[3][2], None)])
    assert t.chips_word(10) in line and t.PEOPLE_BY_COUNT[3][2] in line


def test_a_deal_won_by_the_sixth_seat_shows_its_result():
    settings, _ = storage.load_settings(None)
    settings["format"] = "bura_pot"
    seats.apply_change(settings, "players", "6")
    for seed in range(60):
        table = Table(settings, speed="instant", seed=seed)
        table.new_match()
        while not table.match.round.is_over:
            view = table.match.view(table.match.to_act)
            table._push(view.seat, view.legal_moves[-1])
        if (table.match.round.winner or 0) >= 4:
            break
    else:
        raise AssertionError("no deal won by seat 4 or 5")
    out = render.regions(table.display(), table.ui())
    assert 'class="top"' in out["result-body"] and out["result-body"].count("<tr") == 7
    t = languages.for_lang("ru")
    names = t.SEATS_BY_COUNT[6]
    assert t.winners_line("bura_pot", [1, 2, 3, 4], names) != t.say("winners_draw")
    assert t.winners_line("bura_pot", list(range(6)), names) == t.say("winners_draw")
