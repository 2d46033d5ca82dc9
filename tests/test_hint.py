"""«Подсказка»: the hint is the hard bot's own search from the
player's own view — its move is the bot's move, its options are the bot's
ranking, its figures come from the bot's rollouts — it runs in slices through
the table's timer, and it names no card the player does not hold."""

from __future__ import annotations

import random
from math import fsum

import pytest

import webpath  # noqa: F401

from burkozel import FORMATS
from burkozel.bots.search.budget import finish
from burkozel.bots.search.utility import MARGIN_WEIGHT, WIN_WEIGHT
from table.coach import hint
from table.match import table_bots
from table.match.table import Table
from table.worker import benchhooks
from table.i18n import languages
from test_game import human_click, settings

texts = languages.for_lang("ru")


def searched(fmt: str, count: int):
    """Positions with something to search (more than one candidate), any seat."""
    out = []
    for view in benchhooks.positions(fmt, 60, seed=5):
        if len(view.legal_moves) > 1:
            out.append(view)
        if len(out) == count:
            break
    return out


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_the_hint_is_the_bots_choice_with_the_bots_values(fmt):
    for i, view in enumerate(searched(fmt, 3)):
        seed = f"h{i}/{view.seat}"
        shown = hint.run(view, table_bots.TableHardBot(seed, safety_ms=None))
        assert shown.move == table_bots.reference_bot("hard", seed=seed).get_move(view)
        verdict = finish(table_bots.TableHardBot(seed, safety_ms=None).search(view, record=True))
        assert shown.forced == verdict.forced
        if shown.forced:
            continue
        assert [o.move for o in shown.options] == [v.move for v in verdict.values[:hint.SHOWN]]
        assert shown.options[0].move == verdict.move
        advice, rows, why = texts.hint_lines(shown)
        assert texts.hint_move(verdict.move.kind, [str(c) for c in verdict.move.cards]) in advice
        for option, value, row in zip(shown.options, verdict.values, rows):
            pens = [p for p, _ in value.outcomes]
            assert len(pens) == value.worlds == option.worlds
            assert option.penalty == pytest.approx(fsum(pens) / len(pens))
            assert f"{fsum(pens) / len(pens):.1f}".replace(".", ",") in row
            # The values the bot ranks by are these very rollouts: mean utility is
            # minus the mean penalty, plus the win bonus and the margin term (at a
            # pot the seat's chips, tests/test_pot_bots.py).
            wins = sum(1 for p in pens if p == 0) / len(pens)
            assert option.wins == pytest.approx(wins)
            bounds = (-option.penalty + MARGIN_WEIGHT * -120, -option.penalty + WIN_WEIGHT * wins + MARGIN_WEIGHT * 120)
            assert FORMATS[fmt].has_pot or bounds[0] <= value.mean <= bounds[1]
            share = option.wins if (FORMATS[fmt].declaration is not None or FORMATS[fmt].players == 2) \
                else option.passes
            assert f"{round(share * 100)} %" in row
        ranked = [v.score for v in verdict.values]
        assert ranked == sorted(ranked, reverse=True)


def test_the_table_runs_the_hint_in_slices_and_counts_it():
    table = Table(settings("four", "easy"), speed="instant", seed=11)
    table.new_match()
    rng = random.Random(2)
    asked = 0
    while asked < 3 and table.phase() != "match_end":
        due = table.next_timer()
        if table.human_to_act():
            if table.ui()["hint"] is None and len(table.view().legal_moves) > 1:
                used = table.coach.used
                assert table.request_hint()
                assert table.coach.used == used + 1
                assert not table.request_hint()  # the same position: not asked twice
                asked += 1
                slices = 0
                while table.next_timer() == ("hint", 0):
                    assert table.ui()["hint"] in ("thinking", None) or slices == 0
                    table.run_timer("hint")
                    slices += 1
                shown = table.ui()["hint"]
                assert isinstance(shown, hint.Hint)
                view = table.view()
                assert shown.move == table_bots.reference_bot("hard", seed=f"{table.info.seed}/0").get_move(view)
                assert shown.cards() <= {str(c) for c in view.hand}
            human_click(table, rng)
            assert table.ui()["hint"] is None  # forgotten once the turn is played
        elif due is not None:
            if due[0] == "next_round":
                table.next_round()
            else:
                table.run_timer(due[0])
        elif table.phase() == "round_end":
            table.next_round()
    assert asked == 3


def test_no_hint_outside_the_players_turn():
    table = Table(settings("pairs", "easy"), speed="instant", seed=3)
    assert not table.request_hint()
    table.new_match()
    while table.human_to_act():
        human_click(table, random.Random(1))
    if table.phase() == "play":
        assert not table.request_hint()
        assert table.ui()["hint"] is None
