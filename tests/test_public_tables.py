"""Open tables without a browser: X25519 against RFC 7748 and a reference library, the
announcement a finder lists (never a seat's secret), forged, replayed, oversized and
malformed messages, a flood of asks, and the seat's code sealed to the asker alone."""

from __future__ import annotations

import base64
import json
import random

import pytest

import webpath  # noqa: F401

from table.p2p import invite, public

ALICE = bytes.fromhex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a")
ALICE_PUB = bytes.fromhex("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a")
BOB_PUB = bytes.fromhex("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f")
SHARED = bytes.fromhex("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742")


def test_x25519_matches_rfc_7748():
    assert public.Keys.new(ALICE).public == ALICE_PUB
    assert public.x25519(ALICE, BOB_PUB) == SHARED


def test_x25519_agrees_with_a_reference_implementation():
    x = pytest.importorskip("cryptography.hazmat.primitives.asymmetric.x25519")
    rng = random.Random(7)
    for _ in range(5):
        a, b = rng.randbytes(32), rng.randbytes(32)
        ref = x.X25519PrivateKey.from_private_bytes(a)
        other = x.X25519PrivateKey.from_private_bytes(b).public_key()
        from cryptography.hazmat.primitives import serialization as s
        raw = s.Encoding.Raw, s.PublicFormat.Raw
        assert public.Keys.new(a).public == ref.public_key().public_bytes(*raw)
        assert public.x25519(a, other.public_bytes(*raw)) == ref.exchange(other)


def test_a_low_order_key_gives_no_box():
    assert public.box_key(public.Keys.new(), bytes(32)) is None
    assert public.box_key(public.Keys.new(), b"short") is None


def _open_table(seed: int = 1) -> public.OpenTable:
    return public.OpenTable(random.Random(seed).randbytes(32))


def _announce(table: public.OpenTable, now: float = 0.0, free: int = 1) -> str:
    return table.announcement("duel", 2, free, "medium", "ru", 0, now)


def test_an_announcement_is_listed_with_its_facts_and_holds_no_secret():
    host = _open_table()
    inv = invite.new_invite("duel", 1)
    text = _announce(host)
    listing = public.Listing()
    assert listing.hear(text, 10.0)
    [table] = listing.fresh(20.0)
    assert (table.format, table.players, table.free, table.level, table.lang, table.timer) == \
        ("duel", 2, 1, "medium", "ru", 0)
    raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode()
    for secret in (inv.secret_hex, inv.room_id, invite.encode(inv)):
        assert secret not in raw and secret not in text
    assert len(text) < 600  # (signed: its keys and signature are most of it)


def test_newest_first_and_stale_ones_go():
    listing = public.Listing()
    old, new = _open_table(1), _open_table(2)
    listing.hear(_announce(old), 0.0)
    listing.hear(_announce(new, 5.0), 5.0)  # (stale: by when the host said it, as the relays' expiration)
    assert [t.id for t in listing.fresh(6.0)] == [new.id, old.id]
    assert [t.id for t in listing.fresh(public.FRESH_S + 1)] == [new.id]


def test_a_replayed_or_forged_announcement_changes_nothing():
    host = _open_table()
    listing = public.Listing()
    first = _announce(host, free=1)
    assert listing.hear(first, 0.0)
    shut = host.withdrawal(1.0)
    assert listing.hear(shut, 1.0) and listing.fresh(2.0) == []
    assert not listing.hear(first, 3.0)  # replayed: its counter is old
    # Anyone re-announcing the table's id with a higher counter is not the table: its signature fails.
    data = json.loads(base64.urlsafe_b64decode(first + "=" * (-len(first) % 4)))
    forged = base64.urlsafe_b64encode(json.dumps({**data, "n": 99}).encode()).decode()
    assert not listing.hear(forged, 4.0)
    # A key that is not the id's: not a table at all.
    other = _open_table(9)
    wrong = base64.urlsafe_b64encode(json.dumps({**data, "k": other.keys.public.hex(), "n": 100}).encode()).decode()
    assert not listing.hear(wrong, 5.0)
    assert listing.fresh(6.0) == []


def test_a_full_table_is_not_listed():
    host = _open_table()
    listing = public.Listing()
    listing.hear(_announce(host, free=1), 0.0)
    assert listing.hear(_announce(host, free=0), 1.0)
    assert listing.fresh(2.0) == []


def test_hostile_texts_are_ignored_without_an_exception():
    rng = random.Random(3)
    host = _open_table()
    good = _announce(host)
    listing = public.Listing()
    samples = ["", "x" * 5000, "~1.0.1.x", "null", 42, None, ["a"], "eyJ2IjoxfQ", good[:-3], good + "AAAA"]
    for _ in range(400):
        pick = rng.randrange(4)
        if pick == 0:
            text = "".join(rng.choice("ABCxyz019-_=~ ") for _ in range(rng.randrange(1, 300)))
        elif pick == 1:
            chars = list(good)
            chars[rng.randrange(len(chars))] = rng.choice("AZaz09-_")
            text = "".join(chars)
        elif pick == 2:
            fields = {"v": public.VERSION, "t": rng.choice(["open", "shut", "ask", "re", "who", 3]), "id": rng.choice([host.id, 5, ""]),
                      "k": rng.choice([host.keys.public.hex(), "00" * 32, None]), "n": rng.choice([-1, 10 ** 20, "1", 7]),
                      "f": rng.choice(["duel", "nope", None]), "p": rng.choice([2, 0, 7, True]),
                      "free": rng.choice([1, -1, 9]), "lv": rng.choice(["hard", "god"]), "lg": rng.choice(["ru", "r u", "x" * 20]),
                      "tm": rng.choice([0, 30, -5, 10 ** 6])}
            text = base64.urlsafe_b64encode(json.dumps(fields).encode()).decode()
        else:
            text = rng.choice(samples)
        listing.hear(text, 1.0)
        host.read(text, 1.0)
    for table in listing.fresh(2.0):
        assert table.format == "duel" and 0 < table.free < table.players and table.level in public.LEVELS


def test_the_seat_comes_back_sealed_to_the_asker_alone():
    host = _open_table()
    listing = public.Listing()
    listing.hear(_announce(host), 0.0)
    [table] = listing.fresh(1.0)
    asker, eve = public.Asking(table, 1.0), public.Asking(table, 1.0)
    ask = host.read(asker.ask(), 1.0)
    assert ask is not None and ask.key == asker.keys.public
    inv = invite.new_invite("duel", 1)
    answer = host.answer(ask, invite.encode(inv))
    assert invite.encode(inv) not in answer and inv.secret_hex not in answer
    assert asker.read(answer) == ("seat", inv)
    assert eve.read(answer) is None  # addressed to another key
    # Eve re-addresses it to herself: the box does not open with her key.
    data = json.loads(base64.urlsafe_b64decode(answer + "=" * (-len(answer) % 4)))
    readdressed = base64.urlsafe_b64encode(json.dumps({**data, "to": eve.keys.public.hex()}).encode()).decode()
    assert eve.read(readdressed) is None


def test_a_refusal_reads_plainly_and_cannot_be_forged_by_another_table():
    host, other = _open_table(1), _open_table(2)
    listing = public.Listing()
    listing.hear(_announce(host), 0.0)
    [table] = listing.fresh(1.0)
    asker = public.Asking(table, 1.0)
    ask = host.read(asker.ask(), 1.0)
    assert asker.read(host.answer(ask, None, "refused")) == ("no", "refused")
    forged_ask = public.Ask(host.id, asker.keys.public)
    forged = other.answer(forged_ask, None, "refused")
    assert asker.read(forged) is None


def test_a_flood_of_asks_is_limited_per_asker_and_overall():
    host = _open_table()
    listing = public.Listing()
    listing.hear(_announce(host), 0.0)
    [table] = listing.fresh(1.0)
    one = public.Asking(table, 0.0)
    assert host.read(one.ask(), 0.0) is not None
    assert host.read(one.ask(), 1.0) is None  # the same asker again too soon
    assert host.read(one.ask(), 1.0 + public.ASK_GAP_S) is not None
    many = [public.Asking(table, 0.0, public.Keys(bytes(32), bytes([i + 1]) * 32)) for i in range(40)]
    read = [host.read(a.ask(), 20.0) for a in many]
    assert sum(r is not None for r in read) == public.ASK_BURST
    assert host.read(public.Asking(table, 0.0).ask(), 20.0 + public.ASK_WINDOW_S) is not None


def test_an_ask_for_another_table_is_not_read():
    host, other = _open_table(1), _open_table(2)
    listing = public.Listing()
    listing.hear(_announce(other), 0.0)
    [table] = listing.fresh(1.0)
    assert host.read(public.Asking(table, 0.0).ask(), 0.0) is None


def test_an_open_table_is_renewed_every_90_s_and_asks_nobody():
    """Nothing a finder does makes a host speak (no «кто открыт?»): an open table says so
    every ``RENEW_S`` on its own, seven events in ten minutes where the ephemeral ones took
    fourteen and a reply to every finder."""
    assert not hasattr(public, "who") and public.RENEW_S == 90
    host = _open_table()
    assert host.due(0.0)
    _announce(host, 0.0)
    assert not host.due(89.0) and host.due(90.0)
    sent = 0
    quiet = _open_table(2)
    for second in range(600):
        if quiet.due(float(second)):
            _announce(quiet, float(second))
            sent += 1
    assert sent == 600 // 90 + 1


def _event_data(event: dict) -> dict:
    text = event["text"]
    return json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))


def test_an_announcement_is_an_addressable_event_that_expires_and_a_withdrawal_replaces_it():
    """Kind 30433 (NIP-33: the relays keep the newest per author and ``d``), ``d`` the table's
    id, the finders' ``t`` tag, a NIP-40 expiration 240 s on (a withdrawal's 360 s: it outlives
    what it replaced); the Nostr key follows from the table's secret (a reloaded page replaces
    its own events), and each message's time is above the last one's, within one second too."""
    host = _open_table()
    opened = host.event(_announce(host, 1_000.0))
    data = _event_data(opened)
    assert opened["kind"] == public.KIND == 30433 and data["t"] == "open" and data["ts"] == opened["created"] == 1_000
    tags = opened["tags"]
    assert ["d", host.id] in tags and ["t", "burkozel-open-tables-1"] in tags and ["expiration", "1240"] in tags
    assert len(tags) == 3 and all(isinstance(v, str) for tag in tags for v in tag)
    key = bytes.fromhex(opened["key"])
    assert len(key) == 32 and 0 < int.from_bytes(key, "big") < 2 ** 256 - 432420386565659656852420866394968145599
    again = public.OpenTable(host.secret, host.count, host.ts)
    assert again.relay_key.hex() == opened["key"] and again.id == host.id
    renewed = host.event(_announce(host, 1_000.4))  # (the same second: one later all the same)
    shut = host.event(host.withdrawal(1_000.9))
    assert [e["created"] for e in (opened, renewed, shut)] == [1_000, 1_001, 1_002]
    assert _event_data(shut)["t"] == "shut" and ["expiration", str(1_002 + 360)] in shut["tags"]
    assert ["d", host.id] in shut["tags"] and shut["key"] == opened["key"]
    assert "ts" in public.parse_table(shut["text"], 1_002.0)[3].decode()  # (the time is signed)


def test_stale_or_future_announcements_are_not_read():
    """A relay may keep or replay an old event, and a clock may be far off: an announcement older
    than 300 s or more than 60 s ahead of the finder's clock is not read, and a table is listed
    240 s from its last announcement (its expiration)."""
    now = 50_000.0
    for said, read in ((now - 301, False), (now + 61, False), (now - 299, True), (now + 59, True)):
        host = _open_table()
        assert public.Listing().hear(_announce(host, said), now) is read, said
    listing = public.Listing()
    host = _open_table()
    assert listing.hear(_announce(host, now - 200), now)
    assert [t.id for t in listing.fresh(now)] == [host.id]
    assert listing.fresh(now - 200 + public.FRESH_S) == [] and public.FRESH_S == 240


class KeepingRelay:
    """What a relay keeps of addressable events: the newest per (author, kind, d), none expired."""

    def __init__(self) -> None:
        self.kept: dict[tuple, dict] = {}

    def publish(self, event: dict) -> None:
        d = next(v for k, v, *_ in event["tags"] if k == "d")
        slot = (event["key"], event["kind"], d)
        if slot not in self.kept or event["created"] > self.kept[slot]["created"]:
            self.kept[slot] = event

    def query(self, now: float) -> list[str]:
        return [e["text"] for e in self.kept.values() if e["created"] >= now - public.SINCE_S
                and int(dict((t[0], t[1]) for t in e["tags"])["expiration"]) > now]


def test_a_withdrawal_replaces_the_announcement_and_a_finder_opening_later_does_not_list_it():
    relay, now = KeepingRelay(), 10_000.0
    full, open_, gone = _open_table(1), _open_table(2), _open_table(3)
    for host in (full, open_, gone):
        relay.publish(host.event(_announce(host, now)))
    early = public.Listing()
    assert all(early.hear(text, now) for text in relay.query(now)) and len(early.fresh(now)) == 3
    relay.publish(full.event(full.withdrawal(now + 30)))
    relay.publish(open_.event(_announce(open_, now + 90)))
    assert len(relay.kept) == 3  # (replaced, not added)
    early.hear(full.event(full.withdrawal(now + 31))["text"], now + 31)
    later = public.Listing()
    for text in relay.query(now + 100):
        later.hear(text, now + 100)
    assert [t.id for t in later.fresh(now + 100)] == [open_.id, gone.id]
    assert [t.id for t in early.fresh(now + 100)] == [open_.id, gone.id] or \
        {t.id for t in early.fresh(now + 100)} == {open_.id, gone.id}
    # Four minutes on: the table that stopped renewing has expired on the relay and on the list.
    last = public.Listing()
    for text in relay.query(now + 250):
        last.hear(text, now + 250)
    assert [t.id for t in last.fresh(now + 250)] == [open_.id]
    assert [t.id for t in early.fresh(now + 250)] == []  # (it heard no renewal: both stale there)


def test_a_forger_heard_first_does_not_shadow_the_honest_host():
    """The first relay author heard for a table id was trusted: a forger who repeated a table's id
    first (with any counter) owned it on that finder, and the host's own announcements were dropped
    (so were a reloaded host page's, a new author).  Now only the table's signature counts."""
    host = _open_table()
    honest = _announce(host, free=1)
    data = json.loads(base64.urlsafe_b64decode(honest + "=" * (-len(honest) % 4)))
    listing = public.Listing()
    forged = base64.urlsafe_b64encode(json.dumps({**data, "n": 50, "free": 1, "lv": "hard"}).encode()).decode()
    assert not listing.hear(forged, 0.0)
    assert listing.hear(honest, 1.0)  # the host is heard although the forger came first
    [table] = listing.fresh(2.0)
    assert (table.id, table.level) == (host.id, "medium")
    shut = base64.urlsafe_b64encode(json.dumps({**data, "t": "shut", "n": 99}).encode()).decode()
    assert not listing.hear(shut, 3.0)  # nor can the forger close it
    assert [t.id for t in listing.fresh(4.0)] == [host.id]
    # The host's page reloaded (its relay author is new): the same table, its secret and counter kept.
    again = public.OpenTable(host.secret, host.count)
    assert again.id == host.id
    assert listing.hear(again.announcement("duel", 2, 1, "medium", "ru", 0, 5.0), 5.0)
    assert listing.hear(again.withdrawal(6.0), 6.0) and listing.fresh(7.0) == []


def test_ed25519_matches_rfc_8032_and_a_reference_implementation():
    from table.p2p import signing

    seed = bytes.fromhex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
    me = signing.Signer.new(seed)
    assert me.public.hex() == "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"
    sig = me.sign(b"")
    assert sig.hex() == ("e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b"
                         "46bd25bf5f0595bbe24655141438e7a100b")
    assert signing.verify(me.public, b"", sig) and not signing.verify(me.public, b"x", sig)
    assert not signing.verify(me.public, b"", sig[:63] + bytes([sig[63] ^ 1]))
    assert not signing.verify(bytes(31) + b"\x80", b"", sig) and not signing.verify(me.public, b"", b"short")
    ed = pytest.importorskip("cryptography.hazmat.primitives.asymmetric.ed25519")
    from cryptography.hazmat.primitives import serialization as s
    rng = random.Random(11)
    for n in range(6):
        seed, message = rng.randbytes(32), rng.randbytes(n * 40)
        ref = ed.Ed25519PrivateKey.from_private_bytes(seed)
        mine = signing.Signer.new(seed)
        assert mine.public == ref.public_key().public_bytes(s.Encoding.Raw, s.PublicFormat.Raw)
        assert mine.sign(message) == ref.sign(message)
        assert signing.verify(mine.public, message, ref.sign(message))


def test_a_flood_of_signed_looking_announcements_is_checked_a_few_at_a_time():
    listing = public.Listing()
    tables = [_open_table(seed) for seed in range(public.CHECK_BURST + 10)]
    heard = [listing.hear(_announce(t), 0.0) for t in tables]
    assert sum(heard) == public.CHECK_BURST  # the rest dropped unread in this window
    assert listing.hear(_announce(tables[-1]), public.CHECK_WINDOW_S)


def test_a_signed_announcement_is_short_and_its_keys_have_one_spelling():
    """Keys and the signature in URL-safe base64: a full announcement well under 450 characters
    (it was ≈ 510 in hex); a key or signature spelt another way (hex, padding, other trailing
    bits) is not read."""
    table = _open_table()
    text = public.OpenTable(table.secret).announcement("bura_pot", 6, 5, "medium", "uk", 600, 0.0)
    assert len(text) < 450, len(text)
    data = json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
    assert public.unraw(data["k"], 32) == table.keys.public and public.unraw(data["g"], 64) is not None
    for field, other in (("k", table.keys.public.hex()), ("s", data["s"] + "="),
                         ("g", data["g"][:-1] + ("B" if data["g"][-1] == "A" else "A"))):
        forged = base64.urlsafe_b64encode(json.dumps({**data, field: other, "n": 99}).encode()).decode()
        assert public.parse_table(forged, 0.0) is None or not public.Listing().hear(forged, 0.0)
    assert public.Listing().hear(text, 0.0)


def test_the_signing_bench_hook_times_real_signatures():
    """``window.burkozelBench({"signatures": n})`` (``benchhooks.signatures``): every timed
    signature verified, and the finder's worst window read in full."""
    from table.worker import benchhooks

    result = benchhooks.signatures(3)
    assert [len(result[k]) for k in ("sign_ms", "verify_ms", "box_ms")] == [3, 3, 3]
    assert result["burst"] == public.CHECK_BURST and result["burst_ms"] > 0
    assert result["announcement_chars"] < 450
