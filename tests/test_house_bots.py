"""Bots with every house switch and at ``bura5`` (RULES-house.md): every level
plays legal moves (its view's check and the engine's agree), seats out of an
elimination match are never asked, and medium and hard use what a switch changes."""

import random

import pytest

from burkozel import DECK, Match, Move, Round, TableRules
from burkozel.bots import make_bot
from househelp import case_id, house_cases

FAST = {"hard": {"max_iterations": 16, "deterministic": True}}
CASES = house_cases()


def bot(level, seed):
    return make_bot(level, seed=seed, **FAST.get(level, {}))


@pytest.mark.parametrize("level,deals", [("easy", 6), ("medium", 6), ("hard", 1)])
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_level_plays_legal_matches(level, deals, case):
    fmt, house, combos = case
    players = 3 if fmt == "bura_pot" else None
    rules = TableRules(fmt, combos, house=house, players=players)
    rounds = 0
    for d in range(deals):
        match = Match(rules, seed=f"{level}/{case_id(case)}/{d}")
        bots = [bot(level if s % 2 == 0 else "medium", f"{d}/{s}") for s in range(rules.players)]
        # A few rounds of the match: enough for seats to go out, a robber to count, a redeal to follow.
        for _ in range(3 if level != "hard" else 1):
            rnd = match.round
            while not rnd.is_over:
                seat = rnd.to_act
                assert seat in rnd.in_deal
                view = match.view(seat)
                move = bots[seat].get_move(view)
                played = view.check(move)
                assert sorted(played) == sorted(rnd.check(move, seat))
                match.push(move, seat)
            rounds += 1
            if match.is_over:
                break
            match.next_round()
    assert rounds >= deals


def test_medium_and_hard_never_try_to_trump_a_spade_at_bura5():
    """The spade rule comes from the engine's legal moves: with a spade led and
    only trumps to beat it, the bots discard."""
    from stacking import deal_deck
    deck = deal_deck("KS 6C 7C 8C 9C", "QC JC AC TC 6D", "KC")  # 1 holds only clubs, the trumps
    for level in ("easy", "medium", "hard"):
        rnd = Round(TableRules("bura5"), 1, deck)
        rnd.push(Move.lead("KS"))
        move = bot(level, 1).get_move(rnd.view(rnd.to_act))
        assert move.kind == "discard"
        rnd.push(move)


def test_elimination_views_say_who_is_in_and_bots_lead_no_more_than_a_hand():
    rules = TableRules("four", (), house={"elimination": True})
    rng = random.Random(3)
    deck = list(DECK)
    rng.shuffle(deck)
    rnd = Round(rules, 1, deck, in_play=(1, 3))
    view = rnd.view(rnd.to_act)
    assert view.in_play == (1, 3) and view.hand_sizes == (0, 4, 0, 4) and view.max_lead == 4
    assert rnd.to_act == 3
    while not rnd.is_over:
        rnd.push(bot("medium", 1).get_move(rnd.view(rnd.to_act)))
    assert sum(rnd.points) == 120 and rnd.points[0] == rnd.points[2] == 0


def test_the_legality_bench_runs_every_house_rule(monkeypatch, capsys):
    """``make bench-bots-legal`` (``--house-deals``): each switch of each table
    at each value off its default, bura5 among the tables."""
    import scriptpaths  # noqa: F401
    import bot_legality

    argv = ["bot_legality.py", "--levels", "easy", "--formats", "bura5", "--deals", "1", "--house-deals", "1",
            "--workers", "1"]
    monkeypatch.setattr("sys.argv", argv)
    assert bot_legality.main() == 0
    lines = capsys.readouterr().out.splitlines()
    house = [line for line in lines if " house " in line]
    assert [line.split()[3] for line in house] == ['{"six":', '{"spades":', '{"match":', '{"match":', '{"next_dealer":']
    assert lines[-1].endswith("every move legal, no exception")


def test_the_searches_value_a_robbers_deal_by_the_deals_won():
    """RULES-house.md §8.2 for the hard bot: in a robber a deal lost with 59
    points is worth as little as one lost with 0 (no band is kept), and a false
    «31» costs two won deals; with penalties the bands count."""
    from burkozel.bots.search.utility import WIN_WEIGHT, utility
    from burkozel.kernel import Deal

    def finished(house, points, end="cards_out", ended_by=None):
        rules = TableRules("bura5" if end == "cards_out" else "bura31", house=house)
        return Deal.at(rules, hands=[[], []], stock=[], trump_card=DECK[0], trump_drawn_by=0, points=points,
                       to_act=None, tricks_done=18, end=end, ended_by=ended_by)

    robber = {"match": "robber11"}
    close, far = finished(robber, [59, 61]), finished(robber, [0, 120])
    assert round(utility(close, 0) - utility(far, 0), 6) == round(0.02 * (-2 + 120), 6)
    assert utility(close, 0) < 0 < utility(close, 1)
    false = finished(robber, [20, 0], end="false_declaration", ended_by=0)
    assert utility(false, 0) == -2 * WIN_WEIGHT + 0.02 * 20
    assert utility(finished({}, [0, 120]), 0) < utility(finished({}, [59, 61]), 0) - 3
