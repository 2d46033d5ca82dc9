"""Positions where the player (seat 0) faces each kind of decision, at every table:
found by playing seeded matches with a seeded random policy, kept as the save the
page resumes («Продолжить партию»), so a browser test can open any of them at once.

Why searched, not written down: a position is the seed's deal and the moves to it,
and both follow from the engine; searching keeps a test's positions right when the
engine's dealing changes.  Deterministic: the same seeds and policy give the same
positions."""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "web"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from burkozel import FORMATS, Match, SeatView, TableRules  # noqa: E402
from table.match import record, storage  # noqa: E402
from table.match.record import MatchInfo  # noqa: E402


def _kinds(view: SeatView) -> set[str]:
    return {m.kind for m in view.legal_moves}


def _answering(view: SeatView) -> bool:
    trick = view.trick
    return trick is not None and bool(trick.plays) and "lead" not in _kinds(view)


DECISIONS: dict[str, Callable[[SeatView], bool]] = {
    "lead": lambda v: "lead" in _kinds(v) and len(v.hand) > 1 and not {"declare", "dave"} & _kinds(v),
    "beat": lambda v: _answering(v) and "beat" in _kinds(v) and v.trick.combo is None,
    "discard": lambda v: _answering(v) and _kinds(v) == {"discard"} and v.trick.combo is None
    and len(v.hand) > len(v.trick.plays[0].cards),
    "declare": lambda v: "declare" in _kinds(v),
    "dave": lambda v: "dave" in _kinds(v),
    "answer": lambda v: _kinds(v) == {"accept", "fold"},
    "out_of_turn": lambda v: _answering(v) and v.trick.combo is not None and v.trick.leader != 0,
    "after_a_trick": lambda v: "lead" in _kinds(v) and len(v.history) > 0,
    "only": lambda v: len(v.legal_moves) == 1,
}
"""What the player faces: a lead (a choice of cards), a beat, a discard with nothing that
beats, «31» offered, «даве» offered, an answer to a «даве» (accept or fold), and an
answer to someone's out-of-turn lead (молодка, Москва…); and, not kinds of their own,
a lead after the deal's first trick (for the last trick's panel) and an only move (the
hint's shortest bubble: «Другого хода здесь нет.»)."""


def decisions_at(fmt: str) -> tuple[str, ...]:
    """The kinds of decision a player can face at table ``fmt``."""
    table = FORMATS[fmt]
    kinds = ["lead", "beat", "discard"]
    if table.declaration is not None:
        kinds.append("declare")
    if table.has_pot:
        kinds += ["dave", "answer"]
    if any(c.effect == "lead" for c in table.combinations):
        kinds.append("out_of_turn")
    return tuple(kinds)


def rules_for(fmt: str, players: int | None = None) -> TableRules:
    """Every switch that adds a decision on: the out-of-turn combinations, «даве»;
    ``players`` where the table lets a match choose."""
    table = FORMATS[fmt]
    combos = table.combo_ids  # (the table's own: the house ones exclude some of them)
    return TableRules(fmt, combos, players=players, dave=table.has_pot)


@dataclass(frozen=True)
class Position:
    fmt: str
    decision: str
    info: MatchInfo
    match: Match

    def saved(self) -> str:
        """The save the page resumes at this very position (``localStorage``)."""
        return storage.dump_match(record.saved_of(self.info, self.match, False))

    def view(self) -> SeatView:
        return self.match.view(0)


def find(fmt: str, decision: str, seeds: range = range(1, 400), players: int | None = None) -> Position:
    """The first position of ``decision`` for seat 0 at ``fmt`` (``players`` seated) over the
    seeds, every seat (seat 0 too, until then) playing a seeded random legal move."""
    return first_moment(rules_for(fmt, players), DECISIONS[decision], decision, seeds)


def first_moment(rules: TableRules, want, label: str, seeds: range = range(1, 400), steps: int = 200,
                 policy=None) -> Position:
    """The first moment over ``seeds`` where seat 0 is to act and ``want(its view)`` holds, every
    seat playing ``policy(round, rng)`` (a seeded random legal move) up to ``steps`` moves a seed."""
    fmt = rules.format
    for seed in seeds:
        match = Match(rules, seed=seed)
        rng = random.Random(seed)
        for _ in range(steps):
            rnd = match.round
            if rnd.is_over:
                if match.is_over:
                    break
                match.next_round()
                continue
            if rnd.to_act == 0 and want(match.view(0)):
                info = MatchInfo(fmt, rules.combos, "easy", seed, rules.discard, dave=rules.dave,
                                 players=None if rules.players == rules.table.players else rules.players,
                                 house=rules.house)
                return Position(fmt, label, info, match)
            match.push(policy(rnd, rng) if policy else rnd.random_move(rng))
    raise LookupError(f"no {label} for seat 0 at {fmt} in seeds {seeds}")


def deal_over(fmt: str, seed: int = 1, players: int | None = None) -> Position:
    """The match at the end of its first deal (the result dialog's moment), every seat
    playing a seeded random legal move."""
    rules = rules_for(fmt, players)
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    while not match.round.is_over:
        match.push(match.round.random_move(rng))
    info = MatchInfo(fmt, rules.combos, "easy", seed, rules.discard, dave=rules.dave,
                     players=None if rules.players == rules.table.players else rules.players)
    return Position(fmt, "over", info, match)


def last_deal(fmt: str, seed: int = 1, players: int | None = None) -> Position:
    """The match at seat 0's last decision of its last deal (a move or two before the match's
    end), every seat playing a seeded random legal move: a test that needs a match's end opens
    it here instead of playing the whole match in the browser."""
    rules = rules_for(fmt, players)

    def play(stop_at: int | None) -> tuple[Match, int]:
        match, rng, moves, last = Match(rules, seed=seed), random.Random(seed), 0, -1
        while not match.is_over:
            rnd = match.round
            if rnd.is_over:
                match.next_round()
                continue
            if moves == stop_at:
                break
            if rnd.to_act == 0:
                last = moves
            match.push(rnd.random_move(rng))
            moves += 1
        return match, last

    match, last = play(None)  # the whole match once: where seat 0 decides for the last time
    match, _ = play(last)
    info = MatchInfo(fmt, rules.combos, "easy", seed, rules.discard, dave=rules.dave,
                     players=None if rules.players == rules.table.players else rules.players)
    return Position(fmt, "last_deal", info, match)
