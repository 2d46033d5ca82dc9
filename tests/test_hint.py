"""«Подсказка»: the hint is the hard bot's own search from the
player's own view — its move is the bot's move, its options are the bot's
ranking, its figures come from the bot's rollouts — it runs in slices through
the table's timer, and it names no card the player does not hold."""

from __future__ import annotations

import json
import random
from math import fsum
from pathlib import Path

import pytest

import webpath  # noqa: F401

from burkozel import FORMATS, Move
from burkozel.trick import CARD_KINDS, KINDS
from burkozel.bots.search.budget import finish
from burkozel.bots.search.candidates import PRIOR_BONUS
from burkozel.bots.search.utility import MARGIN_WEIGHT, WIN_WEIGHT, stake
from table.coach import hint
from table.match import table_bots
from table.match.table import Table
from table.worker import benchhooks
from table.i18n import languages
from table.i18n.catalogue import Catalogue, CatalogueError
from table.i18n.texts import Texts
from table.view import render
from potdeck import cards, pot_round
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


def test_a_closed_hint_shows_again_when_asked_again_on_the_same_turn():
    """«×» closes the hint; «Подсказка» tapped again on that turn shows the same answer (it
    did nothing: a newcomer who closed it too soon could not read it again), with no second
    search and counted once."""
    table = Table(settings("four", "easy"), speed="instant", seed=11)
    table.new_match()
    rng = random.Random(2)
    while not table.human_to_act():
        table.run_timer(table.next_timer()[0])
    assert table.request_hint()
    while table.next_timer() == ("hint", 0):
        table.run_timer("hint")
    shown = table.ui()["hint"]
    assert isinstance(shown, hint.Hint)
    used = table.coach.used
    for _ in range(2):
        table.coach.dismiss()
        assert table.ui()["hint"] is None
        table.request_hint()
        assert table.ui()["hint"] is shown and table.next_timer() != ("hint", 0)
    assert table.coach.used == used
    human_click(table, rng)
    assert table.ui()["hint"] is None


def test_no_hint_outside_the_players_turn():
    table = Table(settings("pairs", "easy"), speed="instant", seed=3)
    assert not table.request_hint()
    table.new_match()
    while table.human_to_act():
        human_click(table, random.Random(1))
    if table.phase() == "play":
        assert not table.request_hint()
        assert table.ui()["hint"] is None


# --- every kind of move, said in every language; a hint that fails never holds the table up ---

SAID = {"ru": {"dave": "«даве»", "accept": "принять", "fold": "пас", "declare": "«31»"},
        "en": {"dave": "«dave»", "accept": "accept", "fold": "fold", "declare": "«31»"},
        "uk": {"dave": "«даве»", "accept": "прийняти", "fold": "пас", "declare": "«31»"}}


def _move(kind: str) -> Move:
    return Move(kind, cards("QS TS") if kind in CARD_KINDS else ())


@pytest.mark.parametrize("lang", ["ru", "en", "uk"])
def test_the_hint_says_every_kind_of_move_in_every_language(lang):
    """A hint whose best move, or any option shown, is a «даве», an answer to one or a «31»
    says it (it raised KeyError 'dave' / 'fold' / 'accept' and the hint stayed «думает…»)."""
    said = languages.for_lang(lang)
    for fmt in ("bura_pot", "bura31", "pairs"):
        for kind in KINDS:
            others = [k for k in KINDS if k != kind][:2]
            shown = hint.Hint(_move(kind), tuple(hint.Option(_move(k), 1.0, 0.5, 0.5, 40, -i, 0.5, 1.0)
                                                 for i, k in enumerate([kind, *others])), False, fmt)
            advice, rows, why = said.hint_lines(shown)
            best = said.hint_move(kind, [str(c) for c in _move(kind).cards], fmt)
            assert best in advice and rows[0].startswith(best) and len(rows) == 3 and why
            if kind in CARD_KINDS:
                assert said.cards_short(["QS", "TS"]) in best
            else:
                assert SAID[lang][kind] in best.lower(), (lang, kind, best)
    described = [said.hint_move(k, [], "bura_pot") for k in KINDS]
    assert len(set(described)) == len(KINDS)  # no two kinds read alike


def test_a_catalogue_that_cannot_say_a_kind_of_move_is_refused():
    raw = json.loads((Path(languages.FOLDER) / "en.json").read_text(encoding="utf-8"))
    del raw["words"]["HINT_MOVES"]["fold"]
    with pytest.raises(CatalogueError, match="HINT_MOVES says no fold"):
        Texts(Catalogue.from_json("en", json.dumps(raw)), {"en": "English"})


def test_the_hint_at_a_daves_answer_is_said_in_every_language():
    """The real search at an answer to «даве»: its options are «принять» and «пас»."""
    rnd = pot_round(3, 0, ["7C 8D 9S", "AC TC KC", "6C 7D 8S"], "6H", dave=True)
    assert rnd.to_act == 1
    rnd.push(Move("dave", ()))
    rnd.push(Move("accept", ()))
    view = rnd.view(0)
    assert {m.kind for m in view.legal_moves} == {"accept", "fold"}
    shown = hint.run(view, table_bots.TableHardBot("answer", safety_ms=None))
    for lang in ("ru", "en", "uk"):
        advice, rows, why = languages.for_lang(lang).hint_lines(shown)
        assert SAID[lang][shown.move.kind] in advice.lower()


def _human_turn(table: Table) -> None:
    rng = random.Random(4)
    while not (table.phase() == "play" and table.human_to_act()):
        due = table.next_timer()
        if due is not None:
            table.run_timer(due[0])
        else:
            table.next_round() if table.phase() == "round_end" else human_click(table, rng)


def test_a_hint_that_fails_never_holds_up_the_table(capsys):
    """A search that raises ends the hint (said, with a close button), the table's next
    step is the player's again, and selecting and playing work."""
    table = Table(settings("bura_pot", "easy"), speed="instant", seed=8)
    table.new_match()
    _human_turn(table)
    assert table.request_hint()

    def broken():
        yield
        raise KeyError("dave")

    table.coach.search = broken()
    while table.next_timer() == ("hint", 0):
        table.run_timer("hint")
    assert table.next_timer() is None and table.ui()["hint"] == hint.FAILED
    assert "KeyError" in capsys.readouterr().err
    drawn = render.regions(table.display(), table.ui())["coach"]
    assert texts.HINT_FAILED in drawn and 'data-action="hint-close"' in drawn
    move = next(m for m in table.view().legal_moves if m.cards)
    for c in move.cards:
        assert table.toggle(str(c))
    assert table.selection == [str(c) for c in move.cards]
    assert table.act(move.kind) is None
    assert table.ui()["hint"] is None


def test_a_hint_that_cannot_be_said_is_drawn_as_failed_and_the_table_still_drawn(capsys):
    table = Table(settings("bura_pot", "easy"), speed="instant", seed=8)
    table.new_match()
    _human_turn(table)
    broken = hint.Hint(Move("no_such_kind", ()), (), False, "bura_pot")
    ui = {**table.ui(), "hint": broken}
    drawn = render.regions(table.display(), ui)
    assert texts.HINT_FAILED in drawn["coach"] and drawn["hand"] and drawn["actions"]
    assert "no_such_kind" in capsys.readouterr().err
