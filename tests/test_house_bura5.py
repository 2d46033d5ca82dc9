"""RULES-house.md §7: the table ``bura5`` — five cards, all played, more than 60
wins, bands 6/4/2, no «31» or combinations, and the spade rule (``spades``)."""

import pytest

from burkozel import IllegalMoveError, Match, Move, Round, TableRules
from burkozel.replay import replay
from househelp import house_scenario, house_policy, play_deal
from stacking import deal_deck, parse_deck

H9 = parse_deck("AD 9S AC 8S KS JS 9C 9H TC QC JC 6D QD AS TD 6H AH KD 7S 7H 8H 9D 7C 7D 6S QS JH 6C TS QH 8D "
                "JD KH TH KC 8C")


def test_h9_deal_of_five_and_the_spade_rule():
    rnd = Round(TableRules("bura5"), 0, H9)
    assert sorted(map(str, rnd.hands[1])) == sorted("AD AC KS 9C TC".split())
    assert sorted(map(str, rnd.hands[0])) == sorted("9S 8S JS 9H QC".split())
    assert str(rnd.trump_card) == "8C" and rnd.stock_size == 26 and rnd.to_act == 1
    rnd.push(Move.lead("KS"))
    with pytest.raises(IllegalMoveError) as e:
        rnd.push(Move.beat("QC"))  # the trump QC cannot beat a spade
    assert e.value.code == "does_not_beat"
    assert not any(m.kind == "beat" for m in rnd.legal_moves)
    rnd.push(Move.discard())
    assert rnd.tricks[0].winner == 1 and rnd.points == [0, 4]
    assert "8S" not in map(str, rnd.hands[0])
    assert "JC" in map(str, rnd.hands[1]) and "6D" in map(str, rnd.hands[0])
    rnd.push(Move.lead("AD"))
    rnd.push(Move.beat("QC"))
    assert rnd.points == [14, 4]
    play_deal(rnd)
    assert (len(rnd.tricks), rnd.points, rnd.winner, rnd.penalties, rnd.end) == (18, [31, 89], 1, [2, 0], "cards_out")


def test_h9_without_the_spade_rule_trumps_beat_spades():
    rnd = Round(TableRules("bura5", house={"spades": False}), 0, H9)
    rnd.push(Move.lead("KS"))
    rnd.push(Move.beat("QC"))
    play_deal(rnd)
    assert (rnd.points, rnd.penalties) == ([29, 91], [4, 0])


def test_h9_as_replay_examples():
    out, status = replay(house_scenario("h9_bura5_spades"))
    r = out["rounds"][0]
    assert status == 0 and (r["points"], r["penalties"], r["winner"], r["end"]) == ([31, 89], [2, 0], 1, "cards_out")
    assert r["tricks"][0] == {"leader": 1, "combo": None, "lead": ["KS"], "winner": 1, "points": 4}
    out, _ = replay(house_scenario("h9_bura5_spades_off"))
    assert out["rounds"][0]["penalties"] == [4, 0]


def test_a_spade_trump_beats_spades_by_rank_only():
    """§7.5: spades as trump change nothing — a higher spade beats a spade."""
    deck = deal_deck("6S 7C 8C 9C 6D", "7S 6C JC QC 7D", "AS")
    rnd = Round(TableRules("bura5"), 1, deck)
    assert rnd.to_act == 0
    rnd.push(Move.lead("6S"))
    assert Move.beat("7S") in rnd.legal_moves


def test_no_declaration_and_no_combinations():
    rules = TableRules("bura5")
    assert rules.table.declaration is None and rules.combos == () and rules.active == ()
    with pytest.raises(ValueError):
        TableRules("bura5", combos=("molodka",))
    rnd = Round(rules, 0, H9)
    rnd.push(Move.lead("KS"))
    rnd.push(Move.discard())
    with pytest.raises(IllegalMoveError) as e:
        rnd.push(Move.declare())
    assert e.value.code == "no_declaration"


def test_three_trumps_dealt_are_no_bura():
    deck = deal_deck("6H 7H 8H 6C 7C", "9S TS JS QS KS", "AH")
    rnd = Round(TableRules("bura5"), 0, deck)
    assert not rnd.is_over and rnd.to_act == 1 and rnd.trick is None


def test_a_lead_of_up_to_five_of_one_suit():
    deck = deal_deck("6C 7C 8C 9C JC", "6D 7D 8D 9D JD", "AH")
    rnd = Round(TableRules("bura5"), 1, deck)
    assert Move.lead("6C", "7C", "8C", "9C", "JC") in rnd.legal_moves
    rnd.push(Move.lead("6C", "7C", "8C", "9C", "JC"))
    rnd.push(Move.discard())
    assert rnd.points == [4, 0] and all(len(h) == 5 for h in rnd.hands)


@pytest.mark.parametrize("points, penalties, winner", [([60, 60], [0, 0], None), ([61, 59], [0, 2], 0),
                                                       ([90, 30], [0, 4], 0), ([31, 89], [2, 0], 1),
                                                       ([120, 0], [0, 6], 0)])
def test_the_bands(points, penalties, winner):
    assert TableRules("bura5").table.deal_result("cards_out", points, None, [9, 9]) == (winner, penalties)


def test_a_match_to_twelve_alternates_the_dealer():
    match = Match(TableRules("bura5"), seed=11, dealer=0)
    dealers = []
    while not match.is_over:
        dealers.append(match.round.dealer)
        play_deal(match.round)
        if not match.is_over:
            match.next_round()
    assert max(match.penalties) >= 12 and dealers == [k % 2 for k in range(len(dealers))]
    assert all(r.end == "cards_out" and not r.hands[0] and not r.hands[1] for r in match.rounds)


def test_policy_helper_is_legal():
    rnd = Round(TableRules("bura5"), 0, H9)
    while not rnd.is_over:
        move = house_policy(rnd)
        assert rnd.is_legal(move)
        rnd.push(move)
