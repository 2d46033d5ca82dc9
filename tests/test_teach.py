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
