"""Replaying a stacked deck (``python -m burkozel replay FILE``), exactly as
SCENARIOS.md defines it: a scenario in, every result out.

>>> from burkozel.cards import DECK
>>> from burkozel.replay import replay
>>> out, status = replay({"format": "three", "combos": [], "dealer": 0,
...                       "rounds": [{"deck": [str(c) for c in DECK], "actions": []}]})
>>> status, out["to_act"]
(0, 1)
"""

from __future__ import annotations

from typing import Any

from .cards import SUITS, SUIT_OF, Card
from .match import Match
from .rules import FORMATS, IllegalMoveError, TableRules
from .round import check_deck
from .trick import KINDS, Move, written_card


class ScenarioError(ValueError):
    """Input that is not a readable scenario (exit status 2)."""


def _parse(data: Any) -> tuple[TableRules, int, list[tuple[tuple[Card, ...], list[tuple[Any, Move]]]]]:
    if not isinstance(data, dict):
        raise ScenarioError("a scenario is a JSON object")
    fmt = data.get("format")
    if not isinstance(fmt, str) or fmt not in FORMATS:
        raise ScenarioError(f"unknown format {fmt!r}")
    table = FORMATS[fmt]
    # The four-card tables name their combinations always; the others default.
    combos = data.get("combos", None if table.reports_deal_end else [])
    if "combos" not in data and not table.reports_deal_end:
        raise ScenarioError(f"combos is required for {fmt}")
    if combos is not None:
        if not isinstance(combos, list) or any(c not in table.combo_ids for c in combos):
            raise ScenarioError(f"combos must be a list of {', '.join(table.combo_ids)}")
        if len(set(combos)) != len(combos):
            raise ScenarioError("a combination is listed twice")
        combos = tuple(combos)
    discard = data.get("discard")
    if discard is not None and discard not in table.discard_faces:
        raise ScenarioError(f"discard must be one of {', '.join(table.discard_faces)} for {fmt}")
    rules = TableRules(fmt, combos, discard)
    dealer = data.get("dealer")
    if type(dealer) is not int or not 0 <= dealer < rules.players:
        raise ScenarioError(f"dealer must be a seat from 0 to {rules.players - 1}")
    rounds = data.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        raise ScenarioError("rounds must be a non-empty list")
    parsed = []
    for r, rnd in enumerate(rounds):
        if not isinstance(rnd, dict) or not isinstance(rnd.get("deck"), list):
            raise ScenarioError(f"round {r}: needs a deck")
        try:
            deck = check_deck([written_card(c) for c in rnd["deck"]])
        except (ValueError, TypeError) as e:
            raise ScenarioError(f"round {r}: {e}") from None
        actions = rnd.get("actions", [])
        if not isinstance(actions, list):
            raise ScenarioError(f"round {r}: actions must be a list")
        moves = []
        for i, action in enumerate(actions):
            if not isinstance(action, dict) or type(action.get("seat")) is not int:
                raise ScenarioError(f"round {r} action {i}: needs a seat number")
            if set(action) - {"seat", *KINDS}:
                raise ScenarioError(f"round {r} action {i}: unknown key")
            try:
                move = Move.from_dict(action)
            except (ValueError, TypeError) as e:
                raise ScenarioError(f"round {r} action {i}: {e}") from None
            moves.append((action["seat"], move))
        parsed.append((deck, moves))
    return rules, dealer, parsed


def _round_report(rnd) -> dict:
    over = rnd.is_over
    extra = {"end": rnd.end, "winner": rnd.winner} if rnd.rules.table.reports_deal_end else {}
    return {
        "trump": SUITS[SUIT_OF[rnd.trump_card]],
        "tricks": [{"leader": t.leader, "combo": t.combo, "lead": [str(c) for c in t.lead],
                    "winner": t.winner, "points": t.points} for t in rnd.tricks],
        "complete": over,
        "points": list(rnd.points) if over else None,
        "penalties": list(rnd.penalties) if over else None,
        **extra,
    }


def replay(data: Any) -> tuple[dict, int]:
    """Replay a scenario: ``(output, exit status)``.  Raises :class:`ScenarioError`
    for unreadable input."""
    rules, dealer, rounds = _parse(data)
    match = Match(rules, seed=0, dealer=dealer, decks=[deck for deck, _ in rounds])
    error = None
    for r, (_, moves) in enumerate(rounds):
        if r > 0:
            try:
                match.next_round()
            except IllegalMoveError as e:
                error = {"round": r, "index": 0, "message": str(e)}
                break
        for i, (seat, move) in enumerate(moves):
            try:
                match.push(move, seat)
            except IllegalMoveError as e:
                error = {"round": r, "index": i, "message": str(e)}
                break
        if error:
            break
    rnd = match.round
    out = {
        "rounds": [_round_report(x) for x in match.rounds],
        "penalties": match.penalties,
        "match_over": match.is_over,
        "winners": match.winners,
        "to_act": rnd.to_act,
        "hands": [[str(c) for c in sorted(h)] for h in rnd.hands],
        "error": error,
    }
    return out, 1 if error else 0
