"""The rules of every table as data: one frozen :class:`RuleSet` per table,
found by name in :data:`TABLES` (RULES.md, RULES-variants.md, RULES-pot.md).

Like python-chess's variants, a table is a value that changes settings, not a
branch in the code: players and sides, hand size, the draw, discard faces,
combinations, the «31» declaration and the scoring.  Everything else asks the
rule set; nothing else names a table.

>>> rules = TableRules("duel")
>>> rules.players, rules.hand_size, rules.discard, rules.combos
(2, 4, 'closed', ('golden_moscow', 'bura', 'four_ends', 'molodka', 'moscow'))
>>> TableRules("bura31", combos=("molodka",)).table.declaration
31
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import Any, Callable, Iterable, Sequence

from .cards import ACE, DECK, POINTS_OF, RANK_OF, SUIT_OF, TEN, Card, trump_of
from .house import DEFAULT_HOUSE, SWITCHES, HouseRules, Switch, check_house

# --- errors -----------------------------------------------------------------


class IllegalMoveError(ValueError):
    """A move that breaks a rule.  ``code`` names the rule, for programs
    (the table translates it into Russian); ``str(error)`` says it in English.
    The position is left exactly as it was."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


# The codes an IllegalMoveError carries (``error.code``), one per rule broken.
ROUND_OVER = "round_over"
NOT_YOUR_TURN = "not_your_turn"
BAD_MOVE = "bad_move"
NO_DECLARATION = "no_declaration"
DECLARE_TOO_EARLY = "declare_too_early"
WRONG_COUNT = "wrong_count"
DUPLICATE_CARD = "duplicate_card"
CARD_NOT_IN_HAND = "card_not_in_hand"
MUST_LEAD = "must_lead"
MIXED_SUITS = "mixed_suits"
MUST_ANSWER = "must_answer"
DOES_NOT_BEAT = "does_not_beat"
ROUND_NOT_OVER = "round_not_over"
MATCH_OVER = "match_over"
MUST_ANSWER_DAVE = "must_answer_dave"
NO_DAVE_TO_ANSWER = "no_dave_to_answer"
NO_DAVE = "no_dave"
DAVE_ONCE = "dave_once"
ERROR_CODES = (ROUND_OVER, NOT_YOUR_TURN, BAD_MOVE, NO_DECLARATION, DECLARE_TOO_EARLY, WRONG_COUNT, DUPLICATE_CARD, CARD_NOT_IN_HAND, MUST_LEAD, MIXED_SUITS, MUST_ANSWER, DOES_NOT_BEAT, ROUND_NOT_OVER, MATCH_OVER, MUST_ANSWER_DAVE, NO_DAVE_TO_ANSWER, NO_DAVE, DAVE_ONCE)


# --- beating -----------------------------------------------------------------


def beats_all(answer: Sequence[int], target: Sequence[int], trump: int, shield: int = -1) -> bool:
    """Whether ``answer`` beats every card of ``target``, each answering card a
    different one (RULES.md §4.2): a perfect bipartite matching, found here by
    augmenting paths (at most five cards a side).  A card of the ``shield``
    suit is beaten only by a higher card of its suit (RULES-house.md §7.5)."""
    n = len(target)
    if len(answer) != n:
        return False
    if n == 1:
        a, t = answer[0], target[0]
        if SUIT_OF[a] == SUIT_OF[t]:
            return RANK_OF[a] > RANK_OF[t]
        return SUIT_OF[a] == trump and SUIT_OF[t] != shield
    # can[i] = target indices answer i beats
    can = []
    for a in answer:
        sa, ra = SUIT_OF[a], RANK_OF[a]
        row = [j for j, t in enumerate(target)
               if (ra > RANK_OF[t] if sa == SUIT_OF[t] else sa == trump and SUIT_OF[t] != shield)]
        if not row:
            return False
        can.append(row)
    owner = [-1] * n  # target index -> answer index

    def augment(i: int, seen: list[bool]) -> bool:
        for j in can[i]:
            if not seen[j]:
                seen[j] = True
                if owner[j] < 0 or augment(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    for i in range(n):
        if not augment(i, [False] * n):
            return False
    return True


@lru_cache(maxsize=None)
def beater_masks(trump: int, shield: int = -1) -> tuple[int, ...]:
    """Per card, the bitmask of every card that beats it alone (with ``trump``
    and the ``shield`` suit of :func:`beats_all`)."""
    return tuple(sum(1 << a for a in range(36) if beats_all((a,), (c,), trump, shield)) for c in range(36))


# --- auto-discard ------------------------------------------------------------


def discard_key(card: int, trump: int) -> tuple[int, int, int, int]:
    """Least valuable first, trumps kept last: (is trump, points, rank, suit)."""
    return (SUIT_OF[card] == trump, POINTS_OF[card], RANK_OF[card], SUIT_OF[card])


def auto_discard(hand: Iterable[int], chosen: Sequence[int], count: int, trump: int) -> tuple[Card, ...]:
    """Complete a discard of ``count`` cards: the chosen ones, then the hand's
    least valuable other cards (RULES.md §4.2)."""
    rest = sorted((c for c in hand if c not in chosen), key=lambda c: discard_key(c, trump))
    return tuple(DECK[c] for c in chosen) + tuple(DECK[c] for c in rest[: count - len(chosen)])


# --- combinations ------------------------------------------------------------

LEAD_OUT = "lead"
"""A combination's effect: its holder leads it out of turn."""
WINS = "win"
"""A combination's effect: its holder wins the deal at once."""


def _ordered(cards: Iterable[int], trump: int) -> tuple[Card, ...]:
    """Trump first, then canonical suit order, then rank."""
    return tuple(DECK[c] for c in sorted(cards, key=lambda c: (SUIT_OF[c] != trump, c)))


@dataclass(frozen=True)
class Combination:
    """A combination a hand may hold: ``find(hand, trump_card)`` gives the
    cards it leads (or shows), ``None`` when the hand lacks it.  ``effect`` is
    :data:`LEAD_OUT` or :data:`WINS`; a combination that is not ``switchable``
    is always in force (бура in Бура «31»).  ``size`` is the fewest cards a
    hand needs to hold it."""

    id: str
    size: int
    effect: str
    find: Callable[[Sequence[int], int], "tuple[Card, ...] | None"] = field(repr=False)
    switchable: bool = True
    house: bool = False
    """A house rule (RULES-house.md §3): chosen among the house rules, not
    listed with the table's own combinations (:attr:`RuleSet.combo_ids`)."""


def _of_rank(rank: int, count: int, with_trump: bool = False):
    def find(hand: Sequence[int], trump_card: int) -> tuple[Card, ...] | None:
        trump = trump_of(trump_card)
        same = [c for c in hand if RANK_OF[c] == rank]
        if len(same) < count:
            return None
        if with_trump and trump * 9 + rank not in same:
            return None
        return _ordered(same, trump)[:count]
    return find


def _trumps(count: int):
    """``count`` trumps, the highest where a hand holds more (RULES-house.md §3.6)."""
    def find(hand: Sequence[int], trump_card: int) -> tuple[Card, ...] | None:
        trump = trump_of(trump_card)
        same = [c for c in hand if SUIT_OF[c] == trump]
        return _ordered(sorted(same)[-count:], trump) if len(same) >= count else None
    return find


def _plain_suit(count: int):
    """``count`` cards of one non-trump suit, its highest where a hand holds
    more (RULES-house.md §3.5)."""
    def find(hand: Sequence[int], trump_card: int) -> tuple[Card, ...] | None:
        trump = trump_of(trump_card)
        for suit in range(4):
            if suit != trump:
                same = [c for c in hand if SUIT_OF[c] == suit]
                if len(same) >= count:
                    return _ordered(sorted(same)[-count:], trump)
        return None
    return find


def _four_ends(hand: Sequence[int], trump_card: int) -> tuple[Card, ...] | None:
    ends = [c for c in hand if RANK_OF[c] in (ACE, TEN)]
    return _ordered(ends, trump_of(trump_card))[:4] if len(ends) >= 4 else None


BURKOZEL_COMBINATIONS: tuple[Combination, ...] = (
    Combination("golden_moscow", 4, LEAD_OUT, _of_rank(ACE, 4)),
    Combination("bura", 4, LEAD_OUT, _trumps(4)),
    Combination("four_ends", 4, LEAD_OUT, _four_ends),
    Combination("molodka", 4, LEAD_OUT, _plain_suit(4)),
    Combination("moscow", 3, LEAD_OUT, _of_rank(ACE, 3, with_trump=True)),
    Combination("small_moscow", 3, LEAD_OUT, _of_rank(TEN, 3)),
)
"""The out-of-turn combinations of RULES.md §6, highest priority first."""

BURA31_COMBINATIONS: tuple[Combination, ...] = (
    Combination("moscow", 3, WINS, _of_rank(ACE, 3)),
    Combination("bura", 3, WINS, _trumps(3), switchable=False),
    Combination("moscow_lead", 3, LEAD_OUT, _of_rank(ACE, 3), house=True),
    Combination("small_moscow", 3, LEAD_OUT, _of_rank(TEN, 3), house=True),
    Combination("small_moscow_sixes", 3, LEAD_OUT, _of_rank(0, 3, with_trump=True), house=True),
    Combination("molodka", 3, LEAD_OUT, _plain_suit(3)),
)
"""Бура «31»'s checks in their order (RULES-variants.md §1.5, §3; the fuller
ones of RULES-house.md §3.1 among them, by rank: the two малые Москвы exclude
each other and so share one)."""

COMBOS: tuple[str, ...] = tuple(c.id for c in BURKOZEL_COMBINATIONS)
"""The ids of the four-card table's combinations, highest priority first."""

# Per card, a number whose sum over a hand counts its aces (bits 0–3), tens
# (bits 4–7) and cards of each suit (a nibble a suit from bit 8): a hand of
# at most four cards never carries from one field into the next.
_COMBO_CODE = tuple((RANK_OF[c] == ACE) + 16 * (RANK_OF[c] == TEN) + (1 << (8 + 4 * SUIT_OF[c])) for c in range(36))


_FOUR_OF_A_SUIT = sum(4 << (8 + 4 * s) for s in range(4))


def _may_hold(code: int) -> bool:
    """A cheap test of a hand's code (the sum of :data:`_COMBO_CODE` over at
    most four cards) that rules out most hands holding no combination of
    RULES.md §6: this runs before every trick, and most hands hold nothing."""
    aces, tens = code & 15, code >> 4 & 15
    return aces >= 3 or tens >= 3 or aces + tens >= 4 or bool(code & _FOUR_OF_A_SUIT)


# --- penalties ---------------------------------------------------------------


def round_penalties(points: Sequence[int], pass_mark: int, took: Sequence[int] | None = None) -> list[int]:
    """Penalties per side for one round (RULES.md §5): 0 to every side with the
    most points; to the others 6 with 0 points, 4 below the pass mark, 2 at it.
    With ``took`` (tricks per side, RULES-house.md §2) 6 needs no trick taken:
    0 points in tricks is a 4."""
    best = max(points)
    out = []
    for side, p in enumerate(points):
        if p == best:
            out.append(0)
        elif p == 0 and (took is None or not took[side]):
            out.append(6)
        elif p < pass_mark:
            out.append(4)
        else:
            out.append(2)
    return out


def most_points(points: Sequence[int], mark: int) -> int | None:
    """The one side with the most points, if it has at least ``mark``
    (the cards run out in Бура, RULES-variants.md §1.7); ``None`` otherwise."""
    best = max(points)
    return points.index(best) if best >= mark and points.count(best) == 1 else None


def match_winners(penalties: Sequence[int]) -> list[int]:
    """Sides with the fewest penalties (a tie shares the win)."""
    least = min(penalties)
    return [side for side, p in enumerate(penalties) if p == least]


@dataclass(frozen=True)
class Robber:
    """A robber (RULES-house.md §8.2): a deal's winner gets one won deal, a
    false «31» two to the opponent; the match ends after a deal that leaves a
    seat with at least ``target`` won deals and two more than the other."""

    target: int
    keeps_penalties = False

    def match_over(self, match) -> bool:
        return self.over(match.wins)

    def match_winners(self, match) -> list[int]:
        return self.winners(match.wins)

    def won(self, end: str, winner: int | None, sides: int) -> list[int]:
        """The won deals a finished deal gives each side: one to its winner,
        two after a false «31» (the declarer loses double), none otherwise."""
        out = [0] * sides
        if winner is not None:
            out[winner] = 2 if end == FALSE_DECLARATION else 1
        return out

    def over(self, wins: Sequence[int]) -> bool:
        best = max(wins)
        return best >= self.target and best - min(wins) >= 2

    def winners(self, wins: Sequence[int]) -> list[int]:
        return [wins.index(max(wins))] if self.over(wins) else []


@dataclass(frozen=True)
class Elimination:
    """Going out at ``limit`` (RULES-house.md §1): after each round every seat
    in with a total of ``limit`` or more goes out; a round is dealt to the
    seats still in, with the pass mark ``pass_marks`` gives for their number;
    the match ends after the round that leaves one seat in, which wins."""

    limit: int = 12
    pass_marks: tuple[tuple[int, int], ...] = ((2, 31),)
    """Pass marks by the number of seats in a round, where not the table's."""
    keeps_penalties = True

    def match_over(self, match) -> bool:
        return len(match.standing.seats_in) == 1

    def match_winners(self, match) -> list[int]:
        return list(match.standing.seats_in)

    def pass_mark(self, seats: int, default: int) -> int:
        return dict(self.pass_marks).get(seats, default)

    def going_out(self, totals: Sequence[int], seats: Sequence[int]) -> tuple[int, ...]:
        """The seats of ``seats`` a round leaves with ``totals`` that go out."""
        return tuple(s for s in seats if totals[s] >= self.limit)

    def places(self, totals: Sequence[int], going: Sequence[int], staying: int) -> dict[int, int]:
        """The places of the seats ``going`` out together, ``staying`` still in
        (§1.8): after those in and those going with a lower total."""
        return {s: 1 + staying + sum(totals[o] < totals[s] for o in going) for s in going}


MatchSystem = Robber | Elimination
"""The match systems besides penalties to a limit (the table's own methods)."""


# --- the tables --------------------------------------------------------------


@dataclass(frozen=True)
class ReplayConventions:
    """How a table's scenarios are read (SCENARIOS.md; RULES-pot.md §10.5):
    ``switches``, the top-level keys a scenario may have (``None``: any more
    are ignored); ``bad_action_exit``, the exit status of an action whose
    kind is unknown or whose value is not ``true`` (2: unreadable, 1: an
    illegal action); ``unfinished_exit``, that of a deal after one left
    unfinished or after the match's end."""

    switches: frozenset[str] | None = None
    bad_action_exit: int = 2
    unfinished_exit: int = 1


POT_REPLAY = ReplayConventions(frozenset(("format", "players", "dealer", "stack", "ante", "combos", "discard",
                                          "dave", "rounds", "both_bura", "redeal", "no_trump")),
                               bad_action_exit=1, unfinished_exit=2)

CARDS_OUT, DECLARED, FALSE_DECLARATION = "cards_out", "declared", "false_declaration"
"""How a deal ends (besides a winning combination, which ends it by its id)."""
VOID, FOLDED = "void", "folded"
"""How a pot's deal also ends: the cards ran out with no winner; everyone else folded."""
REDEAL = "redeal"
"""A deal dealt with a combination, gathered and dealt again (RULES-house.md §4)."""


def beat_over(have: Sequence[tuple[int, tuple]], hands: Sequence[Sequence[int]], trump: int) -> int | None:
    """Several holders of a winning combination, in turn from the regular
    leader (RULES-variants.md §1.5, ``both_bura: beat``): the first holds the
    winning set; each next takes over only if its cards beat all of it."""
    seat, winning = have[0]
    for other, cards in have[1:]:
        if beats_all(cards, winning, trump):
            seat, winning = other, cards
    return seat


def top_trump(have: Sequence[tuple[int, tuple]], hands: Sequence[Sequence[int]], trump: int) -> int | None:
    """``both_bura: top`` (RULES-house.md §3.6): the holder of the highest trump wins."""
    return max(have, key=lambda h: max(c for c in hands[h[0]] if SUIT_OF[c] == trump))[0]


def nobody(have: Sequence[tuple[int, tuple]], hands: Sequence[Sequence[int]], trump: int) -> int | None:
    """``both_bura: void`` (RULES-house.md §3.6): the deal is void, nobody wins."""
    return None


SEVERAL_HOLDERS: dict[str, Callable] = {"beat": beat_over, "top": top_trump, "void": nobody}
"""Who wins when several hold a winning combination, by ``both_bura``'s value."""

Opening = tuple
"""What the check before a trick finds: ``("lead", seat, combo, cards)``, or
``("win", seat, combo, shown)`` for a combination that ends the deal (``seat``
``None`` where nobody wins: a void deal, a redeal) with ``shown`` the
``(seat, cards)`` of every hand whose combination is shown to all
(RULES-house.md §3.7, §4.5); ``None`` when the regular leader simply leads."""


@dataclass(frozen=True)
class RuleSet:
    """One table's rules (RULES.md §§2–7 for ``pairs``, ``four``, ``three``;
    RULES-variants.md for ``duel`` and ``bura31``).

    ``draw_first`` is ``"taker"`` (the trick's taker draws first, then
    clockwise) or ``"leader"`` (the attacker draws first).  ``discard_faces``
    lists the discard faces a match may choose, the default first.
    ``pass_mark`` is where the penalty bands change (2 at or above it);
    ``declaration`` the points a «31» needs, ``None`` where nobody declares.
    ``reports_deal_end``: the replay reports each deal's ``end`` and
    ``winner`` (the two-player tables).  ``penalty_limit``: the match ends
    after a deal in which a side reaches it.  ``seat_counts``: the numbers of
    players a match may choose (``players`` is the default).  ``stack`` and
    ``ante``: a table played for a pot of chips gives each player ``stack``
    and antes ``ante`` (``None``: no chips); ``void_end`` is how a deal ends
    when the cards run out with no winner (``None``: as ``cards_out``)."""

    name: str
    players: int
    sides: tuple[tuple[int, ...], ...]
    hand_size: int
    pass_mark: int
    combinations: tuple[Combination, ...] = BURKOZEL_COMBINATIONS
    default_combos: tuple[str, ...] = COMBOS
    discard_faces: tuple[str, ...] = ("closed",)
    draw_first: str = "taker"
    declaration: int | None = None
    penalty_limit: int = 12
    reports_deal_end: bool = False
    closed_points_known: bool = True
    """Whether a side knows the points of the face-down cards in its tricks
    (RULES.md §9: yes; Бура «31» with closed discards: no, RULES-variants §3)."""
    seat_counts: tuple[int, ...] = ()
    stack: int | None = None
    ante: int | None = None
    void_end: str | None = None
    replay: ReplayConventions = ReplayConventions()
    house_keys: tuple[str, ...] = ()
    """The house-rule switches this table has (RULES-house.md §0), by key."""
    shield: int = -1
    """A suit no trump of another suit beats (§7.5's spades; -1: none)."""
    six_counts_tricks: bool = False
    """Whether a losing side gets 6 only when it took no trick (§2), not for 0 points."""
    system: "MatchSystem | None" = None
    """How the match is scored and ends when not by penalties (a robber, §8)."""
    winner_deals: bool = False
    """Whether a deal's winner deals the next (§8.3; no winner: the same dealer)."""
    several: Callable = field(default=beat_over, repr=False)
    """Who wins when several hold a winning combination (§3.6, ``both_bura``)."""
    redeal_dealt: bool = False
    """Whether a deal dealt with a combination is dealt again (§4)."""
    open_seats: tuple[int, ...] = ()
    """The seats that play open (§6.2): their hands and discards face up."""
    handicaps: tuple[int, ...] = ()
    """Points added per seat for «31» and when the cards run out (§6.3; empty: none)."""
    hand_sizes: tuple[int, ...] = ()
    """Per seat, where the hands differ (§6.4: the open seat holds four); empty: ``hand_size`` each."""
    trumps: bool = True
    """Whether the deck's last card is turned for trumps (§5: without, it is the stock's last,
    face down, and no card is a trump: no бура, a молодка of any suit)."""

    def with_handicaps(self, points: Sequence[int]) -> Sequence[int]:
        """``points`` with each seat's handicap (§6.3), for «31» and the cards' end."""
        return [p + h for p, h in zip(points, self.handicaps)] if self.handicaps else points

    @property
    def has_pot(self) -> bool:
        return self.stack is not None

    @cached_property
    def seat_order(self) -> tuple[int, ...]:
        """The seats clockwise from 0."""
        return tuple(range(self.players))

    @cached_property
    def next_seats(self) -> tuple[int, ...]:
        """The next seat clockwise after each seat."""
        return tuple((s + 1) % self.players for s in range(self.players))

    @cached_property
    def open_mask(self) -> int:
        """The open seats (RULES-house.md §6.2) as a bitmask."""
        return sum(1 << s for s in self.open_seats)

    @cached_property
    def uneven_hands(self) -> bool:
        """Whether the last draw can leave the hands unequal (the stock not a
        multiple of the players)."""
        return bool(self.hand_sizes) or self.stock_size % self.players != 0

    def seated(self, players: int) -> "RuleSet":
        """This table for ``players`` players, each for themselves where the
        count is the match's choice; ``ValueError`` if it is not one."""
        if players == self.players:
            return self
        if players not in self.seat_counts:
            counts = self.seat_counts or (self.players,)
            raise ValueError(f"{self.name} is played by {counts[0]} to {counts[-1]} players, not {players!r}")
        return _seated(self, players)

    @cached_property
    def seat_sides(self) -> tuple[int, ...]:
        """The side of each seat."""
        return tuple(next(i for i, side in enumerate(self.sides) if seat in side) for seat in range(self.players))

    def side_of(self, seat: int) -> int:
        return self.seat_sides[seat]

    @property
    def side_count(self) -> int:
        return len(self.sides)

    @property
    def combo_ids(self) -> tuple[str, ...]:
        """The table's own switchable combinations, highest priority first."""
        return tuple(c.id for c in self.combinations if c.switchable and not c.house)

    @property
    def house_combo_ids(self) -> tuple[str, ...]:
        """The combinations a match may add as house rules (RULES-house.md §3)."""
        return tuple(c.id for c in self.combinations if c.house)

    @property
    def all_combo_ids(self) -> tuple[str, ...]:
        """Every combination a match may switch on, in the order they are checked."""
        return tuple(c.id for c in self.combinations if c.switchable)

    @property
    def stock_size(self) -> int:
        """Cards left in the stock after the deal."""
        return 36 - (sum(self.hand_sizes) if self.hand_sizes else self.hand_size * self.players)

    def opening(self, hands: Sequence[Sequence[int]], leader: int, trump_card: int,
                active: Sequence[Combination], seats: Sequence[int] | None = None,
                dealt: bool = False) -> Opening | None:
        """The check before a trick (RULES.md §6): the highest-priority active
        combination, led by its holder nearest in turn order to the regular
        ``leader`` (the leader first).  ``seats``: the players still in the
        deal, clockwise (all of them by default; nobody folds here);
        ``dealt``: right after the deal (no table of RULES.md redeals)."""
        n = len(hands)
        order = []
        for k in range(n):
            seat = (leader + k) % n
            hand = hands[seat]
            if len(hand) >= 3 and _may_hold(sum(map(_COMBO_CODE.__getitem__, hand))):
                order.append(seat)
        if not order:
            return None
        for combo in active:
            for seat in order:
                cards = combo.find(hands[seat], trump_card)
                if cards is not None:
                    return LEAD_OUT, seat, combo.id, cards
        return None

    def deal_result(self, end: str, points: Sequence[int], seat: int | None,
                    took: Sequence[int] = (), seats: Sequence[int] | None = None) -> tuple[int | None, list[int]]:
        """``(winning side or None, penalties per side)`` of a finished deal.
        ``seat`` is the declarer or the winning combination's holder;
        ``took`` the tricks each side took; ``seats`` those dealt in (all by
        default; the others, out of the match, score nothing)."""
        counted = took if self.six_counts_tricks else None
        if seats is None or len(seats) == self.players:
            pens = round_penalties(points, self.pass_mark, counted)
        else:
            mark = self.system.pass_mark(len(seats), self.pass_mark)
            some = round_penalties([points[s] for s in seats], mark,
                                   None if counted is None else [counted[s] for s in seats])
            pens = [0] * len(points)
            for s, p in zip(seats, some):
                pens[s] = p
            best = [s for s in seats if pens[s] == 0]
            return (best[0] if len(best) == 1 else None), pens
        best = [s for s, p in enumerate(pens) if p == 0]
        return (best[0] if len(best) == 1 else None), pens

    def best_sides(self, points: Sequence[int], winner: int | None) -> tuple[int, ...]:
        """The sides a finished deal's result shows on top: the deal's ``winner``
        (its side) at the tables that report who won a deal, otherwise every
        side with the most points (none of them pays a penalty)."""
        if self.reports_deal_end:
            return () if winner is None else (self.side_of(winner),)
        best = max(points)
        return tuple(side for side, p in enumerate(points) if p == best)

    def next_dealer(self, dealer: int, end: str, winner: int | None, ended_by: int | None) -> int:
        """Who deals after a deal dealt by ``dealer`` ended so: the next seat,
        or where the winner deals (RULES-house.md §8.3) the winner, the same
        dealer after a deal nobody won."""
        if end == REDEAL or (self.winner_deals and winner is None):
            return dealer
        if self.winner_deals:
            return winner
        return (dealer + 1) % self.players

    def match_over(self, penalties: Sequence[int], chips: Sequence[int], won: bool) -> bool:
        """Whether the match ends after a finished deal (``won``: a side won it)."""
        return max(penalties) >= self.penalty_limit

    def match_winners(self, penalties: Sequence[int], chips: Sequence[int]) -> list[int]:
        return match_winners(penalties)


@dataclass(frozen=True)
class Bura31RuleSet(RuleSet):
    """Бура «31» (RULES-variants.md §1): three trumps win the deal, «31» is
    declared, a deal is won (0) or lost (2, a false «31» 4) or drawn."""

    def opening(self, hands: Sequence[Sequence[int]], leader: int, trump_card: int,
                active: Sequence[Combination], seats: Sequence[int] | None = None,
                dealt: bool = False) -> Opening | None:
        """The checks in their order among the players in the deal, in turn
        from the regular ``leader`` (RULES-house.md §3.3, which RULES-pot.md
        §6.1 and RULES-variants.md §1.5 say with its switches off): right
        after the deal (``dealt``) a redeal where the table has one; a
        winning combination, held by several decided by :attr:`several`; the
        highest-ranked lead combination anybody holds, led out of turn by its
        first holder unless that is the leader or another player holds fewer
        than its cards — then nothing, no lower one either.  What ends the
        deal is shown to all with it (§3.7, §4.5): a single holder's cards,
        every holder's where several hold them; for a redeal every holder's
        of the first combination in the check's order (the one that caused
        it: a lower one found beside it is no more than any hand's cards)."""
        if seats is None:
            seats = tuple(range(len(hands)))
        k = seats.index(leader)
        order = seats[k:] + seats[:k]
        if dealt and self.redeal_dealt:
            for combo in active:
                have = [(s, cards) for s in order
                        if len(hands[s]) >= combo.size and (cards := combo.find(hands[s], trump_card)) is not None]
                if have:  # every holder of the first combination found shows it (§4.5)
                    return WINS, None, REDEAL, tuple(have)
        for combo in active:
            size, find = combo.size, combo.find
            have = [(seat, cards) for seat in order
                    if len(hands[seat]) >= size and (cards := find(hands[seat], trump_card)) is not None]
            if not have:
                continue
            if combo.effect == WINS:
                if len(have) == 1:
                    return WINS, have[0][0], combo.id, tuple(have)
                seat = self.several(have, hands, trump_of(trump_card))
                return (WINS, None, VOID, tuple(have)) if seat is None else (WINS, seat, combo.id, tuple(have))
            seat, cards = have[0]
            if seat != leader and all(len(hands[s]) >= combo.size for s in order):
                return LEAD_OUT, seat, combo.id, cards
            return None
        return None

    def deal_result(self, end: str, points: Sequence[int], seat: int | None,
                    took: Sequence[int] = (), seats: Sequence[int] | None = None) -> tuple[int | None, list[int]]:
        pens = [0] * self.players
        if end in (VOID, REDEAL):
            return None, pens
        if end == CARDS_OUT:
            winner = most_points(self.with_handicaps(points), self.declaration)
            if winner is None:
                return None, pens
        elif end == FALSE_DECLARATION:
            pens[seat] = 4
            return 1 - seat, pens
        else:
            winner = seat
        pens[1 - winner] = 2
        return winner, pens


@dataclass(frozen=True)
class PotRuleSet(Bura31RuleSet):
    """«Бура на кон» (RULES-pot.md): Бура «31» around a table of 2 to 6, each
    for a pot of chips.  A deal is won (the pot to its winner), or played
    again for the same pot: after a false «31», which doubles it, or void."""

    def deal_result(self, end: str, points: Sequence[int], seat: int | None,
                    took: Sequence[int] = (), seats: Sequence[int] | None = None) -> tuple[int | None, list[int]]:
        pens = [0] * self.players
        if end == CARDS_OUT:
            return most_points(points, self.declaration), pens
        return (None if end == FALSE_DECLARATION else seat), pens

    def settle(self, end: str, winner: int | None, ended_by: int | None, chips: list[int], pot: int,
               ante: int) -> int:
        """Move the chips a finished deal moves (§7.3–4) and return the pot:
        the winner takes it; a false «31» pays as much again; a void deal is
        anted again by everyone."""
        if winner is not None:
            chips[winner] += pot
            return 0
        if end == REDEAL:
            return pot
        if end == FALSE_DECLARATION:
            chips[ended_by] -= pot
            return 2 * pot
        for s in range(len(chips)):
            chips[s] -= ante
        return pot + ante * len(chips)

    def next_dealer(self, dealer: int, end: str, winner: int | None, ended_by: int | None) -> int:
        if winner is not None:
            return winner
        return ended_by if end == FALSE_DECLARATION else dealer

    def match_over(self, penalties: Sequence[int], chips: Sequence[int], won: bool) -> bool:
        return won and min(chips) <= 0

    def match_winners(self, penalties: Sequence[int], chips: Sequence[int]) -> list[int]:
        most = max(chips)
        return [s for s, c in enumerate(chips) if c == most]


@lru_cache(maxsize=None)
def _seated(table: RuleSet, players: int) -> RuleSet:
    return replace(table, players=players, sides=tuple((s,) for s in range(players)))


SPADES = 3
"""The suit of RULES-house.md §7.5 (canonical order C, D, H, S)."""

HOUSE_EFFECTS: dict[str, Callable[[object, HouseRules], dict]] = {
    "elimination": lambda v, h: {"system": Elimination() if v else None},
    "six": lambda v, h: {"six_counts_tricks": v == "no_tricks"},
    "spades": lambda v, h: {"shield": SPADES if v else -1},
    "match": lambda v, h: {"system": None if v == "penalties" else Robber(int(str(v)[len("robber"):]))},
    "next_dealer": lambda v, h: {"winner_deals": v == "winner"},
    "both_bura": lambda v, h: {"several": SEVERAL_HOLDERS[v]},
    "redeal": lambda v, h: {"redeal_dealt": v},
    "open": lambda v, h: {"open_seats": tuple(v)},
    "handicap": lambda v, h: {"handicaps": tuple(v if s in h.open else 0 for s in range(2)) if v else ()},
    "no_trump": lambda v, h: {"trumps": not v},
    "open_four": lambda v, h: {"hand_sizes": tuple(4 if s in h.open else 3 for s in range(2)) if v else ()},
}
"""What each house-rule switch changes in a table's rule set, by key: the
rule set's fields it sets for a value (RULES-house.md §0)."""


@lru_cache(maxsize=None)
def with_house(table: RuleSet, house: HouseRules) -> RuleSet:
    """``table`` as a match with ``house`` plays it: each of the table's
    switches' effects applied (the defaults' too, which leave it as it is)."""
    changes: dict = {}
    for key in table.house_keys:
        effect = HOUSE_EFFECTS.get(key)
        if effect is not None:
            changes.update(effect(getattr(house, key), house))
    changes = {k: v for k, v in changes.items() if getattr(table, k) != v}
    return replace(table, **changes) if changes else table


_ONE_EACH_2 = ((0,), (1,))

FORMATS: dict[str, RuleSet] = {
    "pairs": RuleSet("pairs", 4, ((0, 2), (1, 3)), 4, 31, house_keys=("six",)),
    "four": RuleSet("four", 4, ((0,), (1,), (2,), (3,)), 4, 21, house_keys=("elimination", "six")),
    "three": RuleSet("three", 3, ((0,), (1,), (2,)), 4, 21, house_keys=("elimination", "six")),
    "duel": RuleSet("duel", 2, _ONE_EACH_2, 4, 32, default_combos=COMBOS[:5],
                    discard_faces=("closed", "open"), draw_first="leader", reports_deal_end=True,
                    house_keys=("six",)),
    "bura31": Bura31RuleSet("bura31", 2, _ONE_EACH_2, 3, 31, combinations=BURA31_COMBINATIONS,
                            default_combos=(), discard_faces=("open", "closed"), declaration=31,
                            reports_deal_end=True, closed_points_known=False,
                            house_keys=("both_bura", "redeal", "no_trump", "open", "handicap", "open_four",
                                        "match", "next_dealer")),
    "bura_pot": PotRuleSet("bura_pot", 4, ((0,), (1,), (2,), (3,)), 3, 31, combinations=BURA31_COMBINATIONS,
                           default_combos=(), discard_faces=("closed", "open"), declaration=31,
                           reports_deal_end=True, closed_points_known=False, seat_counts=(2, 3, 4, 5, 6),
                           stack=100, ante=5, void_end=VOID, replay=POT_REPLAY,
                           house_keys=("both_bura", "redeal", "no_trump")),
}
"""The tables the browser's table and the bots offer, by name."""

HOUSE_TABLES: dict[str, RuleSet] = {
    "bura5": RuleSet("bura5", 2, _ONE_EACH_2, 5, 31, combinations=(), default_combos=(),
                     discard_faces=("open", "closed"), reports_deal_end=True, closed_points_known=False,
                     house_keys=("six", "spades", "match", "next_dealer")),
}
"""The tables of RULES-house.md (Бура на пять карт, §7): the engine, the bots
and the replay play them; the browser offers them once its menu has them."""

FORMATS.update(HOUSE_TABLES)  # the browser's menu has them: offered like the others

TABLES: dict[str, RuleSet] = {
    **FORMATS,
    **HOUSE_TABLES,
}
"""Every table the engine plays, by name: the registry :func:`find_table`, the
rules, the views and the replay read."""


def find_table(name: str) -> RuleSet:
    """The rule set called ``name``; ``ValueError`` names the choices otherwise."""
    try:
        return TABLES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown format {name!r} (one of {', '.join(TABLES)})") from None


def switches_for(fmt: str) -> tuple[Switch, ...]:
    """The switches table ``fmt`` has, in the menu's order.

    >>> [s.key for s in switches_for("bura5")]
    ['six', 'spades', 'match', 'next_dealer']
    """
    keys = find_table(fmt).house_keys
    return tuple(s for s in SWITCHES if s.key in keys)


def one_off(fmt: str) -> list[dict[str, Any]]:
    """Each of table ``fmt``'s switches at each value but its default, one at
    a time (what tests and the bots' legality run exercise), as JSON data."""
    out = []
    for s in switches_for(fmt):
        for value in s.values if s.key != "handicap" else s.offered:
            if value != s.default:
                out.append({**{k: list(v) for k, v in s.needs}, s.key: list(value) if isinstance(value, tuple) else value})
    return out


class RulesFacts:
    """What follows from the table (``self.table``, a :class:`RuleSet` for
    the match's number of players): shared by :class:`TableRules` and the
    seat views, which both carry it."""

    format: str
    _table: RuleSet

    @property
    def table(self) -> RuleSet:
        """This table for the match's number of players."""
        return self._table

    @property
    def hand_size(self) -> int:
        return self.table.hand_size

    @property
    def pass_mark(self) -> int:
        return self.table.pass_mark

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return self.table.sides

    @property
    def side_count(self) -> int:
        return len(self.table.sides)

    def side_of(self, seat: int) -> int:
        return self.table.seat_sides[seat]


def _whole(name: str, value: object) -> int:
    if type(value) is not int or value < 1:
        raise ValueError(f"{name} must be a whole number from 1, not {value!r}")
    return value


@dataclass(frozen=True)
class TableRules(RulesFacts):
    """What is chosen before a match: the table, its enabled combinations and
    the discard face (each table's defaults when not given); where the table
    lets a match choose them, the number of ``players``, and for a pot of
    chips the ``stack``, the ``ante`` and the switch «даве» (``dave``).

    >>> rules = TableRules("pairs", combos=("bura",))
    >>> rules.players, rules.pass_mark, rules.side_of(2)
    (4, 31, 0)
    >>> TableRules("bura_pot", players=5, dave=True).table.players
    5
    """

    format: str = "pairs"
    combos: tuple[str, ...] | None = None
    discard: str | None = None
    players: int | None = None
    stack: int | None = None
    ante: int | None = None
    dave: bool = False
    house: HouseRules = DEFAULT_HOUSE
    """The house rules (RULES-house.md): a :class:`HouseRules`, or a mapping of
    switches by key; only the table's own switches may leave their default."""

    def __post_init__(self) -> None:
        table = find_table(self.format)
        house = self.house if isinstance(self.house, HouseRules) else HouseRules.from_dict(self.house)
        object.__setattr__(self, "house", house)
        combos = table.default_combos if self.combos is None else tuple(self.combos)
        for combo in combos:
            if combo not in table.all_combo_ids:
                raise ValueError(f"unknown combination {combo!r} for {self.format}")
        # Stored in priority order, without repeats: equal rules compare equal.
        object.__setattr__(self, "combos", tuple(c for c in table.all_combo_ids if c in combos))
        discard = table.discard_faces[0] if self.discard is None else self.discard
        if discard not in table.discard_faces:
            raise ValueError(f"discard must be one of {', '.join(table.discard_faces)} for {self.format}")
        object.__setattr__(self, "discard", discard)
        players = table.players if self.players is None else self.players
        if type(players) is not int:
            raise ValueError(f"players must be a whole number, not {players!r}")
        check_house(table, house, self.combos)
        object.__setattr__(self, "_table", with_house(table.seated(players), house))
        if not self._table.trumps and "small_moscow_sixes" in self.combos:
            raise ValueError("small_moscow_sixes needs a trump six: not with no_trump")
        object.__setattr__(self, "players", players)
        if type(self.dave) is not bool:
            raise ValueError(f"dave is true or false, not {self.dave!r}")
        if not table.has_pot:
            if self.stack is not None or self.ante is not None or self.dave:
                raise ValueError(f"{self.format} is not played for a pot: no stack, ante or «даве»")
            return
        object.__setattr__(self, "stack", _whole("stack", table.stack if self.stack is None else self.stack))
        object.__setattr__(self, "ante", _whole("ante", table.ante if self.ante is None else self.ante))

    def __reduce__(self):  # pickled by its choices: the derived table is rebuilt
        return (TableRules, (self.format, self.combos, self.discard, self.players, self.stack, self.ante,
                             self.dave, self.house))

    @cached_property
    def active(self) -> tuple[Combination, ...]:
        """The combinations in force, in the order they are checked."""
        return tuple(c for c in self.table.combinations if not c.switchable or c.id in self.combos)

    @property
    def open_discards(self) -> bool:
        return self.discard == "open"

    def to_dict(self) -> dict:
        out = {"format": self.format, "combos": list(self.combos), "discard": self.discard}
        if self.table.has_pot:
            out.update(players=self.players, stack=self.stack, ante=self.ante, dave=self.dave)
        if not self.house.is_default:
            out["house"] = self.house.changed()
        return out

    @classmethod
    def from_dict(cls, data: dict) -> "TableRules":
        """The rules :meth:`to_dict` wrote; ``ValueError`` for anything else."""
        if not isinstance(data, dict) or set(data) - {"format", "combos", "discard", "players", "stack",
                                                      "ante", "dave", "house"}:
            raise ValueError(f"not table rules: {data!r}")
        combos = data.get("combos")
        if combos is not None and (not isinstance(combos, list) or len(set(map(str, combos))) != len(combos)):
            raise ValueError("combos must be a list naming each combination once")
        return cls(data.get("format"), None if combos is None else tuple(combos), data.get("discard"),
                   data.get("players"), data.get("stack"), data.get("ante"), data.get("dave", False),
                   HouseRules.from_dict(data.get("house", {})))
