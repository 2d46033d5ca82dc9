"""Properties of moves at every table (hypothesis): a move is the same value
whatever order its cards are given in, so ``move in round.legal_moves`` holds
for any ordering of a legal move and pushing either ordering leads to the same
position; ``pop`` after ``push`` restores the position exactly, its legal moves
included."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from burkozel import FORMATS, Move, Round, TableRules

tables = st.sampled_from(sorted(FORMATS)).flatmap(
    lambda fmt: st.builds(TableRules, st.just(fmt),
                          players=st.sampled_from(FORMATS[fmt].seat_counts or (FORMATS[fmt].players,))))
seeds = st.integers(0, 2**32)


def position(rnd: Round) -> tuple:
    """Everything a position shows, copied (the round's lists are live)."""
    return (rnd.to_act, [list(h) for h in rnd.hands], rnd.stock_size, list(rnd.points), rnd.trick, rnd.tricks[:],
            rnd.end, rnd.winner, rnd.penalties, rnd.chips, rnd.pot, rnd.stake, rnd.folded, rnd.raised,
            rnd.legal_moves)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables, seeds, st.randoms(use_true_random=False))
def test_a_move_is_the_same_whatever_order_its_cards_are_given(rules, seed, shuffler):
    rng = random.Random(seed)
    rnd = Round.seeded(rules, seed=seed)
    while not rnd.is_over:
        legal = rnd.legal_moves
        assert all(Move(m.kind, m.cards) == m for m in legal), "legal moves keep the canonical order"
        move = rng.choice(legal)
        cards = list(move.cards)
        shuffler.shuffle(cards)
        given_so = Move(move.kind, tuple(cards))
        assert given_so == move and hash(given_so) == hash(move) and given_so in legal
        assert Move.from_dict({move.kind: [str(c) for c in reversed(cards)]} if cards else move.to_dict()) == move
        twin = rnd.copy()
        rnd.push(given_so)
        twin.push(move)
        assert position(rnd) == position(twin)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables, seeds)
def test_pop_after_push_restores_the_position(rules, seed):
    rng = random.Random(seed)
    rnd = Round.seeded(rules, seed=seed)
    while not rnd.is_over:
        before = position(rnd)
        move = rnd.random_move(rng)
        rnd.push(move)
        after = position(rnd)
        assert rnd.pop() == move
        assert position(rnd) == before
        rnd.push(move)
        assert position(rnd) == after
