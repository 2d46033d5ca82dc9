"""RULES-pot.md §5: the taker draws first, then the others in turn from it;
the taker leads next; the face-up trump is drawn last."""

from burkozel import Move
from potdeck import cards, pot_round


def test_the_taker_draws_first_then_clockwise_and_leads():
    # dealer 0; seat 2 will take the first trick by beating
    rnd = pot_round(4, dealer=0, hands=["6H 7H 8H", "6C JD QD", "7C 8D 9D", "TH KH AH"], trump="6S",
                    stock="AC TC KC QC")
    rnd.push(Move.lead("6C"))
    rnd.push(Move.beat("7C"))
    rnd.push(Move.discard())
    rnd.push(Move.discard())
    assert rnd.tricks[0].winner == 2 and rnd.to_act == 2
    drawn = {s: [c for c in rnd.hands[s] if c in cards("AC TC KC QC")] for s in range(4)}
    assert drawn == {2: cards("AC"), 3: cards("TC"), 0: cards("KC"), 1: cards("QC")}


def test_the_face_up_trump_is_drawn_last_and_who_drew_it_is_known():
    # Seat 0 leads its lowest card every time and the others discard: it takes
    # every trick and draws first, so of the last three cards the trump goes to seat 2.
    rnd = pot_round(3, dealer=2, hands=["6C 7C 8C", "9C JC QC", "KC TC AC"], trump="AS")
    while rnd.stock_size:
        assert rnd.to_act == 0 and rnd.trump_drawn_by is None
        rnd.push(Move.lead(rnd.hands[0][0]))
        rnd.push(Move.discard())
        rnd.push(Move.discard())
    assert rnd.trump_drawn_by == 2 and rnd.trump_card in rnd.hands[2]
    assert rnd.view(1).trump_drawn_by == 2
