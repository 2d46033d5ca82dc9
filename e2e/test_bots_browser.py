"""The bots in the browser: the menu's difficulty reaches the bots,
and the bots decide in Pyodide exactly as on CPython.

How it is proved: after a few moves by clicks, the saved match (every move,
``localStorage``) is replayed on CPython, and each bot move made in the page
must be the move ``table_bots.reference_bot(level)`` chooses in that position —
the table's bots are a pure function of seed and view (``table_bots.TableHardBot``
has no time budget; that is what makes a resumed match meet the same bot
decisions).  For the proof to tell the levels apart, play goes on until some
position is met where another level would have moved differently.
``#table[data-bots]`` must also name the level.

The page is opened with ``?bench=1`` so that ``window.burkozelBench`` (the
benchmark hook, ``web/table/worker/benchhooks.py``) can be checked too.
"""

from __future__ import annotations

import json
import random
import sys

import pytest

from tablekit import ROOT, hand, new_match, play_turn, saved, shared_page, wait_settled

if str(ROOT / "web") not in sys.path:
    sys.path.insert(0, str(ROOT / "web"))

from table.worker import benchhooks  # noqa: E402
from table.match import table_bots  # noqa: E402
from burkozel import Match, Move, TableRules, fair  # noqa: E402

LEVELS = ("easy", "medium", "hard")


@pytest.fixture(scope="module")
def shared(browser, server):
    ctx, page, guard = shared_page(browser, server, seed=11, bench=1)
    yield page, guard
    ctx.close()


@pytest.fixture
def table(shared):
    page, guard = shared
    yield page
    guard.check()


def bot_positions(data: dict):
    """Each bot move of the saved match, with the bot's view just before it and its
    seed (the deal's key's, ``fair.bot_seed``; a match from an old seed: the seed's)."""
    match = Match(TableRules(data["format"], tuple(data["combos"]), data.get("discard")), seed=data.get("seed"),
                  secret=data.get("secret"), keys=data.get("keys", ()))
    for r, moves in enumerate(data["rounds"]):
        if r:
            match.next_round()
        key = match.key_for(r)
        for seat, move in moves:
            m = Move.from_dict(move)
            if seat != 0:
                yield seat, match.view(seat), m, f"{data['seed']}/{seat}" if key is None else fair.bot_seed(key, seat)
            match.push(m, seat)


def check_bot_moves(data: dict, level: str) -> tuple[int, set[str]]:
    """Every bot move is ``level``'s choice; returns how many, and which other
    levels would have chosen differently somewhere."""
    checked, told_apart = 0, set()
    for seat, view, move, seed in bot_positions(data):
        want = table_bots.reference_bot(level, seed=seed).get_move(view)
        assert move == want, f"seat {seat}: the page played {move}, a {level} bot plays {want} (move {checked})"
        checked += 1
        for other in LEVELS:
            if other != level and other not in told_apart:
                if table_bots.reference_bot(other, seed=seed).get_move(view) != move:
                    told_apart.add(other)
    return checked, told_apart


@pytest.mark.parametrize("level", LEVELS)
def test_menu_difficulty_reaches_the_bots(table, level):
    page = table
    new_match(page, "three", level)
    assert page.get_attribute("#table", "data-bots") == level
    assert saved(page)["difficulty"] == level
    rng = random.Random(5)
    others = {x for x in LEVELS if x != level}
    # Easy/medium: a whole round at instant speed, checked at its end; hard:
    # only until its moves tell it from the other levels (~50–150 ms a move).
    for _ in range(40):
        phase = wait_settled(page)
        if level == "hard" or phase != "play":
            checked, told_apart = check_bot_moves(saved(page), level)
            if phase != "play" or (checked >= 2 and told_apart == others):
                break
        play_turn(page, rng)
    assert checked >= 2
    assert told_apart == others, f"these {checked} moves do not tell {level} from {others - told_apart}"


def test_bench_hook_times_the_table_bots(table):
    page = table
    assert page.evaluate("typeof window.burkozelBench") == "function"
    out = json.loads(page.evaluate("(r) => window.burkozelBench(r)",
                                   json.dumps({"level": "hard", "format": "pairs", "n": 4, "seed": 2})))
    assert len(out["ms"]) == len(out["moves"]) == 4 and all(ms >= 0 for ms in out["ms"])
    here = benchhooks.run({"level": "hard", "format": "pairs", "n": 4, "seed": 2, "variant": "reference"})
    assert out["moves"] == here["moves"]  # the browser's table bot = CPython's deterministic one
    assert out["table_bots"] == table_bots.TABLE_BOTS_DOC
    steps = json.loads(page.evaluate("window.burkozelSteps()"))
    assert steps and all(len(s) == 2 for s in steps)
    assert isinstance(json.loads(page.evaluate("window.burkozelBench(JSON.stringify({gc: true}))")), list)


def test_bench_hook_only_with_the_parameter():
    assert benchhooks.wanted("?bench=1&seed=3")
    for query in ("", "?seed=3", "?bench=0", "?bench=yes", "?bench=%ZZ"):
        assert not benchhooks.wanted(query)
