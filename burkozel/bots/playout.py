"""Rollouts for the hard bot: the medium bot's play on plain lists.

The hard bot finishes each sampled world with every seat playing the medium
bot's move: the rollouts then predict the other players, and its own later
play, as the medium rule card describes them.  Through the engine that costs
~10× too much (a :class:`~burkozel.view.SeatView` per move), so
:func:`fast_playout` plays the round on :class:`~burkozel.bots.medium.State`'s
plain lists and bitmasks, with :func:`~burkozel.bots.medium.medium_move`, the
medium bot's one valuation: the cards a seat has seen go are the face-up
cards of the round (the root view's, then the rollout's) and its own
face-down discards.  ``tests/test_bots.py`` pins that it ends a round where
medium bots at every seat do through the engine.

Measured (paired deals, the hard bot at the same CPython time: 450 of these
rollouts against 1200 of the older, cruder rollout policy): pairs +3.8% ±
3.3% of rounds won (400 deals, seed 21), four +0.7% ± 2.3% (300 deals, seed 3).
A rollout costs ~0.2 ms on CPython 3.11.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Sequence

from ..cards import POINTS_OF
from ..round import HAND_SIZE
from ..rules import find_combination
from ..trick import BEAT, DISCARD
from .medium import MEDIUM, Seen, State, Weights, medium_move

if TYPE_CHECKING:
    from ..round import Round


def fast_playout(r: "Round", kind: str, cards: tuple, seen: Seen,
                 weights: Sequence[Weights] | None = None) -> list[int]:
    """Play ``kind``/``cards`` for the seat to act in ``r``, finish the round
    with every seat playing :func:`medium_move` (with ``weights[seat]``, the
    medium bot's own if not given), and return the final points per side.
    ``r`` is left unchanged; ``seen`` is what the players knew of the cards
    gone before (:meth:`Seen.of_view` of the deciding seat)."""
    st = State.of_round(r, seen)
    n = st.players
    policy = weights or (MEDIUM,) * n
    side = st.side
    hands = st.hands
    stock = st.stock
    points = st.points
    own, own_points = st.own, st.own_points
    combos = r.rules.combos
    pts = POINTS_OF
    seat = r.to_act
    stake = 0  # every card in the trick, face-down ones too
    if r.trick is not None:
        for p in r.trick.plays:
            for c in p.cards:
                stake += pts[c]
    forced = True
    while True:
        hand = hands[seat]
        if forced:
            forced = False
            play, beat = cards, kind == BEAT
            face_up = kind != DISCARD
        else:
            face_up = st.leader < 0
            play, beat = medium_move(st, seat, policy[seat])
            face_up = face_up or beat
        for c in play:
            hand.remove(c)
            stake += pts[c]
        if face_up:
            for c in play:
                st.gone |= 1 << c
                st.gone_points += pts[c]
                st.trick_points += pts[c]
        else:
            for c in play:
                own[seat] |= 1 << c
                own_points[seat] += pts[c]
        if st.leader < 0:
            st.leader = st.winner = seat
            st.size = len(play)
            st.winning = play
        elif beat:
            st.winner = seat
            st.winning = play
        seat = seat + 1 if seat + 1 < n else 0
        if seat != st.leader:
            continue
        # The trick is over: the winner takes it, everyone draws, the winner leads.
        winner = st.winner
        points[side[winner]] += stake
        seat = winner
        st.leader = -1
        stake = st.trick_points = 0
        if stock:
            s = winner
            for _ in range(min((HAND_SIZE - len(hands[winner])) * n, len(stock))):
                insort(hands[s], stock.pop())
                s = s + 1 if s + 1 < n else 0
            if combos and len(hands[winner]) >= 3:
                found = find_combination(hands, winner, combos, r.trump_card)
                if found is not None:
                    cseat, _, play = found
                    for c in play:
                        hands[cseat].remove(c)
                        stake += pts[c]
                        st.gone |= 1 << c
                        st.gone_points += pts[c]
                        st.trick_points += pts[c]
                    st.leader = st.winner = cseat
                    st.size = len(play)
                    st.winning = play
                    seat = cseat + 1 if cseat + 1 < n else 0
        elif not hands[winner]:
            return points
