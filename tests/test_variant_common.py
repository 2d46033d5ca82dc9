"""RULES-variants.md §0 — what the two-player tables ``duel`` and ``bura31``
share: the alternating dealer (also after a drawn deal), the non-dealer's first
lead, the deck notation with n = 2, the answer (beat every card or discard any)
and the auto-discard."""

import random

import pytest

from burkozel import DECK, Match, Move, Round, TableRules
from stacking import cards, deal_round, hand, parse_deck, play, play_out, refused

TWO = ("duel", "bura31")
HAND = {"duel": 4, "bura31": 3}

# B5 and D4 (RULES-variants.md §5): with the lowest-card policy both end 60–60.
B5 = parse_deck("6C QH JH AD TH TD 8S KS 9H 9S 9C JC 9D 7S JD KC 7H 7C "
                "6H TC AH AS AC JS KH QC QD 8C 8H 6S KD 6D QS TS 7D 8D")
D4 = parse_deck("6S KC AC JC 9H TH TC QD JD 8S 7D 7H TD KS AD TS QH 8H "
                "9D 9C AS 6D 9S AH KD 6H 6C 7S 8D JH JS QS 8C QC 7C KH")
# Drawn deals (the same policy) whose last trick the dealer 0 takes: S003's rule
# («the last trick's taker deals next») would keep the deal at seat 0.
DRAW_DEALER_TAKES_LAST = {
    "duel": parse_deck("6H QH 9H 8S TC 8D 7S QS AS KH QD 6D 9C 7D AD KC AH 7H "
                       "9S 8H TD JS QC JD JC 6C 8C KS 6S 9D TH TS JH AC KD 7C"),
    "bura31": parse_deck("7H 6S JH 6C AS 9D TH AH QS AD JC 7S 9H TC AC KD 9S 6H "
                         "8C TD 9C KS 6D 7C KH 8D 8S JS JD 7D QH TS KC 8H QC QD"),
}


# --- the deal ----------------------------------------------------------------


@pytest.mark.parametrize("fmt", TWO)
@pytest.mark.parametrize("dealer", [0, 1])
def test_the_deck_is_dealt_one_card_at_a_time_from_the_non_dealer(fmt, dealer):
    h = HAND[fmt]
    rnd = Round(TableRules(fmt, ()), dealer, DECK)
    for i in range(2 * h):
        assert DECK[i] in rnd.hands[(dealer + 1 + i) % 2]
    assert [len(x) for x in rnd.hands] == [h, h]
    assert rnd.stock == list(DECK[2 * h:]) and rnd.stock_size == 36 - 2 * h
    assert rnd.trump_card == DECK[-1] and rnd.stock[-1] == DECK[-1] and rnd.trump_drawn_by is None


@pytest.mark.parametrize("fmt", TWO)
def test_the_shorthand_deals_nd_then_d(fmt):
    nd, d = ("AH TH KH", "6D 7D 8D") if fmt == "bura31" else ("6C 7D 8S 9C", "TC 6D 7S JS")
    for dealer in (0, 1):
        rnd = deal_round(fmt, dealer, nd, d, "QS", stock="QD QC", combos=())
        assert hand(rnd, 1 - dealer) == " ".join(map(str, sorted(cards(nd))))
        assert hand(rnd, dealer) == " ".join(map(str, sorted(cards(d))))
        assert [str(c) for c in rnd.stock[:2]] == ["QD", "QC"] and str(rnd.stock[-1]) == "QS"


@pytest.mark.parametrize("fmt", TWO)
@pytest.mark.parametrize("dealer", [0, 1])
def test_the_non_dealer_leads_first(fmt, dealer):
    rnd = Round(TableRules(fmt, ()), dealer, DECK)
    assert rnd.to_act == 1 - dealer and rnd.trick is None
    leader_card = rnd.hands[1 - dealer][0]
    assert refused(rnd, Move.lead(rnd.hands[dealer][0]), dealer) == "not_your_turn"
    rnd.push(Move.lead(leader_card), seat=1 - dealer)
    assert rnd.trick.leader == 1 - dealer and rnd.to_act == dealer


# --- the dealer alternates ---------------------------------------------------


@pytest.mark.parametrize("fmt, deck, last_taker", [
    ("bura31", B5, 1), ("duel", D4, 1),
    ("bura31", DRAW_DEALER_TAKES_LAST["bura31"], 0), ("duel", DRAW_DEALER_TAKES_LAST["duel"], 0)])
def test_the_deal_alternates_also_after_a_drawn_deal(fmt, deck, last_taker):
    match = Match(TableRules(fmt), dealer=0, decks=[deck, deck])
    play_out(match)
    rnd = match.round
    assert rnd.end == "cards_out" and rnd.points == [60, 60] and rnd.winner is None and rnd.penalties == [0, 0]
    assert rnd.tricks[-1].winner == last_taker and not match.is_over
    match.next_round()
    assert match.round.dealer == 1 and match.round.to_act == 0


@pytest.mark.parametrize("fmt", TWO)
def test_deal_k_is_dealt_by_dealer_plus_k_whoever_wins(fmt):
    rng = random.Random(fmt)
    relations = set()
    for first in (0, 1):
        match = Match(TableRules(fmt), seed=f"alternate/{fmt}/{first}", dealer=first)
        k = 0
        while True:
            assert match.round.dealer == (first + k) % 2
            play_out(match, lambda r: r.random_move(rng))
            if match.is_over:
                break
            winner = match.round.winner
            match.next_round()
            k += 1
            if winner is not None:
                relations.add(winner == match.round.dealer)
        assert k >= 2
    # The deals were won by the next dealer and by the other seat: the winner does not choose.
    assert relations == {True, False}


# --- the answer ----------------------------------------------------------------


def test_a_beat_must_beat_every_led_card_each_by_a_different_card():
    # duel, trump S: 0 (ND) leads 9H TH; 1 holds AH (beats both) 6C 6S 7S.
    rnd = deal_round("duel", 1, "9H TH 8C 8D", "AH 6C 6S 7S", "KS", combos=())
    play(rnd, "lead 9H TH")
    for answer in ("beat AH 6C", "beat 6S 6C"):
        assert refused(rnd, answer) == "does_not_beat"  # no partial beat: 6C beats nothing
    assert refused(rnd, "beat AH") == "wrong_count"
    rnd.push(Move.beat("AH", "6S"))  # AH on 9H or TH, the trump 6S on the other
    assert rnd.tricks[-1].winner == 1 and rnd.points == [0, 21]


@pytest.mark.parametrize("fmt", TWO)
def test_the_pairing_is_found_by_the_engine_whatever_the_order_named(fmt):
    # B4's first trick: 0 leads AD 6D, 1 beats with 7D 9S (7D on 6D, the trump 9S on AD).
    rnd = deal_round(fmt, 1, "AD 6D KH 8C" if fmt == "duel" else "AD 6D KH",
                     "7D 9S QC 8H" if fmt == "duel" else "7D 9S QC", "6S", combos=())
    play(rnd, "lead AD 6D", "beat 7D 9S")
    assert rnd.tricks[-1].winner == 1 and rnd.points == [0, 11] and rnd.to_act == 1


@pytest.mark.parametrize("fmt", TWO)
def test_a_discard_is_allowed_when_a_beat_was_possible_and_the_leader_takes(fmt):
    nd, d = ("7S JS 8C", "8S AH 6C") if fmt == "bura31" else ("7S JS 8C 9C", "8S AH 6C 7C")
    rnd = deal_round(fmt, 0, nd, d, "KH", combos=())
    play(rnd, "lead 7S JS")
    assert rnd.is_legal(Move.beat("8S", "AH"))
    play(rnd, "discard 8S 6C")
    trick = rnd.tricks[-1]
    assert trick.winner == 1 and rnd.points == [0, 2] and rnd.to_act == 1
    assert [p.kind for p in trick.plays] == ["lead", "discard"] and trick.plays[1].cards == Move.discard("8S", "6C").cards
    assert "AH" in hand(rnd, 0)


@pytest.mark.parametrize("fmt", TWO)
def test_auto_discard_completes_with_the_least_valuable_cards_trumps_last(fmt):
    # trump H; the dealer 1 answers a two-card lead with one card or none chosen.
    nd, d = ("6C 7C 8C", "6H KS JD") if fmt == "bura31" else ("6C 7C 8C 9C", "6H KS JD QS")
    rnd = deal_round(fmt, 1, nd, d, "AH", combos=())
    play(rnd, "lead 6C 7C")
    assert rnd.check(Move.discard()) == tuple(cards("JD KS" if fmt == "bura31" else "JD QS"))
    assert rnd.check(Move.discard("6H")) == tuple(cards("6H JD"))  # chosen first, then the cheapest
    play(rnd, "discard")
    assert "6H" in hand(rnd, 1)
    assert rnd.tricks[-1].plays[1].cards == tuple(cards("JD KS" if fmt == "bura31" else "JD QS"))


@pytest.mark.parametrize("fmt", TWO)
def test_a_discard_of_too_many_cards_is_refused(fmt):
    rnd = Round(TableRules(fmt, ()), 0, DECK)
    lead = rnd.hands[1][0]
    rnd.push(Move.lead(lead))
    assert refused(rnd, Move.discard(*rnd.hands[0][:2])) == "wrong_count"


# --- the replay of the two-player tables (SCENARIOS.md) ---------------------------------


def _scenario(fmt, deck, actions=(), **fields):
    return {"format": fmt, "dealer": 0, "rounds": [{"deck": [str(c) for c in deck], "actions": list(actions)}],
            **fields}


@pytest.mark.parametrize("fields", [
    {"format": "bura31", "combos": ["bura"]},           # not a switch of bura31
    {"format": "bura31", "combos": ["golden_moscow"]},
    {"format": "duel", "combos": ["royal"]},
    {"format": "four", "combos": [], "discard": "open"},  # the four-card tables: closed only
    {"format": "duel", "discard": "sideways"},
    {"format": "duel", "dealer": 2},
])
def test_unreadable_two_player_scenarios(fields):
    from burkozel.replay import ScenarioError, replay

    with pytest.raises(ScenarioError):
        replay({**_scenario("duel", DECK), **fields})


def test_the_replay_reports_the_deals_end_and_winner_only_at_the_two_player_tables():
    from burkozel.replay import replay

    out, status = replay(_scenario("bura31", B5, [{"seat": 1, "declare": True}]))
    assert status == 1 and out["error"]["index"] == 0  # no «31» before the first trick
    assert out["rounds"][0]["end"] is None and out["rounds"][0]["winner"] is None and out["to_act"] == 1
    out, status = replay(_scenario("duel", DECK, [{"seat": 1, "lead": ["6C"]}, {"seat": 0, "beat": ["7C"]},
                                                  {"seat": 0, "declare": True}], combos=[]))
    assert status == 1 and out["error"]["index"] == 2 and out["to_act"] == 0
    out, _ = replay({**_scenario("four", DECK), "combos": []})
    assert "end" not in out["rounds"][0] and "winner" not in out["rounds"][0]
