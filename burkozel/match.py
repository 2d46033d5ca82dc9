"""A match: rounds dealt until a side reaches the penalty limit (RULES.md §7), or at a
pot until a stack is spent (RULES-pot.md §7).  Everything random follows the ``seed`` (or,
dealt by keys, the ``secret`` and the deals' keys: ``fair.py``), so a match is its rules, seed,
chips at the start and moves: what :meth:`Match.to_dict` saves.

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
from dataclasses import dataclass
from typing import Sequence

from . import fair
from .cards import DECK, Card
from .kernel import ring
from .rules import MATCH_OVER, ROUND_NOT_OVER, IllegalMoveError, TableRules
from .round import Round, check_chips, seeded_dealer, seeded_deck


@dataclass(frozen=True)
class Standing:
    """Who is still in a match where seats go out (RULES-house.md §1), after
    its finished rounds: ``seats_in`` ascending, ``out`` in the order of
    going (one round's ascending), ``places`` per seat (``None`` until
    fixed) and per round the seats it put out (``None`` while it goes on)."""

    seats_in: tuple[int, ...]
    out: tuple[int, ...]
    places: tuple[int | None, ...]
    round_out: tuple[tuple[int, ...] | None, ...]
from .trick import Move
from .view import SeatView


class Match:
    """A whole match at one table.

    ``dealer`` fixes the first dealer (otherwise the seed picks it); ``decks``
    stacks the decks of the first rounds (for replays and tests).
    ``first_deal`` starts the match at that deal of the seed's match: its deck
    and its dealer come first (a deal re-dealt in a fresh table to check it,
    or shared).  At a table for a pot, ``chips`` and ``pot`` are the chips
    before the first deal (fresh stacks and an empty pot by default).

    ``secret`` deals by keys instead of the seed (``fair.py``): deal ``k``'s deck
    is ``fair.deck_of`` of its key, ``fair.deal_key(secret, first_deal + k)``, and
    the secret picks the first dealer; ``keys`` gives the first deals' keys
    outright (a deal opened from its revealed key, or keyed with friends' values).
    """

    def __init__(self, rules: TableRules, seed: int | str | None = None, *, dealer: int | None = None,
                 decks: Sequence[Sequence[object]] = (), first_deal: int = 0,
                 chips: Sequence[int] | None = None, pot: int = 0, secret: bytes | str | None = None,
                 keys: Sequence[bytes | str] = ()) -> None:
        if not isinstance(rules, TableRules):
            raise TypeError(f"rules must be TableRules, not {type(rules).__name__}")
        self.secret = None if secret is None else fair.check_bytes(secret, "a secret")
        self.keys: list[bytes] = [fair.check_bytes(k) for k in keys]
        """The deals' keys given outright, from the first deal (see :meth:`key_for`)."""
        if (self.secret is not None or self.keys) and seed is not None:
            raise ValueError("a match is dealt from a seed or by keys, not both")
        if self.keys and self.secret is None:
            raise ValueError("a match dealt by keys needs its secret for the deals after them")
        if seed is None and self.secret is None:
            seed = random.SystemRandom().randrange(2**31)
        elif seed is not None and (not isinstance(seed, (int, str)) or isinstance(seed, bool)):
            raise TypeError(f"a seed is an int or a str, not {type(seed).__name__}")
        self.rules = rules
        self.seed = seed
        n = rules.players
        if type(first_deal) is not int or first_deal < 0:
            raise ValueError("first_deal must be a deal number from 0")
        self.first_deal = first_deal
        if dealer is None and self.secret is not None:
            dealer = (fair.first_dealer(self.secret, n) + first_deal) % n
        elif dealer is None:
            dealer = (seeded_dealer(seed, n) + first_deal) % n
        elif not isinstance(dealer, int) or not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat from 0 to {n - 1}")
        self.first_dealer = dealer
        if rules.table.has_pot:
            chips = [rules.stack] * n if chips is None else chips
            check_chips(rules, chips, pot)
            chips = tuple(chips)
        elif chips is not None or pot:
            raise ValueError(f"{rules.format} is not played for chips")
        self.start_chips, self.start_pot = chips, pot
        self._decks = list(decks)
        self.rounds: list[Round] = []
        self.moves: list[tuple[int, Move]] = []
        """Every move of the match, with the seat that made it."""
        self._starts: list[int] = []
        self._deal()

    # --- the course of the match --------------------------------------------

    def key_for(self, round_no: int) -> bytes | None:
        """The key of round ``round_no`` when the match is dealt by keys (``None`` from a
        seed): given outright, else derived from the secret.  A key is never shown before
        its deal is over (``fair.py``); :meth:`commitment` may be."""
        if self.secret is None:
            return None
        if round_no < len(self.keys):
            return self.keys[round_no]
        return fair.deal_key(self.secret, round_no + self.first_deal)

    def commitment(self, round_no: int) -> str | None:
        """The commitment to round ``round_no``'s key (``None`` from a seed)."""
        key = self.key_for(round_no)
        return None if key is None else fair.commitment(key)

    def deck_for(self, round_no: int) -> tuple[Card, ...]:
        """The deck of round ``round_no``: stacked, dealt by its key, or shuffled from the seed."""
        if round_no < len(self._decks):
            return tuple(self._decks[round_no])
        key = self.key_for(round_no)
        if key is not None:
            return fair.deck_of(key)
        return seeded_deck(self.seed, round_no + self.first_deal)

    def _deal(self) -> None:
        k = len(self.rounds)
        chips, pot = self.start_chips, self.start_pot
        seats = self.standing.seats_in if self.eliminating else None
        if not self.rounds:
            dealer = self.first_dealer
        else:
            last = self.round
            dealer = self.rules.table.next_dealer(last.dealer, last.end, last.winner, last.ended_by)
            if seats is not None and dealer not in seats:  # the first seat in after the last dealer
                dealer = ring(self.rules.players, seats)[last.dealer]
            if chips is not None:
                chips, pot = last.chips, last.pot
        self.rounds.append(Round(self.rules, dealer, self.deck_for(k), chips, pot, in_play=seats))
        self._starts.append(len(self.moves))

    @property
    def round(self) -> Round:
        """The current round (the last one dealt)."""
        return self.rounds[-1]

    @property
    def round_no(self) -> int:
        return len(self.rounds) - 1

    @property
    def penalties(self) -> list[int]:
        """Penalties per side, over every finished round (none are kept in a
        robber, RULES-house.md §8.2)."""
        totals = [0] * self.rules.side_count
        system = self.rules.table.system
        if system is not None and not system.keeps_penalties:
            return totals
        for rnd in self.rounds:
            if rnd.is_over:
                for side, p in enumerate(rnd.penalties):
                    totals[side] += p
        return totals

    @property
    def wins(self) -> list[int] | None:
        """Won deals per side in a robber (RULES-house.md §8.2), ``None`` otherwise."""
        system = self.rules.table.system
        if system is None or system.keeps_penalties:
            return None
        totals = [0] * self.rules.side_count
        for rnd in self.rounds:
            if rnd.is_over:
                for side, w in enumerate(system.won(rnd.end, rnd.winner, len(totals))):
                    totals[side] += w
        return totals

    @property
    def eliminating(self) -> bool:
        """Whether seats go out of this match (RULES-house.md §1)."""
        return hasattr(self.rules.table.system, "going_out")

    @property
    def standing(self) -> Standing:
        """Who is in, who went out and their places (everyone in, no places,
        where seats never go out)."""
        n = self.rules.players
        system = self.rules.table.system
        totals = [0] * n
        seats_in, out, places, round_out = tuple(range(n)), [], [None] * n, []
        for rnd in self.rounds:
            if not (rnd.is_over and self.eliminating):
                round_out.append(None)
                continue
            for s, p in enumerate(rnd.penalties):
                totals[s] += p
            going = system.going_out(totals, seats_in)
            seats_in = tuple(s for s in seats_in if s not in going)
            for s, place in system.places(totals, going, len(seats_in)).items():
                places[s] = place
            out += going
            round_out.append(going)
        if len(seats_in) == 1 and self.eliminating:
            places[seats_in[0]] = 1
        return Standing(seats_in, tuple(out), tuple(places), tuple(round_out))

    @property
    def chips(self) -> list[int] | None:
        """Every stack now, the current deal's payments included (``None``
        at a table without chips)."""
        return self.round.chips

    @property
    def pot(self) -> int:
        return self.round.pot

    @property
    def is_over(self) -> bool:
        """After a finished round in which a side reached the limit (at a pot:
        a won deal after which a stack is spent)."""
        rnd = self.round
        if not rnd.is_over:
            return False
        system = self.rules.table.system
        if system is not None:
            return system.match_over(self)
        return self.rules.table.match_over(self.penalties, rnd.chips, rnd.winner is not None)

    @property
    def winners(self) -> list[int]:
        """The sides with the fewest penalties (at a pot: the seats with the
        most chips), once the match is over."""
        if not self.is_over:
            return []
        system = self.rules.table.system
        if system is not None:
            return system.match_winners(self)
        return self.rules.table.match_winners(self.penalties, self.round.chips)

    @property
    def moves_by_round(self) -> list[list[tuple[int, Move]]]:
        """:attr:`moves` cut at each deal: one list per round dealt, the current one last."""
        bounds = self._starts + [len(self.moves)]
        return [self.moves[a:b] for a, b in zip(bounds, bounds[1:])]

    @property
    def to_act(self) -> int | None:
        return self.round.to_act

    def push(self, move: Move, seat: int | None = None) -> None:
        """Play ``move`` in the current round (see :meth:`Round.push`)."""
        rnd = self.round
        actor = rnd.to_act
        rnd.push(move, seat)
        self.moves.append((actor, move))

    def next_round(self, key: bytes | str | None = None) -> Round:
        """Deal the next round, once the current one is over and the match is not;
        ``key``: its key given outright (a match dealt by keys with friends' values)."""
        if not self.round.is_over:
            raise IllegalMoveError(ROUND_NOT_OVER, "the round is still being played")
        if self.is_over:
            raise IllegalMoveError(MATCH_OVER, "the match is over")
        if key is not None:
            if self.secret is None or len(self.keys) != len(self.rounds):
                raise ValueError("a deal's key is given only after the keys of every deal before it")
            self.keys.append(fair.check_bytes(key))
        self._deal()
        return self.round

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now (RULES.md §9)."""
        return self.round.view(seat, penalties=tuple(self.penalties), round_no=self.round_no,
                               match_over=self.is_over, winners=tuple(self.winners))

    # --- saving and resuming --------------------------------------------------

    def to_dict(self) -> dict:
        """The match as JSON data: its rules, seed, first dealer and deal, the
        chips at its start and now, and every round's moves."""
        out = {"rules": self.rules.to_dict(), "seed": self.seed, "dealer": self.first_dealer,
               "first_deal": self.first_deal, "rounds": [], "chips": self.chips, "pot": self.pot}
        if self.secret is not None:
            del out["seed"]
            out["secret"] = self.secret.hex()
            if self.keys:
                out["keys"] = [k.hex() for k in self.keys]
        if self.start_chips is not None:
            out["start"] = {"chips": list(self.start_chips), "pot": self.start_pot}
        out["rounds"] = [[[seat, move.to_dict()] for seat, move in moves] for moves in self.moves_by_round]
        return out

    @classmethod
    def from_dict(cls, data: dict) -> "Match":
        """A match :meth:`to_dict` saved, replayed move by move: ``ValueError``
        if the data is not such a match — chips that cannot be (not whole
        numbers, or not adding up with the pot to the stacks), moves that do
        not read, or chips now that the moves do not reach; moves that break a
        rule raise :class:`IllegalMoveError` (a ``ValueError``) with its code."""
        if not isinstance(data, dict):
            raise ValueError("a saved match is a JSON object")
        rules = TableRules.from_dict(data.get("rules"))
        start = data.get("start")
        if rules.table.has_pot:
            if not isinstance(start, dict):
                raise ValueError("a saved match at a pot needs its chips at the start")
            check_chips(rules, start.get("chips"), start.get("pot"))
            check_chips(rules, data.get("chips"), data.get("pot"))
            chips, pot = start["chips"], start["pot"]
        else:
            chips, pot = None, 0
        rounds = data.get("rounds")
        if not isinstance(rounds, list) or not rounds:
            raise ValueError("a saved match lists its rounds' moves")
        keys = data.get("keys", [])
        if not isinstance(keys, list):
            raise ValueError("a saved match's keys are a list")
        match = cls(rules, data.get("seed"), dealer=data.get("dealer"), first_deal=data.get("first_deal", 0),
                    chips=chips, pot=pot, secret=data.get("secret"), keys=keys)
        try:
            for r, moves in enumerate(rounds):
                if r:
                    match.next_round()
                for seat, move in moves:
                    match.push(Move.from_dict(move), seat)
        except IllegalMoveError as e:
            raise IllegalMoveError(e.code, f"the saved moves do not replay: {e}") from None
        except (TypeError, ValueError) as e:
            raise ValueError(f"the saved moves do not read as moves: {e}") from None
        if match.chips != data.get("chips") or match.pot != data.get("pot"):
            raise ValueError("the saved chips are not where the moves lead")
        return match

    def __repr__(self) -> str:
        dealt = "keys" if self.secret is not None else f"seed={self.seed}"
        return (f"<Match {self.rules.format} {dealt} round={self.round_no} "
                f"penalties={self.penalties}{' over' if self.is_over else ''}>")
