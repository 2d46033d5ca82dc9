"""The tree search (:mod:`burkozel.bots.search.tree`): legal play from the view
alone, «31» declared only where the hard bot declares it, and the hard bot's
search in Бура «31» (in the posterior's worlds, with the verdict the hint reads)."""

from __future__ import annotations

import random

import pytest

from burkozel import Round, TableRules
from burkozel.arena import arena_bot
from burkozel.arena.levels import IsmctsBot
from burkozel.bots import make_bot
from burkozel.bots.hard import HardBot
from burkozel.bots.search.budget import finish
from burkozel.cards import DECK
from burkozel.bots.search.posterior import policy_worlds
from burkozel.trick import DECLARE

RULES = TableRules("bura31")


def _verdict(bot: HardBot, view, record: bool = False):
    """The bot's whole search of ``view``, run to its end."""
    return finish(bot.search(view, record=record))


def _deals(count: int, seed: str):
    rng = random.Random(seed)
    for d in range(count):
        deck = list(DECK)
        rng.shuffle(deck)
        yield d, Round(RULES, d % 2, deck)


@pytest.mark.parametrize("opponent", ["medium", "ucb"])
def test_plays_legal_moves_through_bura31_deals_from_the_view(opponent):
    medium = make_bot("medium")
    decisions = 0
    for d, rnd in _deals(12, f"ismcts/{opponent}"):
        search = IsmctsBot(seed=d, max_iterations=60, deterministic=True, opponent=opponent)
        while not rnd.is_over:
            seat = rnd.to_act
            view = rnd.view(seat)
            if seat == d % 2:
                move = search.get_move(view)
                decisions += 1
            else:
                move = medium.get_move(view)
            view.check(move)  # raises IllegalMoveError on an illegal move
            rnd.push(move, seat)
        assert rnd.end in ("declared", "false_declaration", "bura", "cards_out")
        if rnd.end == "false_declaration":
            assert rnd.ended_by != d % 2  # the search never declares a false «31»
    assert decisions > 20


def test_declares_31_exactly_where_the_hard_bot_does_and_only_a_true_one():
    hard = HardBot(seed=1, max_iterations=60, deterministic=True)
    search = IsmctsBot(seed=1, max_iterations=60, deterministic=True)
    medium = make_bot("medium")
    may = declared = 0
    for _, rnd in _deals(12, "ismcts/declare"):
        while not rnd.is_over:
            seat = rnd.to_act
            view = rnd.view(seat)
            if view.may_declare:
                may += 1
                mine = search.get_move(view)
                assert (mine.kind == DECLARE) == (hard.get_move(view).kind == DECLARE)
                if mine.kind == DECLARE:
                    declared += 1
                    assert rnd.points[view.side] >= 31
            rnd.push(medium.get_move(view), seat)
    assert may > declared > 0


def test_the_same_view_and_seed_give_the_same_move():
    for d, rnd in _deals(6, "ismcts/same"):
        for _ in range(2):
            if not rnd.is_over:
                rnd.push(make_bot("medium").get_move(rnd.view(rnd.to_act)), rnd.to_act)
        if rnd.is_over:
            continue
        view = rnd.view(rnd.to_act)
        a = IsmctsBot(seed="s", max_iterations=80, deterministic=True).get_move(view)
        b = IsmctsBot(seed="s", max_iterations=80, deterministic=True).get_move(view)
        assert a == b


def test_the_hard_bot_in_bura31_is_the_tree_search_in_the_posteriors_worlds():
    """``hard`` in Бура «31» plays what ``hard-ismcts-bayes`` plays; its
    verdict lists the moves in contention best first, each with as many
    recorded outcomes as iterations went through it, and counts them all."""
    medium = make_bot("medium")
    compared = 0
    for d, rnd in _deals(3, "ismcts/hard"):
        hard = HardBot(seed=d, max_iterations=90, deterministic=True)
        tree = arena_bot("hard-ismcts-bayes", d, {"max_iterations": 90, "deterministic": True}, [rnd])
        while not rnd.is_over:
            view = rnd.view(rnd.to_act)
            verdict = _verdict(hard, view, record=True)
            assert verdict.move == tree.get_move(view)
            if not verdict.forced:
                compared += 1
                assert verdict.iterations == hard.last_iterations == 90
                assert verdict.values[0].move == verdict.move
                scores = [v.score for v in verdict.values]
                assert scores == sorted(scores, reverse=True)
                assert all(len(v.outcomes) == v.worlds > 0 for v in verdict.values)
                assert sum(v.worlds for v in verdict.values) <= 90
            rnd.push(medium.get_move(view), view.seat)
    assert compared > 10


def test_every_move_searches_each_legal_move_of_the_root(monkeypatch):
    """``tree.EVERY_MOVE`` (a measurement) adds the legal moves the
    candidates leave out: each is then tried at the root, the candidates first."""
    from burkozel.bots.search import tree

    monkeypatch.setattr(tree, "MIN_SHARE", 10**6)  # list every move tried
    widened = 0
    for d, rnd in _deals(6, "ismcts/every"):
        if rnd.is_over:  # a бура at the deal
            continue
        view = rnd.view(rnd.to_act)
        bot = IsmctsBot(seed=d, max_iterations=120, deterministic=True)
        candidates = bot.candidates(view)
        monkeypatch.setattr(tree, "EVERY_MOVE", True)
        tried = {v.move for v in _verdict(bot, view).values}
        monkeypatch.setattr(tree, "EVERY_MOVE", False)
        assert tried == set(view.legal_moves)
        widened += len(tried) > len(candidates)
    assert widened


def test_only_the_arena_builds_it():
    with pytest.raises(ValueError):
        make_bot("hard-ismcts")
    assert isinstance(arena_bot("hard-ismcts", "x", {}, [None]), IsmctsBot)
    assert arena_bot("hard-ismcts-ucb", "x", {}, [None]).opponent == "ucb"
    assert arena_bot("hard-ismcts-bayes", "x", {}, [None])._worlds is policy_worlds
