"""The rules of this table that do not depend on a position: formats, sides,
beating, combinations and penalties (RULES.md §§1, 2, 4.2, 5, 6).

Everything here is a pure function of its arguments, so the round, the seat
views and the bots all ask the same questions of the same code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

from .cards import ACE, DECK, POINTS_OF, RANK_OF, SUIT_OF, SUITS, TEN, Card

# --- errors -----------------------------------------------------------------


class IllegalMoveError(ValueError):
    """A move that breaks a rule.  ``code`` names the rule, for programs
    (the table translates it into Russian); ``str(error)`` says it in English.
    The position is left exactly as it was."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


# --- formats and sides -------------------------------------------------------


@dataclass(frozen=True)
class Format:
    """A way of seating the table (RULES.md §2)."""

    name: str
    players: int
    pass_mark: int
    sides: tuple[tuple[int, ...], ...]

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.name == "pairs" else seat


FORMATS: dict[str, Format] = {
    "pairs": Format("pairs", 4, 31, ((0, 2), (1, 3))),
    "four": Format("four", 4, 21, ((0,), (1,), (2,), (3,))),
    "three": Format("three", 3, 21, ((0,), (1,), (2,))),
}

COMBOS: tuple[str, ...] = ("golden_moscow", "bura", "four_ends", "molodka", "moscow", "small_moscow")
"""Out-of-turn combinations, highest priority first (RULES.md §6)."""

PENALTY_LIMIT = 12
"""The match ends after a round in which a side reaches this many penalties."""


class FormatFacts:
    """What follows from the ``format`` alone: shared by :class:`TableRules`
    and the seat views, which both carry a format name."""

    format: str

    @property
    def table(self) -> Format:
        return FORMATS[self.format]

    @property
    def players(self) -> int:
        return FORMATS[self.format].players

    @property
    def pass_mark(self) -> int:
        return FORMATS[self.format].pass_mark

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return FORMATS[self.format].sides

    @property
    def side_count(self) -> int:
        return len(FORMATS[self.format].sides)

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.format == "pairs" else seat


@dataclass(frozen=True)
class TableRules(FormatFacts):
    """What is chosen before a match: the format and the enabled combinations.

    >>> rules = TableRules("pairs", combos=("bura",))
    >>> rules.players, rules.pass_mark, rules.side_of(2)
    (4, 31, 0)
    """

    format: str = "pairs"
    combos: tuple[str, ...] = COMBOS

    def __post_init__(self) -> None:
        if self.format not in FORMATS:
            raise ValueError(f"unknown format {self.format!r} (pairs, four or three)")
        combos = tuple(self.combos)
        for combo in combos:
            if combo not in COMBOS:
                raise ValueError(f"unknown combination {combo!r}")
        # Stored in priority order, without repeats: equal rules compare equal.
        object.__setattr__(self, "combos", tuple(c for c in COMBOS if c in combos))

    def to_dict(self) -> dict:
        return {"format": self.format, "combos": list(self.combos)}


# --- beating -----------------------------------------------------------------


def beats_all(answer: Sequence[int], target: Sequence[int], trump: int) -> bool:
    """Whether ``answer`` beats every card of ``target``, each answering card a
    different one (RULES.md §4.2): a perfect bipartite matching, found here by
    augmenting paths (at most four cards a side)."""
    n = len(target)
    if len(answer) != n:
        return False
    if n == 1:
        a, t = answer[0], target[0]
        if SUIT_OF[a] == SUIT_OF[t]:
            return RANK_OF[a] > RANK_OF[t]
        return SUIT_OF[a] == trump
    # can[i] = target indices answer i beats
    can = []
    for a in answer:
        sa, ra = SUIT_OF[a], RANK_OF[a]
        row = [j for j, t in enumerate(target)
               if (ra > RANK_OF[t] if sa == SUIT_OF[t] else sa == trump)]
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


def beat_pairing(answer: Sequence[int], target: Sequence[int], trump: int) -> list[tuple[Card, Card]] | None:
    """The pairing the engine finds for a beat, as (answering card, beaten card),
    or ``None`` if there is none.  For showing a beat, not for deciding it."""
    from itertools import permutations

    for order in permutations(answer):
        if all(beats_one(a, t, trump) for a, t in zip(order, target)):
            return [(DECK[a], DECK[t]) for a, t in zip(order, target)]
    return None


def beats_one(x: int, y: int, trump: int) -> bool:
    sx, sy = SUIT_OF[x], SUIT_OF[y]
    return RANK_OF[x] > RANK_OF[y] if sx == sy else sx == trump


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


def combination_cards(combo: str, hand: Sequence[int], trump_card: int) -> tuple[Card, ...] | None:
    """The cards ``hand`` leads for ``combo``, or ``None`` if it does not hold it.

    When the hand has more qualifying cards than are led, the trump card comes
    first if it qualifies, then the others in canonical suit order (RULES.md §6).
    """
    trump = SUIT_OF[trump_card]
    if combo == "golden_moscow":
        aces = [c for c in hand if RANK_OF[c] == ACE]
        return _ordered(aces, trump) if len(aces) == 4 else None
    if combo == "bura":
        trumps = [c for c in hand if SUIT_OF[c] == trump]
        return _ordered(trumps, trump) if len(trumps) >= 4 else None
    if combo == "four_ends":
        ends = [c for c in hand if RANK_OF[c] in (ACE, TEN)]
        return _ordered(ends, trump)[:4] if len(ends) >= 4 else None
    if combo == "molodka":
        for suit in range(4):
            if suit != trump:
                same = [c for c in hand if SUIT_OF[c] == suit]
                if len(same) >= 4:
                    return _ordered(same, trump)[:4]
        return None
    if combo == "moscow":
        aces = [c for c in hand if RANK_OF[c] == ACE]
        if len(aces) >= 3 and trump * 9 + ACE in aces:
            return _ordered(aces, trump)[:3]
        return None
    if combo == "small_moscow":
        tens = [c for c in hand if RANK_OF[c] == TEN]
        return _ordered(tens, trump)[:3] if len(tens) >= 3 else None
    raise ValueError(f"unknown combination {combo!r}")


def _ordered(cards: Iterable[int], trump: int) -> tuple[Card, ...]:
    """Trump first, then canonical suit order, then rank."""
    return tuple(DECK[c] for c in sorted(cards, key=lambda c: (SUIT_OF[c] != trump, c)))


# Per card, a number whose sum over a hand counts its aces (bits 0–3), tens
# (bits 4–7) and cards of each suit (a nibble a suit from bit 8): a hand of
# at most four cards never carries from one field into the next.
_COMBO_CODE = tuple((RANK_OF[c] == ACE) + 16 * (RANK_OF[c] == TEN) + (1 << (8 + 4 * SUIT_OF[c])) for c in range(36))
_FOUR_OF_A_SUIT = sum(4 << (8 + 4 * s) for s in range(4))


def find_combination(hands: Sequence[Sequence[int]], leader: int, combos: Sequence[str],
                     trump_card: int) -> tuple[int, str, tuple[Card, ...]] | None:
    """Who leads out of turn, with what: the highest-priority enabled combination,
    its holder nearest in turn order to the regular ``leader`` (leader first)."""
    n = len(hands)
    # Most hands hold nothing: one cheap sum per hand rules them out before
    # any combination is looked at (this runs before every trick).
    order = []
    for k in range(n):
        seat = (leader + k) % n
        hand = hands[seat]
        if len(hand) < 3:
            continue
        code = sum(map(_COMBO_CODE.__getitem__, hand))
        aces, tens = code & 15, code >> 4 & 15
        if aces >= 3 or tens >= 3 or aces + tens >= 4 or code & _FOUR_OF_A_SUIT:
            order.append(seat)
    if not order:
        return None
    for combo in combos:
        for seat in order:
            cards = combination_cards(combo, hands[seat], trump_card)
            if cards is not None:
                return seat, combo, cards
    return None


# --- penalties ---------------------------------------------------------------


def round_penalties(points: Sequence[int], pass_mark: int) -> list[int]:
    """Penalties per side for one round (RULES.md §5): 0 to every side with the
    most points; to the others 6 with 0 points, 4 below the pass mark, 2 at it."""
    best = max(points)
    out = []
    for p in points:
        if p == best:
            out.append(0)
        elif p == 0:
            out.append(6)
        elif p < pass_mark:
            out.append(4)
        else:
            out.append(2)
    return out


def match_winners(penalties: Sequence[int]) -> list[int]:
    """Sides with the fewest penalties (a tie shares the win)."""
    least = min(penalties)
    return [side for side, p in enumerate(penalties) if p == least]


def suit_index(letter: str) -> int:
    return SUITS.index(letter)
