"""The teaching table in the browser (issue 21): a hint on the player's turn,
the last trick, the deal's story, statistics that survive a reload, a shared
link that opens the same first hand in a fresh context — and none of them
puts a card in the page that seat 0 may not know (``check_no_leak``)."""

from __future__ import annotations

import random

from tablekit import check_no_leak, hand, new_match, play_turn, saved, table_fixtures, wait_settled

shared, table = table_fixtures(seed=21)


def my_turn_with_choice(page, rng: random.Random) -> None:
    """Play on until it is the player's turn with more than one card in hand."""
    for _ in range(60):
        phase = wait_settled(page)
        if phase in ("round_end", "match_end"):
            page.click("#result [data-action=next]")
            continue
        if len(hand(page)) > 1:
            return
        play_turn(page, rng)
    raise AssertionError("no turn with a choice")


def test_a_hint_on_the_players_turn(table):
    page = table
    new_match(page, "pairs", "easy")
    my_turn_with_choice(page, random.Random(1))
    button = page.get_by_role("button", name="Подсказка")
    assert button.is_enabled()
    button.click()
    page.wait_for_function("document.querySelector('#hint .advice') !== null", timeout=30_000)
    text = page.text_content("#hint")
    assert "Сложный бот:" in text
    mine = set(hand(page))
    named = page.evaluate("""() => [...document.querySelectorAll('#hint li, #hint .advice')].map(e => e.textContent)""")
    assert named and any("штраф в среднем" in t for t in named) or "Другого хода" in text
    check_no_leak(page)
    # The hint is gone once the player has moved.
    play_turn(page, random.Random(2))
    page.wait_for_function("document.querySelector('#hint .advice') === null")
