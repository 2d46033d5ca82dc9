"""A shared later deal of «Бура на кон» (RULES-pot.md §7): its dealer and stacks
follow from the deals before it, so its link carries them and opens the deal as it
was dealt — the same dealer, stacks and carried pot, hence the same ante and the
same chips after the same moves; a link whose dealer or stacks cannot be is
refused with a plain message, and the match saved in the browser goes on."""

from __future__ import annotations

import json
import random

import pytest

import webpath  # noqa: F401

from burkozel import FORMATS
from table.coach import share
from table.control.app import App
from table.i18n import languages
from table.match import storage
from table.match.table import Table
from test_controller import env
from test_game import settings, step

texts = languages.for_lang("ru")
STACK = FORMATS["bura_pot"].stack


def pot_table(seed: int, dave: bool = True) -> Table:
    s = settings("bura_pot", "easy")
    storage.table_settings(s, "bura_pot")["switches"]["dave"] = dave
    table = Table(s, speed="instant", seed=seed)
    table.new_match()
    return table


def played_to(table: Table, rng: random.Random, done) -> Table:
    """Step ``table`` until ``done(table)`` holds at the end of a deal."""
    for _ in range(20_000):
        if table.phase() == "round_end" and done(table):
            return table
        assert step(table, rng), "the match ended first"
    raise AssertionError("never reached")


def link_of(table: Table, **kw) -> str:
    """The link of the deal just finished at ``table``."""
    return share.query(share.of_match(table.info, table.match, table.match.round_no, **kw))


def replayed(link: str, table: Table) -> Table:
    """The link opened in a fresh table, and the original deal's moves pushed there."""
    back = share.parse(link)
    fresh = Table(settings("pairs", "easy"), speed="instant")
    fresh.start(share.info_of(back))
    for seat, move in table.match.moves_by_round[-1]:
        fresh.match.push(move, seat)
    return fresh


@pytest.mark.parametrize("carried", [False, True])
def test_a_later_deal_opens_as_it_was_dealt(carried):
    """``carried``: a deal that began with chips left in the pot (after a void deal or a
    false «31», no ante) — the pot is what the stacks lack."""
    table = pot_table(seed=31)
    rng = random.Random(2)
    played_to(table, rng, lambda t: t.match.round_no >= 1 and (t.match.round.start_pot > 0) is carried)
    original = table.match.round
    assert original.start_chips != (STACK,) * len(original.start_chips)
    link = link_of(table, sharer=(0, 0))
    assert f"dealer={original.dealer}" in link and "stacks=" + ".".join(map(str, original.start_chips)) in link
    fresh = replayed(link, table)
    again = fresh.match.round
    assert (again.dealer, again.start_chips, again.start_pot) == (original.dealer, original.start_chips,
                                                                    original.start_pot)
    assert again.deck == original.deck and fresh.match.rules == table.match.rules
    assert (fresh.match.chips, fresh.match.pot, again.end, again.winner) == (table.match.chips, table.match.pot,
                                                                             original.end, original.winner)


def test_the_first_deal_and_tables_without_chips_need_no_stacks():
    """Fresh stacks and tables without chips: the link names the dealer (a key does not
    say who dealt), never stacks."""
    table = played_to(pot_table(seed=8), random.Random(1), lambda t: t.match.round_no == 0)
    assert "stacks" not in link_of(table) and f"dealer={table.match.round.dealer}" in link_of(table)
    three = Table(settings("three", "easy"), speed="instant", seed=8)
    three.new_match()
    played_to(three, random.Random(1), lambda t: t.match.round_no >= 2)
    assert "stacks" not in link_of(three) and f"dealer={three.match.round.dealer}" in link_of(three)


def test_a_shared_later_deal_saves_and_resumes_as_dealt():
    table = played_to(pot_table(seed=5), random.Random(3), lambda t: t.match.round_no >= 2)
    fresh = Table(settings("pairs", "easy"), speed="instant")
    fresh.start(share.info_of(share.parse(link_of(table))))
    rng = random.Random(4)
    for _ in range(6):
        step(fresh, rng)
    saved, notes = storage.load_match(storage.dump_match(fresh.saved()))
    assert not notes and saved["dealer"] == table.match.round.dealer
    assert tuple(saved["start"]["chips"]) == table.match.round.start_chips
    again = Table(settings("pairs", "easy"), speed="instant")
    assert again.restore(saved)
    assert again.view() == fresh.view() and again.info == fresh.info


@pytest.mark.parametrize("tail, why", [
    ("dealer=1&stacks=101.100.100.100", "do not add up"),
    ("dealer=1&stacks=100.100.100", "4 whole numbers"),
    ("dealer=1&stacks=95.x.95.95", "whole numbers"),
    ("dealer=4&stacks=95.115.95.95", "a seat from 0 to 3"),
    ("dealer=-1&stacks=95.115.95.95", "a seat from 0 to 3"),
    ("stacks=95.115.95.95", "both its dealer and its stacks"),
    ("players=3&dealer=1&stacks=95.115.95.95", "3 whole numbers"),
])
def test_impossible_stacks_in_a_link_are_refused_saying_why(tail, why):
    with pytest.raises(share.ImpossibleDeal, match=why):
        share.parse("?table=bura_pot&deal=7-3&" + tail)
    with pytest.raises(share.ImpossibleDeal, match="not played for chips"):
        share.parse("?table=pairs&deal=7-3&dealer=1&stacks=100.100.100.100")


def test_a_link_with_impossible_stacks_says_so_and_the_saved_match_goes_on():
    first = App(env(stored={}))
    first.handle({"type": "click", "action": "new"})
    kept = storage.dump_match(first.table.saved())
    stored = {storage.MATCH_KEY: kept}
    app = App(env("?table=bura_pot&deal=7-3&dealer=1&stacks=500.100.100.100", stored=stored))
    fx = app.take()
    assert texts.NOTICE_SHARED_STACKS in fx["regions"]["notices"]
    assert app.shared is None and app.table.info.secret == json.loads(kept)["secret"]
    assert fx["url"] == "http://127.0.0.1:8000/" and stored[storage.MATCH_KEY] == kept
