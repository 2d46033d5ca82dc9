"""Stacked decks for tests: say who holds what, get the deck in draw order.

RULES.md §3: the first ``4·n`` cards are dealt one at a time from the seat
after the dealer, the rest is the stock drawn from the front, and the last
card is the face-up trump.  Cards a test does not place fill the remaining
hand slots and the middle of the stock, in canonical order.
"""

from __future__ import annotations

from typing import Sequence

from burkozel import DECK, Card, Match, Move, Round, TableRules

PLAYERS = {"pairs": 4, "four": 4, "three": 3}


def cards(text: str) -> list[Card]:
    """``cards("AS 6S")`` → [AS, 6S]."""
    return [Card.parse(t) for t in text.split()]


def stack(fmt: str, dealer: int, hands: Sequence[str], trump: str, stock: str = "",
          filler: str | None = None) -> list[Card]:
    """A deck that deals ``hands[s]`` (card texts, space-separated, up to 4)
    to seat ``s``, puts ``stock`` at the front of the stock and ``trump`` last.
    ``filler`` orders the cards that fill the gaps (default: canonical)."""
    n = PLAYERS[fmt]
    placed_hands = [cards(h) for h in hands] + [[] for _ in range(n - len(hands))]
    front, last = cards(stock), Card.parse(trump)
    used = [c for h in placed_hands for c in h] + front + [last]
    assert len(set(used)) == len(used), "a card is placed twice"
    rest = [c for c in (cards(filler) if filler else DECK) if c not in used]
    rest += [c for c in DECK if c not in used and c not in rest]
    for h in placed_hands:
        while len(h) < 4:
            h.append(rest.pop(0))
    deck: list[Card | None] = [None] * (4 * n)
    for s, h in enumerate(placed_hands):
        k = (s - dealer - 1) % n
        for j, c in enumerate(h):
            deck[j * n + k] = c
    out = [c for c in deck if c is not None] + front + rest + [last]
    assert len(out) == 36 and len(set(out)) == 36
    return out


def new_round(fmt: str, hands: Sequence[str], trump: str, stock: str = "", dealer: int | None = None,
              combos: Sequence[str] = (), filler: str | None = None) -> Round:
    """A round of ``fmt`` dealt from a stacked deck; seat 0 leads by default
    (the dealer is the last seat), no combinations unless asked."""
    n = PLAYERS[fmt]
    dealer = n - 1 if dealer is None else dealer
    return Round(TableRules(fmt, tuple(combos)), dealer, stack(fmt, dealer, hands, trump, stock, filler))


def play(rnd: Round | Match, *moves: str) -> None:
    """Push moves written as ``"lead AS 6S"``, ``"beat 7S"``, ``"discard"``."""
    for text in moves:
        rnd.push(Move.parse(text))


def hand(rnd: Round, seat: int) -> str:
    return " ".join(str(c) for c in sorted(rnd.hands[seat]))
