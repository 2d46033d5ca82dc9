"""RULES-pot.md §4: the lead within the fewest cards of the others in the
deal, the answers in turn, the trick to the last who beat, face-down discards."""

import pytest

from burkozel import IllegalMoveError, Move
from potdeck import pot_round


def test_a_beat_covers_the_current_winning_set_not_the_lead():
    rnd = pot_round(3, dealer=2, hands=["6C AH KH", "9C AD KD", "7C 8C QH"], trump="6S")
    rnd.push(Move.lead("6C"))
    rnd.push(Move.beat("9C"))
    with pytest.raises(IllegalMoveError) as e:
        rnd.push(Move.beat("8C"))  # beats the lead, not seat 1's nine
    assert e.value.code == "does_not_beat" and rnd.trick.winner == 1


def test_the_trick_goes_to_the_last_player_who_beat():
    rnd = pot_round(4, dealer=3, hands=["6C 7C AH", "8C 9C AD", "JC QC AS", "6H 7H 7S"], trump="6S")
    rnd.push(Move.lead("6C", "7C"))
    rnd.push(Move.beat("8C", "9C"))
    rnd.push(Move.beat("JC", "QC"))
    with pytest.raises(IllegalMoveError) as e:
        rnd.push(Move.beat("6H", "7S"))  # 6H covers no club: no partial beat
    assert e.value.code == "does_not_beat"
    rnd.push(Move.discard("6H", "7H"))
    assert rnd.tricks[0].winner == 2 and rnd.to_act == 2


def test_a_lead_may_not_exceed_the_fewest_cards_another_player_holds():
    rnd = pot_round(5, dealer=4, hands=["9C AC TC"], trump="6S")
    # 21 cards in the stock: four one-card tricks leave one, which the taker draws
    while rnd.stock_size:
        rnd.push(Move.lead(rnd.hands[rnd.to_act][0]))
        while rnd.trick is not None:
            rnd.push(Move.discard())
    taker = rnd.to_act
    sizes = [len(h) for h in rnd.hands]
    assert sizes[taker] == 3 and sorted(sizes) == [2, 2, 2, 2, 3]
    assert rnd.deal.max_lead == 2 == rnd.view(taker).max_lead
    assert max(len(m.cards) for m in rnd.legal_moves) <= 2
    suit = max("CDHS", key=lambda s: sum(c.suit_letter == s for c in rnd.hands[taker]))
    same = [c for c in rnd.hands[taker] if c.suit_letter == suit]
    if len(same) == 3:
        with pytest.raises(IllegalMoveError):
            rnd.push(Move.lead(*same))


def test_discards_lie_face_down_by_default_and_face_up_with_the_switch():
    for discard, seen in (("closed", False), ("open", True)):
        rnd = pot_round(3, dealer=0, hands=["6H 7H 8H", "AD TD KD", "6C 7C 8C"], trump="9S", discard=discard)
        rnd.push(Move.lead("AD"))
        rnd.push(Move.discard("6C"))
        view = rnd.view(0)
        play = view.trick.plays[1]
        assert play.count == 1 and (play.cards == (rnd.trick.plays[1].cards[0],)) is seen
        assert rnd.view(2).trick.plays[1].own == (rnd.trick.plays[1].cards if not seen else ())
