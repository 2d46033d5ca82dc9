"""One round (one deal) of Буркозёл: the full state, never handed to bots or
the table, which see :class:`~burkozel.view.SeatView` only.

The API follows python-chess: ``round.legal_moves``, ``round.push(move)``,
one :class:`~burkozel.rules.IllegalMoveError`.

>>> from burkozel import Round, TableRules, Move
>>> from burkozel.cards import DECK
>>> r = Round(TableRules("four", combos=()), dealer=3, deck=DECK)
>>> r.to_act, [str(c) for c in r.hands[0]]
(0, ['6C', 'JC', 'AC', '9D'])
>>> r.push(Move.lead("6C"))
>>> r.to_act
1
"""

from __future__ import annotations

import random
from typing import Callable, Iterable, Sequence

from .cards import DECK, POINTS_OF, SUIT_OF, Card
from .rules import (IllegalMoveError, TableRules, beats_all, find_combination,
                    round_penalties)
from .trick import BEAT, DISCARD, LEAD, Move, Play, Trick, check_move, legal_kinds, legal_moves

HAND_SIZE = 4
_ALL_CARDS = frozenset(range(36))


def check_deck(deck: Sequence[object]) -> tuple[Card, ...]:
    """A deck is the 36 distinct cards in draw order (RULES.md §3)."""
    if len(deck) == 36 and set(deck) == _ALL_CARDS:  # ints or Cards: the fast path
        return tuple(map(DECK.__getitem__, deck))
    try:
        cards = tuple(c if type(c) is Card else Card.parse(c) if isinstance(c, str) else Card(c) for c in deck)
    except TypeError:
        raise ValueError("a deck is a list of cards") from None
    if len(cards) != 36 or len(set(cards)) != 36:
        raise ValueError("a deck is the 36 distinct cards")
    return cards


def random_cards(hand: list[Card], trick: Trick | None, trump: int,
                 random: Callable[[], float]) -> tuple[str, tuple[Card, ...]]:
    """The kind and cards of a random legal move for ``hand`` (see
    :meth:`Round.random_move`); ``random`` is a ``Random.random`` method."""
    h = len(hand)
    if trick is None:
        first = hand[int(random() * h)]
        suit = SUIT_OF[first]
        return LEAD, (first,) + tuple([c for c in hand if c is not first and SUIT_OF[c] == suit and random() < 0.5])
    k = trick.size
    if k == h:
        cards = tuple(hand)
    elif k == 1:
        cards = (hand[int(random() * h)],)
    else:
        pool = list(hand)
        for i in range(k):  # a partial Fisher–Yates shuffle
            j = i + int(random() * (h - i))
            pool[i], pool[j] = pool[j], pool[i]
        cards = tuple(pool[:k])
    return (BEAT if beats_all(cards, trick.winning, trump) else DISCARD), cards


class Round:
    """The state of one round, from the deal to the last trick.

    ``deck`` lists the 36 cards in draw order: the first ``4·n`` are dealt one
    at a time from the seat after the dealer, the rest is the stock drawn from
    the front, and the last card is the face-up trump (RULES.md §3).
    """

    def __init__(self, rules: TableRules, dealer: int, deck: Sequence[object]) -> None:
        if not isinstance(rules, TableRules):
            raise TypeError(f"rules must be TableRules, not {type(rules).__name__}")
        n = rules.players
        if not isinstance(dealer, int) or not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat from 0 to {n - 1}")
        cards = check_deck(deck)
        self.rules = rules
        self.players = n
        self.dealer = dealer
        self.deck = cards
        self.trump_card: Card = cards[-1]
        self.trump: int = SUIT_OF[self.trump_card]
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        for i in range(HAND_SIZE * n):
            self.hands[(dealer + 1 + i) % n].append(cards[i])
        for hand in self.hands:
            hand.sort()
        # The stock reversed, so that pop() draws its front; the trump is drawn last.
        self._stock: list[Card] = list(reversed(cards[HAND_SIZE * n:]))
        self.trump_drawn_by: int | None = None
        self.tricks: list[Trick] = []
        self.trick: Trick | None = None
        self.points: list[int] = [0] * rules.side_count
        self.to_act: int | None = None
        self._side = [rules.side_of(s) for s in range(n)]
        self._start_trick((dealer + 1) % n)

    # --- what can be seen of the state --------------------------------------

    @property
    def stock_size(self) -> int:
        return len(self._stock)

    @property
    def stock(self) -> list[Card]:
        """The stock in draw order (the trump card last, while it is there)."""
        return list(reversed(self._stock))

    @property
    def is_over(self) -> bool:
        return self.to_act is None

    @property
    def legal_moves(self) -> list[Move]:
        """Every legal move of the seat to act (empty once the round is over)."""
        if self.to_act is None:
            return []
        trick = self.trick
        if trick is None:
            return legal_moves(self.hands[self.to_act], self.trump, None)
        return legal_moves(self.hands[self.to_act], self.trump, trick.size, trick.winning)

    @property
    def legal_kinds(self) -> dict[str, bool]:
        if self.to_act is None:
            return {LEAD: False, BEAT: False, DISCARD: False}
        trick = self.trick
        if trick is None:
            return legal_kinds(self.hands[self.to_act], self.trump, None)
        return legal_kinds(self.hands[self.to_act], self.trump, trick.size, trick.winning)

    @property
    def penalties(self) -> list[int] | None:
        """This round's penalties per side, once it is over."""
        if self.to_act is not None:
            return None
        return round_penalties(self.points, self.rules.pass_mark)

    def side_of(self, seat: int) -> int:
        return self._side[seat]

    def unknown_to(self, seat: int) -> set[Card]:
        """The cards whose faces ``seat`` cannot know now (RULES.md §9): the
        other hands, the stock and the other seats' face-down discards — but
        never the trump card, which everyone saw turned up."""
        hidden = {c for s, hand in enumerate(self.hands) if s != seat for c in hand}
        hidden.update(self._stock)
        for trick in self.tricks + ([self.trick] if self.trick is not None else []):
            for play in trick.plays:
                if play.kind == DISCARD and play.seat != seat:
                    hidden.update(play.cards)
        hidden.discard(self.trump_card)
        return hidden

    # --- moves ----------------------------------------------------------------

    def check(self, move: Move, seat: int | None = None) -> tuple[Card, ...]:
        """The cards ``move`` would play; raises :class:`IllegalMoveError` if it
        is illegal.  Never changes the state."""
        if self.to_act is None:
            raise IllegalMoveError("round_over", "the round is over")
        if seat is not None and seat != self.to_act:
            raise IllegalMoveError("not_your_turn", f"it is seat {self.to_act}'s turn, not seat {seat}'s")
        trick = self.trick
        hand = self.hands[self.to_act]
        if trick is None:
            return check_move(move, hand, self.trump, None)
        return check_move(move, hand, self.trump, trick.size, trick.winning)

    def is_legal(self, move: Move, seat: int | None = None) -> bool:
        try:
            self.check(move, seat)
        except IllegalMoveError:
            return False
        return True

    def push(self, move: Move, seat: int | None = None) -> None:
        """Play ``move`` for the seat to act (``seat``, if given, must be it).
        An illegal move raises :class:`IllegalMoveError` and changes nothing."""
        cards = self.check(move, seat)
        self._play(move.kind, cards)

    def random_move(self, rng: random.Random) -> Move:
        """A random legal move, drawn cheaply (for random play and benchmarks):
        a lead of a random card with some of its suit, or a random set of cards
        that beats when it can and is discarded otherwise."""
        return Move(*random_cards(self.hands[self.to_act], self.trick, self.trump, rng.random))

    # --- the machinery --------------------------------------------------------

    def _play(self, kind: str, cards: tuple[Card, ...]) -> None:
        seat = self.to_act
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        trick = self.trick
        if trick is None:
            trick = self.trick = Trick(seat, len(cards), None, [Play(seat, LEAD, cards)], seat, cards)
        else:
            trick.plays.append(Play(seat, kind, cards))
            if kind == BEAT:
                trick.winner = seat
                trick.winning = cards
        nxt = seat + 1
        if nxt == self.players:
            nxt = 0
        if nxt == trick.leader:
            self._finish_trick(trick)
        else:
            self.to_act = nxt

    def _finish_trick(self, trick: Trick) -> None:
        trick.finished = True
        taker = trick.winner
        points = 0
        for play in trick.plays:
            for c in play.cards:
                points += POINTS_OF[c]
        self.points[self._side[taker]] += points
        self.tricks.append(trick)
        self.trick = None
        stock = self._stock
        hands = self.hands
        if stock:
            # One card at a time from the taker clockwise; hands are equal, so
            # each draws as many as the taker needs, or what the stock allows.
            n = self.players
            seat = taker
            for _ in range(min((HAND_SIZE - len(hands[taker])) * n, len(stock))):
                hands[seat].append(stock.pop())
                seat = seat + 1 if seat + 1 < n else 0
            if not stock:
                self.trump_drawn_by = seat - 1 if seat else n - 1
        elif not hands[taker]:
            self.to_act = None  # every card has been played
            return
        self._start_trick(taker)

    def _start_trick(self, leader: int) -> None:
        """Before the first card of a trick: an out-of-turn combination, if a
        hand holds an enabled one, is led at once (RULES.md §6)."""
        combos = self.rules.combos
        if combos and len(self.hands[leader]) >= 3:
            found = find_combination(self.hands, leader, combos, self.trump_card)
            if found is not None:
                seat, combo, cards = found
                hand = self.hands[seat]
                for c in cards:
                    hand.remove(c)
                self.trick = Trick(seat, len(cards), combo, [Play(seat, LEAD, cards)], seat, cards)
                self.to_act = (seat + 1) % self.players
                return
        self.to_act = leader

    # --- copies, for search ---------------------------------------------------

    def copy(self) -> "Round":
        """An independent copy (finished tricks are shared: they never change)."""
        other = Round.__new__(Round)
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other._stock = list(self._stock)
        other.tricks = list(self.tricks)
        other.trick = self.trick.copy() if self.trick is not None else None
        other.points = list(self.points)
        return other

    @classmethod
    def from_position(cls, rules: TableRules, dealer: int, *, hands: Sequence[Iterable[Card]],
                      stock: Sequence[Card], trump_card: Card, trump_drawn_by: int | None,
                      tricks: Sequence[Trick], trick: Trick | None, points: Sequence[int],
                      to_act: int | None) -> "Round":
        """A round built from a whole position, such as a world a bot samples
        from its view.  ``stock`` is in draw order.  The deck it records is the
        position's cards in no meaningful order."""
        self = cls.__new__(cls)
        self.rules = rules
        self.players = rules.players
        self.dealer = dealer
        self.hands = [sorted(DECK[c] for c in h) for h in hands]
        self._stock = list(reversed([DECK[c] for c in stock]))
        self.trump_card = DECK[trump_card]
        self.trump = SUIT_OF[self.trump_card]
        self.trump_drawn_by = trump_drawn_by
        self.tricks = list(tricks)
        self.trick = trick.copy() if trick is not None else None
        self.points = list(points)
        self.to_act = to_act
        self._side = [rules.side_of(s) for s in range(rules.players)]
        self.deck = ()
        return self

    def view(self, seat: int, **match_info) -> "SeatView":
        """What ``seat`` may know (RULES.md §9)."""
        from .view import SeatView

        return SeatView.of(self, seat, **match_info)

    def __repr__(self) -> str:
        hands = " | ".join(" ".join(map(str, h)) for h in self.hands)
        return f"<Round {self.rules.format} dealer={self.dealer} trump={self.trump_card} to_act={self.to_act} hands={hands}>"
