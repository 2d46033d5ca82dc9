"""RULES-house.md §8: the robber (``match``: won deals, a false «31» two, ends at
11 or 21 with two more) and ``next_dealer: winner``, at ``bura31`` and ``bura5``."""

import pytest

from burkozel import Match, Move, TableRules
from burkozel.replay import replay
from househelp import house_scenario, play_deal
from stacking import deal_deck

R = deal_deck("7C 8C 9D", "6H 7H 8H", "KH")  # the dealer's бура wins
B1 = deal_deck("AH TH KH", "6D 7D 8D", "6S", "QD QC")


def robber_match(decks, **house):
    return Match(TableRules("bura31", house={"match": "robber11", **house}), seed=0, dealer=0, decks=decks)


def test_h10_a_false_31_gives_two_and_ends_the_robber():
    match = robber_match([R] * 20 + [B1])
    for _ in range(20):
        assert match.round.end == "bura" and not match.is_over
        match.next_round()
    assert match.wins == [10, 10] and match.round.dealer == 0
    match.push(Move.lead("AH", "TH", "KH"))
    match.push(Move.discard())
    match.push(Move.declare())
    assert match.round.end == "false_declaration"
    assert match.wins == [12, 10] and match.is_over and match.winners == [0]
    assert match.penalties == [0, 0]


def test_h10_had_deal_21_been_r_the_robber_goes_on():
    match = robber_match([R] * 21)
    for _ in range(20):
        match.next_round()
    assert match.wins == [11, 10] and not match.is_over and match.winners == []


def test_h10_as_replay_examples():
    out, status = replay(house_scenario("h10_bura31_robber11"))
    assert status == 0 and out["wins"] == [12, 10] and out["match_over"] and out["winners"] == [0]
    assert out["penalties"] is None and all(r["penalties"] is None for r in out["rounds"])
    out, _ = replay(house_scenario("h10_bura31_robber11_no_end"))
    assert out["wins"] == [11, 10] and not out["match_over"]


@pytest.mark.parametrize("target", [11, 21])
def test_two_more_needed(target):
    system = TableRules("bura5", house={"match": f"robber{target}"}).table.system
    assert not system.over([target, target - 1]) and system.over([target, target - 2])
    assert system.over([target + 3, target + 1]) and not system.over([target - 1, 0])


def test_draws_count_for_nobody_in_a_robber():
    system = TableRules("bura5", house={"match": "robber11"}).table.system
    assert system.won("cards_out", None, 2) == [0, 0] and system.won("declared", 1, 2) == [0, 1]
    assert system.won("false_declaration", 0, 2) == [2, 0]


def test_h6_tail_the_winner_deals_the_next_deal():
    """§8.3: a deal's winner deals next; with alternate the other seat would."""
    for next_dealer, dealer in (("winner", 0), ("alternate", 1)):
        match = Match(TableRules("bura31", house={"next_dealer": next_dealer}), seed=0, dealer=0, decks=[R, R])
        assert match.round.winner == 0  # dealer 0's бура
        match.next_round()
        assert match.round.dealer == dealer


def test_a_draw_leaves_the_deal_with_its_dealer():
    rules = TableRules("bura5", house={"next_dealer": "winner"})
    assert rules.table.next_dealer(1, "cards_out", None, None) == 1
    assert rules.table.next_dealer(1, "cards_out", 0, None) == 0


def test_a_robber_at_bura5_plays_to_its_end():
    match = Match(TableRules("bura5", house={"match": "robber11", "next_dealer": "winner"}), seed=4)
    while not match.is_over:
        play_deal(match.round)
        if not match.is_over:
            match.next_round()
    wins = match.wins
    assert max(wins) >= 11 and max(wins) - min(wins) >= 2 and match.winners == [wins.index(max(wins))]
    for before, after in zip(match.rounds, match.rounds[1:]):
        assert after.dealer == (before.dealer if before.winner is None else before.winner)
