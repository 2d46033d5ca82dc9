"""RULES-pot.md §8: «даве» doubles the stake; the others accept (paying the
old stake) or fold; the raiser pays last and leads; nobody accepting gives it
the pot; play goes on without the folded; once a deal each; a fold lasts a deal."""

import pytest

from burkozel import IllegalMoveError, Match, Move, TableRules
from potdeck import pot_deck, pot_round, pot_snapshot

HANDS = ["6H 7H 8H", "AD TD KD", "6C 7C 8C", "9C JC QC"]


def test_dave_doubles_the_stake_and_each_answer_comes_in_turn():
    rnd = pot_round(4, dealer=0, hands=HANDS, trump="9S", dave=True)
    assert Move.dave() in rnd.legal_moves and rnd.stake == 5
    rnd.push(Move.dave())
    assert rnd.stake == 10 and rnd.raiser == 1 and rnd.to_act == 2 and rnd.raised == (1,)
    assert rnd.legal_moves == [Move.accept(), Move.fold()]
    with pytest.raises(IllegalMoveError) as e:
        rnd.push(Move.lead("6C"))
    assert e.value.code == "must_answer_dave"
    with pytest.raises(IllegalMoveError):
        rnd.push(Move.accept(), seat=3)  # not its answer yet
    rnd.push(Move.accept())
    assert rnd.chips == [95, 95, 90, 95] and rnd.pot == 25 and rnd.to_act == 3
    rnd.push(Move.fold())
    assert rnd.folded == (3,) and rnd.hands[3] == [] and rnd.to_act == 0
    rnd.push(Move.accept())
    # the answers are done: the raiser pays the old stake and leads
    assert rnd.chips == [90, 90, 90, 95] and rnd.pot == 35 and rnd.to_act == 1 and rnd.raiser is None
    assert sum(rnd.chips) + rnd.pot == 400
    rnd.push(Move.lead("AD"))
    assert rnd.to_act == 2
    rnd.push(Move.discard())
    assert rnd.to_act == 0  # the folded seat 3 is skipped
    rnd.push(Move.discard())
    assert len(rnd.tricks) == 1 and len(rnd.hands[3]) == 0
    assert {len(rnd.hands[s]) for s in (0, 1, 2)} == {3}


def test_nobody_accepting_gives_the_raiser_the_pot():
    rnd = pot_round(3, dealer=0, hands=HANDS[:3], trump="9S", dave=True)
    rnd.push(Move.dave())
    rnd.push(Move.fold())
    rnd.push(Move.fold())
    assert (rnd.end, rnd.winner, rnd.folded) == ("folded", 1, (0, 2))
    assert rnd.chips == [95, 110, 95] and rnd.pot == 0 and rnd.points == [0, 0, 0]


def test_once_a_deal_each_and_only_before_a_regular_lead():
    rnd = pot_round(2, dealer=0, hands=HANDS[:2], trump="9S", dave=True)
    rnd.push(Move.dave())
    rnd.push(Move.accept())
    assert Move.dave() not in rnd.legal_moves
    before = pot_snapshot(rnd)
    with pytest.raises(IllegalMoveError) as e:
        rnd.push(Move.dave())
    assert e.value.code == "dave_once" and pot_snapshot(rnd) == before
    rnd.push(Move.lead("AD"))
    with pytest.raises(IllegalMoveError):
        rnd.push(Move.dave())  # an answer to a trick, not a lead
    with pytest.raises(IllegalMoveError) as e:
        rnd.push(Move.accept())
    assert e.value.code == "no_dave_to_answer" and pot_snapshot(rnd) != before


def test_dave_with_the_switch_off_is_illegal_and_changes_nothing():
    rnd = pot_round(3, dealer=0, hands=HANDS[:3], trump="9S")
    assert all(m.kind != "dave" for m in rnd.legal_moves)
    before = pot_snapshot(rnd)
    for move in (Move.dave(), Move.accept(), Move.fold()):
        with pytest.raises(IllegalMoveError):
            rnd.push(move)
    assert pot_snapshot(rnd) == before


def test_a_fold_after_an_accepted_dave_keeps_what_was_paid_in_the_pot():
    rnd = pot_round(3, dealer=0, hands=["6H 7H 8H", "AD TD KD", "9S AC 8C"], trump="6S", dave=True)
    for move in (Move.dave(), Move.accept(), Move.accept()):
        rnd.push(move)
    assert rnd.chips == [90, 90, 90] and rnd.pot == 30
    rnd.push(Move.lead("AD"))
    rnd.push(Move.beat("9S"))
    rnd.push(Move.discard("6H"))
    assert rnd.to_act == 2 and Move.dave() in rnd.legal_moves
    rnd.push(Move.dave())
    assert rnd.stake == 20 and rnd.to_act == 0
    rnd.push(Move.fold())
    rnd.push(Move.accept())
    assert rnd.chips == [90, 80, 80] and rnd.pot == 50 and rnd.folded == (0,) and rnd.in_deal == (1, 2)
    assert rnd.points[0] == 0 and rnd.to_act == 2


def test_the_folded_are_back_when_the_same_pot_is_played_again_at_the_ante():
    deck = pot_deck(3, 0, ["6H 7H 8H", "AD TD KD", "AC 7C 8C"], "9S")
    match = Match(TableRules("bura_pot", players=3, dave=True), seed=0, dealer=0, decks=[deck])
    for move in (Move.dave(), Move.fold(), Move.accept(), Move.lead("AD", "TD", "KD"), Move.discard()):
        match.push(move)
    assert match.chips == [90, 90, 95] and match.pot == 25 and match.round.points == [0, 25, 0]
    match.push(Move.declare())  # 25: a false «31», the pot doubles
    assert match.round.end == "false_declaration" and match.chips == [90, 65, 95] and match.pot == 50
    match.next_round()
    rnd = match.round
    assert rnd.dealer == 1 and rnd.folded == () and rnd.in_deal == (0, 1, 2) and rnd.stake == 5
    assert match.chips == [90, 65, 95] and match.pot == 50 and all(len(h) == 3 for h in rnd.hands)


def test_dave_is_refused_at_tables_without_it():
    rnd = pot_round(2, dealer=0, hands=HANDS[:2], trump="9S")
    with pytest.raises(IllegalMoveError) as e:
        rnd.push(Move.dave())
    assert e.value.code == "no_dave"
    from burkozel import Round
    from burkozel.cards import DECK
    other = Round(TableRules("bura31"), 0, DECK)
    with pytest.raises(IllegalMoveError):
        other.push(Move.dave())


def test_the_view_says_what_accepting_costs_and_accepting_costs_that():
    rnd = pot_round(4, dealer=0, hands=HANDS, trump="9S", dave=True)
    assert rnd.view(rnd.to_act).accept_price == 0  # no «даве» to answer
    rnd.push(Move.dave())
    for _ in range(3):
        seat = rnd.to_act
        price = rnd.view(seat).accept_price
        before = rnd.chips[seat]
        rnd.push(Move.accept())
        assert price == 5 and rnd.chips[seat] == before - price
    assert rnd.view(rnd.to_act).accept_price == 0
