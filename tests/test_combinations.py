"""RULES.md §6 — out-of-turn combinations: the table row by row, priority,
the tie-break, the check after every draw, and the automatic lead."""

import pytest

from burkozel import COMBOS, IllegalMoveError, Move
from stacking import new_round, play

ALL = COMBOS


def led(rnd):
    """(seat, combination, cards) of the trick under way."""
    t = rnd.trick
    return t.leader, t.combo, " ".join(map(str, t.lead))


# Four players, the dealer is seat 3, so seat 0 is the regular leader.  Each row
# gives seat 2 the combination; the other hands hold none.
ROWS = [
    ("golden_moscow", "AC AD AH AS", "6H", "AC AD AH AS"),
    ("bura", "7H 8H JH QH", "6H", "7H 8H JH QH"),
    ("four_ends", "AC TC TD AS", "6H", "AC TC TD AS"),
    ("molodka", "6S 7S 9S QS", "6H", "6S 7S 9S QS"),
    ("moscow", "AC AH AS 7D", "6H", "AH AC AS"),
    ("small_moscow", "TC TD TS 7D", "6H", "TC TD TS"),
]
OTHERS = ["6C 8C 9D JC", "7C 9C JD QC", "KC 8D QD KD"]


@pytest.mark.parametrize("combo, holding, trump, lead", ROWS)
def test_each_combination_is_led_out_of_turn_by_its_holder(combo, holding, trump, lead):
    hands = [OTHERS[0], OTHERS[1], holding, OTHERS[2]]
    rnd = new_round("four", hands, trump, combos=[combo])
    seat, name, cards_led = led(rnd)
    assert (seat, name, sorted(cards_led.split())) == (2, combo, sorted(lead.split()))
    assert rnd.to_act == 3  # the others answer clockwise from the combination's holder
    assert rnd.trick.size == len(lead.split())


@pytest.mark.parametrize("combo, holding, trump, lead", ROWS)
def test_a_switched_off_combination_gives_no_out_of_turn_lead(combo, holding, trump, lead):
    hands = [OTHERS[0], OTHERS[1], holding, OTHERS[2]]
    rnd = new_round("four", hands, trump, combos=[c for c in ALL if c != combo and c != "four_ends"
                                                   and not (combo == "golden_moscow" and c == "moscow")])
    assert rnd.trick is None and rnd.to_act == 0
    assert new_round("four", hands, trump, combos=[]).trick is None


def test_moscow_needs_the_trump_ace():
    rnd = new_round("four", [OTHERS[0], OTHERS[1], "AC AD AS 7D", OTHERS[2]], "6H", combos=["moscow"])
    assert rnd.trick is None


def test_molodka_is_of_a_plain_suit_four_trumps_are_a_bura():
    rnd = new_round("four", [OTHERS[0], OTHERS[1], "7H 8H JH QH", OTHERS[2]], "6H", combos=["molodka"])
    assert rnd.trick is None


def test_the_highest_priority_wins_over_a_nearer_holder():
    # seat 1 (nearer to the leader) holds a molodka, seat 3 a bura: the bura goes first
    rnd = new_round("four", ["6C 8C 9D JC", "6S 7S 9S QS", "KC 8D QD KD", "7H 8H JH QH"], "6H", combos=ALL)
    assert led(rnd)[:2] == (3, "bura")


def test_equal_combinations_go_to_the_holder_nearest_the_regular_leader():
    hands = ["6C 8C 9D JC", "6S 7S 9S QS", "7D 8D QD KD", "7C 9C QC KC"]
    rnd = new_round("four", hands, "6H", combos=["molodka"])  # seats 1, 2, 3 all hold one
    assert led(rnd)[:2] == (1, "molodka")
    rnd = new_round("four", hands, "6H", combos=["molodka"], dealer=1)  # seat 2 leads regularly
    assert led(rnd)[:2] == (2, "molodka")  # the regular leader himself first
    rnd = new_round("four", hands, "6H", combos=["molodka"], dealer=2)  # seat 3 leads regularly
    assert led(rnd)[:2] == (3, "molodka")


def test_more_qualifying_cards_than_are_led_the_trump_first_then_canonical_order():
    # four aces with only Moscow on: the trump ace and the first two others (C, D)
    rnd = new_round("four", [OTHERS[0], OTHERS[1], "AS AH AD AC", OTHERS[2]], "6H", combos=["moscow"])
    assert led(rnd) == (2, "moscow", "AH AC AD")
    # four tens with only small Moscow on: the trump ten first if it is one
    rnd = new_round("four", [OTHERS[0], OTHERS[1], "TS TH TD TC", OTHERS[2]], "6H", combos=["small_moscow"])
    assert led(rnd) == (2, "small_moscow", "TH TC TD")
    # ... otherwise canonical suit order
    rnd = new_round("four", [OTHERS[0], OTHERS[1], "TS TH TD TC", OTHERS[2]], "6D",
                    combos=["small_moscow"], filler="6H 7H 8H 9H")
    assert led(rnd) == (2, "small_moscow", "TD TC TH")


def test_the_check_runs_after_every_draw():
    # seat 0 draws the fourth spade after the first trick and leads a molodka at once
    rnd = new_round("four", ["6S 7S 9S 8C", "6C 7C 9C JD", "QD KD 8D 8H", "JC QC KC TD"], "6H",
                    stock="7D 9D 9H QS", combos=["molodka"])
    assert rnd.trick is None and rnd.to_act == 0
    play(rnd, "lead 8C", "beat 9C", "discard", "discard")  # seat 1 wins and draws first; seat 0 draws QS
    assert led(rnd) == (0, "molodka", "6S 7S 9S QS")
    assert rnd.to_act == 1


def test_a_combination_is_answered_with_as_many_cards_and_may_be_beaten():
    # a low bura, beaten by four higher trumps: it gives the lead, not the trick
    # seat 2 is the regular leader, so its bura goes before seat 1's higher one
    rnd = new_round("four", ["6C 8C 9D JC", "JH QH KH TH", "6H 7H 8H 9H", "7C 9C QC KC"], "AH",
                    combos=["bura"], dealer=1)
    assert led(rnd) == (2, "bura", "6H 7H 8H 9H")
    with pytest.raises(IllegalMoveError) as err:
        rnd.push(Move.parse("discard 7C 9C QC KC 7C"))
    assert err.value.code == "duplicate_card"
    with pytest.raises(IllegalMoveError) as err:
        rnd.push(Move.parse("beat 7C 9C QC KC"))
    assert err.value.code == "does_not_beat"
    play(rnd, "discard", "discard")
    play(rnd, "beat JH QH KH TH")
    assert rnd.tricks[-1].combo == "bura" and rnd.tricks[-1].winner == 1


def test_an_unbeatable_moscow_takes_its_trick():
    rnd = new_round("four", [OTHERS[0], OTHERS[1], "AC AH AS 7D", OTHERS[2]], "6H", combos=["moscow"])
    assert rnd.legal_kinds["beat"] is False
    play(rnd, "discard", "discard", "discard")
    assert rnd.tricks[-1].winner == 2 and rnd.to_act == 2
