"""The host's side of a test match between two devices: what the host's own table
does between the guests' moves (deals, timers, its person's random moves)."""

from __future__ import annotations

import random

import webpath  # noqa: F401
from table.p2p import peer

OVER, MOVED, GUEST, WAIT = "over", "moved", "guest", "wait"


def host_step(table, rng: random.Random, max_rounds: int) -> str:
    """One step of the host's table: ``OVER`` when the match (or ``max_rounds`` deals)
    is done, ``MOVED`` when it dealt, ran a timer or played its person's random legal
    move, ``GUEST`` when a guest's seat is to act, ``WAIT`` while the deal waits for the guests' values."""
    phase = table.phase()
    if phase == peer.KEYING:
        return WAIT  # the deal waits for the guests' values
    if phase == "match_end" or (phase == "round_end" and table.match.round_no + 1 >= max_rounds):
        return OVER
    if phase == "round_end":
        table.next_round()
        return MOVED
    if table.next_timer() is not None:
        table.run_timer(table.next_timer()[0])
        return MOVED
    if table.match.to_act == peer.HUMAN:
        assert table.play_for(peer.HUMAN, rng.choice(table.match.view(peer.HUMAN).legal_moves)) is None
        return MOVED
    return GUEST
