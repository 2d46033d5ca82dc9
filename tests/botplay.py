"""The bots' moves over a fixed set of seeded deals at every table, for the
regression test of their choices (``tests/test_bot_moves.py``).

Each case is a table, its switches and a seed; every seat is a bot (easy,
medium and the hard bot, deterministic with a small cap, in turn round the
table), and every move each bot chooses is written down.  The record in
``tests/data/bot_moves.json`` was made by this module before the engine's
record of what each seat has seen replaced the copies the bots kept; the test
asserts the bots still choose the same.  It was remade once, on purpose, for
the pot cases where someone folds, when the medium bot began to ask the deal
who is still in it.  Remake it (``python -m tests.botplay``) only when a
change of the bots' play is meant, and say so in the commit.
"""

from __future__ import annotations

import json
from pathlib import Path

from burkozel import Match, TableRules
from burkozel.bots import make_bot

DATA = Path(__file__).parent / "data" / "bot_moves.json"
DEALS = 6
"""Deals played per case."""
HARD_ITERATIONS = 24
"""The hard bot's rollouts per decision: few, the search is what is compared, not its strength."""
LEVELS = ("medium", "hard", "easy")

CASES: tuple[tuple[str, dict, int], ...] = (
    ("pairs", {}, 1), ("pairs", {"combos": (), "discard": None}, 2),
    ("four", {}, 3), ("four", {"combos": ()}, 4),
    ("three", {}, 5), ("three", {"combos": ()}, 6),
    ("duel", {}, 7), ("duel", {"discard": "open"}, 8),
    ("bura31", {}, 9), ("bura31", {"discard": "closed"}, 10), ("bura31", {"combos": ("molodka",)}, 11),
    ("bura_pot", {"players": 2}, 12), ("bura_pot", {"players": 3, "dave": True}, 13),
    ("bura_pot", {"players": 4, "dave": True}, 14), ("bura_pot", {"players": 5, "dave": True}, 15),
    ("bura_pot", {"players": 6, "dave": True, "discard": "open"}, 16), ("bura_pot", {"players": 6}, 17),
)


def case_name(fmt: str, switches: dict, seed: int) -> str:
    return f"{fmt}/{json.dumps(switches, sort_keys=True)}/{seed}"


def play_case(fmt: str, switches: dict, seed: int) -> list[str]:
    """Every move of the case's first deals, as ``seat:move``."""
    rules = TableRules(fmt, **{k: v for k, v in switches.items() if v is not None})
    match = Match(rules, seed=seed)
    bots = []
    for s in range(rules.players):
        level = LEVELS[(s + seed) % len(LEVELS)]
        options = {"deterministic": True, "max_iterations": HARD_ITERATIONS} if level == "hard" else {}
        bots.append(make_bot(level, seed=seed * 10 + s, **options))
    out = []
    for deal in range(DEALS):
        if deal:
            if match.is_over:
                break
            match.next_round()
        while not match.round.is_over:
            seat = match.to_act
            view = match.view(seat)
            bot = bots[seat]
            move = bot.get_move(view)
            match.push(move, seat)
            values = ""
            if bot.name == "medium":  # its valuation reads the card counting: the values too
                values = " " + " ".join(f"{v:.6g}" for v, _ in bot.ranked(view)[:3])
            out.append(f"{seat}:{move}{values}")
    return out


def record() -> dict[str, list[str]]:
    return {case_name(*case): play_case(*case) for case in CASES}


if __name__ == "__main__":
    DATA.write_text(json.dumps(record(), indent=0, ensure_ascii=False) + "\n")
    print(f"wrote {DATA}")
