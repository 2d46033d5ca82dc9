"""Helpers for the table's browser tests: start a match from the menu, play by
clicks, and watch the DOM for anything seat 0 must not see.

Why a module: the table tests (test_table.py), the resume/robustness tests
(test_resume.py), the soak (test_soak.py) and the tests of play between devices
(test_p2p.py, test_online*.py) drive the page the same way.
Hooks used (the table's contract): ``#table[data-phase|data-turn]``,
``button[data-action]``, ``#hand button[data-card]``, ``.card.back``,
``localStorage["burkozel.match"]``.
"""

from __future__ import annotations

import json
import random
import re
import sys
import time
from pathlib import Path

from harness import app_url, boot

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from burkozel import Match, Move, TableRules  # noqa: E402
from burkozel.cards import DECK  # noqa: E402

MATCH_KEY = "burkozel.match"
SETTINGS_KEY = "burkozel.settings"
NAMES = {"C": "треф", "D": "бубен", "H": "червей", "S": "пик"}
RANKS = {"6": "шестёрка", "7": "семёрка", "8": "восьмёрка", "9": "девятка", "T": "десятка",
         "J": "валет", "Q": "дама", "K": "король", "A": "туз"}

# Records every card identity that ever reaches the DOM, every face shown in a
# discard (allowed only where the table's discards lie face up), and any face-down
# card that carries more than its class (a leak of identity by attribute or content).
WATCH_DOM = """
(() => {
  window.__seen = new Set();
  window.__discardFaces = [];
  window.__badBacks = [];
  const scan = (node) => {
    if (!node || node.nodeType !== 1) return;
    const all = [node, ...node.querySelectorAll('[data-card], .back')];
    for (const el of all) {
      if (el.dataset && el.dataset.card) {
        window.__seen.add(el.dataset.card);
        if (el.closest('.kind-discard')) window.__discardFaces.push(el.dataset.card);
      }
      if (el.classList && el.classList.contains('back')) {
        const extra = el.getAttributeNames().filter((a) => a !== 'class' && a !== 'aria-hidden');
        if (extra.length || el.childNodes.length) window.__badBacks.push(el.outerHTML);
      }
    }
  };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes') scan(r.target);
      r.addedNodes.forEach(scan);
    }
  }).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ['data-card', 'class']});
})();
"""


# Records every flight of coins at a pot (web/page/chips.js): which seat and way, the numbers
# shown when it starts, the first coin's centre halfway through its flight (150 ms of 300, by its animation's
# clock) with the centres of the pot and the stack,
# what a tap at that coin would reach, and the numbers shown once it is gone.
WATCH_COINS = """
(() => {
  window.__flights = [];
  const text = (s) => document.querySelector(s)?.textContent ?? null;
  const centre = (el) => { const r = el.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
  const numbers = (seat) => ({pot: text('#pot-box .pot-val'), stack: text(`#score .stacks li[data-seat="${seat}"] b`)});
  new MutationObserver((records) => {
    for (const r of records) {
      r.addedNodes.forEach((node) => {
        if (!node.classList?.contains('flight')) return;
        const entry = {seat: +node.dataset.seat, way: node.dataset.way, coins: node.children.length, start: numbers(node.dataset.seat)};
        window.__flights.push(entry);
        const halfway = () => {
          if (!node.isConnected) return;
          const run = node.firstElementChild.getAnimations()[0];
          if (run && run.playState === 'running' && (run.currentTime ?? 0) < 150) return requestAnimationFrame(halfway);
          const stack = document.querySelector(`#table .seat[data-seat="${entry.seat}"] .tag.stack`);
          const coin = centre(node.firstElementChild);
          entry.mid = {coin, pot: centre(document.querySelector('#pot-box .pot-val')), stack: centre(stack),
                       under: document.elementFromPoint(...coin)?.className ?? null};
        };
        requestAnimationFrame(halfway);
      });
      r.removedNodes.forEach((node) => {
        const entry = [...window.__flights].reverse().find((e) => node.classList?.contains('flight') && e.seat === +node.dataset.seat && !e.end);
        if (entry) entry.end = numbers(entry.seat);
      });
    }
  }).observe(document.body, {subtree: true, childList: true});
})();
"""


def open_table(page, base_url: str, watch: bool = True, **params):
    if watch:
        page.add_init_script(WATCH_DOM)
    params.setdefault("speed", "instant")
    boot(page, app_url(base_url, **params))
    return page


def choose(page, fmt: str | None = None, difficulty: str | None = None, combos: dict[str, bool] | None = None,
           speed: str | None = None, discard: str | None = None, players: int | None = None) -> None:
    """Set menu inputs (the menu must be open); ``combos``, ``discard`` and ``players``
    are the switches of the table chosen (each table has its own)."""
    if fmt:
        page.check(f"input[name=format][value={fmt}]")
    if players:
        page.check(f"input[name=players][value=\"{players}\"]")
        page.wait_for_function("n => document.querySelectorAll('#menu .seat-row').length === n", arg=players)
    if discard:
        page.check(f"input[name=discard][value={discard}]")
    if difficulty:
        page.check(f"input[name=difficulty][value={difficulty}]")
    if speed:
        page.check(f"input[name=speed][value={speed}]")
    for name, on in (combos or {}).items():
        page.set_checked(f"input[name={name}]", on)


def new_match(page, fmt: str = "pairs", difficulty: str = "easy", **kw) -> None:
    to_menu(page)
    choose(page, fmt, difficulty, **kw)
    page.click("#menu [data-action=new]")
    wait_settled(page)
    reset_seen(page)


WAITS_FOR_PLAYER_JS = """() => { const t = document.getElementById('table');
  return (t.dataset.turn === 'me' || ['round_end', 'match_end'].includes(t.dataset.phase))
    && !document.querySelector('#coins .flight'); }"""
HURRY_STEP_MS = 1_000  # longer than a bot's move, shorter than a trick left on the table


def wait_settled(page, timeout: int = 30_000, hurry: bool = False) -> str:
    """Wait until the table waits for the player: their turn, or a round/match end, with
    no chips in flight (their numbers are then the new ones). ``hurry``: the table's timers
    are moved on by the page's clock (Playwright's, installed before the boot), one step
    and the worker's answer at a time, instead of being waited for; never while coins
    fly (web/page/chips.js lands them by a timer at the latest), which take their time."""
    page.evaluate("window.burkozelSettled()")  # what was clicked last has been answered
    if hurry:
        deadline = time.monotonic() + timeout / 1000
        while not page.evaluate(WAITS_FOR_PLAYER_JS):
            if time.monotonic() > deadline:
                raise AssertionError(f"the table did not wait for the player within {timeout} ms")
            if page.locator("#coins .flight").count():
                page.wait_for_timeout(50)
            else:
                page.clock.run_for(HURRY_STEP_MS)
            page.evaluate("window.burkozelSettled()")
    page.wait_for_function(WAITS_FOR_PLAYER_JS, timeout=timeout)
    return page.get_attribute("#table", "data-phase")


def hand(page) -> list[str]:
    return page.eval_on_selector_all("#hand button[data-card]", "els => els.map(e => e.dataset.card)")


def assert_hand_words(page, card_name: re.Pattern, ranks: dict[str, str]) -> None:
    """Every card of the hand shows its rank in its corner as ``ranks`` has it and is
    named (its aria-label) by that index, then in words ``card_name`` matches: the cards
    speak the page's language, and the name holds what is shown."""
    cards = page.eval_on_selector_all(
        "#hand button[data-card]",
        "els => els.map(e => [e.dataset.card, e.getAttribute('aria-label'), e.querySelector('text.idx').textContent])")
    assert cards
    for card, label, corner in cards:
        assert corner == ranks[card[0]], (card, corner)
        index, _, words = label.partition(", ")
        assert index == corner and card_name.match(words), label


def saved(page) -> dict | None:
    raw = page.evaluate(f"localStorage.getItem({MATCH_KEY!r})")
    return json.loads(raw) if raw else None


def replay(saved_match: dict, at: tuple[int, int] | None = None) -> Match:
    """The match rebuilt from the saved moves — in the test, to know what must stay hidden;
    ``at`` (round, moves in it): only up to that moment (a guest message's ``at``)."""
    rules = TableRules(saved_match["format"], tuple(saved_match["combos"]), saved_match.get("discard"),
                       saved_match.get("players"), dave=saved_match.get("dave", False),
                       house=saved_match.get("house", {}))
    match = Match(rules, seed=saved_match.get("seed"), first_deal=saved_match.get("first_deal", 0),
                  secret=saved_match.get("secret"), keys=saved_match.get("keys", ()), dealer=saved_match.get("dealer"))
    rounds = saved_match["rounds"] if at is None else saved_match["rounds"][:at[0] + 1]
    for r, moves in enumerate(rounds):
        if r:
            match.next_round()
        for seat, move in moves[:at[1]] if at is not None and r == at[0] else moves:
            match.push(Move.from_dict(move), seat)
    return match


def hidden_now(match: Match) -> set[str]:
    """Faces seat 0 may not know: other hands, the stock (not the face-up trump),
    others' face-down discards (unless it is the trump card, which all saw)."""
    return {str(c) for c in match.round.unknown_to(0)}


def others_discarded(match: Match) -> int:
    """Cards the other seats threw face down this round that seat 0 never saw (none where
    discards lie face up; the trump card, turned up for all, is not one of them)."""
    rnd = match.round
    if match.rules.open_discards:
        return 0
    tricks = rnd.tricks + ([rnd.trick] if rnd.trick else [])
    return sum(1 for t in tricks for p in t.plays if p.kind == "discard" and p.seat != 0
               for c in p.cards if c != rnd.trump_card)


def check_no_leak(page) -> None:
    """Nothing hidden in the DOM now, nor ever in this round (by count)."""
    data = saved(page)
    match = replay(data)
    html = page.evaluate("document.documentElement.outerHTML")
    for c in hidden_now(match):
        assert f'"{c}"' not in html, f"hidden card {c} in the DOM"
        assert f"{RANKS[c[0]]} {NAMES[c[1]]}" not in html, f"hidden card {c} named in the DOM"
    seen = set(page.evaluate("[...window.__seen]"))
    assert len(seen) <= 36 - others_discarded(match), (len(seen), others_discarded(match))
    assert not page.evaluate("window.__badBacks"), "a face-down card carries an identity"
    if not match.rules.open_discards:
        assert not page.evaluate("window.__discardFaces"), "a face-down discard was shown face up"


PLAY_TURN_JS = """
async (r) => {
  const q = (s) => document.querySelector(s);
  // Each click is answered by the Python worker: wait for its effects (web/page/host.js).
  const click = async (el) => { el.click(); await window.burkozelSettled(); };
  const card = (c) => q(`#hand [data-card="${c}"]`);
  const cards = [...document.querySelectorAll('#hand button[data-card]')].map((e) => e.dataset.card);
  const accept = q('[data-action=accept]');
  if (accept && !accept.classList.contains('idle')) {  // a «даве» to answer: accept or fold
    const answer = r < 0.5 ? accept : q('[data-action=fold]');
    await click(answer);
    return answer.dataset.action;
  }
  if (!q('[data-action=lead]').classList.contains('idle')) {
    await click(card(cards[Math.floor(r * cards.length)]));
    await click(q('[data-action=lead]'));
    return 'lead';
  }
  const size = q('#trick .trick-cards')?.dataset.size;
  if (size === '1' && r < 0.6) {
    for (const c of cards) {
      await click(card(c));
      if (!q('[data-action=beat]').disabled) { await click(q('[data-action=beat]')); return 'beat'; }
      await click(card(c));
    }
  }
  await click(q('[data-action=discard]'));
  return 'discard';
}
"""


def play_turn(page, rng: random.Random) -> str:
    """One human move by clicks on the table's own controls (dispatched in the
    page, one round trip): a one-card lead, a beat when a card beats, else
    «Сбросить» with nothing selected (auto-discard)."""
    return page.evaluate(PLAY_TURN_JS, rng.random())


def play_round(page, rng: random.Random, check=True, hurry: bool = False) -> str:
    """Play until the round ends; returns the phase then (round_end/match_end);
    ``hurry`` as in :func:`wait_settled`."""
    for _ in range(200):
        phase = wait_settled(page, hurry=hurry)
        if phase in ("round_end", "match_end"):
            return phase
        if check:
            check_no_leak(page)
        play_turn(page, rng)
    raise AssertionError("round did not end")


OVER = ("round_end", "match_end")


def phase(page) -> str:
    return page.get_attribute("#table", "data-phase")


def play_devices(host, guests: list, rng: random.Random, moves: int | None = None, each=None) -> list[int]:
    """The host's page and its guests' (each a device of its own) play by clicks until the
    host's deal is over, or the guests have made ``moves`` moves between them; ``each(page)``
    before every move.  Returns each guest's moves."""
    made = [0] * len(guests)
    for _ in range(1500):
        if phase(host) in OVER or (moves is not None and sum(made) >= moves):
            return made
        acted = False
        for i, page in enumerate([host, *guests]):
            if page.get_attribute("#table", "data-turn") == "me" and phase(page) == "play":
                if each is not None:
                    each(page)
                play_turn(page, rng)
                acted = True
                if i:
                    made[i - 1] += 1
        if not acted:
            host.wait_for_timeout(40)
    raise AssertionError("the deal did not end")


def reset_seen(page) -> None:
    page.evaluate("if (window.__seen) { window.__seen = new Set(); window.__discardFaces = []; }")


# --- one page shared by a module's tests (boot is the expensive part) ------------------


def shared_page(browser, server, locale: str = "ru-RU", **params):
    """A guarded context (browser language ``locale``) and a booted page, for a
    module-scoped fixture. Yields ``(page, guard)``; each test should call
    ``guard.check()`` (see ``checked``)."""
    from harness import Guard

    guard = Guard(origins={server.origin})
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale=locale)

    def route(route):
        if guard.is_foreign(route.request.url):
            guard.foreign_requests.append(route.request.url)
            route.abort()
        else:
            route.fallback()

    ctx.route("**/*", route)
    ctx.on("request", guard.on_request)
    ctx.on("page", guard.watch)
    page = ctx.new_page()
    open_table(page, server.url, **params)
    return ctx, page, guard


def table_fixtures(**params):
    """A module's ``shared`` fixture (one booted table for its tests, each of
    which starts its own match) and its ``table`` fixture (that page at
    1280×800, guarded): ``shared, table = table_fixtures(seed=3)``."""
    import pytest

    @pytest.fixture(scope="module")
    def shared(browser, server):
        ctx, page, guard = shared_page(browser, server, **params)
        yield page, guard
        ctx.close()

    @pytest.fixture
    def table(shared):
        page, guard = shared
        page.set_viewport_size({"width": 1280, "height": 800})
        yield page
        guard.check()

    return shared, table


def to_menu(page) -> None:
    """Get to the open menu from wherever the table is."""
    if page.is_visible("#rules"):
        page.click("#rules .dlg-buttons [data-action=close-rules]")
    if page.is_visible("#menu"):
        return
    if page.is_visible("#result"):
        page.click("#result [data-action=menu]")
    else:
        page.click("header [data-action=menu]")
    page.wait_for_selector("#menu", state="visible")


NO_DIRECT = """(() => {
  const Real = window.RTCPeerConnection;
  window.RTCPeerConnection = function (config) {
    return new Real({ ...(config || {}), iceServers: [], iceTransportPolicy: "relay" });
  };
  window.RTCPeerConnection.prototype = Real.prototype;
})();"""
"""An init script: this context's WebRTC makes no connection (no TURN, relay candidates only),
so play by link must go through the relays."""


def online_page(browser, made: list, no_direct: bool = False, clock: bool = False, route=None, guard=None,
                **options):
    """A page for play by link in a browser context of its own (the e2e tests' and the relay
    bench's): ``route`` attaches a fake relay to the context, ``guard`` watches its requests,
    ``no_direct`` keeps it off WebRTC, ``clock`` installs Playwright's clock (it runs as time
    does until moved).  ``made`` gets (context, guard), for the caller to close and check."""
    options = {"viewport": {"width": 1280, "height": 800}, "locale": "ru-RU", **options}
    ctx = browser.new_context(**options)
    if clock:
        ctx.clock.install()
    if guard is not None:
        ctx.on("request", guard.on_request)
        ctx.on("page", guard.watch)
    if route is not None:
        route(ctx)
    if no_direct:
        ctx.add_init_script(NO_DIRECT)
    made.append((ctx, guard))
    return ctx.new_page()


def play_by_clicks(page, move: Move, action: str | None = None) -> None:
    """Seat 0 plays ``move`` as a player does: each card tapped (and shown picked), then the
    move's button (``action``, else the move's kind); the saved match then holds that move."""
    before = sum(len(r) for r in saved(page)["rounds"])
    for card in move.cards:
        page.click(f'#hand button[data-card="{card}"]')
        page.evaluate("window.burkozelSettled()")
        assert page.get_attribute(f'#hand button[data-card="{card}"]', "aria-pressed") == "true"
    button = page.locator(f"#actions [data-action={action or move.kind}]")
    assert button.is_enabled()
    button.click()
    wait_settled(page)
    played = [m for r in saved(page)["rounds"] for m in r][before]
    assert played[0] == 0 and played[1] == move.to_dict()


def open_position(page, position) -> None:
    """The page resumes ``position``'s save (``decisions.Position``) as a player does: a deal in
    play by «Продолжить партию», a deal's end on its result."""
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [MATCH_KEY, position.saved()])
    page.reload()
    page.wait_for_selector("html[data-state=ready]", state="attached", timeout=90_000)
    page.wait_for_selector("#menu[open], #result[open]", state="attached")
    if page.locator("#menu[open] [data-action=continue]").count():  # a deal in play: «Продолжить партию»
        page.click("#menu [data-action=continue]")
    wait_settled(page)
