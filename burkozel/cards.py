"""Cards: a tiny immutable value with a readable ``str``.

A card is an ``int`` from 0 to 35 (``suit * 9 + rank``) wearing a readable
face: ``str(Card.parse("AS")) == "AS"``.  Being an int keeps the engine's hot
loops (bot rollouts run hundreds of thousands of moves a second) free of
attribute look-ups and lets a hand sort in canonical order (suit C, D, H, S,
then rank low to high) with plain ``sorted``.  There are exactly 36 card
objects: ``Card(n)`` always returns the same instance.

>>> ace = Card.parse("AS")
>>> ace.suit_letter, ace.rank_letter, ace.points
('S', 'A', 11)
>>> Card.parse("TH").beats(Card.parse("KH"), trump="S")
True
"""

from __future__ import annotations

from typing import Iterable

SUITS = "CDHS"
"""Canonical suit order (clubs, diamonds, hearts, spades): every tie-break uses it."""

RANKS = "6789JQKTA"
"""Order within a suit, low to high: the ten sits above the king."""

RANK_POINTS = (0, 0, 0, 0, 2, 3, 4, 10, 11)
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

ACE = RANKS.index("A")
TEN = RANKS.index("T")

# Lookup tables indexed by the card's int value: the fast path of the engine.
SUIT_OF = tuple(n // 9 for n in range(36))
RANK_OF = tuple(n % 9 for n in range(36))
POINTS_OF = tuple(RANK_POINTS[n % 9] for n in range(36))
TOTAL_POINTS = sum(POINTS_OF)
"""All the points in the deck (120): a half, a pass mark and a band are counted from it."""
POINT_VALUES = tuple(sorted(set(RANK_POINTS)))
"""The distinct point values a card can have, low to high."""


class Card(int):
    """One of the 36 cards, written ``6C`` … ``AS`` (``T`` is the ten)."""

    __slots__ = ()

    def __new__(cls, value: int) -> "Card":
        if type(value) is not bool and isinstance(value, int) and 0 <= value < 36:
            if len(DECK) == 36:
                return DECK[value]
            return int.__new__(cls, value)  # only while DECK is being built
        raise ValueError(f"no card number {value!r}")

    @classmethod
    def parse(cls, text: str) -> "Card":
        """``Card.parse("TH")`` is the ten of hearts; raises ``ValueError`` otherwise."""
        if not isinstance(text, str) or len(text) != 2:
            raise ValueError(f"not a card: {text!r}")
        rank, suit = RANKS.find(text[0].upper()), SUITS.find(text[1].upper())
        if rank < 0 or suit < 0:
            raise ValueError(f"not a card: {text!r}")
        return DECK[suit * 9 + rank]

    @property
    def suit(self) -> int:
        """Suit index in canonical order: 0 clubs, 1 diamonds, 2 hearts, 3 spades."""
        return SUIT_OF[self]

    @property
    def rank(self) -> int:
        """Rank index, 0 for the six up to 8 for the ace (the ten is 7)."""
        return RANK_OF[self]

    @property
    def suit_letter(self) -> str:
        return SUITS[SUIT_OF[self]]

    @property
    def rank_letter(self) -> str:
        return RANKS[RANK_OF[self]]

    @property
    def points(self) -> int:
        return POINTS_OF[self]

    def beats(self, other: "Card", trump: str | int) -> bool:
        """Whether this card beats ``other`` when ``trump`` (letter or index) is trumps."""
        trump_index = SUITS.index(trump) if isinstance(trump, str) else trump
        return beats(self, other, trump_index)

    def __str__(self) -> str:
        return RANKS[RANK_OF[self]] + SUITS[SUIT_OF[self]]

    __repr__ = __str__

    def __reduce__(self):  # pickling and copying keep the singleton
        return (Card, (int(self),))


DECK: tuple[Card, ...] = ()
DECK = tuple(Card(n) for n in range(36))
"""The 36 cards in canonical order."""


def beats(x: int, y: int, trump: int) -> bool:
    """``x`` beats ``y``: same suit and higher rank, or ``x`` a trump and ``y`` not."""
    sx, sy = SUIT_OF[x], SUIT_OF[y]
    if sx == sy:
        return RANK_OF[x] > RANK_OF[y]
    return sx == trump


NO_SUIT = 4
"""The trump suit of a deal without trumps (RULES-house.md §5): no card has it."""


def trump_of(trump_card: int | None) -> int:
    """The trump suit a turned card makes; :data:`NO_SUIT` when none is turned."""
    return NO_SUIT if trump_card is None else SUIT_OF[trump_card]


def held_order(cards: Iterable[int], trump: int) -> tuple[Card, ...]:
    """``cards`` as a player holds them: suits grouped in canonical order with the
    trumps last, low to high within a suit (the ten above the king)."""
    return tuple(DECK[c] for c in sorted(cards, key=lambda c: (SUIT_OF[c] == trump, c)))
