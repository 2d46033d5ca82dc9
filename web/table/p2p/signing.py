"""Ed25519 signatures (RFC 8032, §5.1), for what an open table says in public.

Why: an open table's announcements travel on a topic anyone may publish to, and a table's
box key (X25519, ``public.py``) can seal answers but cannot sign.  Without a signature the
first relay author heard for a table id was trusted, so a forger who repeated the id first
(or a host whose page reloaded, with a new relay author) could hide or shadow the table.
A table's id now follows from its signing key too, and only its holder can say «open» or
«closed» under it.  Pure Python on big integers (not constant time: a table's key lives one
lobby long and signs only public facts); checked against the RFC's vectors and a library.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

_P = 2 ** 255 - 19
_L = 2 ** 252 + 27742317777372353535851937790883648493
_D = -121665 * pow(121666, _P - 2, _P) % _P
_SQRT_M1 = pow(2, (_P - 1) // 4, _P)

Point = tuple[int, int, int, int]
"""Extended coordinates (X, Y, Z, T): x = X/Z, y = Y/Z, xy = T/Z."""
_ZERO: Point = (0, 1, 1, 0)


def _add(p: Point, q: Point) -> Point:
    a = (p[1] - p[0]) * (q[1] - q[0]) % _P
    b = (p[1] + p[0]) * (q[1] + q[0]) % _P
    c = 2 * p[3] * q[3] * _D % _P
    d = 2 * p[2] * q[2] % _P
    e, f, g, h = b - a, d - c, d + c, b + a
    return e * f % _P, g * h % _P, f * g % _P, e * h % _P


def _double(p: Point) -> Point:
    a, b = p[0] * p[0] % _P, p[1] * p[1] % _P
    c = 2 * p[2] * p[2] % _P
    h = a + b
    e = h - (p[0] + p[1]) ** 2 % _P
    g = a - b
    f = c + g
    return e * f % _P, g * h % _P, f * g % _P, e * h % _P


def _times(n: int, p: Point) -> Point:
    out = _ZERO
    for bit in bin(n)[2:]:
        out = _double(out)
        if bit == "1":
            out = _add(out, p)
    return out


def _encode(p: Point) -> bytes:
    zinv = pow(p[2], _P - 2, _P)
    x, y = p[0] * zinv % _P, p[1] * zinv % _P
    return (y | (x & 1) << 255).to_bytes(32, "little")


def _decode(data: bytes) -> Point | None:
    """A point from its 32 bytes, or ``None`` for bytes that are not one."""
    if len(data) != 32:
        return None
    n = int.from_bytes(data, "little")
    y, sign = n & ((1 << 255) - 1), n >> 255
    if y >= _P:
        return None
    u, v = (y * y - 1) % _P, (_D * y * y + 1) % _P
    x = u * pow(v, 3, _P) * pow(u * pow(v, 7, _P), (_P - 5) // 8, _P) % _P
    if v * x * x % _P == (-u) % _P:
        x = x * _SQRT_M1 % _P
    if v * x * x % _P != u or (x == 0 and sign):
        return None
    if x & 1 != sign:
        x = _P - x
    return x, y, 1, x * y % _P


_BY = 4 * pow(5, _P - 2, _P) % _P
_B = _decode(_BY.to_bytes(32, "little"))
assert _B is not None


def _hash(*parts: bytes) -> int:
    return int.from_bytes(hashlib.sha512(b"".join(parts)).digest(), "little")


@dataclass(frozen=True)
class Signer:
    """A signing key from its 32-byte seed, and its public key."""

    seed: bytes
    public: bytes

    @staticmethod
    def new(seed: bytes) -> "Signer":
        h = hashlib.sha512(seed).digest()
        return Signer(seed, _encode(_times(_scalar(h), _B)))

    def sign(self, message: bytes) -> bytes:
        h = hashlib.sha512(self.seed).digest()
        r = _hash(h[32:], message) % _L
        big_r = _encode(_times(r, _B))
        k = _hash(big_r, self.public, message) % _L
        return big_r + ((r + k * _scalar(h)) % _L).to_bytes(32, "little")


def _scalar(h: bytes) -> int:
    a = bytearray(h[:32])
    a[0] &= 248
    a[31] &= 127
    a[31] |= 64
    return int.from_bytes(a, "little")


def verify(public: bytes, message: bytes, signature: bytes) -> bool:
    """Whether ``signature`` is ``public``'s on ``message`` ([S]B = R + [k]A, cofactorless)."""
    if len(signature) != 64:
        return False
    a, r = _decode(public), _decode(signature[:32])
    s = int.from_bytes(signature[32:], "little")
    if a is None or r is None or s >= _L:
        return False
    k = _hash(signature[:32], public, message) % _L
    minus_a = ((-a[0]) % _P, a[1], a[2], (-a[3]) % _P)
    both = _add(_B, minus_a)
    left = _ZERO  # [S]B - [k]A in one pass over both scalars' bits
    for i in range(max(s.bit_length(), k.bit_length()) - 1, -1, -1):
        left = _double(left)
        pick = (s >> i & 1, k >> i & 1)
        if pick == (1, 1):
            left = _add(left, both)
        elif pick == (1, 0):
            left = _add(left, _B)
        elif pick == (0, 1):
            left = _add(left, minus_a)
    return (left[0] * r[2] - r[0] * left[2]) % _P == 0 and (left[1] * r[2] - r[1] * left[2]) % _P == 0
