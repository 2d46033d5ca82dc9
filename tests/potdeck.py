"""Stacked decks and snapshots for the «Бура на кон» tests (RULES-pot.md §3.2):
say who holds what, get the deck in draw order."""

from __future__ import annotations

from typing import Sequence

from burkozel import DECK, Card, Round, TableRules


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def pot_deck(players: int, dealer: int, hands: Sequence[str], trump: str, stock: str = "") -> list[Card]:
    """A deck that deals ``hands[s]`` (up to three card texts) to seat ``s``,
    puts ``stock`` at the front of the stock and ``trump`` last; the other
    cards fill the gaps in canonical order."""
    placed = [cards(h) for h in hands] + [[] for _ in range(players - len(hands))]
    front, last = cards(stock), Card.parse(trump)
    used = [c for h in placed for c in h] + front + [last]
    assert len(set(used)) == len(used), "a card is placed twice"
    rest = [c for c in DECK if c not in used]
    for h in placed:
        while len(h) < 3:
            h.append(rest.pop(0))
    deck: list[Card | None] = [None] * (3 * players)
    for s, h in enumerate(placed):
        k = (s - dealer - 1) % players
        for j, c in enumerate(h):
            deck[j * players + k] = c
    return deck + front + rest + [last]


def pot_round(players: int, dealer: int, hands: Sequence[str], trump: str, stock: str = "", **switches) -> Round:
    return Round(TableRules("bura_pot", players=players, **switches), dealer,
                 pot_deck(players, dealer, hands, trump, stock))


def pot_snapshot(rnd: Round) -> tuple:
    """Everything that makes up a deal's state at a pot, as plain values."""
    trick = rnd.trick
    return (tuple(tuple(sorted(h)) for h in rnd.hands), tuple(rnd.stock), rnd.trump_drawn_by,
            None if trick is None else (trick.leader, tuple(trick.plays), trick.winner),
            len(rnd.tricks), tuple(rnd.points), rnd.to_act, tuple(rnd.chips), rnd.pot, rnd.stake,
            rnd.folded, rnd.raised, rnd.raiser, rnd.in_deal, rnd.end)
