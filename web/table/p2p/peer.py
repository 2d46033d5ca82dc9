"""Playing with friends on other devices: what the host and a guest say to each other.

Why the host is the authority: only the host's table knows the deck and every
hand.  It runs the engine and the bots, sends each guest nothing but that
seat's view (``SeatView.to_dict()``, the very dict the host's own screen is
drawn from) plus the public facts a screen needs, and checks every move a
guest sends with the engine.  A guest's page holds no match: it draws what it
last received and turns clicks into move requests, so it never receives a card
its seat may not know (``tests/test_peer.py`` reads every message) and a
changed guest page cannot cheat.  The messages are listed in web/README.md;
``link.py`` moves them in and out of ``web/page/p2p.js``'s DataChannels.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any, Callable

from table.match import seats
from table.i18n import languages
from burkozel import Move, SeatView
from table.match.record import MatchInfo
from table.match.screen import (
    HUMAN, STANDING_KEYS, ScreenState, button_states, move_for, seat_positions, shown, standing, table_prompt,
)
from table.match.seats import Seat
from table.match.table import Table

PROTOCOL = 1
AWAY_LIMIT_S = 60.0
"""A guest gone this long is replaced by a bot (who gives the seat back on rejoining)."""
MAX_MESSAGE = 64_000
"""No message of ours comes near this; anything longer is refused unread."""

STATE, REFUSED, HELLO, MOVE = "state", "refused", "hello", "move"
FROM_HOST = (STATE, REFUSED)
FROM_GUEST = (HELLO, MOVE)


def dump(kind: str, **fields: Any) -> str:
    return json.dumps({"v": PROTOCOL, "t": kind, **fields}, ensure_ascii=False, separators=(",", ":"))


def parse(text: Any, kinds: tuple[str, ...]) -> dict[str, Any] | None:
    """A message of one of ``kinds`` in our protocol version, or ``None``."""
    if not isinstance(text, str) or len(text) > MAX_MESSAGE:
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("v") != PROTOCOL or data.get("t") not in kinds:
        return None
    return data


def _other_version(text: Any) -> bool:
    """A message of ours from another version of the site (the other device has not updated)."""
    try:
        data = json.loads(text) if isinstance(text, str) and len(text) <= MAX_MESSAGE else None
    except (ValueError, RecursionError):
        return False
    return isinstance(data, dict) and isinstance(data.get("v"), int) and data["v"] != PROTOCOL


# --- the host ------------------------------------------------------------------------------


def guest_seats(chosen: tuple[Seat, ...]) -> tuple[int, ...]:
    """The seats friends on other devices play: those set to a person in the
    menu (besides the host's own), else the seat across the table (the
    partner at «Пары»)."""
    marked = tuple(s for s in seats.people(chosen) if s != HUMAN)
    return marked or (len(chosen) // 2,)


class HostTable(Table):
    """The host's table: some seats are played by people on other devices.

    Such a seat is a person in the seat model (so a saved match resumes as
    pass-and-play if the host's page reloads), but not one at this device: no
    hand-over, no bot, and the table waits for their move
    (``Table.play_for``, called by :class:`Host` with what they sent).  When
    they have been away too long a bot of the match's level stands in
    (:meth:`stand_in`) until they are back (:meth:`seat_back`).  Every seat's
    view before the last move is kept, so each guest's screen shows a taken
    trick as the host's does (:meth:`display`)."""

    def __init__(self, settings: dict[str, Any], **kw: Any) -> None:
        self.remote_seats: tuple[int, ...] = ()
        self.stood_in: set[int] = set()
        self.remote_names: dict[int, str] = {}
        self.befores: list[SeatView] = []
        super().__init__(settings, **kw)

    def _start(self, info: MatchInfo) -> None:
        remote = guest_seats(info.seating)
        seating = tuple(Seat(seats.HUMAN, seat.name) if i in remote else seat for i, seat in enumerate(info.seating))
        self.remote_seats = remote
        super()._start(replace(info, seats=seating))
        for seat in remote:
            self.bots.pop(seat, None)
        self.stood_in = set()
        self.befores = []

    @property
    def people(self) -> tuple[int, ...]:
        """Only the host is at this device."""
        return () if self.autoplay or self.info is None else (HUMAN,)

    def stand_in(self, seat: int) -> None:
        """A bot of the match's level plays ``seat`` from now on (its person is away)."""
        if seat in self.remote_seats and seat not in self.stood_in and self.info is not None:
            self.bots[seat] = self.bot_factory(self.bot_level or "easy", seed=self.bot_seed(seat))
            self.stood_in.add(seat)

    def seat_back(self, seat: int) -> None:
        """``seat``'s person is back: the stand-in bot leaves (its search, if any, is dropped)."""
        if seat in self.stood_in:
            self.stood_in.discard(seat)
            self.bots.pop(seat, None)
            if self.thinking is not None and self.thinking[2] == seat:
                self.thinking = None

    def name_remote(self, seat: int, name: Any) -> None:
        """The name a guest gave (cleaned as a typed name; a blank keeps the seat's)."""
        if seat in self.remote_seats and self.info is not None and isinstance(name, str) and name.strip():
            self.remote_names[seat] = seats.clean_name(name, self.info.format, seat, len(self.info.seating))

    def seat_names(self) -> tuple[str, ...]:
        """Every seat's name for everyone (what the guests' screens call each seat)."""
        if self.info is None:
            return super().seat_names()
        names = list(seats.table_names(self.info.format, self.info.seating, self.texts))
        for seat, name in self.remote_names.items():
            names[seat] = name
        return tuple(names)

    @property
    def names(self) -> tuple[str, ...]:
        names = list(self.seat_names())
        names[HUMAN] = self.texts.YOU
        return tuple(names)

    def ui(self) -> ScreenState:
        # «бот» on a guest's seat while one stands in
        return replace(super().ui(), bot_seats=tuple(sorted(self.stood_in)))

    def _push(self, seat: int, move: Move) -> None:
        assert self.match is not None
        befores = [self.match.view(s) for s in range(self.match.rules.players)]
        super()._push(seat, move)
        self.befores = befores

    def display(self, seat: int | None = None) -> dict[str, Any] | None:
        """``seat``'s screen (the host's own by default), as :func:`match.screen.shown` draws it."""
        if seat is None or seat == HUMAN:
            return super().display()
        if self.match is None:
            return None
        before = self.befores[seat] if self.clearing and self.befores else None
        return shown(self.match.view(seat), before)


class Host:
    """The host's side of every guest seat of ``table`` (see ``Table.remote_seats``).

    ``joined``/``left`` are told when a seat's link opens or breaks; ``tick``
    seats a bot for a guest gone more than :data:`AWAY_LIMIT_S`; ``receive``
    handles what a guest sent; ``outbox`` is what must be sent now."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.online: set[int] = set()
        self.away_since: dict[int, float] = {}
        self.sent: dict[int, str] = {}
        self.seq: dict[int, int] = {}
        self.extra: Callable[[int], dict[str, Any]] | None = None
        """More public facts for a seat's ``state`` (online play: the lobby, the move timer)."""

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(self.table.remote_seats)

    def joined(self, seat: int, name: Any = None) -> None:
        """``seat``'s person is (back) on the line: they play it again."""
        self.online.add(seat)
        self.away_since.pop(seat, None)
        self.sent.pop(seat, None)  # send them the whole state again
        if name is not None:
            self.table.name_remote(seat, name)
        if seat in self.table.stood_in:
            self.table.seat_back(seat)

    def left(self, seat: int, now: float) -> None:
        """``seat``'s link broke (a reload, a locked screen, the Wi-Fi)."""
        self.online.discard(seat)
        self.away_since.setdefault(seat, now)

    def due(self, now: float) -> float | None:
        """Seconds until :meth:`tick` has something to do, if anything."""
        waits = [since + AWAY_LIMIT_S - now for seat, since in self.away_since.items()
                 if seat not in self.table.stood_in]
        return max(0.0, min(waits)) if waits else None

    def tick(self, now: float) -> bool:
        """Seat a bot for every guest away too long; whether anything changed."""
        changed = False
        for seat, since in self.away_since.items():
            if now - since >= AWAY_LIMIT_S and seat not in self.table.stood_in:
                self.table.stand_in(seat)
                changed = True
        return changed

    def next_invite(self) -> int | None:
        """The next guest seat to invite: one nobody has joined yet."""
        return next((s for s in self.seats if s not in self.online and s not in self.away_since), None)

    def links(self) -> list[dict[str, Any]]:
        """The host's link bar: each guest seat's name and state (``peerview.bar_html``)."""
        names = self.table.seat_names()
        out = []
        for seat in self.seats:
            if seat in self.online:
                status = "up"
            elif seat in self.table.stood_in:
                status = "bot"
            elif seat in self.away_since:
                status = "away"
            else:
                status = "waiting"
            out.append({"seat": seat, "name": names[seat], "status": status})
        return out

    def peer_state(self) -> str:
        """``html[data-peer]``: ``connected`` while every guest's link is up."""
        return "connected" if self.seats and all(s in self.online for s in self.seats) else "waiting"

    def state(self, seat: int) -> dict[str, Any]:
        """What ``seat``'s screen needs, and nothing else (without ``seq``)."""
        t = self.table
        match = t.match
        return {
            "seat": seat,
            "format": t.info.format if t.info is not None else None,
            "players": match.rules.players if match is not None else None,
            "names": list(t.seat_names()),
            "phase": t.phase(),
            "view": t.display(seat),
            "stand_ins": sorted(t.stood_in),
            "speed": t.speed,
            "bot_level": t.bot_level,
            "at": [match.round_no, len(match.round.moves)] if match is not None else None,
            "match": t.match_key,
            "answers": t.answers(),
            "standing": standing(match),
            **({"online": self.extra(seat)} if self.extra is not None else {}),
        }

    def outbox(self) -> list[tuple[int, str]]:
        """A ``state`` for every connected guest whose screen changed since the last one."""
        out = []
        for seat in sorted(self.online):
            body = json.dumps(self.state(seat), ensure_ascii=False, separators=(",", ":"), sort_keys=True)
            if self.sent.get(seat) == body:
                continue
            self.sent[seat] = body
            self.seq[seat] = self.seq.get(seat, 0) + 1
            out.append((seat, dump(STATE, seq=self.seq[seat], **self.state(seat))))
        return out

    def receive(self, seat: int, text: Any) -> list[tuple[int, str]]:
        """Handle what ``seat``'s guest sent; returns the replies (besides :meth:`outbox`).

        A move is played only if it is that seat's turn, it answers the latest
        state the guest was sent, and the engine finds it legal on the seat's
        own view; otherwise the guest is told why and nothing changes."""
        data = parse(text, FROM_GUEST)
        if data is None or seat not in self.seats:
            return []
        if data["t"] == HELLO:
            self.joined(seat, data.get("name"))
            return []
        seq = data.get("seq")
        if seat not in self.online:
            return []
        if seq != self.seq.get(seat):
            return [(seat, dump(REFUSED, code="stale", seq=seq))]
        try:
            move = Move.from_dict(data.get("move"))
        except (ValueError, TypeError, KeyError, AttributeError):
            return [(seat, dump(REFUSED, code="bad_move", seq=seq))]
        code = self.table.play_for(seat, move)
        if code is not None:
            return [(seat, dump(REFUSED, code=code, seq=seq))]
        return []


# --- a guest ---------------------------------------------------------------------------------


class Guest:
    """A guest's screen: the latest state from the host, and the cards selected here.

    It decides nothing: the buttons are enabled by the same rule as at the
    host's table (``match.screen.button_states``, asked of the seat's own view), and a
    move is only a request that the host checks again."""

    def __init__(self, lang: str | None = None) -> None:
        self.texts = languages.for_lang(lang)
        """The words of this page's language (the host may speak another)."""
        self.state: dict[str, Any] | None = None
        self.seq: int | None = None
        self.selection: list[str] = []
        self.message: str | None = None
        self.sent_seq: int | None = None
        """The state last answered with a move: one move per state, never two clicks' worth."""

    def hello(self, name: str) -> str:
        return dump(HELLO, name=name)

    def receive(self, text: Any) -> bool:
        """Take a message from the host; whether the screen changes."""
        data = parse(text, FROM_HOST)
        if data is None:
            if _other_version(text):
                self.message = self.texts.P2P_OTHER_VERSION
                return True
            return False
        if data["t"] == REFUSED:
            self.sent_seq = None
            if data.get("code") != "stale":
                view = self.view()
                self.message = self.texts.reason(str(data.get("code")), kind="lead",
                                            size=view.trick.size if view and view.trick else None, selected=0)
            return True
        self.state = {k: v for k, v in data.items() if k not in ("v", "t", "seq")}
        self.seq = data.get("seq")
        hand = set(self.display_hand())
        self.selection = [c for c in self.selection if c in hand]
        return True

    # --- what the screen shows ------------------------------------------------------------

    def display(self) -> dict[str, Any] | None:
        return self.state.get("view") if self.state else None

    def display_hand(self) -> list[str]:
        view = self.display()
        return list(view["hand"]) if view else []

    def view(self) -> SeatView | None:
        """The seat's view as the engine reads it, for the legality of the buttons."""
        d = self.display()
        return SeatView.from_dict(d) if d is not None else None

    @property
    def seat(self) -> int:
        return self.state["seat"] if self.state else 0

    def phase(self) -> str:
        return self.state["phase"] if self.state else "none"

    def my_turn(self) -> bool:
        view = self.display()
        return (self.phase() == "play" and view is not None and view["to_act"] == self.seat
                and self.seat not in self.state["stand_ins"] and self.sent_seq != self.seq)

    def names(self) -> list[str]:
        """The seat names as this guest reads them: their own seat is «Вы»."""
        if not self.state:
            return []
        return [self.texts.YOU if s == self.seat else n for s, n in enumerate(self.state["names"])]

    def ui(self) -> ScreenState:
        view = self.view()
        phase = self.phase()
        names = self.names()
        my_turn = self.my_turn()
        prompt, thinking, announce = table_prompt(view, phase, names, my_turn, self.texts)
        if self.state and self.seat in self.state["stand_ins"]:
            prompt = self.texts.P2P_BOT_PLAYS_FOR_YOU
        n = self.state["players"] if self.state and self.state["players"] else 2
        seat = self.seat
        return ScreenState(
            phase=phase,
            names=tuple(names),
            positions=seat_positions(n, seat),
            selection=tuple(self.selection),
            actions=button_states(view, phase, my_turn, self.selection, self.texts),
            prompt=prompt,
            message=self.message,
            thinking=thinking,
            announce=announce,
            speed=self.state["speed"] if self.state else "normal",
            bot_level=self.state["bot_level"] if self.state else None,
            my_turn=my_turn,
            round_no=view.round_no if view is not None else None,
            viewer=seat,
            seat_names=tuple(self.state["names"]) if self.state else (),
            bot_seats=tuple(self.state["stand_ins"]) if self.state else (),
            format=self.state["format"] if self.state else None,
            players=n,
            guest=True,
            answers=self.state.get("answers") if self.state else None,
            match_key=self.match_key(),
            **self.standing(),
        )

    def standing(self) -> dict[str, Any]:
        """The match's public standing the host sent (``screen.standing``), only its own keys."""
        sent = self.state.get("standing") if self.state else None
        return {k: v for k, v in sent.items() if k in STANDING_KEYS} if isinstance(sent, dict) else {}

    def match_key(self) -> str | None:
        """The host's match key (``Table.match_key``): a new match on this screen too is
        told from the next deal, so no coins fly from the last match's stacks."""
        key = self.state.get("match") if self.state else None
        return key if isinstance(key, str) else None

    # --- input ----------------------------------------------------------------------------

    def toggle(self, card: Any) -> bool:
        view = self.view()
        if view is None or self.phase() not in ("play", "clearing"):
            return False
        picked = view.pick(self.selection, card, self.display_hand())
        if picked is None:
            return False
        self.selection = picked
        self.message = None
        return True

    def act(self, kind: Any) -> str | None:
        """The move request for button ``kind``, or ``None`` (and a message) if the
        button is not enabled now.  The selection is kept until the host's
        next state shows the cards gone."""
        view = self.view()
        action = button_states(view, self.phase(), self.my_turn(), self.selection, self.texts).get(kind)
        if view is None or action is None or not action["enabled"]:
            self.message = action["reason"] if action and action["reason"] else self.texts.P2P_NOT_NOW
            return None
        self.message = None
        self.sent_seq = self.seq
        return dump(MOVE, move=move_for(kind, self.selection).to_dict(), seq=self.seq)
