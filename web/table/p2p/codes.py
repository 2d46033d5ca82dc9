"""Short codes for the two browsers' WebRTC handshake, and the SDP rebuilt from them.

Why: with no server, the two devices swap their session descriptions by hand
(a QR code, or text pasted).  A data-channel offer is ~650 bytes of SDP, but
only a few facts cannot be rebuilt by the other side: the ICE username
fragment and password, the DTLS fingerprint and the host candidates.  Those go
into a binary record (:func:`encode`; web/README.md draws it) written in
base32 — readable aloud and QR alphanumeric-safe — with a check byte, so a
mistyped code is refused instead of failing later; the other side fills a
fixed SDP template with them.
"""

from __future__ import annotations

import base64
import hashlib
import ipaddress
import re
import uuid
from dataclasses import dataclass

VERSION = 1
OFFER, ANSWER = "offer", "answer"
ROLES = (OFFER, ANSWER)
MAX_CANDIDATES = 6
"""More would only lengthen the code: a phone on Wi-Fi has one or two addresses."""
LINK_KEY = "p2p="
"""A join link carries the offer after ``#p2p=`` (a phone's camera opens it)."""
JOIN_KEY = "join="
"""An online invite link's fragment key (``invite.py``; here so the page's start can see one
without loading online play's modules)."""
WATCH_KEY = "watch="
"""A watch link's fragment key: ``…/#watch=<code>`` (``invite.py``)."""


class CodeError(ValueError):
    """The text is not a code of ours (mistyped, cut short, or of another version)."""


@dataclass(frozen=True)
class Candidate:
    """A host candidate: an IP address or an mDNS name, and a UDP port."""

    address: str
    port: int


@dataclass(frozen=True)
class Handshake:
    """What one side must tell the other: its role and its ICE and DTLS facts."""

    role: str
    ufrag: str
    pwd: str
    fingerprint: bytes
    candidates: tuple[Candidate, ...]


# --- SDP → handshake → code ------------------------------------------------------------

CANDIDATE_RE = re.compile(r"^a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ host\b", re.I)


def from_sdp(sdp: str, role: str) -> Handshake:
    """The facts of a browser's local description (its candidates gathered)."""
    ufrag = pwd = fp = None
    cands: list[Candidate] = []
    for line in sdp.splitlines():
        line = line.strip()
        if line.startswith("a=ice-ufrag:"):
            ufrag = ufrag or line.split(":", 1)[1]
        elif line.startswith("a=ice-pwd:"):
            pwd = pwd or line.split(":", 1)[1]
        elif line.lower().startswith("a=fingerprint:sha-256 "):
            fp = fp or bytes.fromhex(line.split(" ", 1)[1].replace(":", ""))
        elif (m := CANDIDATE_RE.match(line)) and len(cands) < MAX_CANDIDATES:
            cand = Candidate(m.group(1), int(m.group(2)))
            if _address_kind(cand.address) and cand not in cands:
                cands.append(cand)
    if not (ufrag and pwd and fp and len(fp) == 32):
        raise CodeError("the description lacks ICE credentials or a SHA-256 fingerprint")
    # IPv4 first: the most likely to work on a home Wi-Fi.
    cands.sort(key=lambda c: "4M6".index(_address_kind(c.address)))
    return Handshake(role, ufrag, pwd, fp, tuple(cands))


def _address_kind(address: str) -> str:
    """``4``, ``6``, ``M`` (an mDNS name) or ``""`` for anything else."""
    if address.lower().endswith(".local"):
        try:
            uuid.UUID(address[:-6])
            return "M"
        except ValueError:
            return ""
    try:
        return str(ipaddress.ip_address(address).version)
    except ValueError:
        return ""


def _short(text: str) -> bytes:
    raw = text.encode("ascii")
    if not 1 <= len(raw) <= 255:
        raise CodeError("an ICE credential of unexpected length")
    return bytes([len(raw)]) + raw


def encode(hs: Handshake) -> str:
    """The handshake as a code (base32 without padding)."""
    out = bytearray([VERSION << 4 | ROLES.index(hs.role)])
    out += _short(hs.ufrag) + _short(hs.pwd) + hs.fingerprint
    out.append(len(hs.candidates))
    for c in hs.candidates:
        kind = _address_kind(c.address)
        if kind == "M":
            addr = uuid.UUID(c.address[:-6]).bytes
        else:
            addr = ipaddress.ip_address(c.address).packed
        out += kind.encode() + addr + c.port.to_bytes(2, "big")
    out.append(hashlib.sha256(out).digest()[0])
    return base64.b32encode(bytes(out)).decode().rstrip("=")


def encode_sdp(sdp: str, role: str) -> str:
    return encode(from_sdp(sdp, role))


# --- code → handshake → SDP ------------------------------------------------------------


def clean(text: str) -> str:
    """The code inside what was pasted or scanned: a bare code (spaces, dashes and
    case ignored) or a join link with ``#p2p=<code>``."""
    if LINK_KEY in text:
        text = text.split(LINK_KEY, 1)[1].split("&", 1)[0]
    return re.sub(r"[\s\-]", "", text).upper()


def decode(text: str) -> Handshake:
    code = clean(text)
    if not code or not re.fullmatch(r"[A-Z2-7]+", code):
        raise CodeError("not a code")
    try:
        raw = base64.b32decode(code + "=" * (-len(code) % 8))
    except ValueError as e:
        raise CodeError("not a code") from e
    if len(raw) < 2 or hashlib.sha256(raw[:-1]).digest()[0] != raw[-1]:
        raise CodeError("the check byte does not match (a mistyped code?)")
    body = raw[:-1]
    if body[0] >> 4 != VERSION or body[0] & 15 >= len(ROLES):
        raise CodeError("a code of another version")
    pos = 1

    def take(n: int) -> bytes:
        nonlocal pos
        if pos + n > len(body):
            raise CodeError("the code is cut short")
        chunk = body[pos:pos + n]
        pos += n
        return chunk

    try:
        ufrag = take(take(1)[0]).decode("ascii")
        pwd = take(take(1)[0]).decode("ascii")
    except UnicodeDecodeError as e:
        raise CodeError("not a code") from e
    fingerprint = take(32)
    cands = []
    for _ in range(take(1)[0]):
        kind = take(1).decode("ascii", "replace")
        if kind == "4":
            address = str(ipaddress.IPv4Address(take(4)))
        elif kind == "6":
            address = str(ipaddress.IPv6Address(take(16)))
        elif kind == "M":
            address = f"{uuid.UUID(bytes=take(16))}.local"
        else:
            raise CodeError("an unknown kind of address")
        cands.append(Candidate(address, int.from_bytes(take(2), "big")))
    if pos != len(body):
        raise CodeError("trailing bytes")
    if not re.fullmatch(r"[A-Za-z0-9+/]{4,256}", ufrag) or not re.fullmatch(r"[A-Za-z0-9+/]{22,256}", pwd):
        raise CodeError("ICE credentials of the wrong form")
    return Handshake(ROLES[body[0] & 15], ufrag, pwd, fingerprint, tuple(cands))


def to_sdp(hs: Handshake) -> str:
    """A data-channel-only session description with ``hs``'s facts (what the
    browser that made the code would have sent, minus what never varies)."""
    fp = ":".join(f"{b:02X}" for b in hs.fingerprint)
    lines = [
        "v=0",
        "o=- 1 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
    ]
    for i, c in enumerate(hs.candidates):
        lines.append(f"a=candidate:{i + 1} 1 udp {2113937151 - i} {c.address} {c.port} typ host generation 0")
    lines += [
        f"a=ice-ufrag:{hs.ufrag}",
        f"a=ice-pwd:{hs.pwd}",
        f"a=fingerprint:sha-256 {fp}",
        "a=setup:" + ("actpass" if hs.role == OFFER else "active"),
        "a=mid:0",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
    ]
    if hs.candidates:
        lines.append("a=end-of-candidates")
    return "\r\n".join(lines) + "\r\n"


def read(text: str, role: str) -> str:
    """The SDP of a pasted or scanned code that must be of ``role``; :class:`CodeError` otherwise."""
    hs = decode(text)
    if hs.role != role:
        raise CodeError(f"a code of the {hs.role}, not of the {role}")
    return to_sdp(hs)
