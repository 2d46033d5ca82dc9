"""RULES-variants.md §1 and §3 — the table ``bura31`` (classic Бура «31»): the
hand of three, the lead, open discards, the taker's draw, the checks after the
deal and every draw (Москва, бура, молодка) in their order, «31», the end when
the cards run out, penalties, the match, and what a seat may know."""

import json
import random

import pytest

from burkozel import DECK, IllegalMoveError, Match, Move, Round, TableRules
from burkozel.rules import FORMATS
from stacking import (cards, deal_deck, deal_round, hand, lowest_card_move, parse_deck, play, play_out,
                      refused)

B5 = parse_deck("6C QH JH AD TH TD 8S KS 9H 9S 9C JC 9D 7S JD KC 7H 7C "
                "6H TC AH AS AC JS KH QC QD 8C 8H 6S KD 6D QS TS 7D 8D")


def b1_deal1(**options):
    """B1, deal 1: dealer 0; 1 holds AH TH KH, 0 holds 6D 7D 8D; trump 6S."""
    return deal_round("bura31", 0, "AH TH KH", "6D 7D 8D", "6S", stock="QD QC", **options)


# --- §1.1–1.2 the hand and the lead ------------------------------------------------


def test_the_hand_is_three_cards_and_a_lead_one_to_three_of_a_suit():
    rnd = deal_round("bura31", 0, "AH TH KH", "6D 7D 8D", "6S")
    assert [len(h) for h in rnd.hands] == [3, 3] and rnd.stock_size == 30
    leads = [m for m in rnd.legal_moves if m.kind == "lead"]
    assert max(len(m.cards) for m in leads) == 3 and len(leads) == 7  # every non-empty subset of three hearts
    assert refused(rnd, "lead AH 6D") == "card_not_in_hand"


def test_a_lead_is_not_more_cards_than_the_opponent_holds():
    """Hands are equal at every lead in play; a position with unequal hands
    shows the engine checks it (RULES-variants §1.2)."""
    rules = TableRules("bura31")
    rnd = Round.from_position(rules, 1, hands=[cards("AH TH KH"), cards("6C 7C")], stock=[],
                              trump_card=cards("6S")[0], trump_drawn_by=1, tricks=[], trick=None,
                              points=[0, 0], to_act=0)
    assert refused(rnd, "lead AH TH KH") == "wrong_count"
    assert max(len(m.cards) for m in rnd.legal_moves) == 2
    assert rnd.view(0).legal_moves == rnd.legal_moves
    rnd.push(Move.lead("AH", "TH"))
    assert rnd.to_act == 1


# --- §1.3 discards face up (switch: closed) --------------------------------------------


def test_discards_are_face_up_in_every_view():
    rnd = b1_deal1()
    assert rnd.rules.discard == "open"
    play(rnd, "lead AH TH KH", "discard 6D 7D 8D")
    for seat in (0, 1):
        discard = rnd.view(seat).history[-1].plays[1]
        assert (discard.kind, discard.count, discard.cards) == ("discard", 3, tuple(cards("6D 7D 8D")))
        assert not set(cards("6D 7D 8D")) & rnd.unknown_to(seat)


def test_closed_discards_show_a_count_and_only_the_discarder_its_faces():
    rnd = b1_deal1(discard="closed")
    play(rnd, "lead AH TH KH", "discard 6D 7D 8D")
    theirs, mine = rnd.view(1).history[-1].plays[1], rnd.view(0).history[-1].plays[1]
    assert (theirs.count, theirs.cards, theirs.own) == (3, (), ())
    assert (mine.cards, mine.own) == ((), tuple(cards("6D 7D 8D")))
    assert set(cards("6D 7D 8D")) <= rnd.unknown_to(1) and '"7D"' not in json.dumps(rnd.view(1).to_dict())


# --- §1.4 the taker draws first and leads -----------------------------------------------


def test_the_taker_draws_first_when_the_leader_takes():
    rnd = b1_deal1()
    play(rnd, "lead AH TH KH", "discard 6D 7D 8D")
    assert rnd.points == [0, 25] and rnd.to_act == 1
    assert hand(rnd, 1) == "6C 8C QD" and hand(rnd, 0) == "7C 9C QC"  # stock QD QC 6C 7C 8C 9C …


def test_the_taker_draws_first_when_the_answerer_takes():
    # B4: the answerer 1 beats and draws TD (and JH) before 0 draws AS (and 8H).
    rnd = deal_round("bura31", 1, "AD 6D KH", "7D 9S QC", "6S", stock="TD AS JH 8H")
    play(rnd, "lead AD 6D", "beat 7D 9S")
    assert rnd.points == [0, 11] and rnd.to_act == 1
    assert hand(rnd, 1) == "QC TD JH" and hand(rnd, 0) == "8H KH AS"
    play(rnd, "lead TD", "discard KH")  # 0 holds the trump AS but may discard, face up
    assert rnd.points == [0, 25] and rnd.tricks[-1].plays[1].cards == tuple(cards("KH"))
    play(rnd, "lead JH")
    assert refused(rnd, "beat 8H") == "does_not_beat"
    assert hand(rnd, 0) == "7C 8H AS"


def test_the_trump_card_goes_to_the_non_taker_of_the_trick_that_empties_the_stock():
    # B5: the trick that empties the stock is taken by 1, so 0 draws the trump 8D.
    rnd = Round(TableRules("bura31"), 0, B5)
    while rnd.stock_size:
        before = rnd.stock_size
        rnd.push(lowest_card_move(rnd))
        if rnd.stock_size == 0 and before:
            assert rnd.tricks[-1].winner == 1
    assert rnd.trump_drawn_by == 0 and "8D" in hand(rnd, 0)


# --- §1.5 the checks after the deal and every draw ---------------------------------------


def test_a_bura_at_the_deal_wins_at_once():
    rnd = deal_round("bura31", 0, "6C 7D 8C", "6H 9H TH", "KH")  # the dealer 0 holds three trumps
    assert rnd.is_over and rnd.end == "bura" and rnd.winner == 0 and rnd.ended_by == 0
    assert rnd.tricks == [] and rnd.points == [0, 0] and rnd.penalties == [0, 2] and rnd.to_act is None
    assert refused(rnd, "lead 6H") == "round_over"


def test_both_bura_the_player_on_turn_wins_unless_the_other_beats_all_three():
    # B2, deal 1: dealer 0, so 1 is on turn; 0's AH cannot cover both 9H and TH.
    # (S001's top-card rule would pick 0.)
    rnd = deal_round("bura31", 0, "6H 9H TH", "7H 8H AH", "KH")
    assert (rnd.end, rnd.winner, rnd.penalties) == ("bura", 1, [2, 0])
    # B2, deal 2: dealer 1, 0 on turn; 1's 9H JH QH beat 6H 7H 8H.
    rnd = deal_round("bura31", 1, "6H 7H 8H", "9H JH QH", "KH")
    assert (rnd.end, rnd.winner, rnd.penalties) == ("bura", 1, [2, 0])


def test_both_bura_after_a_draw_on_turn_is_the_taker():
    """0 (the dealer) takes the first trick, so it is on turn: 1's 8H 9H TH must
    beat 0's 6H 7H AH and cannot.  (Were the non-dealer on turn, or the non-taker
    drawing first, 1 would win.)"""
    rnd = deal_round("bura31", 0, "6C 8H 9H", "7C 6H 7H", "KH", stock="AH TH")
    play(rnd, "lead 6C", "beat 7C")
    assert hand(rnd, 0) == "6H 7H AH" and hand(rnd, 1) == "8H 9H TH"
    assert (rnd.end, rnd.winner, rnd.points, rnd.penalties) == ("bura", 0, [0, 0], [0, 2])


def test_a_bura_from_the_draw_ends_the_deal_before_a_pending_31():
    # B3: 1 has 50 and would declare, but the draw gives 0 a бура first.
    rnd = deal_round("bura31", 0, "AH TH KH", "AS TS KS", "6D", stock="7C 7D 8C 8D 9C 9D")
    play(rnd, "lead AH TH KH", "discard AS TS KS")
    assert hand(rnd, 1) == "7C 8C 9C" and hand(rnd, 0) == "7D 8D 9D"  # non-taker first would give 1 the бура
    assert (rnd.end, rnd.winner, rnd.points, rnd.penalties) == ("bura", 0, [0, 50], [0, 2])
    assert refused(rnd, Move.declare(), 1) == "round_over"


@pytest.mark.parametrize("moscow, end, winner", [(True, "moscow", 0), (False, "bura", 1)])
def test_moscow_is_any_three_aces_and_wins_before_a_bura(moscow, end, winner):
    # B6, deal 1: trump KH, so no trump ace among AC AD AS.
    rnd = deal_round("bura31", 0, "6H 7H 8H", "AC AD AS", "KH",
                     combos=("moscow", "molodka") if moscow else ("molodka",))
    assert (rnd.end, rnd.winner, rnd.ended_by, rnd.tricks) == (end, winner, winner, [])
    assert rnd.penalties == [2 * (winner == 1), 2 * (winner == 0)]


def test_three_aces_without_the_moscow_switch_are_ordinary_cards():
    rnd = deal_round("bura31", 0, "6H 7C 8D", "AC AD AS", "KH")
    assert not rnd.is_over and rnd.to_act == 1 and rnd.trick is None


def test_a_bura_comes_before_a_molodka():
    rnd = deal_round("bura31", 0, "6S 7S 8S", "6C 7C 8C", "KS", combos=("molodka",))
    assert (rnd.end, rnd.winner) == ("bura", 1) and rnd.tricks == []


def test_molodka_is_led_out_of_turn_by_the_non_leader_and_the_answerer_draws_first():
    # B6, deal 2: dealer 1, so 0 leads regularly; 1 holds 6C 7C KC.
    rnd = deal_round("bura31", 1, "8C 9C 7H", "6C 7C KC", "8H", stock="6D 6S 7S 7D 9D 8S",
                     combos=("moscow", "molodka"))
    trick = rnd.trick
    assert (trick.leader, trick.combo, sorted(trick.lead)) == (1, "molodka", sorted(cards("6C 7C KC")))
    assert rnd.to_act == 0 and refused(rnd, Move.declare()) == "no_declaration"
    play(rnd, "beat 8C 9C 7H")
    assert rnd.tricks[-1].winner == 0 and rnd.points == [4, 0]
    assert hand(rnd, 0) == "6D 9D 7S" and hand(rnd, 1) == "7D 6S 8S"
    assert rnd.to_act == 0 and rnd.trick is None


def test_molodka_switched_off_changes_nothing():
    rnd = deal_round("bura31", 1, "8C 9C 7H", "6C 7C KC", "8H")  # B6, deal 2, by default
    assert rnd.trick is None and rnd.to_act == 0


@pytest.mark.parametrize("nd, d", [
    ("6C 7C 8C", "6D 9H 8D"),   # only the regular leader (the non-dealer) holds one
    ("6C 7C 8C", "6D 7D 8D"),   # both hold one
])
def test_molodka_of_the_regular_leader_or_of_both_gives_no_out_of_turn_lead(nd, d):
    rnd = deal_round("bura31", 0, nd, d, "6S", combos=("molodka",))
    assert rnd.trick is None and rnd.to_act == 1 and not rnd.is_over
    assert Move.lead(*cards(nd)) in rnd.legal_moves  # it may still lead the three as usual


def test_molodka_is_led_before_the_leaders_31():
    """1 takes 35 and would declare; the draw gives 0 a molodka: 0 leads it out of
    turn first and 1 must answer (with the switch off, 1 declares and wins)."""
    deal = dict(nd="AH TH KH", d="TD 6C 7S", trump="6S", stock="6D 7C 7D 8C 6H 9C")
    on = deal_round("bura31", 0, combos=("molodka",), **deal)
    assert on.trick is None and on.to_act == 1  # the molodka in the leader's hand alone: nothing
    play(on, "lead AH TH KH", "discard TD 6C 7S")
    assert on.points == [0, 35] and hand(on, 1) == "6D 7D 6H"
    assert (on.trick.leader, on.trick.combo, on.to_act) == (0, "molodka", 1)
    assert sorted(on.trick.lead) == cards("7C 8C 9C") and on.hands[0] == []
    assert refused(on, Move.declare(), 1) == "no_declaration"
    off = deal_round("bura31", 0, combos=(), **deal)
    play(off, "lead AH TH KH", "discard TD 6C 7S")
    assert off.trick is None and off.to_act == 1
    off.push(Move.declare(), 1)
    assert (off.end, off.winner, off.penalties) == ("declared", 1, [2, 0])


# --- §1.6 «31» ---------------------------------------------------------------------------


def test_31_exactly_wins_the_deal():
    rnd = b1_deal1()
    play(rnd, "lead AH TH KH", "discard 6D 7D 8D", "lead QD", "discard QC")
    assert rnd.points == [0, 31] and Move.declare() in rnd.legal_moves
    rnd.push(Move.declare(), 1)
    assert (rnd.end, rnd.winner, rnd.ended_by, rnd.penalties) == ("declared", 1, 1, [2, 0])
    assert rnd.is_over and rnd.points == [0, 31] and rnd.hands[1]  # the deal ends with cards in hand


def test_a_false_31_costs_the_declarer_four():
    # B1, deal 2: 0 declares with 30.
    rnd = deal_round("bura31", 1, "AD TD 9D", "6H 7H 8H", "7S", stock="KD QH JD 9H")
    play(rnd, "lead AD TD", "discard 6H 7H", "lead KD", "discard QH", "lead JD", "discard 9H")
    assert rnd.points == [30, 0]
    rnd.push(Move.declare(), 0)
    assert (rnd.end, rnd.winner, rnd.ended_by, rnd.penalties) == ("false_declaration", 1, 0, [4, 0])


def test_no_31_before_the_first_trick():
    rnd = b1_deal1()
    hands = [hand(rnd, s) for s in (0, 1)]
    assert Move.declare() not in rnd.legal_moves and not rnd.view(1).may_declare
    assert refused(rnd, Move.declare(), 1) == "declare_too_early"
    assert [hand(rnd, s) for s in (0, 1)] == hands and rnd.to_act == 1


def test_31_only_instead_of_ones_regular_lead():
    rnd = b1_deal1()
    play(rnd, "lead AH TH KH", "discard 6D 7D 8D", "lead QD")
    assert refused(rnd, Move.declare(), 0) == "no_declaration"  # answering
    play(rnd, "discard QC")
    assert refused(rnd, Move.declare(), 0) == "not_your_turn"   # 1 leads next
    assert refused(rnd, Move("declare", tuple(cards("6C")))) == "wrong_count"
    assert rnd.view(1).may_declare and not rnd.view(0).may_declare


# --- §1.7 cards out -------------------------------------------------------------------


def test_cards_out_at_60_all_is_a_draw():
    # B5: 1 holds 36 after trick 11 but never declares.
    rnd = Round(TableRules("bura31"), 0, B5)
    while len(rnd.tricks) < 11:
        rnd.push(lowest_card_move(rnd))
    assert rnd.points[1] == 36
    play_out(rnd)
    assert len(rnd.tricks) == 18
    assert (rnd.end, rnd.points, rnd.winner, rnd.penalties) == ("cards_out", [60, 60], None, [0, 0])


def test_cards_out_more_points_wins():
    rng = random.Random(31)
    for _ in range(50):
        deck = list(DECK)
        rng.shuffle(deck)
        rnd = Round(TableRules("bura31"), 0, deck)
        play_out(rnd)
        if rnd.end == "cards_out" and rnd.points != [60, 60]:
            break
    assert rnd.end == "cards_out" and sum(rnd.points) == 120
    best = rnd.points.index(max(rnd.points))
    assert rnd.winner == best and rnd.penalties == [2 * (best == 1), 2 * (best == 0)]


# --- §1.8 results and the match ---------------------------------------------------------


@pytest.mark.parametrize("end, points, seat, expected", [
    ("cards_out", [61, 59], None, (0, [0, 2])),
    ("cards_out", [20, 100], None, (1, [2, 0])),
    ("cards_out", [60, 60], None, (None, [0, 0])),
    ("cards_out", [30, 20], None, (None, [0, 0])),   # nobody at 31 (only on paper: 120 are out)
    ("declared", [0, 31], 1, (1, [2, 0])),
    ("false_declaration", [30, 0], 0, (1, [4, 0])),
    ("false_declaration", [0, 12], 1, (0, [0, 4])),
    ("bura", [0, 50], 0, (0, [0, 2])),
    ("moscow", [0, 0], 1, (1, [2, 0])),
])
def test_deal_results(end, points, seat, expected):
    assert FORMATS["bura31"].deal_result(end, points, seat) == expected


def _bura_for(seat, dealer):
    """A deck whose deal gives ``seat`` three trumps (and the other none)."""
    trumps, plain = "6H 7H 8H", "6C 7C 9D"
    nd, d = (trumps, plain) if seat != dealer else (plain, trumps)
    return deal_deck(nd, d, "KH")


def test_the_match_ends_after_a_deal_that_reaches_twelve():
    decks = [_bura_for(1, k % 2) for k in range(6)]
    match = Match(TableRules("bura31"), dealer=0, decks=decks)
    for k in range(5):
        assert match.round.is_over and match.round.winner == 1 and not match.is_over
        assert match.penalties == [2 * (k + 1), 0]
        match.next_round()
    assert match.penalties == [12, 0] and match.is_over and match.winners == [1]
    with pytest.raises(IllegalMoveError) as e:
        match.next_round()
    assert e.value.code == "match_over"


def test_a_false_31_can_end_the_match():
    decks = [_bura_for(1, k % 2) for k in range(5)] + [deal_deck("AD TD 9D", "6H 7H 8H", "7S", "KD QH JD 9H")]
    match = Match(TableRules("bura31"), dealer=0, decks=decks)
    for _ in range(5):
        match.next_round()
    assert match.penalties == [10, 0] and match.round.dealer == 1 and not match.is_over
    play(match, "lead AD TD", "discard 6H 7H", "lead KD", "discard QH", "lead JD", "discard 9H", "declare")
    assert match.penalties == [14, 0] and match.is_over and match.winners == [1]


# --- §1.9 knowledge ---------------------------------------------------------------------


def test_the_opponents_points_are_shown_only_when_the_deal_ends():
    rnd = b1_deal1()
    play(rnd, "lead AH TH KH", "discard 6D 7D 8D")
    v0, v1 = rnd.view(0), rnd.view(1)
    assert (v0.points, v1.points) == (0, 25) and v0.unseen_taken == v1.unseen_taken == 0
    assert v0.round_points is None and v0.to_dict()["round_points"] is None
    play(rnd, "lead QD", "discard QC", "declare")
    v0 = rnd.view(0)
    assert v0.round_points == (0, 31) and v0.round_penalties == (2, 0)
    assert (v0.end, v0.deal_winner, v0.ended_by) == ("declared", 1, 1)


@pytest.mark.parametrize("discard, shown, unseen", [("open", 30, 0), ("closed", 25, 3)])
def test_with_closed_discards_ones_own_points_count_only_face_up_cards(discard, shown, unseen):
    rnd = deal_round("bura31", 0, "AH TH KH", "QD JD 6C", "6S", discard=discard)
    play(rnd, "lead AH TH KH", "discard QD JD 6C")
    assert rnd.points == [0, 30]  # the engine counts every card ...
    taker, discarder = rnd.view(1), rnd.view(0)
    assert (taker.points, taker.unseen_taken) == (shown, unseen)  # ... the taker only what it saw
    assert (discarder.points, discarder.unseen_taken) == (0, 0)
    while not rnd.is_over:
        rnd.push(rnd.legal_moves[0])
    assert rnd.view(1).round_points == tuple(rnd.points) and rnd.view(1).points == rnd.points[1]
