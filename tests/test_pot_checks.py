"""RULES-pot.md §6: the checks (Москва, бура with its play-off, молодка),
«31», cards out and the void deal."""

import pytest

from burkozel import IllegalMoveError, Move
from potdeck import pot_round


def test_moscow_takes_the_pot_at_the_deal_when_on():
    hands = ["6C 7C 8C", "AC AD AH", "9C JC QC"]
    rnd = pot_round(3, dealer=0, hands=hands, trump="6S", combos=("moscow",))
    assert (rnd.end, rnd.winner, rnd.chips, rnd.pot) == ("moscow", 1, [95, 110, 95], 0)
    off = pot_round(3, dealer=0, hands=hands, trump="6S")
    assert off.end is None and off.to_act == 1


@pytest.mark.parametrize("second, third, winner", [
    ("6H 7H 8H", "9H JH QH", 3),   # the later holder beats all three: it takes over
    ("9H JH QH", "6H 7H 8H", 2),   # it does not: the first in turn keeps it
])
def test_bura_play_off_in_turn_from_the_regular_leader(second, third, winner):
    rnd = pot_round(4, dealer=0, hands=["6C 7C 8C", "9C JC QC", second, third], trump="KH")
    assert (rnd.end, rnd.winner) == ("bura", winner)
    assert rnd.chips[winner] == 95 + 20 and rnd.pot == 0 and not rnd.tricks


def test_the_play_off_order_wraps_round_the_table():
    # leader 1: the order is 1, 2, 3, 0; seat 2 holds first, seat 0 beats it
    rnd = pot_round(4, dealer=0, hands=["9H JH QH", "9C JC QC", "6H 7H 8H", "6C 7C 8C"], trump="KH")
    assert (rnd.end, rnd.winner) == ("bura", 0)
    rnd = pot_round(4, dealer=0, hands=["6H 7H 8H", "9C JC QC", "9H JH QH", "6C 7C 8C"], trump="KH")
    assert (rnd.end, rnd.winner) == ("bura", 2)


def test_molodka_is_led_out_of_turn_unless_its_holder_is_the_regular_leader():
    rnd = pot_round(3, dealer=0, hands=["6C 7H 8S", "9C JD QS", "6D 7D 8D"], trump="AS", combos=("molodka",))
    trick = rnd.trick
    assert trick.leader == 2 and trick.combo == "molodka" and rnd.to_act == 0
    rnd = pot_round(3, dealer=0, hands=["6C 7H 8S", "6D 7D 8D", "9C JD QS"], trump="AS", combos=("molodka",))
    assert rnd.trick is None and rnd.to_act == 1


def test_no_31_before_the_first_trick_then_a_true_and_a_false_one():
    rnd = pot_round(3, dealer=0, hands=["6H 7H 8H", "AD TD KD", "AC 7C 8C"], trump="9S")
    with pytest.raises(IllegalMoveError) as e:
        rnd.push(Move.declare())
    assert e.value.code == "declare_too_early"
    rnd.push(Move.lead("AD", "TD", "KD"))
    rnd.push(Move.discard("AC"))  # completed with 7C 8C
    rnd.push(Move.discard())
    assert rnd.points[1] >= 31 and Move.declare() in rnd.legal_moves
    rnd.push(Move.declare())
    assert (rnd.end, rnd.winner, rnd.chips, rnd.pot) == ("declared", 1, [95, 110, 95], 0)

    rnd = pot_round(3, dealer=0, hands=["6H 7H 8H", "AD 6D 7D", "6C 7C 8C"], trump="9S")
    rnd.push(Move.lead("AD"))
    rnd.push(Move.discard())
    rnd.push(Move.discard())
    assert rnd.points[1] < 31
    rnd.push(Move.declare())
    assert (rnd.end, rnd.winner, rnd.ended_by) == ("false_declaration", None, 1)
    assert rnd.chips == [95, 80, 95] and rnd.pot == 30


def test_face_down_cards_count_for_the_declarer():
    rnd = pot_round(3, dealer=0, hands=["AH TH KH", "6D 7D 8D", "AC TC KC"], trump="9S")
    rnd.push(Move.lead("6D", "7D", "8D"))
    rnd.push(Move.discard("AC", "TC", "KC"))  # face down, into seat 1's trick
    rnd.push(Move.discard("AH", "TH", "KH"))
    assert rnd.tricks[0].winner == 1 and rnd.points[1] == 50
    assert rnd.view(1).points == 0 and rnd.view(1).unseen_taken == 6
    rnd.push(Move.declare())
    assert rnd.end == "declared"
