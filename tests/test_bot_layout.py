"""The bots' layout: every setting that depends on the table is read from
``bots/tuning.py``, no engine module imports a bot, and the hard bot's two
searches do not import each other."""

from __future__ import annotations

import ast
import random
from dataclasses import fields
from pathlib import Path

import pytest

from burkozel import Round, TableRules
from burkozel.arena import arena_bot
from burkozel.bots import hard, make_bot, tuning
from burkozel.bots.medium import MEDIUM, Weights, prior_weights, weights_for
from burkozel.bots.search.budget import finish
from burkozel.bots.search.worlds import play_clues
from burkozel.cards import DECK
from burkozel.rules import TABLES

PACKAGE = Path(__file__).resolve().parent.parent / "burkozel"


def _imports(path: Path) -> set[str]:
    """The modules ``path`` imports from, as dotted names (relative ones resolved)."""
    package = list(path.relative_to(PACKAGE.parent).parts[:-1])
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            out.add(module)
            out.update(f"{module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def _strings(path: Path) -> set[str]:
    """The string literals of ``path``'s code (not its docstrings)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef)) and n.body
                  and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    return {n.value for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings}


def test_no_bot_module_but_the_tuning_names_a_table():
    bots = PACKAGE / "bots"
    named = {p.relative_to(bots).as_posix(): _strings(p) & set(TABLES)
             for p in bots.rglob("*.py") if p.name != "tuning.py"}
    assert not {k: v for k, v in named.items() if v}
    assert _strings(bots / "tuning.py") & set(TABLES)  # (the check reads the names it should)


def test_no_engine_module_imports_a_bot_or_the_arena():
    offline = {"cli.py", "selfplay.py", "__main__.py"}  # the command line runs bots
    upward = {p.name: sorted(m for m in _imports(p) if m.startswith(("burkozel.bots", "burkozel.arena")))
              for p in PACKAGE.glob("*.py") if p.name not in offline}
    assert not {k: v for k, v in upward.items() if v}


def test_the_two_searches_and_the_level_import_in_one_direction():
    search = PACKAGE / "bots" / "search"
    for name in ("one_ply.py", "tree.py"):
        imported = _imports(search / name)
        assert not any(m.startswith("burkozel.bots.hard") for m in imported), name
    assert not any(m.startswith("burkozel.bots.search.one_ply") for m in _imports(search / "tree.py"))
    assert not any(m.startswith("burkozel.bots.search.tree") for m in _imports(search / "one_ply.py"))
    # tuning.py is plain data: it reads nothing of the bots.
    assert not any(m.startswith("burkozel") for m in _imports(PACKAGE / "bots" / "tuning.py"))


def test_every_setting_names_what_exists():
    """The weights' names are the medium bot's constants and every clue is
    one the play can give: a misspelt one would silently change nothing."""
    constants = {f.name for f in fields(Weights)}
    given = set()
    rng = random.Random("clues")
    for fmt in TABLES:
        rules = TableRules(fmt)
        medium = make_bot("medium")
        for d in range(30):
            deck = list(DECK)
            rng.shuffle(deck)
            rnd = Round(rules, d % rules.players, deck)
            while not rnd.is_over:
                rnd.push(medium.get_move(rnd.view(rnd.to_act)), rnd.to_act)
            view = rnd.view(0)
            for tv in view.history:
                given.update(clue for _, clue, _ in play_clues(tv, view.trump, view.side_of))
    for name, table in tuning.TUNINGS.items():
        assert name in TABLES
        assert set(table.medium) <= constants and set(table.prior or {}) <= constants, name
        assert set(table.clues) <= given, (name, set(table.clues) - given)


def test_a_table_without_an_entry_plays_the_defaults():
    assert tuning.tuning_for("no such table") is tuning.DEFAULT
    assert weights_for("no such table") == MEDIUM == prior_weights("no such table")
    assert weights_for("bura31") == Weights(pass_bonus=25.0, zero_bonus=0.0, trump_worth=10)
    assert prior_weights("four") == Weights(trump_base=6.0, loot_early=0.3)
    assert prior_weights("duel") == weights_for("duel")  # no prior of its own: medium's of the table
    with pytest.raises(ValueError, match="search must be"):
        tuning.TableTuning(search="deep")
    with pytest.raises(ValueError, match="worlds must be"):
        tuning.TableTuning(worlds="truth")


def test_the_hard_bot_searches_as_its_tables_tuning_says(monkeypatch):
    """Told by the tuning to search the tree, the hard bot in duel plays
    exactly the arena's hard-ismcts (the tree in the fair sampler's worlds);
    with duel's own tuning (one ply) it values the moves otherwise."""
    deck = list(DECK)
    random.Random("tuned").shuffle(deck)
    rnd = Round(TableRules("duel"), 0, deck)
    options = {"max_iterations": 60, "deterministic": True}
    own = tuning.TUNINGS["duel"]
    as_tree = tuning.TableTuning(medium=own.medium, clues=own.clues, search="tree")
    medium = make_bot("medium")
    searched = otherwise = 0
    while not rnd.is_over:
        view = rnd.view(rnd.to_act)
        monkeypatch.setitem(tuning.TUNINGS, "duel", as_tree)
        tree = finish(hard.HardBot(seed="t", **options).search(view))
        assert tree == finish(arena_bot("hard-ismcts", "t", options, [rnd]).search(view))
        monkeypatch.setitem(tuning.TUNINGS, "duel", own)
        if not tree.forced:
            searched += 1
            otherwise += finish(hard.HardBot(seed="t", **options).search(view)).values != tree.values
        rnd.push(medium.get_move(view), rnd.to_act)
    assert searched > 5 and otherwise > searched / 2
