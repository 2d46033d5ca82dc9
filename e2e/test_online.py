"""«Пригласить по ссылке» in the browser, with no internet: the fake relay of ``fake_relay.py``
answers every ``wss://`` socket of every context.  The host invites, a guest opens the link in
another context, sits down and plays a deal: through a DataChannel made by Trystero's
signalling over the fake relay, or, when the guest's WebRTC can make no connection, through
the relay itself; pots for three and for six, a used link, copy and share, the move timer,
small phones, and one game through a real relay (``real_relay.py``).  Every frame either page
sent or received is opened with the seat's secret and read against the host's match: none
holds a card the guest's seat may not know.  (The relays failing and what they carry:
``test_online_outages.py``; the room's review, «Ещё партию», phrases and watcher:
``test_online_room.py``.)"""

from __future__ import annotations

import json
import random
import re
import sys

import pytest

from fake_relay import FakeRelay
from harness import ROOT, app_url, boot
from online_kit import (CARDS_IN_DOM, TABLE_BOXES, check_frames, invite_links, make_page, open_link,  # noqa: F401
                        play_deal, published, real_browser, real_page, real_relay, relay, seat_guests)
from tablekit import OVER, phase, play_devices, play_turn, replay, saved
from test_p2p import button, p2p_browser  # noqa: F401  (the fixture: raw host candidates)
from test_phone_trick import FANNED, READABLE

sys.path.insert(0, str(ROOT / "web"))
from table.p2p import invite, seal, session  # noqa: E402

pytestmark = pytest.mark.long_file  # (conftest.py: `make test` starts it first)


def first_to_host(relay: FakeRelay, inv: invite.Invite) -> session.Frame | None:
    """The first frame a guest sent the host's room through the relay."""
    for content in relay.contents:
        text = seal.unseal(inv.secret, seal.TO_HOST, content)
        if text is not None:
            return session.parse(text)
    return None


def said_hello_at_once(relay: FakeRelay, inv: invite.Invite) -> bool:
    """The guest's hello itself reached the relay first: sent before its relay sockets had
    opened, it was not dropped and found only by the heartbeat after it (seconds later)."""
    frame = first_to_host(relay, inv)
    return frame is not None and frame.kind == session.MESSAGE and json.loads(frame.body)["t"] == "hello"


@pytest.mark.parametrize("fmt", ["duel"])
def test_a_guest_opens_the_link_sits_down_and_plays_a_deal_directly(make_page, server, relay, fmt):
    host, guest = make_page(), make_page()
    links = invite_links(host, server, fmt)
    assert list(links) == [1]
    inv = invite.decode(invite.code_in(links[1]))
    seconds = open_link(guest, server, links[1])
    assert said_hello_at_once(relay, inv), first_to_host(relay, inv)
    host.wait_for_selector('[data-online-status="joined"]', state="attached", timeout=30_000)
    button(host, "#p2p", "Начать игру").click()
    host.wait_for_selector("#p2p", state="hidden")
    assert guest.get_attribute("#me .seat", "data-seat") == "1"
    # The direct way opens (signalled through the relay) and the table says so.
    guest.wait_for_function("() => document.querySelector('#peer-bar')?.textContent.includes('напрямую') || "
                            "window.burkozelRelay.frames.some((f) => f.way === 'direct')", timeout=30_000)
    assert play_deal(host, guest, random.Random(5)) >= 3
    count, size, ways = check_frames(host, guest, inv)
    assert "direct" in ways
    print(f"\nonline direct: first hand {seconds:.1f} s, {count} frames, {size} bytes, relay events {relay.events}")


def test_a_guest_without_direct_connections_plays_through_the_relay(make_page, server, relay):
    host, guest = make_page(), make_page(no_direct=True)
    links = invite_links(host, server, "bura31")
    inv = invite.decode(invite.code_in(links[1]))
    seconds = open_link(guest, server, links[1])
    assert said_hello_at_once(relay, inv), first_to_host(relay, inv)
    host.wait_for_selector('[data-online-status="joined"]', state="attached", timeout=30_000)
    button(host, "#p2p", "Начать игру").click()
    assert play_deal(host, guest, random.Random(2)) >= 2
    count, size, ways = check_frames(host, guest, inv)
    assert ways == {"relay"}
    assert "через ретранслятор" in host.text_content("#peer-bar")
    assert relay.longest < 4096  # (a whole state went as one event of 7-8 thousand characters)
    print(f"\nonline relay: first hand {seconds:.1f} s, {count} frames, {size} bytes, relay events {relay.events}")


def test_a_used_link_is_refused_within_ten_seconds_whichever_way_the_second_device_connects(real_page, server):
    """A second device with a seat's link already used is told «уже занято»: at once while the
    seat's holder has only just joined; then, once the holder plays directly, within 10 s of its
    page being ready whichever way it connects, also when it can make no direct connection (the
    refusal went only through the DataChannel, to the holder, and such a device waited minutes
    with no word).  A damaged link says so and loads nothing.  (One host and guest for all four
    devices: they were three tests, each inviting and seating its own.)"""
    host, guest = real_page(), real_page()
    links = invite_links(host, server, "duel")
    fragment = links[1].split("#", 1)[1]
    open_link(guest, server, links[1])
    second = real_page()
    boot(second, app_url(server.url, speed="instant", sw="off") + "#" + fragment)
    second.wait_for_selector("#p2p [role=alert]", timeout=30_000)
    assert "уже занято" in second.text_content("#p2p")
    host.wait_for_selector('#p2p [data-online-seat="1"]:has-text("напрямую")', timeout=45_000)
    for second_direct in (False, True):
        second = real_page(no_direct=not second_direct)
        boot(second, app_url(server.url, speed="instant", sw="off") + "#" + fragment)
        second.wait_for_selector("#p2p [role=alert]", timeout=10_000)
        assert "уже занято" in second.text_content("#p2p"), second_direct
    assert guest.get_attribute("#me .seat", "data-seat") == "1" and "напрямую" in host.text_content("#p2p")
    damaged = real_page()
    boot(damaged, app_url(server.url, speed="instant", sw="off") + "#" + fragment[:-5])
    damaged.wait_for_selector("#p2p [data-online-error=damaged]", state="attached")
    assert not damaged.evaluate("'burkozelRelay' in window")  # nothing was loaded, nothing connected


SHARE_SHEET = """(() => {
  window.__shared = [];
  window.__shareAnswer = "";  // "" shared, else the error's name (AbortError: the sheet was closed)
  navigator.share = async (data) => {
    window.__shared.push(data);
    if (window.__shareAnswer) throw new DOMException("no", window.__shareAnswer);
  };
})();"""


def test_copy_puts_the_seats_link_on_the_clipboard_and_share_hands_it_to_the_share_sheet(make_page, server):
    """«Копировать» writes the seat's link to the clipboard and says so; «Поделиться»
    gives the same link to ``navigator.share`` where the browser has one (a stand-in
    here: Chromium on Linux has no share sheet), and is not there where it has none;
    a sheet closed unused says nothing, one that cannot open copies the link instead."""
    host = make_page(permissions=["clipboard-read", "clipboard-write"])
    links = invite_links(host, server, "pairs", people=(1, 3))
    assert sorted(links) == [1, 3]
    assert not host.evaluate("'share' in navigator")
    assert host.locator("#p2p [data-share]").count() == 0  # no share sheet: no button for one
    for seat in (3, 1):
        host.click(f'#p2p [data-online-seat="{seat}"] [data-copy]')
        host.wait_for_selector(f'#p2p [data-online-seat="{seat}"] .online-said', timeout=10_000)
        assert host.evaluate("navigator.clipboard.readText()") == links[seat]
        assert "Ссылка скопирована" in host.text_content(f'#p2p [data-online-seat="{seat}"] .online-said')
    sharing = make_page(permissions=["clipboard-read", "clipboard-write"])
    sharing.context.add_init_script(SHARE_SHEET)
    links = invite_links(sharing, server, "duel")
    for answer in ("AbortError", ""):  # closed unused, then shared: the sheet speaks for itself
        sharing.evaluate("(a) => { window.__shareAnswer = a; window.__shared = []; }", answer)
        sharing.click('#p2p [data-online-seat="1"] [data-share]')
        sharing.wait_for_function("() => window.__shared.length > 0", timeout=10_000)
        sharing.evaluate("window.burkozelSettled()")
        assert sharing.evaluate("window.__shared") == [{"url": links[1]}]
        assert not sharing.locator("#p2p .online-said").count(), sharing.text_content("#p2p .online-said")
    sharing.evaluate("() => { window.__shareAnswer = 'NotAllowedError'; navigator.clipboard.writeText(''); }")
    sharing.click('#p2p [data-online-seat="1"] [data-share]')  # a sheet that cannot open: the link is copied instead
    sharing.wait_for_selector("#p2p .online-said", timeout=10_000)
    assert "Ссылка скопирована" in sharing.text_content("#p2p .online-said")
    assert sharing.evaluate("navigator.clipboard.readText()") == links[1]


def test_a_websocket_to_an_unlisted_host_is_refused_by_the_csp(page, guard, server):
    """(Not routed: Playwright's WebSocket routing injects a script of its own.)"""
    boot(page, app_url(server.url, speed="instant", sw="off"))
    blocked = page.evaluate("""() => new Promise((resolve) => {
        document.addEventListener("securitypolicyviolation", (e) => resolve(e.blockedURI), { once: true });
        try { new WebSocket("wss://relay.unlisted.example/"); } catch (e) { resolve("thrown: " + e.name); }
        setTimeout(() => resolve(null), 3000);
    })""")
    assert blocked is not None and "unlisted" in blocked
    assert len(guard.console_errors) == 1 and "Content Security Policy" in guard.console_errors[0]
    guard.console_errors.clear()  # (the one error this test asked for)


def my_turn_to_play(page) -> bool:
    return page.get_attribute("#table", "data-turn") == "me" and phase(page) == "play"


def play_until_turn(waiting, playing, rng: random.Random, tries: int, pause_ms: int) -> None:
    """``playing`` plays its turns (random legal moves) until ``waiting`` is to play a card,
    looking ``tries`` times, ``pause_ms`` apart (the bots' seats move by themselves)."""
    for _ in range(tries):
        if my_turn_to_play(waiting):
            return
        if my_turn_to_play(playing):
            play_turn(playing, rng)
        waiting.wait_for_timeout(pause_ms)


def test_a_guest_sees_the_hosts_move_timer_count_down(make_page, server):
    host, guest = make_page(), make_page()
    links = invite_links(host, server, "duel")
    open_link(guest, server, links[1])
    host.wait_for_selector('[data-online-status="joined"]', state="attached", timeout=30_000)
    host.select_option("select[name=online-timer]", "15")
    button(host, "#p2p", "Начать игру").click()
    guest.wait_for_selector("#p2p", state="hidden", timeout=30_000)
    rng = random.Random(3)
    play_until_turn(guest, host, rng, tries=200, pause_ms=40)

    def left() -> int:
        return int(re.search(r"осталось (\d+) с", guest.text_content("#peer-bar")).group(1))

    guest.wait_for_function("() => /осталось \\d+ с/.test(document.querySelector('#peer-bar').textContent)",
                            timeout=10_000)
    first = left()
    assert 10 <= first <= 15
    guest.wait_for_timeout(2_200)
    assert first - 3 <= left() <= first - 1  # (the page redraws it once a second)
    play_turn(guest, rng)
    guest.wait_for_function("() => !/осталось/.test(document.querySelector('#peer-bar').textContent)", timeout=10_000)


def pot_facts(page) -> tuple[int, list[int]]:
    """(the pot, every stack) as this page's table shows them."""
    pot = int(page.inner_text("#pot-box .pot-val"))
    return pot, [int(x) for x in page.eval_on_selector_all("#score .stacks b", "els => els.map(e => e.textContent)")]


def test_three_people_play_a_pot_of_bura_pot_through_the_relay(make_page, server):
    """«Бура на кон» with «даве»: the host and two guests (one only through the relay), a
    bot in the fourth seat; each guest's screen shows the pot, the stakes and every stack
    as the host's does, with «Даве» and its answers as buttons."""
    host = make_page()
    links = invite_links(host, server, "bura_pot", people=(1, 2), combos={"dave": True})
    assert sorted(links) == [1, 2]
    assert {invite.decode(invite.code_in(l)).players for l in links.values()} == {4}
    guests = seat_guests(make_page, server, host, links, relay_only=(2,))
    stakes = set()

    def each(page) -> None:
        assert page.is_visible("#pot-box")
        pot, stacks = pot_facts(page)
        assert len(stacks) == 4 and pot + sum(stacks) == 400
        stakes.update(k for k in ("dave", "accept", "fold")
                      if page.query_selector(f"[data-action={k}]:not([disabled]):not(.idle)"))

    made = play_devices(host, list(guests.values()), random.Random(13), each=each)
    assert all(n >= 1 for n in made), made
    assert stakes & {"dave", "accept"}, stakes
    host.wait_for_selector("#result-body .stacks", state="attached")
    for seat, page in guests.items():
        page.wait_for_selector("#result-body .stacks", state="attached", timeout=30_000)
        assert "банк" in page.inner_text("#result-body").lower()
        check_frames(host, page, invite.decode(invite.code_in(links[seat])))


def check_screen(host, page, seat: int) -> None:
    """No card ``seat`` may not know is on its page (read first: the host's match is then
    as far on or further, and a card hidden there was hidden at the page's moment too)."""
    shown = set(page.evaluate(CARDS_IN_DOM)) | set(re.findall(r'"((?:10|[2-9JQKA])[SHDC])"', page.content()))
    match = replay(saved(host))
    leaked = shown & {str(c) for c in match.round.unknown_to(seat)}
    assert not leaked, f"seat {seat}'s page shows {leaked}"


STAKE_JS = """async (raise) => {
  const q = (s) => document.querySelector(s);
  const live = (el) => el && !el.disabled && !el.classList.contains('idle');
  const click = async (el) => { el.click(); await window.burkozelSettled(); };
  if (live(q('[data-action=accept]'))) { await click(q('[data-action=accept]')); return 'accept'; }
  if (raise && live(q('[data-action=dave]'))) { await click(q('[data-action=dave]')); return 'dave'; }
  return '';
}"""


def test_six_people_play_a_pot_of_bura_pot_each_on_its_own_device(make_page, server, relay):
    """«Бура на кон» for six, nobody a bot: the host and five guests (one only through the
    relay). The first person who may says «даве» and every other answers it on their own
    device; each guest's page holds no card of another's hand, no frame carries one, and
    once the pot is taken every screen shows the same stacks."""
    host = make_page()
    links = invite_links(host, server, "bura_pot", people=(1, 2, 3, 4, 5), combos={"dave": True}, players=6)
    assert sorted(links) == [1, 2, 3, 4, 5] and len(set(links.values())) == 5
    assert {invite.decode(invite.code_in(l)).players for l in links.values()} == {6}
    guests = seat_guests(make_page, server, host, links, relay_only=(3,))
    pages = {0: host, **guests}
    rng, raised, answered, made = random.Random(17), None, set(), {seat: 0 for seat in pages}
    for _ in range(2000):
        if phase(host) in OVER:
            break
        acted = False
        for seat, page in pages.items():
            if page.get_attribute("#table", "data-turn") != "me" or phase(page) != "play":
                continue
            if seat:
                check_screen(host, page, seat)
            stake = page.evaluate(STAKE_JS, raised is None)
            if stake == "dave":
                raised = seat
            elif stake == "accept":
                answered.add(seat)
            else:
                play_turn(page, rng)
            made[seat] += 1
            acted = True
        if not acted:
            host.wait_for_timeout(50)
    else:
        raise AssertionError("the pot was not taken")
    assert raised is not None and answered == set(pages) - {raised}, (raised, answered)
    assert all(n >= 2 for n in made.values()), made
    host.wait_for_selector("#result-body .stacks", state="attached")
    stacks = host.eval_on_selector_all("#result-body .stacks b", "els => els.map(e => e.textContent)")
    assert len(stacks) == 6 and sum(map(int, stacks)) + int(host.inner_text("#pot-box .pot-val")) == 600
    for seat, page in guests.items():
        page.wait_for_selector("#result-body .stacks", state="attached", timeout=60_000)
        assert page.eval_on_selector_all("#result-body .stacks b", "els => els.map(e => e.textContent)") == stacks
        assert pot_facts(page) == pot_facts(host)
        check_frames(host, page, invite.decode(invite.code_in(links[seat])))
    print(f"\nsix at a pot: moves {made}, «даве» by seat {raised}, relay events {relay.events}")


def test_inviting_and_joining_have_no_wcag_violation(make_page, server):
    """axe-core (WCAG 2.1 A/AA) on the host's lobby before and after a friend has joined,
    on the friend's page while it waits for the start, and on both tables once it has."""
    from axe import violations

    found: dict[str, list[str]] = {}

    def check(page, screen: str) -> None:
        if lines := violations(page):
            found[screen] = lines

    host = make_page()
    links = invite_links(host, server, "duel")
    check(host, "the host's lobby, nobody joined")
    guest = make_page()
    fragment = links[1].split("#", 1)[1]
    boot(guest, app_url(server.url, speed="instant", sw="off") + "#" + fragment)
    guest.wait_for_selector('#p2p [data-online-seat="1"] [data-online-status=joined]', timeout=30_000)
    check(guest, "the friend's page waiting for the start")
    host.wait_for_selector("#p2p [data-online-status=joined]", timeout=45_000)
    check(host, "the host's lobby, every seat joined")
    button(host, "#p2p", "Начать игру").click()
    guest.wait_for_selector("#hand [data-card]", timeout=60_000)
    guest.wait_for_selector("#p2p", state="hidden", timeout=30_000)
    guest.click("#peer-bar [data-action=online-phrases]")  # «Фразы» unfolded: its phrases and mutes
    guest.wait_for_selector("#peer-bar [data-action=online-say]")
    check(guest, "the friend's table")
    check(host, "the host's table")
    assert not found, "axe found WCAG 2.1 A/AA violations:\n" + "\n".join(
        f"[{screen}]\n  " + "\n  ".join(lines) for screen, lines in found.items())


SMALL_GUEST_JS = """() => {
  const box = (e) => e.getBoundingClientRect();
  const over = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
                       && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const plays = [...document.querySelectorAll('#trick .play')].map((p) => [...p.querySelectorAll('.card')].map((c) => box(c).width));
  const bar = document.getElementById('peer-bar'), open = bar.querySelector('[data-action=online-phrases]');
  const out = [];
  for (const el of [bar, open]) {
    const r = box(el);
    if (r.width < 1 || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) out.push(`${el.id || 'phrases'} not in view`);
    for (const part of document.querySelectorAll('#table .seat, #trick .play, #hand .card, #coach .coach-btn, header .btn, #score > *'))
      if (part !== open && over(r, box(part))) out.push(`${el.id || 'phrases'} over ${part.className}`);
  }
  const o = box(open);
  return {plays, out, open: [o.width, o.height], said: bar.textContent};
}"""


def test_a_guest_on_a_small_phone_reads_the_trick_beside_the_link_and_the_phrases(make_page, server):
    """Пары, a guest at 360×640: the link's state and «Фразы» take no line of the header (with
    them a played card was 8 px wide there), so the trick's cards read (32 px, 28 in a play of
    several: the deal is keyed by the guests' values, so some runs had two-card plays at 30 px
    fail a flat 32), the link says «на связи» to readers, «Фразы» is a 44 px button over
    nothing, and its panel opens in view."""
    host = make_page()
    links = invite_links(host, server, "pairs", people=(2,))
    guest = seat_guests(make_page, server, host, links)[2]
    guest.set_viewport_size({"width": 360, "height": 640})
    rng = random.Random(5)
    for _ in range(60):
        if guest.locator("#trick .play .card").count():
            break
        for page in (host, guest):
            if page.get_attribute("#table", "data-turn") == "me" and phase(page) == "play":
                play_turn(page, rng)
        guest.wait_for_timeout(250)
    seen = guest.evaluate(SMALL_GUEST_JS)
    narrow = [(len(play), w) for play in seen["plays"] for w in play if w < (READABLE if len(play) == 1 else FANNED)]
    assert any(seen["plays"]) and not narrow, seen  # (as test_phone_trick reads every table's trick)
    assert not seen["out"], seen["out"]
    assert seen["open"][0] >= 44 and seen["open"][1] >= 44, seen
    assert "на связи" in seen["said"]
    before = guest.evaluate(TABLE_BOXES)
    guest.click("#peer-bar [data-action=online-phrases]")
    panel = guest.locator("#peer-bar .phrase-panel")
    panel.wait_for()
    r = panel.bounding_box()
    assert r["x"] >= 0 and r["y"] >= 0 and r["x"] + r["width"] <= 360 and r["y"] + r["height"] <= 640, r
    assert guest.evaluate(TABLE_BOXES) == before
    guest.click("#peer-bar [data-action=online-phrases]")


def test_the_hint_and_the_phrases_take_turns_on_a_small_phone(make_page, server):
    """Пары, the host at 360×640 with a guest at the table: «Фразы» opened over an open hint
    left the hint open under the phrases' sheet, which lay over its words. Opening one now
    folds the other (the hint is asked again by «Подсказка», the phrases by «Фразы»)."""
    host = make_page()
    links = invite_links(host, server, "pairs", people=(2,))
    guest = seat_guests(make_page, server, host, links)[2]
    host.set_viewport_size({"width": 360, "height": 640})
    rng = random.Random(5)
    play_until_turn(host, guest, rng, tries=60, pause_ms=250)
    host.click("#coach [data-action=hint]")
    host.wait_for_function("document.querySelector('#hint .advice, #hint.hint-failed') !== null", timeout=60_000)
    host.click("#peer-bar [data-action=online-phrases]")
    host.locator("#peer-bar .phrase-panel").wait_for()
    assert host.locator("#hint.open").count() == 0, "the phrases' sheet lies over the open hint"
    host.click("#coach [data-action=hint]")
    host.wait_for_function("document.querySelector('#hint .advice, #hint.hint-failed') !== null", timeout=60_000)
    assert host.locator("#peer-bar .phrase-panel").count() == 0, "the hint opened under the phrases"
    assert host.get_attribute("#peer-bar [data-action=online-phrases]", "aria-expanded") == "false"


def test_through_a_real_relay_one_guest_plays_directly_and_one_only_through_the_relay(real_page, server, real_relay):
    """пары, two guests: one connects directly (signalled through the real relay), the other
    can make no direct connection and plays through it; the relay checked every signature and
    refused nothing for size, every event stayed under 4,096 characters, and no frame held a
    card its seat may not know."""
    host = real_page()
    links = invite_links(host, server, "pairs", people=(1, 3))
    guests = seat_guests(real_page, server, host, links, relay_only=(3,))
    host.wait_for_function("() => document.querySelector('#peer-bar')?.textContent.includes('напрямую')",
                           timeout=45_000)
    made = play_devices(host, list(guests.values()), random.Random(21))
    assert all(n >= 2 for n in made), made
    for seat, page in guests.items():
        count, size, ways = check_frames(host, page, invite.decode(invite.code_in(links[seat])))
        assert ways == {"relay"} if seat == 3 else "direct" in ways, (seat, ways)
    refused = [line for line in real_relay.log().splitlines() if "invalid:" in line or "rate-limited" in line]
    assert not [line for line in refused if "rate-limited" not in line], refused  # none for size or signature
    for page in (host, *guests.values()):
        sizes = [e["size"] for e in published(page)]
        assert sizes and max(sizes) < 4096, max(sizes)
