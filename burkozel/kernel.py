"""The trick step, written once: a deal on plain lists.

:class:`Deal` is the fast position the engine and the bots' rollouts share:
:class:`~burkozel.round.Round` checks each move and hands it to :meth:`Deal.step`.
As it plays a deal keeps what each seat has seen (:class:`Seen`, the one record the
views, the bots, their worlds and the story read) and, at a pot, the chips.  The
rules the record and the step share are here once: :func:`face_down`,
:func:`drawers`, :func:`declaration_open`, :func:`raise_open`.

>>> from burkozel import TableRules; from burkozel.cards import DECK
>>> deal = Deal.dealt(TableRules("duel", combos=()), dealer=0, deck=DECK)
>>> deal.to_act, deal.hands[1][:2]
(1, [6C, 8C])
>>> deal.step("lead", (DECK[0],))
"""

from __future__ import annotations

from bisect import insort
from functools import lru_cache
from dataclasses import dataclass
from typing import Iterable, Sequence

from .cards import DECK, POINTS_OF, SUIT_OF, TOTAL_POINTS, Card, trump_of
from .rules import CARDS_OUT, DECLARED, FALSE_DECLARATION, FOLDED, LEAD_OUT, TableRules

LEAD, BEAT, DISCARD, DECLARE = "lead", "beat", "discard", "declare"
DAVE, ACCEPT, FOLD = "dave", "accept", "fold"
STAKE_KINDS = (DAVE, ACCEPT, FOLD)


def accept_price(stake: int) -> int:
    """What accepting a «даве» costs once the stake has doubled: the stake before it
    (RULES-pot.md §8), paid by each who accepts and then by the raiser."""
    return stake // 2
"""The moves of the stake (RULES-pot.md §8), which play no card: the raise «даве» and its two answers."""

ALL_CARDS = (1 << 36) - 1


def face_down(kind: str, open_discards: bool, open_seat: bool = False) -> bool:
    """Whether a play's cards lie face down (RULES.md §4, §9): a discard at a
    table whose discards are closed, not by a seat playing open
    (RULES-house.md §6.2).  Everyone sees every other card played; a
    face-down card's face only its own player."""
    return kind == DISCARD and not open_discards and not open_seat


@lru_cache(maxsize=None)
def face_down_seats(open_discards: bool, open_mask: int, players: int) -> dict[str, tuple[bool, ...]]:
    """:func:`face_down` for every kind of play and seat of a deal, asked once a
    deal rather than at every card played (the kernel's step is the bots' inner loop)."""
    return {kind: tuple(face_down(kind, open_discards, bool(open_mask >> s & 1)) for s in range(players))
            for kind in (LEAD, BEAT, DISCARD)}


def declaration_open(declares: bool, first_trick: bool, answering: bool) -> bool:
    """Whether «31» may be declared by a seat at its regular lead (its turn,
    no trick under way): the table has «31» (``declares``), the deal's first
    trick is over (RULES-variants.md §1.6) and no «даве» is being answered."""
    return declares and not first_trick and not answering


def raise_open(dave: bool, answering: bool, raised: bool) -> bool:
    """Whether «даве» may be said by a seat at its regular lead: the switch is
    on, no «даве» is being answered and the seat has not raised in this deal
    (RULES-pot.md §8.2)."""
    return dave and not answering and not raised


def first_drawer(draw_first: str, leader: int, winner: int) -> int:
    """Who draws first after a trick (RULES.md §5): its taker, or its leader
    at the tables whose ``draw_first`` says so (RULES-variants.md §2)."""
    return leader if draw_first == "leader" else winner


def drawers(first: int, short: int, stock: int, next_seat: Sequence[int], players: int) -> list[int]:
    """Who draws the cards after a trick, card by card (RULES.md §5): one at a
    time clockwise (``next_seat``) from ``first``, each of the ``players`` in
    the deal back to the hand size (``short`` cards each: while there is a
    stock their hands are equal), while the ``stock`` lasts."""
    order = []
    s = first
    for _ in range(min(short * players, stock)):
        order.append(s)
        s = next_seat[s]
    return order


@dataclass(frozen=True)
class Seen:
    """What the players have seen go in a deal (:meth:`Deal.record`): the
    face-up cards played (``gone``, a bitmask by card number, and their
    points), each seat's own face-down discards (``own``, ``own_points``:
    for one seat's record only its own), the face-up points of the trick
    under way; and what everyone sees of each side's tricks where the faces
    of face-down cards taken are not told (``Deal.faces_hidden``): their
    face-up points and how many face-down cards they hold (``trick_unseen``:
    the trick under way's).  With the seat's hand and the trump card it is
    all the seat knows of the cards; and the cards shown to all when a
    combination ended the deal or had it dealt again (``shown``,
    RULES-house.md §3.7, §4.5).  A search sets the deciding seat's
    record in every world it plays (:meth:`apply`), so that each seat of a
    rollout counts cards from what the deciding seat has seen."""

    gone: int
    gone_points: int
    own: tuple[int, ...]
    own_points: tuple[int, ...]
    trick_points: int
    seen_points: tuple[int, ...] = ()
    unseen_taken: tuple[int, ...] = ()
    trick_unseen: int = 0
    shown: tuple[tuple[int, tuple], ...] = ()
    """The ``(seat, cards)`` a deal's end showed to all (:attr:`Deal.shown`)."""

    @classmethod
    def of_tricks(cls, rules: TableRules, trump_card: int, tricks: Iterable, seat: int,
                  folded: Iterable[int] = (), shown: Iterable[tuple[int, tuple]] = ()) -> "Seen":
        """``seat``'s record after ``tricks`` (the finished ones in order, then
        any under way; see :meth:`Deal.see_tricks`), kept by the same steps
        as a deal in play keeps it: what a seat's view rebuilds from the
        tricks it saw, and the cards its deal's end ``shown``."""
        deal = Deal.empty(rules, trump_card)
        deal.see_tricks(tricks, folded)
        deal.show(shown)
        return deal.record(seat)

    def apply(self, deal: "Deal") -> None:
        """Make this what the players of ``deal`` have seen."""
        deal.gone, deal.gone_points, deal.trick_points = self.gone, self.gone_points, self.trick_points
        deal.own, deal.own_points = list(self.own), list(self.own_points)
        if deal.faces_hidden:
            deal.seen_points, deal.unseen_taken = list(self.seen_points), list(self.unseen_taken)
        deal.trick_unseen = self.trick_unseen
        deal.shown = self.shown


def ring(players: int, seats: Sequence[int]) -> tuple[int, ...]:
    """The next of ``seats`` clockwise after each seat of the table."""
    out = []
    for s in range(players):
        k = (s + 1) % players
        while k not in seats:
            k = (k + 1) % players
        out.append(k)
    return tuple(out)


class Deal:
    """One deal's position, mutable, on plain lists.

    ``hands`` are sorted lists of cards; ``stock`` is reversed (``pop()``
    draws its front, the face-up trump card is ``stock[0]``); ``points`` per
    side; the trick under way is ``leader`` (-1 between tricks), ``size``,
    ``winner``, ``winning``, ``combo`` and ``stake`` (every card in it, face
    down too).  ``to_act`` is ``None`` once the deal is over, and then
    ``end`` says how it ended, ``ended_by`` who declared or held the
    combination that ended it, and ``result`` is ``(winning side or None,
    penalties per side)``.  With ``log`` (a list) every finished trick is
    appended to it as ``(leader, size, combo, plays, winner, winning)`` and
    ``plays`` lists the current trick's ``(seat, kind, cards)``; rollouts
    leave both ``None``.

    What the players have seen (:class:`Seen`, kept by :meth:`see` and
    :meth:`see_taken` as the deal is played): ``gone`` (a bitmask of face-up
    cards played) with ``gone_points``, ``trick_points`` (face-up points of
    the trick under way) and per seat ``own``/``own_points`` (its face-down
    discards).  Where a seat is not told the faces of the face-down cards it
    takes (``faces_hidden``), per side ``seen_points`` (the face-up points of
    its tricks) and ``unseen_taken`` (how many face-down cards they hold),
    with ``trick_unseen`` the face-down cards of the trick under way.

    Who plays: ``seats``, the players still in the deal clockwise, and
    ``next_seat``, the next of them after any seat.  For a pot (``chips`` a
    list per seat, else ``None``): ``pot``, ``bet`` (the stake), ``ante``,
    ``raised`` and ``folded`` (bitmasks of seats), and while a «даве» is
    answered ``raiser`` (else -1) and ``answers`` (the seats still to
    answer, in turn); ``set_aside`` keeps the hands of the folded.

    The house rules' state (RULES-house.md): ``took``, the tricks each side
    has taken (§2); ``open_mask``, the open seats (§6), and ``down``, whether a kind of
    play lies face down per seat (:func:`face_down_seats`); ``sizes``, the hand sizes where
    they differ (§6.4); ``shield``, the suit no trump beats (§7.5); ``shown``, the
    ``(seat, cards)`` a combination that ended the deal or had it dealt again showed
    to all (§3.7, §4.5; by seat, empty otherwise)."""

    __slots__ = ("rules", "table", "players", "hand_size", "side", "pass_mark", "open_discards", "active",
                 "draw_first", "declaration", "trump", "trump_card", "hands", "stock", "points", "to_act",
                 "leader", "size", "winner", "winning", "combo", "stake", "plays", "log", "tricks_done",
                 "trump_drawn_by", "end", "ended_by", "result",
                 "gone", "gone_points", "trick_points", "own", "own_points",
                 "faces_hidden", "seen_points", "unseen_taken", "trick_unseen",
                 "seats", "next_seat", "chips", "pot", "bet", "ante", "dave", "raised", "folded", "raiser",
                 "answers", "set_aside", "uneven", "taken", "took", "open_mask", "sizes", "shield", "shown", "down")

    # --- making one ---------------------------------------------------------------

    @classmethod
    def empty(cls, rules: TableRules, trump_card: int) -> "Deal":
        """A deal with the rules' constants set and no cards anywhere."""
        d = cls.__new__(cls)
        table = rules.table
        d.rules = rules
        d.table = table
        n = d.players = table.players
        d.hand_size = table.hand_size
        d.side = table.seat_sides
        d.pass_mark = table.pass_mark
        d.open_discards = rules.open_discards
        d.open_mask = table.open_mask
        d.down = face_down_seats(rules.open_discards, table.open_mask, n)
        d.shield = table.shield
        d.sizes = table.hand_sizes or None
        d.active = rules.active
        d.draw_first = table.draw_first
        d.declaration = table.declaration
        # Without trumps (RULES-house.md §5) no card is turned: the last card is only the stock's last.
        d.trump_card = DECK[trump_card] if trump_card is not None and table.trumps else None
        d.trump = trump_of(d.trump_card)
        d.hands = [[] for _ in range(n)]
        d.stock = []
        d.points = [0] * table.side_count
        d.took = [0] * table.side_count
        d.to_act = None
        d.leader, d.size, d.winner, d.winning, d.combo, d.stake = -1, 0, -1, (), None, 0
        d.plays = d.log = None
        d.tricks_done = 0
        d.trump_drawn_by = None
        d.end = d.ended_by = d.result = None
        d.gone = d.gone_points = d.trick_points = 0
        d.own = [0] * n
        d.own_points = [0] * n
        d.faces_hidden = not rules.open_discards and not table.closed_points_known
        d.seen_points = [0] * table.side_count
        d.unseen_taken = [0] * table.side_count
        d.trick_unseen = 0
        d.shown = ()
        d.seats = table.seat_order
        d.next_seat = table.next_seats
        d.chips = None
        d.pot = d.bet = d.raised = d.folded = d.taken = 0
        d.ante = rules.ante
        d.dave = rules.dave
        d.raiser = -1
        d.answers = ()
        d.set_aside = None
        d.uneven = table.uneven_hands
        return d

    def put_chips(self, chips: Sequence[int] | None, pot: int) -> None:
        """The stacks and the pot before the deal (fresh stacks by default);
        a new pot (0) is first filled by every player's ante (RULES-pot.md §7.2)."""
        rules = self.rules
        self.chips = [rules.stack] * self.players if chips is None else list(chips)
        if pot == 0:
            for s in range(self.players):
                self.chips[s] -= rules.ante
            pot = rules.ante * self.players
        self.pot = pot
        self.bet = rules.ante
        self.set_aside = [()] * self.players

    def seat_in(self, seats: Sequence[int]) -> None:
        """Only ``seats`` play this deal (the others are out of the match,
        RULES-house.md §1.5): every "next" passes over the others, and the
        pass mark is the one for their number."""
        self.seats = tuple(seats)
        self.next_seat = ring(self.players, self.seats)
        self.pass_mark = self.table.system.pass_mark(len(seats), self.table.pass_mark)

    @classmethod
    def dealt(cls, rules: TableRules, dealer: int, deck: Sequence[Card], log: bool = False,
              chips: Sequence[int] | None = None, pot: int = 0, seats: Sequence[int] | None = None) -> "Deal":
        """The deal of ``deck`` (draw order, RULES.md §3): one card at a time
        from the seat after the dealer, the rest the stock, the last card the
        face-up trump; then the check before the first trick.  At a table
        for a pot, ``chips`` and ``pot`` are the chips before it; ``seats``
        the seats still in the match where some are out (all by default)."""
        d = cls.empty(rules, deck[-1])
        if rules.table.has_pot:
            d.put_chips(chips, pot)
        n = d.players
        if seats is not None and len(seats) < n:
            d.seat_in(seats)
        first = d.next_seat[dealer]
        dealt = sum(d.sizes) if d.sizes else d.hand_size * len(d.seats)
        s = first
        for i in range(dealt):
            if d.sizes:  # hands of different sizes (RULES-house.md §6.4): a full hand is passed over
                while len(d.hands[s]) == d.sizes[s]:
                    s = d.next_seat[s]
            d.hands[s].append(deck[i])
            s = d.next_seat[s]
        for hand in d.hands:
            hand.sort()
        d.stock = list(reversed(deck[dealt:]))
        if log:
            d.log, d.plays = [], []
        d.open_trick(first, dealt=True)
        return d

    @classmethod
    def at(cls, rules: TableRules, *, hands: Sequence[Sequence[int]], stock: Sequence[int], trump_card: int,
           trump_drawn_by: int | None, points: Sequence[int], to_act: int | None, tricks_done: int,
           trick=None, end: str | None = None, ended_by: int | None = None,
           chips: Sequence[int] | None = None, pot: int = 0, stake: int | None = None,
           folded: Sequence[int] = (), raised: Sequence[int] = (), raiser: int | None = None,
           took: Sequence[int] | None = None, seats: Sequence[int] | None = None) -> "Deal":
        """A deal at a given position (a world a bot samples, say): ``stock``
        in draw order, ``trick`` the trick under way (anything with
        ``leader``, ``size``, ``combo``, ``winner``, ``winning`` and ``plays``
        of ``(seat, kind, cards)``) or ``None``; a deal that is over
        (``to_act`` ``None``) ended as ``end`` says (the cards out by
        default).  At a pot: the chips and the pot now, the stake, who folded
        and who raised, and ``raiser`` while its «даве» is answered (by
        ``to_act`` first).  ``took``: the tricks each side has taken (where
        a six needs none, RULES-house.md §2); ``seats``, those still in the
        match (§1).  What the players have seen is left empty: the
        caller knows whose knowledge it wants."""
        d = cls.empty(rules, trump_card)
        if seats is not None and len(seats) < d.players:
            d.seat_in(seats)
        d.hands = [sorted(DECK[c] for c in h) for h in hands]
        d.stock = [DECK[c] for c in reversed(stock)]
        d.trump_drawn_by = trump_drawn_by
        d.points = list(points)
        if took is not None:
            d.took = list(took)
        d.to_act = to_act
        d.tricks_done = tricks_done
        if trick is not None:
            d.leader, d.size, d.combo, d.winner, d.winning = trick.leader, trick.size, trick.combo, trick.winner, trick.winning
            d.stake = sum(POINTS_OF[c] for p in trick.plays for c in p[2])
        if rules.table.has_pot:
            d.chips = [rules.stack] * d.players if chips is None else list(chips)
            d.pot, d.bet = pot, rules.ante if stake is None else stake
            d.set_aside = [()] * d.players
            for s in folded:
                d.fold(s)
            d.raised = sum(1 << s for s in raised)
            if raiser is not None and to_act is not None:
                d.raiser, answers, s = raiser, [], to_act
                while s != raiser:
                    answers.append(s)
                    s = d.next_seat[s]
                d.answers = tuple(answers)
        if to_act is None:
            chips, d.chips = d.chips, None  # the chips given are those after the deal
            d.finish(end or CARDS_OUT, ended_by)
            d.chips = chips
        return d

    def copy(self) -> "Deal":
        """An independent copy (the log is not carried: a copy is for search)."""
        d = Deal.__new__(Deal)
        for name in Deal.__slots__:
            setattr(d, name, getattr(self, name))
        d.hands = [list(h) for h in self.hands]
        d.stock = list(self.stock)
        d.points = list(self.points)
        d.took = list(self.took)
        d.own = list(self.own)
        d.own_points = list(self.own_points)
        d.seen_points = list(self.seen_points)
        d.unseen_taken = list(self.unseen_taken)
        if self.chips is not None:
            d.chips = list(self.chips)
            d.set_aside = list(self.set_aside)
        d.plays = d.log = None
        return d

    # --- questions ------------------------------------------------------------------

    def may_declare(self, seat: int) -> bool:
        """Whether ``seat`` may declare «31» now (:func:`declaration_open` at its regular lead)."""
        return (self.to_act == seat and self.leader < 0
                and declaration_open(self.declaration is not None, not self.tricks_done, bool(self.answers)))

    def may_raise(self, seat: int) -> bool:
        """Whether ``seat`` may say «даве» now (:func:`raise_open` at its regular lead)."""
        return (self.to_act == seat and self.leader < 0
                and raise_open(self.dave, bool(self.answers), bool(self.raised >> seat & 1)))

    # --- what a seat has seen ---------------------------------------------------------

    def record(self, seat: int | None = None) -> Seen:
        """What the players have seen (:class:`Seen`); for ``seat``, what that
        seat has: the others' face-down discards are not in it."""
        own, own_points = tuple(self.own), tuple(self.own_points)
        if seat is not None:
            own = tuple(m if s == seat else 0 for s, m in enumerate(own))
            own_points = tuple(p if s == seat else 0 for s, p in enumerate(own_points))
        return Seen(self.gone, self.gone_points, own, own_points, self.trick_points,
                    tuple(self.seen_points), tuple(self.unseen_taken), self.trick_unseen, self.shown)

    def held(self, seat: int) -> tuple[int, int]:
        """The cards ``seat`` holds, with a hand it set aside by folding, as a
        bitmask, and their points."""
        mask = points = 0
        aside = self.set_aside
        for c in self.hands[seat] if aside is None or not aside[seat] else (*self.hands[seat], *aside[seat]):
            mask |= 1 << c
            points += POINTS_OF[c]
        return mask, points

    def seen_faces(self, seat: int) -> int:
        """Every card whose face ``seat`` has seen (RULES.md §9), as a
        bitmask: its hand, the trump card turned up, the cards played face
        up, its own face-down discards, every open hand (RULES-house.md §6.2)
        and the cards a deal's end showed (§3.7, §4.5)."""
        seen = self.held(seat)[0] | self.gone | self.own[seat]
        for _, cards in self.shown:
            for c in cards:
                seen |= 1 << c
        if self.trump_card is not None:  # none is turned without trumps (§5)
            seen |= 1 << self.trump_card
        for s in self.table.open_seats:
            seen |= self.held(s)[0]
        return seen

    def unplaced(self, seat: int) -> tuple[int, int]:
        """The cards ``seat`` cannot place, as a bitmask, and their points:
        those in other hands, the stock and others' face-down discards.  The
        trump card is placed while it lies under the stock; once drawn it is
        somewhere unseen unless it came back face up."""
        mask, points = self.held(seat)
        known = mask | self.gone | self.own[seat]
        points = TOTAL_POINTS - points - self.gone_points - self.own_points[seat]
        if self.stock and self.trump_card is not None:
            known |= 1 << self.trump_card
            points -= POINTS_OF[self.trump_card]
        return ALL_CARDS & ~known, points

    def see(self, seat: int, kind: str, cards: Sequence[int], count: int) -> int:
        """Record a play of ``count`` cards in what the players have seen, and
        return the points of the ``cards`` given: face-up cards join
        :attr:`gone` and the trick's seen points; face-down ones their
        player's ``own`` (their faces, when known, ``cards``) and the trick's
        unseen count."""
        pts = 0
        mask = 0
        for c in cards:
            pts += POINTS_OF[c]
            mask |= 1 << c
        if self.down[kind][seat]:
            self.own[seat] |= mask
            self.own_points[seat] += pts
            self.trick_unseen += count
        else:
            self.gone |= mask
            self.gone_points += pts
            self.trick_points += pts
        return pts

    def see_taken(self, winner: int) -> None:
        """Record that ``winner`` took the trick under way: where the faces
        of face-down cards taken are hidden, its side's seen points and
        unseen cards grow by the trick's."""
        if self.faces_hidden:
            self.seen_points[self.side[winner]] += self.trick_points
            self.unseen_taken[self.side[winner]] += self.trick_unseen
        self.trick_unseen = self.trick_points = 0

    def see_tricks(self, tricks: Iterable, folded: Iterable[int] = ()) -> None:
        """Record ``tricks`` as if played (a deal built at a position,
        :meth:`at`, or a seat's view): each finished one taken, the last one
        left under way if not ``finished``.  Each has ``plays`` (``seat``,
        ``kind``, ``faces``: the cards whose faces are known, ``count``),
        ``winner`` and ``finished``; the ``folded`` seats' tricks count for
        nobody, as :meth:`fold` makes them."""
        for t in tricks:
            for p in t.plays:
                self.see(p.seat, p.kind, p.faces, p.count)
            if t.finished:
                self.see_taken(t.winner)
        for s in folded:
            self.seen_points[self.side[s]] = self.unseen_taken[self.side[s]] = 0

    def show(self, shown: Iterable[tuple[int, tuple]]) -> None:
        """Record the ``(seat, cards)`` a combination that ends the deal shows
        to all (RULES-house.md §3.7, §4.5), by seat."""
        self.shown = tuple(sorted((s, tuple(cards)) for s, cards in shown))

    @property
    def max_lead(self) -> int:
        """The most cards a lead may have: no more than any player in the deal holds."""
        hands = self.hands
        return min(len(hands[s]) for s in self.seats)

    # --- the step -------------------------------------------------------------------

    def step(self, kind: str, cards: tuple) -> None:
        """Play ``kind``/``cards`` (already checked) for the seat to act."""
        seat = self.to_act
        if not cards:  # «31» or a move of the stake: every move of the trick plays a card
            if kind == DECLARE:
                self.declare(seat)
            else:
                self.wager(seat, kind)
            return
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        self.stake += self.see(seat, kind, cards, len(cards))
        if self.leader < 0:
            self.leader = self.winner = seat
            self.size = len(cards)
            self.winning = cards
            self.combo = None
        elif kind == BEAT:
            self.winner = seat
            self.winning = cards
        if self.plays is not None:
            self.plays.append((seat, kind, cards))
        nxt = self.next_seat[seat]
        if nxt != self.leader:
            self.to_act = nxt
        else:
            self.take()

    def take(self) -> None:
        """The trick is complete: the winner takes it, everyone draws."""
        winner = self.winner
        leader = self.leader
        self.points[self.side[winner]] += self.stake
        self.took[self.side[winner]] += 1
        if self.faces_hidden:
            self.see_taken(winner)
        else:
            self.trick_unseen = self.trick_points = 0
        if self.log is not None:
            self.log.append((leader, self.size, self.combo, tuple(self.plays), winner, self.winning))
            self.plays = []
        self.leader = -1
        self.stake = 0
        self.tricks_done += 1
        stock = self.stock
        hands = self.hands
        if stock:
            seats = self.seats
            if self.sizes:
                order = self.drawers_to_sizes(first_drawer(self.draw_first, leader, winner))
            else:
                order = drawers(first_drawer(self.draw_first, leader, winner),
                                self.hand_size - len(hands[winner]), len(stock), self.next_seat, len(seats))
            for s in order:
                insort(hands[s], stock.pop())
            if not stock:
                self.trump_drawn_by = order[-1]
                if self.uneven and not all([hands[s] for s in seats]):
                    # The last card drawn left a player in the deal without one (RULES-pot.md §6.3).
                    self.finish(CARDS_OUT)
                    return
        elif not hands[winner] or (self.uneven and not all([hands[s] for s in self.seats])):
            self.finish(CARDS_OUT)
            return
        self.open_trick(winner)

    def drawers_to_sizes(self, s: int) -> list[int]:
        """Who draws after a trick where hands differ in size (RULES-house.md
        §6.4), card by card: one at a time from ``s``, a full hand passed
        over, until every hand is full or the stock is empty."""
        sizes, nxt = self.sizes, self.next_seat
        need = {x: sizes[x] - len(self.hands[x]) for x in self.seats}
        order: list[int] = []
        left = len(self.stock)
        while left and any(need.values()):
            if need.get(s):
                order.append(s)
                need[s] -= 1
                left -= 1
            s = nxt[s]
        return order

    def open_trick(self, leader: int, dealt: bool = False) -> None:
        """Before the first card of a trick (``dealt``: the first, right after
        the deal): the check of the hands (an out-of-turn combination, one
        that wins the deal, or a redeal)."""
        if self.active and len(self.hands[leader]) >= 3:
            found = self.table.opening(self.hands, leader, self.trump_card, self.active, self.seats, dealt)
            if found is not None:
                if found[0] == LEAD_OUT:
                    _, seat, combo, cards = found
                    hand = self.hands[seat]
                    for c in cards:
                        hand.remove(c)
                    self.stake = self.see(seat, LEAD, cards, len(cards))
                    self.leader = self.winner = seat
                    self.size = len(cards)
                    self.winning = cards
                    self.combo = combo
                    if self.plays is not None:
                        self.plays.append((seat, LEAD, cards))
                    self.to_act = self.next_seat[seat]
                    return
                _, seat, combo, shown = found
                self.show(shown)
                self.finish(combo, seat)
                return
        self.to_act = leader

    def declare(self, seat: int) -> None:
        """«31»: with the points the deal is won, without it is lost double."""
        enough = self.table.with_handicaps(self.points)[self.side[seat]] >= self.declaration
        self.finish(DECLARED if enough else FALSE_DECLARATION, seat)

    def wager(self, seat: int, kind: str) -> None:
        """«Даве» and its answers (RULES-pot.md §8): the raiser doubles the
        stake; every other player in the deal, in turn, pays the old stake
        or folds; then the raiser pays it too and leads, unless nobody
        accepted, when the raiser takes the pot."""
        if kind == DAVE:
            self.raised |= 1 << seat
            self.raiser = seat
            self.bet *= 2
            answers, s = [], self.next_seat[seat]
            while s != seat:
                answers.append(s)
                s = self.next_seat[s]
            self.answers = tuple(answers)
            self.to_act = answers[0]
            return
        old = accept_price(self.bet)
        if kind == ACCEPT:
            self.chips[seat] -= old
            self.pot += old
        else:
            self.fold(seat)
        self.answers = self.answers[1:]
        if self.answers:
            self.to_act = self.answers[0]
            return
        raiser, self.raiser = self.raiser, -1
        if len(self.seats) == 1:
            self.finish(FOLDED, raiser)
            return
        self.chips[raiser] -= old
        self.pot += old
        self.to_act = raiser

    def fold(self, seat: int) -> None:
        """``seat`` leaves the deal: its hand is set aside, its tricks count for nobody."""
        self.uneven = True
        self.folded |= 1 << seat
        self.set_aside[seat] = tuple(self.hands[seat])
        self.hands[seat] = []
        self.points[self.side[seat]] = self.seen_points[self.side[seat]] = self.unseen_taken[self.side[seat]] = 0
        self.seats = tuple(s for s in self.seats if s != seat)
        self.next_seat = ring(self.players, self.seats)

    def finish(self, end: str, seat: int | None = None) -> None:
        self.to_act = None
        self.ended_by = seat
        table = self.table
        self.result = table.deal_result(end, self.points, seat, self.took, self.seats)
        if end == CARDS_OUT and self.result[0] is None and table.void_end is not None:
            end = table.void_end
        self.end = end
        if self.chips is not None:
            self.taken = self.pot if self.result[0] is not None else 0
            self.pot = table.settle(end, self.result[0], seat, self.chips, self.pot, self.ante)
