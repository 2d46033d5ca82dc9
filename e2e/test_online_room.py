"""The room around a game by link, through the real relay (``real_relay.py``): a guest reviews the
deal just played from its own seat and shares it; «Ещё партию» for пары, the same people on
the same links; quick phrases seen in each page's own language and read whole on a phone; a
watcher who sees every trick and no hidden card."""

from __future__ import annotations

import json
import random
import re
import sys

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from harness import ROOT, app_url, boot
from online_kit import (CARDS_IN_DOM, PEERS_KEPT, TABLE_BOXES, check_frames, invite_links,  # noqa: F401
                        open_link, peer_bar, play_deal, real_browser, real_page, real_relay, seat_guests,
                        start_online, wait_for_hand)
from rtc_trace import TRACE, Traced
from tablekit import hand, phase, play_devices, play_turn, replay, saved
from test_p2p import button

sys.path.insert(0, str(ROOT / "web"))
from table.p2p import invite, seal, session  # noqa: E402

pytestmark = pytest.mark.long_file  # (conftest.py: `make test` starts it first)


def test_a_guest_reviews_the_deal_just_played_from_its_seat_and_is_told_when_it_may_share_it(real_page, server):
    """On the guest's page, at the deal's end: «Разобрать раздачу» steps through the deal as
    the guest's seat saw it (its hand as dealt, every card it saw, never the opponent's
    face-down discards), asked of the host through the relay; «Поделиться раздачей» gives the
    deal's link by its own key, with «Копировать», which opens from the guest's seat; the
    guest's bar says it plays through the relay."""
    host, guest, inv = start_online(real_page, server, "duel", no_direct=True)
    wait_for_hand(guest)
    dealt = set(guest.evaluate("() => [...document.querySelectorAll('#hand [data-card]')].map((e) => e.dataset.card)"))
    assert play_deal(host, guest, random.Random(21)) >= 3
    assert "через ретранслятор" in peer_bar(guest)
    guest.wait_for_selector("#result-body [data-action=review]", timeout=30_000)
    match = replay(saved(host))
    never_seen = {str(c) for c in match.round.unknown_to(inv.seat)}
    total = len(saved(host)["rounds"][-1])
    guest.click("#result-body [data-action=review]")
    guest.wait_for_selector('#info [data-step="0"]', timeout=30_000)
    cards = "(s) => [...document.querySelectorAll(s)].map((e) => e.dataset.card)"
    assert set(guest.evaluate(cards, "#info .frame-hand [data-card]")) == dealt
    seen: set[str] = set()
    for step in range(1, total + 1):
        guest.click("#info [data-action=review-next]")
        guest.wait_for_selector(f'#info [data-step="{step}"]', timeout=10_000)
        seen |= set(guest.evaluate(cards, "#info [data-card]"))
    assert guest.is_disabled("#info [data-action=review-next]")
    assert not seen & never_seen and len(seen) > len(dealt)
    guest.click("#info .dlg-buttons [data-action=close-info]")
    guest.click("#result-body [data-action=share]")
    guest.wait_for_selector("#info [data-share-link]", timeout=30_000)
    key = replay(saved(host)).key_for(0).hex()
    link = guest.get_attribute("#info [data-share-link]", "href")
    assert f"key={key}" in link and f"seat={inv.seat}" in link
    # «Копировать» under it, as under an invite: the link on the clipboard, and said so.
    guest.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.origin)
    guest.click("#info [data-copy]")
    guest.wait_for_selector("#info [data-said]", timeout=10_000)
    assert "Ссылка скопирована" in guest.text_content("#info [data-said]")
    assert guest.evaluate("navigator.clipboard.readText()") == link
    # The link opens from the guest's own seat: its hand as dealt at the bottom.
    shared = boot(guest.context.new_page(), link + "&speed=instant&sw=off")
    shared.wait_for_selector("#hand [data-card]")
    assert set(hand(shared)) == dealt
    shared.close()


def test_pairs_with_three_guests_each_on_its_own_link_play_another_match_on_the_same_links(real_page, server):
    """Пары with three guests, each on its own link (one through the relay only): every guest
    plays in the first deal, and no frame to or from a guest holds a card its seat may not know.
    Then «Ещё партию»: they play the whole match; the host's result offers another, each guest
    says «Играть ещё» on their own page, and the next match starts on the same pages and links,
    played by the same people.  (One test: the four devices and their first deal were booted and
    played twice, by two tests, to check these two things.)"""
    def traced_page(**options):  # (what each page did, printed if the test fails)
        page = real_page(**options)
        page.context.add_init_script(TRACE)
        return page

    host = traced_page()
    links = invite_links(host, server, "pairs", people=(1, 2, 3))
    assert sorted(links) == [1, 2, 3] and len(set(links.values())) == 3
    guests = seat_guests(traced_page, server, host, links, relay_only=(2,))  # one through the relay only
    with Traced({"host": host, **{f"seat {seat}": page for seat, page in guests.items()}}) as traced:
        play_two_matches(host, guests, links, traced)


def play_two_matches(host, guests: dict[int, object], links: dict[int, str], traced: Traced) -> None:
    """The rest of ``test_pairs_with_three_guests…``: the first match, «Ещё партию», the next match's first deal."""
    rng = random.Random(23)
    made = play_devices(host, list(guests.values()), rng)
    assert all(n >= 2 for n in made), made
    for seat, page in guests.items():
        check_frames(host, page, invite.decode(invite.code_in(links[seat])))
    for _ in range(15):
        if phase(host) == "match_end":
            break
        host.click("#result-body [data-action=next]")
        play_devices(host, list(guests.values()), rng)
    assert phase(host) == "match_end"
    urls = {seat: page.url for seat, page in guests.items()}
    assert "Ещё партию" in host.text_content("#result-body [data-action=next]")
    traced.mark("«Ещё партию»")
    host.click("#result-body [data-action=next]")
    host.wait_for_selector("#p2p [data-action=online-start][disabled]")
    for page in guests.values():
        page.wait_for_selector("#p2p [data-action=online-rematch-yes]", timeout=30_000)
    for page in guests.values():
        page.click("#p2p [data-action=online-rematch-yes]")
    host.wait_for_selector("#p2p [data-action=online-start]:not([disabled])", timeout=45_000)
    assert host.locator("#p2p [data-online-status=joined]").count() == 3
    button(host, "#p2p", "Начать игру").click()
    for seat, page in guests.items():
        page.wait_for_selector("#p2p", state="hidden", timeout=30_000)
        # (the new match's first deal waits for every guest's value, one only through the relay)
        try:
            wait_for_hand(page, timeout=60_000)
        except PlaywrightTimeout:
            said = {name: p.evaluate("() => document.body.innerText.replace(/\\s+/g, ' ').slice(0, 400)")
                    for name, p in traced.pages.items()}
            raise AssertionError(f"seat {seat}: no hand in the next match a minute on; the pages say {said}") from None
        assert page.url == urls[seat] and page.get_attribute("#me .seat", "data-seat") == str(seat)
    assert not saved(host)["rounds"][-1] or len(saved(host)["rounds"]) == 1
    made = play_devices(host, list(guests.values()), rng)  # the next match's first deal, by the same people
    assert all(n >= 2 for n in made), made
    assert "играет бот" not in peer_bar(host)


PHRASES_SHEET_JS = """() => {
  const box = (e) => e.getBoundingClientRect();
  const over = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
                       && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const inside = (a, b) => a.left >= b.left - 0.5 && a.top >= b.top - 0.5 && a.right <= b.right + 0.5 && a.bottom <= b.bottom + 0.5;
  const panel = document.querySelector('#peer-bar .phrase-panel'), p = box(panel);
  const win = {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
  const out = [];
  if (!inside(p, win)) out.push(`the panel outside the window: ${p.top}..${p.bottom}`);
  if (panel.scrollHeight > panel.clientHeight + 1) out.push(`the panel cut: ${panel.scrollHeight} px in ${panel.clientHeight}`);
  for (const b of panel.querySelectorAll('button')) {
    if (!inside(box(b), p)) out.push(`«${b.textContent}» runs off the panel`);
    if (b.scrollWidth > b.clientWidth + 1) out.push(`«${b.textContent}» cut`);
  }
  for (const part of document.querySelectorAll('#table .seat, #trick .play, #coach .coach-btn, #peer-bar .phrases-open'))
    if (over(p, box(part))) out.push(`the panel over ${part.className} «${part.textContent.trim().slice(0, 20)}»`);
  const mutes = [...panel.querySelectorAll('[data-action=online-mute]')].map(box);
  return {out, mutes: mutes.length, lefts: new Set(mutes.map((r) => Math.round(r.left))).size,
          tops: new Set(mutes.map((r) => Math.round(r.top))).size};
}"""


REACHED_JS = """() => { const e = document.activeElement;
  return e && e.dataset.action ? `${e.dataset.action}:${e.dataset.seat || e.dataset.key || ''}` : (e ? e.tagName : ''); }"""


def test_quick_phrases_are_seen_by_the_others_each_in_their_own_language_and_read_whole_on_a_phone(
        real_page, server):
    """Пары: the host reads Russian, seat 1 English (through the relay only), seat 2 Ukrainian.
    Seat 1 says «Nice move»: a bubble at its seat on every page, in each page's own words,
    and the same words in the table's polite live region; the host's «Минутку» likewise.
    Then every page at 360×640, a trick on the table: «Фразы» opens a sheet over the prompt, the
    hand and the buttons (it lay over the seats and the trick, its last mute switch run off under
    its bottom): whole in the window, nothing in it cut, over no seat, play or icon, the trick and
    the hand unmoved, the three other seats' mute switches side by side in columns; the keyboard
    reaches every switch from «Фразы», and axe finds no WCAG 2.1 A/AA violation with it open.
    (One game in three languages: the sheet's test booted and keyed a game of its own, with a
    Russian and a Ukrainian guest; the host here reads Russian.)"""
    from axe import violations

    host = real_page()
    links = invite_links(host, server, "pairs", people=(1, 2))
    guests = seat_guests(real_page, server, host, links, relay_only=(1,), locales={1: "en-US", 2: "uk-UA"})
    en, uk = guests[1], guests[2]
    before = en.evaluate(TABLE_BOXES)
    en.click("#peer-bar [data-action=online-phrases]")
    en.wait_for_selector("#peer-bar .phrase-panel [data-action=online-say]")
    assert en.evaluate(TABLE_BOXES) == before  # the phrases lie over the table: its trick and hand stay
    en.click("#peer-bar [data-action=online-say][data-key=good_move]")
    host.wait_for_selector("#seat-1 .phrase-bubble[data-phrase=good_move]", timeout=30_000)
    assert host.text_content("#seat-1 .phrase-bubble") == "Хороший ход"
    uk.wait_for_selector("#seat-3 .phrase-bubble[data-phrase=good_move]", timeout=30_000)
    assert uk.text_content("#seat-3 .phrase-bubble") == "Гарний хід"
    en.wait_for_selector("#me .phrase-bubble[data-phrase=good_move]", timeout=30_000)
    assert en.text_content("#me .phrase-bubble") == "Nice move"
    assert "Хороший ход" in host.text_content("#live") and host.get_attribute("#live", "aria-live") == "polite"
    host.wait_for_selector(".phrase-bubble", state="detached", timeout=15_000)  # it fades
    host.click("#peer-bar [data-action=online-phrases]")
    host.click("#peer-bar [data-action=online-say][data-key=wait]")
    en.wait_for_selector("#seat-3 .phrase-bubble[data-phrase=wait]", timeout=30_000)
    assert en.text_content("#seat-3 .phrase-bubble") == "Just a moment"
    uk.wait_for_selector("#seat-2 .phrase-bubble[data-phrase=wait]", timeout=30_000)
    assert uk.text_content("#seat-2 .phrase-bubble") == "Хвилинку"
    for page in (host, en):  # (their sheets were opened to speak: closed again if still open)
        if page.locator("#peer-bar .phrase-panel").count():
            page.click("#peer-bar [data-action=online-phrases]")
            page.wait_for_selector("#peer-bar .phrase-panel", state="detached")

    pages = {0: host, **guests}
    for page in pages.values():
        page.set_viewport_size({"width": 360, "height": 640})
    rng = random.Random(5)
    for _ in range(60):
        if all(page.locator("#trick .play .card").count() for page in pages.values()):
            break
        for page in pages.values():
            if page.get_attribute("#table", "data-turn") == "me" and phase(page) == "play":
                play_turn(page, rng)
        host.wait_for_timeout(250)
    problems = []
    for seat, guest in pages.items():
        assert guest.locator("#trick .play .card").count()
        before = guest.evaluate(TABLE_BOXES)
        guest.click("#peer-bar [data-action=online-phrases]")
        guest.wait_for_selector("#peer-bar .phrase-panel [data-action=online-mute]")
        seen = guest.evaluate(PHRASES_SHEET_JS)
        problems += [f"seat {seat}: {p}" for p in seen["out"]]
        assert seen["mutes"] == 3 and seen["lefts"] == 3 and seen["tops"] == 1, seen  # one row, three columns
        assert guest.evaluate(TABLE_BOXES) == before
        guest.focus("#peer-bar [data-action=online-phrases]")
        reached = set()
        for _ in range(16):
            guest.keyboard.press("Tab")
            reached.add(guest.evaluate(REACHED_JS))
        assert {f"online-mute:{s}" for s in range(4) if s != seat} <= reached, reached
        assert not (found := violations(guest)), "\n".join(found)
        guest.click("#peer-bar [data-action=online-phrases]")
    assert not problems, "\n".join(problems)


def public_cards(match) -> set[str]:
    """What anyone at the table may know at ``match``'s moment: the trump card and the face-up
    cards of the finished tricks (a watcher may see nothing else)."""
    view = match.view(0)
    cards = {str(view.trump_card)}
    for trick in view.history:
        for play in trick.plays:
            if play.kind != "discard" or view.discard == "open":
                cards |= {str(c) for c in play.cards}
    return cards


def test_a_watcher_sees_every_trick_and_no_hidden_card_and_is_counted(real_page, server):
    """The host's watch link opened in a third context: at every move its page holds no card
    but the trump and the finished tricks' face-up cards (no hand, no face-down face, not the
    trick in play), every frame it got holds no other either (each read at its own moment),
    those frames show every trick of the deal, and both players' bars count it."""
    host, guest, watcher = real_page(), real_page(no_direct=True), real_page()
    watcher.context.add_init_script(PEERS_KEPT)
    links = invite_links(host, server, "duel")
    host.click("#p2p [data-action=online-watch]")  # «Позвать зрителей»: the watchers' room opens
    watch_link = host.text_content("#p2p [data-online-watch-link]")
    secret = invite.decode(invite.code_in(watch_link, invite.WATCH_KEY), watch=True).secret
    open_link(guest, server, links[1])
    boot(watcher, app_url(server.url, speed="instant", sw="off") + "#" + watch_link.split("#", 1)[1])
    host.wait_for_selector('[data-online-status="joined"]', state="attached", timeout=30_000)
    host.wait_for_function("() => document.querySelector('#peer-bar').textContent.includes('Зрители: 1')",
                           timeout=45_000)
    button(host, "#p2p", "Начать игру").click()
    watcher.wait_for_selector("#trump [data-card]", state="attached", timeout=60_000)
    guest.wait_for_function("() => document.querySelector('#peer-bar').textContent.includes('Зрители: 1')",
                            timeout=30_000)
    assert "Вы смотрите игру" in peer_bar(watcher)
    # Nobody at the table: the bottom seat is the host's, named as the guest's page names it.
    assert watcher.text_content("#me .seat-name") == guest.text_content("#seat-1 .seat-name") != "Вы"
    checks = [0]

    def each(_page) -> None:
        shown = set(watcher.evaluate(CARDS_IN_DOM))
        allowed = public_cards(replay(saved(host)))  # read after: as far on as the watcher or further
        assert shown <= allowed, f"the watcher's page shows {shown - allowed}"
        assert not watcher.locator("#hand [data-card]").count()
        checks[0] += 1

    assert play_devices(host, [guest], random.Random(31), each=each)[0] >= 3
    assert checks[0] >= 6
    data = saved(host)
    watcher.wait_for_selector("#result-body .result-table", state="attached", timeout=30_000)
    tricks = set()
    for f in watcher.evaluate("window.burkozelRelay.frames"):
        text = seal.unseal(secret, seal.TO_GUEST, f["data"]) if f["dir"] == "in" else None
        frame = session.parse(text) if text is not None else None
        if frame is None or frame.kind != "m":
            continue
        state = json.loads(frame.body)
        allowed = public_cards(replay(data, tuple(state["at"])))
        shown = set(re.findall(r'"([6-9TJQKA][SHDC])"', frame.body))
        assert shown <= allowed, f"a frame to the watcher holds {shown - allowed}"
        tricks.add(len(state["view"]["history"]))
    assert tricks >= set(range(len(replay(data).view(0).history) + 1)), tricks
    # Through the relays only: no WebRTC connection to the host (nor to other watchers), so
    # no watcher learns the players' or the other watchers' network addresses.
    assert watcher.evaluate("window.burkozelRelay.way('host')") == "relay"
    assert host.evaluate("window.burkozelRelay.way('watch')") == "relay"
    assert watcher.evaluate("window.__peers.filter((pc) => pc.connectionState === 'connected').length") == 0
