"""RULES.md §3 — the deal: dealer, one card at a time, the face-up trump."""

import pytest

from burkozel import DECK, Match, Round, TableRules
from stacking import hand, new_round


@pytest.mark.parametrize("fmt, n", [("pairs", 4), ("four", 4), ("three", 3)])
def test_cards_are_dealt_one_at_a_time_from_the_seat_after_the_dealer(fmt, n):
    for dealer in range(n):
        rnd = Round(TableRules(fmt, ()), dealer, DECK)
        for i in range(4 * n):
            assert DECK[i] in rnd.hands[(dealer + 1 + i) % n]
        assert all(len(h) == 4 for h in rnd.hands)
        assert rnd.stock == list(DECK[4 * n:])
        assert rnd.trump_card == DECK[-1] and rnd.stock[-1] == DECK[-1]


def test_the_last_card_is_the_face_up_trump_and_it_is_drawn_last():
    # three players: 12 dealt, 24 in the stock, the 36th card (8H) is trump
    rnd = new_round("three", [], "8H", dealer=2)
    assert rnd.trump_card.suit_letter == "H" and rnd.trump_drawn_by is None
    while rnd.stock_size > 3:
        rnd.push(rnd.legal_moves[0])
        assert rnd.trump_drawn_by is None
    # the last draw hands out the stock's three cards; the trump is the last
    while rnd.stock_size:
        rnd.push(rnd.legal_moves[0])
    drawer = rnd.trump_drawn_by
    assert drawer is not None and str(rnd.trump_card) in hand(rnd, drawer).split()


def test_the_first_lead_belongs_to_the_seat_after_the_dealer():
    for dealer in range(4):
        assert Round(TableRules("four", ()), dealer, DECK).to_act == (dealer + 1) % 4


def test_the_first_dealer_is_random_by_seed_then_the_deal_passes_clockwise():
    dealers = {Match(TableRules("four", ()), seed=s).first_dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert Match(TableRules("four"), seed=5).first_dealer == Match(TableRules("four"), seed=5).first_dealer
    match = Match(TableRules("three", ()), seed=9)
    first = match.round.dealer
    for k in range(1, 4):
        while not match.round.is_over:
            match.push(match.round.legal_moves[0])
        if match.is_over:
            break
        match.next_round()
        assert match.round.dealer == (first + k) % 3


def test_each_round_of_a_seeded_match_has_its_own_shuffle():
    a, b = Match(TableRules("pairs"), seed=3), Match(TableRules("pairs"), seed=3)
    assert a.deck_for(0) == b.deck_for(0) and a.deck_for(1) == b.deck_for(1)
    assert a.deck_for(0) != a.deck_for(1)
    assert Match(TableRules("pairs"), seed=4).deck_for(0) != a.deck_for(0)


@pytest.mark.parametrize("deck", [DECK[:35], list(DECK[:35]) + [DECK[0]], ["XX"] * 36, list(range(1, 37)),
                                  [True if c == 1 else c for c in range(36)]])
def test_a_deck_must_be_the_36_distinct_cards(deck):
    with pytest.raises(ValueError):
        Round(TableRules("four"), 0, deck)


def test_dealer_must_be_a_seat():
    with pytest.raises(ValueError):
        Round(TableRules("three"), 3, DECK)
