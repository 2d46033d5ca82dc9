"""Properties of every house switch and the table ``bura5`` (hypothesis): at
every seat count, cards are conserved, every legal move applies, an illegal
one changes nothing, no view holds a card its seat may not know, and a match
with elimination always ends with one seat in."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from burkozel import DECK, IllegalMoveError, Match, Move, Round, TableRules
from househelp import case_id, house_cases

CASES = house_cases()
seeds = st.integers(0, 2**32)


def rules_of(case, rng: random.Random) -> TableRules:
    fmt, house, combos = case
    players = rng.randrange(2, 7) if fmt == "bura_pot" else None
    return TableRules(fmt, combos, house=house, players=players)


def dealt(rules: TableRules, rng: random.Random) -> Round:
    """A random deal; where seats go out, to a random 2 to n of them."""
    deck = list(DECK)
    rng.shuffle(deck)
    n = rules.players
    seats = None
    if rules.table.system is not None and hasattr(rules.table.system, "going_out"):
        seats = sorted(rng.sample(range(n), rng.randrange(2, n + 1)))
    dealer = rng.choice(seats) if seats else rng.randrange(n)
    return Round(rules, dealer, deck, in_play=seats)


def check(rnd: Round) -> None:
    """Cards conserved; the seats out of the deal hold nothing; hands equal at a lead."""
    cards = [c for h in rnd.hands for c in h] + rnd.stock + [c for t in rnd.tricks for c in t.cards]
    if rnd.trick is not None:
        cards += rnd.trick.cards
    if rnd.deal.set_aside is not None:
        cards += [c for h in rnd.deal.set_aside for c in h]
    assert sorted(cards) == list(DECK)
    assert all(not rnd.hands[s] for s in range(rnd.players) if s not in rnd.in_play)
    if rnd.trick is None and not rnd.is_over and rnd.stock:
        sizes = rnd.rules.table.hand_sizes  # the open four-card hand (§6.4), else all equal
        if sizes:
            assert [len(rnd.hands[s]) for s in rnd.in_deal] == [sizes[s] for s in rnd.in_deal]
        else:
            assert len({len(rnd.hands[s]) for s in rnd.in_deal}) == 1
    if rnd.is_over and rnd.end == "redeal":
        assert rnd.tricks == [] and rnd.winner is None and sum(rnd.points) == 0


def check_views(rnd: Round) -> None:
    """A seat's view, as sent to the browser, names no card it may not know."""
    for seat in range(rnd.players):
        text = json.dumps(rnd.view(seat).to_dict())
        hidden = {str(c) for c in rnd.unknown_to(seat)}
        assert not {c for c in hidden if f'"{c}"' in text}, seat


@pytest.mark.parametrize("case", CASES, ids=case_id)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds)
def test_a_deal_conserves_cards_every_legal_move_applies_and_views_hide_what_they_must(case, seed):
    rng = random.Random(seed)
    rnd = dealt(rules_of(case, rng), rng)
    check(rnd)
    while not rnd.is_over:
        check_views(rnd)
        moves = rnd.legal_moves
        assert moves
        for move in moves:
            trial = rnd.copy()
            trial.push(move)
            check(trial)
        before = repr(rnd), len(rnd.tricks), rnd.points, rnd.stock
        foreign = [c for c in DECK if c not in rnd.hands[rnd.to_act]]
        for bad in (Move("lead" if rnd.trick is None else "beat", (rng.choice(foreign),)), Move.discard(),
                    Move.declare()):
            if bad not in moves and not (bad.kind == "discard" and rnd.trick is not None):
                with pytest.raises(IllegalMoveError):
                    rnd.push(bad)
                assert (repr(rnd), len(rnd.tricks), rnd.points, rnd.stock) == before
        rnd.push(rng.choice(moves))
        check(rnd)
    check_views(rnd)
    if rnd.end in ("cards_out", "void") and rnd.rules.table.declaration is None:
        assert sum(rnd.points) == 120


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fmt=st.sampled_from(["four", "three"]), six=st.sampled_from(["no_points", "no_tricks"]), seed=seeds)
def test_elimination_always_ends_with_one_seat_in(fmt, six, seed):
    rng = random.Random(seed)
    match = Match(TableRules(fmt, (), house={"elimination": True, "six": six}), seed=seed)
    while not match.is_over:
        rnd = match.round
        while not rnd.is_over:
            match.push(rng.choice(rnd.legal_moves))
        check(rnd)
        if not match.is_over:
            match.next_round()
        assert len(match.rounds) < 200
    standing = match.standing
    assert len(standing.seats_in) == 1 and match.winners == list(standing.seats_in)
    assert sorted(p for p in standing.places) == sorted(standing.places) and standing.places.count(1) == 1


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(match_system=st.sampled_from(["robber11", "robber21"]), fmt=st.sampled_from(["bura31", "bura5"]),
       seed=seeds)
def test_a_robber_ends_two_ahead_and_keeps_no_penalty(match_system, fmt, seed):
    rng = random.Random(seed)
    match = Match(TableRules(fmt, house={"match": match_system, "next_dealer": "winner"}), seed=seed)
    target = int(match_system[len("robber"):])
    while not match.is_over:
        rnd = match.round
        while not rnd.is_over:
            match.push(rng.choice(rnd.legal_moves))
        if not match.is_over:
            assert not (max(match.wins) >= target and max(match.wins) - min(match.wins) >= 2)
            match.next_round()
    wins = match.wins
    assert max(wins) >= target and max(wins) - min(wins) >= 2 and match.penalties == [0, 0]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_benchmarks_random_moves_are_legal(case):
    """``Round.random_move`` (what ``python -m burkozel bench`` plays) draws only
    legal moves with every switch (an open four-card hand leads no more than
    the other holds)."""
    rng = random.Random(case_id(case))
    for _ in range(30):
        rnd = dealt(rules_of(case, rng), rng)
        while not rnd.is_over:
            rnd.push(rnd.random_move(rng))
        check(rnd)
