"""RULES.md §4 — a trick: lead, beat or discard, the winner takes all, drawing."""

import pytest

from burkozel import IllegalMoveError, Move
from burkozel.rules import discard_key
from stacking import cards, new_round, play

# Four players, seat 0 leads (the dealer is seat 3), hearts are trumps.
HANDS = ["AS 6S 7C 8C", "7S 6H KD QD", "KS TS 9C 9D", "8S QS JD TH"]


def four():
    return new_round("four", HANDS, "AH")


def test_a_lead_is_one_to_four_cards_of_one_suit():
    rnd = four()
    for bad, code in [("lead AS 7C", "mixed_suits"), ("lead", "wrong_count"), ("lead KS", "card_not_in_hand"),
                      ("lead AS AS", "duplicate_card"), ("beat AS", "must_lead"), ("discard", "must_lead")]:
        with pytest.raises(IllegalMoveError) as err:
            rnd.push(Move.parse(bad))
        assert err.value.code == code
    play(rnd, "lead AS 6S")
    assert rnd.trick.size == 2 and rnd.to_act == 1


def test_each_answer_has_as_many_cards_as_the_lead():
    rnd = four()
    play(rnd, "lead AS 6S")
    for bad, code in [("beat 6H", "wrong_count"), ("discard KD QD 6H", "wrong_count"),
                      ("lead 7S", "must_answer"), ("beat 7S 6H KD", "wrong_count")]:
        with pytest.raises(IllegalMoveError) as err:
            rnd.push(Move.parse(bad))
        assert err.value.code == code


def test_a_beat_pairs_cards_itself_7s_and_a_small_trump_beat_as_6s():
    rnd = four()
    play(rnd, "lead AS 6S", "beat 6H 7S")
    assert rnd.trick.winner == 1 and set(rnd.trick.winning) == set(cards("7S 6H"))


def test_a_beat_must_beat_the_current_winning_set_not_the_lead():
    rnd = four()
    play(rnd, "lead AS 6S", "beat 7S 6H")  # seat 1 now wins with 7S 6H
    with pytest.raises(IllegalMoveError) as err:
        rnd.push(Move.parse("beat KS TS"))  # would beat the lead, not 7S + a trump
    assert err.value.code == "does_not_beat"
    play(rnd, "discard KS TS")
    play(rnd, "discard")
    assert rnd.tricks[-1].winner == 1


def test_a_discard_is_allowed_even_when_a_beat_is_possible_and_never_changes_the_winner():
    rnd = four()
    play(rnd, "lead AS")
    assert rnd.legal_kinds == {"lead": False, "beat": True, "discard": True, "declare": False}
    play(rnd, "discard 6H", "discard KS", "discard")
    trick = rnd.tricks[-1]
    assert trick.winner == 0 and [p.kind for p in trick.plays] == ["lead", "discard", "discard", "discard"]


def test_auto_discard_takes_the_least_valuable_cards_and_keeps_trumps_last():
    # seat 1 holds 7S 6H(trump) KD QD; needs two: 7S (0 points) then QD (3) — not the trump 6H
    rnd = four()
    play(rnd, "lead 7C 8C", "discard")
    assert [p.cards for p in rnd.trick.plays][1] == tuple(cards("7S QD"))
    # a partly chosen discard is completed the same way
    rnd = four()
    play(rnd, "lead 7C 8C", "discard KD")
    assert set(rnd.trick.plays[1].cards) == set(cards("KD 7S"))


def test_auto_discard_order_is_trump_then_points_then_rank_then_suit():
    trump = 2  # hearts
    order = sorted(cards("6H AS TC 7D 7C KS JD"), key=lambda c: discard_key(c, trump))
    assert [str(c) for c in order] == ["7C", "7D", "JD", "KS", "TC", "AS", "6H"]


def test_the_winner_takes_every_card_face_down_ones_included_and_leads_next():
    rnd = four()
    play(rnd, "lead AS", "discard KD", "discard TS", "beat TH")  # seat 3 trumps with TH
    trick = rnd.tricks[-1]
    assert trick.winner == 3 and trick.points == 11 + 4 + 10 + 10
    assert rnd.points == [0, 0, 0, 35]
    assert rnd.to_act == 3


def test_drawing_goes_one_card_at_a_time_from_the_winner_clockwise():
    rnd = new_round("four", HANDS, "AH", stock="6C 7H 8H 9H JC QC KC TC")
    play(rnd, "lead AS 6S", "discard", "discard", "beat TH 8S")  # seat 3 wins, draws first
    # each needs two: 3, 0, 1, 2, 3, 0, 1, 2
    assert {str(c) for c in rnd.hands[3]} >= {"6C", "JC"}
    assert {str(c) for c in rnd.hands[0]} >= {"7H", "QC"}
    assert {str(c) for c in rnd.hands[1]} >= {"8H", "KC"}
    assert {str(c) for c in rnd.hands[2]} >= {"9H", "TC"}
    assert all(len(h) == 4 for h in rnd.hands)


def test_the_round_goes_on_until_every_card_is_played():
    rnd = four()
    moves = 0
    while not rnd.is_over:
        rnd.push(rnd.legal_moves[-1])
        moves += 1
    assert all(not h for h in rnd.hands) and rnd.stock_size == 0
    assert sum(t.points for t in rnd.tricks) == 120 == sum(rnd.points)
    assert sum(len(t.cards) for t in rnd.tricks) == 36
    with pytest.raises(IllegalMoveError) as err:
        rnd.push(Move.discard())
    assert err.value.code == "round_over"


def test_an_illegal_move_changes_nothing():
    rnd = four()
    play(rnd, "lead AS 6S")
    before = repr(rnd), [list(h) for h in rnd.hands], rnd.trick.plays[:], rnd.points[:]
    for bad in ["beat 7S KD", "discard 7S 7S", "lead 7S", "beat 7S 6H 6H"]:
        with pytest.raises(IllegalMoveError):
            rnd.push(Move.parse(bad))
    with pytest.raises(IllegalMoveError) as err:
        rnd.push(Move.parse("discard"), seat=2)
    assert err.value.code == "not_your_turn"
    assert (repr(rnd), [list(h) for h in rnd.hands], rnd.trick.plays[:], rnd.points[:]) == before


def test_legal_moves_list_every_lead_beat_and_discard():
    rnd = four()
    leads = {str(m) for m in rnd.legal_moves}
    assert leads == {"lead AS", "lead 6S", "lead 6S AS", "lead 7C", "lead 8C", "lead 7C 8C"}
    play(rnd, "lead AS 6S")
    moves = rnd.legal_moves
    beats = {frozenset(map(str, m.cards)) for m in moves if m.kind == "beat"}
    assert beats == {frozenset({"7S", "6H"})}
    assert sum(m.kind == "discard" for m in moves) == 6  # every pair of four cards
    for m in moves:
        assert rnd.is_legal(m)


def test_malformed_input_gets_one_clear_error_and_changes_nothing():
    from burkozel import Match, Round, TableRules

    rnd = four()
    before = repr(rnd)
    for junk in (None, "lead AS", ("lead", ("AS",)), 42, Move("lead", ())):
        with pytest.raises(IllegalMoveError):
            rnd.push(junk)
    for text in ("", "fly AS", "lead 1S", "lead AS,6S"):
        with pytest.raises(ValueError):
            Move.parse(text)
    for data in ({"lead": "AS"}, {"lead": ["AS"], "beat": ["6S"]}, {}, ["lead"], {"lead": [None]}):
        with pytest.raises(ValueError):
            Move.from_dict(data)
    assert repr(rnd) == before
    with pytest.raises(TypeError):
        Round("four", 0, [])
    with pytest.raises(TypeError):
        Match("pairs")
    with pytest.raises(TypeError):
        Match(TableRules("pairs"), seed=[1])
    with pytest.raises(ValueError):
        Match(TableRules("pairs"), seed=1, dealer=4)
