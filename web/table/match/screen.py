"""What a player's screen shows, as a function of what that player may see:
where each seat sits, which move buttons are enabled and why, the hand while a
taken trick is still on the table, and the line that says whose turn it is.

Why apart from the table: the table at this device and a guest's screen
(``p2p.peer.Guest``) draw from these same functions, so both enable the same
buttons for the same reasons and say the same things.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from types import ModuleType
from typing import Any, Iterator

from burkozel import IllegalMoveError, Move, SeatView
from burkozel.trick import ANSWER_KINDS, BARE_KINDS, CARD_KINDS, OPENING_KINDS
from burkozel.cards import held_order
from burkozel.kernel import accept_price
from table.i18n.languages import DEFAULT_TEXTS as texts

HUMAN = 0
"""The seat of the person who opened the page (always a person, see ``seats.parse_seats``)."""

POSITIONS = {2: ("bottom", "top"), 3: ("bottom", "left", "right"), 4: ("bottom", "left", "top", "right"),
             5: ("bottom", "left", "top-left", "top-right", "right"),
             6: ("bottom", "left", "top-left", "top", "top-right", "right")}
"""Where each seat sits on the screen, by the number of players (you at the bottom)."""


def seat_positions(players: int, viewer: int) -> tuple[str, ...]:
    """Where each seat sits on ``viewer``'s screen: the viewer at the bottom, the others clockwise."""
    return tuple(POSITIONS[players][(s - viewer) % players] for s in range(players))


@dataclass(frozen=True)
class ScreenState(Mapping):
    """Everything a screen draws besides the seat's view: one value that the
    table at this device (``Table.ui``) and a guest's screen (``Guest.ui``)
    both make, and the controller completes with the page's language, its
    notices and the fair-play line (``App.ui``).  The renderer reads it as a
    mapping (``ui["names"]``, ``ui.get("hint")``), as it reads the view."""

    phase: str
    names: tuple[str, ...]
    """Each seat's name as this screen says it («Вы» for the viewer)."""
    positions: tuple[str, ...]
    selection: tuple[str, ...]
    actions: dict[str, Any]
    """Each move button's state (:func:`button_states`)."""
    prompt: str
    message: str | None
    thinking: int | None
    announce: str | None
    speed: str
    bot_level: str | None
    my_turn: bool
    round_no: int | None
    viewer: int
    seat_names: tuple[str, ...]
    """Each seat's own name (a person's, or the bot's)."""
    bot_seats: tuple[int, ...]
    format: str | None
    players: int | None
    answers: dict[str, Any] | None
    match_key: str | None
    difficulty: str | None = None
    autoplay: bool = False
    handover: dict[str, Any] | None = None
    hot_seat: bool = False
    named_seats: bool = False
    hint: Any = None
    count_in_head: bool = False
    guest: bool = False
    """A guest's screen: the host's page plays the match."""
    lang: str | None = None
    notices: tuple[str, ...] = ()
    fair: dict[str, Any] | None = None
    sharer: Any = None
    verdict: Any = None
    """«Проверить раздачу»'s answer for a deal opened to be checked."""
    rematch: bool = False
    """The host's page of a table played by link: a match's end offers «Ещё партию»."""
    watching: bool = False
    """A watcher's page (``p2p.watch``): every seat by its name, nothing to play."""
    waiting: str | None = None
    """Why no cards are drawn yet: the deal waits for the guests' values (web/table/p2p/peer.py)."""
    sound: bool = True
    vibrate: bool = True
    """The device's switches (``storage.SIGNALS``), which the page's sound and cues obey."""
    house: dict[str, Any] | None = None
    """The house rules in force off their default (the match's, else the menu's)."""
    wins: tuple[int, ...] | list[int] | None = None
    wins_target: int | None = None
    wins_before: list[int] | None = None
    places: list[int | None] | None = None
    out: list[int] | None = None
    pass_mark: int | None = None
    """The match's public standing (:func:`standing`): a robber's won deals, places where seats go out."""

    def __getitem__(self, key: str) -> Any:
        if key not in _SCREEN_FIELDS:
            raise KeyError(key)
        return getattr(self, key)

    def __iter__(self) -> Iterator[str]:
        return iter(_SCREEN_FIELDS)

    def __len__(self) -> int:
        return len(_SCREEN_FIELDS)


_SCREEN_FIELDS = tuple(f.name for f in fields(ScreenState))

def move_for(kind: str, selection: list[str]) -> Move:
    """The move a button makes of the selected cards (``declare``, ``dave``, ``accept``, ``fold``: no cards)."""
    if kind in BARE_KINDS:
        return Move.from_dict({kind: True})
    return Move.from_dict({kind: list(selection)})


def refusal(view: SeatView, move: Move) -> str:
    """The engine's code for why ``move`` is illegal now (``"bad_move"`` if it is legal)."""
    try:
        view.check(move)
    except (IllegalMoveError, ValueError) as e:
        return getattr(e, "code", "bad_move")
    return "bad_move"


def button_states(view: SeatView | None, phase: str, my_turn: bool, selection: list[str],
                  t: ModuleType = texts) -> dict[str, dict[str, Any]]:
    """For each move button: whether it is enabled and, if not, a short reason.

    A function of what the player's screen shows (their view, the phase,
    whether they are to act, the cards they selected), so the table and a
    guest's screen (``peer.Guest``) enable the same buttons for the same reasons."""
    kinds = view.kinds if view is not None else CARD_KINDS
    out = {k: {"enabled": False, "reason": "", "relevant": True} for k in kinds}
    if view is None:
        return out
    # Which buttons matter now: «Ходить» (and «31», «Даве») for a new trick, «Побить»/«Сбросить» for
    # an answer, «Принять»/«Пас» while a «даве» is answered.
    leading = view.trick is None or phase == "clearing"
    answering = view.raiser is not None
    for kind in out:
        if kind in ANSWER_KINDS:
            out[kind]["relevant"] = answering
        else:
            out[kind]["relevant"] = not answering and (kind in OPENING_KINDS) == leading
    if not my_turn:
        return out
    size = view.trick.size if view.trick is not None else None
    n = len(selection)
    for kind in out:
        if not out[kind]["relevant"]:
            continue
        if kind in BARE_KINDS:
            # Enabled exactly when the engine says the move is legal now.
            out[kind]["enabled"] = bool(view.legal_kinds.get(kind))
            if not out[kind]["enabled"]:
                out[kind]["reason"] = t.reason(refusal(view, move_for(kind, [])), kind=kind, size=None, selected=n)
            elif kind == "accept":
                out[kind]["label"] = t.accept_label(view.accept_price)
            continue
        if n == 0 and kind == "lead":
            out[kind]["reason"] = t.NO_SELECTION_LEAD
            continue
        if n == 0 and kind == "beat":
            out[kind]["reason"] = t.NO_SELECTION_BEAT
            continue
        try:
            view.check(move_for(kind, selection))
        except (IllegalMoveError, ValueError) as e:
            code = getattr(e, "code", "bad_move")
            out[kind]["reason"] = t.reason(code, kind=kind, size=size or view.max_lead, selected=n)
            continue
        out[kind]["enabled"] = True
        if kind == "discard" and size is not None and n < size:
            out[kind]["reason"] = t.AUTO_DISCARD
    return out


def dave_answers(moves: list[list[Any]], view: SeatView | None) -> tuple[int | None, list[tuple[int, int | None]]]:
    """The deal's last «даве», while no card has been played since: its raiser and the
    answers given so far, in turn, as (seat, chips it paid — what «Принять» says it
    costs —, or ``None`` for a fold).  ``moves``: the deal's moves as saved."""
    if view is None or not view.dave:
        return None, []
    answers: list[tuple[int, int | None]] = []
    for seat, move in reversed(moves):
        if "dave" in move:
            return seat, answers[::-1]
        if "accept" in move or "fold" in move:
            answers.append((seat, accept_price(view.stake) if "accept" in move else None))
        else:
            break
    return None, []


def display_hand(view: SeatView, before: SeatView | None) -> list[Any]:
    """The hand as shown: while a taken trick is still on the table (``before``:
    the seat's view before the move that finished it), as it was before the
    draw, without the cards the seat played in that trick."""
    if before is None:
        return list(view.hand)
    played: set = set()
    if view.history and view.history[-1].plays[-1].seat == view.seat:
        last = view.history[-1].plays[-1]
        played = set(last.faces)
    return [c for c in before.hand if c not in played]


def shown(view: SeatView, before: SeatView | None) -> dict[str, Any]:
    """A seat's view as its screen draws it.  While a finished trick is still on
    the table (``before``: the seat's view before the move that finished it),
    the trick shown is the one just taken, and hands and stock are as they were
    before the draw (the draw is seen when the trick leaves)."""
    d = view.to_dict()
    if before is not None and view.history:
        b = before
        last = view.history[-1]
        mover = last.plays[-1]
        d["trick"] = last.to_dict()
        hand = display_hand(view, before)
        d["hand"] = [str(c) for c in hand]
        d["held"] = [str(c) for c in held_order(hand, view.trump)]
        sizes = list(b.hand_sizes)
        sizes[mover.seat] -= mover.count
        d["hand_sizes"] = sizes
        d["stock"] = b.stock
        d["trump_drawn_by"] = b.trump_drawn_by
        d["to_act"] = None
        d["legal"] = {kind: False for kind in d["legal"]}
        d["round_over"] = False
        d["round_points"] = None
        d["round_penalties"] = None
        d["match_over"] = False
        d["winners"] = []
        d["best_sides"] = []
        d["penalties"] = list(b.penalties)
    return d


def table_prompt(view: SeatView | None, phase: str, names: tuple[str, ...] | list[str],
                 my_turn: bool, t: ModuleType = texts) -> tuple[str, int | None, str | None]:
    """The status line, the seat shown thinking, and the combination shouted, for a
    player looking at ``view`` (``names`` as that player reads them)."""
    prompt, thinking, announce = "", None, None
    if view is None:
        return prompt, thinking, announce
    if phase == "clearing" and view.history:
        prompt = t.prompt_taken(names[view.history[-1].winner])
    elif phase == "play":
        if my_turn and view.raiser is not None:
            prompt = t.answer_prompt(names[view.raiser], view.accept_price)
        elif my_turn:
            prompt = (t.prompt_lead(view.max_lead, bool(view.legal_kinds.get("declare")))
                      if view.trick is None else t.prompt_answer(view.trick.size))
        elif view.to_act is not None:
            prompt = t.prompt_waiting(names[view.to_act])
            thinking = view.to_act
    elif phase == "round_end":
        prompt = t.ROUND_OVER
    elif phase == "match_end":
        prompt = t.MATCH_OVER
    if phase == "play" and view.trick is not None and view.trick.combo:
        announce = t.shout_combo(view.format, view.trick.combo, view.trick.lead, names[view.trick.leader])
    return prompt, thinking, announce


STANDING_KEYS = ("wins", "wins_target", "wins_before", "places", "out", "pass_mark")
"""What :func:`standing` may hold (a guest takes only these from the host's state)."""


def standing(match: Any) -> dict[str, Any]:
    """What the whole match shows every seat beyond a deal's view (all of it public,
    RULES-house.md §1.11, §8.2): with a robber the won deals and their target, where seats
    go out each seat's place (``None`` while it is in), the order they went and the pass mark
    of the round's number of seats (§1.6: 31 with two)."""
    out: dict[str, Any] = {}
    if match is None:
        return out
    system = match.rules.table.system
    if match.wins is not None:
        done = [r for r in match.rounds[:-1]]  # the won deals before the current one, for its «+1»
        before = [0] * len(match.wins)
        for rnd in done:
            for side, won in enumerate(system.won(rnd.end, rnd.winner, len(before))):
                before[side] += won
        out.update(wins=list(match.wins), wins_target=getattr(system, "target", None), wins_before=before)
    if match.eliminating:
        now = match.standing
        dealt = len(match.round.in_play)
        out.update(places=list(now.places), out=list(now.out),
                   pass_mark=system.pass_mark(dealt, match.rules.table.pass_mark))
    return out

