"""«Пригласить по ссылке»: what one guest seat's link carries, and reading it back.

Why a link per seat with its own room and secret: the link is the only
credential there is (no accounts, no server of ours).  It lives in the URL's
fragment, which browsers never send to the site's host; whoever holds it may
take that one seat and no other, and the secret keys every frame of that
seat's game (``seal.py``), so a relay sees noise.  The table facts in it (the
format, the number of seats, this seat) let the guest's page say what it is
joining before anything connects.  The checksum makes a truncated or edited
link a clear error instead of a silent wait for a host that is not there;
the version lets a later site refuse an older link plainly.
"""

from __future__ import annotations

import base64
import hashlib
import os
from dataclasses import dataclass

from burkozel import FORMATS
from table.p2p.codes import JOIN_KEY, WATCH_KEY

VERSION = 1
LINK_KEY = JOIN_KEY
"""The fragment's key: ``…/#join=<code>``."""
ROOM_BYTES = 16
SECRET_BYTES = 16
"""128 random bits each: the relays' topics and Trystero's keys are derived from them by one
SHA-256, which is safe only for secrets nobody chose."""
CHECK_BYTES = 4
MAX_CODE = 200
"""A real code is about 60 characters; a longer text is not read."""


class InviteError(ValueError):
    """A link that cannot be used; ``reason`` is one of ``empty``, ``version``, ``damaged``."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Invite:
    """One guest seat's ticket to a host's table."""

    seat: int
    players: int
    format: str
    room: bytes
    secret: bytes

    @property
    def room_id(self) -> str:
        return self.room.hex()

    @property
    def secret_hex(self) -> str:
        return self.secret.hex()


MAX_PLAYERS = 6


def new_watch(fmt: str, players: int) -> Invite:
    """The watchers' ticket: a room and secret of their own, seat 0 (they sit nowhere)."""
    return Invite(0, players, fmt, os.urandom(ROOM_BYTES), os.urandom(SECRET_BYTES))


def new_invite(fmt: str, seat: int, players: int | None = None) -> Invite:
    """A fresh room and secret for ``seat`` of a table of ``fmt`` (of ``players`` seats, by
    default the format's own count)."""
    players = FORMATS[fmt].players if players is None else players
    if not 0 < seat < players <= MAX_PLAYERS:
        raise ValueError(f"seat {seat} is not a guest seat of {fmt}")
    return Invite(seat, players, fmt, os.urandom(ROOM_BYTES), os.urandom(SECRET_BYTES))


def encode(invite: Invite) -> str:
    """The code after ``#join=`` (URL-safe base64, no padding)."""
    name = invite.format.encode("ascii")
    body = bytes([VERSION, invite.seat, invite.players, len(name)]) + name + invite.room + invite.secret
    raw = body + hashlib.sha256(body).digest()[:CHECK_BYTES]
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def link(page: str, invite: Invite) -> str:
    """The whole link: the page without its query or fragment, then ``#join=<code>``
    (``#watch=<code>`` for the watchers' ticket, whose seat is 0)."""
    key = WATCH_KEY if invite.seat == 0 else LINK_KEY
    return f"{page.split('#', 1)[0].split('?', 1)[0]}#{key}{encode(invite)}"


def code_in(text: str, key: str = LINK_KEY) -> str | None:
    """The code in a URL fragment or a pasted link, if it names one (``key``: ``WATCH_KEY``
    for a watch link)."""
    if not isinstance(text, str) or key not in text:
        return None
    return text.split(key, 1)[1].split("&", 1)[0].strip()


def decode(code: str, watch: bool = False) -> Invite:
    """The invite a code carries, or :class:`InviteError` saying why not (``watch``: a watch
    link's, whose seat is 0; a seat's link is never read as one, nor the other way round)."""
    if not isinstance(code, str) or not code.strip():
        raise InviteError("empty")
    code = code.strip()
    if len(code) > MAX_CODE or not all(c.isascii() and (c.isalnum() or c in "-_") for c in code):
        raise InviteError("damaged")
    try:
        raw = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except ValueError:
        raise InviteError("damaged") from None
    if len(raw) < 4 + CHECK_BYTES:
        raise InviteError("damaged")
    body, check = raw[:-CHECK_BYTES], raw[-CHECK_BYTES:]
    if hashlib.sha256(body).digest()[:CHECK_BYTES] != check:
        # A link from another version has another layout: say "version" only when the
        # checksum holds, so a damaged link is never blamed on an update.
        raise InviteError("damaged")
    if body[0] != VERSION:
        raise InviteError("version")
    seat, players, name_len = body[1], body[2], body[3]
    name = body[4:4 + name_len]
    rest = body[4 + name_len:]
    if len(rest) != ROOM_BYTES + SECRET_BYTES:
        raise InviteError("damaged")
    try:
        fmt = name.decode("ascii")
    except UnicodeDecodeError:
        raise InviteError("damaged") from None
    if fmt not in FORMATS or not players <= MAX_PLAYERS or not (seat == 0 if watch else 0 < seat < players):
        raise InviteError("damaged")
    return Invite(seat, players, fmt, rest[:ROOM_BYTES], rest[ROOM_BYTES:])
