"""The teaching table's pure parts (issue 21): the deal's story and its
review show only what seat 0 saw; statistics' arithmetic and recovery from
bad data; shared links that round-trip to the same deals."""

from __future__ import annotations

import random
import re

import pytest

import webpath  # noqa: F401

import coachview
import game
import story
import texts
from burkozel import Card, Match, Move
from test_game import human_click, settings


def finished_round(fmt: str, seed: int, discard: str | None = None) -> game.Table:
    """A table whose first round was played to its end (the human by random clicks)."""
    table = game.Table(settings(fmt, "easy", discard=discard), speed="instant", seed=seed)
    table.new_match()
    rng = random.Random(seed)
    while table.phase() not in ("round_end", "match_end"):
        if table.human_to_act():
            human_click(table, rng)
        else:
            table.run_timer(table.next_timer()[0])
    return table


def never_seen(table: game.Table) -> set[str]:
    """Cards seat 0 never saw this round: others' closed discards and what stayed in other hands."""
    return {str(c) for c in table.match.round.unknown_to(0)}


CARD = re.compile(r'data-card="(\w\w)"')


@pytest.mark.parametrize("fmt,discard", [("pairs", None), ("four", None), ("three", None), ("duel", None),
                                         ("bura31", "closed"), ("bura31", "open")])
def test_the_story_and_its_review_show_only_what_seat_0_saw(fmt, discard):
    table = finished_round(fmt, 7, discard)
    view = table.display()
    names = list(table.names)
    hidden = never_seen(table)
    tricks = story.tricks(view)
    assert len(tricks) == len(view["history"]) >= 1
    markup = coachview.story_html(view, names) + coachview.last_trick_panel(view, names)
    frames = story.frames(table.info.rules, table.info.seed, table.rounds)
    assert len(frames) == len(table.rounds[-1]) + 1
    for step in range(len(frames)):
        markup += coachview.review_panel(frames, step, names)
    shown = set(CARD.findall(markup))
    assert not shown & hidden, shown & hidden
    for card in hidden:
        assert texts.card_short(card) not in markup, card
    # Each frame is seat 0's view at that moment, rebuilt by the engine.
    match = Match(table.info.rules, seed=table.info.seed)
    assert frames[0].view == match.view(0).to_dict()
    for frame, (seat, move) in zip(frames[1:], table.rounds[-1]):
        match.push(Move.from_dict(move), seat)
        assert frame.view == match.view(0).to_dict() and frame.mover == seat
    # Points: what seat 0 saw, and the count of what it did not.
    for t in tricks:
        faces = [c for p in t.trick["plays"] for c in (p["cards"] or p.get("own", []))]
        assert t.points == sum(Card.parse(c).points for c in faces)
        assert t.hidden == sum(p["count"] for p in t.trick["plays"] if not (p["cards"] or p.get("own")))
    if discard == "open":
        assert all(t.hidden == 0 for t in tricks)


# --- statistics ------------------------------------------------------------------------------

import json  # noqa: E402

import stats  # noqa: E402


def deal(points, penalty, declared=None, hints=0):
    return stats.DealOutcome(points, penalty, penalty == 0, declared, hints)


def test_statistics_arithmetic():
    data = stats.empty()
    key = stats.table_key("bura31", "hard")
    plays = [deal(62, 0, True, 2), deal(40, 0), deal(20, 1), deal(0, 6, False, 1), deal(70, 0), deal(65, 0, True)]
    for i, d in enumerate(plays):
        over = i == len(plays) - 1
        assert stats.record_deal(data, key, f"s/{i}", d, match_over=over, match_won=over)
    assert not stats.record_deal(data, key, f"s/{len(plays) - 1}", plays[0])  # the same deal again: not counted
    s = stats.summary(data["tables"][key])
    assert s["deals"] == 6 and s["deals_won"] == 4
    assert s["points"] == 257 and s["mean_points"] == round(257 / 6, 1)
    assert s["penalties"] == 7 and s["hints"] == 3
    assert s["declared_true"] == 2 and s["declared_false"] == 1
    assert s["best_streak"] == 2 and s["streak"] == 2
    assert s["matches"] == 1 and s["matches_won"] == 1
    assert data["tables"][key]["recent"] == [[d.points, d.penalty] for d in plays]
    for i in range(60):
        stats.record_deal(data, key, f"t/{i}", deal(i, 0))
    entry = data["tables"][key]
    assert len(entry["recent"]) == stats.RECENT and entry["recent"][-1] == [59, 0]
    assert entry["best_streak"] == 62 and entry["deals"] == 66
    back, dropped = stats.load(stats.dump(data))
    assert back == data and not dropped
    stats.reset(data, key)
    assert key not in data["tables"]
    assert not stats.record_deal(data, key, "t/59", deal(59, 0))  # the last deal stays recorded after a reset


def test_outcome_of_a_real_deal():
    table = finished_round("bura31", 3)
    view = table.view().to_dict()
    out = stats.outcome(view, hints=2)
    assert out.points == view["round_points"][view["side"]]
    assert out.penalty == view["round_penalties"][view["side"]] and out.won == (out.penalty == 0)
    assert out.hints == 2


GOOD = stats.dump({"v": 1, "last": "", "tables": {"pairs/easy": {**stats.empty_entry(), "deals": 2, "deals_won": 1,
                                                       "points": 50, "recent": [[30, 0], [20, 1]],
                                                       "streak": 0, "best_streak": 1}}})


@pytest.mark.parametrize("raw", [
    "garbage", "[]", "null", "42", '{"v": 2, "tables": {}}', '{"v": 1}', '{"v": 1, "tables": []}',
    '{"v": 1, "tables": {"pairs/easy": {"deals": -1}}}',
    '{"v": 1, "tables": {"pairs/easy": {"deals": "3"}}}',
    '{"v": 1, "tables": {"chess/easy": {}}}',
    json.dumps({"v": 1, "tables": {"pairs/easy": {**stats.empty_entry(), "deals_won": 3}}}),
    json.dumps({"v": 1, "tables": {"four/hard": {**stats.empty_entry(), "recent": [[1, 2, 3]]}}}),
    json.dumps({"v": 1, "tables": {"four/hard": {**stats.empty_entry(), "recent": [[0, 0]] * 51}}}),
    '{"v": 1, "tables": {"pairs/easy": ' + "[" * 5000 + "]" * 5000 + "}}",
])
def test_corrupted_statistics_recover(raw):
    data, dropped = stats.load(raw)
    assert dropped
    # Whatever was read, recording goes on and the result loads back clean.
    key = stats.table_key("pairs", "easy")
    assert stats.record_deal(data, key, "x/0", deal(31, 1))
    back, dropped_again = stats.load(stats.dump(data))
    assert not dropped_again and back["tables"][key]["deals"] >= 1


def test_a_broken_record_leaves_the_others():
    good = json.loads(GOOD)
    good["tables"]["four/hard"] = {"deals": "many"}
    data, dropped = stats.load(json.dumps(good))
    assert dropped and list(data["tables"]) == ["pairs/easy"] and data["tables"]["pairs/easy"]["deals"] == 2
    assert stats.load(None) == (stats.empty(), False)


def test_the_stats_panel_draws_a_record():
    data, _ = stats.load(GOOD)
    html = coachview.stats_panel(data, "pairs/easy")
    assert html.count('class="bar') == 2 and 'class="bar won"' in html
    assert 'data-stat="mean_points"' in html and "25" in html
    assert texts.STATS_EMPTY in coachview.stats_panel(data, "four/hard")
