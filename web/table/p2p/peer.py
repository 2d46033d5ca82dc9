"""Playing with friends on other devices: what the host and a guest say to each other.

The host is the authority: only its table knows the deck and every hand.  It runs the
engine and the bots, sends each guest only that seat's view plus the public facts a
screen needs, and checks every move a guest sends with the engine; a guest's page
draws what it received and turns clicks into move requests (``tests/test_peer.py``
reads every message).  Nor does the host choose the deck alone (``burkozel/fair.py``):
before each deal it commits to its part of the key, every guest answers a fresh
``value``, and the deal is dealt from the hash of all of them in seat order; after it
the host reveals its part and each guest's page re-deals and compares, a mismatch
stopping it with «Хозяин стола подменил колоду».  A stand-in bot's seat gets the
host's part as its value.  This proves the deck was fixed before anyone saw a card
and not by the host alone, not that the host did not look.  The messages are listed
in web/README.md; ``link.py`` moves them through ``web/page/p2p.js``'s DataChannels.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any, Callable

from table.coach import share, story
from table.match import seats
from table.i18n import languages
from burkozel import Card, Move, SeatView, TableRules, fair
from burkozel.kernel import Deal
from burkozel.view import TrickView
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

STATE, REFUSED, HELLO, MOVE, VALUE = "state", "refused", "hello", "move", "value"
KEYING = "keying"
"""The host's table between the commitment to a deal and its dealing: no cards yet."""
ASK, DEAL = "ask", "deal"
"""A guest asks for the deal just finished (``what: deal``); the host answers with it as the
guest's seat saw it (:meth:`HostTable.finished_deal`)."""
AGAIN = "again"
"""A guest's answer to «Ещё партию» (``yes``: true to play the next match, false to leave)."""
SAY, SAID = "say", "said"
"""A quick phrase by its key (``phrases.KEYS``): a guest's to the host, the host's to every guest."""
FROM_HOST = (STATE, REFUSED, DEAL, SAID)
FROM_GUEST = (HELLO, MOVE, VALUE, ASK, AGAIN, SAY)
MAX_FRAMES = 400
"""More review steps than any deal has: a longer list is not read."""
DEAL_PART = 1_500
"""A finished deal goes in parts of about this many characters of steps: each part, sealed,
stays well under what a relay takes in one event (4,096 characters at many)."""
MAX_PARTS = 64


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
        self.deals: dict[tuple[Any, int], dict[str, Any]] = {}
        """Finished deals already made for a guest, by (position, seat): asking again costs nothing."""
        self.keying: dict[int, bytes] | None = None
        """The guests' values for the deal waiting to be dealt, by seat (``None``: none waits)."""
        self.revealed: dict[int, list[list[Any]]] = {}
        """Each deal dealt with the guests' values: the values, ``[seat, hex]`` in seat order."""
        super().__init__(settings, **kw)

    # --- a deck nobody chooses alone ---------------------------------------------------------

    def host_part(self) -> bytes:
        """The host's part of the current deal's key: derived from the match's secret."""
        assert self.match is not None and self.match.secret is not None
        return fair.deal_key(self.match.secret, self.match.first_deal + self.match.round_no)

    def _await_values(self) -> None:
        """A deal was just dealt: hold it back until every guest's value is in."""
        self.keying = {} if self.remote_seats else None
        self._deal_if_ready()

    def take_value(self, seat: int, value: Any) -> bool:
        """``seat``'s value for the deal waiting (hex of ``fair.SECRET_BYTES``): whether taken."""
        if self.keying is None or seat not in self.remote_seats or seat in self.keying:
            return self.keying is not None and seat in self.keying
        try:
            self.keying[seat] = fair.check_bytes(value, "a guest's value")
        except ValueError:
            return False
        self._deal_if_ready()
        return True

    def _deal_if_ready(self) -> None:
        """Deal the waiting deal once every guest seat has a value (a stand-in bot's: the host's part)."""
        if self.keying is None or self.match is None:
            return
        host = self.host_part()
        for seat in self.stood_in:
            self.keying.setdefault(seat, host)
        if any(seat not in self.keying for seat in self.remote_seats):
            return
        values = [[seat, self.keying[seat].hex()] for seat in sorted(self.remote_seats)]
        self.match.rekey(fair.joint_key(host, [self.keying[seat] for seat in sorted(self.remote_seats)]))
        self.revealed[self.match.round_no] = values
        self.keying = None
        self._seat_bots()

    def phase(self) -> str:
        return KEYING if self.keying is not None and self.match is not None else super().phase()

    def awaited(self) -> tuple[int, ...]:
        """The guest seats whose value the waiting deal still lacks (none unless keying):
        the host's page names them and may hand each to a bot."""
        if self.keying is None or self.match is None:
            return ()
        return tuple(s for s in self.remote_seats if s not in self.keying and s not in self.stood_in)

    def fair_state(self) -> dict[str, Any]:
        """What a reload needs to go on keying where it was: each dealt deal's values, and
        the guests' values already in for the deal waiting (a stand-in's part is not kept:
        after a reload its person may be back)."""
        keying = None
        if self.keying is not None and self.match is not None:
            host = self.host_part()
            keying = {str(s): v.hex() for s, v in self.keying.items() if v != host}
        return {"revealed": {str(r): v for r, v in self.revealed.items()}, "keying": keying}

    def resume_fair(self, kept: Any) -> None:
        """After :meth:`restore`: the values :meth:`fair_state` kept.  A deal they keyed is
        not keyed again (its key is the match's, checked against them), and a keying goes
        on with the values already in, asking only the seats still missing.  A record that
        does not read or agree is dropped: the guests are asked again, as after any loss."""
        if not isinstance(kept, dict) or self.match is None or self.match.secret is None:
            return
        try:
            revealed = {int(r): [[int(s), fair.check_bytes(v).hex()] for s, v in rows]
                        for r, rows in dict(kept.get("revealed") or {}).items()}
            waiting = {int(s): fair.check_bytes(v) for s, v in dict(kept.get("keying") or {}).items()}
        except (TypeError, ValueError):
            return
        m = self.match
        for r, rows in revealed.items():
            part = fair.deal_key(m.secret, m.first_deal + r)
            if not 0 <= r < len(m.keys) or m.keys[r] != fair.joint_key(part, [bytes.fromhex(v) for _, v in rows]):
                return
        self.revealed = revealed
        if m.round_no in revealed:
            self.keying = None  # dealt by those values already: nobody is asked again
        elif self.keying is not None:
            self.keying.update({s: v for s, v in waiting.items() if s in self.remote_seats})
            self._deal_if_ready()

    def fair_facts(self) -> dict[str, Any] | None:
        """What the guests are told of the deal's key: the commitment to the host's part
        (while it is dealt and played), and once it is over that part and every value."""
        if self.match is None or self.match.secret is None or not self.remote_seats:
            return None
        r = self.match.round_no
        host = self.host_part()
        out: dict[str, Any] = {"deal": r, "commit": fair.commitment(host)}
        if self.match.round.is_over and r in self.revealed:
            out["part"], out["values"] = host.hex(), self.revealed[r]
        return out

    def _start(self, info: MatchInfo) -> None:
        remote = guest_seats(info.seating)
        seating = tuple(Seat(seats.HUMAN, seat.name) if i in remote else seat for i, seat in enumerate(info.seating))
        self.remote_seats = remote
        super()._start(replace(info, seats=seating))
        for seat in remote:
            self.bots.pop(seat, None)
        self.stood_in = set()
        self.befores = []
        self.revealed = {}
        self._await_values()

    def restore(self, saved: dict[str, Any], resumed: Any = None) -> bool:
        """A resumed match goes on where it was; a deal nobody has played in yet waits
        for the guests' values again (they answer the commitment they are sent anew)."""
        done = super().restore(saved, resumed)
        self.keying = None
        if done and self.match is not None and not self.match.round.moves and not self.match.round.is_over:
            self._await_values()
        return done

    def next_round(self) -> bool:
        dealt = super().next_round()
        if dealt and self.phase() != "none":
            self._await_values()
        return dealt

    @property
    def people(self) -> tuple[int, ...]:
        """Only the host is at this device."""
        return () if self.autoplay or self.info is None else (HUMAN,)

    def stand_in(self, seat: int) -> None:
        """A bot of the match's level plays ``seat`` from now on (its person is away)."""
        if seat in self.remote_seats and seat not in self.stood_in and self.info is not None:
            self.bots[seat] = self.bot_factory(self.bot_level or "easy", seed=self.bot_seed(seat))
            self.stood_in.add(seat)
            self._deal_if_ready()

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
        # «бот» on a guest's seat while one stands in; no cards while the deal waits for values
        waiting = None
        if self.phase() == KEYING:
            names = self.seat_names()
            awaited = [names[s] for s in self.awaited()]
            waiting = self.texts.FAIR_WAITING_FOR.format(names=", ".join(awaited)) if awaited \
                else self.texts.FAIR_WAITING_VALUES
        return replace(super().ui(), bot_seats=tuple(sorted(self.stood_in)), waiting=waiting)

    def _push(self, seat: int, move: Move) -> None:
        assert self.match is not None
        befores = [self.match.view(s) for s in range(self.match.rules.players)]
        super()._push(seat, move)
        self.befores = befores

    def finished_deal(self, seat: int) -> dict[str, Any] | None:
        """The deal just finished as ``seat`` saw it, for that guest's «Разобрать раздачу»
        (each step's hand and trick from the seat's own view, replayed by the engine: never
        a card it did not see) and «Поделиться раздачей» (its link, which carries that deal's
        own key; ``None`` for a match dealt from an old seed, whose link would tell the
        deals to come); ``None`` while no deal is finished."""
        if self.info is None or self.match is None or self.phase() not in ("round_end", "match_end"):
            return None
        r = self.match.round_no
        at = [r, len(self.match.round.moves)]
        key = (tuple(at), seat)
        if key not in self.deals:
            frames = story.frames(self.info.rules, self.info.seed, self.rounds, self.info.first_deal,
                                  fresh=replace(self.info, keys=tuple(k.hex() for k in self.match.keys)).fresh_match()
                                  if self.info.secret is not None else self.info.fresh_match(), seat=seat)
            link = share.query(share.of_match(self.info, self.match, r, seat=seat)) \
                if r in share.finished(self.match) else None
            self.deals = {key: {"at": at, "deal": self.info.first_deal + r, "share": link,
                                "frames": [{"mover": f.mover, "held": f.view["held"], "trick": f.trick}
                                           for f in frames]}}
        return self.deals[key]

    def display(self, seat: int | None = None) -> dict[str, Any] | None:
        """``seat``'s screen (the host's own by default), as :func:`match.screen.shown` draws it;
        nothing while the deal waits for the guests' values."""
        if self.phase() == KEYING:
            return None
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
        self.again: dict[int, bool] = {}
        """Each guest's answer to «Ещё партию» while the host offers another match."""

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
            out.append({"seat": seat, "name": names[seat], "status": status,
                        **({"awaits": True} if seat in self.online and seat in self.table.awaited() else {})})
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
            **({"fair": t.fair_facts()} if t.fair_facts() is not None else {}),
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
        if data["t"] == SAY:
            return []  # (passed on by online play's host, which times them: ``online.OnlineHost.say``)
        if data["t"] == AGAIN:
            if isinstance(data.get("yes"), bool) and self.table.phase() == "match_end":
                self.again[seat] = data["yes"]
            return []
        if data["t"] == ASK:
            deal = self.table.finished_deal(seat) if data.get("what") == "deal" else None
            if deal is None:
                return []
            parts: list[list[dict[str, Any]]] = [[]]
            size = 0
            for frame in deal["frames"]:
                n = len(json.dumps(frame, ensure_ascii=False, separators=(",", ":")))
                if parts[-1] and size + n > DEAL_PART:
                    parts.append([])
                    size = 0
                parts[-1].append(frame)
                size += n
            return [(seat, dump(DEAL, at=deal["at"], deal=deal["deal"], share=deal["share"], part=i, parts=len(parts),
                                frames=part)) for i, part in enumerate(parts)]
        if data["t"] == VALUE:
            match = self.table.match
            if match is None or data.get("deal") != match.round_no or self.table.phase() != KEYING:
                return []  # late (the deal is dealt) or early: nothing to do with it
            if not self.table.take_value(seat, data.get("value")):
                return [(seat, dump(REFUSED, code="bad_value", seq=seq))]
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
        self.deal: dict[str, Any] | None = None
        """The finished deal the host sent (:meth:`HostTable.finished_deal`), checked."""
        self.deal_parts: tuple[Any, dict[int, list[Any]]] | None = None
        """The parts of a finished deal come so far: (its position, steps by part)."""
        self.heard: list[tuple[Any, Any]] = []
        """Phrases the host passed on, (seat, key), not yet shown (``phrases.Board`` checks them)."""
        self.values: dict[tuple[str, int], tuple[str, bytes]] = {}
        """Each deal's commitment as the host sent it before the deal, and this page's value for it
        (a deal is the host's match key and the deal's number in it)."""
        self.dealt: dict[tuple[str, int], set[str]] = {}
        """Each deal's cards this seat held, and whether it saw the deal's start (``"@start"``)."""
        self.trumps: dict[tuple[str, int], str] = {}
        self.checked: set[tuple[str, int]] = set()
        self.keys: dict[tuple[str, int], tuple[str, str]] = {}
        """Each deal checked and found honest: the host's revealed part and the deal's key (hex)."""
        self.swapped = False
        """The host revealed a part or a deck that is not what it committed to: the table stops."""
        self._out: list[str] = []

    def hello(self, name: str) -> str:
        return dump(HELLO, name=name)

    def say(self, key: str) -> str:
        return dump(SAY, key=key)

    def answer_again(self, yes: bool) -> str:
        """This guest's answer to «Ещё партию»."""
        return dump(AGAIN, yes=yes)

    def ask_deal(self) -> str:
        """Ask the host for the deal just finished (its review and link)."""
        return dump(ASK, what="deal")

    def finished(self) -> dict[str, Any] | None:
        """The finished deal on the screen now, once the host has sent it."""
        if self.deal is None or self.state is None or self.phase() not in ("round_end", "match_end"):
            return None
        return self.deal if self.deal["at"] == self.state.get("at") else None

    def review_frames(self) -> list[story.Frame]:
        """«Разобрать раздачу»'s steps: this seat's hand and the trick after each move."""
        deal = self.finished()
        if deal is None:
            return []
        return [story.Frame(i, f["mover"], {"held": f["held"]}, f["trick"]) for i, f in enumerate(deal["frames"])]

    def _take_part(self, data: dict[str, Any]) -> bool:
        """One part of a finished deal; once every part is here, the deal (:meth:`_take_deal`)."""
        part, parts, at = data.get("part"), data.get("parts"), data.get("at")
        if type(part) is not int or type(parts) is not int or not 0 <= part < parts <= MAX_PARTS \
                or not isinstance(data.get("frames"), list):
            return False
        if self.deal_parts is None or self.deal_parts[0] != (at, parts):
            self.deal_parts = ((at, parts), {})
        got = self.deal_parts[1]
        got[part] = data["frames"]
        if len(got) < parts:
            return False
        self.deal_parts = None
        return self._take_deal({**data, "frames": [f for i in range(parts) for f in got[i]]})

    def _take_deal(self, data: dict[str, Any]) -> bool:
        """Keep a ``deal`` from the host if every part of it reads: a broken one is dropped."""
        frames, link, at, number = data.get("frames"), data.get("share"), data.get("at"), data.get("deal")
        if not isinstance(frames, list) or not 0 < len(frames) <= MAX_FRAMES or not isinstance(at, list) \
                or type(number) is not int or not 0 <= number <= 10_000:
            return False
        if link is not None and (not isinstance(link, str) or share.parse(link) is None):
            return False
        seats_ = range(len(self.state["names"]) if self.state else 0)
        kept = []
        try:
            for f in frames:
                mover, held, trick = f["mover"], f["held"], f["trick"]
                if mover is not None and (type(mover) is not int or mover not in seats_):
                    return False
                if not isinstance(held, list) or len(held) > 36:
                    return False
                cards = [str(Card.parse(c)) for c in held]
                if trick is not None:
                    read = TrickView.from_dict(trick)
                    if read.winner not in seats_ or any(p.seat not in seats_ or type(p.count) is not int
                                                        or not 0 <= p.count <= 6 for p in read.plays):
                        return False
                    trick = read.to_dict()
                kept.append({"mover": mover, "held": cards, "trick": trick})
        except (TypeError, KeyError, ValueError, AttributeError, IndexError):
            return False
        self.deal = {"at": at, "deal": number, "share": link, "frames": kept}
        return True

    def receive(self, text: Any) -> bool:
        """Take a message from the host; whether the screen changes."""
        data = parse(text, FROM_HOST)
        if data is None:
            if _other_version(text):
                self.message = self.texts.P2P_OTHER_VERSION
                return True
            return False
        if data["t"] == DEAL:
            return self._take_part(data)
        if data["t"] == SAID:
            if len(self.heard) < 16:
                self.heard.append((data.get("seat"), data.get("key")))
            return True
        if data["t"] == REFUSED and data.get("code") == "bad_value":
            self._revalue()
            return True
        if data["t"] == REFUSED:
            self.sent_seq = None
            if data.get("code") != "stale":
                view = self.view()
                self.message = self.texts.reason(str(data.get("code")), kind="lead",
                                            size=view.trick.size if view and view.trick else None, selected=0)
            return True
        if self.swapped:
            return False  # the table has stopped: nothing the host sends is drawn any more
        if data["t"] == STATE and data.get("fair") is not None:
            self._fair(data)
        self.state = {k: v for k, v in data.items() if k not in ("v", "t", "seq")}
        self.seq = data.get("seq")
        hand = set(self.display_hand())
        self.selection = [c for c in self.selection if c in hand]
        return True

    def outbox(self) -> list[str]:
        """What this page must send the host now (its value for a deal about to be dealt)."""
        out, self._out = self._out, []
        return out

    def _fair(self, data: dict[str, Any]) -> None:
        """The deal's commitment, the cards this seat is dealt, and once the deal is over
        the host's reveal, checked (see the module)."""
        facts = data["fair"]
        number = facts.get("deal") if isinstance(facts, dict) else None
        if type(number) is not int:
            return
        deal = (str(data.get("match")), number)  # a deal of this match (a new match counts afresh)
        commit = facts.get("commit")
        if deal not in self.values:
            if data.get("phase") != KEYING or not isinstance(commit, str):
                return  # dealt before this page heard of it (a late join): nothing to check
            self.values[deal] = (commit, fair.new_secret())
        mine = self.values[deal]
        if data.get("phase") == KEYING:
            if commit != mine[0]:
                self._stop()  # a host that changes its commitment once the values are asked for
            else:
                self._out.append(dump(VALUE, deal=number, value=mine[1].hex()))
            return
        view, at = data.get("view"), data.get("at")
        if isinstance(view, dict) and isinstance(view.get("hand"), list):
            seen = self.dealt.setdefault(deal, set())
            seen.update(c for c in view["hand"] if isinstance(c, str))
            if at == [number, 0] and not seen & {"@start"}:
                seen.add("@start")
                self.trumps[deal] = str(view.get("trump_card"))
            self.trumps.setdefault(deal, str(view.get("trump_card")))
        if "part" in facts and deal not in self.checked:
            self.checked.add(deal)
            if not self._honest(deal, facts, data):
                self._stop()

    def _honest(self, deal: tuple[str, int], facts: dict[str, Any], data: dict[str, Any]) -> bool:
        """Whether the host's revealed part gives the commitment it sent before the deal,
        the values hold this page's own at its seat, and the deck they deal gave this
        seat the cards it held and turned up the trump it saw."""
        commit, mine = self.values[deal]
        try:
            part = fair.check_bytes(facts.get("part"), "the host's part")
            values = {int(seat): fair.check_bytes(v, "a value") for seat, v in facts.get("values")}
        except (TypeError, ValueError):
            return False
        seat, view = data.get("seat"), data.get("view") or {}
        if not fair.verify(part, commit) or values.get(seat) not in (mine, part):
            return False
        if values.get(seat) == part:  # the host handed this seat to a bot before its value came
            self.message = self.texts.FAIR_NOT_YOUR_VALUE
        key = fair.joint_key(part, [values[s] for s in sorted(values)])
        deck = fair.deck_of(key)
        try:
            rules = TableRules(str(data.get("format")), tuple(view.get("combos", ())), players=data.get("players"))
            hands = Deal.dealt(rules, int(view["dealer"]), deck).hands
        except (KeyError, TypeError, ValueError):
            return False
        held = self.dealt.get(deal, set())
        start = {str(c) for c in hands[seat]}
        stock = {str(c) for c in deck[rules.hand_size * rules.players:]}
        cards = held - {"@start"}
        if "@start" in held and not start <= cards:
            return False
        if not (cards <= start | stock and self.trumps.get(deal) == str(deck[-1])):
            return False
        self.keys[deal] = (part.hex(), key.hex())
        return True

    def _revalue(self) -> None:
        """The host refused this page's value (not of the agreed size): say so, and send a fresh one."""
        self.message = self.texts.FAIR_VALUE_REFUSED
        facts = (self.state or {}).get("fair") or {}
        deal = (str((self.state or {}).get("match")), facts.get("deal") if isinstance(facts, dict) else None)
        if self.phase() == KEYING and deal in self.values:
            self.values[deal] = (self.values[deal][0], fair.new_secret())
            self._out.append(dump(VALUE, deal=deal[1], value=self.values[deal][1].hex()))

    def _stop(self) -> None:
        self.swapped = True
        self.message = self.texts.FAIR_HOST_SWAPPED

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
        return (self.phase() == "play" and view is not None and view["to_act"] == self.seat and not self.swapped
                and self.seat not in self.state["stand_ins"] and self.sent_seq != self.seq)

    def seat_names(self) -> list[str]:
        """Every seat's name as the host's table calls it, but a seat's default name in this
        page's language: the host's page may speak another (its «Восток» is "East" here)."""
        if not self.state:
            return []
        names = [str(n) for n in self.state["names"]]
        fmt = self.state.get("format")
        try:
            return [seats.shown_name(fmt, s, n, self.texts, len(names)) for s, n in enumerate(names)]
        except (KeyError, IndexError, TypeError):  # a table or a count this page does not know: as sent
            return names

    def names(self) -> list[str]:
        """The seat names as this guest reads them: their own seat is «Вы»."""
        return [self.texts.YOU if s == self.seat else n for s, n in enumerate(self.seat_names())]

    def ui(self) -> ScreenState:
        view = self.view()
        phase = self.phase()
        names = self.names()
        my_turn = self.my_turn()
        prompt, thinking, announce = table_prompt(view, phase, names, my_turn, self.texts)
        if self.state and self.seat in self.state["stand_ins"]:
            prompt = self.texts.P2P_BOT_PLAYS_FOR_YOU
        if self.swapped:
            prompt = self.texts.FAIR_HOST_SWAPPED
        elif phase == KEYING:
            prompt = self.texts.FAIR_WAITING_VALUES
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
            seat_names=tuple(self.seat_names()),
            bot_seats=tuple(self.state["stand_ins"]) if self.state else (),
            format=self.state["format"] if self.state else None,
            players=n,
            guest=True,
            answers=self.state.get("answers") if self.state else None,
            match_key=self.match_key(),
            waiting=self.texts.FAIR_WAITING_VALUES if phase == KEYING else None,
            **self.standing(),
        )

    def fair_ui(self) -> dict[str, Any] | None:
        """The deal's fair-play line on this page (``App.fair_ui``'s shape): the commitment
        this page was shown before the deal — the host's part's —, and once the deal is over
        and checked, that part and the deal's key; nothing for a deal it never saw keyed."""
        facts = (self.state or {}).get("fair")
        number = facts.get("deal") if isinstance(facts, dict) else None
        if type(number) is not int:
            return None
        deal = (str(self.state.get("match")), number)
        if deal not in self.values:
            return None
        out: dict[str, Any] = {"deal": number, "commit": fair.short(self.values[deal][0]), "joint": True}
        if deal in self.keys and not self.swapped:
            out["part"], out["key"] = self.keys[deal]
        return out

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
