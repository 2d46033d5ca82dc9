"""Play by link while the relays fail, and what a room sends them (the fake relay of
``fake_relay.py``): every relay down mid-trick, the direct way back after an outage,
subscriptions refused, a long outage and five minutes refused, events refused for rate; a
guest or the host reloading, a guest offline for five minutes; a room's frames batched and
spread over the relays, a watcher's heartbeats.  After each the match goes on by itself, and
no frame holds a card the guest's seat may not know.  (``test_online.py`` plays when nothing
fails.)"""

from __future__ import annotations

import json
import random
import sys
import time

import pytest

from fake_relay import RateLimitingRelay
from harness import ROOT, app_url, boot
from online_kit import (PEERS_KEPT, check_frames, invite_links, make_page, open_link, peer_bar, play_deal,  # noqa: F401
                        relay, start_online)
from rtc_trace import TRACE, Traced
from tablekit import MATCH_KEY, OVER, online_page, phase, play_turn, replay, saved
from test_p2p import button, p2p_browser  # noqa: F401  (the fixture: raw host candidates)

sys.path.insert(0, str(ROOT / "web"))
from table.p2p import invite  # noqa: E402

pytestmark = pytest.mark.long_file  # (conftest.py: `make test` starts it first)


BURST = """async () => { const r = window.burkozelRelay, before = r.published.length;
  const pause = (ms) => new Promise((done) => setTimeout(done, ms));
  for (let i = 0; i < 5; i++) { r.send('1', 'burst' + i); await pause(200); }
  await pause(3000);
  const per = {}; for (const e of r.published.slice(before)) per[e.url] = (per[e.url] ?? 0) + 1; return per; }"""


def test_a_rooms_frames_a_moment_apart_ride_in_one_event_on_each_relay(make_page, server):
    """Five frames to a relay-only guest's room, 200 ms apart (a move, a bot's answer, the trick
    cleared…): the first goes at once, the rest wait out the room's gap and go together, so each
    relay socket gets two events, not five (public relays limit events a connection); the guest
    gets all five (its Python drops them: they are not sealed with its secret)."""
    host, guest = make_page(), make_page(no_direct=True)
    links = invite_links(host, server, "duel")
    open_link(guest, server, links[1])
    host.wait_for_selector('[data-online-status="joined"]', state="attached", timeout=30_000)
    per_socket = host.evaluate(BURST)
    assert per_socket and max(per_socket.values()) <= 3, per_socket  # (a heartbeat may fall in the window)
    guest.wait_for_function("() => window.burkozelRelay.frames.filter((f) => f.dir === 'in' && f.data.startsWith('burst'))"
                            ".length >= 5", timeout=10_000)


SPREAD = """async (n) => { const r = window.burkozelRelay, before = r.published.length;
  for (let i = 0; i < n; i++) { r.send('1', 'spread' + i); await new Promise((done) => setTimeout(done, 1_700)); }
  const per = {}; for (const e of r.published.slice(before)) if (e.room === '1') per[e.url] = (per[e.url] ?? 0) + 1;
  return per; }"""


def test_a_rooms_events_are_spread_over_the_relays_and_the_guest_gets_every_frame(make_page, server, relay):
    """Twelve frames to a relay-only guest's room, each past the room's gap (a person's clicks):
    both sides subscribe on every relay, so each event goes to two of the relays the guest is
    heard on, the next two in turn, and no relay socket carries more than about a quarter of
    the room's events (public relays count events per connection: one socket carried them all,
    and an evening passed nostream's 720 an hour). One relay takes the host's events and loses
    them (it still passes the guest's on): the guest still gets all twelve, by the other copy."""
    host, guest = make_page(), make_page(no_direct=True)
    links = invite_links(host, server, "duel")
    open_link(guest, server, links[1])
    host.wait_for_selector('[data-online-status="joined"]', state="attached", timeout=30_000)
    first = json.loads((ROOT / "web" / "page" / "relays.json").read_text())["relays"][0]["url"]
    relay.swallowed.add((host.context, first.rstrip("/")))
    per_socket = host.evaluate(SPREAD, 12)
    # (12 frames and a heartbeat or two, two copies each, over eight relays: 4 at most on one)
    assert len(per_socket) >= 6 and max(per_socket.values()) <= 5 and per_socket.get(first, 0) >= 2, per_socket
    guest.wait_for_function("() => new Set(window.burkozelRelay.frames.filter((f) => f.dir === 'in' && "
                            "f.data.startsWith('spread')).map((f) => f.data)).size === 12", timeout=10_000)


def test_a_watchers_heartbeats_go_to_the_relay_it_hears_the_host_on(make_page, server):
    """A watcher hears the host's room only when a trick is taken or every 20 s, so for most of a
    minute it has not heard it in the 12 s that count for a seat's room: its heartbeat (every
    10 s) still goes to two of the relays it heard the host on, not to all eight."""
    host, watcher = make_page(), make_page()
    invite_links(host, server, "duel")
    host.click("#p2p [data-action=online-watch]")
    watch_link = host.text_content("#p2p [data-online-watch-link]")
    boot(watcher, app_url(server.url, speed="instant", sw="off") + "#" + watch_link.split("#", 1)[1])
    host.wait_for_function("() => document.querySelector('#p2p').textContent.includes('1')", timeout=45_000)
    # (``?.``: the watcher's relay is not there until its page has loaded the online part, and a
    # predicate that throws ends the wait at once: «Cannot read properties of undefined» under load)
    watcher.wait_for_function("() => window.burkozelRelay?.frames.some((f) => f.dir === 'in')", timeout=45_000)
    before = len(watcher.evaluate("window.burkozelRelay.published"))
    watcher.wait_for_timeout(45_000)
    sent = watcher.evaluate("window.burkozelRelay.published")[before:]
    assert 3 <= len(sent) <= 10, [e["url"] for e in sent]  # (four or five heartbeats, two sockets each; was eight each)


def test_the_relays_go_down_mid_trick_and_the_game_goes_on_when_they_are_back(make_page, server, relay):
    host, guest, inv = start_online(make_page, server, "duel", no_direct=True)
    rng = random.Random(8)
    play_deal(host, guest, rng, moves=2)
    relay.drop_all()
    host.wait_for_timeout(1500)
    for page in (host, guest):  # a move made while no relay is up waits in the host's numbering
        if page.get_attribute("#table", "data-turn") == "me" and phase(page) == "play":
            play_turn(page, rng)
            break
    host.wait_for_timeout(1500)
    relay.up = True
    assert play_deal(host, guest, rng) >= 1
    check_frames(host, guest, inv)


def test_after_a_relay_outage_the_direct_way_comes_back_within_a_minute(make_page, server, relay):
    """Вдвоём, direct; the relays go down for 20 s (past the relay sockets' first retries)
    and the connection between the two devices drops meanwhile (a network change: the
    guest's peer connection closed): within a minute of the relays coming back both pages
    are connected directly again, not left on the relays for the rest of the match.
    The pages' wall clocks move a minute on during the outage, so every offer Trystero made
    ahead when the room opened is past its renewal age (57 s), as at a table that has played
    a while (under load the test took that long by itself now and then, and failed then:
    a renewed offer had no data section, so no connection came of any)."""
    host, guest = make_page(), make_page()
    guest.context.add_init_script(PEERS_KEPT)
    for page in (host, guest):  # (what each page did, printed if the test fails)
        page.context.add_init_script(TRACE)
    with Traced({"host": host, "guest": guest}) as traced:
        direct_way_back_after_an_outage(host, guest, server, relay, traced)


def direct_way_back_after_an_outage(host, guest, server, relay, traced: Traced) -> None:
    links = invite_links(host, server, "duel")
    open_link(guest, server, links[1])
    host.wait_for_selector('[data-online-status="joined"]', state="attached", timeout=30_000)
    button(host, "#p2p", "Начать игру").click()
    host.wait_for_selector("#p2p", state="hidden")
    way = "(id) => window.burkozelRelay.way(id) === '{}'"
    for page, room in ((host, "1"), (guest, "host")):
        page.wait_for_function(way.format("direct"), arg=room, timeout=45_000)
    rng = random.Random(14)
    play_deal(host, guest, rng, moves=2)
    traced.mark("relays down, the peer connection closed")
    relay.drop_all()
    # (the connected one only: the others are Trystero's offers made ahead, which a network
    # change leaves alone)
    guest.evaluate("() => window.__peers.filter((pc) => pc.connectionState === 'connected').forEach((pc) => pc.close())")
    for page, room in ((host, "1"), (guest, "host")):
        page.wait_for_function(way.format("relay"), arg=room, timeout=30_000)
    host.wait_for_timeout(20_000)  # (the outage itself: nothing to wait for but time)
    for page in (host, guest):  # a minute more, as on a table that has played a while
        page.evaluate("() => { const now = Date.now; Date.now = () => now() + 60_000; }")
    relay.up = True
    traced.mark("relays up")
    back = time.monotonic() + 60
    for page, room in ((host, "1"), (guest, "host")):
        page.wait_for_function(way.format("direct"), arg=room, timeout=max(1, back - time.monotonic()) * 1000)
    assert play_deal(host, guest, rng) >= 1
    assert "напрямую" in peer_bar(host)


def test_after_an_outage_the_relays_refuse_the_hosts_subscriptions_and_the_relay_only_guest_is_back(
        make_page, server, relay):
    """Relay-only. The relays come back from an outage but answer every subscription of the
    host's page with a NOTICE «rate-limited» and make none (nostr-relay past its rate): its
    sockets open, nothing subscribed, while the guest hears the host's frames and sends its
    own where it heard them. Once the relays accept subscriptions again the host asks anew
    for each one never confirmed (no EOSE): it hears the guest's moves, the deal goes on, and
    the guest's seat is never handed to the bot."""
    host, guest, inv = start_online(make_page, server, "duel", no_direct=True)
    rng = random.Random(31)
    play_deal(host, guest, rng, moves=2)
    relay.refusing_subs.add(host.context)
    relay.drop_all()
    host.wait_for_timeout(1_500)
    relay.up = True
    relays = len(json.loads((ROOT / "web" / "page" / "relays.json").read_text())["relays"])
    refused = lambda: sum(relay.subs_refused.count(url) >= 2 for url in set(relay.subs_refused))  # noqa: E731
    for _ in range(300):  # every socket of the host's back, its two subscriptions (Trystero's, the room's) refused
        if refused() >= relays:
            break
        host.wait_for_timeout(100)
    assert refused() >= relays, relay.subs_refused
    relay.refusing_subs.clear()
    moves = len(saved(host)["rounds"][-1])
    assert play_deal(host, guest, rng, moves=2) == 2
    rounds = saved(host)["rounds"]
    assert len(rounds) > 1 or any(seat == 1 for seat, _ in rounds[-1][moves:]), "the guest's moves never came"
    assert "играет бот" not in peer_bar(host)
    check_frames(host, guest, inv)


def test_once_a_long_outage_ends_the_relay_sockets_are_back_within_seconds(make_page, server, relay):
    """Every relay refuses until the sockets' own retries of the whole list are 8 s or more
    apart; the relays come back just after such a try: on the page's clock the sockets are
    open again within a few seconds (while all are out, one relay is knocked at every 3 s),
    not at the list's next try, 8 to 30 s away."""
    host = make_page(clock=True)
    invite_links(host, server, "duel")
    relays = len(json.loads((ROOT / "web" / "page" / "relays.json").read_text())["relays"])
    for _ in range(100):
        if len(relay.sockets) >= relays:
            break
        host.wait_for_timeout(100)
    relay.drop_all()
    tries: list[int] = []  # the page's seconds at which it tried the whole list
    for second in range(1, 200):
        refused = relay.refused
        host.clock.run_for(1_000)
        host.wait_for_timeout(100)
        if relay.refused - refused >= relays:
            tries.append(second)
            if len(tries) > 1 and tries[-1] - tries[-2] >= 8:
                break
    else:
        pytest.fail(f"the page's tries of its relays: {tries}")
    relay.up = True
    for waited in range(1, 8):
        host.clock.run_for(1_000)
        host.wait_for_timeout(150)
        if len(relay.sockets) >= relays:
            break
    assert len(relay.sockets) >= relays, f"{len(relay.sockets)} of {relays} relay sockets back after {waited} s"


def test_the_relays_refuse_everyone_for_five_minutes_and_the_match_goes_on_by_itself(make_page, server, relay):
    """A relay outage longer than the relay client gives its own retries (it gives a relay
    up after five refused tries, within two minutes), and no offline or online event in the
    browser (the Wi-Fi is up, the line behind it or the relay is down): five minutes on
    both clocks the pages still knock, and once the relay lets them in again the match
    goes on by itself, the guest's moves reaching the host and the host's coming back."""
    host, guest, inv = start_online(make_page, server, "duel", no_direct=True, clock=True)
    rng = random.Random(12)
    play_deal(host, guest, rng, moves=1)
    relay.drop_all()
    for _ in range(6):  # a minute at a time: every retry due fires, is refused, and closes at once
        refused = relay.refused
        for page in (host, guest):
            page.clock.fast_forward(60_000)
        for _ in range(50):
            if relay.refused > refused:
                break
            host.wait_for_timeout(100)
        assert relay.refused > refused, "the pages gave the relay up"
    relay.up = True
    for page in (host, guest):  # (the longest wait between two tries)
        page.clock.fast_forward(31_000)
    host.wait_for_function("() => document.querySelector('#peer-bar').textContent.includes('на связи')",
                           timeout=30_000)
    moves = len(saved(host)["rounds"][-1])
    assert play_deal(host, guest, rng, moves=2) == 2  # the second only once the host has had the first
    # (the guest's second move may still be on its way: after a trick it took, it leads again at once)
    host.wait_for_function(f"() => JSON.parse(localStorage.getItem('{MATCH_KEY}')).rounds.at(-1).length >= {moves + 2}",
                           timeout=30_000)
    check_frames(host, guest, inv)


def test_a_guest_reloads_and_is_back_at_the_same_seat_then_the_host_reloads_and_the_guest_is_back(
        make_page, server):
    """Mid-deal the guest reloads: back at its seat with its hand, no alert, and it plays on.
    Then, still mid-deal, the host reloads: the host's table comes back without the menu, the
    guest is «на связи» again without doing anything, the deal is played to its end and no frame
    the guest got since its own reload holds a card its seat may not know.  (One game for both
    reloads: they were two tests, each booting and keying its own.)"""
    host, guest, inv = start_online(make_page, server, "duel")
    rng = random.Random(4)
    play_deal(host, guest, rng, moves=2)
    hand_before = guest.locator("#hand [data-card]").count()
    guest.reload()
    guest.wait_for_selector("#hand [data-card]", timeout=60_000)
    assert guest.get_attribute("#me .seat", "data-seat") == "1"
    assert guest.locator("#hand [data-card]").count() in (hand_before, hand_before - 1, hand_before + 1)
    assert not guest.locator("#p2p [role=alert]").count() or not guest.locator("#p2p").is_visible()
    assert play_deal(host, guest, rng, moves=1) >= 1
    assert phase(host) not in OVER  # (a duel's deal is a dozen moves a seat: the host reloads mid-deal)
    host.reload()
    assert host.get_attribute("html", "data-state") in ("loading", "ready")
    host.wait_for_selector("html[data-state=ready]", state="attached", timeout=60_000)
    host.wait_for_selector("#menu", state="hidden")
    host.wait_for_function("() => document.querySelector('#peer-bar')?.textContent.includes('на связи')",
                           timeout=45_000)
    assert play_deal(host, guest, rng) >= 1
    check_frames(host, guest, inv)


def test_a_guest_offline_for_five_minutes_comes_back_to_the_same_seat(make_page, server, relay):
    """The guest's device goes offline mid-deal (the browser's offline switch, and the relay
    closes its sockets). On the host's clock, 25 s of silence and a minute later the
    stand-in bot plays the seat while the host plays on; five minutes on both clocks
    later the device is online again: the same page, no new link, back at its seat with
    the position as it is now, and its person plays."""
    host, guest, inv = start_online(make_page, server, "duel", no_direct=True, clock=True)
    rng = random.Random(9)
    play_deal(host, guest, rng, moves=2)
    url = guest.url
    guest.context.set_offline(True)
    relay.cut_off(guest.context)
    host.clock.fast_forward(30_000)  # (past online.SILENT_S)
    host.wait_for_function("() => document.querySelector('#peer-bar').textContent.includes('нет связи')",
                           timeout=30_000)
    assert "играет бот" not in peer_bar(host)
    host.clock.fast_forward(61_000)
    host.wait_for_function("() => document.querySelector('#peer-bar').textContent.includes('играет бот')",
                           timeout=30_000)
    assert "вернётся само" in peer_bar(host) and "Пригласите" not in peer_bar(host)  # no invite at an online seat
    before = len(saved(host)["rounds"][-1])
    for _ in range(400):  # the host plays on; the bot answers for the guest
        moves = saved(host)["rounds"]
        if len(moves) > 1 or len(moves[-1]) >= before + 4 or phase(host) in OVER:
            break
        if host.get_attribute("#table", "data-turn") == "me" and phase(host) == "play":
            play_turn(host, rng)
        host.wait_for_timeout(50)
    data = saved(host)
    assert len(data["rounds"]) > 1 or len(data["rounds"][-1]) >= before + 4, "the match did not go on"
    assert any(seat == 1 for seat, _ in data["rounds"][-1][before:]) or len(data["rounds"]) > 1
    host.clock.fast_forward(300_000 - 91_000)
    guest.clock.fast_forward(300_000)
    guest.context.set_offline(False)
    relay.let_in(guest.context)
    host.wait_for_function("() => document.querySelector('#peer-bar').textContent.includes('на связи')",
                           timeout=90_000)
    assert guest.url == url and guest.get_attribute("#me .seat", "data-seat") == "1"
    match = replay(saved(host))
    guest.wait_for_function("cards => { const shown = [...document.querySelectorAll('#hand [data-card]')]"
                            ".map((e) => e.dataset.card).sort().join(); return shown === cards; }",
                            arg=",".join(sorted(str(c) for c in match.view(inv.seat).hand)), timeout=30_000)
    moves = len(saved(host)["rounds"][-1])
    assert play_deal(host, guest, rng) >= 1  # by its person's clicks, not the bot's
    assert "играет бот" not in peer_bar(host)
    assert len(saved(host)["rounds"]) > 1 or len(saved(host)["rounds"][-1]) > moves
    check_frames(host, guest, inv)


def test_relays_refusing_for_rate_mid_deal_and_the_game_goes_on_through_the_next(p2p_browser, server):
    """Relay-only, mid-deal every relay but the last answers «rate-limited» to every event:
    the pages rest those relays, send the refused events to the next one, and the deal
    goes on to its end."""
    relay = RateLimitingRelay()
    contexts = []

    def make(no_direct: bool = False):
        return online_page(p2p_browser, contexts, no_direct, route=relay.attach)

    try:
        host, guest = make(), make(no_direct=True)
        links = invite_links(host, server, "duel")
        inv = invite.decode(invite.code_in(links[1]))
        open_link(guest, server, links[1])
        host.wait_for_selector('[data-online-status="joined"]', state="attached", timeout=30_000)
        button(host, "#p2p", "Начать игру").click()
        rng = random.Random(23)
        play_deal(host, guest, rng, moves=2)
        relay.limiting = True
        assert play_deal(host, guest, rng) >= 1
        assert relay.refusals
        check_frames(host, guest, inv)
        assert {event for *_, event in relay.refusals if event} <= relay.at_spare  # each went on
        assert relay.rests_kept() == []  # a refusing relay rests (and is tried again after)
    finally:
        for ctx, _ in contexts:
            ctx.close()
