"""What each seat has seen, move by move, at every table: the engine's one
record (the kernel's, as the deal is played; the view's, kept over the tricks
the seat saw; a world's, kept over a sampled history) against an oracle
written here from the rule books, not from the engine.

The oracle (RULES.md §4, §9; RULES-variants.md §1.9 and its table of
switches; RULES-pot.md §8, §9): a seat sees every card it ever held and the
trump card turned up; every card played face up, which is every card but a
discard at a table whose discards are closed; of a face-down discard only
its own player sees the faces, the others how many cards it had.  Its side's
points are the points of its tricks, and where the faces of face-down cards
taken are not told (Бура «31» and the pot with closed discards) only the
face-up ones, with a count of the others; a folded seat's tricks count for
nobody.  The cards it cannot place are those it has not seen, and the trump
card once drawn by someone else and not seen again.  A deal ended by бура or
a Москва shows every holder's three to all (RULES-house.md §3.7: a void
deal of two буры both), a redealt one the holders' cards of the combination
that caused it (§4.5); nobody sees them while the deal goes on.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from burkozel import Match, TableRules
from burkozel.bots.search.worlds import sample_world
from burkozel.cards import DECK

TABLES = [
    ("pairs", {}), ("pairs", {"combos": ()}), ("four", {}), ("three", {}),
    ("duel", {}), ("duel", {"discard": "open"}),
    ("bura31", {}), ("bura31", {"discard": "closed"}), ("bura31", {"combos": ("molodka",), "discard": "closed"}),
    *[("bura_pot", {"players": n, "dave": True}) for n in (2, 3, 4, 5, 6)],
    ("bura_pot", {"players": 4, "discard": "open", "dave": True}),
    ("bura31", {"house": {"redeal": True}}), ("bura_pot", {"players": 4, "house": {"both_bura": "void"}}),
]
"""Every table, both discard faces where a table has both, the pot at 2–6 seats with «даве»;
Бура redealt on a dealt combination, and several буры void at a pot."""

FACES_UNTOLD = {"bura31", "bura_pot"}
"""The tables where a player does not learn the faces of the face-down cards it takes
(RULES-variants.md: «own points then show face-up cards plus a count of closed ones»; RULES-pot.md §9)."""


def points(cards) -> int:
    return sum(c.points for c in cards)


class Oracle:
    """What each seat may know, from the full state's hands and plays."""

    def __init__(self, rules: TableRules) -> None:
        self.rules = rules
        self.held: list[set] = [set() for _ in range(rules.players)]

    def observe(self, rnd) -> None:
        """A seat sees every card it holds (dealt or drawn)."""
        for s, hand in enumerate(rnd.hands):
            self.held[s] |= set(hand)

    def plays(self, rnd):
        tricks = list(rnd.tricks) + ([rnd.trick] if rnd.trick is not None else [])
        for t in tricks:
            for p in t.plays:
                yield t, p

    def face_down(self, play) -> bool:
        return play.kind == "discard" and self.rules.discard == "closed"

    def face_up_cards(self, rnd) -> set:
        return {c for _, p in self.plays(rnd) if not self.face_down(p) for c in p.cards}

    def own_discards(self, rnd, seat: int) -> set:
        return {c for _, p in self.plays(rnd) if self.face_down(p) and p.seat == seat for c in p.cards}

    def faces(self, rnd, seat: int) -> set:
        return (self.held[seat] | {rnd.trump_card} | self.face_up_cards(rnd) | self.own_discards(rnd, seat)
                | self.shown(rnd))

    def shown(self, rnd) -> set:
        """The cards a deal's end showed to all (three-card hands: a holder's whole hand)."""
        trump = rnd.trump_card.suit
        trumps = lambda h: sum(c.suit == trump for c in h) >= 3  # noqa: E731
        aces = lambda h: sum(c.rank == 8 for c in h) >= 3  # noqa: E731
        plain = lambda h: len({c.suit for c in h}) == 1 and not trumps(h)  # noqa: E731
        if rnd.end in ("bura", "void"):
            holds = [trumps]
        elif rnd.end == "moscow":
            holds = [aces]
        elif rnd.end == "redeal":  # the first the check finds: Москва, бура, молодка
            on = rnd.rules.combos
            holds = [h for c, h in (("moscow", aces), ("bura", trumps), ("molodka", plain)) if c == "bura" or c in on]
        else:
            return set()
        for holder in holds:
            found = {c for h in rnd.hands if len(h) == 3 and holder(h) for c in h}
            if found:
                return found
        return set()

    def unplaced(self, rnd, seat: int) -> set:
        placed = self.held[seat] | self.face_up_cards(rnd) | self.own_discards(rnd, seat)
        if rnd.stock_size:
            placed.add(rnd.trump_card)  # under the stock, face up
        return set(DECK) - placed

    def untold(self) -> bool:
        return self.rules.format in FACES_UNTOLD and self.rules.discard == "closed"

    def taken(self, rnd, side: int) -> tuple[int, int, int]:
        """A side's points, its face-up points and its face-down cards, over the tricks it took."""
        if any(self.rules.side_of(s) == side for s in rnd.folded):
            return 0, 0, 0
        total = shown = hidden = 0
        for t in rnd.tricks:
            if self.rules.side_of(t.winner) != side:
                continue
            for p in t.plays:
                total += points(p.cards)
                if self.face_down(p):
                    hidden += len(p.cards)
                else:
                    shown += points(p.cards)
        return total, shown, hidden

    def trick_now(self, rnd) -> tuple[int, int]:
        """The trick under way: its face-up points and its face-down cards."""
        if rnd.trick is None:
            return 0, 0
        up = sum(points(p.cards) for p in rnd.trick.plays if not self.face_down(p))
        down = sum(len(p.cards) for p in rnd.trick.plays if self.face_down(p))
        return up, down


def mask(cards) -> int:
    out = 0
    for c in cards:
        out |= 1 << int(c)
    return out


def check_seat(oracle: Oracle, rnd, view, seat: int) -> None:
    rules = oracle.rules
    deal = rnd.deal
    faces = oracle.faces(rnd, seat)
    up = oracle.face_up_cards(rnd)
    own = oracle.own_discards(rnd, seat)
    trick_up, trick_down = oracle.trick_now(rnd)

    # The kernel's record, for this seat.
    record = deal.record(seat)
    assert record.gone == mask(up) and record.gone_points == points(up)
    assert record.own == tuple(mask(own) if s == seat else 0 for s in range(rules.players))
    assert record.own_points[seat] == points(own)
    assert (record.trick_points, record.trick_unseen) == (trick_up, trick_down)
    if oracle.untold():
        taken = [oracle.taken(rnd, side) for side in range(rules.side_count)]
        assert record.seen_points == tuple(shown for _, shown, _ in taken)
        assert record.unseen_taken == tuple(hidden for _, _, hidden in taken)
    assert deal.seen_faces(seat) == mask(faces)
    unplaced = oracle.unplaced(rnd, seat)
    assert deal.unplaced(seat) == (mask(unplaced), points(unplaced))
    assert rnd.unknown_to(seat) == set(DECK) - faces

    # The view: the same record, kept over the tricks the seat saw; nothing it may not know.
    assert view.seen == record
    shown = set(view.hand) | {view.trump_card} | {c for h in view.shown for c in h}
    assert rnd.is_over or not view.shown  # nobody sees them before the deal's end
    assert {c for h in view.shown for c in h} == oracle.shown(rnd)
    for t in view.history + ((view.trick,) if view.trick is not None else ()):
        for p in t.plays:
            shown |= set(p.cards) | set(p.own)
    assert shown <= faces
    # Each trick as the story tells it: the points of the faces the seat saw, the cards it did not.
    for t, tv in zip(rnd.tricks, view.history):
        saw = [c for p in t.plays if not oracle.face_down(p) or p.seat == seat for c in p.cards]
        unseen = sum(len(p.cards) for p in t.plays if oracle.face_down(p) and p.seat != seat)
        assert tv.seen == (points(saw), unseen)
    total, face_up, hidden = oracle.taken(rnd, rules.side_of(seat))
    if oracle.untold() and not rnd.is_over:
        assert (view.points, view.unseen_taken) == (face_up, hidden)
    else:
        assert (view.points, view.unseen_taken) == (total, 0)


def play(fmt: str, switches: dict, seed: int, deals: int = 2, worlds_every: int = 7) -> int:
    """Random legal moves through ``deals`` deals, every seat checked after every move."""
    rules = TableRules(fmt, **switches)
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    checked = 0
    for d in range(deals):
        if d:
            if match.is_over:
                break
            match.next_round()
        rnd = match.round
        oracle = Oracle(rules)
        step = 0
        while True:
            oracle.observe(rnd)
            for seat in range(rules.players):
                view = match.view(seat)
                check_seat(oracle, rnd, view, seat)
                checked += 1
                if seat == rnd.to_act and step % worlds_every == 0:
                    # A world sampled from the view keeps the same record over its history.
                    world = sample_world(view, random.Random(step))
                    assert world.deal.record(seat) == view.seen
            if rnd.is_over:
                break
            match.push(rnd.random_move(rng))
            step += 1
    return checked


@pytest.mark.parametrize("fmt, switches", TABLES, ids=[f"{f}-{s}" for f, s in TABLES])
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_each_seat_has_seen_what_the_rules_show_it(fmt, switches, seed):
    assert play(fmt, switches, seed) > 0


def test_a_folded_seat_sees_its_set_aside_hand_and_its_tricks_count_for_nobody():
    """A pot with «даве» where a seat folds after taking points: its own view
    then shows no points (RULES-pot.md §8.3: its tricks count for nobody;
    its view used to count its face-up points still), and every record holds."""
    rules = TableRules("bura_pot", players=3, dave=True)
    for seed in range(400):
        match = Match(rules, seed=seed)
        rng = random.Random(seed)
        rnd = match.round
        oracle = Oracle(rules)
        while not rnd.is_over and not rnd.folded:
            oracle.observe(rnd)
            match.push(rnd.random_move(rng))
        if not rnd.folded or rnd.is_over:
            continue
        folded = rnd.folded[0]
        if not any(t.winner == folded and t.points for t in rnd.tricks):
            continue
        oracle.observe(rnd)
        for seat in range(rules.players):
            check_seat(oracle, rnd, match.view(seat), seat)
        assert match.view(folded).points == 0 and match.view(folded).unseen_taken == 0
        return
    pytest.fail("no seat folded after taking points in 400 seeds")
