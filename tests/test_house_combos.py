"""RULES-house.md §3: Бура's fuller combinations (Москва «в заход», малая Москва
of tens or of sixes, their ranks over молодка, four-card hands) and two буры
(``both_bura``: beat, top, void) at ``bura31`` and ``bura_pot``."""

import pytest

from burkozel import TableRules
from burkozel.replay import ScenarioError, replay
from burkozel.rules import TABLES
from househelp import house_scenario, scenario_match, shown
from potdeck import pot_round
from stacking import deal_deck, deal_round


def report(name):
    out, status = replay(house_scenario(name))
    assert status == 0
    return out


def tricks(out, r=0):
    return [(t["leader"], t["combo"], sorted(t["lead"]), t["winner"], t["points"]) for t in out["rounds"][r]["tricks"]]


def test_h3a_small_moscow_outranks_the_leaders_molodka_then_a_molodka_leads_over_the_new_leader():
    out = report("h3a_bura31_small_moscow_over_molodka")
    assert tricks(out) == [(0, "small_moscow", ["TD", "TH", "TS"], 0, 30), (1, "molodka", ["6D", "7D", "9D"], 1, 5)]
    assert out["to_act"] == 1 and out["hands"] == [["JC", "TC", "JD"], ["8C", "KC", "AC"]]


def test_h3b_the_leaders_small_moscow_blocks_the_others_molodka():
    out = report("h3b_bura31_leader_holds_small_moscow")
    assert tricks(out) == [(0, None, ["TC"], 0, 10)]
    assert out["to_act"] == 0 and out["hands"][1] == []  # 1 leads QS JS 8S out of turn


def test_h3c_moscow_lead_or_moscow_wins():
    out = report("h3c_bura31_moscow_lead")
    assert tricks(out) == [(0, "moscow_lead", ["AC", "AD", "AS"], 0, 33)]
    out = report("h3c_bura31_moscow_wins")
    r = out["rounds"][0]
    assert (r["end"], r["winner"], r["tricks"]) == ("moscow", 0, [])


def test_h3d_small_moscow_of_sixes_with_the_trump_six():
    out = report("h3d_bura31_small_moscow_sixes")
    assert tricks(out) == [(1, "small_moscow_sixes", ["6D", "6H", "6S"], 1, 0)]


def test_sixes_without_the_trump_six_are_nothing():
    rnd = deal_round("bura31", 1, "7C 8C 9D", "6D 6C 6S", "KH", combos=["small_moscow_sixes"])
    assert rnd.trick is None and rnd.to_act == 0


@pytest.mark.parametrize("combos", [["moscow", "moscow_lead"], ["small_moscow", "small_moscow_sixes"]])
def test_ids_that_exclude_each_other(combos):
    with pytest.raises(ValueError, match="exclude"):
        TableRules("bura31", tuple(combos))
    with pytest.raises(ScenarioError, match="exclude"):
        replay({**house_scenario("h3c_bura31_moscow_lead"), "combos": combos})


def test_the_house_combinations_are_listed_apart_from_the_tables_own():
    for name in ("bura31", "bura_pot"):
        table = TABLES[name]
        assert table.combo_ids == ("moscow", "molodka")
        assert table.house_combo_ids == ("moscow_lead", "small_moscow", "small_moscow_sixes")


@pytest.mark.parametrize("rule, winners, penalties", [("beat", [1, 1], [4, 0]), ("top", [0, 1], [2, 2]),
                                                      ("void", [None, None], [0, 0])])
def test_h4_two_buras(rule, winners, penalties):
    out = report(f"h4_bura31_both_bura_{rule}")
    assert [r["winner"] for r in out["rounds"]] == winners and out["penalties"] == penalties
    assert [r["end"] for r in out["rounds"]] == (["void"] * 2 if rule == "void" else ["bura"] * 2)


def test_h4_void_deal_2_is_still_dealt_by_1():
    rules = TableRules("bura31", house={"both_bura": "void"})
    from burkozel import Match
    match = Match(rules, seed=0, dealer=0, decks=[deal_deck("6H 9H TH", "7H 8H AH", "KH")] * 2)
    match.next_round()
    assert match.round.dealer == 1 and match.round.end == "void"


def test_h5a_pot_small_moscow_before_any_dave():
    out = report("h5a_pot_small_moscow")
    assert tricks(out) == [(0, "small_moscow", ["TC", "TD", "TS"], 0, 32)]
    assert out["rounds"][0]["end"] == "declared" and out["chips"] == [110, 95, 95]


@pytest.mark.parametrize("rule, chips, pot", [("beat", [95, 110, 95], 0), ("top", [95, 95, 110], 0),
                                              ("void", [90, 90, 90], 30)])
def test_h5b_pot_two_buras(rule, chips, pot):
    out = report(f"h5b_pot_both_bura_{rule}")
    assert out["chips"] == chips and out["pot"] == pot
    if rule == "void":
        again = report("h5b_pot_both_bura_void_again")
        assert again["rounds"][1]["dealer"] == 0


def test_four_card_hands_lead_their_highest_molodka():
    from burkozel.rules import BURA31_COMBINATIONS
    molodka = next(c for c in BURA31_COMBINATIONS if c.id == "molodka")
    assert [str(c) for c in molodka.find([0, 1, 3, 5], 35)] == ["7C", "9C", "QC"]
    tens = next(c for c in BURA31_COMBINATIONS if c.id == "small_moscow")
    assert [str(c) for c in tens.find([7, 16, 25, 34], 8)] == ["TC", "TD", "TH"]  # trump AC: clubs first
    assert [str(c) for c in tens.find([7, 16, 25, 34], 26)] == ["TH", "TC", "TD"]


def test_the_pot_checks_small_moscow_right_after_the_deal():
    rnd = pot_round(3, 0, ["TC TD TS", "7C 8D 9S", "6C 9C JC"], "7H", combos=("small_moscow",))
    assert rnd.trick is not None and rnd.trick.combo == "small_moscow"


# --- §3.7 a deal ended by Москва or бура shows the winning cards to all --------------------


def test_a_bura_drawn_mid_deal_is_shown_to_both_seats_and_not_before():
    """H6 deal 2: 0 draws 8S to 6S 7S and wins by бура; both views show its three, and
    before the draw nobody's view holds them (1 cannot know 0's spades)."""
    before = scenario_match("h6_bura31_redeal_winner", deals=2, moves=1)
    assert not before.round.is_over and before.view(1).shown == () and shown(before, 1) == []
    assert {"6S", "7S"} <= {str(c) for c in before.round.unknown_to(1)}
    match = scenario_match("h6_bura31_redeal_winner", deals=2)
    assert (match.round.end, match.round.winner) == ("bura", 0)
    for seat in (0, 1):
        assert shown(match, seat) == [["6S", "7S", "8S"], []]
    assert not {"6S", "7S", "8S"} & {str(c) for c in match.round.unknown_to(1)}


def test_moscow_shows_its_three_aces_and_nothing_else():
    match = scenario_match("h3c_bura31_moscow_wins")
    assert match.round.end == "moscow"
    for seat in (0, 1):
        assert shown(match, seat) == [["AC", "AD", "AS"], []]
    assert {"6C", "6H", "6S"} <= {str(c) for c in match.round.unknown_to(0)}  # the loser's hand stays hidden


@pytest.mark.parametrize("rule", ["beat", "top", "void"])
def test_two_buras_show_both_holders_three_to_both(rule):
    """§3.7: several буры (or a void deal) show every holder's three (H4's deals)."""
    match = scenario_match(f"h4_bura31_both_bura_{rule}", deals=1)
    for seat in (0, 1):
        assert shown(match, seat) == [["7H", "8H", "AH"], ["6H", "9H", "TH"]]
        assert not match.round.unknown_to(seat) & {c for h in match.round.hands for c in h}


@pytest.mark.parametrize("rule", ["beat", "top", "void"])
def test_at_a_pot_the_seat_without_bura_sees_both(rule):
    """H5b: seats 1 and 2 hold бура; seat 0, which holds none, sees both threes (and its own)."""
    match = scenario_match(f"h5b_pot_both_bura_{rule}", deals=1)
    assert shown(match, 0) == [[], ["6H", "9H", "TH"], ["7H", "8H", "AH"]] == shown(match, 1) == shown(match, 2)
    assert {str(c) for c in match.round.hands[0]} <= {str(c) for c in match.round.unknown_to(1)}


def test_a_four_card_hand_shows_only_its_three_trumps():
    """H8 deal 2: the open seat's бура is three of its four cards."""
    match = scenario_match("h8_bura31_open_four_handicap_5")
    assert match.round.end == "bura"
    assert shown(match, 1) == [["6H", "7H", "8H"], []]


def test_a_deal_that_ends_otherwise_shows_nothing():
    for name in ("h3a_bura31_small_moscow_over_molodka", "h9_bura5_spades", "h5a_pot_small_moscow"):
        match = scenario_match(name)
        assert all(match.view(s).shown == () for s in range(match.rules.players)), name
