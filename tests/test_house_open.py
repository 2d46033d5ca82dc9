"""RULES-house.md §6: open Бура (``open``, ``handicap``, ``open_four``) at
``bura31`` — an open hand and its discards are seen by everyone, bots included;
the фора counts for «31» and when the cards run out, never in the points; the
open seat may hold four cards."""

import json

import pytest

from burkozel import IllegalMoveError, Move, Round, TableRules
from burkozel.bots import make_bot
from burkozel.replay import ScenarioError, replay
from stacking import deal_deck

H8 = deal_deck("AD TD KD", "6C 7C JC", "8H", "7D 8C 9D 9C QC 6D")  # §11's H8, three cards each


def open_round(house, dealer=1, deck=H8, discard=None):
    return Round(TableRules("bura31", discard=discard, house=house), dealer, deck)


def test_an_open_hand_is_in_every_seats_view_and_no_other_hidden_card():
    rnd = open_round({"open": [0]})
    other = rnd.view(1)
    assert other.open_hands == (tuple(rnd.hands[0]), ())
    assert {str(c) for c in rnd.hands[0]} <= set(json.dumps(other.to_dict()).replace('"', " ").split())
    assert not set(rnd.hands[0]) & rnd.unknown_to(1) and set(rnd.hands[1]) <= rnd.unknown_to(0)
    assert rnd.view(0).open_hands == other.open_hands
    assert open_round({}).view(1).open_hands == ()


def test_an_open_seats_discards_lie_face_up_whatever_discard_says():
    rnd = open_round({"open": [0]}, dealer=0, discard="closed")  # 1 leads, 0 (open) answers
    rnd.push(Move.lead("AD"))
    rnd.push(Move.discard("6C"))
    seen = rnd.view(1).history[0].plays[1]
    assert [str(c) for c in seen.cards] == ["6C"] and seen.count == 1
    rnd2 = open_round({"open": [1]}, dealer=0, discard="closed")
    rnd2.push(Move.lead("AD"))
    rnd2.push(Move.discard("6C"))
    assert rnd2.view(1).history[0].plays[1].cards == ()  # the closed seat's discard stays face down


def test_h8_the_handicap_makes_27_a_true_31():
    rnd = open_round({"open": [0], "handicap": 5})
    rnd.push(Move.lead("AD", "TD", "KD"))
    rnd.push(Move.discard())
    assert rnd.points == [27, 0]
    rnd.push(Move.declare())
    assert (rnd.end, rnd.winner, rnd.points, rnd.penalties) == ("declared", 0, [27, 0], [0, 2])


def test_h8_without_the_handicap_27_is_a_false_31():
    rnd = open_round({"open": [0]})
    rnd.push(Move.lead("AD", "TD", "KD"))
    rnd.push(Move.discard())
    rnd.push(Move.declare())
    assert (rnd.end, rnd.penalties) == ("false_declaration", [4, 0])


@pytest.mark.parametrize("points, winner", [([60, 60], 0), ([58, 62], 0), ([57, 63], 1), ([55, 65], 1),
                                            ([20, 100], 1)])
def test_the_handicap_when_the_cards_run_out(points, winner):
    table = TableRules("bura31", house={"open": [0], "handicap": 5}).table
    assert table.deal_result("cards_out", points, None)[0] == winner


def test_handicap_and_open_four_need_exactly_one_open_seat():
    for house in ({"handicap": 5}, {"open": [0, 1], "handicap": 3}, {"open_four": True}):
        with pytest.raises(ValueError):
            TableRules("bura31", house=house)
        with pytest.raises(ScenarioError):
            replay({"format": "bura31", "dealer": 0, **house, "rounds": [{"deck": [str(c) for c in H8]}]})


def test_the_replay_reads_open_seats_and_the_handicap():
    data = {"format": "bura31", "dealer": 1, "open": [0], "handicap": 5,
            "rounds": [{"deck": [str(c) for c in H8],
                        "actions": [{"seat": 0, "lead": ["AD", "TD", "KD"]}, {"seat": 1, "discard": []},
                                    {"seat": 0, "declare": True}]}]}
    out, status = replay(data)
    assert status == 0 and out["rounds"][0]["end"] == "declared" and out["rounds"][0]["points"] == [27, 0]
    assert out["penalties"] == [0, 2]


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_the_bots_see_the_open_hand(level):
    """Both bots play legally against an open hand, and the hard bot's worlds
    deal the open seat exactly its open cards."""
    from burkozel.bots.search.worlds import WorldSampler
    import random

    rnd = open_round({"open": [0]}, dealer=0)
    view = rnd.view(1)
    world = WorldSampler(view).sample(random.Random(1))
    assert sorted(world.hands[0]) == sorted(rnd.hands[0])
    bot = make_bot(level, seed=1, **({"max_iterations": 16, "deterministic": True} if level == "hard" else {}))
    while not rnd.is_over:
        seat = rnd.to_act
        rnd.push(make_bot("easy", seed=2).get_move(rnd.view(seat)) if seat == 0 else bot.get_move(rnd.view(seat)),
                 seat)


def report(name):
    from househelp import house_scenario
    out, status = replay(house_scenario(name))
    assert status == 0
    return out


@pytest.mark.parametrize("handicap, end, penalties, match", [(5, "declared", [0, 2], [0, 4]),
                                                             (0, "false_declaration", [4, 0], [4, 2])])
def test_h8_open_with_four_cards(handicap, end, penalties, match):
    out = report(f"h8_bura31_open_four_handicap_{handicap}")
    first, second = out["rounds"]
    assert (first["end"], first["points"], first["penalties"]) == (end, [27, 0], penalties)
    assert (second["end"], second["winner"]) == ("bura", 0) and out["penalties"] == match


def test_h8_the_deal_the_lead_and_the_draw_with_four_cards():
    from burkozel import Match
    from stacking import cards
    from burkozel import DECK

    front, last = cards("AD 6C TD 7C KD JC 6S 7D 8C 9D 9C QC 6D"), cards("8H")[0]
    deck = front + [c for c in DECK if c not in front and c != last] + [last]
    rules = TableRules("bura31", house={"open": [0], "open_four": True, "handicap": 5})
    rnd = Round(rules, 1, deck)
    assert sorted(map(str, rnd.hands[0])) == sorted("AD TD KD 6S".split()) and len(rnd.hands[1]) == 3
    assert rnd.stock_size == 29 and rnd.view(1).open_hands[0] == tuple(rnd.hands[0])
    with pytest.raises(IllegalMoveError):
        rnd.push(Move.lead("AD", "TD", "KD", "6S"))  # never more than the opponent holds
    rnd.push(Move.lead("AD", "TD", "KD"))
    rnd.push(Move.discard())
    assert sorted(map(str, rnd.hands[0])) == sorted("7D 9D QC 6S".split())
    assert sorted(map(str, rnd.hands[1])) == sorted("8C 9C 6D".split())


def test_with_four_cards_the_cards_run_out_when_a_hand_is_empty():
    import random
    rules = TableRules("bura31", house={"open": [1], "open_four": True})
    left = 0
    for seed in range(40):
        rng = random.Random(seed)
        deck = list(__import__("burkozel").DECK)
        rng.shuffle(deck)
        rnd = Round(rules, seed % 2, deck)
        while not rnd.is_over:
            moves = [m for m in rnd.legal_moves if m.kind != "declare"]
            rnd.push(rng.choice(moves))
        if rnd.end == "cards_out":
            assert rnd.stock_size == 0 and not all(rnd.hands)
            assert sum(rnd.points) + sum(c.points for h in rnd.hands for c in h) == 120
            left += bool(rnd.hands[1])
    assert left > 0


def test_random_leads_from_four_cards_are_never_more_than_the_other_holds():
    """The bench's random moves (``Round.random_move``) at an open four-card hand of one suit."""
    import random as random_module
    from stacking import cards
    from burkozel import DECK
    front, last = cards("6C 6D 7C 7D 8C 8D 9C"), cards("8H")[0]
    deck = front + [c for c in DECK if c not in front and c != last] + [last]
    rnd = Round(TableRules("bura31", house={"open": [0], "open_four": True}), 1, deck)
    assert sorted(map(str, rnd.hands[0])) == ["6C", "7C", "8C", "9C"] and rnd.to_act == 0
    rng = random_module.Random(1)
    leads = {len(rnd.random_move(rng).cards) for _ in range(300)}
    assert leads == {1, 2, 3}
