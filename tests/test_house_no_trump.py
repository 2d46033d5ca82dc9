"""RULES-house.md §5: Бура без козырей (``no_trump``) at ``bura31`` and
``bura_pot`` — no card is turned, the last card is the stock's last and seen
only by its drawer, a card beats only a higher card of its suit, no бура, a
молодка of any suit, no малая Москва of sixes."""

import json
import random

import pytest

from burkozel import DECK, Card, Match, Move, Round, TableRules
from burkozel.replay import ScenarioError, replay
from househelp import house_scenario
from potdeck import pot_round
from stacking import deal_deck

H7 = deal_deck("7C 8C 9D", "6H 8H JH", "AH", "9H 6C QH 7D 6D KC")


def test_h7_the_hearts_are_a_molodka_not_bura():
    out, status = replay(house_scenario("h7_bura31_no_trump"))
    r = out["rounds"][0]
    assert status == 1 and r["trump"] is None
    assert r["tricks"] == [{"leader": 0, "combo": "molodka", "lead": ["6H", "8H", "JH"], "winner": 0, "points": 2}]
    assert out["error"]["index"] == 2  # 1's 6C cannot beat the 9H: no trumps
    assert out["hands"] == [["6D", "QH"], ["6C", "KC", "7D"]] and out["to_act"] == 1
    out, _ = replay(house_scenario("h7_bura31_with_trumps"))
    assert (out["rounds"][0]["end"], out["rounds"][0]["winner"]) == ("bura", 0)


def test_the_last_card_is_nobodys_until_drawn():
    rnd = Round(TableRules("bura31", ("molodka",), house={"no_trump": True}), 0, H7)
    assert rnd.trump_card is None and rnd.trump == 4
    ah = Card.parse("AH")  # the deck's last card: the stock's last, face down
    assert rnd.stock[-1] == ah
    for seat in (0, 1):
        view = rnd.view(seat)
        assert view.trump_card is None and view.trump_suit is None
        assert '"AH"' not in json.dumps(view.to_dict())
        assert ah in rnd.unknown_to(seat)


def test_a_card_beats_only_a_higher_card_of_its_suit_and_the_discard_is_by_points():
    rnd = Round(TableRules("bura31", house={"no_trump": True}), 0, deal_deck("6C 7D 8S", "AH TH 6D", "KH"))
    rnd.push(Move.lead("6C"))
    assert not any(m.kind == "beat" for m in rnd.legal_moves)
    rnd.push(Move.discard())
    assert [str(c) for c in rnd.tricks[0].plays[1].cards] == ["6D"]


def test_small_moscow_of_sixes_is_not_offered_without_trumps():
    with pytest.raises(ValueError, match="no_trump"):
        TableRules("bura31", ("small_moscow_sixes",), house={"no_trump": True})
    data = {**house_scenario("h7_bura31_no_trump"), "combos": ["small_moscow_sixes"]}
    with pytest.raises(ScenarioError):
        replay(data)


def test_three_hearts_are_no_bura_at_the_pot_either():
    rnd = pot_round(3, 0, ["6H 8H JH", "7C 8C 9D", "6C 9C QC"], "AH", house={"no_trump": True})
    assert not rnd.is_over and rnd.trump_card is None


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_play_without_trumps(level):
    from burkozel.bots import make_bot
    rules = TableRules("bura31", ("molodka",), house={"no_trump": True})
    for seed in range(3):
        match = Match(rules, seed=seed)
        bots = [make_bot(level, seed=s, **({"max_iterations": 16, "deterministic": True} if level == "hard" else {}))
                for s in range(2)]
        rnd = match.round
        while not rnd.is_over:
            seat = rnd.to_act
            match.push(bots[seat].get_move(match.view(seat)), seat)
        assert sum(rnd.points) <= 120


def test_the_drawer_of_the_last_card_sees_it_and_nobody_else():
    rng = random.Random(4)
    rules = TableRules("bura31", house={"no_trump": True})
    deck = list(DECK)
    rng.shuffle(deck)
    rnd = Round(rules, 0, deck)
    last = deck[-1]
    while rnd.stock_size and not rnd.is_over:
        rnd.push(rng.choice([m for m in rnd.legal_moves if m.kind != "declare"]))
    if rnd.is_over:
        return
    drawer = rnd.trump_drawn_by
    assert last in rnd.hands[drawer] or any(last in t.cards for t in rnd.tricks)
    other = 1 - drawer
    if last in rnd.hands[drawer]:
        assert last in rnd.unknown_to(other) and f'"{last}"' not in json.dumps(rnd.view(other).to_dict())
