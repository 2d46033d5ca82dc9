"""Properties over random seeds, formats and combination sets (hypothesis);
the two-player tables (RULES-variants.md) with both discard faces each."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from burkozel import COMBOS, DECK, Match, TableRules
from burkozel.rules import FORMATS
from fuzzing import EARLY_ENDS, PENALTY_TABLES, check_invariants, fuzz, snapshot

formats = st.sampled_from(["pairs", "four", "three"])
combo_sets = st.sets(st.sampled_from(COMBOS))
seeds = st.integers(0, 2**32)

TWO_PLAYER_TABLES = [("duel", "closed"), ("duel", "open"), ("bura31", "open"), ("bura31", "closed")]
"""Both two-player tables with both discard faces (the default first)."""
two_player = pytest.mark.parametrize("fmt, face", TWO_PLAYER_TABLES)


def switch_sets(fmt):
    """Any set of ``fmt``'s switchable combinations."""
    return st.sets(st.sampled_from(FORMATS[fmt].combo_ids))


def known_to(view) -> set[str]:
    """The cards a seat may know: its hand, the trump card, every face-up card,
    its own discards (RULES.md §9), the cards a deal's end showed to all
    (RULES-house.md §3.7)."""
    known = {str(c) for c in view.hand} | {str(view.trump_card)} | {str(c) for h in view.shown for c in h}
    for trick in view.history + ((view.trick,) if view.trick else ()):
        for p in trick.plays:
            known |= {str(c) for c in p.cards + p.own}
    return known


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(formats, combo_sets, seeds)
def test_a_random_round_conserves_cards_and_hands_out_all_120_points(fmt, combos, seed):
    rng = random.Random(seed)
    match = Match(TableRules(fmt, tuple(combos)), seed=seed)
    rnd = match.round
    while not rnd.is_over:
        moves = rnd.legal_moves
        for move in moves:  # every listed legal move applies
            trial = rnd.copy()
            trial.push(move)
            check_invariants(trial)
        rnd.push(rng.choice(moves))
        check_invariants(rnd)
    assert sum(rnd.points) == 120


def check_views(match) -> None:
    """No seat's view (as sent to the browser) holds a card it may not know:
    the other hands, the stock, the other seats' face-down discards."""
    rnd = match.round
    all_cards = {str(c) for c in DECK}
    for seat in range(rnd.players):
        view = match.view(seat)
        text = json.dumps(view.to_dict())
        shown = {c for c in all_cards if f'"{c}"' in text}
        assert shown <= known_to(view), f"seat {seat} sees {shown - known_to(view)}"
        never = {c for other in range(rnd.players) if other != seat for c in rnd.hands[other]}
        never |= set(rnd.stock)
        if not rnd.rules.open_discards:
            never |= {c for t in rnd.tricks + ([rnd.trick] if rnd.trick else []) for p in t.plays
                      if p.kind == "discard" and p.seat != seat for c in p.cards}
        never.discard(rnd.trump_card)
        if rnd.end in ("bura", "moscow"):  # the winning hand is shown to all (three cards: all of it)
            never -= set(rnd.hands[rnd.ended_by])
        assert not {str(c) for c in never} & shown
        assert rnd.unknown_to(seat) == never


@settings(max_examples=20, deadline=None)
@given(formats, combo_sets, seeds)
def test_a_view_never_holds_a_card_its_seat_may_not_know(fmt, combos, seed):
    rng = random.Random(seed)
    match = Match(TableRules(fmt, tuple(combos)), seed=seed)
    rnd = match.round
    while True:
        check_views(match)
        if rnd.is_over:
            break
        rnd.push(rnd.random_move(rng))


@settings(max_examples=25, deadline=None)
@given(seeds)
def test_illegal_moves_are_refused_and_change_nothing(seed):
    stats = fuzz(seed, rounds=2)
    assert stats["legal"] > 0 and sum(v for k, v in stats.items() if k.startswith("refused")) > 0


def test_the_fuzzer_meets_every_kind_of_illegal_move():
    stats = fuzz(7, rounds=40)
    for code in ("not_your_turn", "card_not_in_hand", "duplicate_card", "wrong_count", "mixed_suits",
                 "does_not_beat", "must_lead", "must_answer", "bad_move", "round_over",
                 "no_declaration", "declare_too_early"):
        assert stats[f"refused:{code}"] > 0, code


@settings(max_examples=30, deadline=None)
@given(formats, combo_sets, seeds, st.integers(0, 200))
def test_a_copy_is_independent(fmt, combos, seed, steps):
    rng = random.Random(seed)
    rnd = Match(TableRules(fmt, tuple(combos)), seed=seed).round
    for _ in range(steps):
        if rnd.is_over:
            break
        rnd.push(rnd.random_move(rng))
    before = snapshot(rnd)
    twin = rnd.copy()
    while not twin.is_over:
        twin.push(twin.random_move(rng))
    assert snapshot(rnd) == before


# --- the two-player tables (RULES-variants.md), both discard faces ------------------


@two_player
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, data=st.data())
def test_a_two_player_deal_conserves_cards_and_every_legal_move_applies(fmt, face, seed, data):
    combos = data.draw(switch_sets(fmt))
    rng = random.Random(seed)
    rnd = Match(TableRules(fmt, tuple(combos), face), seed=seed).round
    while not rnd.is_over:
        moves = rnd.legal_moves
        for move in moves:
            trial = rnd.copy()
            trial.push(move)
            check_invariants(trial)
        rnd.push(rng.choice([m for m in moves if m.kind != "declare"] if rng.random() < 0.8 else moves))
        check_invariants(rnd)
    if rnd.end == "cards_out":
        assert sum(rnd.points) == 120 and not rnd.stock and not any(rnd.hands)
    else:  # only Бура «31» ends early, by a «31» or a winning combination
        assert fmt == "bura31" and rnd.end in EARLY_ENDS and sum(rnd.points) <= 120
    bands = [[0, 0], [0, 2], [0, 4]] + ([[0, 6]] if fmt == "duel" else [])
    assert sorted(rnd.penalties) in bands


@two_player
@settings(max_examples=10, deadline=None)
@given(seed=seeds, data=st.data())
def test_a_two_player_view_never_holds_a_card_its_seat_may_not_know(fmt, face, seed, data):
    combos = data.draw(switch_sets(fmt))
    rng = random.Random(seed)
    match = Match(TableRules(fmt, tuple(combos), face), seed=seed)
    rnd = match.round
    while True:
        check_views(match)
        seen = {c for t in rnd.tricks for p in t.plays if p.kind == "discard" for c in p.cards}
        for seat in (0, 1):
            view = match.view(seat)
            faces = {c for t in view.history for p in t.plays if p.kind == "discard" for c in p.cards}
            assert faces == (seen if face == "open" else set())  # open discards are public
            if not rnd.is_over:
                assert view.round_points is None  # the other seat's points are not shown
            if rnd.is_over or face == "open" or fmt == "duel":
                assert view.points == rnd.points[seat] and view.unseen_taken == 0
            else:  # Бура «31», closed: the faces seen, and a count of the others
                assert view.points <= rnd.points[seat]
                closed = sum(p.count for t in view.history if t.winner == seat for p in t.plays
                             if p.kind == "discard")
                assert view.unseen_taken == closed
        if rnd.is_over:
            break
        rnd.push(rnd.random_move(rng))


@two_player
@settings(max_examples=8, deadline=None)
@given(seed=seeds)
def test_two_player_illegal_moves_are_refused_and_change_nothing(fmt, face, seed):
    stats = fuzz(seed, rounds=2, formats=[fmt], discard=face)
    assert stats[f"format:{fmt}"] == 2 and sum(v for k, v in stats.items() if k.startswith("refused")) > 0


def test_the_fuzzer_plays_every_table_and_meets_every_refusal_of_31():
    stats = fuzz(3, rounds=len(PENALTY_TABLES) * 4)
    assert all(stats[f"format:{fmt}"] == 4 for fmt in PENALTY_TABLES)
    for fmt, face in TWO_PLAYER_TABLES:
        two = fuzz(5, rounds=12, formats=[fmt], discard=face)
        assert two["legal"] > 0 and two["refused:no_declaration"] > 0
        if fmt == "bura31":
            assert two["refused:declare_too_early"] > 0


def test_the_benchmarks_run_every_table_they_name(capsys):
    """``make bench`` as the README gives it, shortened: the throughput of every table
    (the pot's included) and the fuzzer over its default tables, each exiting 0."""
    import scriptpaths  # noqa: F401
    import fuzz_engine
    from burkozel.cli import main as cli

    assert cli(["bench", "--seconds", "0.02"]) == 0
    out = capsys.readouterr().out
    assert all(f"{fmt}:" in out for fmt in FORMATS), out
    assert fuzz_engine.main(["--rounds", str(2 * len(PENALTY_TABLES))]) == 0
    out = capsys.readouterr().out
    assert all(f"{fmt} 2" in out for fmt in PENALTY_TABLES) and "illegal refused" in out, out
