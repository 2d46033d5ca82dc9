"""«Бура на кон» at two to six seats, by clicks: the menu's «Сколько за столом», the
layout at each count on a phone and a desktop (every seat whole, none over another),
a whole pot at three and at six, the bots' answers to a «даве» on the table, and a
save with six seats resumed with six."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from tablekit import check_no_leak, new_match, play_turn, saved, table_fixtures, wait_settled

shared, table = table_fixtures(seed=5)

PHONE, DESKTOP = (360, 740), (1280, 800)
SHOTS = Path(os.environ.get("BURKOZEL_SHOTS", "")) if os.environ.get("BURKOZEL_SHOTS") else None
"""A folder to keep the layout's screenshots in, to look at (none kept by default)."""

SEAT_BOXES_JS = """
() => [...document.querySelectorAll('#table .seat-slot .seat, #me .seat')].map((el) => {
  const box = (sel) => { const n = el.querySelector(sel); if (!n) return null;
                         const r = n.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const r = el.getBoundingClientRect();
  return {seat: +el.dataset.seat, box: [r.left, r.top, r.right, r.bottom], visible: r.width > 0 && r.height > 0,
          name: box('.seat-name'), stack: box('.tag.stack'), foot: box('.seat-foot')};
})
"""


def _chips(page) -> list[int]:
    return [int(x) for x in page.eval_on_selector_all("#score .stacks b", "els => els.map(e => e.textContent)")]


def _inside(box, w, h) -> bool:
    return box[0] >= 0 and box[1] >= 0 and box[2] <= w + 0.5 and box[3] <= h + 0.5


def _overlap(a, b) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 0.5 and min(a[3], b[3]) - max(a[1], b[1]) > 0.5


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_seat_is_whole_and_apart_on_a_phone_and_a_desktop(table, players):
    page = table
    new_match(page, "bura_pot", combos={"dave": True}, players=players)
    wait_settled(page)
    assert page.get_attribute("#table", "data-players") == str(players)
    # A trick on the table too, after everyone has played to one: it must not cover a seat.
    rng = random.Random(players)
    for _ in range(3):
        if page.query_selector("#trick .play") or wait_settled(page) != "play":
            break
        play_turn(page, rng)
        wait_settled(page)
    for w, h in (PHONE, DESKTOP):
        page.set_viewport_size({"width": w, "height": h})
        page.evaluate("window.burkozelSettled()")
        seats = page.evaluate(SEAT_BOXES_JS)
        assert sorted(s["seat"] for s in seats) == list(range(players)), seats
        for s in seats:
            assert s["visible"] and _inside(s["box"], w, h), (w, s)
            for part in ("name", "stack") + (("foot",) if s["seat"] != 0 else ()):
                assert s[part] is not None and _inside(s[part], w, h), (w, part, s)
        for i, a in enumerate(seats):
            for b in seats[i + 1:]:
                assert not _overlap(a["box"], b["box"]), (w, a, b)
        plays = page.eval_on_selector_all(
            "#trick .play .card", "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })")
        for card in plays:
            assert _inside(card, w, h), (w, card)
            assert not any(_overlap(card, s["box"]) for s in seats), (w, card)
        # The pot and every stack are on screen too.
        pot = page.eval_on_selector("#pot-box", "e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }")
        assert _inside(pot, w, h) and len(_chips(page)) == players
        if SHOTS:
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"pot-{players}-{w}x{h}.png"))


@pytest.mark.parametrize("players", [3, 6])
def test_a_whole_pot_by_clicks(table, players):
    page = table
    new_match(page, "bura_pot", combos={"dave": True}, players=players)
    rng = random.Random(players)
    raised = False
    for _ in range(400):
        phase = wait_settled(page)
        if phase in ("round_end", "match_end"):
            break
        check_no_leak(page)
        assert len(_chips(page)) == players
        assert sum(_chips(page)) + int(page.inner_text("#pot-box .pot-val")) == 100 * players
        dave = page.query_selector("[data-action=dave]:not([disabled])")
        if dave and not raised:
            dave.click()
            raised = True
            wait_settled(page)
            # The bots' answers, as the engine booked them: said under the prompt, marked on the seats.
            data = saved(page)
            answers = [(s, m) for s, m in data["rounds"][-1] if "accept" in m or "fold" in m]
            line = page.inner_text("#status .answers") if page.query_selector("#status .answers") else ""
            if answers and page.get_attribute("#table", "data-phase") == "play":
                assert line.startswith("На ваше «даве»")
                for seat, move in answers:
                    badge = f"#table .seat[data-seat='{seat}'] .tag.{'accepted' if 'accept' in move else 'folded-tag'}"
                    assert page.is_visible(badge), (seat, move)
            continue
        play_turn(page, rng)
    else:
        raise AssertionError("the deal did not end")
    assert page.query_selector("#result-body .stacks")
    assert len(saved(page)["chips"]) == players and saved(page)["players"] == players


def test_a_match_of_six_resumes_with_six(table):
    page = table
    new_match(page, "bura_pot", players=6)
    rng = random.Random(1)
    for _ in range(3):
        if wait_settled(page) != "play":
            break
        play_turn(page, rng)
    wait_settled(page)
    before = saved(page)
    page.reload()
    page.wait_for_selector("#menu [data-action=continue]", state="visible")
    page.click("#menu [data-action=continue]")
    wait_settled(page)
    assert page.get_attribute("#table", "data-players") == "6"
    assert saved(page)["rounds"] == before["rounds"] and len(_chips(page)) == 6
    # The menu offers six again for the next match.
    page.click("header [data-action=menu]")
    assert page.is_checked("input[name=players][value='6']")
    page.click("#menu [data-action=continue]")
