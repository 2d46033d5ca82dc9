"""The hard bot (сложная): flat determinized Monte Carlo (PIMC).

For each decision it deals worlds consistent with its view
(:mod:`burkozel.worlds`), plays every candidate move in the same worlds
(common random numbers) and finishes each world with a fast heuristic rollout
policy, scoring the round's end for its side: the penalty band it lands in,
a bonus for winning the round and a small term for the point margin.

The rollouts are the cost that decides its strength (more rollouts per
decision, more rounds won), so they run on plain lists (:func:`fast_playout`:
the policy of :func:`rollout_move`, move for move, without the engine's
``Trick``/``Play`` objects, about 0.04 ms a rollout on CPython 3.11 against
0.16 ms through ``Round._play``) from worlds dealt without their history
(``WorldSampler.sample(rng, history=False)``, about 0.1 ms a world).

The candidates are the medium bot's best few moves (:meth:`MediumBot.ranked`):
with some 100–300 rollouts per decision in the browser budget, searching
every legal move (up to 15 leads, or every beat and discard) leaves too few
rollouts per move to tell them apart.  The ranking offers only one or two
discards (the least valuable cards, or points onto a partner's trick) and
orders the leads and beats by their estimated value.  Successive halving spends the rollouts on the
moves still in contention, and the medium choice gets a small head start so
that noise alone does not move the bot off a sound move.

Measured (``python -m burkozel arena --iterations 1200``, the table's count,
CPython 3.11 on a shared 2-core machine, 29 Nov 2026): hard+hard wins 57.7%
of pairs rounds against medium+medium (2,000 deals, seed 9), one hard 35.3% of
four (300 deals, seed 3) and 44.2% of three (150 deals, seed 10).  More
rollouts raise the point margin more than the rounds won (1200 against 600:
+1.4% ± 1.7% of pairs rounds, paired).  In pairs the same search with the
true position (hard-cheat) wins 67.4%: most of that gap is what the stock
holds and in what order, which no inference from the play can recover.

It is anytime: it stops at a time budget or an iteration cap, whichever comes
first.  With ``deterministic=True`` only the cap counts, so a decision depends
on the seed and the view alone (tests, arenas, the table's resume).

:class:`HardBot` with ``worlds=`` replaced by the true position is the
arena's *hard-cheat* reference (see :mod:`burkozel.arena`); it is never
registered as a level the table can offer.
"""

from __future__ import annotations

import sys
import time
from itertools import combinations
from typing import Callable, Generator, Sequence

from ..cards import POINTS_OF, RANK_OF, SUIT_OF
from ..round import HAND_SIZE, Round
from ..rules import beats_all, find_combination, round_penalties
from ..trick import BEAT, DISCARD, LEAD, Move
from ..view import SeatView
from ..worlds import WorldSampler
from . import decision_rng, register
from .endgame import solve
from .medium import MediumBot

DEFAULT_BUDGET_MS = 140.0 if sys.platform == "emscripten" else 38.0
"""Wall-clock time per decision.  Pyodide runs 3–4× slower than CPython, so
the browser's 140 ms buys about the rollouts CPython does in 38 ms: the
arena on CPython then measures the strength the table plays at."""
DEFAULT_MAX_ITERATIONS = 1000
"""Rollouts per decision at most (all candidates together)."""
MARGIN_WEIGHT = 0.02
"""Penalty units per point of margin: breaks ties between rollouts of one band."""
PRIOR_BONUS = 0.3
"""Head start of the medium bot's move, in penalty units."""
MAX_CANDIDATES = 5
"""The medium bot's best few moves are searched (fewer moves, more rollouts each)."""
FIRST_WORLDS = 4
"""Worlds per candidate before the first halving."""

# Discard order per trump suit: least valuable first, trumps last (RULES.md §4.2).
_DISCARD_RANK = tuple(
    tuple(((SUIT_OF[c] == t) * 16 + POINTS_OF[c]) * 64 + RANK_OF[c] * 4 + SUIT_OF[c] for c in range(36))
    for t in range(4))
# Loading order: most points first, trumps kept.
_LOAD_RANK = tuple(
    tuple((SUIT_OF[c] == t) * 1000 - POINTS_OF[c] * 16 + RANK_OF[c] for c in range(36)) for t in range(4))
TRUMP_STAKE = 10
"""A rollout player trumps a trick worth this many points (fewer once the stock is out)."""


def cheapest_beat(hand, size: int, winning, trump: int) -> tuple[tuple | None, int]:
    """The multi-card beat that spends least (a trump costs 20 + its rank, a
    plain card its rank), with its cost; ``(None, large)`` when none beats."""
    best_cards = None
    best_cost = 1 << 30
    for combo in combinations(hand, size):
        cost = 0
        for c in combo:
            if SUIT_OF[c] == trump:
                cost += 20 + RANK_OF[c]
            else:
                cost += RANK_OF[c]
        if cost < best_cost and beats_all(combo, winning, trump):
            best_cards, best_cost = combo, cost
    return best_cards, best_cost


def single_beat(hand, w: int, trump: int, worthwhile: bool, last: bool) -> int:
    """The card a rollout player beats the single card ``w`` with, or -1:
    in suit when it can (the last player with the most points, the others
    with the cheapest card), else the lowest trump if the trick is
    ``worthwhile``; over a trump, only a higher trump, and only then."""
    ws, wr = SUIT_OF[w], RANK_OF[w]
    best = -1
    if ws != trump:
        plain = [c for c in hand if SUIT_OF[c] == ws and RANK_OF[c] > wr]
        if plain:
            return max(plain, key=POINTS_OF.__getitem__) if last else min(plain)
        if worthwhile:
            for c in hand:
                if SUIT_OF[c] == trump and (best < 0 or c < best):
                    best = c
    elif worthwhile:
        for c in hand:
            if SUIT_OF[c] == trump and RANK_OF[c] > wr and (best < 0 or c < best):
                best = c
    return best


def rollout_move(r: Round) -> tuple[str, tuple]:
    """The rollout policy: a fast medium-like move for the seat to act, reading
    only its own hand and the table (no peeking at other hands)."""
    seat = r.to_act
    hand = r.hands[seat]
    trump = r.trump
    trick = r.trick
    dk = _DISCARD_RANK[trump]
    if trick is None:
        # Lead: an ace of a plain suit with a companion ten (hard to beat as a pair),
        # a master-ish trump when the stock is out, otherwise the cheapest card.
        if len(hand) > 1:
            for c in hand:
                if RANK_OF[c] == 8 and SUIT_OF[c] != trump:
                    ten = c - 1
                    if ten in hand:
                        return LEAD, (c, ten)
        return LEAD, (min(hand, key=dk.__getitem__),)
    size = trick.size
    side = r._side
    n = r.players
    nxt = seat + 1 if seat + 1 < n else 0
    last = nxt == trick.leader
    if side[trick.winner] == side[seat]:
        if last or size > 1:
            load = sorted(hand, key=_LOAD_RANK[trump].__getitem__)[:size]
            return DISCARD, tuple(load)
        return DISCARD, tuple(sorted(hand, key=dk.__getitem__)[:size])
    stake = 0
    for p in trick.plays:
        for c in p.cards:
            stake += POINTS_OF[c]
    worth = TRUMP_STAKE if r._stock else 4
    if last and r.points[side[seat]] == 0:
        worth = 1
    if size == 1:
        best = single_beat(hand, trick.winning[0], trump, stake >= worth, last)
        if best >= 0:
            return BEAT, (best,)
        return DISCARD, (min(hand, key=dk.__getitem__),)
    best_cards, best_cost = cheapest_beat(hand, size, trick.winning, trump)
    if best_cards is not None and (best_cost < 20 or stake >= worth):
        return BEAT, best_cards
    return DISCARD, tuple(sorted(hand, key=dk.__getitem__)[:size])


def play_out(r: Round) -> None:
    """Finish the round in place with the rollout policy."""
    play = r._play
    while r.to_act is not None:
        kind, cards = rollout_move(r)
        play(kind, cards)


def fast_playout(r: Round, kind: str, cards: tuple) -> list[int]:
    """Play ``kind``/``cards`` for the seat to act in ``r``, finish the round
    with the rollout policy (:func:`rollout_move`, move for move) and return
    the final points per side.  ``r`` is left unchanged.

    The same game as ``r.copy()``, ``_play`` and :func:`play_out`, on plain
    lists: no :class:`Trick` or :class:`Play` objects, the combination check
    only after a draw (hands that only shrink cannot come to hold one)."""
    n = r.players
    trump = r.trump
    side = r._side
    hands = [list(h) for h in r.hands]
    stock = list(r._stock)
    points = list(r.points)
    combos = r.rules.combos
    dk = _DISCARD_RANK[trump].__getitem__
    lk = _LOAD_RANK[trump].__getitem__
    pts = POINTS_OF
    suit_of = SUIT_OF
    rank_of = RANK_OF
    seat = r.to_act
    t = r.trick
    if t is None:
        leader = -1
        size = winner = stake = 0
        winning: tuple = ()
    else:
        leader, size, winner, winning = t.leader, t.size, t.winner, t.winning
        stake = 0
        for p in t.plays:
            for c in p.cards:
                stake += pts[c]
    forced = True
    while True:
        hand = hands[seat]
        if forced:
            forced = False
            play = cards
            beat = kind == BEAT
        elif leader < 0:
            beat = False
            play = None
            if len(hand) > 1:
                for c in hand:
                    if rank_of[c] == 8 and suit_of[c] != trump and c - 1 in hand:
                        play = (c, c - 1)
                        break
            if play is None:
                play = (min(hand, key=dk),)
        else:
            nxt = seat + 1
            if nxt == n:
                nxt = 0
            last = nxt == leader
            beat = False
            if side[winner] == side[seat]:
                if last or size > 1:
                    play = tuple(sorted(hand, key=lk)[:size])
                elif size == 1:
                    play = (min(hand, key=dk),)
                else:
                    play = tuple(sorted(hand, key=dk)[:size])
            else:
                worth = TRUMP_STAKE if stock else 4
                if last and points[side[seat]] == 0:
                    worth = 1
                if size == 1:
                    best = single_beat(hand, winning[0], trump, stake >= worth, last)
                    if best >= 0:
                        play = (best,)
                        beat = True
                    else:
                        play = (min(hand, key=dk),)
                else:
                    best_cards, best_cost = cheapest_beat(hand, size, winning, trump)
                    if best_cards is not None and (best_cost < 20 or stake >= worth):
                        play = best_cards
                        beat = True
                    else:
                        play = tuple(sorted(hand, key=dk)[:size])
        for c in play:
            hand.remove(c)
            stake += pts[c]
        if leader < 0:
            leader = winner = seat
            size = len(play)
            winning = play
        elif beat:
            winner = seat
            winning = play
        seat += 1
        if seat == n:
            seat = 0
        if seat != leader:
            continue
        # The trick is over: the winner takes it, everyone draws, the winner leads.
        points[side[winner]] += stake
        seat = winner
        leader = -1
        stake = 0
        if stock:
            s = winner
            for _ in range(min((HAND_SIZE - len(hands[winner])) * n, len(stock))):
                hands[s].append(stock.pop())
                s += 1
                if s == n:
                    s = 0
            if combos and len(hands[winner]) >= 3:
                found = find_combination(hands, winner, combos, r.trump_card)
                if found is not None:
                    cseat, _, play = found
                    hand = hands[cseat]
                    for c in play:
                        hand.remove(c)
                        stake += pts[c]
                    leader = winner = cseat
                    size = len(play)
                    winning = play
                    seat = cseat + 1 if cseat + 1 < n else 0
        elif not hands[winner]:
            return points


ENDGAME_CARDS = 0
"""Once the stock is out and no hand holds more cards, worlds are searched
exactly (:mod:`burkozel.bots.endgame`) instead of rolled out.  Off (0):
with 2, pairs lost 0.5% ± 0.6% of rounds won against medium (paired, 300
deals, 600 iterations): in a sampled world the search plays as if it saw
every hand (strategy fusion), and a solve costs ten rollouts."""
WIN_WEIGHT = 5.0
"""Penalty units for winning the round (having the most points; a tie shares
it), on top of its penalty of 0.  Measured against medium at 600 iterations,
paired: 2 against 0, +1.8% ± 2.2% rounds won in pairs (300 deals), +0.5% ±
2.5% in four (100), +4.0% ± 3.1% in three (60); 5 against 2, +1.0% ± 1.7%
and +0.8% ± 1.9% in pairs (400 deals each, seeds 21 and 22; the mean penalty
fell too, 1.085 → 1.073); 9 against 2, +0.4% ± 2.1% (seed 21)."""


def utility(points: Sequence[int], side: int, pass_mark: int) -> float:
    """How good a finished round is for ``side``: minus its penalty, a bonus
    for winning it (:data:`WIN_WEIGHT`) and a small term for its margin over
    the best other side."""
    pen = round_penalties(points, pass_mark)[side]
    mine = points[side]
    best_other = max(p for s, p in enumerate(points) if s != side)
    u = -pen + MARGIN_WEIGHT * (mine - best_other)
    if WIN_WEIGHT and mine >= best_other:
        u += WIN_WEIGHT / sum(1 for p in points if p == mine)
    return u


WorldSource = Callable[[SeatView], Callable[[object], Round]]


SLICE_ROLLOUTS = 32
"""Rollouts between two pauses of :meth:`HardBot.think` (tens of ms in a browser)."""


@register("hard")
class HardBot:
    """Flat PIMC with successive halving over the candidate moves."""

    name = "hard"

    def __init__(self, seed: int | str = 0, budget_ms: float = DEFAULT_BUDGET_MS,
                 max_iterations: int = DEFAULT_MAX_ITERATIONS, deterministic: bool = False,
                 worlds: WorldSource | None = None) -> None:
        self.seed = seed
        self.budget_ms = budget_ms
        self.max_iterations = max_iterations
        self.deterministic = deterministic
        self._worlds = worlds
        self._prior = MediumBot(seed)
        self.last_iterations = 0

    def get_move(self, view: SeatView) -> Move:
        search = self.think(view)
        while True:
            try:
                next(search)
            except StopIteration as done:
                return done.value

    def think(self, view: SeatView) -> Generator[None, None, Move]:
        """The same search as :meth:`get_move`, as a generator that pauses
        after every ``SLICE_ROLLOUTS`` rollouts and returns the move: a page
        can spread one decision over several short tasks and keep painting.
        Pausing changes nothing in the result."""
        start = time.perf_counter()
        deadline = None if self.deterministic else start + self.budget_ms / 1000.0
        ranked = self._prior.ranked(view)
        prior = ranked[0][1]
        moves = [m for _, m in ranked[:MAX_CANDIDATES]]
        if len(moves) == 1:
            return moves[0]
        rng = decision_rng(self.seed, view)
        if self._worlds is not None:
            draw = self._worlds(view)
        else:
            sampler = WorldSampler(view)
            draw = lambda rng: sampler.sample(rng, history=False)  # noqa: E731 - rollouts need no history
        side, pass_mark = view.side, view.pass_mark
        cap = self.max_iterations
        # Few cards left and no stock: each world is solved exactly, not rolled out.
        endgame = view.stock == 0 and max(view.hand_sizes) <= ENDGAME_CARDS

        def score(points: list[int]) -> float:
            return utility(points, side, pass_mark)

        worlds: list[Round] = []
        results: list[list[float]] = [[] for _ in moves]
        bonus = [PRIOR_BONUS if m == prior else 0.0 for m in moves]
        alive = list(range(len(moves)))
        used = 0
        done = False
        per = FIRST_WORLDS
        rounds_left = max(1, (len(moves) - 1).bit_length())
        while True:
            # Every live candidate is played in the same worlds (common random numbers).
            target = len(worlds) + per
            t0 = time.perf_counter()
            before = used
            for i in alive:
                m = moves[i]
                res = results[i]
                for w in range(len(res), target):
                    if w == len(worlds):  # dealt on demand, inside the time budget
                        try:
                            worlds.append(draw(rng))
                        except ValueError:
                            # No world found (the sampler gave up): decide on the
                            # worlds played so far, or take the medium move.
                            done = True
                            break
                    if endgame:
                        res.append(solve(worlds[w], m.kind, m.cards, side, score))
                    else:
                        res.append(utility(fast_playout(worlds[w], m.kind, m.cards), side, pass_mark))
                    used += 1
                    if used >= cap or (deadline is not None and time.perf_counter() >= deadline):
                        done = True
                        break
                    if used % SLICE_ROLLOUTS == 0:
                        yield
                if done:
                    break
            if done:
                break
            # Successive halving: keep the better half, spread what is left evenly.
            if len(alive) > 1:
                alive.sort(key=lambda i: -(sum(results[i]) / len(results[i]) + bonus[i]))
                alive = alive[: max(2, (len(alive) + 1) // 2)] if rounds_left > 1 else alive
            rounds_left = max(1, rounds_left - 1)
            left = cap - used
            if deadline is not None:
                cost = (time.perf_counter() - t0) / max(1, used - before)
                left = min(left, int((deadline - time.perf_counter()) / cost))
            per = max(2, left // (rounds_left * len(alive)))
        self.last_iterations = used
        # Compare the live moves over the worlds all of them were played in.
        common = min(len(results[i]) for i in alive)
        if common == 0:
            return prior
        best = max(alive, key=lambda i: sum(results[i][:common]) / common + bonus[i])
        return moves[best]
