"""What one seat may know (RULES.md §9): the only thing bots and the table see.

A :class:`SeatView` is a frozen snapshot that the full state (``Round.view``)
fills in; this module knows nothing of that state.  It never holds another
hand or another seat's discarded faces, so nothing that reads it can cheat.
``to_dict``/``from_dict`` round-trip it through JSON for the browser.

>>> from burkozel import Match, TableRules
>>> view = Match(TableRules("three"), seed=7).view(0)
>>> len(view.hand), view.stock, view.points
(4, 24, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Sequence

from .cards import POINTS_OF, SUIT_OF, SUITS, Card, held_order, trump_of
from .house import DEFAULT_HOUSE, HouseRules
from .kernel import Seen, accept_price, declaration_open, face_down, raise_open
from .outcome import Outcome
from .rules import NOT_YOUR_TURN, ROUND_OVER, TABLES, IllegalMoveError, RulesFacts, TableRules, with_house
from .trick import (CARD_KINDS, DECLARE, STAKE_KINDS, Move, Play, Trick, check_move, legal_kinds,
                    legal_moves, no_kinds)


@dataclass(frozen=True)
class PlayView:
    """One seat's part of a trick as a seat sees it: face-up ``cards``, or for a
    discard only its ``count`` (and ``own`` faces when it is the viewer's)."""

    seat: int
    kind: str
    count: int
    cards: tuple[Card, ...] = ()
    own: tuple[Card, ...] = ()

    @property
    def faces(self) -> tuple[Card, ...]:
        """The faces the seat saw: the cards face up, or its own face-down ones."""
        return self.cards or self.own

    def to_dict(self) -> dict:
        d: dict[str, Any] = {"seat": self.seat, "kind": self.kind, "count": self.count,
                             "cards": [str(c) for c in self.cards]}
        if self.own:
            d["own"] = [str(c) for c in self.own]
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "PlayView":
        return cls(d["seat"], d["kind"], d["count"], tuple(Card.parse(c) for c in d.get("cards", ())),
                   tuple(Card.parse(c) for c in d.get("own", ())))


@dataclass(frozen=True)
class TrickView:
    """A trick as a seat sees it.  ``winner`` is the seat currently winning it
    (or that took it, once ``finished``); ``winning`` its face-up cards."""

    leader: int
    size: int
    combo: str | None
    plays: tuple[PlayView, ...]
    winner: int
    winning: tuple[Card, ...]
    finished: bool

    @property
    def lead(self) -> tuple[Card, ...]:
        return self.plays[0].cards

    @property
    def seen(self) -> tuple[int, int]:
        """The points of the faces the seat saw in this trick, and how many of
        its cards it did not see."""
        points = hidden = 0
        for p in self.plays:
            faces = p.faces
            points += sum(POINTS_OF[c] for c in faces)
            hidden += 0 if faces else p.count
        return points, hidden

    def to_dict(self) -> dict:
        return {"leader": self.leader, "size": self.size, "combo": self.combo,
                "plays": [p.to_dict() for p in self.plays], "winner": self.winner,
                "winning": [str(c) for c in self.winning], "finished": self.finished}

    @classmethod
    def from_dict(cls, d: dict) -> "TrickView":
        return cls(d["leader"], d["size"], d["combo"], tuple(PlayView.from_dict(p) for p in d["plays"]),
                   d["winner"], tuple(Card.parse(c) for c in d["winning"]), d["finished"])


def play_view(play: Play, seat: int, open_discards: bool, open_seats: tuple[int, ...] = ()) -> PlayView:
    """``play`` as ``seat`` sees it: a face-down discard's faces only if its own
    (an open seat's discards lie face up, RULES-house.md §6.2)."""
    if face_down(play.kind, open_discards, play.seat in open_seats):
        return PlayView(play.seat, play.kind, len(play.cards), (), play.cards if play.seat == seat else ())
    return PlayView(play.seat, play.kind, len(play.cards), play.cards)


def trick_view(trick: Trick, seat: int, open_discards: bool, open_seats: tuple[int, ...] = ()) -> TrickView:
    """``trick`` as ``seat`` sees it."""
    return TrickView(trick.leader, trick.size, trick.combo,
                     tuple(play_view(p, seat, open_discards, open_seats) for p in trick.plays),
                     trick.winner, trick.winning, trick.finished)


@dataclass(frozen=True)
class SeatView(RulesFacts):
    """Everything one seat may know, and nothing more (RULES.md §9)."""

    seat: int
    format: str
    combos: tuple[str, ...]
    dealer: int
    trump_card: Card | None
    """The turned card (``None`` without trumps, RULES-house.md §5)."""
    trump_drawn_by: int | None
    stock: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    to_act: int | None
    trick: TrickView | None
    history: tuple[TrickView, ...]
    points: int
    """This seat's side's points in this round (the others' are unknown);
    where the faces of face-down cards in one's tricks are not known
    (Бура «31» with closed discards), the points of the cards it has seen,
    :attr:`unseen_taken` counting the others."""
    penalties: tuple[int, ...]
    """Match penalties per side, this round's included once it is over."""
    round_no: int = 0
    round_points: tuple[int, ...] | None = None
    """Every side's points, shown once the round is over."""
    round_penalties: tuple[int, ...] | None = None
    match_over: bool = False
    winners: tuple[int, ...] = ()
    discard: str = "closed"
    """The discard face of this match (``open`` or ``closed``)."""
    end: str | None = None
    """How the round ended, once it is over (see :attr:`Round.end`)."""
    deal_winner: int | None = None
    """The side that won the round once it is over, the seat at the two-player
    tables (``None``: a draw or a tie)."""
    ended_by: int | None = None
    """Who declared «31», or held the combination that ended the round."""
    unseen_taken: int = 0
    """Face-down cards in this side's tricks whose faces it cannot know."""
    stack: int | None = None
    """At a table for a pot (RULES-pot.md §9): each player's first stack, the
    ante and the switch «даве»; then every stack now (``chips``), the pot,
    the stake, who folded and who raised in this deal, and ``raiser``, whose
    «даве» is being answered (``to_act`` is the seat whose answer is awaited)."""
    ante: int | None = None
    dave: bool = False
    chips: tuple[int, ...] = ()
    pot: int = 0
    taken: int = 0
    """What the deal's winner took from the pot, once the deal is over."""
    chips_won: tuple[int, ...] = ()
    """Each seat's gain (+) or loss (−) in the deal, once it is over."""
    stake: int = 0
    folded: tuple[int, ...] = ()
    raised: tuple[int, ...] = ()
    raiser: int | None = None
    house: HouseRules = DEFAULT_HOUSE
    """The match's house rules (RULES-house.md), public to every seat."""
    in_play: tuple[int, ...] = ()
    """The seats dealt in this round where some are out of the match
    (RULES-house.md §1, public); empty when every seat is."""
    open_hands: tuple[tuple[Card, ...], ...] = ()
    """Per seat, its hand where it plays open (RULES-house.md §6.2: seen by
    everyone), else empty; an empty tuple when nobody plays open."""
    shown: tuple[tuple[Card, ...], ...] = ()
    """Per seat, the cards it showed to everyone when its combination ended
    the deal or had it dealt again (RULES-house.md §3.7, §4.5), else empty;
    an empty tuple when nobody showed any (every deal that goes on)."""

    @property
    def accept_price(self) -> int:
        """The chips accepting the «даве» being answered costs (0 when none is)."""
        return accept_price(self.stake) if self.raiser is not None else 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "_table", with_house(TABLES[self.format].seated(len(self.hand_sizes)), self.house))

    def __getstate__(self) -> dict:  # pickled without the derived table and rules, rebuilt on load
        return {k: v for k, v in self.__dict__.items() if k not in ("_table", "rules", "seen")}

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self.__post_init__()

    # --- derived facts -----------------------------------------------------

    @cached_property
    def rules(self) -> TableRules:
        return TableRules(self.format, self.combos, self.discard, len(self.hand_sizes), self.stack, self.ante,
                          self.dave, self.house)

    @property
    def players(self) -> int:
        return len(self.hand_sizes)

    @property
    def pass_mark(self) -> int:
        """This round's pass mark: the table's, or where seats are out of the match the
        one for the seats dealt in (RULES-house.md §1.6: 31 with two)."""
        if self.in_play:
            return self.table.system.pass_mark(len(self.in_play), self.table.pass_mark)
        return self.table.pass_mark

    @cached_property
    def seen(self) -> Seen:
        """What this seat has seen go (the engine's record, :class:`~burkozel.kernel.Seen`),
        kept over the tricks it saw by the steps a deal in play keeps it by."""
        tricks = self.history + ((self.trick,) if self.trick is not None else ())
        return Seen.of_tricks(self.rules, self.trump_card, tricks, self.seat, self.folded,
                              ((s, cards) for s, cards in enumerate(self.shown) if cards))

    @property
    def answering(self) -> bool:
        """Whether this seat must answer a «даве» now."""
        return self.raiser is not None and self.my_turn

    @property
    def side(self) -> int:
        return self.side_of(self.seat)

    @property
    def trump(self) -> int:
        return trump_of(self.trump_card)

    @property
    def trump_suit(self) -> str | None:
        return None if self.trump_card is None else SUITS[SUIT_OF[self.trump_card]]

    @property
    def round_over(self) -> bool:
        return self.round_points is not None

    def outcome(self) -> Outcome | None:
        """How the deal ended (:meth:`Round.outcome`), once it is over: every seat sees it."""
        if self.round_points is None or self.round_penalties is None or self.end is None:
            return None
        return Outcome(self.end, self.deal_winner, self.ended_by, self.round_points, self.round_penalties,
                       self.chips if self.stack is not None else None, self.pot, self.taken, self.chips_won)

    @property
    def tricks_taken(self) -> list[int]:
        """The finished tricks each side took (public: RULES-house.md §2.2)."""
        took = [0] * self.side_count
        for t in self.history:
            took[self.side_of(t.winner)] += 1
        return took

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat

    @property
    def open_discards(self) -> bool:
        return self.discard == "open"

    @property
    def max_lead(self) -> int:
        """The most cards a lead may have: no more than any player in the deal holds."""
        return min(n for s, n in enumerate(self.hand_sizes)
                   if s not in self.folded and (not self.in_play or s in self.in_play))

    @property
    def leading(self) -> bool:
        """Whether it is this seat's regular lead: its turn, no trick under way."""
        return self.my_turn and self.trick is None

    @property
    def may_declare(self) -> bool:
        """Whether «31» is a legal move now (:func:`~burkozel.kernel.declaration_open`)."""
        return self.leading and declaration_open(self.table.declaration is not None, not self.history,
                                                 self.raiser is not None)

    @property
    def may_raise(self) -> bool:
        """Whether «даве» is a legal move now (:func:`~burkozel.kernel.raise_open`)."""
        return self.leading and raise_open(self.dave, self.raiser is not None, self.seat in self.raised)

    @property
    def legal_moves(self) -> list[Move]:
        """The seat's legal moves (empty when it is not its turn), the stake's included."""
        if not self.my_turn:
            return []
        if self.trick is None:
            return legal_moves(self.hand, self.trump, None, max_lead=self.max_lead, may_declare=self.may_declare,
                               answering=self.answering, may_raise=self.may_raise)
        return legal_moves(self.hand, self.trump, self.trick.size, self.trick.winning, shield=self.table.shield)

    @property
    def kinds(self) -> tuple[str, ...]:
        """The kinds of move this match has, legal now or not: the cards' three,
        «31» where the table declares, the stake's with the switch «даве»."""
        return (CARD_KINDS + ((DECLARE,) if self.table.declaration is not None else ())
                + (STAKE_KINDS if self.dave else ()))

    @property
    def legal_kinds(self) -> dict[str, bool]:
        if not self.my_turn:
            return no_kinds(self.dave)
        if self.trick is None:
            return legal_kinds(self.hand, self.trump, None, may_declare=self.may_declare, dave=self.dave,
                               answering=self.answering, may_raise=self.may_raise)
        return legal_kinds(self.hand, self.trump, self.trick.size, self.trick.winning, dave=self.dave,
                           shield=self.table.shield)

    def pick(self, picked: Sequence[str], card: object, held: Sequence[object] | None = None) -> list[str] | None:
        """The cards picked for a move after a tap on ``card`` (written ``"AS"``):
        a card of the hand (``held``: the hand as the screen shows it, the seat's
        own by default) is picked, or put back if it was; never more than a hand
        holds, the most any move names.  ``None`` when the tap changes nothing."""
        if card in picked:
            return [c for c in picked if c != card]
        if len(picked) < self.hand_size and card in map(str, self.hand if held is None else held):
            return [*picked, card]
        return None

    def check(self, move: Move) -> tuple[Card, ...]:
        """The cards ``move`` would play, or :class:`IllegalMoveError` — the
        same check the engine makes, answered from what the seat knows."""
        if self.to_act is None:
            raise IllegalMoveError(ROUND_OVER, "the round is over")
        if not self.my_turn:
            raise IllegalMoveError(NOT_YOUR_TURN, f"it is seat {self.to_act}'s turn")
        if self.trick is None:
            return check_move(move, self.hand, self.trump, None, max_lead=self.max_lead,
                              declares=self.table.declaration is not None, first_trick=not self.history,
                              answering=self.answering, dave=self.dave, raised=self.seat in self.raised)
        return check_move(move, self.hand, self.trump, self.trick.size, self.trick.winning,
                          shield=self.table.shield)

    # --- serialising ----------------------------------------------------------

    def to_dict(self) -> dict:
        """A JSON-serialisable snapshot (cards as ``"AS"``), with the derived
        facts the table needs spelled out: the hand as a player holds it
        (``held``, :func:`cards.held_order`), the sides the finished round's
        result shows on top (``best_sides``, :meth:`RuleSet.best_sides`) and
        each seat's фора (``handicaps``, RULES-house.md §6.3; empty: none)."""
        return {
            "seat": self.seat,
            "format": self.format,
            "players": self.players,
            "hand_size": self.hand_size,
            "combos": list(self.combos),
            "discard": self.discard,
            "pass_mark": self.pass_mark,
            "declaration": self.table.declaration,
            "sides": [list(s) for s in self.sides],
            "side": self.side,
            "dealer": self.dealer,
            "trump_card": None if self.trump_card is None else str(self.trump_card),
            "trump_suit": self.trump_suit,
            "trump_drawn_by": self.trump_drawn_by,
            "stock": self.stock,
            "hand": [str(c) for c in self.hand],
            "held": [str(c) for c in held_order(self.hand, self.trump)],
            "hand_sizes": list(self.hand_sizes),
            "to_act": self.to_act,
            "legal": self.legal_kinds,
            "trick": self.trick.to_dict() if self.trick is not None else None,
            "history": [t.to_dict() for t in self.history],
            "points": self.points,
            "penalties": list(self.penalties),
            "round_no": self.round_no,
            "round_over": self.round_over,
            "round_points": list(self.round_points) if self.round_points is not None else None,
            "round_penalties": list(self.round_penalties) if self.round_penalties is not None else None,
            "match_over": self.match_over,
            "winners": list(self.winners),
            "best_sides": [] if self.round_points is None else list(self.table.best_sides(self.round_points,
                                                                                           self.deal_winner)),
            "end": self.end,
            "deal_winner": self.deal_winner,
            "deal_won": None if (out := self.outcome()) is None else out.won(self.side),
            "ended_by": self.ended_by,
            "unseen_taken": self.unseen_taken,
            "stack": self.stack,
            "ante": self.ante,
            "dave": self.dave,
            "chips": list(self.chips),
            "pot": self.pot,
            "taken": self.taken,
            "chips_won": list(self.chips_won),
            "stake": self.stake,
            "folded": list(self.folded),
            "raised": list(self.raised),
            "raiser": self.raiser,
            "house": self.house.changed(),
            "in_play": list(self.in_play),
            "open_hands": [[str(c) for c in h] for h in self.open_hands],
            "handicaps": list(self.table.handicaps),
            "shown": [[str(c) for c in h] for h in self.shown],
        }

    @classmethod
    def from_dict(cls, d: dict) -> "SeatView":
        return cls(
            seat=d["seat"], format=d["format"], combos=tuple(d["combos"]), dealer=d["dealer"],
            trump_card=None if d["trump_card"] is None else Card.parse(d["trump_card"]), trump_drawn_by=d["trump_drawn_by"], stock=d["stock"],
            hand=tuple(Card.parse(c) for c in d["hand"]), hand_sizes=tuple(d["hand_sizes"]),
            to_act=d["to_act"],
            trick=TrickView.from_dict(d["trick"]) if d["trick"] is not None else None,
            history=tuple(TrickView.from_dict(t) for t in d["history"]),
            points=d["points"], penalties=tuple(d["penalties"]), round_no=d["round_no"],
            round_points=tuple(d["round_points"]) if d["round_points"] is not None else None,
            round_penalties=tuple(d["round_penalties"]) if d["round_penalties"] is not None else None,
            match_over=d["match_over"], winners=tuple(d["winners"]),
            discard=d.get("discard", "closed"), end=d.get("end"), deal_winner=d.get("deal_winner"),
            ended_by=d.get("ended_by"),
            unseen_taken=d.get("unseen_taken", 0),
            stack=d.get("stack"), ante=d.get("ante"), dave=d.get("dave", False), chips=tuple(d.get("chips", ())),
            pot=d.get("pot", 0), taken=d.get("taken", 0), chips_won=tuple(d.get("chips_won", ())),
            stake=d.get("stake", 0), folded=tuple(d.get("folded", ())),
            raised=tuple(d.get("raised", ())), raiser=d.get("raiser"),
            house=HouseRules.from_dict(d.get("house", {})), in_play=tuple(d.get("in_play", ())),
            open_hands=tuple(tuple(Card.parse(c) for c in h) for h in d.get("open_hands", ())),
            shown=tuple(tuple(Card.parse(c) for c in h) for h in d.get("shown", ())),
        )
