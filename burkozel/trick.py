"""Moves and tricks (RULES.md §4): what a player may do, and what was done.

>>> from burkozel.cards import Card
>>> Move.lead("AS", "6S")
Move.lead(6S, AS)
>>> str(Move.discard())
'discard'
>>> Move.declare().to_dict()
{'declare': True}
"""

from __future__ import annotations

from itertools import combinations
from typing import NamedTuple, Sequence, Union

from .cards import DECK, POINTS_OF, RANKS, SUIT_OF, SUITS, Card
from .kernel import (ACCEPT, BEAT, DAVE, DECLARE, DISCARD, FOLD, LEAD, STAKE_KINDS, Deal, declaration_open,
                     raise_open)
from .rules import (BAD_MOVE, CARD_NOT_IN_HAND, DAVE_ONCE, DECLARE_TOO_EARLY, DOES_NOT_BEAT, DUPLICATE_CARD,
                    MIXED_SUITS, MUST_ANSWER, MUST_ANSWER_DAVE, MUST_LEAD, NO_DAVE, NO_DAVE_TO_ANSWER, NO_DECLARATION,
                    WRONG_COUNT, IllegalMoveError, auto_discard, beats_all)

CARD_KINDS = (LEAD, BEAT, DISCARD)
"""The kinds that play cards, at every table."""
KINDS = CARD_KINDS + (DECLARE,) + STAKE_KINDS
"""Every kind of move, in the order a table offers them."""
BARE_KINDS = (DECLARE,) + STAKE_KINDS
"""The kinds that name no card, written ``{"declare": true}`` in a replay."""
OPENING_KINDS = (LEAD, DECLARE, DAVE)
"""The kinds a seat plays when a trick starts; the others answer a trick or a «даве»."""
ANSWER_KINDS = (ACCEPT, FOLD)
"""The answers to a «даве», the only moves while one is answered."""

CardLike = Union[Card, str, int]


def _card(value: CardLike) -> Card:
    if isinstance(value, str):
        return Card.parse(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return Card(value)
    raise ValueError(f"not a card: {value!r}")


def written_card(value: object) -> Card:
    """A card in the replay notation: exactly the two letters of RULES.md §1 (``AS``,
    ``TH``, ``6C``). Stricter than :meth:`Card.parse`, which a person typing moves may
    give lower case: in a scenario or a message, a number, ``true`` or ``"as"`` is not a card."""
    if isinstance(value, str) and len(value) == 2 and value[0] in RANKS and value[1] in SUITS:
        return Card.parse(value)
    raise ValueError(f"not a card as RULES.md §1 writes it: {value!r}")


class _MoveFields(NamedTuple):
    kind: str
    cards: tuple[Card, ...] = ()


class Move(_MoveFields):
    """What the seat to act does: ``lead``, ``beat`` or ``discard`` some cards,
    or ``declare`` «31» (Бура «31» only, instead of a lead); at a pot with the
    switch «даве», ``dave`` (double the stake) and the answers ``accept`` or
    ``fold``.

    A ``discard`` may name fewer cards than the trick needs (none at all, say):
    the engine completes it with the least valuable cards (RULES.md §4.2).
    The cards are kept in one canonical order (the deck's, clubs to spades,
    low to high), so a move equals itself however its cards were given: a
    beat's pairing is found by the engine, never read from the order.
    An immutable value; a named tuple rather than a frozen dataclass because
    search creates millions of them and a tuple is many times cheaper to make.
    """

    __slots__ = ()

    def __new__(cls, kind: str, cards: Sequence[Card] = ()) -> "Move":
        return tuple.__new__(cls, (kind, tuple(sorted(cards))))

    @classmethod
    def lead(cls, *cards: CardLike) -> "Move":
        return cls(LEAD, tuple(_card(c) for c in cards))

    @classmethod
    def beat(cls, *cards: CardLike) -> "Move":
        return cls(BEAT, tuple(_card(c) for c in cards))

    @classmethod
    def discard(cls, *cards: CardLike) -> "Move":
        return cls(DISCARD, tuple(_card(c) for c in cards))

    @classmethod
    def declare(cls) -> "Move":
        return cls(DECLARE, ())

    @classmethod
    def dave(cls) -> "Move":
        return cls(DAVE, ())

    @classmethod
    def accept(cls) -> "Move":
        return cls(ACCEPT, ())

    @classmethod
    def fold(cls) -> "Move":
        return cls(FOLD, ())

    @classmethod
    def parse(cls, text: str) -> "Move":
        """``Move.parse("beat 7S 6D")``: the kind, then the cards."""
        words = text.split()
        if not words or words[0] not in KINDS:
            raise ValueError(f"not a move: {text!r}")
        return cls(words[0], tuple(Card.parse(w) for w in words[1:]))

    @classmethod
    def from_dict(cls, data: dict) -> "Move":
        """The replay notation: ``{"lead": ["AS"]}``, ``{"declare": true}``
        (a ``seat`` key is ignored)."""
        if not isinstance(data, dict):
            raise ValueError(f"a move is an object, not {type(data).__name__}")
        kinds = [k for k in KINDS if k in data]
        if len(kinds) != 1:
            raise ValueError(f"a move names exactly one of {', '.join(KINDS)}")
        cards = data[kinds[0]]
        if kinds[0] in BARE_KINDS:
            if cards is not True:
                raise ValueError(f"{kinds[0]}: the value must be true")
            return cls(kinds[0], ())
        if not isinstance(cards, list):
            raise ValueError(f"{kinds[0]}: expected a list of cards")
        return cls(kinds[0], tuple(map(written_card, cards)))

    def to_dict(self) -> dict:
        if self.kind in BARE_KINDS:
            return {self.kind: True}
        return {self.kind: [str(c) for c in self.cards]}

    def __str__(self) -> str:
        return " ".join([self.kind, *map(str, self.cards)])

    def __repr__(self) -> str:
        return f"Move.{self.kind}({', '.join(map(str, self.cards))})"


class Play(NamedTuple):
    """One seat's part of a trick, with every face (the full state's record;
    seat views hide the faces of discards)."""

    seat: int
    kind: str
    cards: tuple[Card, ...]

    @property
    def faces(self) -> tuple[Card, ...]:
        """Every face of the play: the full state knows them all."""
        return self.cards

    @property
    def count(self) -> int:
        return len(self.cards)


class Trick:
    """A trick in progress or finished.  ``winner`` is the seat whose cards
    currently win (the leader, or the last who beat); once finished it is the
    seat that took the trick; ``winning`` are its cards."""

    __slots__ = ("leader", "size", "combo", "plays", "winner", "winning", "finished")

    def __init__(self, leader: int, size: int, combo: str | None = None, plays: list[Play] | None = None,
                 winner: int = -1, winning: tuple[Card, ...] = (), finished: bool = False) -> None:
        self.leader = leader
        self.size = size
        self.combo = combo
        self.plays: list[Play] = plays if plays is not None else []
        self.winner = winner
        self.winning = winning
        self.finished = finished

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Trick):
            return NotImplemented
        return all(getattr(self, a) == getattr(other, a) for a in self.__slots__)

    def __repr__(self) -> str:
        plays = ", ".join(f"{p.seat}:{p.kind} {' '.join(map(str, p.cards))}" for p in self.plays)
        return f"<Trick leader={self.leader} combo={self.combo} winner={self.winner} [{plays}]>"

    @property
    def lead(self) -> tuple[Card, ...]:
        return self.plays[0].cards

    @property
    def cards(self) -> list[Card]:
        return [c for p in self.plays for c in p.cards]

    @property
    def points(self) -> int:
        return sum(POINTS_OF[c] for p in self.plays for c in p.cards)

    def copy(self) -> "Trick":
        return Trick(self.leader, self.size, self.combo, list(self.plays), self.winner,
                     self.winning, self.finished)


def check_bet(move: Move, *, answering: bool, dave: bool, raised: bool, leading: bool) -> None:
    """Check a move of the stake, or any move while a «даве» is answered
    (RULES-pot.md §8): ``answering`` whether the seat must answer one,
    ``dave`` whether the switch is on, ``raised`` whether the seat has
    already raised in this deal, ``leading`` whether it is its regular lead."""
    if answering:
        if move.kind not in (ACCEPT, FOLD):
            raise IllegalMoveError(MUST_ANSWER_DAVE, "«даве» was said: accept or fold")
    elif move.kind != DAVE:
        raise IllegalMoveError(NO_DAVE_TO_ANSWER, "there is no «даве» to answer")
    elif not dave:
        raise IllegalMoveError(NO_DAVE, "this table plays without «даве»")
    elif not leading:
        raise IllegalMoveError(NO_DAVE, "«даве» is said only before one's regular lead")
    elif not raise_open(dave, answering, raised):
        raise IllegalMoveError(DAVE_ONCE, "«даве» once a deal")
    if move.cards:
        raise IllegalMoveError(WRONG_COUNT, f"{move.kind} names no cards")


def check_move(move: Move, hand: Sequence[int], trump: int, size: int | None,
               winning: Sequence[int] = (), max_lead: int = 4, declares: bool = False,
               first_trick: bool = False, answering: bool = False, dave: bool = False,
               raised: bool = False, shield: int = -1) -> tuple[Card, ...]:
    """Check ``move`` for a seat holding ``hand``: ``size`` is the number of
    cards each answer needs, or ``None`` when the seat leads a new trick;
    ``winning`` is the current winning set; ``max_lead`` the most cards a
    lead may have; ``declares`` whether the table has «31» and
    ``first_trick`` whether the deal's first trick is still to be completed
    (:func:`~burkozel.kernel.declaration_open` says when «31» is open).  Returns the cards actually played (a
    short discard completed); raises :class:`IllegalMoveError` otherwise.
    The stake's moves are checked by :func:`check_bet` (``answering``,
    ``dave``, ``raised`` as it says); ``shield`` a suit no trump beats."""
    if not isinstance(move, Move) or move.kind not in KINDS:
        raise IllegalMoveError(BAD_MOVE, f"not a move: {move!r}")
    if answering or move.kind in STAKE_KINDS:
        check_bet(move, answering=answering, dave=dave, raised=raised, leading=size is None)
        return ()
    if move.kind == DECLARE:
        if size is not None:
            raise IllegalMoveError(NO_DECLARATION, "«31» is declared only instead of one's regular lead")
        if not declares:
            raise IllegalMoveError(NO_DECLARATION, "this table has no «31»")
        if not declaration_open(declares, first_trick, answering):
            raise IllegalMoveError(DECLARE_TOO_EARLY, "no «31» before the deal's first trick")
        if move.cards:
            raise IllegalMoveError(WRONG_COUNT, "«31» names no cards")
        return ()
    cards = move.cards
    if len(cards) > 1 and len(set(cards)) != len(cards):
        raise IllegalMoveError(DUPLICATE_CARD, "the same card is named twice")
    for c in cards:
        if c not in hand:
            raise IllegalMoveError(CARD_NOT_IN_HAND, f"{c} is not in the hand")
    if size is None:
        if move.kind != LEAD:
            raise IllegalMoveError(MUST_LEAD, "a new trick starts: the move must be a lead")
        if not 1 <= len(cards) <= max_lead:
            raise IllegalMoveError(WRONG_COUNT, f"a lead is 1 to {max_lead} cards")
        suit = SUIT_OF[cards[0]]
        if any(SUIT_OF[c] != suit for c in cards):
            raise IllegalMoveError(MIXED_SUITS, "a lead is of one suit")
        return cards
    if move.kind == LEAD:
        raise IllegalMoveError(MUST_ANSWER, "a trick is under way: beat or discard")
    if move.kind == BEAT:
        if len(cards) != size:
            raise IllegalMoveError(WRONG_COUNT, f"a beat needs exactly {size} card(s)")
        if not beats_all(cards, winning, trump, shield):
            raise IllegalMoveError(DOES_NOT_BEAT, "does not beat every card of the winning set")
        return cards
    if len(cards) > size:
        raise IllegalMoveError(WRONG_COUNT, f"a discard is {size} card(s)")
    if len(cards) == size:
        return cards
    return auto_discard(hand, cards, size, trump)


_ANSWERS = tuple(Move(kind, ()) for kind in ANSWER_KINDS)


def legal_moves(hand: Sequence[int], trump: int, size: int | None,
                winning: Sequence[int] = (), max_lead: int = 4, may_declare: bool = False,
                answering: bool = False, may_raise: bool = False, shield: int = -1) -> list[Move]:
    """Every legal move: each lead (1 to ``max_lead`` cards of one suit), each
    beat, and each full discard (a short discard is the same as one of these);
    «31» last, when ``may_declare``, and «даве» after it when ``may_raise``;
    only accept and fold when ``answering`` a «даве»."""
    if answering:
        return list(_ANSWERS)
    hand = sorted(hand)
    moves: list[Move] = []
    if size is None:
        for suit in range(4):
            same = [DECK[c] for c in hand if SUIT_OF[c] == suit]
            for k in range(1, min(len(same), max_lead) + 1):
                for combo in combinations(same, k):
                    moves.append(Move(LEAD, combo))
        if may_declare:
            moves.append(Move(DECLARE, ()))
        if may_raise:
            moves.append(Move(DAVE, ()))
        return moves
    cards = [DECK[c] for c in hand]
    for combo in combinations(cards, size):
        if beats_all(combo, winning, trump, shield):
            moves.append(Move(BEAT, combo))
    for combo in combinations(cards, size):
        moves.append(Move(DISCARD, combo))
    return moves


def legal_moves_in(deal: Deal) -> list[Move]:
    """Every legal move of the seat to act in ``deal`` (empty once it is over):
    :attr:`Round.legal_moves` on the kernel's bare deal, for searches that step one."""
    seat = deal.to_act
    if seat is None:
        return []
    if deal.leader < 0:
        return legal_moves(deal.hands[seat], deal.trump, None, max_lead=deal.max_lead,
                           may_declare=deal.may_declare(seat), answering=bool(deal.answers),
                           may_raise=deal.may_raise(seat))
    return legal_moves(deal.hands[seat], deal.trump, deal.size, deal.winning, shield=deal.table.shield)


def no_kinds(dave: bool = False) -> dict[str, bool]:
    """:func:`legal_kinds` for a seat not to act: every kind off."""
    return dict.fromkeys(KINDS if dave else KINDS[:4], False)


def legal_kinds(hand: Sequence[int], trump: int, size: int | None,
                winning: Sequence[int] = (), may_declare: bool = False, dave: bool = False,
                answering: bool = False, may_raise: bool = False, shield: int = -1) -> dict[str, bool]:
    """Which kinds of move are possible at all (for enabling buttons); with
    the switch «даве» (``dave``) the stake's kinds too."""
    if answering:
        kinds = {LEAD: False, BEAT: False, DISCARD: False, DECLARE: False}
    elif size is None:
        kinds = {LEAD: bool(hand), BEAT: False, DISCARD: False, DECLARE: may_declare}
    else:
        can_beat = any(beats_all(combo, winning, trump, shield) for combo in combinations(hand, size))
        kinds = {LEAD: False, BEAT: can_beat, DISCARD: True, DECLARE: False}
    if dave:
        kinds.update({DAVE: may_raise and not answering, ACCEPT: answering, FOLD: answering})
    return kinds
