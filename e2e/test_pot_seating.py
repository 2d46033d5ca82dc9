"""«Бура на кон» at two to six seats, by clicks: the menu's «Сколько за столом», the
layout at each count on a phone and a desktop (every seat whole, none over another),
a save with six seats resumed with six, and known states reached through a save in the
replay format: answering a bot's «даве», a true and a false «31», a reload mid-raise.
(A whole pot by clicks at three and six seats is in test_pot_table.py.)"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from tablekit import new_match, play_turn, saved, table_fixtures, wait_settled

from burkozel import Match, Move, TableRules  # noqa: E402  (on the path once tablekit is imported)

shared, table = table_fixtures(seed=5)

PHONE, DESKTOP, LANDSCAPE = (360, 740), (1280, 800), (844, 390)
SMALL_PHONES = ((360, 640), (390, 664))
"""What a small phone's browser leaves of its screen: the most cramped upright sizes."""
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
def test_every_seat_is_whole_and_apart_on_a_phone_a_desktop_and_a_phone_sideways(table, players):
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
    for w, h in (PHONE, *SMALL_PHONES, DESKTOP, LANDSCAPE):
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


# --- known states, written as a save the table resumes (the replay format) ---------------


def _pot_match(players: int, seed: int) -> Match:
    return Match(TableRules("bura_pot", (), "closed", players, dave=True), seed=seed)


def _save(match: Match, seed: int) -> dict:
    """The match as the table saves it (web/table/match/record.py's shape)."""
    out = {"v": 2, "format": "bura_pot", "combos": [], "discard": "closed", "difficulty": "easy", "seed": seed,
           "rounds": [[[seat, move.to_dict()] for seat, move in match.moves]], "clearing": False, "dave": True,
           "chips": list(match.chips), "pot": match.pot}
    if match.rules.players != 4:
        out["players"] = match.rules.players
    return out


def _first_deal_where(players: int, wanted) -> tuple[dict, Match]:
    """The first seed's first deal that reaches a position where ``wanted(match, view)``
    (the view of the seat to act), every seat playing plain moves (no raise, no «31»,
    no fold) at random; returned as a save and as the engine's match."""
    for seed in range(400):
        match, rng = _pot_match(players, seed), random.Random(seed)
        while not match.round.is_over:
            view = match.view(match.to_act)
            if wanted(match, view):
                return _save(match, seed), match
            match.push(rng.choice([m for m in view.legal_moves if m.kind not in ("dave", "declare", "fold")]),
                       view.seat)
    raise AssertionError("no such deal")


def _bot_raise_to_me(players: int) -> tuple[dict, Match]:
    """A save where the seat before mine has said «даве»: seat 0 answers first."""
    save, match = _first_deal_where(players, lambda m, v: v.seat == players - 1 and v.legal_kinds.get("dave"))
    match.push(Move.from_dict({"dave": True}), players - 1)
    assert match.to_act == 0
    return _save(match, save["seed"]), match


def _declaring(players: int, true_call: bool) -> tuple[dict, Match]:
    """A save where seat 0 is to lead and may declare «31», with (or without) 31 in its tricks."""
    return _first_deal_where(players, lambda m, v: v.seat == 0 and v.legal_kinds.get("declare")
                             and (m.round.points[0] >= 31) == true_call)


def _resume(page, save: dict) -> None:
    page.evaluate("(raw) => localStorage.setItem('burkozel.match', raw)", json.dumps(save))
    page.reload()
    page.wait_for_selector("html[data-state=ready]", state="attached", timeout=90_000)
    page.wait_for_selector("#menu [data-action=continue]", state="visible")
    page.click("#menu [data-action=continue]")
    wait_settled(page)


def _stake(page) -> int:
    return int(page.inner_text("#pot-box .of").split()[-1])


@pytest.mark.parametrize("answer", ["accept", "fold"])
def test_answering_a_bots_dave(table, answer):
    save, match = _bot_raise_to_me(2)
    _resume(page := table, save)
    assert page.is_visible("[data-action=accept]:not([disabled])") and page.is_visible("[data-action=fold]")
    assert _stake(page) == match.view(0).stake and _chips(page) == list(match.chips)
    page.click(f"[data-action={answer}]")
    wait_settled(page)
    match.push(Move.from_dict({answer: True}), 0)  # what the engine books for it
    after = saved(page)
    assert after["rounds"][-1][len(save["rounds"][0])] == [0, {answer: True}]
    if answer == "accept":
        assert _chips(page) == list(match.chips) and int(page.inner_text("#pot-box .pot-val")) == match.pot
        assert _stake(page) == match.view(0).stake == 2 * match.rules.ante  # doubled, both paid
    else:
        assert page.is_visible("#result") and match.round.end == "folded"
        assert after["chips"] == list(match.chips)
        stacks = page.eval_on_selector_all("#result-body .stacks b", "els => els.map(e => +e.textContent)")
        assert stacks == list(match.chips)


@pytest.mark.parametrize("true_call", [True, False])
def test_a_true_and_a_false_31(table, true_call):
    save, match = _declaring(3, true_call)
    _resume(page := table, save)
    page.click("[data-action=declare]")
    wait_settled(page)
    match.push(Move.from_dict({"declare": True}), 0)
    assert match.round.end == ("declared" if true_call else "false_declaration")
    assert page.is_visible("#result")
    ending = page.inner_text("#result-body .deal-end").lower()
    assert ("ложн" in ending) != true_call and "«31»" in ending
    stacks = page.eval_on_selector_all("#result-body .stacks b", "els => els.map(e => +e.textContent)")
    assert stacks == list(match.chips) and saved(page)["chips"] == list(match.chips)
    if not true_call:  # the false declarer doubled the pot
        assert match.pot == 2 * save["pot"]


def test_a_reload_in_the_middle_of_a_raise_resumes_exactly(table):
    save, match = _bot_raise_to_me(3)
    _resume(page := table, save)
    regions = ("score", "seat-1", "seat-2", "me", "status", "hand", "actions")
    grab = "(ids) => Object.fromEntries(ids.map((id) => [id, document.getElementById(id).innerHTML]))"
    before = page.evaluate(grab, list(regions))
    page.reload()
    page.wait_for_selector("html[data-state=ready]", state="attached", timeout=90_000)
    page.click("#menu [data-action=continue]")
    wait_settled(page)
    assert page.evaluate(grab, list(regions)) == before
    assert saved(page)["rounds"] == save["rounds"] and _chips(page) == list(match.chips)
