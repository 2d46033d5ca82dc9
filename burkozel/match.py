"""A match: rounds dealt in turn until a side reaches the penalty limit (RULES.md §7).

Everything random in a match follows its ``seed``: the first dealer and each
round's shuffle.  A match is therefore fully described by its rules, its seed
and its moves, which is how the table saves and resumes one.

>>> from burkozel import Match, TableRules
>>> match = Match(TableRules("four", combos=()), seed=1)
>>> while not match.is_over:
...     if match.round.is_over:
...         _ = match.next_round()
...     else:
...         match.push(match.round.legal_moves[0])
>>> match.is_over, max(match.penalties) >= 12
(True, True)
"""

from __future__ import annotations

import random
from typing import Sequence

from .cards import DECK, Card
from .rules import IllegalMoveError, TableRules, match_winners
from .round import Round
from .trick import Move
from .view import SeatView


class Match:
    """A whole match at one table.

    ``dealer`` fixes the first dealer (otherwise the seed picks it); ``decks``
    stacks the decks of the first rounds (for replays and tests).
    ``first_deal`` starts the match at that deal of the seed's match: its deck
    and its dealer come first (a deal re-dealt in a fresh table to check it,
    or shared).
    """

    def __init__(self, rules: TableRules, seed: int | str | None = None, *, dealer: int | None = None,
                 decks: Sequence[Sequence[object]] = (), first_deal: int = 0) -> None:
        if not isinstance(rules, TableRules):
            raise TypeError(f"rules must be TableRules, not {type(rules).__name__}")
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        elif not isinstance(seed, (int, str)) or isinstance(seed, bool):
            raise TypeError(f"a seed is an int or a str, not {type(seed).__name__}")
        self.rules = rules
        self.seed = seed
        n = rules.players
        if type(first_deal) is not int or first_deal < 0:
            raise ValueError("first_deal must be a deal number from 0")
        self.first_deal = first_deal
        if dealer is None:
            dealer = (random.Random(f"burkozel/{seed}/dealer").randrange(n) + first_deal) % n
        elif not isinstance(dealer, int) or not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat from 0 to {n - 1}")
        self.first_dealer = dealer
        self._decks = list(decks)
        self.rounds: list[Round] = []
        self.moves: list[tuple[int, Move]] = []
        """Every move of the match, with the seat that made it."""
        self._deal()

    # --- the course of the match --------------------------------------------

    def deck_for(self, round_no: int) -> tuple[Card, ...]:
        """The deck of round ``round_no``: stacked, or shuffled from the seed."""
        if round_no < len(self._decks):
            return tuple(self._decks[round_no])
        deck = list(DECK)
        random.Random(f"burkozel/{self.seed}/round/{round_no + self.first_deal}").shuffle(deck)
        return tuple(deck)

    def _deal(self) -> None:
        k = len(self.rounds)
        dealer = (self.first_dealer + k) % self.rules.players
        self.rounds.append(Round(self.rules, dealer, self.deck_for(k)))

    @property
    def round(self) -> Round:
        """The current round (the last one dealt)."""
        return self.rounds[-1]

    @property
    def round_no(self) -> int:
        return len(self.rounds) - 1

    @property
    def penalties(self) -> list[int]:
        """Penalties per side, over every finished round."""
        totals = [0] * self.rules.side_count
        for rnd in self.rounds:
            if rnd.is_over:
                for side, p in enumerate(rnd.penalties):
                    totals[side] += p
        return totals

    @property
    def is_over(self) -> bool:
        """After a finished round in which a side reached the limit."""
        return self.round.is_over and max(self.penalties) >= self.rules.table.penalty_limit

    @property
    def winners(self) -> list[int]:
        """The sides with the fewest penalties, once the match is over."""
        return match_winners(self.penalties) if self.is_over else []

    @property
    def to_act(self) -> int | None:
        return self.round.to_act

    def push(self, move: Move, seat: int | None = None) -> None:
        """Play ``move`` in the current round (see :meth:`Round.push`)."""
        rnd = self.round
        actor = rnd.to_act
        rnd.push(move, seat)
        self.moves.append((actor, move))

    def next_round(self) -> Round:
        """Deal the next round, once the current one is over and the match is not."""
        if not self.round.is_over:
            raise IllegalMoveError("round_not_over", "the round is still being played")
        if self.is_over:
            raise IllegalMoveError("match_over", "the match is over")
        self._deal()
        return self.round

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now (RULES.md §9)."""
        return SeatView.of(self.round, seat, penalties=tuple(self.penalties), round_no=self.round_no,
                           match_over=self.is_over, winners=tuple(self.winners))

    def __repr__(self) -> str:
        return (f"<Match {self.rules.format} seed={self.seed} round={self.round_no} "
                f"penalties={self.penalties}{' over' if self.is_over else ''}>")
