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
from burkozel.bots.search.candidates import PRIOR_BONUS
from burkozel.bots.search.utility import MARGIN_WEIGHT, WIN_WEIGHT, stake
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
            assert len(value.outcomes) == value.worlds == option.worlds
            if FORMATS[fmt].has_pot:
                said_in_chips(view, option, value, row)
                continue
            assert option.chips is None
            pens = [o.penalty for o in value.outcomes]
            assert option.penalty == pytest.approx(fsum(pens) / len(pens))
            assert f"{fsum(pens) / len(pens):.1f}".replace(".", ",") in row
            # The values the bot ranks by are these very rollouts: mean utility is
            # minus the mean penalty, plus the win bonus and the margin term.
            wins = sum(1 for p in pens if p == 0) / len(pens)
            assert option.wins == pytest.approx(wins)
            bounds = (-option.penalty + MARGIN_WEIGHT * -120, -option.penalty + WIN_WEIGHT * wins + MARGIN_WEIGHT * 120)
            assert bounds[0] <= value.mean <= bounds[1]
            share = option.wins if (FORMATS[fmt].declaration is not None or FORMATS[fmt].players == 2) \
                else option.passes
            assert f"{round(share * 100)} %" in row
        ranked = [v.score for v in verdict.values]
        assert ranked == sorted(ranked, reverse=True)


def said_in_chips(view, option, value, row):
    """At a pot no deal has a penalty: an option is the chance to take the pot
    and the mean chips won or lost, over the very worlds the bot ranked it by."""
    now = stake(view, view.seat)
    gains = [o.stake - now for o in value.outcomes]
    took = sum(1 for o in value.outcomes if o.won) / len(gains)
    assert option.took_pot == pytest.approx(took)
    assert option.chips == pytest.approx(fsum(gains) / len(gains))
    # The bot's own value of the move is the same stake in antes (chip_utility).
    assert value.mean == pytest.approx((now + option.chips) / view.ante)
    # Taking the pot gains its chips; every world without it gains less.
    assert all(g > 0 for g, o in zip(gains, value.outcomes) if o.won)
    assert f"{round(took * 100)} %" in row
    assert texts._signed(option.chips) in row
    assert "штраф" not in row and "банк" in row


def test_the_hint_at_a_pot_counts_chips_in_every_language():
    views = [v for v in searched("bura_pot", 6) if v.pot > 0][:3]
    assert views
    for i, view in enumerate(views):
        shown = hint.run(view, table_bots.TableHardBot(f"pot{i}", safety_ms=None))
        assert not shown.forced and len(shown.options) > 1
        gap = shown.options[0].chips - shown.options[1].chips
        for lang in ("ru", "en", "uk"):
            said = languages.for_lang(lang)
            advice, rows, why = said.hint_lines(shown)
            for option, row in zip(shown.options, rows):
                assert said._signed(option.chips) in row and said._pct(option.took_pot) in row
                assert said.HINT_OUTLOOK_POT.split("{")[0] in row
            if gap > 0.05:
                assert said.HINT_GAP_CHIPS.format(gap=said._num(gap)) in why
            elif gap < -0.05:  # only the medium bot's move, by its head start, outranks more chips
                assert shown.options[0].score - shown.options[1].score < PRIOR_BONUS
                assert said.HINT_BEHIND_CHIPS.format(gap=said._num(-gap)) in why
            else:
                assert said.HINT_CLOSE_CHIPS in why


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
                assert shown.move == table_bots.reference_bot("hard", seed=table.bot_seed(0)).get_move(view)
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
