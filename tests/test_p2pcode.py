"""The short codes of the WebRTC handshake (web/table/p2p/codes.py): what a browser's
description holds survives the code, the SDP rebuilt from it carries it, and
anything that is not a code of the expected kind is refused."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

import webpath  # noqa: F401

from table.p2p import codes as p2pcode
from table.p2p.codes import Candidate, CodeError, Handshake

# Chromium 156's offer for one negotiated data channel, two host candidates (as gathered here).
OFFER = """v=0\r
o=- 8770712051754763670 2 IN IP4 127.0.0.1\r
s=-\r
t=0 0\r
a=group:BUNDLE 0\r
a=extmap-allow-mixed\r
a=msid-semantic: WMS\r
m=application 33337 UDP/DTLS/SCTP webrtc-datachannel\r
c=IN IP4 192.0.2.2\r
a=candidate:2805159427 1 udp 2113937151 192.0.2.2 33337 typ host generation 0 network-cost 999\r
a=candidate:2688629427 1 udp 2113942271 fd00::2 47436 typ host generation 0 network-cost 999\r
a=candidate:3088629427 1 tcp 1518280447 192.0.2.2 9 typ host tcptype active generation 0\r
a=ice-ufrag:SUNp\r
a=ice-pwd:8DwSBZ9u9iZlMJM1IlAMAdo2\r
a=ice-options:trickle\r
a=fingerprint:sha-256 C4:0D:3C:6F:23:A2:76:14:23:91:1D:8C:EB:71:98:CF:41:DD:43:FE:83:53:37:FD:87:E2:39:F6:98:AC:3A:5A\r
a=setup:actpass\r
a=mid:0\r
a=sctp-port:5000\r
a=max-message-size:262144\r
"""


def test_a_real_offer_fits_in_146_characters_and_keeps_what_matters():
    code = p2pcode.encode_sdp(OFFER, "offer")
    assert len(code) == 146
    assert set(code) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
    hs = p2pcode.decode(code)
    assert hs.role == "offer"
    assert (hs.ufrag, hs.pwd) == ("SUNp", "8DwSBZ9u9iZlMJM1IlAMAdo2")
    assert hs.fingerprint.hex().upper().startswith("C40D3C6F")
    # UDP host candidates only, IPv4 first; the TCP one is dropped.
    assert hs.candidates == (Candidate("192.0.2.2", 33337), Candidate("fd00::2", 47436))


def test_the_rebuilt_description_carries_every_fact():
    sdp = p2pcode.read(p2pcode.encode_sdp(OFFER, "offer"), "offer")
    assert "a=ice-ufrag:SUNp\r\n" in sdp and "a=ice-pwd:8DwSBZ9u9iZlMJM1IlAMAdo2\r\n" in sdp
    assert ("a=fingerprint:sha-256 C4:0D:3C:6F:23:A2:76:14:23:91:1D:8C:EB:71:98:CF:41:DD:43:FE:83:53:37:FD:87:E2:39"
            ":F6:98:AC:3A:5A\r\n") in sdp
    assert " 192.0.2.2 33337 typ host" in sdp and " fd00::2 47436 typ host" in sdp
    assert "a=setup:actpass" in sdp and "m=application 9 UDP/DTLS/SCTP webrtc-datachannel" in sdp
    # The rebuilt SDP reads back to the same handshake.
    assert p2pcode.from_sdp(sdp, "offer") == p2pcode.decode(p2pcode.encode_sdp(OFFER, "offer"))


def test_an_answer_is_active_and_is_refused_where_an_offer_is_wanted():
    code = p2pcode.encode_sdp(OFFER.replace("actpass", "active"), "answer")
    assert "a=setup:active" in p2pcode.read(code, "answer")
    with pytest.raises(CodeError):
        p2pcode.read(code, "offer")


def test_a_link_spaces_dashes_and_lower_case_are_accepted():
    code = p2pcode.encode_sdp(OFFER, "offer")
    grouped = " ".join(code[i:i + 4] for i in range(0, len(code), 4)).lower()
    link = f"https://example.org/burkozel/#p2p={code}"
    assert p2pcode.decode(grouped) == p2pcode.decode(link) == p2pcode.decode(code)


def test_a_mistyped_or_cut_code_is_refused():
    code = p2pcode.encode_sdp(OFFER, "offer")
    typo = code[:40] + ("A" if code[40] != "A" else "B") + code[41:]
    for bad in (typo, code[:-8], code + "AAAAAAAA", "", "hello world", "1" * 146):
        with pytest.raises(CodeError):
            p2pcode.decode(bad)


def test_mdns_names_survive():
    sdp = OFFER.replace("192.0.2.2 33337", "5c1d8a3e-1234-4abc-9def-0123456789ab.local 33337")
    hs = p2pcode.decode(p2pcode.encode_sdp(sdp, "offer"))
    assert Candidate("5c1d8a3e-1234-4abc-9def-0123456789ab.local", 33337) in hs.candidates


ice = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+/", min_size=4, max_size=32)
v4 = st.ip_addresses(v=4).map(str)
v6 = st.ip_addresses(v=6).map(str)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(p2pcode.ROLES), ice, ice.filter(lambda p: len(p) >= 22), st.binary(min_size=32, max_size=32),
       st.lists(st.builds(Candidate, st.one_of(v4, v6), st.integers(1, 65535)), max_size=p2pcode.MAX_CANDIDATES,
                unique=True))
def test_any_handshake_round_trips(role, ufrag, pwd, fingerprint, candidates):
    hs = Handshake(role, ufrag, pwd, fingerprint, tuple(candidates))
    assert p2pcode.decode(p2pcode.encode(hs)) == hs
