"""«Открытый стол» and «Найти игру»: open tables announced on the relays, a seat asked for and sealed.

Why this shape: no server lists tables, so an open table's page announces itself (:class:`OpenTable`)
as a NIP-33 addressable event (kind :data:`KIND`, ``d`` its id, ``t`` :data:`TAG`, a NIP-40
expiration) signed (BIP-340, ``relay.js``) by a Nostr key that follows from its secret: a relay keeps
the newest per table, so a finder opening later reads every open table at once from one
subscription (:class:`Listing`; no «кто открыт?» every host must answer), the host renews only every
:data:`RENEW_S`, and a withdrawal is a replacement saying ``shut``.  Relays limit events per
connection: a table costs one event per relay per renewal, a finder none.  A seat's link (the only
credential, ``invite.py``) never goes out in the open: the asker sends a fresh X25519 key on the
lobby topic and the host answers with the code sealed under the key both derive (:func:`box_key`).
All that is read is hostile until checked: size, shape, an id bound to its keys, a growing counter,
a ``ts`` neither stale nor ahead, the table's Ed25519 signature (``signing.py``: the Nostr author
proves nothing), asks and signatures rate-limited before key work.  Pure Python, tested on CPython.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
from dataclasses import dataclass, field
from typing import Any

from burkozel import FORMATS
from table.p2p import invite, seal, signing

LOBBY_ROOM, LOBBY_SECRET = "burkozel-open-tables-1", "open"
"""The well-known room of asks and sealed answers (no secret: it is public)."""
KIND = 30433
"""The open tables' Nostr kind: addressable (30000–39999), so a relay keeps the newest per author and ``d``."""
TAG = "burkozel-open-tables-1"
"""The ``t`` tag every open table's event carries and every finder subscribes to."""
VERSION = 2
"""2: keys and signatures in URL-safe base64 (1 wrote them in hex); a page reads only its own version."""
MAX_TEXT = 1_200
"""A public message longer than this is not decoded (a real one is under 450 characters)."""
RENEW_S = 90.0
"""An open table says so again this often (its event expires :data:`EXPIRES_S` after: a missed
renewal or two are survived, a closed page's table is gone from the relays within minutes)."""
EXPIRES_S = 240
"""An announcement's NIP-40 ``expiration`` (seconds after its ``ts``), and how long a finder lists it."""
SHUT_EXPIRES_S = 360
"""A withdrawal's expiration: it outlives any announcement it replaced."""
SINCE_S = EXPIRES_S
"""A finder asks the relays for the open tables' events of the last this many seconds."""
MAX_AGE_S, MAX_AHEAD_S = 300, 60
"""A message whose ``ts`` is older than this, or further ahead of this page's clock, is not read."""
FRESH_S = EXPIRES_S
"""A table whose last announcement is this old is off the list (it missed two renewals)."""
MAX_TABLES = 40
CHECK_WINDOW_S, CHECK_BURST = 10.0, 48
"""At most this many signatures checked in any window (each costs milliseconds; a finder opening
reads every open table the relays kept at once): the rest are dropped unread."""
ASK_GAP_S = 8.0
"""One ask per asker in this many seconds; more are dropped unread."""
ASK_WINDOW_S, ASK_BURST = 10.0, 8
"""At most this many asks read in any window, from everyone together (the page stays responsive)."""
ASK_WAIT_S = 20.0
"""An asker unanswered this long is told the host did not answer."""
LEVELS = ("easy", "medium", "hard")
TIMERS = range(0, 601)


def _b64(data: dict[str, Any]) -> str:
    text = json.dumps(data, separators=(",", ":"), sort_keys=True, ensure_ascii=True)
    return base64.urlsafe_b64encode(text.encode("ascii")).decode("ascii").rstrip("=")


def _unb64(text: Any) -> dict[str, Any] | None:
    """A public message's fields, or ``None`` for anything that is not one."""
    if not isinstance(text, str) or not 0 < len(text) <= MAX_TEXT:
        return None
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        data = json.loads(raw.decode("ascii"))
    except (ValueError, UnicodeError, RecursionError):
        return None
    return data if isinstance(data, dict) and data.get("v") == VERSION else None


# --- X25519 (RFC 7748) -----------------------------------------------------------------------

_P = 2 ** 255 - 19
_A24 = 121665
_BASE = (9).to_bytes(32, "little")


def x25519(scalar: bytes, point: bytes) -> bytes:
    """The Montgomery ladder of RFC 7748 §5 (not constant time; the keys live one ask long)."""
    k = bytearray(scalar)
    k[0] &= 248
    k[31] &= 127
    k[31] |= 64
    n = int.from_bytes(k, "little")
    x1 = int.from_bytes(point, "little") & ((1 << 255) - 1)
    x2, z2, x3, z3, swap = 1, 0, x1, 1, 0
    for t in range(254, -1, -1):
        bit = (n >> t) & 1
        if swap ^ bit:
            x2, x3, z2, z3 = x3, x2, z3, z2
        swap = bit
        a, b, c, d = x2 + z2, x2 - z2, x3 + z3, x3 - z3
        aa, bb = a * a % _P, b * b % _P
        e = aa - bb
        da, cb = d * a % _P, c * b % _P
        x3, z3 = (da + cb) ** 2 % _P, x1 * (da - cb) ** 2 % _P
        x2, z2 = aa * bb % _P, e * (aa + _A24 * e) % _P
    if swap:
        x2, z2 = x3, z3
    return (x2 * pow(z2, _P - 2, _P) % _P).to_bytes(32, "little")


@dataclass(frozen=True)
class Keys:
    """An ephemeral key pair (a table's for its life, an asker's for one ask)."""

    private: bytes
    public: bytes

    @staticmethod
    def new(private: bytes | None = None) -> "Keys":
        private = os.urandom(32) if private is None else private
        return Keys(private, x25519(private, _BASE))


def box_key(mine: Keys, theirs: bytes) -> bytes | None:
    """The secret both ends derive, or ``None`` for a key that is not one (a low-order point
    makes the shared value zero: whoever sent it would know the key)."""
    if len(theirs) != 32:
        return None
    shared = x25519(mine.private, theirs)
    if shared == bytes(32):
        return None
    low, high = sorted((mine.public, theirs))
    return hashlib.blake2b(shared + low + high, digest_size=32, person=b"burkozel-open").digest()


def raw(data: bytes) -> str:
    """Bytes as an announcement writes them: URL-safe base64 without padding (a 32-byte key
    in 43 characters, not hex's 64: the signed announcement is ≈ 400 characters, not ≈ 510)."""
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def unraw(value: Any, size: int) -> bytes | None:
    """:func:`raw`'s ``size`` bytes back, or ``None`` for anything else (one spelling only:
    a second way to write the same key or signature would be a second message)."""
    if not isinstance(value, str) or len(value) != (size * 4 + 2) // 3 or not value.isascii():
        return None
    try:
        data = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except ValueError:
        return None
    return data if len(data) == size and raw(data) == value else None


def hex32(value: Any) -> bytes | None:
    if isinstance(value, str) and len(value) == 64 and all(c in "0123456789abcdef" for c in value):
        return bytes.fromhex(value)
    return None


def table_id(key: bytes, signer: bytes) -> str:
    """A table's id follows from its keys (the box's and the signing one): nobody can
    announce other keys under it, and only the signing key's holder can speak for it."""
    return hashlib.sha256(b"burkozel-open-table" + key + signer).hexdigest()[:16]


def _signed_part(data: dict[str, Any]) -> bytes:
    """What a table's signature covers: every field but the signature, canonically."""
    body = {name: value for name, value in data.items() if name != "g"}
    return json.dumps(body, separators=(",", ":"), sort_keys=True, ensure_ascii=True).encode("ascii")


# --- what a finder sees ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Table:
    """One open table as announced: what «Найти игру» lists and what an ask needs."""

    id: str
    key: bytes
    count: int
    format: str
    players: int
    free: int
    level: str
    lang: str
    timer: int
    since: float
    """When this page first heard of it (its age in the list)."""
    heard: float
    """When this page last heard it announced."""
    ts: int
    """When its host said so (seconds on the host's clock): it is listed :data:`FRESH_S` from then."""


def _int(data: dict[str, Any], name: str, low: int, high: int) -> int | None:
    value = data.get(name)
    return value if type(value) is int and low <= value <= high else None


def parse_table(text: Any, now: float) -> tuple[str, Table | None, bytes, bytes, bytes] | None:
    """A table's announcement as (its id, the table or ``None`` when it says it is closed
    or full, its signing key, what is signed, the signature), or ``None`` for anything
    malformed.  The signature is not checked here: it costs (:meth:`Listing.hear` checks it)."""
    data = _unb64(text)
    if data is None or data.get("t") not in ("open", "shut"):
        return None
    key, signer = unraw(data.get("k"), 32), unraw(data.get("s"), 32)
    count = _int(data, "n", 0, 2 ** 40)
    ts = _int(data, "ts", 1, 2 ** 40)
    sig = unraw(data.get("g"), 64)
    if key is None or signer is None or count is None or ts is None or sig is None \
            or data.get("id") != table_id(key, signer):
        return None
    proof = (signer, _signed_part(data), sig)
    if data["t"] == "shut":
        return (data["id"], Table(data["id"], key, count, "", 0, 0, "", "", 0, now, now, ts), *proof)
    fmt, level, lang = data.get("f"), data.get("lv"), data.get("lg")
    players = _int(data, "p", 2, invite.MAX_PLAYERS)
    free = _int(data, "free", 0, invite.MAX_PLAYERS - 1)
    timer = _int(data, "tm", 0, TIMERS[-1])
    if not (isinstance(fmt, str) and fmt in FORMATS and level in LEVELS and isinstance(lang, str)
            and 0 < len(lang) <= 8 and lang.isascii() and lang.isalpha()
            and players is not None and free is not None and timer is not None and free < players):
        return None
    return (data["id"], Table(data["id"], key, count, fmt, players, free, level, lang, timer, now, now, ts), *proof)


@dataclass
class Listing:
    """The open tables this page has heard of, checked; closed or stale ones are not listed."""

    tables: dict[str, Table] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)
    """The highest counter heard for each id (a lower or equal one is a replay)."""
    checks: list[float] = field(default_factory=list)
    """When signatures were checked lately (:data:`CHECK_BURST` a window)."""

    def hear(self, text: Any, now: float) -> bool:
        """Take a message from the lobby topic; whether the list changed.  Whoever published
        it (a relay event's author proves nothing: a forger may repeat a table's id first, and
        a host's reloaded page publishes as another author), only the table's signature counts."""
        parsed = parse_table(text, now)
        if parsed is None:
            return False
        tid, table, signer, signed, sig = parsed
        if tid in self.counts and table.count <= self.counts[tid]:
            return False
        if not now - MAX_AGE_S <= table.ts <= now + MAX_AHEAD_S:  # (a replay from the relays, or a clock far off)
            return False
        self.checks = [t for t in self.checks if now - t < CHECK_WINDOW_S]
        if len(self.checks) >= CHECK_BURST:
            return False
        self.checks.append(now)
        if not signing.verify(signer, signed, sig):
            return False
        self.counts[tid] = table.count
        if len(self.counts) > MAX_TABLES * 8:  # (forget the oldest ids: a flood of new ones)
            self.counts.pop(next(iter(self.counts)))
        before = self.tables.get(tid)
        if not table.format or table.free == 0:
            return self.tables.pop(tid, None) is not None
        if before is not None:
            table = Table(**{**table.__dict__, "since": before.since})
        self.tables[tid] = table
        if len(self.tables) > MAX_TABLES:
            self.tables.pop(min(self.tables.values(), key=lambda t: t.heard).id)
        return True

    def fresh(self, now: float) -> list[Table]:
        """The tables announced in the last :data:`FRESH_S`, newest first."""
        for tid in [t.id for t in self.tables.values() if now - t.ts >= FRESH_S]:
            del self.tables[tid]
        return sorted(self.tables.values(), key=lambda t: t.since, reverse=True)


# --- the host of an open table ---------------------------------------------------------------------

@dataclass(frozen=True)
class Ask:
    """A request for a seat, as the host read it."""

    table: str
    key: bytes


class OpenTable:
    """The host's side: its key, its announcements, the asks it reads, the answers it seals."""

    def __init__(self, secret: bytes | None = None, count: int = 0, ts: int = 0) -> None:
        """``secret``: the table's 32 bytes (its keys follow from them: a host's reloaded
        page keeps them, and the table its id and its Nostr author); ``count``, ``ts``: the
        last counter and time it used."""
        self.secret = os.urandom(32) if secret is None else secret
        self.keys = Keys.new(hashlib.blake2b(self.secret, digest_size=32, person=b"burkozel-box").digest())
        self.signer = signing.Signer.new(hashlib.blake2b(self.secret, digest_size=32, person=b"burkozel-sign").digest())
        self.id = table_id(self.keys.public, self.signer.public)
        self.count = count
        self.last: float | None = None
        """When it last announced (``None``: never)."""
        self.ts = ts
        """The last ``ts`` it said (each message's is above it: a relay keeps the newest ``created_at``)."""
        self.askers: dict[bytes, float] = {}
        self.recent: list[float] = []
        self.granted: dict[int, bytes] = {}
        """Seat → the asker's key it was given to (until the game starts or the host refuses)."""

    @property
    def relay_key(self) -> bytes:
        """The table's Nostr key (secp256k1, BIP-340; ``relay.js`` signs with it): the same for
        the table's life, reloads included, so each event replaces the table's last one."""
        return hashlib.sha256(b"burkozel-open-relay" + self.secret).digest()

    def _message(self, kind: str, now: float, **facts: Any) -> str:
        self.count += 1
        self.ts = max(int(now), self.ts + 1)
        data = {"v": VERSION, "t": kind, "id": self.id, "k": raw(self.keys.public), "s": raw(self.signer.public),
                "n": self.count, "ts": self.ts, **facts}
        return _b64({**data, "g": raw(self.signer.sign(_signed_part(data)))})

    def announcement(self, fmt: str, players: int, free: int, level: str, lang: str, timer: int, now: float) -> str:
        """«Открытый стол»: what a finder lists — never a seat's link or secret (``now``: seconds
        on the wall clock, as Nostr's ``created_at``)."""
        self.last = now
        return self._message("open", now, f=fmt, p=players, free=free, lv=level, lg=lang, tm=timer)

    def withdrawal(self, now: float) -> str:
        """The table is full, started or closed: finders drop it at once, and the relays keep this
        in the announcement's place (a finder opening later does not list the table)."""
        self.last = now
        return self._message("shut", now)

    def farewell(self, now: float) -> str:
        """A withdrawal kept ready for when the page closes (``relay.js`` sends it on pagehide,
        best-effort): its counter and time are above anything said before it, and what is said
        after it counts above it in turn."""
        return self._message("shut", now)

    def due(self, now: float) -> bool:
        """Whether it is time to announce again (every :data:`RENEW_S`)."""
        return self.last is None or now - self.last >= RENEW_S

    def event(self, text: str) -> dict[str, Any]:
        """One of this table's messages as the Nostr event ``relay.js`` signs with :attr:`relay_key`
        and publishes: addressable (``d``: the table's id), tagged for finders, expiring."""
        data = _unb64(text) or {}
        ts = data.get("ts") if type(data.get("ts")) is int else self.ts
        life = SHUT_EXPIRES_S if data.get("t") == "shut" else EXPIRES_S
        return {"kind": KIND, "created": ts, "text": text, "key": self.relay_key.hex(),
                "tags": [["d", self.id], ["t", TAG], ["expiration", str(ts + life)]]}

    def read(self, text: Any, now: float) -> Ask | None:
        """A message from the lobby topic: an ask for this table that passes the rate limits
        (per asker and overall, before any key work), else ``None``."""
        data = _unb64(text)
        if data is None:
            return None
        if data.get("t") != "ask" or data.get("id") != self.id:
            return None
        key = hex32(data.get("k"))
        if key is None:
            return None
        self.recent = [t for t in self.recent if now - t < ASK_WINDOW_S]
        if len(self.recent) >= ASK_BURST or now - self.askers.get(key, float("-inf")) < ASK_GAP_S:
            return None
        self.recent.append(now)
        self.askers[key] = now
        if len(self.askers) > 256:
            self.askers.pop(next(iter(self.askers)))
        return Ask(self.id, key)

    def answer(self, ask: Ask, code: str | None, why: str = "full") -> str | None:
        """The sealed answer to ``ask``: the seat's code, or a refusal saying ``why``
        (``full``, ``refused``); ``None`` when the asker's key is not a usable one."""
        secret = box_key(self.keys, ask.key)
        if secret is None:
            return None
        body = {"ok": True, "code": code} if code is not None else {"ok": False, "why": why}
        box = seal.seal(secret, seal.TO_GUEST, json.dumps(body, separators=(",", ":")))
        return _b64({"v": VERSION, "t": "re", "id": self.id, "to": ask.key.hex(), "b": box})


# --- an asker --------------------------------------------------------------------------------------

class Asking:
    """One tap on a listed table: the ask, and reading the host's sealed answer."""

    def __init__(self, table: Table, since: float, keys: Keys | None = None) -> None:
        self.table = table
        self.keys = Keys.new() if keys is None else keys
        self.since = since

    def ask(self) -> str:
        return _b64({"v": VERSION, "t": "ask", "id": self.table.id, "k": self.keys.public.hex()})

    def read(self, text: Any) -> tuple[str, Any] | None:
        """The host's answer: ``("seat", Invite)`` or ``("no", why)``; ``None`` for anything
        else (another asker's answer, a forgery that does not open, a code for another table)."""
        data = _unb64(text)
        if data is None or data.get("t") != "re" or data.get("id") != self.table.id \
                or data.get("to") != self.keys.public.hex():
            return None
        secret = box_key(self.keys, self.table.key)
        opened = seal.unseal(secret, seal.TO_GUEST, data.get("b")) if secret is not None else None
        try:
            body = json.loads(opened) if opened is not None else None
        except ValueError:
            return None
        if not isinstance(body, dict):
            return None
        if body.get("ok") is False and body.get("why") in ("full", "refused"):
            return "no", body["why"]
        if body.get("ok") is True:
            try:
                inv = invite.decode(body.get("code"))
            except invite.InviteError:
                return None
            if inv.format == self.table.format and inv.players == self.table.players:
                return "seat", inv
        return None
