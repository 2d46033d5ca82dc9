"""RULES.md §9 — what a seat may know: the view is all that bots and the table see."""

import json

from burkozel import DECK, Match, Move, SeatView, TableRules
from burkozel.bots import make_bot
from stacking import cards, new_round, play

HANDS = ["AS 6S 7C 8C", "7S 6H KD QD", "JH QH 9C 9D", "8S QS JD TH"]


def test_a_view_holds_the_own_hand_and_only_counts_of_the_others():
    rnd = new_round("four", HANDS, "AH")
    view = rnd.view(1)
    assert [str(c) for c in view.hand] == ["QD", "KD", "6H", "7S"]  # sorted: suit C D H S, then rank
    assert view.hand_sizes == (4, 4, 4, 4) and view.stock == 20
    text = json.dumps(view.to_dict())
    for other in ("AS", "6S", "7C", "8C", "JH", "QH", "9C", "9D", "8S", "QS", "JD", "TH"):
        assert f'"{other}"' not in text


def test_discards_are_counts_except_the_seats_own():
    rnd = new_round("four", HANDS, "AH")
    play(rnd, "lead AS", "discard KD", "discard 9C", "beat TH")
    for seat in range(4):
        view = rnd.view(seat)
        plays = view.history[-1].plays
        assert [(p.seat, p.kind, p.count) for p in plays] == [(0, "lead", 1), (1, "discard", 1),
                                                              (2, "discard", 1), (3, "beat", 1)]
        assert plays[0].cards == tuple(cards("AS")) and plays[3].cards == tuple(cards("TH"))
        assert plays[1].cards == () and plays[2].cards == ()
        assert plays[1].own == (tuple(cards("KD")) if seat == 1 else ())
        assert plays[2].own == (tuple(cards("9C")) if seat == 2 else ())
        text = json.dumps(view.to_dict())
        assert ('"KD"' in text) == (seat == 1) and ('"9C"' in text) == (seat == 2)


def test_only_the_own_sides_points_until_the_round_ends():
    rnd = new_round("pairs", HANDS, "AH")
    play(rnd, "lead AS", "discard KD", "discard 9C", "beat TH")  # side 1 (seats 1, 3) takes 25
    assert [rnd.view(s).points for s in range(4)] == [0, 25, 0, 25]
    assert rnd.view(0).round_points is None and "round_points" in rnd.view(0).to_dict()
    while not rnd.is_over:
        rnd.push(rnd.legal_moves[0])
    view = rnd.view(0)
    assert view.round_points == tuple(rnd.points) and view.round_penalties == tuple(rnd.penalties)


def test_the_trump_card_and_who_drew_it_are_public():
    rnd = new_round("three", [], "8H")
    while rnd.stock_size:
        rnd.push(rnd.legal_moves[0])
    for seat in range(3):
        view = rnd.view(seat)
        assert str(view.trump_card) == "8H" and view.trump_drawn_by == rnd.trump_drawn_by and view.stock == 0


def test_a_view_round_trips_through_json():
    match = Match(TableRules("pairs"), seed=11)
    rnd = match.round
    for _ in range(13):
        rnd.push(rnd.legal_moves[-1])
    for seat in range(4):
        view = match.view(seat)
        assert SeatView.from_dict(json.loads(json.dumps(view.to_dict()))) == view


def test_the_view_offers_the_same_legal_moves_and_checks_as_the_engine():
    match = Match(TableRules("four"), seed=5)
    rnd = match.round
    for _ in range(20):
        seat = rnd.to_act
        view = match.view(seat)
        assert view.legal_moves == rnd.legal_moves and view.legal_kinds == rnd.legal_kinds
        assert view.check(Move.discard()) == rnd.check(Move.discard()) if rnd.trick else True
        assert match.view((seat + 1) % 4).legal_moves == []
        rnd.push(rnd.legal_moves[len(rnd.legal_moves) // 2])


def _two_worlds():
    """Two rounds that differ only in cards seat 0 cannot see: seats 1 and 2
    swap hands and the stock is reversed, after the same public play."""
    a = new_round("four", ["AS 6S 7C 8C", "7S 6H KD QD", "JH QH 9C 9D", "8S QS JD TH"], "AH")
    b = new_round("four", ["AS 6S 7C 8C", "JH QH 9C 9D", "7S 6H KD QD", "8S QS JD TH"], "AH")
    for rnd, moves in ((a, ["lead 7C 8C", "discard KD QD", "discard 9C 9D", "discard JD 8S"]),
                       (b, ["lead 7C 8C", "discard 9C 9D", "discard KD QD", "discard JD 8S"])):
        play(rnd, *moves)
    return a, b


def test_what_a_seat_cannot_see_does_not_change_its_view():
    a, b = _two_worlds()
    assert a.hands[1] != b.hands[1]
    assert a.view(0) == b.view(0) and a.view(3) == b.view(3)
    assert a.view(1) != b.view(1)


def test_bots_decide_from_the_view_alone():
    """A bot's choice depends on the view and its seed, whatever the hidden cards."""
    a, b = _two_worlds()
    for level in ("easy", "medium"):  # the search bot has its own test in test_bots.py
        bot = make_bot(level, seed=3)
        assert bot.get_move(a.view(0)) == bot.get_move(b.view(0))


def test_unknown_to_is_exactly_what_the_view_leaves_out():
    import random

    from burkozel import DECK

    match = Match(TableRules("four"), seed=8)
    rnd = match.round
    rng = random.Random(8)
    while not rnd.is_over:
        for seat in range(4):
            view = match.view(seat)
            known = set(view.hand) | {view.trump_card}
            for trick in view.history + ((view.trick,) if view.trick else ()):
                for p in trick.plays:
                    known |= set(p.cards) | set(p.own)
            assert rnd.unknown_to(seat) == set(DECK) - known
        rnd.push(rnd.random_move(rng))


def test_cards_are_picked_from_the_hand_at_most_a_hand_at_once():
    view = Match(TableRules("bura31"), seed=2).view(0)
    a, b, c = (str(card) for card in view.hand)
    assert view.pick([], a) == [a] and view.pick([a], a) == []
    assert view.pick([a, b], c) == [a, b, c] and view.pick([a, b, c], b) == [a, c]
    other = next(str(card) for card in DECK if str(card) not in (a, b, c))
    assert view.pick([], other) is None and view.pick([], 7) is None
    assert view.pick([a], other, held=[a, other]) == [a, other]
    assert view.pick([a, b, c], other, held=[a, b, c, other]) is None   # no move names more than a hand holds
