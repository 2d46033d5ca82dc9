"""What the browser tests of play by link share (``test_online*.py``, ``test_open_tables.py``,
``test_fair_online.py``, and the relay benches): pages routed to the fake relay (``make_page``,
``relay``) or resolved to a real one (``real_page``), the host's invite links, a guest opening
its link and every guest seated, a deal played by clicks, and every frame a guest's page sent
or got read for a card its seat may not know.  A test module imports the fixtures it uses by
name, with ``p2p_browser`` from ``test_p2p``."""

from __future__ import annotations

import json
import random
import re
import sys
import time

import pytest

from fake_relay import FakeRelay
from harness import CHROMIUM_ARGS, ROOT, Guard, app_url, boot, chromium_path
from tablekit import choose, online_page, phase, play_devices, replay, saved, to_menu
from test_p2p import MDNS_OFF, button

sys.path.insert(0, str(ROOT / "web"))
from table.p2p import invite, seal, session  # noqa: E402


CLOSED_BY_PEER = "Trystero peer error: OperationError: User-Initiated Abort"


@pytest.fixture
def relay() -> FakeRelay:
    return FakeRelay()


def close_and_check(made: list) -> None:
    """Close every page's context, then check what each guard saw (Trystero logs the other
    side's page closing its connection, a reload, as an error: not one of ours)."""
    for ctx, guard in made:
        ctx.close()
    for ctx, guard in made:
        guard.console_errors = [e for e in guard.console_errors if not e.startswith(CLOSED_BY_PEER)]
        guard.check()


@pytest.fixture
def make_page(p2p_browser, server, relay):
    """Pages in contexts of their own, each routed to the one fake relay and guarded."""
    made = []

    def make(no_direct: bool = False, clock: bool = False, **options):
        return online_page(p2p_browser, made, no_direct, clock, route=relay.attach,
                           guard=Guard(origins={server.origin}), **options)

    yield make
    close_and_check(made)


def invite_links(host, server, fmt: str, people: tuple[int, ...] = (), combos: dict[str, bool] | None = None,
                 players: int | None = None) -> dict[int, str]:
    boot(host, app_url(server.url, seed=7_340_011, speed="instant", sw="off"))
    to_menu(host)
    choose(host, fmt, "easy", combos=combos, players=players)
    for seat in people:
        host.select_option(f"select[name=seat-{seat}]", "human")
    button(host, "#menu", "Играть с другом").click()
    first = host.locator("#p2p .dlg-scroll button").first  # by link first, the same-Wi-Fi codes second
    assert first.text_content() == "Пригласить по ссылке" and "primary" in first.get_attribute("class")
    button(host, "#p2p", "Пригласить по ссылке").click()
    host.wait_for_selector("[data-online-link]")
    assert host.locator("#p2p svg.qr").count() >= 1
    return {int(el.get_attribute("data-online-link")): el.text_content()
            for el in host.locator("[data-online-link]").all()}


def open_link(guest, server, link: str) -> float:
    """The guest opens its link; returns seconds from opening to its first hand, or to its
    seat in the lobby (a deal waits for every guest's value, so a first guest sees no card
    before the others have joined)."""
    fragment = link.split("#", 1)[1]
    started = time.monotonic()
    boot(guest, app_url(server.url, speed="instant", sw="off") + "#" + fragment)
    guest.wait_for_selector("#hand [data-card], #p2p [data-online-mine]", timeout=60_000)
    return time.monotonic() - started


def play_deal(host, guest, rng: random.Random, moves: int | None = None) -> int:
    """The host and one guest play by clicks (``play_devices``); returns the guest's moves."""
    return play_devices(host, [guest], rng, moves)[0]


def check_frames(host, guest, inv: invite.Invite) -> tuple[int, int, set[str]]:
    """Every frame the guest's page sent or received, opened and read for hidden cards;
    returns (frames, bytes, ways)."""
    data = saved(host)
    frames = guest.evaluate("window.burkozelRelay.frames")
    states = 0
    for f in frames:
        direction = seal.TO_GUEST if f["dir"] == "in" else seal.TO_HOST
        text = seal.unseal(inv.secret, direction, f["data"])
        if text is None:
            assert f["dir"] == "in"  # the guest's own events, echoed back by the relay
            continue
        frame = session.parse(text)
        assert frame is not None
        if frame.kind != "m" or f["dir"] != "in":
            continue
        state = json.loads(frame.body)
        if state["t"] != "state" or state["phase"] not in ("play", "clearing"):
            continue
        states += 1
        match = replay(data, tuple(state["at"]))
        hidden = {str(c) for c in match.round.unknown_to(inv.seat)}
        leaked = {c for c in hidden if f'"{c}"' in frame.body}
        assert not leaked, f"a frame to seat {inv.seat} holds {leaked}"
        # No card in plain text anywhere in what travelled:
        assert not re.search(r'"(10|[2-9JQKA])[SHDC]"', f["data"])
    assert states > 3
    return len(frames), sum(len(f["data"]) for f in frames), {f["way"] for f in frames}


def start_online(make_page, server, fmt: str, no_direct: bool = False, clock: bool = False):
    host, guest = make_page(clock=clock), make_page(no_direct=no_direct, clock=clock)
    links = invite_links(host, server, fmt)
    inv = invite.decode(invite.code_in(links[1]))
    open_link(guest, server, links[1])
    host.wait_for_selector('[data-online-status="joined"]', state="attached", timeout=30_000)
    button(host, "#p2p", "Начать игру").click()
    host.wait_for_selector("#p2p", state="hidden")
    return host, guest, inv


PEERS_KEPT = """(() => {
  const Real = window.RTCPeerConnection;
  window.__peers = [];
  window.RTCPeerConnection = function (config) {
    const pc = new Real(config);
    window.__peers.push(pc);
    return pc;
  };
  window.RTCPeerConnection.prototype = Real.prototype;
})();"""


def peer_bar(page) -> str:
    return page.text_content("#peer-bar") or ""


def wait_for_hand(page, cards: int = 4, timeout: int = 30_000) -> None:
    """Until the page's hand holds ``cards`` cards: a guest's comes a moment after the host's
    table (the deal waits for every value, then comes sealed, maybe through the relay)."""
    page.wait_for_function(f"() => document.querySelectorAll('#hand [data-card]').length === {cards}", timeout=timeout)


def seat_guests(make_page, server, host, links: dict[int, str], relay_only: tuple[int, ...] = (),
                locales: dict[int, str] | None = None) -> dict[int, object]:
    """Each link opened in a context of its own (``relay_only``: with no direct connection;
    ``locales``: a browser language by seat), and the game started once every guest has joined."""
    guests = {}
    all_joined = f"() => document.querySelectorAll('#p2p [data-online-status=joined]').length === {len(links)}"
    for seat, link in links.items():
        guests[seat] = make_page(no_direct=seat in relay_only, locale=(locales or {}).get(seat, "ru-RU"))
        open_link(guests[seat], server, link)
        # Seated before the start: the guest's own list of who has joined, its seat among them.
        guests[seat].wait_for_selector(f'#p2p [data-online-seat="{seat}"] [data-online-status=joined]', timeout=30_000)
        assert guests[seat].locator("#p2p [data-online-mine]").count() == 1  # their own seat, marked
        assert guests[seat].locator(f'#p2p [data-online-seat="{seat}"] [data-online-mine]').count() == 1
        assert "#join=" not in guests[seat].inner_html("#p2p")
    host.wait_for_function(all_joined, timeout=45_000)
    first = next(iter(guests.values()))
    first.wait_for_function(all_joined, timeout=30_000)
    button(host, "#p2p", "Начать игру").click()
    host.wait_for_selector("#p2p", state="hidden")
    for seat, page in guests.items():
        page.wait_for_selector("#p2p", state="hidden", timeout=30_000)
        assert page.get_attribute("#me .seat", "data-seat") == str(seat)
    past_deals_over_at_the_deal(host, list(guests.values()))
    return guests


def past_deals_over_at_the_deal(host, guests: list) -> None:
    """A deal's key comes from the guests' values, so the first deal may be over at the deal
    (a бура dealt at Бура), before anyone moves: the host deals the next one until one is
    played (a test of play needs moves; the guests' pages follow the host's)."""
    for _ in range(5):
        host.wait_for_function("['play', 'round_end', 'match_end'].includes(document.getElementById('table').dataset.phase)",
                               timeout=30_000)
        if phase(host) != "round_end":
            return
        deals = len(saved(host)["rounds"])
        host.click("#result [data-action=next]")
        deadline = time.monotonic() + 30
        while len(saved(host)["rounds"]) == deals:
            assert time.monotonic() < deadline, "the next deal was not dealt"
            host.wait_for_timeout(100)


CARDS_IN_DOM = "() => [...document.querySelectorAll('[data-card]')].map((e) => e.dataset.card)"


TABLE_BOXES = """() => ['#trick', '#hand'].map((s) => { const r = document.querySelector(s).getBoundingClientRect();
  return [r.x, r.y, r.width, r.height].map(Math.round); })"""


@pytest.fixture(scope="module")
def real_relay():
    from real_relay import RealRelay

    with RealRelay() as running:
        yield running


@pytest.fixture(scope="module")
def real_browser(browser, real_relay):
    """A Chromium whose relay hosts all resolve to the real relay's front."""
    b = browser.browser_type.launch(executable_path=chromium_path(), headless=True,
                                    args=CHROMIUM_ARGS + [MDNS_OFF, real_relay.resolver_rules()])
    yield b
    b.close()


@pytest.fixture
def real_page(real_browser, server):
    """Like ``make_page``, through the real relay: nothing routed, nothing injected but ``no_direct``."""
    made = []

    def make(no_direct: bool = False, clock: bool = False, **options):
        return online_page(real_browser, made, no_direct, clock, guard=Guard(origins={server.origin}),
                           ignore_https_errors=True, **options)

    yield make
    close_and_check(made)


def published(page) -> list[dict]:
    """Every event the page sent to a relay socket: [{url, size}]."""
    return page.evaluate("window.burkozelRelay.published")
