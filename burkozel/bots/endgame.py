"""Exact endgame search for the hard bot: once the stock is empty a sampled
world is a small perfect-information game (a few cards a hand, no draws, no
new combinations: a hand that only shrinks cannot come to hold one).

:func:`solve` plays one move in a world and searches the rest of the round
by alpha-beta: the seats of the searching side maximise its utility, every
other seat minimises it (exact in ``pairs``, where the other side's points
are 120 minus ours; the cautious "paranoid" reading in the single formats).
The moves are pruned to the ones that matter (``answers``, ``leads``), so a
position with two cards a hand takes a few dozen nodes; the recursion is as
deep as the cards left to play (at most 16), far below Pyodide's limit.
"""

from __future__ import annotations

from itertools import combinations
from typing import Callable, Sequence

from ..cards import POINTS_OF, RANK_OF, SUIT_OF
from ..round import Round
from ..rules import beats_all
from ..trick import BEAT

from .medium import DISCARD_RANK as _DISCARD_RANK, LOAD_RANK as _LOAD_RANK


def leads(hand: Sequence[int]) -> list[tuple[int, ...]]:
    """Each card alone, and each suit's cards all together."""
    out = [(c,) for c in hand]
    for suit in range(4):
        same = tuple(c for c in hand if SUIT_OF[c] == suit)
        if len(same) > 1:
            out.append(same)
    return out


def answers(hand: Sequence[int], size: int, winning: Sequence[int], trump: int) -> list[tuple[bool, tuple[int, ...]]]:
    """(beats, cards): the cheapest beat, the beat that carries most points,
    the cheapest discard and the discard with most points."""
    out: list[tuple[bool, tuple[int, ...]]] = []
    cheap = rich = None
    cheap_cost = rich_key = None
    for combo in combinations(hand, size):
        if beats_all(combo, winning, trump):
            cost = sum((20 + RANK_OF[c]) if SUIT_OF[c] == trump else RANK_OF[c] for c in combo)
            value = sum(POINTS_OF[c] for c in combo)
            if cheap_cost is None or cost < cheap_cost:
                cheap, cheap_cost = combo, cost
            if rich_key is None or (value, -cost) > rich_key:
                rich, rich_key = combo, (value, -cost)
    if cheap is not None:
        out.append((True, cheap))
        if rich != cheap:
            out.append((True, rich))
    low = tuple(sorted(hand, key=_DISCARD_RANK[trump].__getitem__)[:size])
    out.append((False, low))
    load = tuple(sorted(hand, key=_LOAD_RANK[trump].__getitem__)[:size])
    if set(load) != set(low):
        out.append((False, load))
    return out


def solve(r: Round, kind: str, cards: tuple, side: int,
          utility: Callable[[list[int]], float]) -> float:
    """The value for ``side`` of playing ``kind``/``cards`` in ``r`` (stock
    empty) and then the rest of the round by alpha-beta.  ``r`` is unchanged."""
    n = r.players
    trump = r.trump
    side_of = r._side
    hands = [list(h) for h in r.hands]
    points = list(r.points)
    pts = POINTS_OF
    t = r.trick
    if t is None:
        leader, size, winner, winning, stake = -1, 0, -1, (), 0
    else:
        leader, size, winner, winning = t.leader, t.size, t.winner, t.winning
        stake = sum(pts[c] for p in t.plays for c in p.cards)

    def after(seat: int, leader: int, size: int, winner: int, winning: tuple, stake: int,
              alpha: float, beta: float) -> float:
        """The value once ``seat`` has played: the next seat's turn, or the trick's end."""
        nxt = seat + 1 if seat + 1 < n else 0
        if nxt != leader:
            return node(nxt, leader, size, winner, winning, stake, alpha, beta)
        s = side_of[winner]
        points[s] += stake
        if hands[winner]:
            v = node(winner, -1, 0, -1, (), 0, alpha, beta)
        else:
            v = utility(points)
        points[s] -= stake
        return v

    def node(seat: int, leader: int, size: int, winner: int, winning: tuple, stake: int,
             alpha: float, beta: float) -> float:
        hand = hands[seat]
        maximise = side_of[seat] == side
        best = float("-inf") if maximise else float("inf")
        if leader < 0:
            moves = [(True, c) for c in leads(hand)]
        else:
            moves = answers(hand, size, winning, trump)
        for beat, play in moves:
            for c in play:
                hand.remove(c)
            gain = stake + sum(pts[c] for c in play)
            if leader < 0:
                v = after(seat, seat, len(play), seat, play, gain, alpha, beta)
            elif beat:
                v = after(seat, leader, size, seat, play, gain, alpha, beta)
            else:
                v = after(seat, leader, size, winner, winning, gain, alpha, beta)
            hand.extend(play)
            if maximise:
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
            else:
                if v < best:
                    best = v
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        return best

    seat = r.to_act
    hand = hands[seat]
    for c in cards:
        hand.remove(c)
    stake += sum(pts[c] for c in cards)
    inf = float("inf")
    if leader < 0:
        return after(seat, seat, len(cards), seat, tuple(cards), stake, -inf, inf)
    if kind == BEAT:
        return after(seat, leader, size, seat, tuple(cards), stake, -inf, inf)
    return after(seat, leader, size, winner, winning, stake, -inf, inf)
