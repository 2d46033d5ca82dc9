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

from .cards import DECK, SUIT_OF, Card
from .kernel import ACCEPT, DAVE, FOLD, Deal
from .outcome import Outcome
from .rules import NOT_YOUR_TURN, ROUND_OVER, IllegalMoveError, TableRules, beats_all
from .trick import (BEAT, DECLARE, DISCARD, LEAD, Move, Play, Trick, check_move, legal_kinds, legal_moves_in,
                    no_kinds)
from .view import SeatView, trick_view

_ALL_CARDS = frozenset(range(36))


def check_deck(deck: Sequence[object]) -> tuple[Card, ...]:
    """A deck is the 36 distinct cards in draw order (RULES.md §3)."""
    if len(deck) == 36 and set(deck) == _ALL_CARDS and bool not in set(map(type, deck)):  # ints or Cards: the fast path
        return tuple(map(DECK.__getitem__, deck))
    try:
        cards = tuple(c if type(c) is Card else Card.parse(c) if isinstance(c, str) else Card(c) for c in deck)
    except TypeError:
        raise ValueError("a deck is a list of cards") from None
    if len(cards) != 36 or len(set(cards)) != 36:
        raise ValueError("a deck is the 36 distinct cards")
    return cards


def seeded_deck(seed: int | str, deal_no: int = 0) -> tuple[Card, ...]:
    """The deck of deal ``deal_no`` of the match with ``seed``: the one shuffle."""
    deck = list(DECK)
    random.Random(f"burkozel/{seed}/round/{deal_no}").shuffle(deck)
    return tuple(deck)


def seeded_dealer(seed: int | str, players: int) -> int:
    """The first dealer of the match with ``seed``."""
    return random.Random(f"burkozel/{seed}/dealer").randrange(players)


def random_cards(deal: Deal, random: Callable[[], float]) -> tuple[str, tuple[Card, ...]]:
    """The kind and cards of a random legal move of the seat to act in
    ``deal`` (see :meth:`Round.random_move`); ``random`` is a
    ``Random.random`` method."""
    seat = deal.to_act
    hand = deal.hands[seat]
    h = len(hand)
    if deal.leader < 0:
        if deal.answers:
            return (FOLD if random() < 0.3 else ACCEPT), ()
        # The tables without «31» or «даве» skip asking (random play's inner loop).
        if deal.declaration is not None and deal.may_declare(seat):
            enough = deal.table.with_handicaps(deal.points)[deal.side[seat]] >= deal.declaration
            if random() < (0.5 if enough else 0.02):
                return DECLARE, ()
        if deal.dave and deal.may_raise(seat) and random() < 0.1:
            return DAVE, ()
        first = hand[int(random() * h)]
        suit = SUIT_OF[first]
        lead = (first,) + tuple([c for c in hand if c is not first and SUIT_OF[c] == suit and random() < 0.5])
        # Hands are equal at a lead but where the stock ran out short (five players, or a fold)
        # or an open hand holds four (RULES-house.md §6.4).
        return LEAD, lead if len(lead) == 1 or (deal.stock and not deal.sizes) else lead[:deal.max_lead]
    k = deal.size
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
    return (BEAT if beats_all(cards, deal.winning, deal.trump, deal.shield) else DISCARD), cards


def check_chips(rules: TableRules, chips: Sequence[int], pot: int) -> None:
    """Chips that a match at ``rules`` can hold: a whole number per seat
    (debts allowed) and a pot from 0, together the players' stacks
    (RULES-pot.md §7.6); ``ValueError`` says what is wrong otherwise."""
    if not rules.table.has_pot:
        raise ValueError(f"{rules.format} is not played for chips")
    n = rules.players
    if not isinstance(chips, (list, tuple)) or len(chips) != n or any(type(c) is not int for c in chips):
        raise ValueError(f"chips must be {n} whole numbers, one a seat")
    if type(pot) is not int or pot < 0:
        raise ValueError(f"the pot must be a whole number from 0, not {pot!r}")
    if sum(chips) + pot != n * rules.stack:
        raise ValueError(f"the chips ({sum(chips)}) and the pot ({pot}) do not add up to "
                         f"{n} stacks of {rules.stack}")


def _trick_of_log(entry: tuple) -> Trick:
    leader, size, combo, plays, winner, winning = entry
    return Trick(leader, size, combo, [Play(*p) for p in plays], winner, winning, True)


def _seats_of(mask: int, players: int) -> tuple[int, ...]:
    return tuple(s for s in range(players) if mask >> s & 1)


class Round:
    """The state of one round, from the deal to its end: the moves checked,
    the tricks recorded, the position kept by a :class:`~burkozel.kernel.Deal`.

    ``deck`` lists the 36 cards in draw order: the first ``h·n`` are dealt one
    at a time from the seat after the dealer, the rest is the stock drawn from
    the front, and the last card is the face-up trump (RULES.md §3).
    ``in_play``: the seats dealt in, where some are out of the match
    (RULES-house.md §1; all of them by default).
    """

    def __init__(self, rules: TableRules, dealer: int, deck: Sequence[object],
                 chips: Sequence[int] | None = None, pot: int = 0, in_play: Sequence[int] | None = None) -> None:
        if not isinstance(rules, TableRules):
            raise TypeError(f"rules must be TableRules, not {type(rules).__name__}")
        n = rules.players
        if not isinstance(dealer, int) or not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat from 0 to {n - 1}")
        cards = check_deck(deck)
        if chips is not None:
            check_chips(rules, chips, pot)
        self.rules = rules
        self.dealer = dealer
        self.deck = cards
        if in_play is None:
            self.in_play = rules.table.seat_order
        else:
            self.in_play = tuple(sorted(in_play))
            if not self.in_play or not set(self.in_play) <= set(range(n)) or (
                    len(self.in_play) < n and rules.table.system is None) or dealer not in self.in_play:
                raise ValueError(f"seats in play must be seats of {rules.format}, the dealer among them, "
                                 "and fewer only where seats go out")
        self.deal = Deal.dealt(rules, dealer, cards, log=True, chips=chips, pot=pot,
                               seats=None if len(self.in_play) == n else self.in_play)
        self._tricks: list[Trick] = []
        self._start = (None if chips is None else tuple(chips), pot)
        self.moves: list[Move] = []

    @classmethod
    def seeded(cls, rules: TableRules, seed: int | str, dealer: int | None = None,
               chips: Sequence[int] | None = None, pot: int = 0) -> "Round":
        """The first deal of the match ``Match(rules, seed)``: its deck and,
        unless ``dealer`` is given, its dealer."""
        if dealer is None:
            dealer = seeded_dealer(seed, rules.players)
        return cls(rules, dealer, seeded_deck(seed), chips, pot)

    # --- what can be seen of the state --------------------------------------

    @property
    def start_chips(self) -> tuple[int, ...] | None:
        """Every stack as this deal began, before its antes (``None`` without chips)."""
        return self._start[0]

    @property
    def start_pot(self) -> int:
        """The pot this deal began with: 0, or what a void deal or a false «31» left in it."""
        return self._start[1]

    @property
    def chips_won(self) -> tuple[int, ...]:
        """Each seat's chips won (+) or lost (−) in this deal, once it is over:
        its ante, a «даве» accepted or a false «31» paid, the pot taken, and a
        void deal's new ante.  Empty while the deal goes on, without chips, or
        for a round built from a position (:meth:`from_position`: where its
        deal began is not known)."""
        d = self.deal
        if d.chips is None or d.result is None or not self.deck:
            return ()
        start = self._start[0] or (self.rules.stack,) * d.players
        return tuple(c - s for c, s in zip(d.chips, start))

    @property
    def players(self) -> int:
        return self.deal.players

    @property
    def trump_card(self) -> Card:
        return self.deal.trump_card

    @property
    def trump(self) -> int:
        return self.deal.trump

    @property
    def hands(self) -> list[list[Card]]:
        return self.deal.hands

    @property
    def points(self) -> list[int]:
        return self.deal.points

    @property
    def to_act(self) -> int | None:
        return self.deal.to_act

    @property
    def trump_drawn_by(self) -> int | None:
        return self.deal.trump_drawn_by

    @property
    def stock_size(self) -> int:
        return len(self.deal.stock)

    @property
    def stock(self) -> list[Card]:
        """The stock in draw order (the trump card last, while it is there)."""
        return list(reversed(self.deal.stock))

    @property
    def tricks(self) -> list[Trick]:
        """The finished tricks, in order."""
        log = self.deal.log
        while len(self._tricks) < len(log):
            self._tricks.append(_trick_of_log(log[len(self._tricks)]))
        return self._tricks

    @property
    def trick(self) -> Trick | None:
        """The trick under way, if any."""
        d = self.deal
        if d.leader < 0:
            return None
        return Trick(d.leader, d.size, d.combo, [Play(*p) for p in d.plays], d.winner, d.winning, False)

    @property
    def is_over(self) -> bool:
        return self.deal.to_act is None

    @property
    def end(self) -> str | None:
        """How the round ended (``cards_out``, ``declared``, ``false_declaration``
        or a winning combination's id), ``None`` while it goes on."""
        return self.deal.end

    @property
    def ended_by(self) -> int | None:
        """Who declared «31», or held the combination that ended the round."""
        return self.deal.ended_by

    @property
    def winner(self) -> int | None:
        """The side that won the deal once it is over, the seat at the
        two-player tables (``None``: a draw, or a tie for the most points)."""
        return self.deal.result[0] if self.deal.result else None

    @property
    def penalties(self) -> list[int] | None:
        """This round's penalties per side, once it is over."""
        return list(self.deal.result[1]) if self.deal.result else None

    def outcome(self) -> Outcome | None:
        """How the round ended, once it is over (``None`` while it goes on)."""
        d = self.deal
        if d.result is None:
            return None
        return Outcome(d.end, d.result[0], d.ended_by, tuple(d.points), tuple(d.result[1]),
                       tuple(d.chips) if d.chips is not None else None, d.pot, d.taken,
                       self.chips_won)

    # --- the pot (tables played for chips; otherwise empty) ---------------------

    @property
    def chips(self) -> list[int] | None:
        """Every stack now (``None`` at a table without chips)."""
        return list(self.deal.chips) if self.deal.chips is not None else None

    @property
    def pot(self) -> int:
        return self.deal.pot

    @property
    def stake(self) -> int:
        """The deal's stake: the ante, doubled by each «даве»."""
        return self.deal.bet

    @property
    def in_deal(self) -> tuple[int, ...]:
        """The seats still in the deal, clockwise."""
        return self.deal.seats

    @property
    def folded(self) -> tuple[int, ...]:
        return _seats_of(self.deal.folded, self.players)

    @property
    def raised(self) -> tuple[int, ...]:
        """The seats that said «даве» in this deal."""
        return _seats_of(self.deal.raised, self.players)

    @property
    def raiser(self) -> int | None:
        """The seat whose «даве» is being answered (``to_act`` answers it)."""
        return self.deal.raiser if self.deal.raiser >= 0 else None

    # --- legal moves --------------------------------------------------------------

    @property
    def legal_moves(self) -> list[Move]:
        """Every legal move of the seat to act (empty once the round is over)."""
        return legal_moves_in(self.deal)

    @property
    def legal_kinds(self) -> dict[str, bool]:
        d = self.deal
        seat = d.to_act
        if seat is None:
            return no_kinds(d.dave)
        if d.leader < 0:
            return legal_kinds(d.hands[seat], d.trump, None, may_declare=d.may_declare(seat), dave=d.dave,
                               answering=bool(d.answers), may_raise=d.may_raise(seat))
        return legal_kinds(d.hands[seat], d.trump, d.size, d.winning, dave=d.dave, shield=d.table.shield)

    def side_of(self, seat: int) -> int:
        return self.deal.side[seat]

    def unknown_to(self, seat: int) -> set[Card]:
        """The cards whose faces ``seat`` cannot know now (RULES.md §9): the
        other hands, the stock and the other seats' face-down discards — but
        never the trump card, which everyone saw turned up, nor an open seat's
        hand or discards (RULES-house.md §6.2): :meth:`Deal.seen_faces`, the
        engine's record."""
        seen = self.deal.seen_faces(seat)
        return {card for card in DECK if not seen >> card & 1}

    # --- moves ----------------------------------------------------------------

    def check(self, move: Move, seat: int | None = None) -> tuple[Card, ...]:
        """The cards ``move`` would play; raises :class:`IllegalMoveError` if it
        is illegal.  Never changes the state."""
        d = self.deal
        if d.to_act is None:
            raise IllegalMoveError(ROUND_OVER, "the round is over")
        if seat is not None and seat != d.to_act:
            raise IllegalMoveError(NOT_YOUR_TURN, f"it is seat {d.to_act}'s turn, not seat {seat}'s")
        hand = d.hands[d.to_act]
        if d.leader < 0:
            return check_move(move, hand, d.trump, None, max_lead=d.max_lead,
                              declares=d.table.declaration is not None, first_trick=d.tricks_done == 0,
                              answering=bool(d.answers), dave=d.dave, raised=bool(d.raised >> d.to_act & 1))
        return check_move(move, hand, d.trump, d.size, d.winning, shield=d.table.shield)

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
        self.deal.step(move.kind, cards)
        self.moves.append(move)

    def pop(self) -> Move:
        """Take back the last move and return it: the round is replayed from its
        deal but for that move (rounds are short), so draws, checks, a deal's end
        and the pot come back exactly.  ``IndexError`` when no move was pushed
        (or the round was built by :meth:`from_position`, which has no deal)."""
        if not self.moves or not self.deck:
            raise IndexError("pop from a round with no move to take back")
        moves = self.moves[:-1]
        chips, pot = self._start
        self.deal = Deal.dealt(self.rules, self.dealer, self.deck, log=True, chips=chips, pot=pot,
                               seats=self.in_play)
        self._tricks = []
        last = self.moves[-1]
        self.moves = []
        for move in moves:
            self.push(move)
        return last

    def random_move(self, rng: random.Random) -> Move:
        """A random legal move, drawn cheaply (for random play and benchmarks):
        a lead of a random card with some of its suit, or a random set of cards
        that beats when it can and is discarded otherwise («31» now and then)."""
        return Move(*random_cards(self.deal, rng.random))

    # --- copies, for search ---------------------------------------------------

    def copy(self) -> "Round":
        """An independent copy (finished tricks are shared: they never change)."""
        other = Round.__new__(Round)
        other.rules, other.dealer, other.deck = self.rules, self.dealer, self.deck
        other.deal = self.deal.copy()
        other.deal.log = list(self.deal.log)
        other.deal.plays = list(self.deal.plays)
        other._tricks = list(self._tricks)
        other._start, other.moves = self._start, list(self.moves)
        other.in_play = self.in_play
        return other

    @classmethod
    def from_position(cls, rules: TableRules, dealer: int, *, hands: Sequence[Iterable[Card]],
                      stock: Sequence[Card], trump_card: Card, trump_drawn_by: int | None,
                      tricks: Sequence[Trick], trick: Trick | None, points: Sequence[int],
                      to_act: int | None, end: str | None = None, ended_by: int | None = None,
                      shown: Sequence[tuple[int, tuple]] = (), **stakes) -> "Round":
        """A round built from a whole position, such as a world a bot samples
        from its view.  ``stock`` is in draw order.  The deck it records is the
        position's cards in no meaningful order.  At a pot, ``stakes`` are
        :meth:`Deal.at`'s ``chips``, ``pot``, ``stake``, ``folded``, ``raised``
        and ``raiser`` (a seat's view has them all), and ``seats``, those in
        the deal where some are out of the match.  What the players have seen
        (:class:`~burkozel.kernel.Seen`) is kept over the tricks given
        (:meth:`Deal.see_tricks`), with the ``(seat, cards)`` a finished deal
        ``shown`` to all (RULES-house.md §3.7, §4.5)."""
        self = cls.__new__(cls)
        self.rules = rules
        self.dealer = dealer
        self.deck = ()
        self._start, self.moves = (None, 0), []
        self.in_play = tuple(stakes.get("seats") or range(rules.players))
        d = self.deal = Deal.at(rules, hands=hands, stock=stock, trump_card=trump_card,
                                trump_drawn_by=trump_drawn_by, points=points, to_act=to_act,
                                tricks_done=len(tricks), trick=trick, end=end, ended_by=ended_by,
                                took=[sum(rules.side_of(t.winner) == side for t in tricks)
                                      for side in range(rules.side_count)], **stakes)
        d.log = [(t.leader, t.size, t.combo, tuple(tuple(p) for p in t.plays), t.winner, t.winning)
                 for t in tricks]
        d.plays = [tuple(p) for p in trick.plays] if trick is not None else []
        self._tricks = list(tricks)
        d.see_tricks(list(tricks) + ([trick] if trick is not None else []), self.folded)
        d.show(shown)
        return self

    def view(self, seat: int, *, penalties: tuple[int, ...] | None = None, round_no: int = 0,
             match_over: bool = False, winners: tuple[int, ...] = ()) -> SeatView:
        """What ``seat`` may know (RULES.md §9, RULES-pot.md §9); the match adds its own facts."""
        over = self.is_over
        rules = self.rules
        d = self.deal
        if penalties is None:
            penalties = tuple(self.penalties) if over else (0,) * rules.side_count
        opened = rules.open_discards
        shown = rules.table.open_seats
        history = tuple(trick_view(t, seat, opened, shown) for t in self.tricks)
        side = self.side_of(seat)
        points, unseen = self.points[side], 0
        if not over and d.faces_hidden:
            # Only the faces seen count; the others' face-down cards are counted, not valued.
            points, unseen = d.seen_points[side], d.unseen_taken[side]
        trick = self.trick
        return SeatView(
            seat=seat,
            format=rules.format,
            combos=rules.combos,
            dealer=self.dealer,
            trump_card=self.trump_card,
            trump_drawn_by=self.trump_drawn_by,
            stock=self.stock_size,
            hand=tuple(sorted(self.hands[seat])),
            hand_sizes=tuple(len(h) for h in self.hands),
            to_act=self.to_act,
            trick=trick_view(trick, seat, opened, shown) if trick is not None else None,
            history=history,
            points=points,
            penalties=tuple(penalties),
            round_no=round_no,
            round_points=tuple(self.points) if over else None,
            round_penalties=tuple(self.penalties) if over else None,
            match_over=match_over,
            winners=tuple(winners),
            discard=rules.discard,
            end=self.end,
            deal_winner=self.winner,
            ended_by=self.ended_by,
            unseen_taken=unseen,
            stack=rules.stack,
            ante=rules.ante,
            dave=rules.dave,
            chips=tuple(d.chips) if d.chips is not None else (),
            pot=d.pot,
            taken=d.taken,
            chips_won=self.chips_won,
            stake=d.bet,
            folded=self.folded,
            raised=self.raised,
            raiser=self.raiser,
            house=rules.house,
            in_play=self.in_play if len(self.in_play) < self.players else (),
            open_hands=tuple(tuple(sorted(h)) if s in shown else () for s, h in enumerate(self.hands)) if shown else (),
            shown=self.shown_by_seat(),
        )

    def shown_by_seat(self) -> tuple[tuple[Card, ...], ...]:
        """Per seat, the cards a combination that ended this deal or had it
        dealt again showed to all (RULES-house.md §3.7, §4.5; the kernel's
        record), else empty; an empty tuple when none were."""
        if not self.deal.shown:
            return ()
        out: list[tuple[Card, ...]] = [()] * self.players
        for s, cards in self.deal.shown:
            out[s] = tuple(cards)
        return tuple(out)

    def __repr__(self) -> str:
        hands = " | ".join(" ".join(map(str, h)) for h in self.hands)
        return f"<Round {self.rules.format} dealer={self.dealer} trump={self.trump_card} to_act={self.to_act} hands={hands}>"
