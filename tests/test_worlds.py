"""sample_world: every sampled world looks, to the seat, exactly like the real
position (the OpenSpiel resampler check), holds each card once, and plays on."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from burkozel import Round, TableRules
from burkozel.bots.search.worlds import WorldSampler, sample_world
from burkozel.cards import DECK
from burkozel.rules import COMBOS

from stacking import cards, new_round, play

RULE_SETS = ([(fmt, combos, None) for fmt in ("pairs", "four", "three") for combos in ((), COMBOS, ("bura", "moscow"))]
             + [(fmt, combos, discard) for fmt in ("duel", "bura31") for combos in ((), None)
                for discard in ("open", "closed")])
"""Every table, with no combinations and with some, and both discard faces where there are two."""


def _random_position(rules: TableRules, rng: random.Random) -> Round:
    deck = list(DECK)
    rng.shuffle(deck)
    rnd = Round(rules, rng.randrange(rules.players), deck)
    steps = rng.randrange(0, 40)
    for _ in range(steps):
        if rnd.is_over:
            break
        rnd.push(rnd.random_move(rng))
    return rnd


def _all_cards(rnd: Round) -> list[int]:
    cards = [c for h in rnd.hands for c in h] + list(rnd.stock)
    for t in list(rnd.tricks) + ([rnd.trick] if rnd.trick else []):
        cards += [c for p in t.plays for c in p.cards]
    return cards


@pytest.mark.parametrize("fmt,combos,discard", RULE_SETS)
def test_sampled_world_gives_the_same_view(fmt, combos, discard):
    rules = TableRules(fmt, combos, discard)
    rng = random.Random(f"worlds/{fmt}/{combos}")
    for _ in range(60):
        real = _random_position(rules, rng)
        for seat in range(rules.players):
            view = real.view(seat)
            sampler = WorldSampler(view)
            for _ in range(3):
                world = sampler.sample(rng)
                assert world.view(seat) == view
                cards = _all_cards(world)
                assert sorted(cards) == list(range(36))
                if not view.unseen_taken:  # (Бура «31» closed: one's own points are not all known)
                    assert world.points[view.side] == real.points[view.side]
                assert world.stock[-1:] == real.stock[-1:]  # the trump card stays last


def test_worlds_play_on_to_the_end():
    rng = random.Random(5)
    for fmt, combos, discard in RULE_SETS:
        rules = TableRules(fmt, combos, discard)
        for _ in range(15):
            real = _random_position(rules, rng)
            if real.is_over:
                continue
            world = sample_world(real.view(real.to_act), rng)
            while not world.is_over:
                world.push(world.random_move(rng))
            assert sum(world.points) == 120 or world.end != "cards_out"


def test_hidden_discard_points_match_my_side():
    """Seat 0's side took tricks holding other seats' discards: the sampled
    faces must add up to exactly its known points, in every world."""
    rules = TableRules("four", ())
    rng = random.Random(11)
    checked = 0
    for _ in range(200):
        real = _random_position(rules, rng)
        view = real.view(0)
        hidden_mine = [p for t in view.history if t.winner == 0 for p in t.plays if p.kind == "discard" and p.seat != 0]
        if not hidden_mine:
            continue
        checked += 1
        for k in range(5):
            world = sample_world(view, random.Random(k))
            assert world.points[0] == real.points[0]
    assert checked > 10


def test_worlds_vary_and_the_trump_card_follows_its_drawer():
    """The drawn, unseen trump card is always in its drawer's hand or later discards."""
    rules = TableRules("pairs", ())
    rng = random.Random(3)
    found = 0
    while found < 20:
        real = _random_position(rules, rng)
        if real.trump_drawn_by in (None, 0) or real.is_over:
            continue
        view = real.view(0)
        if view.trump_card in [c for t in view.history for p in t.plays for c in p.cards]:
            continue
        if view.trick and view.trump_card in [c for p in view.trick.plays for c in p.cards]:
            continue
        found += 1
        holder = real.trump_drawn_by
        hands: Counter = Counter()
        for k in range(30):
            world = sample_world(view, random.Random(k))
            if view.trump_card in world.hands[holder]:
                hands["hand"] += 1
                continue
            tricks = list(world.tricks) + ([world.trick] if world.trick else [])
            owners = [p.seat for t in tricks for p in t.plays if view.trump_card in p.cards]
            assert owners == [holder]
            hands["discard"] += 1
        assert hands["hand"] + hands["discard"] == 30


def test_worlds_vary_at_the_start():
    rules = TableRules("three", ())
    real = Round(rules, 0, DECK)
    view = real.view(1)
    worlds = {tuple(map(tuple, sample_world(view, random.Random(k)).hands)) for k in range(20)}
    assert len(worlds) == 20


def test_combination_check_is_respected_when_leading():
    """When the seat is to lead a new trick, no hidden hand holds an enabled
    combination (it would have been led out of turn)."""
    rules = TableRules("four", COMBOS)
    rng = random.Random(8)
    for _ in range(150):
        real = _random_position(rules, rng)
        if real.is_over or real.trick is not None or len(real.hands[0]) < 3:
            continue
        view = real.view(real.to_act)
        for k in range(5):
            world = sample_world(view, random.Random(k))
            assert rules.table.opening(world.hands, view.to_act, view.trump_card, rules.active) is None


@pytest.mark.parametrize("fmt,combos,discard", RULE_SETS)
def test_worlds_without_history_are_the_same_position(fmt, combos, discard):
    """``sample_deal(rng)`` (for search) deals the same hands, stock, current
    trick and points as a full world from the same random numbers."""
    rules = TableRules(fmt, combos, discard)
    rng = random.Random(f"nohistory/{fmt}/{combos}")
    for _ in range(40):
        real = _random_position(rules, rng)
        if real.is_over:
            continue
        sampler = WorldSampler(real.view(real.to_act))
        for k in range(3):
            full = sampler.sample(random.Random(k))
            bare = sampler.sample_deal(random.Random(k))
            d = full.deal
            assert bare.log is None and bare.tricks_done == d.tricks_done
            assert (bare.hands, bare.stock, bare.points, bare.to_act) == (d.hands, d.stock, d.points, d.to_act)
            assert (bare.leader, bare.size, bare.combo, bare.winner, bare.winning, bare.stake) == \
                (d.leader, d.size, d.combo, d.winner, d.winning, d.stake)


def test_point_subsets_are_uniform():
    """The discards behind a side's known points: every subset with the right
    points, each about equally often."""
    from itertools import combinations

    from burkozel.bots.search.worlds import _subset_with_points
    from burkozel.cards import POINT_VALUES, POINTS_OF

    pool = [0, 1, 4, 5, 6, 7, 8, 13, 16, 17, 25]
    by_class = [[c for c in pool if POINTS_OF[c] == v] for v in POINT_VALUES]
    rng = random.Random(1)
    for size, target in [(3, 13), (2, 21), (1, 11)]:
        subsets = {frozenset(x) for x in combinations(pool, size) if sum(POINTS_OF[c] for c in x) == target}
        counts = Counter(frozenset(_subset_with_points(by_class, size, target, rng)) for _ in range(3000))
        assert set(counts) == subsets
        expected = 3000 / len(subsets)
        assert all(abs(n - expected) < 0.25 * expected for n in counts.values())
    assert _subset_with_points(by_class, 3, 40, rng) is None


def test_the_trump_card_goes_where_the_known_points_need_it():
    """A real view from an arena game: the drawn trump card (JH, 2 points) is
    unseen, and the hidden discards of seat 1's side must make up exactly its
    missing points, which only works if JH lies in its drawer's face-down
    discard.  Every world must put it there (the hand places are weighed by
    how many ways the points can still come out: none)."""
    import json
    from pathlib import Path

    from burkozel.view import SeatView

    data = json.loads((Path(__file__).parent / "data" / "view_trump_in_a_discard.json").read_text())
    view = SeatView.from_dict(data)
    sampler = WorldSampler(view)
    holder = view.trump_drawn_by
    rng = random.Random(1)
    for k in range(1000):
        world = sampler.sample(rng) if k < 50 else sampler.sample_deal(rng)
        assert view.trump_card not in world.hands[holder]
        if k < 50:
            assert world.view(view.seat).to_dict() == view.to_dict()


def _hand_frequency(view, seat: int, cards: set, samples: int = 600) -> float:
    sampler = WorldSampler(view)
    rng = random.Random(5)
    held = 0
    for _ in range(samples):
        held += len(cards & set(sampler.sample_deal(rng).hands[seat]))
    return held / samples


def test_a_seat_that_would_not_beat_in_suit_is_dealt_fewer_of_that_suit():
    """In pairs the hand-set clues stay (the table's clues): seat 1 threw a card
    under seat 0's 6S instead of beating it, so seat 2's worlds give seat 1 the
    higher spades far less often than seat 3, who has not played yet."""
    rnd = new_round("pairs", ["6S 6C 7C 8C", "6D 7D 8D 9D", "6H 7H 8H 9H", "JD QD KD TD"], trump="AC")
    play(rnd, "lead 6S", "discard 6D")
    view = rnd.view(2)
    higher = set(cards("7S 8S 9S JS QS KS TS AS"))
    at_1 = _hand_frequency(view, 1, higher)
    at_3 = _hand_frequency(view, 3, higher)
    assert at_1 < 0.35 * at_3


def test_a_seat_that_let_an_ace_go_untrumped_is_dealt_fewer_trumps():
    rnd = new_round("pairs", ["AS 6C 7C 8C", "6D 7D 8D 9D", "6H 7H 8H 9H", "JD QD KD TD"], trump="AC")
    play(rnd, "lead AS", "discard 6D")
    view = rnd.view(2)
    trumps = set(cards("6C 7C 8C 9C JC QC KC TC")) - set(view.hand)
    at_1 = _hand_frequency(view, 1, trumps)
    at_3 = _hand_frequency(view, 3, trumps)
    assert at_1 < 0.6 * at_3


def test_a_seat_that_threw_under_a_ten_of_trumps_is_dealt_few_higher_trumps():
    """Seat 1 threw a card under seat 0's ten of trumps: in medium games such a
    seat held no higher trump (the table's clues), so seat 2's worlds give the ace
    of trumps to seat 1 far less often than to seat 3."""
    rnd = new_round("four", ["TH 6C 7C 8C", "6D 7D 8D 9D", "JD 7H 8H 9H", "6S QD KD TD"], trump="6H")
    play(rnd, "lead TH", "discard 6D")
    view = rnd.view(2)
    ace = set(cards("AH"))
    assert _hand_frequency(view, 1, ace) < 0.3 * _hand_frequency(view, 3, ace)


def test_a_seat_that_led_a_low_card_is_dealt_few_lower_cards_of_its_suit():
    """The medium bot leads the lowest card of a suit: a seat that led the 8 of
    spades seldom holds the 6 or the 7 (13% as often as chance in medium games)."""
    rnd = new_round("four", ["8S 6C 7C 8C", "6D 7D 8D 9D", "JD 7H 8H 9H", "6H QD KD TD"], trump="QH")
    play(rnd, "lead 8S")
    view = rnd.view(2)
    lower = set(cards("6S 7S"))
    assert _hand_frequency(view, 0, lower) < 0.3 * _hand_frequency(view, 3, lower)


def test_the_clue_table_is_what_medium_games_show():
    """``research/world_clues.py`` measures the ratios the sampler uses; on a
    smaller sample every clue of the table still makes its cards rarer."""
    import scriptpaths  # noqa: F401
    from world_clues import measure

    from burkozel.bots.tuning import tuning_for

    measured = measure("four", 400, seed="test")
    assert measured["lead low: lower"][1] < 0.4
    assert measured["throw on trump 10+: higher"][1] < 0.3
    checked = 0
    for clue, ratio in tuning_for("four").clues.items():
        seen, now = measured.get(clue, (0, 1.0))
        if seen >= 100:
            assert ratio < 1 and now < 1, (clue, ratio, now)
            checked += 1
    assert checked >= 6


def test_world_marginals_bench_counts_each_unseen_card_in_truth_and_in_every_world():
    """``research/world_marginals.py``: every world deals the other hands as many
    of the unseen cards as the truth holds there (the same hand sizes), so per
    stage the worlds' count is the truth's times the worlds per position; and
    each card is counted once per world."""
    import scriptpaths  # noqa: F401
    from world_marginals import KINDS, measure

    worlds = 3
    counts = measure("three", 40, worlds, seed=5)
    for stage in ("early", "mid"):
        rows = [counts[stage, k] for k in range(len(KINDS))]
        assert all(dealt == cards * worlds and truth <= cards for truth, cards, _, dealt in rows)
        assert sum(r[1] for r in rows) > 100
        assert sum(r[2] for r in rows) == worlds * sum(r[0] for r in rows)


def test_what_a_seat_lacked_fades_with_every_draw_since():
    """A lack shown in an earlier trick holds only for the part of the hand
    not drawn since: 3 of 4 cards kept per single-card trick with a draw, all
    of them in the trick being played."""
    from burkozel.bots.search.worlds import _kept_share

    rnd = new_round("pairs", ["6S 6C 7C 8C", "6D 7D 8D 9D", "6H 7H 8H 9H", "JD QD KD TD"], trump="AC")
    play(rnd, "lead 6S", "discard", "discard", "discard", "lead 6C", "discard", "discard", "discard", "lead 7C")
    view = rnd.view(1)
    assert [_kept_share(view, i) for i in range(3)] == [0.75 ** 2, 0.75, 1.0]
