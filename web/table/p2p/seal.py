"""Every frame of online play sealed with its seat's secret: what relays carry is noise.

Why here and not in the browser's WebCrypto: the frames are made and read by
the table's Python (``online.py``), so the sealing is tested on CPython with
the rest, and the page's JavaScript only moves opaque text.  The construction
is standard and uses only ``hashlib``: SHAKE-256 of (key, nonce) as the key
stream, then a keyed BLAKE2b tag over the direction, the nonce and the cipher
text (encrypt-then-MAC), with the two keys derived apart from the link's
secret.  The direction byte means a frame sent by the host cannot be played
back to the host as a guest's, nor the reverse.  A frame that fails its tag
(compared in constant time, ``hmac.compare_digest``) is dropped unread.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import zlib

NONCE_BYTES = 16
TAG_BYTES = 16
TO_GUEST, TO_HOST = b"g", b"h"
MAX_FRAME = 96_000
"""Longer frames are not even decoded (a state is a few kilobytes)."""
DEFLATE_FROM = 256
"""Texts this long or longer are deflated before sealing (shorter ones gain nothing)."""
DEFLATED = b"\x00"
MAX_TEXT = 1_000_000
"""A deflated text that would open larger than this is dropped (a bomb, not a frame)."""


def _key(secret: bytes, purpose: bytes) -> bytes:
    return hashlib.blake2b(purpose, key=secret, digest_size=32, person=b"burkozel-online").digest()


def _stream(secret: bytes, nonce: bytes, size: int) -> bytes:
    return hashlib.shake_256(_key(secret, b"stream") + nonce).digest(size)


def _tag(secret: bytes, direction: bytes, nonce: bytes, body: bytes) -> bytes:
    return hashlib.blake2b(direction + nonce + body, key=_key(secret, b"tag"), digest_size=TAG_BYTES).digest()


def _xor(data: bytes, stream: bytes) -> bytes:
    return (int.from_bytes(data, "big") ^ int.from_bytes(stream, "big")).to_bytes(len(data), "big")


def seal(secret: bytes, direction: bytes, text: str, nonce: bytes | None = None) -> str:
    """``text`` encrypted and tagged, as URL-safe base64 (``nonce`` only for tests)."""
    nonce = os.urandom(NONCE_BYTES) if nonce is None else nonce
    plain = text.encode("utf-8")
    if len(plain) >= DEFLATE_FROM:
        plain = DEFLATED + zlib.compress(plain, 9)
    body = _xor(plain, _stream(secret, nonce, len(plain)))
    raw = nonce + body + _tag(secret, direction, nonce, body)
    return base64.urlsafe_b64encode(raw).decode("ascii")


def unseal(secret: bytes, direction: bytes, frame: object) -> str | None:
    """The text of a frame sealed with ``secret`` for ``direction``, or ``None``."""
    if not isinstance(frame, str) or len(frame) > MAX_FRAME:
        return None
    try:
        raw = base64.urlsafe_b64decode(frame.encode("ascii"))
    except (ValueError, UnicodeEncodeError):
        return None
    if len(raw) < NONCE_BYTES + TAG_BYTES:
        return None
    nonce, body, tag = raw[:NONCE_BYTES], raw[NONCE_BYTES:-TAG_BYTES], raw[-TAG_BYTES:]
    if not hmac.compare_digest(_tag(secret, direction, nonce, body), tag):  # in constant time
        return None
    plain = _xor(body, _stream(secret, nonce, len(body)))
    try:
        if plain.startswith(DEFLATED):
            opener = zlib.decompressobj()
            plain = opener.decompress(plain[1:], MAX_TEXT)
            if opener.unconsumed_tail or not opener.eof:
                return None
        return plain.decode("utf-8")
    except (UnicodeDecodeError, zlib.error):
        return None
