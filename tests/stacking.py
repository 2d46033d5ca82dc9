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


# --- the two-player tables (RULES-variants.md §5) ----------------------------


def deal_deck(nd: str, d: str, trump: str, stock: str = "") -> list[Card]:
    """RULES-variants.md §5's shorthand: the non-dealer's and the dealer's cards
    interleaved (ND first), then ``stock``, then every other card in canonical
    order, then the face-up ``trump``."""
    nd_cards, d_cards = cards(nd), cards(d)
    assert len(nd_cards) == len(d_cards), "both hands are dealt in full"
    front = [c for pair in zip(nd_cards, d_cards) for c in pair] + cards(stock)
    last = Card.parse(trump)
    used = front + [last]
    assert len(set(used)) == len(used), "a card is placed twice"
    return front + [c for c in DECK if c not in used] + [last]


def deal_round(fmt: str, dealer: int, nd: str, d: str, trump: str, stock: str = "",
               combos: Sequence[str] | None = None, discard: str | None = None) -> Round:
    """A deal of ``duel`` or ``bura31`` from :func:`deal_deck` (the table's
    default combinations and discard face unless given)."""
    rules = TableRules(fmt, None if combos is None else tuple(combos), discard)
    return Round(rules, dealer, deal_deck(nd, d, trump, stock))


def parse_deck(text: str) -> list[Card]:
    """A whole deck written out, as RULES-variants.md §5 gives B5, D4 and D5."""
    deck = cards(text)
    assert len(deck) == 36 and len(set(deck)) == 36
    return deck


def lowest_card_move(rnd: Round) -> Move:
    """RULES-variants.md §5's B5 policy: the leader leads its lowest card by
    (is trump, rank, suit); the answerer beats a single card with its lowest
    beating card by the same key, else ``discard: []``; nobody declares."""
    trump = rnd.trump
    hand_cards = rnd.hands[rnd.to_act]

    def key(c: Card) -> tuple:
        return (c.suit == trump, c.rank, c.suit)

    trick = rnd.trick
    if trick is None:
        return Move.lead(min(hand_cards, key=key))
    if trick.size == 1:
        beating = [c for c in hand_cards if c.beats(trick.winning[0], trump)]
        if beating:
            return Move.beat(min(beating, key=key))
    return Move.discard()


def play_out(rnd: Round | Match, policy=lowest_card_move) -> None:
    """Play the current deal to its end with ``policy`` (a function of the round)."""
    deal = rnd.round if isinstance(rnd, Match) else rnd
    while not deal.is_over:
        rnd.push(policy(deal))


def refused(rnd: Round, move: Move | str, seat: int | None = None) -> str:
    """The code of the rule ``move`` breaks (``"lead AS"`` or a :class:`Move`);
    asserts that it is refused and leaves the position as it was."""
    import pytest

    from burkozel import IllegalMoveError

    before = repr(rnd), len(rnd.tricks)
    with pytest.raises(IllegalMoveError) as e:
        rnd.push(Move.parse(move) if isinstance(move, str) else move, seat)
    assert (repr(rnd), len(rnd.tricks)) == before
    return e.value.code
