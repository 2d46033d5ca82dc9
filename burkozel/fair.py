"""Deals nobody can read or stack early: a key per deal, committed before, revealed after.

Each deal's key is a keyed BLAKE2b of the deal's number under the match's secret
(:func:`deal_key`), so a revealed key says nothing of the secret or another deal; the
deck is a Fisher–Yates shuffle on a BLAKE2b stream of the key (:func:`deck_of`), written
out so anyone can deal it again.  Before a deal the table shows :func:`commitment`, after
it the key; :func:`verify` checks one against the other.  The bots' seeds and the first
dealer come from other labels (:func:`bot_seed`, :func:`first_dealer`).  With friends the
key is :func:`joint_key` of the host's committed secret and every guest's fresh value.

>>> secret = bytes(range(32))
>>> key = deal_key(secret, 0)
>>> verify(key, commitment(key)), verify(deal_key(secret, 1), commitment(key))
(True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import os
from typing import Sequence

from .cards import DECK, Card

SECRET_BYTES = 32
"""The size of a match's secret, of a deal's key and of a guest's value."""
_DEAL = b"burkozel/deal"
_COMMIT = b"burkozel/commit"
_DECK = b"burkozel/deck"
_BOTS = b"burkozel/bots"
_DEALER = b"burkozel/dealer"
_JOINT = b"burkozel/joint"
_MATCH = b"burkozel/match"
_SEED = b"burkozel/seed"


def new_secret() -> bytes:
    """A fresh secret (a match's, or a guest's value) from the system's randomness."""
    return os.urandom(SECRET_BYTES)


def seeded_secret(seed: int | str) -> bytes:
    """The secret of a match whose seed a person chose (the same deals at every start):
    no secret at all to whoever knows the seed, which is the point of choosing one."""
    return _hash(_SEED, str(seed).encode())


def check_bytes(value: object, what: str = "a key") -> bytes:
    """``value`` as :data:`SECRET_BYTES` bytes (raw, or lowercase hex): ``ValueError`` otherwise."""
    if isinstance(value, str):
        if len(value) != 2 * SECRET_BYTES or value != value.lower():
            raise ValueError(f"{what} is {2 * SECRET_BYTES} lowercase hex digits")
        try:
            value = bytes.fromhex(value)
        except ValueError:
            raise ValueError(f"{what} is {2 * SECRET_BYTES} lowercase hex digits") from None
    if not isinstance(value, bytes) or len(value) != SECRET_BYTES:
        raise ValueError(f"{what} is {SECRET_BYTES} bytes")
    return value


def _hash(label: bytes, data: bytes, key: bytes = b"") -> bytes:
    return hashlib.blake2b(data, key=key, digest_size=SECRET_BYTES, person=label[:16].ljust(16, b"\0")).digest()


def deal_key(secret: bytes, deal_no: int) -> bytes:
    """The key of deal ``deal_no`` (from 0) of the match with ``secret``: one-way,
    so a deal's key gives away neither the secret nor another deal's key."""
    if type(deal_no) is not int or deal_no < 0:
        raise ValueError("a deal's number is a whole number from 0")
    return _hash(_DEAL, deal_no.to_bytes(8, "big"), check_bytes(secret, "a secret"))


def commitment(key: bytes) -> str:
    """What the table shows before the deal: a hash of its key (hex), which binds
    the key without telling it (the key is 32 random bytes)."""
    return _hash(_COMMIT, check_bytes(key)).hex()


def verify(key: bytes, committed: str) -> bool:
    """Whether ``key`` is the one ``committed`` was made from (compared in constant time)."""
    if not isinstance(committed, str):
        return False
    return hmac.compare_digest(commitment(key).encode(), committed.encode())


def deck_of(key: bytes) -> tuple[Card, ...]:
    """The deck a key deals: Fisher–Yates from the last card down, each index drawn
    from 64-bit words of ``BLAKE2b(counter, key=key)`` (a word that would bias the
    index is skipped), so any BLAKE2b can deal it again."""
    key = check_bytes(key)
    deck = list(DECK)
    words = _words(key)
    for i in range(len(deck) - 1, 0, -1):
        n = i + 1
        limit = (1 << 64) - (1 << 64) % n
        word = next(words)
        while word >= limit:
            word = next(words)
        j = word % n
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def _words(key: bytes):
    counter = 0
    while True:
        block = hashlib.blake2b(counter.to_bytes(8, "big"), key=key, person=_DECK.ljust(16, b"\0")).digest()
        for k in range(0, len(block), 8):
            yield int.from_bytes(block[k:k + 8], "big")
        counter += 1


def bot_seed(key: bytes, seat: int) -> str:
    """The seed of the bot at ``seat`` for the deal with ``key``: another label of
    the hash, so it tells nothing of the key, and fixed before anyone plays."""
    return _hash(_BOTS, seat.to_bytes(2, "big"), check_bytes(key)).hex()[:32]


def first_dealer(secret: bytes, players: int) -> int:
    """Who deals first in the match with ``secret``."""
    return int.from_bytes(_hash(_DEALER, b"", check_bytes(secret, "a secret")), "big") % players


def match_id(secret: bytes) -> str:
    """A name for the match with ``secret`` (to tell two saves apart) that tells nothing of it."""
    return _hash(_MATCH, b"", check_bytes(secret, "a secret")).hex()[:24]


def joint_key(host: bytes, values: Sequence[bytes]) -> bytes:
    """A deal's key at a table with friends: the host's deal secret and every guest's
    value, in seat order, hashed together (each part of fixed length, so no two
    different lists of parts hash the same input)."""
    parts = [check_bytes(host, "the host's secret")] + [check_bytes(v, "a guest's value") for v in values]
    return _hash(_JOINT, b"".join(parts))


def short(committed: str) -> str:
    """A commitment as a person compares it at a glance: its first 16 hex digits in fours."""
    return " ".join(committed[i:i + 4] for i in range(0, 16, 4))
