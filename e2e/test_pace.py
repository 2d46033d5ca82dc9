"""The game's pace never depends on the player's clicks: selecting
cards while the bots are to move re-renders the table, but never puts their
moves off.  (Before, every click restarted the bot's timer: a player tapping
a card every 300 ms held the table up for good.)

Getting to a trick of ours to lead is moved on by Playwright's clock (the table's
timers run on the page's clock, web/page/host.js); the watched tricks then run on
it as time does, so the bots' pace there is the real one."""

from __future__ import annotations

import random
import time

from tablekit import hand, new_match, open_table, play_turn, saved, wait_settled

CLICK_EVERY_MS = 100
WATCH_S = 4.0
BOT_MOVE_S = 0.85
"""A bot's move at «normal» (the clicks that used to restart its timer came sooner than this)."""


def _moves(page) -> int:
    return sum(len(r) for r in saved(page)["rounds"])


def test_clicking_cards_during_bot_turns_does_not_hold_the_game_up(page, base_url):
    page.clock.install()
    open_table(page, base_url, seed=11, speed="normal", watch=False)
    new_match(page, "pairs", "easy")
    rng = random.Random(11)
    while page.locator("#trick .play").count() or len(hand(page)) < 2:  # until ours to lead, cards to spare
        play_turn(page, rng)
        if wait_settled(page, hurry=True) == "round_end":
            page.click("#result [data-action=next]")
            wait_settled(page, hurry=True)
    play_turn(page, rng)  # our lead: three bots answer now, 850 ms a move at normal speed
    before = _moves(page)
    clicked: list[float] = []
    start = time.monotonic()
    while time.monotonic() - start < WATCH_S and page.get_attribute("#table", "data-turn") != "me":
        cards = hand(page)
        if cards:
            page.click(f'#hand [data-card="{cards[len(clicked) % len(cards)]}"]')
            clicked.append(time.monotonic())
        page.wait_for_timeout(CLICK_EVERY_MS)
    moved = _moves(page) - before
    # Three bot moves take 2.6 s at normal speed; a click every 100 ms used to stop them all, as
    # did any click sooner than a bot's 850 ms after the last.  Under load a click takes longer
    # and fewer fit before the bots are done: what counts is that they came faster than that.
    gaps = sorted(b - a for a, b in zip(clicked, clicked[1:]))
    assert len(clicked) >= 5 and gaps[len(gaps) // 2] < BOT_MOVE_S and moved >= 2, (len(clicked), gaps, moved)
