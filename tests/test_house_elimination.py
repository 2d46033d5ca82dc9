"""RULES-house.md §1: elimination at 12 (``four``, ``three``) — seats at 12 or
more go out together, a round is dealt to the seats still in (31 the pass mark
with two), the dealer and the lead pass over the seats out, places, the end
with one seat in."""

import pytest

from burkozel import DECK, Match, Move, TableRules
from burkozel.replay import replay
from burkozel.rules import Elimination
from househelp import house_policy, house_scenario, play_deal
from stacking import parse_deck

R3 = parse_deck("9C TC JC KS QS 8S 6H KC QC 6S JH 6C 7S 9D KH 6D 8D TS AS AC 7C 8C JS JD 7H TH 7D 9H QD KD 8H "
                "QH AH TD AD 9S")


def p0(rnd):
    """§11's P0: the leader leads its lowest card by (is trump, rank, suit); every answer discards."""
    if rnd.trick is None:
        return Move.lead(min(rnd.hands[rnd.to_act], key=lambda c: (c.suit == rnd.trump, c.rank, c.suit)))
    return Move.discard()


def play(match, policy):
    while not match.round.is_over:
        match.push(policy(match.round))


def test_h1_three_with_elimination():
    match = Match(TableRules("three", (), house={"elimination": True}), seed=0, dealer=0,
                  decks=[DECK, DECK, R3, DECK])
    play(match, p0)
    assert match.round.points == [0, 120, 0] and match.penalties == [6, 0, 6]
    match.next_round()
    play(match, p0)
    assert match.penalties == [12, 6, 6] and not match.is_over
    assert match.standing.out == (0,) and match.standing.places == (3, None, None)
    r3 = match.next_round()
    assert (r3.dealer, r3.in_play, r3.to_act) == (2, (1, 2), 1)
    assert sorted(map(str, r3.hands[1])) == sorted("9C JC QS 6H".split()) and r3.hands[0] == []
    assert r3.stock_size == 28
    # Every seat's view of the round of two says its pass mark (§1.6), the one out's too.
    assert [match.view(s).pass_mark for s in range(3)] == [31, 31, 31]
    assert match.view(1).to_dict()["pass_mark"] == 31
    play(match, house_policy)
    first = r3.tricks[0]
    assert [tuple(map(str, p.cards)) for p in first.plays] == [("6H",), ("8S",)] and first.winner == 2
    assert len(r3.tricks) == 18 and r3.tricks[13].winner == 1 and r3.trump_drawn_by == 2
    assert r3.points == [0, 94, 26] and r3.penalties == [0, 0, 4]  # 26 is below the pass mark of two, 31
    assert match.penalties == [12, 6, 10]
    r4 = match.next_round()
    assert (r4.dealer, r4.to_act) == (1, 2)
    play(match, p0)
    assert r4.penalties == [0, 6, 0] and match.penalties == [12, 12, 10]
    assert Match(TableRules("three", (), house={"elimination": True}), seed=0).view(0).pass_mark == 21
    assert match.is_over and match.winners == [2]
    assert match.standing.out == (0, 1) and match.standing.places == (3, 2, 1)


def test_h1_switch_off_ends_after_round_2():
    match = Match(TableRules("three", ()), seed=0, dealer=0, decks=[DECK, DECK])
    play(match, p0)
    match.next_round()
    play(match, p0)
    assert match.is_over and match.winners == [1, 2]


def test_h1_as_replay_examples():
    out, status = replay(house_scenario("h1_three_elimination"))
    assert status == 0 and out["winners"] == [2] and out["out"] == [0, 1] and out["places"] == [3, 2, 1]
    assert out["penalties"] == [12, 12, 10] and out["match_over"] and out["hands"][0] == []
    r3 = out["rounds"][2]
    assert (r3["dealer"], r3["seats"], r3["out"], r3["points"], r3["penalties"]) == (
        2, [1, 2], [], [None, 94, 26], [None, 0, 4])
    assert out["rounds"][1]["out"] == [0] and out["rounds"][3]["out"] == [1]
    out, _ = replay(house_scenario("h1_three_no_elimination"))
    assert out["match_over"] and out["winners"] == [1, 2] and "places" not in out and "seats" not in out["rounds"][0]


@pytest.mark.parametrize("totals, going, staying, places", [
    ([0, 0, 13, 0], (2,), 3, {2: 4}),                 # alone first of four: 4th
    ([0, 14, 4, 12], (1, 3), 1, {1: 3, 3: 2}),        # together at 14 and 12, leaving 0
    ([0, 13, 4, 13], (1, 3), 1, {1: 2, 3: 2}),        # at 13 and 13: both 2nd
])
def test_places_with_company(totals, going, staying, places):
    assert Elimination().places(totals, going, staying) == places


@pytest.mark.parametrize("fmt, seed", [("four", 1), ("four", 2), ("three", 3), ("three", 4)])
def test_a_match_ends_with_one_seat_in(fmt, seed):
    match = Match(TableRules(fmt, (), house={"elimination": True}), seed=seed)
    n = match.rules.players
    while not match.is_over:
        rnd = match.round
        seats = rnd.in_play
        assert all(len(rnd.hands[s]) == 4 for s in seats) and all(not rnd.hands[s] for s in range(n) if s not in seats)
        assert rnd.dealer in seats and rnd.to_act == next(s for s in seats[seats.index(rnd.dealer) + 1:] + seats)
        play_deal(rnd)
        assert sum(len(t.cards) for t in rnd.tricks) == 36
        if not match.is_over:
            match.next_round()
    standing = match.standing
    assert len(standing.seats_in) == 1 and match.winners == list(standing.seats_in)
    assert sorted(standing.out + standing.seats_in) == list(range(n))
    assert standing.places[standing.seats_in[0]] == 1 and None not in standing.places
    assert all(match.penalties[s] >= 12 for s in standing.out)


def test_a_save_with_seats_out_resumes():
    for seed in range(20):
        match = Match(TableRules("four", (), house={"elimination": True}), seed=seed)
        while not match.is_over and len(match.standing.seats_in) == 4:
            play_deal(match)
            if not match.is_over:
                match.next_round()
        if not match.is_over:
            break
    assert len(match.round.in_play) < 4
    match.push(house_policy(match.round))
    again = Match.from_dict(match.to_dict())
    assert again.round.in_play == match.round.in_play and again.round.hands == match.round.hands
    view = again.view(again.round.to_act)
    assert view.in_play == match.round.in_play and view.legal_moves == again.round.legal_moves
