"""Bot-only matches and random-play throughput, for the command line.

``python -m burkozel play`` plays whole matches between bots, each seeing only
its own seat's view; ``python -m burkozel bench`` measures how many random
rounds a second the engine plays, the speed every search bot stands on.
"""

from __future__ import annotations

import random
import time
from typing import Sequence

from .bots import make_bot
from .match import Match
from .round import Round, random_cards
from .rules import TableRules


def play_match(rules: TableRules, seed: int | str, levels: Sequence[str]) -> Match:
    """Play one whole match, seat ``s`` played by a bot of ``levels[s]``."""
    match = Match(rules, seed=seed)
    bots = [make_bot(level, seed=f"{seed}/{s}") for s, level in enumerate(levels)]
    while True:
        rnd = match.round
        if rnd.is_over:
            if match.is_over:
                return match
            match.next_round()
            continue
        seat = rnd.to_act
        match.push(bots[seat].get_move(match.view(seat)), seat)


def summary(index: int, match: Match) -> str:
    """One line about a finished match."""
    rules = match.rules
    sides = ["+".join(map(str, s)) for s in rules.sides]
    pens = ", ".join(f"{sides[i]}: {p}" for i, p in enumerate(match.penalties))
    won = " and ".join(sides[w] for w in match.winners)
    return (f"match {index} seed={match.seed} {rules.format}: {len(match.rounds)} rounds, "
            f"penalties {{{pens}}}, won by {'seats' if len(rules.sides[0]) > 1 else 'seat'} {won}")


def random_playout(rnd: Round, rng: random.Random) -> None:
    """Play ``rnd`` to its end with random legal moves, on the unchecked path."""
    deal, draw = rnd.deal, rng.random
    step = deal.step
    while deal.to_act is not None:
        step(*random_cards(deal, draw))


def random_rounds_per_second(fmt: str, seconds: float = 2.0, seed: int = 0,
                             combos: Sequence[str] | None = None, checked: bool = False,
                             house: dict | None = None, cpu: bool = False) -> tuple[int, float]:
    """Deal and play random rounds of ``fmt`` for about ``seconds``: (rounds,
    rounds per second).  Moves come from :meth:`Round.random_move`; with
    ``checked`` each goes through :meth:`Round.push` and its full check,
    otherwise straight to the unchecked path that search bots use.
    ``house``: the house rules by key (RULES-house.md §0); ``cpu``: this
    process's CPU time instead of the wall clock (for a loaded machine)."""
    rules = TableRules(fmt, None if combos is None else tuple(combos), house=house or {})
    rng = random.Random(seed)
    n = rules.players
    rounds = 0
    clock = time.process_time if cpu else time.perf_counter
    start = clock()
    deadline = start + seconds
    while True:
        for _ in range(50):
            rng.shuffle(deck := list(range(36)))
            rnd = Round(rules, rounds % n, deck)
            move_of = rnd.random_move
            if checked:
                push = rnd.push
                while rnd.to_act is not None:
                    push(move_of(rng))
            else:
                random_playout(rnd, rng)
            rounds += 1
        now = clock()
        if now >= deadline:
            return rounds, rounds / (now - start)
