"""RULES-house.md §4: ``redeal`` — a deal dealt with бура or a combination that
is on, in any hand, is gathered and dealt again by the same dealer: no trick,
points, penalty or winner; at a pot nobody antes again."""

from burkozel import Match, TableRules
from burkozel.replay import replay
from househelp import house_scenario, scenario_match, shown
from stacking import deal_deck


def report(name):
    out, status = replay(house_scenario(name))
    assert status == 0
    return out


def test_h6_a_dealt_molodka_that_would_do_nothing_is_redealt():
    out = report("h6_bura31_redeal_winner")
    first = out["rounds"][0]
    assert (first["end"], first["winner"], first["tricks"], first["points"], first["penalties"], first["complete"]) == (
        "redeal", None, [], [0, 0], [0, 0], True)
    second = out["rounds"][1]
    assert (second["end"], second["winner"], second["penalties"]) == ("bura", 0, [0, 2])
    assert out["to_act"] == 1 and sorted(out["hands"][1]) == ["7C", "8C", "9D"]
    out = report("h6_bura31_redeal_alternate")
    assert out["to_act"] == 0 and sorted(out["hands"][0]) == ["7C", "8C", "9D"]


def test_a_redeal_comes_only_right_after_the_deal():
    """The бура drawn in H6's deal 2 ends it as бура, not as a redeal."""
    out = report("h6_bura31_redeal_winner")
    assert out["rounds"][1]["end"] == "bura"


def test_the_same_dealer_deals_again_whatever_next_dealer_says():
    deck = deal_deck("AH TH KH", "6D 7C 8S", "6S")
    for nd in ("alternate", "winner"):
        match = Match(TableRules("bura31", ("molodka",), house={"redeal": True, "next_dealer": nd}), seed=0,
                      dealer=1, decks=[deck, deck])
        assert match.round.end == "redeal"
        match.next_round()
        assert match.round.dealer == 1


def test_bura_alone_redeals_and_no_redeal_without_the_switch():
    deck = deal_deck("6H 7H 8H", "6C 7D 8S", "KH")
    match = Match(TableRules("bura31", house={"redeal": True}), seed=0, dealer=0, decks=[deck])
    assert match.round.end == "redeal" and match.round.winner is None
    match = Match(TableRules("bura31"), seed=0, dealer=0, decks=[deck])
    assert match.round.end == "bura" and match.round.winner == 1


def test_an_action_in_a_redealt_deal_is_illegal():
    data = house_scenario("h6_bura31_redeal_winner")
    data = {**data, "rounds": [{"deck": data["rounds"][0]["deck"], "actions": [{"seat": 1, "lead": ["AH"]}]}]}
    out, status = replay(data)
    assert status == 1 and out["error"]["round"] == 0


def test_h5c_pot_redeal_keeps_the_pot_and_nobody_antes():
    out = report("h5c_pot_redeal")
    first, second = out["rounds"]
    assert (first["end"], first["pot"], first["chips"], first["stake"], first["folded"]) == (
        "redeal", 15, [95, 95, 95], 5, [])
    assert (second["dealer"], second["pot"], second["chips"]) == (0, 15, [95, 95, 95])
    assert out["to_act"] == 2


def test_the_combination_that_caused_a_redeal_is_shown_to_all_and_nothing_else():
    """§4.5, H6 deal 1: 1's dealt молодка (AH TH KH) is shown to both; 0's hand stays its own."""
    match = scenario_match("h6_bura31_redeal_winner", deals=1)
    assert match.round.end == "redeal"
    for seat in (0, 1):
        assert shown(match, seat) == [[], ["KH", "TH", "AH"]]
    assert {str(c) for c in match.round.hands[0]} <= {str(c) for c in match.round.unknown_to(1)}
    match = scenario_match("h6_bura31_redeal_winner", deals=2, moves=0)  # the next shows nothing before its end
    assert match.view(1).shown == () and match.view(0).shown == ()


def test_a_pot_redeal_shows_the_holders_cards_to_every_seat():
    match = scenario_match("h5c_pot_redeal", deals=1)
    assert match.round.end == "redeal"
    for seat in (0, 1, 2):
        assert shown(match, seat) == [[], [], ["6D", "9D", "JD"]]


def test_a_redeal_shows_the_first_combination_the_check_finds():
    """Бура and a молодка dealt together: the бура (checked first) is what caused the redeal."""
    deck = deal_deck("6H 7H 8H", "6C 7C 9C", "KH")
    match = Match(TableRules("bura31", ("molodka",), house={"redeal": True}), seed=0, dealer=0, decks=[deck])
    assert match.round.end == "redeal"
    assert shown(match, 0) == [[], ["6H", "7H", "8H"]] == shown(match, 1)
