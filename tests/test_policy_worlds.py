"""The worlds of the hard bot in Бура «31» and of the arena's ``hard-bayes``
(:mod:`burkozel.bots.search.posterior`): whole hidden histories in which the other
seat, played by the medium bot, makes exactly the moves it made; read from
the view alone; the fair sampler's worlds where no such history exists."""

from __future__ import annotations

import random

from burkozel import Round, TableRules
from burkozel.arena import arena_bot
from burkozel.bots import make_bot
from burkozel.bots.hard import HardBot
from burkozel.cards import DECK
from burkozel.bots.search.posterior import PolicyWorlds, policy_worlds

RULES = TableRules("bura31")
HAND = RULES.hand_size


def _medium_deals(count: int, seed: str):
    """Medium against medium: per deal the dealer, the deck, every move as
    ``(seat, move)`` and, per position of the deck's stock, who drew it and
    after which trick."""
    rng = random.Random(seed)
    medium = make_bot("medium")
    for d in range(count):
        deck = list(DECK)
        rng.shuffle(deck)
        rnd = Round(RULES, d % 2, deck)
        moves, drawn = [], {}
        while not rnd.is_over:
            seat = rnd.to_act
            before = rnd.stock_size
            move = medium.get_move(rnd.view(seat))
            rnd.push(move, seat)
            moves.append((seat, move))
            first = 2 * HAND + (36 - 2 * HAND - before)
            for pos in range(first, first + before - rnd.stock_size):
                holder = next(s for s in (0, 1) if deck[pos] in rnd.hands[s])
                drawn[pos] = (holder, len(rnd.tricks) - 1)
        yield d % 2, deck, moves, drawn


def _deck_of(history, seat: int, dealer: int, deck: list, drawn: dict, tricks: int) -> list:
    """The true deck with the other seat's cards replaced by ``history``'s:
    its first hand, each draw (the trump card last), the stock left in any order."""
    other = 1 - seat
    new = list(deck)
    first = iter(history.first)
    for i in range(2 * HAND):
        if (dealer + 1 + i) % 2 == other:
            new[i] = next(first)
    groups: dict[int, list[int]] = {}
    for pos, (holder, trick) in sorted(drawn.items()):
        if holder == other and trick < tricks:
            groups.setdefault(trick, []).append(pos)
    assert len(groups) == len(history.draws)
    for (_, positions), cards in zip(sorted(groups.items()), history.draws):
        cards = sorted(cards, key=lambda c: c == deck[-1])  # the trump card is drawn last
        for pos, c in zip(positions, cards):
            new[pos] = DECK[c]
    placed = {new[i] for i in range(36) if i < 2 * HAND or (i in drawn and drawn[i][1] < tricks)} | {deck[-1]}
    rest = iter(c for c in DECK if c not in placed)
    for i in range(2 * HAND, 35):
        if not (i in drawn and drawn[i][1] < tricks):
            new[i] = next(rest)
    assert sorted(new) == list(DECK)
    return new


def test_worlds_replay_the_other_seats_moves_as_the_medium_bot_makes_them():
    """Sampled histories dealt into a deck and replayed from the deal: every
    move of the other seat is the medium bot's move in its view then, and the
    deciding seat's view at the end is its view in the real deal."""
    medium = make_bot("medium")
    rng = random.Random(5)
    checked = 0
    for dealer, deck, moves, drawn in _medium_deals(12, "bayes"):
        real = Round(RULES, dealer, deck)
        for k, (seat, move) in enumerate(moves):
            view = real.view(seat)
            if k % 3 == 0:
                worlds = PolicyWorlds(view)
                assert not worlds.fallback and 0.0 < worlds.acceptance <= 1.0
                truth = tuple(sorted(int(c) for c in real.hands[1 - seat]))
                assert worlds.messages[-1].get(truth, 0.0) > 0.0
                for _ in range(3):
                    history = worlds.sample_history(rng)
                    replay = Round(RULES, dealer, _deck_of(history, seat, dealer, deck, drawn, len(real.tricks)))
                    for s, m in moves[:k]:
                        if s != seat:
                            assert medium.get_move(replay.view(s)) == m
                        replay.push(m, s)
                    assert replay.view(seat) == view
                    assert sorted(int(c) for c in replay.hands[1 - seat]) == list(history.hand)
                    checked += 1
            real.push(move, seat)
    assert checked > 100


def test_the_posterior_is_narrower_than_the_play_alone_says():
    """Knowing the policy keeps fewer histories than knowing which cards each
    play needed (the acceptance a rejection sampler would see), and puts more
    weight on the true hand."""
    narrower = 0
    for dealer, deck, moves, _ in _medium_deals(6, "narrow"):
        real = Round(RULES, dealer, deck)
        for seat, move in moves:
            view = real.view(seat)
            if len(real.tricks) >= 2:
                exact, loose = PolicyWorlds(view), PolicyWorlds(view, policy=False)
                truth = tuple(sorted(int(c) for c in real.hands[1 - seat]))
                assert exact.acceptance <= loose.acceptance * (1 + 1e-9)
                narrower += exact.messages[-1][truth] > loose.messages[-1][truth]
            real.push(move, seat)
    assert narrower > 10


def test_the_posterior_worlds_and_the_hard_seat_read_the_view_only():
    """The worlds are the same, and ``hard`` and ``hard-bayes`` choose the
    same move, in two positions that differ only in the hidden cards."""
    options = {"max_iterations": 24, "deterministic": True}
    for dealer, deck, moves, _ in _medium_deals(3, "fair"):
        real = Round(RULES, dealer, deck)
        for seat, move in moves[:6]:
            view = real.view(seat)
            if real.stock_size > 1:
                twin = real.copy()
                other = twin.deal.hands[1 - seat]
                other[0], twin.deal.stock[1] = twin.deal.stock[1], other[0]
                other.sort()
                assert twin.view(seat) == view and twin.hands != real.hands
                a = policy_worlds(view)(random.Random(1))
                b = policy_worlds(twin.view(seat))(random.Random(1))
                assert a.hands == b.hands and a.stock == b.stock
                for level in ("hard", "hard-bayes"):
                    assert (arena_bot(level, "s", options, [real]).get_move(view)
                            == arena_bot(level, "s", options, [twin]).get_move(twin.view(seat)))
            real.push(move, seat)
    hard = arena_bot("hard", "s", {}, [real])
    assert isinstance(hard, HardBot) and hard._worlds is None  # its table's worlds (its tuning)
    assert arena_bot("hard-bayes", "s", {}, [real])._worlds is policy_worlds


def test_a_player_no_medium_hand_would_play_like_gets_the_fair_worlds():
    """Against a player the medium bot never resembles (here one who always
    plays its last legal move), the filter keeps no hand sooner or later and
    the fair sampler deals the worlds; the hard bot still plays legally."""
    hard = make_bot("hard", seed=1, max_iterations=40, deterministic=True)
    fell = decisions = 0
    rng = random.Random(5)
    for d in range(6):
        deck = list(DECK)
        rng.shuffle(deck)
        rnd = Round(RULES, d % 2, deck)
        while not rnd.is_over:
            view = rnd.view(rnd.to_act)
            if view.seat == 0:
                fell += PolicyWorlds(view).fallback
                move = hard.get_move(view)
                decisions += 1
            else:
                move = view.legal_moves[-1]
            view.check(move)
            rnd.push(move, view.seat)
    assert decisions > 10 and fell > 0


def test_face_down_discards_fall_back_to_the_fair_worlds():
    """A face-down discard hides cards the filter does not model: the fair
    sampler's worlds are dealt instead, still consistent with the view."""
    rules = TableRules("bura31", discard="closed")
    medium = make_bot("medium")
    deck = list(DECK)
    random.Random(2).shuffle(deck)
    rnd = Round(rules, 0, deck)
    fell = 0
    while not rnd.is_over:
        view = rnd.view(rnd.to_act)
        worlds = PolicyWorlds(view)
        fell += worlds.fallback
        world = worlds.sample_deal(random.Random(0))
        assert sorted(world.hands[view.seat]) == sorted(view.hand) and len(world.stock) == view.stock
        rnd.push(medium.get_move(view), view.seat)
    assert fell > 0
