"""Round.seeded matches a match's first deal; Round.pop restores the position exactly."""
import random

import pytest

from burkozel import Match, Round, TableRules


def state(r):
    return (r.to_act, [list(h) for h in r.hands], r.stock, list(r.points), r.trick, r.tricks[:], r.end, r.chips, r.pot,
            r.stake, r.folded, r.legal_moves)


@pytest.mark.parametrize("fmt", ["four", "pairs"])
def test_deal_is_the_matchs_first_deal(fmt):
    r, m = Round.seeded(TableRules(fmt), seed=7), Match(TableRules(fmt), seed=7)
    assert (r.deck, r.dealer) == (m.round.deck, m.round.dealer)


@pytest.mark.parametrize("seed", range(5))
def test_push_then_pop_restores(seed):
    rng = random.Random(seed)
    r = Round.seeded(TableRules("pairs"), seed=seed)
    with pytest.raises(IndexError):
        r.pop()
    while not r.is_over:
        before = state(r)
        move = r.random_move(rng)
        r.push(move)
        after = state(r)
        assert r.pop() == move and state(r) == before
        r.push(move)
        assert state(r) == after
