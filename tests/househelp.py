"""Helpers of the RULES-house.md tests: §11's policies and the house scenarios."""

from __future__ import annotations

import json
from pathlib import Path

from burkozel import Match, Move, Round

HOUSE = Path(__file__).parent / "scenarios" / "house"


def house_scenario(name: str) -> dict:
    return json.loads((HOUSE / f"{name}.json").read_text())


def house_policy(rnd: Round) -> Move:
    """RULES-house.md §11's B5 policy: the leader leads its lowest card by (is
    trump, rank, suit); each answerer beats the current winning card with its
    lowest card that legally can (the spade rule included), else ``discard: []``."""
    trump = rnd.trump

    def key(c):
        return (c.suit == trump, c.rank, c.suit)

    if rnd.trick is None:
        return Move.lead(min(rnd.hands[rnd.to_act], key=key))
    if rnd.trick.size == 1:
        beats = [m for m in rnd.legal_moves if m.kind == "beat"]
        if beats:
            return min(beats, key=lambda m: key(m.cards[0]))
    return Move.discard()


def play_deal(rnd) -> None:
    """Play the current deal of a :class:`Round` or a :class:`Match` to its end
    with :func:`house_policy` (a match records the moves)."""
    deal = rnd.round if isinstance(rnd, Match) else rnd
    while not deal.is_over:
        rnd.push(house_policy(deal))


def house_cases() -> list[tuple[str, dict, tuple[str, ...] | None]]:
    """Every table with each of its switches at each value off its default
    (the robber and the winner dealing together), ``bura5`` as it is, and the
    fuller combinations of Бура: ``(format, house rules, combos or None)``."""
    from burkozel.rules import one_off
    from burkozel.rules import TABLES

    out: list[tuple[str, dict, tuple[str, ...] | None]] = [("bura5", {}, None)]
    for fmt, table in TABLES.items():
        out += [(fmt, house, None) for house in one_off(fmt)]
        if table.house_combo_ids:
            out.append((fmt, {}, ("moscow_lead", "small_moscow", "molodka")))
            out.append((fmt, {"redeal": True, "both_bura": "top"}, ("moscow", "small_moscow_sixes", "molodka")))
    out.append(("bura31", {"match": "robber21", "next_dealer": "winner"}, ("molodka",)))
    return out


def case_id(case) -> str:
    fmt, house, combos = case
    return "-".join([fmt, *(f"{k}={v}" for k, v in house.items()), *(combos or ())])


def scenario_match(name: str, deals: int | None = None, moves: int | None = None) -> Match:
    """The match of house scenario ``name`` played through its first ``deals`` deals
    (all by default), the last of them through its first ``moves`` actions (all by default)."""
    from burkozel.replay import _parse

    rules, dealer, rounds = _parse(house_scenario(name))
    rounds = rounds[:deals]
    match = Match(rules, seed=0, dealer=dealer, decks=[deck for deck, _ in rounds])
    for r, (_, actions) in enumerate(rounds):
        if r:
            match.next_round()
        for seat, move in actions[:moves if r == len(rounds) - 1 else None]:
            match.push(move, seat)
    return match


def shown(match: Match, seat: int) -> list[list[str]]:
    """Per seat, the cards ``seat``'s view says were shown to all (as JSON carries them)."""
    return match.view(seat).to_dict()["shown"]
