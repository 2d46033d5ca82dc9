"""RULES-pot.md §9: a seat's view holds the stacks, the pot, the stake, who
folded and who raised, whose answer is awaited, its legal moves with the
stake's, and no card it may not know."""

from burkozel import Move, SeatView
from potdeck import pot_round


def test_the_view_carries_the_chips_and_the_stake():
    rnd = pot_round(3, dealer=0, hands=["6H 7H 8H", "AD TD KD", "6C 7C 8C"], trump="9S", dave=True)
    rnd.push(Move.dave())
    view = rnd.view(2)
    assert (view.chips, view.pot, view.stake, view.raised, view.raiser, view.to_act) == \
        ((95, 95, 95), 15, 10, (1,), 1, 2)
    assert view.answering and view.legal_moves == [Move.accept(), Move.fold()] == rnd.legal_moves
    assert view.legal_kinds == {"lead": False, "beat": False, "discard": False, "declare": False,
                                "dave": False, "accept": True, "fold": True}
    assert not rnd.view(0).answering and rnd.view(0).legal_moves == []
    rnd.push(Move.fold())
    rnd.push(Move.accept())
    view = rnd.view(1)
    assert view.folded == (2,) and view.raiser is None and view.my_turn
    assert view.legal_moves == rnd.legal_moves and Move.dave() not in view.legal_moves
    assert view.hand_sizes == (3, 3, 0)


def test_the_view_round_trips_and_the_table_is_sized_by_it():
    rnd = pot_round(5, dealer=1, hands=[], trump="AS", dave=True, stack=40, ante=2)
    view = rnd.view(3)
    again = SeatView.from_dict(view.to_dict())
    assert again == view and again.players == 5 and again.rules == rnd.rules
    assert view.to_dict()["players"] == 5 and view.to_dict()["chips"] == [38] * 5


def test_a_folded_hand_and_others_face_down_discards_stay_hidden():
    rnd = pot_round(3, dealer=0, hands=["6H 7H 8H", "AD TD KD", "6C 7C 8C"], trump="9S", dave=True)
    rnd.push(Move.dave())
    rnd.push(Move.fold())       # seat 2 folds: its hand is set aside unseen
    rnd.push(Move.accept())
    rnd.push(Move.lead("AD"))
    rnd.push(Move.discard("6H"))
    folded_hand = set(rnd.deal.set_aside[2])
    assert len(folded_hand) == 3
    for seat in (0, 1):
        view = rnd.view(seat)
        text = str(view.to_dict())
        assert not any(f"'{c}'" in text for c in folded_hand)
        assert folded_hand <= rnd.unknown_to(seat)
    discard = rnd.view(1).history[0].plays[1]
    assert (discard.seat, discard.count, discard.cards, discard.own) == (0, 1, (), ())
    assert rnd.view(0).history[0].plays[1].own == tuple(rnd.tricks[0].plays[1].cards)
    assert "'6H'" not in str(rnd.view(1).to_dict())


def test_a_view_pickles_and_copies_like_a_plain_value():
    import copy
    import pickle

    rnd = pot_round(6, dealer=0, hands=[], trump="AS", dave=True)
    view = rnd.view(4)
    _ = view.rules, view.table
    for again in (pickle.loads(pickle.dumps(view)), copy.deepcopy(view)):
        assert again == view and again.table.players == 6 and again.legal_moves == view.legal_moves


def test_a_round_rebuilt_from_a_view_plays_on_like_the_real_one():
    """What a bot's world needs: a position from a view's facts, the stake's included."""
    from burkozel import Round

    rnd = pot_round(4, dealer=0, hands=["6H 7H 8H", "AD TD KD", "9S AC 8C", "6C 7C JC"], trump="6S", dave=True)
    for move in (Move.dave(), Move.fold(), Move.accept()):
        rnd.push(move)
    view = rnd.view(0)
    world = Round.from_position(rnd.rules, rnd.dealer, hands=rnd.hands, stock=rnd.stock,
                                trump_card=rnd.trump_card, trump_drawn_by=rnd.trump_drawn_by, tricks=rnd.tricks,
                                trick=rnd.trick, points=rnd.points, to_act=rnd.to_act, chips=view.chips,
                                pot=view.pot, stake=view.stake, folded=view.folded, raised=view.raised,
                                raiser=view.raiser)
    assert world.legal_moves == rnd.legal_moves == [Move.accept(), Move.fold()]
    for r in (rnd, world):
        r.push(Move.accept())
    assert (world.chips, world.pot, world.to_act, world.in_deal) == (rnd.chips, rnd.pot, rnd.to_act, rnd.in_deal)
    assert world.legal_moves == rnd.legal_moves
    while not rnd.is_over:  # played out alike; only the real round knows where its deal began
        move = rnd.legal_moves[0]
        rnd.push(move)
        world.push(move)
    assert world.chips == rnd.chips and world.outcome().taken == rnd.outcome().taken
    assert len(rnd.outcome().chips_won) == 4 and world.outcome().chips_won == ()
