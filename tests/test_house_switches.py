"""RULES-house.md §0: the switches as data, which table has which, their values,
defaults and menu rows; a match's choice carried by the rules, saves and views."""

import json

import pytest

from burkozel import SWITCHES, HouseRules, Match, TableRules, switches_for
from burkozel.house import SWITCH
from burkozel.rules import TABLES
from burkozel.view import SeatView


def test_every_switch_has_a_default_among_its_values_and_a_menu_row():
    for s in SWITCHES:
        assert s.default in s.values and s.menu and set(s.offered) <= set(s.values)
    assert SWITCH["handicap"].values == tuple(range(31)) and SWITCH["handicap"].offered == (0, 3, 5, 10)
    assert SWITCH["spades"].default is True and SWITCH["match"].values == ("penalties", "robber11", "robber21")


def test_each_table_lists_only_switches_the_book_gives_it():
    book = {"elimination": {"four", "three"}, "six": {"pairs", "four", "three", "duel", "bura5"},
            "both_bura": {"bura31", "bura_pot"}, "redeal": {"bura31", "bura_pot"},
            "no_trump": {"bura31", "bura_pot"}, "open": {"bura31"}, "handicap": {"bura31"},
            "open_four": {"bura31"}, "spades": {"bura5"}, "match": {"bura31", "bura5"},
            "next_dealer": {"bura31", "bura5"}}
    for name, table in TABLES.items():
        for key in table.house_keys:
            assert name in book[key], (name, key)
    assert [s.key for s in switches_for("bura5")] == ["six", "spades", "match", "next_dealer"]


def test_defaults_leave_every_table_as_it_was():
    for name in TABLES:
        rules = TableRules(name)
        assert rules.house == HouseRules() and "house" not in rules.to_dict()
        assert TableRules(name, house={}).table == rules.table


@pytest.mark.parametrize("fmt, house", [("pairs", {"spades": False}), ("bura31", {"six": "no_tricks"}),
                                        ("duel", {"match": "robber11"}), ("bura_pot", {"next_dealer": "winner"})])
def test_a_switch_the_table_lacks_is_refused_by_name(fmt, house):
    with pytest.raises(ValueError, match=f"{fmt} has no switch '{next(iter(house))}'"):
        TableRules(fmt, house=house)


@pytest.mark.parametrize("house", [{"six": "never"}, {"match": "robber12"}, {"spades": 1}, {"handicap": 31},
                                   {"open": [2]}, {"colour": True}])
def test_a_value_outside_its_list_or_an_unknown_key_is_refused(house):
    with pytest.raises(ValueError):
        HouseRules.from_dict(house)


def test_the_choice_survives_a_save_and_a_view():
    rules = TableRules("bura5", house={"match": "robber21", "spades": False, "six": "no_tricks"})
    assert rules.to_dict()["house"] == {"six": "no_tricks", "spades": False, "match": "robber21"}
    assert TableRules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    match = Match(rules, seed=3)
    again = Match.from_dict(json.loads(json.dumps(match.to_dict())))
    assert again.rules == rules
    view = match.view(0)
    assert view.house == rules.house and view.table == rules.table
    assert SeatView.from_dict(json.loads(json.dumps(view.to_dict()))) == view


def test_open_seats_read_in_any_order_each_once():
    assert HouseRules.from_dict({"open": [1, 0]}).open == (0, 1)
    for bad in ([0, 0], ["a", 0], [2]):
        with pytest.raises(ValueError, match="open"):
            HouseRules.from_dict({"open": bad})
