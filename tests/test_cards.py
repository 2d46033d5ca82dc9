"""RULES.md §1 — cards: the deck, the order within a suit, points, beating."""

import pytest

from burkozel import DECK, Card
from burkozel.cards import RANKS, SUITS, held_order
from burkozel.rules import beats_all
from stacking import cards


def test_deck_has_36_distinct_cards_of_four_suits_and_nine_ranks():
    assert len(DECK) == 36 and len(set(DECK)) == 36
    assert {str(c)[1] for c in DECK} == set("CDHS")
    assert {str(c)[0] for c in DECK} == set("6789TJQKA")


def test_a_hand_is_held_by_suit_trumps_last_low_to_high():
    spades = SUITS.index("S")
    assert held_order(cards("AS 6H TS 7C KS"), spades) == tuple(cards("7C 6H KS TS AS"))
    assert held_order(cards("AS 6H TS 7C KS"), SUITS.index("H")) == tuple(cards("7C KS TS AS 6H"))


def test_cards_read_and_write_in_the_table_notation():
    for c in DECK:
        assert Card.parse(str(c)) is c
    assert str(Card.parse("th")) == "TH"
    for bad in ("", "A", "1S", "AX", "AS ", "10H", None, 5):
        with pytest.raises(ValueError):
            Card.parse(bad)
    with pytest.raises(ValueError):
        Card(36)


def test_the_ten_ranks_above_the_king_and_below_the_ace():
    order = [str(c)[0] for c in sorted(cards("AH TH KH QH JH 9H 8H 7H 6H"))]
    assert "".join(order) == "6789JQKTA" == RANKS
    assert Card.parse("TS").beats(Card.parse("KS"), "H")
    assert not Card.parse("KS").beats(Card.parse("TS"), "H")
    assert Card.parse("AS").beats(Card.parse("TS"), "H")


def test_points_per_rank_and_the_deck_holds_120():
    points = {str(c)[0]: c.points for c in DECK}
    assert points == {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0, "6": 0}
    assert sum(c.points for c in DECK) == 120


@pytest.mark.parametrize("x, y, trump, expected", [
    ("7S", "6S", "H", True),   # same suit, higher
    ("6S", "7S", "H", False),  # same suit, lower
    ("6H", "AS", "H", True),   # any trump beats a plain card
    ("AS", "6H", "H", False),  # a plain card never beats a trump
    ("7H", "6H", "H", True),   # a trump is beaten only by a higher trump
    ("6H", "7H", "H", False),
    ("AS", "6C", "H", False),  # another plain suit never beats
])
def test_what_beats_what(x, y, trump, expected):
    assert Card.parse(x).beats(Card.parse(y), trump) is expected


def test_canonical_suit_order_is_clubs_diamonds_hearts_spades():
    assert SUITS == "CDHS"
    assert [str(c) for c in sorted(cards("6S 6H 6D 6C"))] == ["6C", "6D", "6H", "6S"]


def test_multi_card_beat_is_a_matching_the_engine_finds():
    trump = SUITS.index("H")
    # lead A♠ 6♠ answered by 7♠ + a small trump: the trump takes the ace, 7♠ the six
    assert beats_all(cards("7S 6H"), cards("AS 6S"), trump)
    assert beats_all(cards("6H 7S"), cards("AS 6S"), trump)  # order of choice is irrelevant
    # two cards that could only beat the same card do not beat both
    assert not beats_all(cards("7S 8S"), cards("AS 6S"), trump)
    assert not beats_all(cards("7H"), cards("AS 6S"), trump)  # wrong count
    assert beats_all(cards("7H 8H 9H JH"), cards("6H AS AC AD"), trump)
    assert beats_all(cards("6H 8H 9H JH"), cards("7H AS AC AD"), trump)  # 8H must take 7H
    assert not beats_all(cards("6H 7H 8H 9H"), cards("JH AS AC AD"), trump)
