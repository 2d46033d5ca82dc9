"""Play with a friend in the browser: two contexts of one
Chromium, the host and the guest, connect over a WebRTC DataChannel with the
short codes shown and pasted through the page's own hooks, and play by clicks.

They connect over the machine's network interface (Chromium never uses
loopback for WebRTC); ``--disable-features=WebRtcHideLocalIpsWithMdns`` gives
raw addresses instead of mDNS names.  Every message the guest received is read
against the host's match, replayed with the engine to the moment it was sent:
none holds a card the guest's seat may not know."""

from __future__ import annotations

import json
import random
from contextlib import contextmanager

import pytest

from harness import CHROMIUM_ARGS, Guard, app_url, boot, chromium_path
from tablekit import OVER, WATCH_DOM, choose, phase, play_devices, play_turn, replay, saved, to_menu


MDNS_OFF = "--disable-features=WebRtcHideLocalIpsWithMdns"


@pytest.fixture(scope="module")
def p2p_browser(browser):
    """A second Chromium from the same Playwright, with raw host candidates."""
    b = browser.browser_type.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS + [MDNS_OFF], headless=True)
    yield b
    b.close()


@contextmanager
def two_pages(p2p_browser, server, speed: str = "instant"):
    """(host, guest): two guarded pages in two contexts at ``speed``, the guest's DOM watched."""
    guards, contexts, out = [], [], []
    for watch in (False, True):
        guard = Guard(origins={server.origin})
        ctx = p2p_browser.new_context(viewport={"width": 1280, "height": 800}, locale="ru-RU")
        ctx.on("request", guard.on_request)
        ctx.on("page", guard.watch)
        ctx.clock.install()  # Playwright's clock: it runs as time does, until a test moves it on
        page = ctx.new_page()
        if watch:
            page.add_init_script(WATCH_DOM)
        boot(page, app_url(server.url, seed=7_340_011, speed=speed, sw="off"))  # a seed no message holds by chance
        guards.append(guard)
        contexts.append(ctx)
        out.append(page)
    yield tuple(out)
    for ctx in contexts:
        ctx.close()
    for guard in guards:
        guard.check()


@pytest.fixture
def pages(p2p_browser, server):
    with two_pages(p2p_browser, server) as both:
        yield both


def button(page, scope: str, name: str):
    return page.locator(scope).get_by_role("button", name=name, exact=True)


def join(host, guest, offer: str) -> None:
    """The guest pastes the host's code, the host pastes the guest's answer."""
    to_menu(guest)
    button(guest, "#menu", "Играть с другом").click()
    button(guest, "#p2p", "Присоединиться").click()
    guest.fill("textarea[name=p2p-code]", offer)
    button(guest, "#p2p", "Подключиться").click()
    answer = guest.locator("[data-p2p=answer]").text_content()
    assert 100 < len(answer) <= 200
    host.fill("#p2p textarea[name=p2p-code]", answer)
    button(host, "#p2p", "Подключиться").click()
    for page in (host, guest):
        page.wait_for_selector("html[data-peer=connected]", state="attached")
        page.wait_for_selector("#p2p", state="hidden")


def create_table(host, fmt: str) -> str:
    """The host picks ``fmt`` with easy bots, creates a table and reads its offer code."""
    to_menu(host)
    choose(host, fmt, "easy")
    button(host, "#menu", "Играть с другом").click()
    button(host, "#p2p", "Создать стол").click()
    return host.locator("[data-p2p=offer]").text_content()


def host_table(host, guest, fmt: str) -> None:
    offer = create_table(host, fmt)
    assert 100 < len(offer) <= 200
    assert host.locator("#p2p svg.qr").count() == 1
    join(host, guest, offer)


def turn(page) -> str:
    return page.get_attribute("#table", "data-turn")


def guest_seat(guest) -> int:
    return int(guest.get_attribute("#me .seat", "data-seat"))


def check_messages(host, guest) -> int:
    """Every state the guest received, against the host's match at that moment."""
    data = saved(host)
    received = guest.evaluate("window.burkozelP2P.received.map((m) => m.data)")
    states = [json.loads(m) for m in received if json.loads(m)["t"] == "state"]
    assert states
    for text, state in zip([m for m in received if json.loads(m)["t"] == "state"], states):
        match = replay(data, tuple(state["at"]))
        hidden = {str(c) for c in match.round.unknown_to(state["seat"])}
        assert not {c for c in hidden if f'"{c}"' in text}, state["at"]
        assert data["secret"] not in text and match.key_for(match.round_no).hex() not in text
    final = replay(data).round.unknown_to(guest_seat(guest))
    seen = set(guest.evaluate("[...window.__seen]"))
    assert not seen & {str(c) for c in final}, "the guest's page showed a hidden card"
    return len(states)


@pytest.mark.parametrize("fmt", ["duel", "bura31"])
def test_whole_deal_between_two_browsers(pages, fmt):
    host, guest = pages
    host_table(host, guest, fmt)
    assert guest_seat(guest) == 1
    assert guest.get_attribute("#table", "data-format") == fmt
    play_devices(host, [guest], random.Random(3))
    for page in (host, guest):
        page.wait_for_selector("#result", state="visible")
    # Both see the same result; only the host starts the next deal.
    assert host.locator("#result tbody").text_content() != ""
    assert guest.locator("#result [data-action=next]").count() == 0
    assert check_messages(host, guest) > 5


def test_guest_reloads_mid_deal_and_rejoins(pages):
    host, guest = pages
    host_table(host, guest, "duel")
    rng = random.Random(8)
    play_devices(host, [guest], rng, moves=3)
    guest.reload()
    boot_again = guest.wait_for_selector("html[data-state=ready]", state="attached", timeout=90_000)  # a boot under load
    assert boot_again
    host.wait_for_selector("html[data-peer=waiting]", state="attached")
    assert host.locator("#peer-bar").get_by_role("button", name="Пригласить снова").count() == 1
    host.locator("#peer-bar").get_by_role("button", name="Пригласить снова").click()
    offer = host.locator("[data-p2p=offer]").text_content()
    join(host, guest, offer)
    # The host kept the match: the guest sees its own hand of that match again.
    data = saved(host)
    mine = sorted(str(c) for c in replay(data).view(1).hand)
    guest.wait_for_selector("#hand button[data-card]")
    if phase(host) == "play":
        assert sorted(guest.eval_on_selector_all("#hand button[data-card]", "els => els.map(e => e.dataset.card)")) \
            == mine
    play_devices(host, [guest], rng)
    check_messages(host, guest)


def test_pairs_round_two_people_two_bots(pages):
    host, guest = pages
    host_table(host, guest, "pairs")
    assert guest_seat(guest) == 2  # the partner's seat, bots at the sides
    assert "партнёр" in guest.locator("div#seat-2").text_content()  # the host, across the table
    play_devices(host, [guest], random.Random(5))
    assert check_messages(host, guest) > 10


def test_a_code_of_the_wrong_kind_is_refused_plainly(pages):
    host, guest = pages
    offer = create_table(host, "duel")
    host.fill("#p2p textarea[name=p2p-code]", offer)
    button(host, "#p2p", "Подключиться").click()
    assert "код ответа" in host.locator("#p2p .msg").text_content()
    host.fill("#p2p textarea[name=p2p-code]", "ABC")
    button(host, "#p2p", "Подключиться").click()
    assert "не код стола" in host.locator("#p2p .msg").text_content()


def test_when_the_link_never_opens_the_guest_is_told_why_and_offered_one_device(pages):
    """The host never takes the guest's answer (as when a guest Wi-Fi keeps the
    two devices apart): after the wait the guest reads the plain reason and can
    switch to pass-and-play."""
    host, guest = pages
    offer = create_table(host, "duel")
    to_menu(guest)
    button(guest, "#menu", "Играть с другом").click()
    button(guest, "#p2p", "Присоединиться").click()
    guest.fill("textarea[name=p2p-code]", offer)
    button(guest, "#p2p", "Подключиться").click()
    guest.locator("[data-p2p=answer]").wait_for()
    failed = guest.locator("#p2p .p2p-failed")
    assert failed.count() == 0
    guest.clock.fast_forward(31_000)  # web/page/p2p.js gives up after 30 s (CONNECT_TIMEOUT_MS)
    failed.wait_for(timeout=30_000)
    assert "одной сети Wi‑Fi" in failed.text_content() and "Гостевые сети" in failed.text_content()
    assert guest.get_attribute("html", "data-peer") != "connected"
    button(guest, "#p2p", "Играть на одном устройстве").click()
    guest.wait_for_selector("#menu", state="visible")
    assert guest.locator("#menu select[name=seat-1]").count() == 1  # the seats to make pass-and-play


def test_a_guest_gone_over_a_minute_is_replaced_by_a_bot_until_they_rejoin(pages):
    host, guest = pages
    host_table(host, guest, "duel")
    rng = random.Random(2)
    play_devices(host, [guest], rng, moves=2)
    guest.goto("about:blank")  # the guest's page is gone (a closed tab, a dead battery)
    host.wait_for_selector("html[data-peer=waiting]", state="attached")
    # After a minute (AWAY_LIMIT_S in web/table/p2p/peer.py) on the page's clock, which the
    # controller reads (App.now), a bot plays the guest's seat and the deal goes on.
    assert host.locator("#peer-bar .peer-link.bot").count() == 0
    host.clock.fast_forward(61_000)
    host.wait_for_selector("#peer-bar .peer-link.bot", state="attached", timeout=30_000)
    assert "бот" in host.locator("div#seat-1").text_content()
    moves = len(saved(host)["rounds"][-1])
    for _ in range(40):
        if phase(host) in OVER or len(saved(host)["rounds"][-1]) > moves + 1:
            break
        if turn(host) == "me" and phase(host) == "play":
            play_turn(host, rng)
        host.wait_for_timeout(50)
    assert phase(host) in OVER or len(saved(host)["rounds"][-1]) > moves + 1
    # Back: a fresh exchange, and the seat is theirs again.
    boot(guest, app_url(host.url.split("?", 1)[0], sw="off"))
    host.locator("#peer-bar").get_by_role("button", name="Пригласить снова").click()
    join(host, guest, host.locator("[data-p2p=offer]").text_content())
    assert host.locator("#peer-bar .peer-link.bot").count() == 0
    assert "бот" not in host.locator("div#seat-1").text_content()
