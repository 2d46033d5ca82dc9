"""A guest's page checks the host's deck, in the browser: a host and a guest play a whole deal
of вдвоём by link (the fake relay of ``fake_relay.py``), and at its end the host reveals its part
of the deal's key.  An honest host: both pages quote the same commitment and key, and the guest
plays on.  A tampered host — its page is served an ``online.zip`` whose host reveals a part it
never committed to (made here from the sources, only for this test's host context; nothing
shipped can turn it on) —: the guest's page says «Хозяин стола подменил колоду» and stops."""

from __future__ import annotations

import io
import random
import re
import zipfile

import pytest

from harness import ROOT
from tablekit import OVER, phase
from online_kit import invite_links, make_page, open_link, play_deal, relay  # noqa: F401  (fixtures)
from test_p2p import button, p2p_browser  # noqa: F401  (the fixture)

SWAPPED = "Хозяин стола подменил колоду"
COMMIT = r"\b[0-9a-f]{4} [0-9a-f]{4} [0-9a-f]{4} [0-9a-f]{4}\b"
TAMPER = '''

# --- a tampered host, made by e2e/test_fair_online.py: it reveals a part it never committed to ---
def _tampered_facts(self, _honest=peer.HostTable.fair_facts):
    out = _honest(self)
    return {**out, "part": "5a" * 32} if out is not None and "part" in out else out


peer.HostTable.fair_facts = _tampered_facts
'''


def tampered_online_zip() -> bytes:
    """The built online.zip with its ``online`` module replaced by the source plus :data:`TAMPER`."""
    source = (ROOT / "web" / "table" / "p2p" / "online.py").read_text(encoding="utf-8")
    out = io.BytesIO()
    with zipfile.ZipFile(ROOT / "site" / "online.zip") as built, zipfile.ZipFile(out, "w") as made:
        for item in built.infolist():
            if item.filename != "table/p2p/online.pyc":
                made.writestr(item, built.read(item))
        made.writestr("table/p2p/online.py", source + TAMPER)
    return out.getvalue()


def key_line(page) -> str:
    return page.locator("#result .key-line").text_content() or ""


@pytest.mark.parametrize("host_kind", ["honest", "tampered"])
def test_a_guest_catches_a_host_whose_reveal_is_not_its_commitment_and_passes_an_honest_one(
        make_page, server, host_kind):
    host, guest = make_page(), make_page()
    if host_kind == "tampered":
        body = tampered_online_zip()
        host.context.route("**/online.zip", lambda route: route.fulfill(
            status=200, body=body, headers={"Content-Type": "application/zip"}))
    links = invite_links(host, server, "duel")
    open_link(guest, server, links[1])
    host.wait_for_selector('[data-online-status="joined"]', state="attached", timeout=30_000)
    button(host, "#p2p", "Начать игру").click()
    host.wait_for_selector("#p2p", state="hidden")
    assert play_deal(host, guest, random.Random(8)) >= 1
    assert phase(host) in OVER
    host.wait_for_selector("#result .key-line", state="attached")
    if host_kind == "honest":
        guest.wait_for_selector("#result .key-line code.deal-key", state="attached", timeout=30_000)
        shown = [re.findall(COMMIT, key_line(page)) for page in (host, guest)]
        assert shown[0] and shown[0] == shown[1]  # the commitment both pages showed before the deal
        for code in ("code.deal-part", "code.deal-key"):
            assert guest.locator(f"#result {code}").text_content() == host.locator(f"#result {code}").text_content()
        assert SWAPPED not in (guest.text_content("body") or "")
    else:
        guest.wait_for_function("(s) => document.body.textContent.includes(s)", arg=SWAPPED, timeout=30_000)
        assert guest.locator("#result code.deal-key").count() == 0  # no key vouched for
        assert phase(host) == "round_end"  # (a match of вдвоём lasts more than one deal)
        # The table has stopped: the host's next deal never reaches this page.
        held = phase(guest)
        heard = guest.evaluate("window.burkozelRelay.frames.filter((f) => f.dir === 'in').length")
        button(host, "#result", "Следующая раздача").click()
        # The next deal waits for this guest's value, which a stopped page never sends; the host says so.
        host.wait_for_selector('#peer-bar [data-action="p2p-fair-bot"]', timeout=30_000)
        guest.wait_for_function("(n) => window.burkozelRelay.frames.filter((f) => f.dir === 'in').length > n",
                                arg=heard, timeout=30_000)
        assert phase(guest) == held and SWAPPED in (guest.text_content("body") or "")
