"""The table that moves and sounds (web/page/motion.js, sound.js, cues.js), seen in Chromium.

Motion is sampled at every animation frame while a real deal is played at «fast»: cards fly
to the table from the hand and from the seats, taken tricks fly to their taker, the draw
comes from the stock, and no moving face-down card (a closed discard, a card drawn by the
opponent, a taken trick's back) carries a card's identity at any frame. With reduced motion
nothing runs. The sound is counted where the page makes it (AudioContext's sources), never
before the first tap and never with «Звук» off; without Web Audio the table plays on.
A table with people says «Ваш ход» in the tab's title and icon while the tab is hidden."""

from __future__ import annotations

import random

import pytest

from harness import app_url, boot
from tablekit import (WATCH_DOM, check_no_leak, hand, new_match, open_table, phase, play_turn, replay, saved, to_menu,
                      wait_settled)
from test_p2p import host_table, p2p_browser, two_pages  # noqa: F401  (p2p_browser: a fixture)

# Every running animation at every frame: what moves (by where it is), its transform, and
# every face-down card inside a moving element that carries more than its class.
SAMPLE_MOTION = """
(() => {
  const m = window.__motion = {kinds: {}, bad: [], frames: 0, ghosts: 0, longest: 0};
  const born = new Map();  // each taken trick's flight: how long it stayed on the page
  new MutationObserver((records) => {
    for (const r of records) {
      r.addedNodes.forEach((n) => { if (n.classList?.contains('flight-cards')) born.set(n, performance.now()); });
      r.removedNodes.forEach((n) => {
        if (born.has(n)) m.longest = Math.max(m.longest, performance.now() - born.get(n));
        born.delete(n);
      });
    }
  }).observe(document.body, {subtree: true, childList: true});
  const kindOf = (el) => el.closest('#motion') ? 'take'
    : el.closest('#trick') ? (el.classList.contains('back') ? 'trick-back' : 'trick-face')
    : el.closest('#hand') ? 'hand' : el.closest('.mini-hand') ? 'seat-back'
    : el.closest('#coins') ? 'coins' : el.classList.contains('seat') ? 'turn' : 'other';
  const loop = () => {
    m.frames++;
    m.ghosts = Math.max(m.ghosts, document.querySelectorAll('#motion .ghost').length);
    for (const a of document.getAnimations()) {
      const el = a.effect && a.effect.target;
      if (a.playState !== 'running' || !(el instanceof Element)) continue;
      const kind = kindOf(el);
      const seen = m.kinds[kind] = m.kinds[kind] || {count: 0, transforms: []};
      seen.count++;
      const t = getComputedStyle(el).transform;
      if (seen.transforms.length < 40 && !seen.transforms.includes(t)) seen.transforms.push(t);
      for (const back of [el, ...el.querySelectorAll('.back')]) {
        if (!back.classList.contains('back')) continue;
        const extra = back.getAttributeNames().filter((n) => n !== 'class' && n !== 'aria-hidden');
        if (extra.length || back.childNodes.length || back.closest('[data-card]')) m.bad.push(el.outerHTML.slice(0, 300));
      }
      if (el.closest('#motion') && el.querySelector('[data-card], [aria-label]')) m.bad.push(el.outerHTML.slice(0, 300));
    }
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
})();
"""


def _play(page, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if wait_settled(page) != "play":
            return
        check_no_leak(page)
        play_turn(page, rng)


def test_cards_fly_and_a_face_down_card_moves_with_no_identity(page, base_url):
    """Вдвоём (closed discards) at «fast»: every kind of card motion runs, by transforms that
    change from frame to frame, and no frame shows a moving back with an identity."""
    open_table(page, base_url, speed="fast", seed=11)
    page.evaluate(SAMPLE_MOTION)
    new_match(page, "duel", "easy", discard="closed")
    _play(page, random.Random(2), 12)
    m = page.evaluate("window.__motion")
    assert m["frames"] > 20
    kinds = m["kinds"]
    for kind in ("trick-face", "trick-back", "take", "hand", "seat-back", "turn"):
        assert kind in kinds, (kind, sorted(kinds))
    for kind in ("trick-face", "take", "seat-back"):
        assert len(kinds[kind]["transforms"]) >= 3, (kind, kinds[kind]["transforms"])  # sampled mid-flight
    assert m["ghosts"] > 0
    assert not m["bad"], m["bad"][:3]
    # A taken trick's copies are gone once landed (300 ms; a loaded machine's frames come late).
    assert 250 < m["longest"] < 2_000, m["longest"]
    check_no_leak(page)


def test_with_reduced_motion_no_card_moves(page, base_url):
    page.emulate_media(reduced_motion="reduce")
    open_table(page, base_url, speed="fast", seed=11)
    page.evaluate(SAMPLE_MOTION)
    new_match(page, "duel", "easy", discard="closed")
    _play(page, random.Random(2), 6)
    m = page.evaluate("window.__motion")
    assert m["frames"] > 20 and m["kinds"] == {} and m["ghosts"] == 0


def _forced_by(events: list[dict], files: tuple[str, ...], but: str) -> list[tuple[str, str]]:
    """The style recalcs and layouts a script of ``files`` forced (Chrome puts the script's stack
    on a forced one only), as (event, the script's function), but those under the function ``but``."""
    out = []
    for e in events:
        if e.get("name") not in ("Layout", "UpdateLayoutTree"):
            continue
        args = e.get("args") or {}
        stack = (args.get("beginData") or args.get("data") or {}).get("stackTrace") or []
        if any(frame.get("functionName") == but for frame in stack):
            continue
        for frame in stack:
            if str(frame.get("url", "")).endswith(files):
                out.append((e["name"], f"{frame['url'].rsplit('/', 1)[-1]}:{frame.get('functionName')}"))
                break
    return out


# A busy machine's rendering, made to come late: a ResizeObserver notifies in a real rendering
# step (after layout, before paint) but not before 500 ms have passed since it was asked.
LATE_RENDERING = """
(() => {
  const Real = window.ResizeObserver;
  window.ResizeObserver = class {
    constructor(callback) { this.callback = callback; this.real = null; }
    observe(target) {
      const asked = performance.now();
      this.real?.disconnect();
      const real = this.real = new Real((entries) => {
        real.disconnect();
        if (performance.now() - asked < 500) requestAnimationFrame(() => real.observe(target));
        else this.callback(entries, this);
      });
      real.observe(target);
    }
    unobserve() { this.real?.disconnect(); }
    disconnect() { this.real?.disconnect(); }
  };
})();
"""


def test_a_batch_of_flights_forces_no_style_or_layout(browser, page, base_url, tmp_path):
    """Each batch's flights read where the cards are in a ResizeObserver's first notice (after
    the browser's own layout, before it paints), every reader before any writer, and only then
    start — even when that rendering comes late, as on a busy machine (made so here): traced
    through a deal and a dozen moves at «fast», nothing in motion.js or chips.js makes Chromium
    style or lay the page out in a script. (Before, a visible tab's rendering later than 400 ms
    was not waited for: a timer read the table, laying it all out in a script — the long
    "motion.js" task of Lighthouse's table in play on a loaded machine.) Left out: ``snapshot()``,
    which reads where the cards were as the batch arrives, when a task since the last frame (a
    tap, a taken trick's copies removed) may have left a few elements to restyle (bench/README.md)."""
    import json

    page.add_init_script(COUNT_MOTION)
    page.add_init_script(LATE_RENDERING)
    open_table(page, base_url, speed="fast", seed=11)
    path = tmp_path / "trace.json"
    browser.start_tracing(page=page, path=str(path))
    new_match(page, "duel", "easy", discard="closed")
    _play(page, random.Random(2), 12)
    browser.stop_tracing()
    data = json.loads(path.read_text())
    events = data["traceEvents"] if isinstance(data, dict) else data
    ran = [e for e in events if e.get("name") == "FunctionCall"
           and str((e.get("args") or {}).get("data", {}).get("url", "")).endswith("/motion.js")]
    assert ran and page.evaluate("window.__moved") > 20  # the batches were traced, and cards flew
    assert _forced_by(events, ("/motion.js", "/chips.js"), but="snapshot") == []


# Armed once: the moment a taken trick's copies are in the air (a child of #motion added), the
# table's regions as drawn then go to sessionStorage and the page reloads, in that same task.
RELOAD_MID_FLIGHT = """
(regions) => {
  const observer = new MutationObserver(() => {
    const flying = document.querySelectorAll('#motion .ghost').length;
    if (!flying) return;
    observer.disconnect();
    const drawn = Object.fromEntries(regions.map((id) => [id, document.getElementById(id).innerHTML]));
    sessionStorage.setItem('mid-flight', JSON.stringify({flying, drawn}));
    location.reload();
  });
  observer.observe(document.body, {subtree: true, childList: true});
}
"""
REGIONS = ["score", "seat-1", "deck", "trick", "me", "hand"]


# Counts the animations a page starts (cards, seats, coins), from its first script on.
COUNT_MOTION = """
window.__moved = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) { window.__moved++; return animate.apply(this, args); };
"""


def test_a_reload_while_a_trick_flies_shows_the_same_table(page, base_url):
    """The page reloaded while a taken trick is in the air (the reload is made by the page in
    the task that saw the flight start): behind «Продолжить партию» the table is drawn as it
    was at that moment, nothing is left in the air, and the match goes on with the saved hand."""
    from playwright.sync_api import Error

    page.add_init_script(COUNT_MOTION)  # every page of the test, the reloaded one too
    open_table(page, base_url, speed="fast", seed=11)
    new_match(page, "duel", "easy")
    page.evaluate(RELOAD_MID_FLIGHT, REGIONS)
    rng = random.Random(3)
    try:
        for _ in range(40):
            wait_settled(page)
            play_turn(page, rng)
    except Error:  # the page reloaded under the test's feet: what it waits for
        pass
    page.wait_for_selector("html[data-state=ready]", state="attached", timeout=90_000)
    page.wait_for_selector("#menu[open] [data-action=continue]", state="visible")
    moment = page.evaluate("JSON.parse(sessionStorage.getItem('mid-flight'))")
    assert moment is not None and moment["flying"] > 0, "no trick was taken in flight"
    assert page.locator("#motion .ghost").count() == 0
    # The reloaded table was drawn with its cards, and none of them moved: a first drawing flies nothing.
    assert page.evaluate("window.__moved") == 0
    drawn = page.evaluate("(ids) => Object.fromEntries(ids.map((id) => [id, document.getElementById(id).innerHTML]))",
                          REGIONS)
    assert drawn == moment["drawn"]
    page.click("#menu [data-action=continue]")
    wait_settled(page)
    assert page.locator("#motion .ghost").count() == 0
    match = replay(saved(page))
    assert sorted(hand(page)) == sorted(str(c) for c in match.round.hands[0])
    check_no_leak(page)


# Every card motion started in a hand, a seat's cards or the deck: whose cards (the seat, or
# the stock and the trump), its delay, and the point its centre starts from, with the centre of
# the dealer's seat at that moment (the page's layout then, untouched by the flights).
RECORD_DEAL = """
(() => {
  window.__dealt = [];
  const animate = Element.prototype.animate;
  const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];
  Element.prototype.animate = function (frames, options) {
    const first = frames[0] || {};
    const card = this.classList.contains('card') && this.closest('#hand, #felt .seat[data-seat], #deck');
    if (typeof first.transform === 'string' && (card || this.matches('#motion .ghost[data-seat]'))) {
      const shift = /^translate\\(([-\\d.e]+)px, ([-\\d.e]+)px\\)/.exec(first.transform);
      const [x, y] = centre(this.getBoundingClientRect());
      const dealer = document.querySelector('#felt .seat:has(.tag.dealer), #me .seat:has(.tag.dealer)');
      // A seat's bare back flies once a card (its iterations): each iteration is one card.
      for (let k = 0; k < ((options && options.iterations) || 1); k++) window.__dealt.push({
        seat: this.closest('#hand') ? Number(document.querySelector('#me .seat[data-seat]').dataset.seat)
          : this.closest('#trump') ? 'trump' : this.closest('#deck') ? 'stock'
          : Number(this.closest('[data-seat]').dataset.seat),
        delay: ((options && options.delay) || 0) + k * ((options && options.duration) || 0),
        from: shift ? [x + Number(shift[1]), y + Number(shift[2])] : null,
        dealer: dealer ? [Number(dealer.dataset.seat), ...centre(dealer.getBoundingClientRect())] : null,
      });
    }
    return animate.call(this, frames, options);
  };
})();
"""


@pytest.mark.parametrize(("fmt", "players", "size"), [("pairs", None, (1280, 800)), ("bura_pot", 5, (390, 844))])
def test_the_deal_comes_from_the_dealer_one_card_at_a_time_clockwise(page, base_url, fmt, players, size):
    """A new deal flies as a dealer deals it (RULES.md §3): every card from the dealer's seat,
    one at a time round the table starting at the dealer's left (the next seat clockwise),
    the dealer last; then the stock is set down and the trump turned up last of all. On a
    phone at five seats the others' cards are not drawn: a bare back flies to each seat."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.add_init_script(RECORD_DEAL)
    open_table(page, base_url, speed="fast", seed=11)
    page.evaluate("window.__dealt = []")
    new_match(page, fmt, "easy", players=players)
    dealt = sorted(page.evaluate("window.__dealt"), key=lambda e: e["delay"])
    seated = int(page.get_attribute("#table", "data-players"))
    cards = [e for e in dealt if isinstance(e["seat"], int)]
    hand_size = len(cards) // seated
    assert hand_size in (3, 4) and len(cards) == seated * hand_size, [e["seat"] for e in dealt]
    dealer = cards[0]["dealer"][0]
    order = [(dealer + k) % seated for k in range(1, seated + 1)]
    assert [e["seat"] for e in cards] == order * hand_size
    for e in cards:  # from the middle of the dealer's seat
        assert e["dealer"][0] == dealer
        assert abs(e["from"][0] - e["dealer"][1]) < 1.5 and abs(e["from"][1] - e["dealer"][2]) < 1.5, e
    # The cards one after another; then the stock; the trump turned up last.
    assert len({e["delay"] for e in cards}) == len(cards)
    rest = [e["seat"] for e in dealt[len(cards):]]
    assert rest and rest[-1] == "trump" and set(rest[:-1]) == {"stock"}, rest
    assert dealt[-1]["delay"] > max(e["delay"] for e in dealt[:-1])


# --- sound ----------------------------------------------------------------------------------

# Counts the audio contexts made and the sounds started, whatever the browser plays them on.
COUNT_SOUNDS = """
(() => {
  window.__audio = {contexts: 0, started: 0};
  const Real = window.AudioContext;
  if (!Real) return;
  window.AudioContext = class extends Real {
    constructor(...args) { super(...args); window.__audio.contexts++; }
  };
  const start = AudioScheduledSourceNode.prototype.start;
  AudioScheduledSourceNode.prototype.start = function (...args) { window.__audio.started++; return start.apply(this, args); };
})();
"""


def test_sounds_start_at_the_first_tap_and_the_switch_silences_them(page, base_url):
    page.add_init_script(COUNT_SOUNDS)
    open_table(page, base_url, speed="fast", seed=11)
    page.wait_for_timeout(300)
    assert page.evaluate("window.__audio") == {"contexts": 0, "started": 0}  # nothing before a gesture
    new_match(page, "duel", "easy")
    rng = random.Random(4)
    _play(page, rng, 3)
    audio = page.evaluate("window.__audio")
    assert audio["contexts"] == 1 and audio["started"] > 0, audio
    to_menu(page)
    page.click("#menu label:has(#signal-sound)")
    page.wait_for_selector("#table[data-sound=off]", state="attached")
    page.click("#menu [data-action=continue]")
    before = page.evaluate("window.__audio.started")
    _play(page, rng, 3)
    assert page.evaluate("window.__audio.started") == before


def test_the_sound_switch_is_kept_across_a_reload(page, base_url):
    open_table(page, base_url)
    to_menu(page)
    assert page.is_checked("#signal-sound") and page.is_checked("#signal-vibrate")
    page.click("#menu label:has(#signal-sound)")
    page.wait_for_selector("#table[data-sound=off]", state="attached")
    page.reload()
    page.wait_for_selector("#menu[open] #signal-sound", state="attached")
    assert not page.is_checked("#signal-sound")  # the menu before Python reads it too
    page.wait_for_selector("html[data-state=ready]")
    assert page.get_attribute("#table", "data-sound") == "off"
    assert not page.is_checked("#signal-sound") and page.is_checked("#signal-vibrate")


@pytest.mark.parametrize("broken", ["missing", "throws"])
def test_without_web_audio_the_table_plays_on_in_silence(page, base_url, broken):
    """No AudioContext (or one that refuses to be made), no vibration, no wake lock: no error
    in the console (the page fixture fails on one), and the deal goes on by clicks."""
    script = {"missing": "delete window.AudioContext; delete window.webkitAudioContext;",
              "throws": "window.AudioContext = class { constructor() { throw new Error('NotAllowedError'); } };"}[broken]
    page.add_init_script(script + " delete Navigator.prototype.vibrate; delete Navigator.prototype.wakeLock;")
    open_table(page, base_url, speed="fast", seed=11)
    new_match(page, "duel", "easy")
    before = len(saved(page)["rounds"][-1])
    _play(page, random.Random(5), 3)
    assert len(saved(page)["rounds"][-1]) > before


# --- your turn at a table with people ----------------------------------------------------------

HIDE = """(hidden) => {
  Object.defineProperty(document, 'hidden', {configurable: true, get: () => hidden});
  Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => hidden ? 'hidden' : 'visible'});
  document.dispatchEvent(new Event('visibilitychange'));
}"""


@pytest.fixture
def fast_pages(p2p_browser, server):  # noqa: F811
    with two_pages(p2p_browser, server, speed="fast") as both:
        yield both


PLAYED_OR_OVER = "['play', 'clearing', 'round_end'].includes(document.getElementById('table').dataset.phase)"


def _until_the_friend_is_to_move(host, rng: random.Random) -> None:
    """The host plays (and deals on past a finished deal) until the friend is to move.
    The first deal waits for the guest's value, and may be over at the deal."""
    for _ in range(40):
        host.wait_for_function(PLAYED_OR_OVER, timeout=30_000)
        if phase(host) == "round_end":
            host.click("#result [data-action=next]")
            host.wait_for_timeout(300)
            continue
        if host.get_attribute("#table", "data-turn") != "me":
            return
        play_turn(host, rng)
        host.wait_for_timeout(100)
    raise AssertionError(f"the friend never came to move: {phase(host)}")


def _the_friend_plays_until_the_hosts_turn(host, guest, rng: random.Random) -> bool:
    """True once the host is to move; False if the deal ended first (a friend who takes
    a trick leads again, and a last trick ends the deal)."""
    for _ in range(200):
        if host.get_attribute("#table", "data-turn") == "me" and phase(host) == "play":
            return True
        if phase(host) in ("round_end", "match_end"):
            return False
        if guest.get_attribute("#table", "data-turn") == "me" and phase(guest) == "play":
            play_turn(guest, rng)
        host.wait_for_timeout(150)
    raise AssertionError("the turn never came back to the host")


def test_a_hidden_tab_says_your_turn_at_a_table_with_people(fast_pages):
    """The host's tab hidden while the friend is to move: when the turn comes back to the
    host, the title and the icon say «Ваш ход»; shown again, the tab is as it was. A
    single player's hidden tab keeps its title."""
    host, guest = fast_pages
    host_table(host, guest, "duel")
    title = host.title()
    rng = random.Random(8)
    for _ in range(3):  # the friend's move may end the deal: then the next deal, hidden again
        _until_the_friend_is_to_move(host, rng)
        host.evaluate(HIDE, True)
        assert host.title() == title
        if _the_friend_plays_until_the_hosts_turn(host, guest, rng):
            break
        host.evaluate(HIDE, False)
    else:
        raise AssertionError("three deals ended before the turn came back to the host")
    host.wait_for_function("document.title.startsWith('Ваш ход')")
    assert host.get_attribute("link[rel=icon]", "href").endswith("icon-turn.svg")
    host.evaluate(HIDE, False)
    assert host.title() == title
    assert not host.get_attribute("link[rel=icon]", "href").endswith("icon-turn.svg")


def test_a_single_players_hidden_tab_keeps_its_title(page, base_url):
    open_table(page, base_url, speed="fast", seed=11)
    new_match(page, "duel", "easy")
    title = page.title()
    page.evaluate(HIDE, True)
    _play(page, random.Random(6), 2)
    wait_settled(page)
    assert page.get_attribute("#table", "data-turn") == "me" and page.title() == title
