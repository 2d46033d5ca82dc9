"""«Бура на кон» by clicks, at three, four and six seats: the menu's switches, «Даве» beside
«Ходить» and «31», the answers «Принять (N фишек)» / «Пас» (and the bots' answers shown),
the pot and every stack, the end-of-deal dialog,
no hidden card in the DOM, «считать в уме» hiding the running count, the statistics of pots,
chips and «даве», and a pot's deal shared by link."""

from __future__ import annotations

import random

import pytest

from burkozel import fair
from tablekit import (check_no_leak, hand, new_match, play_round, play_turn, replay, saved, table_fixtures,
                      wait_settled)
from test_teaching_table import fresh_page

shared, table = table_fixtures(seed=5)

SIZES = ((1280, 800), (390, 844), (844, 390))


def _chips(page) -> list[int]:
    return [int(x) for x in page.eval_on_selector_all("#score .stacks b", "els => els.map(e => e.textContent)")]


def _answers_shown(page) -> None:
    """The bots' answers to the player's «даве», as the saved moves (the engine's) have them:
    said on the table where the cards will be played and marked on the seats while the player is still to lead."""
    moves = saved(page)["rounds"][-1]
    said = [(s, m) for s, m in moves[next(i for i, (_, m) in enumerate(moves) if "dave" in m):] if "accept" in m or "fold" in m]
    if not said or page.get_attribute("#table", "data-phase") != "play":
        return
    assert page.inner_text("#trick .answers").startswith("На ваше «даве»")
    for seat, move in said:
        assert page.is_visible(f"#table .seat[data-seat='{seat}'] .tag.{'accepted' if 'accept' in move else 'folded-tag'}")


@pytest.mark.parametrize("discard, players", [("closed", 4), ("open", 4), ("closed", 3), ("open", 6)])
def test_a_pot_by_clicks_with_dave(table, discard, players):
    page = table
    new_match(page, "bura_pot", combos={"dave": True}, discard=discard, players=players)
    rng = random.Random(7)
    raised = False
    for _ in range(400):
        phase = wait_settled(page)
        if phase in ("round_end", "match_end"):
            break
        check_no_leak(page)
        assert page.is_visible("#pot-box") and len(_chips(page)) == players
        assert sum(_chips(page)) + int(page.inner_text("#pot-box .pot-val")) == 100 * players
        dave = page.query_selector("[data-action=dave]:not([disabled])")
        if dave and not raised:
            dave.click()
            raised = True
            wait_settled(page)
            _answers_shown(page)
            continue
        play_turn(page, rng)
    else:
        raise AssertionError("the deal did not end")
    body = page.inner_text("#result-body")
    assert "банк" in body.lower() and page.query_selector("#result-body .stacks")
    assert raised
    assert len(saved(page)["chips"]) == players


def test_count_in_head_hides_the_running_count(table):
    page = table
    new_match(page, "bura_pot", combos={"count_in_head": True})
    wait_settled(page)
    assert page.query_selector("#score .pts") is None and page.is_visible("#pot-box")


def test_screens(table, tmp_path_factory):
    """Screens at the layout sizes (kept under the test's temporary folder to look at)."""
    page = table
    new_match(page, "bura_pot", combos={"dave": True})
    wait_settled(page)
    out = tmp_path_factory.mktemp("pot-screens")
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        page.evaluate("window.burkozelSettled()")
        page.screenshot(path=str(out / f"pot-{w}x{h}.png"))
        for seat in page.query_selector_all("#table .seat"):
            assert seat.is_visible()
    print("screens:", out)


def _deal_counts(data: dict) -> dict[str, int]:
    """What the deal just finished adds to the player's record, from the saved moves replayed:
    the pot and the chips taken (what the last move moved to the player's stack), the
    player's «даве» and answers."""
    rounds, moves = data["rounds"], data["rounds"][-1]
    match, before = replay(data), replay(data, at=(len(rounds) - 1, len(moves) - 1))
    taken = match.round.winner == 0
    return {"pots_won": int(taken), "chips_won": match.chips[0] - before.chips[0] if taken else 0,
            "dave_raised": int(any(s == 0 and "dave" in m for s, m in moves)),
            "dave_answered": sum(1 for s, m in moves if s == 0 and ("accept" in m or "fold" in m))}


def test_statistics_at_the_pot_count_pots_chips_and_the_dave(table):
    """Every deal's pots, chips and «даве» are counted as the saved moves have them, until the
    player has taken a pot, raised and answered; a match that ends first is followed by a new
    one at the same table (the record is the table's, across matches)."""
    page = table
    page.evaluate("localStorage.removeItem('burkozel.stats')")
    # Every switch of the table set here: the page is shared, and an earlier test's open discards
    # would deal other games.
    new_match(page, "bura_pot", "medium", combos={"dave": True}, discard="closed", players=3)
    rng = random.Random(12)
    expected = dict.fromkeys(("pots_won", "chips_won", "dave_raised", "dave_answered"), 0)
    for deal in range(30):  # until the player has taken a pot, raised and answered
        raised = False
        for _ in range(300):
            phase = wait_settled(page)
            if phase in ("round_end", "match_end"):
                break
            dave = page.query_selector("[data-action=dave]:not([disabled])")
            if dave and not raised and deal % 2 == 0:
                dave.click()
                raised = True
                continue
            play_turn(page, rng)
        for key, n in _deal_counts(saved(page)).items():
            expected[key] += n
        if all(expected.values()):
            break
        page.click("#result [data-action=next]")  # the next deal, or after a match's end a new match
    assert expected["pots_won"] and expected["dave_raised"] and expected["dave_answered"], expected
    entry = page.evaluate("JSON.parse(localStorage.getItem('burkozel.stats'))")["tables"]["bura_pot/medium"]
    assert {k: entry[k] for k in expected} == expected
    page.click("#result [data-action=stats]")
    page.locator("#info").wait_for(state="visible")
    for key, n in expected.items():
        assert page.inner_text(f"#info [data-stat={key}] td") == str(n), key
    page.click("#info .dlg-buttons [data-action=close-info]")


def test_a_shared_pot_deal_opens_at_the_same_table_with_the_same_hand(table, browser, server):
    """The deal in play is not shared; once it is over, the result's «Поделиться раздачей» links
    it by its key with the seat count and «даве»: a fresh browser gets the same deal at five
    seats (the same deck and dealer, the same first hand), the raise offered, fresh stacks and
    the ante in the pot."""
    page = table
    new_match(page, "bura_pot", "easy", combos={"dave": True}, discard="closed", players=5)
    first, stacks, pot = sorted(hand(page)), _chips(page), page.inner_text("#pot-box .pot-val")
    mine = saved(page)
    key = fair.deal_key(bytes.fromhex(mine["secret"]), 0)
    page.get_by_role("button", name="Поделиться раздачей").click()
    page.locator("#info").wait_for(state="visible")
    assert page.locator("#info [data-share-link]").count() == 0  # a link would deal every hand in play
    page.click("#info .dlg-buttons [data-action=close-info]")
    play_round(page, random.Random(3), check=False)
    page.click("#result [data-action=share]")
    page.locator("#info").wait_for(state="visible")
    link = page.get_attribute("#info [data-share-link]", "href")
    assert "table=bura_pot" in link and "players=5" in link and "dave=1" in link and f"key={key.hex()}" in link
    assert mine["secret"] not in link and "stacks=" not in link  # the first deal: fresh stacks
    page.click("#info .dlg-buttons [data-action=close-info]")
    ctx, other = fresh_page(browser, server, link + "&speed=instant")
    try:
        wait_settled(other)
        assert sorted(hand(other)) == first
        assert other.get_attribute("#table", "data-players") == "5" and other.locator("#table .seat").count() == 5
        theirs = saved(other)
        assert theirs["format"] == "bura_pot" and theirs["players"] == 5 and theirs["dave"] is True
        assert theirs["keys"] == [key.hex()] and theirs["secret"] != mine["secret"]
        dealt, again = replay(mine), replay(theirs)
        assert again.deck_for(0) == dealt.deck_for(0)  # every hand, not only the player's
        assert again.rounds[0].dealer == dealt.rounds[0].dealer
        assert _chips(other) == stacks and other.inner_text("#pot-box .pot-val") == pot
        if not any("dave" in m for _, m in theirs["rounds"][0]):  # no bot raised before the player's turn
            assert stacks == [95] * 5 and pot == "25"
        assert other.locator("[data-action=dave]").count() == 1
        check_no_leak(other)
    finally:
        ctx.close()


def test_a_shared_later_deal_opens_as_dealt_and_impossible_stacks_say_so(browser, server):
    """A later deal's link carries its key, its dealer and the stacks it began with (the pot is
    what they lack): a fresh browser deals the same hand, shows those stacks and the pot carried
    over with no ante; a link whose stacks cannot be says so, and the match saved there stays."""
    import sys
    from dataclasses import replace
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
    from burkozel import FORMATS, Match, TableRules
    from table.coach import share

    table = FORMATS["bura_pot"]
    rules = TableRules("bura_pot")
    chips, pot = (95, 130, 80, 75), 20
    key = fair.deal_key(fair.seeded_secret(77), 4)  # the fifth deal of some match, over
    shared = share.SharedDeal("bura_pot", rules.combos, rules.discard, "easy", None, 4, dealer=2, chips=chips,
                              pot=pot, key=key.hex())
    dealt = Match(rules, secret=fair.seeded_secret(1), keys=(key,), dealer=2, chips=chips, pot=pot)
    assert sum(chips) + pot == table.stack * rules.players
    link = share.query(shared)
    assert share.parse(link) == shared
    ctx, other = fresh_page(browser, server, server.url + link + "&speed=instant")
    try:
        wait_settled(other)
        assert sorted(hand(other)) == sorted(str(c) for c in dealt.view(0).hand)
        mine = saved(other)
        assert mine["dealer"] == 2 and mine["start"] == {"chips": list(chips), "pot": pot}
        assert mine["keys"] == [key.hex()]
        # No «даве» at this table and no deal ended before the player's first turn: the stacks
        # as they began and the pot carried over, no ante taken from anyone.
        assert other.get_attribute("#table", "data-phase") == "play"
        assert _chips(other) == list(chips) and other.inner_text("#pot-box .pot-val") == str(pot)
        other.locator("#table .seat[data-seat='2'] .tag.dealer").wait_for()
        bad = replace(shared, chips=(500, 130, 80, 75))
        other.goto(server.url + share.query(bad) + "&speed=instant")
        other.wait_for_function("document.documentElement.dataset.state === 'ready'")
        other.locator("#notices .notice").first.wait_for()
        assert "фишки такими быть не могут" in other.inner_text("#notices")
        assert saved(other)["start"] == mine["start"] and saved(other)["secret"] == mine["secret"]
        assert "stacks=" not in other.url
    finally:
        ctx.close()
