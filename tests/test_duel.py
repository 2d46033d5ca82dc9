"""RULES-variants.md §2 — the table ``duel`` (two-player Буркозёл, S004): the
hand of four, «Скинуть» as an ordinary discard, the discard face, the
attacker's draw, the combinations of RULES.md §6, the end of a deal, the
penalty bands and the match."""

import json
import random

import pytest

from burkozel import COMBOS, DECK, IllegalMoveError, Match, Move, Round, TableRules
from burkozel.rules import FORMATS
from burkozel.trick import Play, Trick
from stacking import cards, deal_round, hand, lowest_card_move, parse_deck, play, play_out, refused

D4 = parse_deck("6S KC AC JC 9H TH TC QD JD 8S 7D 7H TD KS AD TS QH 8H "
                "9D 9C AS 6D 9S AH KD 6H 6C 7S 8D JH JS QS 8C QC 7C KH")
D5 = parse_deck("AC TH 7H AD 9H 8S KD TC 8C QH 8D 6D 6H QS TD 9S 7S QD "
                "JS KS QC TS JD 8H 7D 6S JC AH 7C KH KC 9C 6C AS JH 9D")


def d1(**options):
    """D1: dealer 0; 1 holds 6C 7D 8S 9C, 0 holds TC 6D 7S JS; trump 7H."""
    return deal_round("duel", 0, "6C 7D 8S 9C", "TC 6D 7S JS", "7H", stock="AH 6H 8D 9D QS KD", **options)


def discard_all(rnd):
    """The leader leads its lowest card, the answerer always discards."""
    return Move.discard() if rnd.trick else lowest_card_move(rnd)


# --- §2.1 the hand and the lead ---------------------------------------------------------


def test_the_hand_is_four_cards_and_a_lead_one_to_four_of_a_suit():
    rnd = deal_round("duel", 0, "6C 7C 8C 9C", "TC 6D 7S JS", "7H", combos=())
    assert [len(h) for h in rnd.hands] == [4, 4] and rnd.stock_size == 28
    leads = [m for m in rnd.legal_moves if m.kind == "lead"]
    assert len(leads) == 15 and Move.lead(*cards("6C 7C 8C 9C")) in leads
    assert all(m.kind != "declare" for m in rnd.legal_moves)
    rnd.push(Move.lead(*cards("6C 7C 8C 9C")))
    assert rnd.trick.size == 4 and rnd.to_act == 0


def test_a_lead_is_of_one_suit():
    rnd = d1()
    play(rnd, "lead 9C", "beat TC")
    assert refused(rnd, "lead 6D 6H") == "mixed_suits" and refused(rnd, "lead 7S 6D") == "mixed_suits"
    rnd.push(Move.lead("7S", "JS"))


def test_the_six_of_spades_is_an_ordinary_card():
    rnd = deal_round("duel", 0, "7C 8D 9D JD", "6S 6D 7S JS", "7H", combos=())
    play(rnd, "lead 7C")
    assert refused(rnd, "beat 6S") == "does_not_beat"
    assert not any(m.kind == "beat" for m in rnd.legal_moves)


def test_nobody_declares_31_in_a_duel():
    rnd = d1()
    play(rnd, "lead 9C", "beat TC")
    assert refused(rnd, Move.declare(), 0) == "no_declaration"


# --- §2.2–2.3 «Скинуть» and the discard face ------------------------------------------------


def test_skinut_is_an_ordinary_discard_also_when_a_beat_was_possible():
    # D1: 1 could beat 7S JS with 8S AH but throws 8S 6C; they go with the attack to 0.
    rnd = d1()
    play(rnd, "lead 9C", "beat TC", "lead 7S JS")
    assert rnd.is_legal(Move.beat("8S", "AH"))
    play(rnd, "discard 8S 6C")
    assert rnd.tricks[-1].winner == 0 and rnd.points == [12, 0]
    assert "AH" in hand(rnd, 1) and "8S" not in hand(rnd, 1)


def test_the_discarded_points_go_to_the_attacker():
    rnd = d1()
    play(rnd, "lead 9C", "beat TC", "lead 7S JS", "discard AH 6C")
    assert rnd.points == [23, 0]


def test_discards_are_face_down_by_default_and_face_up_with_the_switch():
    assert TableRules("duel").discard == "closed"
    for face in ("closed", "open"):
        rnd = d1(discard=face)
        play(rnd, "lead 9C", "beat TC", "lead 7S JS", "discard 8S 6C")
        attacker, thrower = rnd.view(0).history[-1].plays[1], rnd.view(1).history[-1].plays[1]
        assert attacker.count == 2 and thrower.count == 2
        if face == "closed":
            assert attacker.cards == () and attacker.own == () and thrower.own == Move.discard("8S", "6C").cards
            assert {str(c) for c in cards("8S 6C")} & set(json.dumps(rnd.view(0).to_dict()).split('"')) == set()
            assert set(cards("8S 6C")) <= rnd.unknown_to(0)
        else:
            assert attacker.cards == thrower.cards == Move.discard("8S", "6C").cards
            assert not set(cards("8S 6C")) & rnd.unknown_to(0)


def test_the_discard_face_is_one_of_the_tables():
    with pytest.raises(ValueError):
        TableRules("duel", discard="sideways")
    with pytest.raises(ValueError):
        TableRules("four", discard="open")
    assert TableRules("duel", discard="open").open_discards


# --- §2.4 the attacker draws first -------------------------------------------------------


def test_the_attacker_draws_first():
    # D1: 1 leads 9C, 0 beats with TC and takes; the attacker 1 draws AH, 0 draws 6H.
    rnd = d1()
    play(rnd, "lead 9C", "beat TC")
    assert rnd.points == [10, 0] and rnd.to_act == 0  # the taker leads next
    assert "AH" in hand(rnd, 1) and "6H" in hand(rnd, 0)  # winner-first would swap them
    play(rnd, "lead 7S JS", "discard 8S 6C")
    assert "8D" in hand(rnd, 0) and "QS" in hand(rnd, 0) and "9D" in hand(rnd, 1) and "KD" in hand(rnd, 1)
    assert refused(rnd, "lead 6D 6H") == "mixed_suits"


def test_the_attacker_of_a_combination_out_of_turn_draws_first():
    """0 leads a molodka out of turn (1 is the regular leader); 1 beats and takes,
    but 0, the attacker, draws first."""
    rnd = deal_round("duel", 0, "JC 6H 7H 8H", "6C 7C 8C 9C", "KH", stock="6D 6S 7S 7D 9D 8S JD KD")
    assert (rnd.trick.leader, rnd.trick.combo, rnd.to_act) == (0, "molodka", 1)
    play(rnd, "beat JC 6H 7H 8H")
    assert rnd.tricks[-1].winner == 1 and rnd.points == [0, 2]
    assert hand(rnd, 0) == "6D 9D JD 7S" and hand(rnd, 1) == "7D KD 6S 8S"
    assert rnd.to_act == 1 and rnd.trick is None


def test_the_trump_card_goes_to_the_defender_of_the_trick_that_empties_the_stock():
    # D4: the stock empties after 1 leads JS and 0 beats with QS: 1 draws 7C, 0 the trump KH.
    rnd = Round(TableRules("duel"), 0, D4)
    while rnd.stock_size:
        rnd.push(lowest_card_move(rnd))
    last = rnd.tricks[-1]
    assert (last.leader, last.lead, last.winner) == (1, tuple(cards("JS")), 0)
    assert rnd.trump_drawn_by == 0 and "KH" in hand(rnd, 0) and "7C" in hand(rnd, 1)


def test_the_stock_stays_even_and_the_defender_draws_the_trump():
    rng = random.Random(4)
    for k in range(20):
        deck = list(DECK)
        rng.shuffle(deck)
        rnd = Round(TableRules("duel", COMBOS), k % 2, deck)
        while rnd.stock_size:
            assert rnd.stock_size % 2 == 0
            rnd.push(rnd.random_move(rng))
        defender = 1 - rnd.tricks[-1].leader
        assert rnd.trump_drawn_by == defender and rnd.trump_card in rnd.hands[defender]


# --- §2.5 combinations --------------------------------------------------------------


def test_the_default_combinations_are_s004s_five_and_all_six_are_switches():
    assert TableRules("duel").combos == ("golden_moscow", "bura", "four_ends", "molodka", "moscow")
    assert TableRules("duel", COMBOS).combos == COMBOS
    three_tens = dict(nd="TC TD TS 6C", d="7C 8C 9D JD", trump="KH")
    assert deal_round("duel", 0, **three_tens).trick is None
    rnd = deal_round("duel", 0, combos=("small_moscow",), **three_tens)
    assert (rnd.trick.leader, rnd.trick.combo, sorted(rnd.trick.lead)) == (1, "small_moscow",
                                                                           sorted(cards("TC TD TS")))


def test_bura_outranks_four_ends_a_forced_discard_and_moscow_keeps_the_fourth_card():
    # D2.
    rnd = deal_round("duel", 0, "TC TD TH TS", "6H 7H 8H 9H", "KH", stock="6C AH 7D AC 8S AD 9C KS")
    trick = rnd.trick
    assert (trick.leader, trick.combo, sorted(trick.lead)) == (0, "bura", sorted(cards("6H 7H 8H 9H")))
    assert not any(m.kind == "beat" for m in rnd.legal_moves)
    play(rnd, "discard")
    assert rnd.points == [40, 0]
    assert hand(rnd, 0) == "6C 9C 7D 8S" and hand(rnd, 1) == "KS"  # AH AC AD KS drawn, 37: not «4 лба»
    trick = rnd.trick
    assert (trick.leader, trick.combo, sorted(trick.lead)) == (1, "moscow", sorted(cards("AH AC AD")))
    play(rnd, "discard")
    assert rnd.points == [40, 33] and "KS" in hand(rnd, 1) and rnd.to_act == 1 and rnd.trick is None
    assert len(rnd.hands[1]) == 4 and rnd.stock_size == 28 - 8 - 6


def test_without_moscow_the_three_aces_wait_for_a_regular_lead():
    rnd = deal_round("duel", 0, "TC TD TH TS", "6H 7H 8H 9H", "KH", stock="6C AH 7D AC 8S AD 9C KS",
                     combos=("bura", "four_ends"))
    play(rnd, "discard")
    assert rnd.trick is None and rnd.to_act == 0


def test_four_lby_at_41_and_the_same_combination_on_both_sides():
    # D3: both hold four_ends; the regular leader 1 leads its mixed-suit AS TC TD TH.
    rnd = deal_round("duel", 0, "AS TC TD TH", "AC AD AH TS", "KH", stock="6C 6D 7D 7C 8C 8D 9D 9C")
    trick = rnd.trick
    assert (trick.leader, trick.combo, sorted(trick.lead)) == (1, "four_ends", sorted(cards("AS TC TD TH")))
    assert refused(rnd, "beat AC AD AH TS") == "does_not_beat"  # AH cannot take both AS and TH
    play(rnd, "discard")
    assert rnd.points == [0, 84] and rnd.tricks[-1].winner == 1


def test_with_four_ends_off_the_other_holds_moscow():
    rnd = deal_round("duel", 0, "AS TC TD TH", "AC AD AH TS", "KH", combos=("moscow", "molodka"))
    trick = rnd.trick
    assert (trick.leader, trick.combo, sorted(trick.lead)) == (0, "moscow", sorted(cards("AH AC AD")))
    assert "TS" in hand(rnd, 0)


def test_golden_moscow_outranks_the_regular_leaders_bura():
    rnd = deal_round("duel", 0, "6S 7S 8S 9S", "AC AD AH AS", "KS")
    trick = rnd.trick
    assert (trick.leader, trick.combo, sorted(trick.lead)) == (0, "golden_moscow", sorted(cards("AC AD AH AS")))
    rnd = deal_round("duel", 0, "6S 7S 8S 9S", "AC AD AH AS", "KS", combos=("bura", "moscow"))
    assert (rnd.trick.leader, rnd.trick.combo) == (1, "bura")


# --- §2.6 the end of a deal and the penalties -------------------------------------------------


def test_sixty_all_is_a_draw():
    rnd = Round(TableRules("duel"), 0, D4)
    play_out(rnd)
    assert all(t.combo is None for t in rnd.tricks)
    assert (rnd.end, rnd.points, rnd.winner, rnd.penalties) == ("cards_out", [60, 60], None, [0, 0])


@pytest.mark.parametrize("points, expected", [
    ([60, 60], (None, [0, 0])),
    ([61, 59], (0, [0, 2])),
    ([88, 32], (0, [0, 2])),
    ([89, 31], (0, [0, 4])),    # 31 is in the 4 band (S004)
    ([31, 89], (1, [4, 0])),
    ([119, 1], (0, [0, 4])),
    ([120, 0], (0, [0, 6])),
    ([0, 120], (1, [6, 0])),
])
def test_penalty_bands(points, expected):
    assert FORMATS["duel"].deal_result("cards_out", points, None) == expected


def test_the_31_edge_and_nothing_taken():
    # D5: deal 1 by 0 with the lowest-card policy; deal 2 by 1, every answer a discard.
    match = Match(TableRules("duel", ()), dealer=0, decks=[D5, D5])
    play_out(match)
    assert (match.round.points, match.round.penalties, match.round.winner) == ([89, 31], [0, 4], 0)
    match.next_round()
    play_out(match, discard_all)
    assert (match.round.points, match.round.penalties) == ([120, 0], [0, 6])
    assert match.penalties == [0, 10] and not match.is_over


def test_zero_points_cost_six_even_with_tricks_taken():
    zero = Trick(1, 1, None, [Play(1, "lead", tuple(cards("6S"))), Play(0, "discard", tuple(cards("7S")))],
                 1, tuple(cards("6S")), True)
    rnd = Round.from_position(TableRules("duel"), 1, hands=[cards("AS"), cards("6C")], stock=[],
                              trump_card=cards("6H")[0], trump_drawn_by=1, tricks=[zero], trick=None,
                              points=[109, 0], to_act=0)
    play(rnd, "lead AS", "discard")
    assert rnd.is_over and rnd.points == [120, 0] and rnd.penalties == [0, 6]


# --- §2.7 the match -------------------------------------------------------------------


def test_the_match_ends_after_a_deal_in_which_a_player_reaches_twelve():
    match = Match(TableRules("duel", ()), dealer=1, decks=[D5, D4, D5])
    play_out(match, discard_all)                     # dealer 1: 0 leads and takes everything
    assert match.penalties == [0, 6]
    match.next_round()
    assert match.round.dealer == 0
    play_out(match)                                  # D4: 60–60
    assert match.penalties == [0, 6] and not match.is_over
    match.next_round()
    play_out(match, discard_all)
    assert match.penalties == [0, 12] and match.is_over and match.winners == [0]
    with pytest.raises(IllegalMoveError):
        match.next_round()


# --- knowledge (RULES.md §9 with two seats) ------------------------------------------------


def test_own_points_include_the_closed_discards_in_ones_tricks_the_others_are_hidden():
    rnd = d1()
    play(rnd, "lead 9C", "beat TC", "lead 7S JS", "discard AH 6C")
    v0, v1 = rnd.view(0), rnd.view(1)
    assert (v0.points, v0.unseen_taken) == (23, 0) and v1.points == 0
    assert v0.round_points is None and v1.round_points is None
