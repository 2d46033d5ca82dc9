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
from .house import EXCLUSIVE_COMBOS, SWITCH, HouseRules
from .match import Match
from .rules import BAD_MOVE, HOUSE_TABLES, TABLES, IllegalMoveError, TableRules
from .round import check_deck
from .trick import BARE_KINDS, KINDS, Move, written_card


class ScenarioError(ValueError):
    """Input that is not a readable scenario (exit status 2)."""


def _table_switches(data: dict, table) -> dict:
    """The switches of the match besides the combinations and the discard:
    the number of players where the table lets it be chosen (then required),
    and a pot's ``stack``, ``ante`` and ``dave``."""
    known = table.replay.switches
    if known is not None and set(data) - known:
        raise ScenarioError(f"unknown switch {sorted(set(data) - known)[0]!r} for {table.name}")
    out = {}
    if table.seat_counts:
        players = data.get("players")
        if type(players) is not int or players not in table.seat_counts:
            raise ScenarioError(f"players must be {table.seat_counts[0]} to {table.seat_counts[-1]} for {table.name}")
        out["players"] = players
    if table.has_pot:
        for key in ("stack", "ante"):
            if key in data:
                if type(data[key]) is not int or data[key] < 1:
                    raise ScenarioError(f"{key} must be a whole number from 1, not {data[key]!r}")
                out[key] = data[key]
        if "dave" in data:
            if type(data["dave"]) is not bool:
                raise ScenarioError(f"dave must be true or false, not {data['dave']!r}")
            out["dave"] = data["dave"]
    return out


def _house(data: dict, table) -> HouseRules:
    """The house rules a scenario names (RULES-house.md §10): a key of §0 the
    table lacks is unreadable whatever its value, and so is a value outside
    its list or a combination of switches the book excludes."""
    chosen = {}
    for key in SWITCH:
        if key in data:
            if key not in table.house_keys:
                raise ScenarioError(f"{key} is not a switch of {table.name}")
            try:
                chosen[key] = SWITCH[key].check(data[key])
            except ValueError as e:
                raise ScenarioError(f"{e} (one of {', '.join(map(repr, SWITCH[key].values[:6]))}"
                                    f"{', …' if len(SWITCH[key].values) > 6 else ''})") from None
    try:
        return HouseRules(**chosen)
    except ValueError as e:
        raise ScenarioError(str(e)) from None


def _parse(data: Any) -> tuple[TableRules, int, list[tuple[tuple[Card, ...], list[tuple[Any, Any]]]]]:
    if not isinstance(data, dict):
        raise ScenarioError("a scenario is a JSON object")
    fmt = data.get("format")
    if not isinstance(fmt, str) or fmt not in TABLES:
        raise ScenarioError(f"unknown format {fmt!r}")
    table = TABLES[fmt]
    switches = _table_switches(data, table)
    house = _house(data, table)
    # The four-card tables name their combinations always; the others default.
    combos = data.get("combos", None if table.reports_deal_end else [])
    if "combos" not in data and not table.reports_deal_end:
        raise ScenarioError(f"combos is required for {fmt}")
    if combos is not None:
        if not isinstance(combos, list) or any(c not in table.all_combo_ids for c in combos):
            raise ScenarioError(f"combos must be a list of {', '.join(table.all_combo_ids)}")
        if len(set(combos)) != len(combos):
            raise ScenarioError("a combination is listed twice")
        for a, b in EXCLUSIVE_COMBOS:
            if a in combos and b in combos:
                raise ScenarioError(f"{a} and {b} exclude each other")
        combos = tuple(combos)
    discard = data.get("discard")
    if discard is not None and discard not in table.discard_faces:
        raise ScenarioError(f"discard must be one of {', '.join(table.discard_faces)} for {fmt}")
    try:
        rules = TableRules(fmt, combos, discard, house=house, **switches)
    except ValueError as e:
        raise ScenarioError(str(e)) from None
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
            moves.append((action["seat"], _action(action, table, f"round {r} action {i}")))
        parsed.append((deck, moves))
    return rules, dealer, parsed


def _action(action: dict, table, where: str) -> Move | IllegalMoveError:
    """The move an action names; an action of no known kind, or a bare kind
    whose value is not ``true``, is unreadable or an illegal action as the
    table's conventions say (the card notation is always read strictly)."""
    kinds = [k for k in KINDS if k in action]
    unknown = set(action) - {"seat", *KINDS}
    if unknown or len(kinds) != 1 or (kinds[0] in BARE_KINDS and action[kinds[0]] is not True):
        message = (f"unknown key {sorted(unknown)[0]!r}" if unknown else
                   f"{kinds[0]}: the value must be true" if len(kinds) == 1 else
                   f"an action names exactly one of {', '.join(KINDS)}")
        if table.replay.bad_action_exit == 1:
            return IllegalMoveError(BAD_MOVE, message)
        raise ScenarioError(f"{where}: {message}")
    try:
        return Move.from_dict(action)
    except (ValueError, TypeError) as e:
        raise ScenarioError(f"{where}: {e}") from None


def strict_rounds(data: dict, table) -> bool:
    """Whether only the last round may stop early and none may follow the
    match's end (exit 2 otherwise): with any key of RULES-house.md §0 but
    ``combos``, at a house table, or where the table's conventions say so."""
    return (table.replay.unfinished_exit == 2 or table.name in HOUSE_TABLES
            or any(key in data for key in SWITCH))


def _round_report(rnd) -> dict:
    over = rnd.is_over
    table = rnd.rules.table
    out = {
        "trump": None if rnd.trump_card is None else SUITS[SUIT_OF[rnd.trump_card]],
        "tricks": [{"leader": t.leader, "combo": t.combo, "lead": [str(c) for c in t.lead],
                    "winner": t.winner, "points": t.points} for t in rnd.tricks],
        "complete": over,
        "points": list(rnd.points) if over else None,
    }
    if table.has_pot:
        out["dealer"] = rnd.dealer
    else:
        kept = table.system is None or table.system.keeps_penalties
        out["penalties"] = list(rnd.penalties) if over and kept else None
    if table.reports_deal_end:
        out.update(end=rnd.end, winner=rnd.winner)
    if table.has_pot:
        out.update(folded=list(rnd.folded), stake=rnd.stake, pot=rnd.pot, chips=rnd.chips)
    return out


def _in_play_report(out: dict, rnd, going) -> None:
    """RULES-house.md §10's fields of a round where seats go out: its dealer,
    its seats and those it put out; nothing scored for the seats not in it."""
    for key in ("points", "penalties"):
        if out[key] is not None:
            out[key] = [v if s in rnd.in_play else None for s, v in enumerate(out[key])]
    out.update(dealer=rnd.dealer, seats=list(rnd.in_play), out=None if going is None else list(going))


def replay(data: Any) -> tuple[dict, int]:
    """Replay a scenario: ``(output, exit status)``.  Raises :class:`ScenarioError`
    for unreadable input."""
    rules, dealer, rounds = _parse(data)
    strict = strict_rounds(data, rules.table)
    match = Match(rules, seed=0, dealer=dealer, decks=[deck for deck, _ in rounds])
    error = None
    for r, (_, moves) in enumerate(rounds):
        if r > 0:
            try:
                match.next_round()
            except IllegalMoveError as e:
                if strict:
                    raise ScenarioError(f"round {r}: {e}") from None
                error = {"round": r, "index": 0, "message": str(e)}
                break
        for i, (seat, move) in enumerate(moves):
            try:
                if isinstance(move, IllegalMoveError):
                    raise move
                match.push(move, seat)
            except IllegalMoveError as e:
                error = {"round": r, "index": i, "message": str(e)}
                break
        if error:
            break
    rnd = match.round
    out = {"rounds": [_round_report(x) for x in match.rounds]}
    if match.eliminating:
        standing = match.standing
        for report, x, going in zip(out["rounds"], match.rounds, standing.round_out):
            _in_play_report(report, x, going)
    if rules.table.has_pot:
        out.update(chips=match.chips, pot=match.pot)
    elif match.wins is not None:
        out.update(penalties=None, wins=match.wins)
    else:
        out["penalties"] = match.penalties
    if match.eliminating:
        out.update(out=list(standing.out), places=list(standing.places))
    out.update({
        "match_over": match.is_over,
        "winners": match.winners,
        "to_act": rnd.to_act,
        "hands": [[str(c) for c in sorted(h)] for h in rnd.hands],
        "error": error,
    })
    return out, 1 if error else 0
