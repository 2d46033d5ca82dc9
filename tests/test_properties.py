"""Properties over random seeds, formats and combination sets (hypothesis)."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from burkozel import COMBOS, DECK, Match, TableRules
from fuzzing import check_invariants, fuzz, snapshot

formats = st.sampled_from(["pairs", "four", "three"])
combo_sets = st.sets(st.sampled_from(COMBOS))
seeds = st.integers(0, 2**32)


def known_to(view) -> set[str]:
    """The cards a seat may know: its hand, the trump card, every face-up card,
    its own discards (RULES.md §9)."""
    known = {str(c) for c in view.hand} | {str(view.trump_card)}
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


@settings(max_examples=20, deadline=None)
@given(formats, combo_sets, seeds)
def test_a_view_never_holds_a_card_its_seat_may_not_know(fmt, combos, seed):
    rng = random.Random(seed)
    match = Match(TableRules(fmt, tuple(combos)), seed=seed)
    rnd = match.round
    all_cards = {str(c) for c in DECK}
    while True:
        for seat in range(rnd.players):
            view = match.view(seat)
            text = json.dumps(view.to_dict())
            shown = {c for c in all_cards if f'"{c}"' in text}
            assert shown <= known_to(view), f"seat {seat} sees {shown - known_to(view)}"
            for other in range(rnd.players):
                if other != seat:
                    hidden = {str(c) for c in rnd.hands[other]} - {str(rnd.trump_card)}
                    assert not hidden & shown
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
                 "does_not_beat", "must_lead", "must_answer", "bad_move", "round_over"):
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
