"""RULES-pot.md §7: the stacks, the ante, the pot, who deals next and the
end of the match; chips saved and restored with the match, and checked."""

import pytest

from burkozel import Match, Move, Round, TableRules
from potdeck import pot_deck


def rules(players=3, **switches):
    return TableRules("bura_pot", players=players, **switches)


def test_a_new_pot_is_anted_by_everyone_before_the_deal():
    match = Match(rules(4, stack=50, ante=3), seed=1)
    assert match.chips == [47] * 4 and match.pot == 12 and match.round.stake == 3
    assert TableRules("bura_pot").stack == 100 and TableRules("bura_pot").ante == 5


@pytest.mark.parametrize("bad", [0, -5, 2.5, True, "5"])
def test_stack_and_ante_are_whole_numbers_from_one(bad):
    with pytest.raises(ValueError):
        rules(stack=bad)
    with pytest.raises(ValueError):
        rules(ante=bad)


def test_the_other_tables_have_no_chips():
    with pytest.raises(ValueError):
        TableRules("bura31", stack=100)
    with pytest.raises(ValueError):
        TableRules("pairs", dave=True)
    match = Match(TableRules("three"), seed=1)
    assert match.chips is None and match.round.chips is None


def bura_for(seat, players, dealer):
    hands = ["6C 7C 8C", "9C JC QC", "KC TC AC", "6D 7D 8D", "9D JD QD", "KD TD AD"][:players]
    hands[seat] = "6H 7H 8H"
    return pot_deck(players, dealer, hands, "AH")


def test_the_winner_takes_the_pot_and_deals_the_next_one():
    decks = [bura_for(2, 3, 0), bura_for(0, 3, 2)]
    match = Match(rules(), seed=0, dealer=0, decks=decks)
    assert match.round.winner == 2 and match.chips == [95, 95, 110] and match.pot == 0
    out = match.round.outcome()
    assert out.taken == 15 and out.chips_won == (-5, -5, 10) and out.chips == (95, 95, 110)
    assert all(match.view(s).outcome() == out for s in range(3))
    match.next_round()
    assert match.round.dealer == 2 and match.round.winner == 0
    assert match.chips == [90 + 15, 90, 105] and sum(match.chips) + match.pot == 300
    assert match.round.outcome().chips_won == (10, -5, -5) and match.view(1).to_dict()["taken"] == 15


def test_a_false_31_is_dealt_again_by_the_declarer_without_antes():
    deck = pot_deck(3, 0, ["6H 7H 8H", "AD 6D 7D", "6C 7C 8C"], "9S")
    match = Match(rules(), seed=0, dealer=0, decks=[deck])
    for move in (Move.lead("AD"), Move.discard(), Move.discard(), Move.declare()):
        match.push(move)
    assert match.chips == [95, 80, 95] and match.pot == 30 and not match.is_over
    out = match.round.outcome()
    assert out.taken == 0 and out.chips_won == (-5, -20, -5) and out.played_again
    match.next_round()
    assert match.round.dealer == 1 and match.chips == [95, 80, 95] and match.pot == 30
    assert match.round.stake == 5


def test_debts_and_the_end_of_the_match_after_a_won_pot():
    decks = [bura_for(1, 3, 0), pot_deck(3, 1, ["QC", "", "6C"], "6D"), bura_for(1, 3, 0)]
    match = Match(rules(stack=10), seed=0, dealer=0, decks=decks)
    assert match.chips == [5, 20, 5] and not match.is_over  # a won pot, no stack spent
    match.next_round()
    for move in (Move.lead("6C"), Move.beat("QC"), Move.discard(), Move.declare()):
        match.push(move)
    assert match.chips == [-15, 15, 0] and match.pot == 30
    assert not match.is_over  # the pot was not won: played again
    match.next_round()
    assert match.round.dealer == 0 and match.round.winner == 1
    assert match.is_over and match.winners == [1] and match.chips == [-15, 45, 0]
    with pytest.raises(Exception):
        match.next_round()


def test_a_saved_match_resumes_with_its_chips():
    match = Match(rules(4, dave=True), seed=7)
    for _ in range(40):
        if match.is_over:
            break
        if match.round.is_over:
            match.next_round()
            continue
        match.push(match.round.legal_moves[-1])
    data = match.to_dict()
    again = Match.from_dict(data)
    assert again.chips == match.chips and again.pot == match.pot and again.moves == match.moves
    assert again.round.view(0) == match.round.view(0)


@pytest.mark.parametrize("change, reason", [
    (lambda d: d["start"].update(chips=[100, 100, 100, 90]), "do not add up"),
    (lambda d: d["start"].update(pot=-10, chips=[105, 105, 100, 100]), "pot"),
    (lambda d: d["start"].update(chips=[100, 100, 100, 100.0]), "whole numbers"),
    (lambda d: d["start"].update(chips=[100, 100, 100]), "whole numbers"),
    (lambda d: d.update(chips=[d["chips"][0] + 1] + d["chips"][1:]), "do not add up"),
    (lambda d: d.update(chips=[d["chips"][0] + 1, d["chips"][1] - 1] + d["chips"][2:]), "where the moves lead"),
])
def test_a_restored_match_with_impossible_chips_is_refused(change, reason):
    data = Match(rules(4), seed=3).to_dict()
    change(data)
    with pytest.raises(ValueError, match=reason):
        Match.from_dict(data)


def test_a_round_refuses_chips_that_do_not_add_up():
    with pytest.raises(ValueError, match="do not add up"):
        Round(rules(), 0, pot_deck(3, 0, [], "AS"), chips=[100, 100, 90], pot=5)
    with pytest.raises(ValueError):
        Match(rules(), seed=1, chips=[100, 100, 100], pot=-1)
