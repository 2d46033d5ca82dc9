"""Information-set MCTS: the hard bot's search where its table says so (Бура «31»).

The one-ply search (:mod:`.one_ply`) finishes each candidate with medium
rollouts, so the bot's own later play is the medium bot's.  This searches
deeper (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012): one tree
over this seat's information sets, a world from the bot's world source each
iteration, stepped through the engine's :class:`~burkozel.kernel.Deal`, UCB1
with availability counts on the hard bot's utility.  The other seat plays the
medium bot's move in the world (or, an arena level, chooses by UCB); a leaf is
finished by medium rollouts.  ``docs/bots.md`` has the measurements.
"""

from __future__ import annotations

import time
from math import fsum, log, sqrt
from typing import Callable, Generator

from ...kernel import Deal
from ...trick import Move, legal_moves_in
from ...view import SeatView
from ..medium import medium_move, weights_for
from . import candidates
from .budget import SLICE_ROLLOUTS
from .utility import utility
from .verdict import MoveValue, Rollout, Verdict

EXPLORATION = 0.7
"""UCB1's constant, on utilities scaled to about [0, 1] (:func:`scaled`)."""
UTILITY_LOW, UTILITY_SPAN = -4.5, 11.0
"""The hard bot's utility in Бура «31» runs from about −4.5 (a false «31»)
to 6.5 (a win with a wide margin): scaled by these to about [0, 1]."""
INNER_CANDIDATES = 4
"""This seat's moves searched below the root: the medium bot's best few in
the world (the root's are the hard bot's candidates)."""
WORLD_POOL = 64
"""Worlds dealt per decision; the iterations cycle through them (dealing a
world costs about as much as a rollout)."""
MIN_SHARE = 4
"""A root move is chosen only with at least 1/MIN_SHARE of the most visits."""
EVERY_MOVE = False
"""Search every legal move of this seat, after the candidates and medium's
best few: what leaving the others out costs (a measurement, ``docs/bots.md``)."""


def key(move: Move) -> tuple:
    """A move as the tree keys it: its kind and its cards' numbers."""
    return move.kind, tuple(int(c) for c in move.cards)


def others(options: list[tuple], legal: list[Move]) -> list[tuple]:
    """The keys of the moves of ``legal`` not among ``options`` (keys, whose
    cards may come in another order), in ``legal``'s order."""
    have = {(kind, frozenset(cards)) for kind, cards in options}
    return [k for k in map(key, legal) if (k[0], frozenset(k[1])) not in have]


def scaled(u: float) -> float:
    return (u - UTILITY_LOW) / UTILITY_SPAN


class Edge:
    """A move out of a node: visits, the sum of this seat's scaled utility,
    how often it was available, and the nodes it leads to, by what this seat
    then knows (its own hand)."""

    __slots__ = ("visits", "total", "avail", "next")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.next: dict[tuple, dict] = {}


def _node(edge: Edge | None, root: dict, key: tuple) -> dict:
    if edge is None:
        return root
    node = edge.next.get(key)
    if node is None:
        node = edge.next[key] = {}
    return node


def ucb_pick(node: dict, moves: list[tuple], sign: float) -> tuple[tuple, Edge | None]:
    """The move to follow among ``moves`` (available here): the first one
    never tried, else UCB1 with availability counts (``sign`` −1 for the
    other seat, which minimizes this seat's utility)."""
    best, best_edge, best_value = moves[0], None, -1e18
    for m in moves:
        edge = node.get(m)
        if edge is None:
            edge = node[m] = Edge()
        edge.avail += 1
    for m in moves:
        edge = node[m]
        if edge.visits == 0:
            return m, edge
        mean = edge.total / edge.visits
        value = (mean if sign > 0 else 1.0 - mean) + EXPLORATION * sqrt(log(edge.avail) / edge.visits)
        if value > best_value:
            best, best_edge, best_value = m, edge, value
    return best, best_edge


def tree_search(view: SeatView, moves: list[Move], draw: Callable, rng, max_iterations: int,
                deadline: float | None, opponent: str = "medium",
                record: bool = False) -> Generator[None, None, Verdict]:
    """Search ``moves`` (the root's candidates, the medium choice first) in
    worlds dealt by ``draw``; pause every :data:`SLICE_ROLLOUTS`
    iterations and return the :class:`Verdict`: the root
    moves in contention, best first, each with its mean utility over the
    iterations that went through it (and with ``record`` their
    :class:`~.verdict.Rollout`)."""
    seen = view.seen
    seat, side = view.seat, view.side
    weights = weights_for(view.format)
    root_moves = [key(m) for m in moves]
    if EVERY_MOVE:
        extra = others(root_moves, view.legal_moves)
        moves = moves + [m for m in view.legal_moves if key(m) in extra]
        root_moves += extra
    prior = root_moves[0]
    root: dict = {}
    worlds: list[Deal] = []
    utilities: dict[tuple, list[float]] = {m: [] for m in root_moves}
    outcomes: dict[tuple, list[Rollout]] = {m: [] for m in root_moves}
    versus_medium = opponent == "medium"
    done = 0
    while done < max_iterations and (deadline is None or time.perf_counter() < deadline):
        if len(worlds) < WORLD_POOL:
            try:
                worlds.append(draw(rng))
            except ValueError:
                if not worlds:
                    break  # no world found: the medium move
        deal = worlds[done % len(worlds)].copy()
        seen.apply(deal)
        step = deal.step
        path: list[Edge] = []
        node, edge = root, None
        first = None
        expanded = False
        while not expanded and (actor := deal.to_act) is not None:
            if actor == seat:
                node = _node(edge, root, tuple(deal.hands[seat]))
                if edge is None:
                    options = root_moves
                else:
                    ranked: list = []
                    medium_move(deal, actor, weights, ranked)
                    ranked.sort(key=lambda e: (e[0], e[1]), reverse=True)
                    options = [(kind, cards) for _, _, kind, cards in ranked[:INNER_CANDIDATES]]
                    if EVERY_MOVE:
                        options += others(options, legal_moves_in(deal))
                move, edge = ucb_pick(node, options, 1.0)
                if first is None:
                    first = move
            elif versus_medium:
                move = medium_move(deal, actor, weights)
                node = _node(edge, root, tuple(deal.hands[seat]))
                edge = node.get(move)
                if edge is None:
                    edge = node[move] = Edge()
            else:
                node = _node(edge, root, tuple(deal.hands[seat]))
                options = [key(m) for m in legal_moves_in(deal)]
                move, edge = ucb_pick(node, options, -1.0)
            expanded = edge.visits == 0
            path.append(edge)
            step(*move)
        while (actor := deal.to_act) is not None:
            step(*medium_move(deal, actor, weights))
        u = utility(deal, side)
        value = scaled(u)
        for e in path:
            e.visits += 1
            e.total += value
        utilities[first].append(u)
        if record:
            outcomes[first].append(Rollout.of(deal, side))
        done += 1
        if done % SLICE_ROLLOUTS == 0:
            yield
    most = max((len(u) for u in utilities.values()), default=0)
    if not most:
        return Verdict(moves[0], (), iterations=done)
    values = [MoveValue(moves[i], fsum(utilities[m]) / len(utilities[m]),
                             candidates.PRIOR_BONUS if m == prior else 0.0, len(utilities[m]), tuple(outcomes[m]))
              for i, m in enumerate(root_moves) if len(utilities[m]) * MIN_SHARE >= most]
    # Sorted by score, ties to the earlier candidate (the medium order).
    values.sort(key=lambda v: -v.score)
    return Verdict(values[0].move, tuple(values), iterations=done)

