"""«Бура на кон» by clicks, at three, four and six seats: the menu's switches, «Даве» beside
«Ходить» and «31», the answers «Принять (N фишек)» / «Пас» (and the bots' answers shown),
the pot and every stack, the end-of-deal dialog,
no hidden card in the DOM, and «считать в уме» hiding the running count."""

from __future__ import annotations

import random

import pytest

from tablekit import check_no_leak, new_match, play_turn, saved, table_fixtures, wait_settled

shared, table = table_fixtures(seed=5)

SIZES = ((1280, 800), (390, 844), (844, 390))


def _chips(page) -> list[int]:
    return [int(x) for x in page.eval_on_selector_all("#score .stacks b", "els => els.map(e => e.textContent)")]


def _answers_shown(page) -> None:
    """The bots' answers to the player's «даве», as the saved moves (the engine's) have them:
    said under the prompt and marked on the seats while the player is still to lead."""
    moves = saved(page)["rounds"][-1]
    said = [(s, m) for s, m in moves[next(i for i, (_, m) in enumerate(moves) if "dave" in m):] if "accept" in m or "fold" in m]
    if not said or page.get_attribute("#table", "data-phase") != "play":
        return
    assert page.inner_text("#status .answers").startswith("На ваше «даве»")
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
