#!/usr/bin/env python3
"""Issue #43's "Done when" walked at people's pace through the real relay: a whole evening.

Пары, host ru-RU and three guests on their own links (ru-RU, en-US, uk-UA; the uk-UA one
relay-only), a watcher by the watch link, every page at 390×844. Clicks every 2–5 s (``--pace``),
phrases now and then, the host mutes a seat; the whole match, «Ещё партию» answered by all three
guests (``--leaver SEAT``: that guest leaves, a bot takes the seat), a few tricks of the next match;
then another page opens «Открытый стол» and a stranger finds it in «Найти игру» and sits down.
It prints each page's and socket's events (in all, mean a minute, busiest 60 s, a mean hour against
nostream's 720), the largest event, waits over 10 s, console errors and what it saw at the
rematch; it asserts nothing (bench/README.md, «The evening»).

    .venv/bin/python bench/room_evening.py [--pace 2,5] [--leaver 2] [--shots /tmp/evening]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))
sys.path.insert(0, str(ROOT / "bench"))

from harness import CHROMIUM_ARGS, SITE, Guard, Server, app_url, boot, chromium_path, settle_after_actions  # noqa: E402
from online_kit import CLOSED_BY_PEER, invite_links, seat_guests, wait_for_hand  # noqa: E402
from open_tables import published  # noqa: E402
from tablekit import online_page, phase, play_devices, to_menu  # noqa: E402
from test_open_tables import find_and_take  # noqa: E402
from test_p2p import MDNS_OFF, button  # noqa: E402

HOUR_LIMIT = 720
"""nostream's default events an hour of all kinds on one connection (bench/README.md cites it)."""
SLOW_S = 10.0
"""A wait for a turn, an offer or a seat longer than this is counted as stuck."""
LOCALES = {1: "ru-RU", 2: "en-US", 3: "uk-UA"}
RELAY_ONLY = (3,)
SAID = ("hello", "good_move", "wait", "thumbs", "your_turn", "laugh", "thanks", "oops")
SEEN_JS = """() => ({phase: document.getElementById('table').dataset.phase,
  score: (document.getElementById('score') || {}).textContent || '',
  cards: document.querySelectorAll('#hand [data-card]').length,
  trick: document.querySelectorAll('#trick .card').length,
  watchers: (document.querySelector('[data-watchers]') || {dataset: {}}).dataset.watchers || '0',
  dialog: [...document.querySelectorAll('dialog[open]')].map((d) => d.id).join(','),
  muted: [...document.querySelectorAll('[data-action=online-mute][aria-pressed=true]')].map((b) => b.dataset.seat),
  key: ((document.querySelector('#result .key-line') || {}).textContent || '').slice(0, 60)})"""


class Evening:
    """The pages, their guards, the stages' waits and the screenshots."""

    def __init__(self, browser, server, pace: tuple[float, float], seed: int, shots: Path | None) -> None:
        self.browser, self.server, self.pace, self.shots = browser, server, pace, shots
        self.rng = random.Random(seed)
        self.made: list = []
        self.pages: dict[str, object] = {}
        self.guards: dict[str, Guard] = {}
        self.waits: list[tuple[str, float]] = []
        self.notes: list[str] = []
        self.moves = 0
        self.muted = False
        self.last = time.monotonic()

    def page(self, name: str, no_direct: bool = False, locale: str = "ru-RU"):
        guard = Guard(origins={self.server.origin})
        p = online_page(self.browser, self.made, no_direct, guard=guard, ignore_https_errors=True, locale=locale,
                        viewport={"width": 390, "height": 844})
        self.pages[name], self.guards[name] = p, guard
        return p

    def pause(self) -> None:
        time.sleep(self.rng.uniform(*self.pace))

    def shoot(self, when: str, *names: str) -> None:
        if self.shots is None:
            return
        self.shots.mkdir(parents=True, exist_ok=True)
        for name in names or tuple(self.pages):
            self.pages[name].screenshot(path=str(self.shots / f"{when}-{name}.png"))

    def waited(self, what: str, started: float) -> None:
        self.waits.append((what, time.monotonic() - started))

    def timed(self, what: str, wait) -> None:
        """``wait()`` (a page's ``wait_for_…``), how long it took noted as ``what``."""
        started = time.monotonic()
        wait()
        self.waited(what, started)

    def seen(self, when: str, *names: str) -> None:
        for name in names or tuple(self.pages):
            self.notes.append(f"{when:14} {name:8} {self.pages[name].evaluate(SEEN_JS)}")

    def each(self, p) -> None:
        """Before a move: the wait for this turn, a person's pause, now and then a phrase."""
        self.waited("a turn", self.last)
        self.pause()
        self.moves += 1
        if not self.muted and p is self.pages["host"]:  # the host mutes the en-US guest's phrases
            self.muted = True
            p.click("#peer-bar [data-action=online-phrases]")
            p.click("#peer-bar [data-action=online-mute][data-seat='2']")
            p.click("#peer-bar [data-action=online-phrases]")
        elif self.moves % 7 == 3:
            p.click("#peer-bar [data-action=online-phrases]")
            p.click(f"#peer-bar [data-action=online-say][data-key={SAID[self.moves // 7 % len(SAID)]}]")
        self.last = time.monotonic()

    def play(self, host, guests: list, moves: int | None = None) -> None:
        self.last = time.monotonic()
        play_devices(host, guests, self.rng, moves=moves, each=self.each)


def walk(ev: Evening, leaver: int | None, second_moves: int) -> None:
    server = ev.server
    host = ev.page("host")
    links = invite_links(host, server, "pairs", people=(1, 2, 3))
    host.click("#p2p [data-action=online-watch]")
    watch_link = host.text_content("#p2p [data-online-watch-link]")
    watcher = ev.page("watcher")
    boot(watcher, app_url(server.url, speed="instant", sw="off") + "#" + watch_link.split("#", 1)[1])
    started = time.monotonic()
    guests = seat_guests(lambda no_direct=False, locale="ru-RU": ev.page(f"guest{len(ev.pages) - 1}", no_direct, locale),
                         server, host, links, relay_only=RELAY_ONLY, locales=LOCALES)
    ev.waited("all seated and dealt", started)
    people = list(guests.values())
    ev.shoot("1-first-deal")
    deals = 1
    while True:
        ev.play(host, people)
        for g in people:
            ev.timed("a deal's end on a guest", lambda: g.wait_for_function(
                "() => ['round_end', 'match_end'].includes(document.getElementById('table').dataset.phase)",
                timeout=90_000))
        if phase(host) == "match_end":
            break
        ev.pause()
        host.click("#result-body [data-action=next]")
        deals += 1
    ev.timed("the match's end on the watcher", lambda: watcher.wait_for_function(
        "() => document.getElementById('table').dataset.phase === 'match_end'", timeout=60_000))
    ev.pause()
    ev.shoot("2-match-end")
    ev.seen("match end")
    ev.notes.append(f"first match: {deals} deals, {ev.moves} moves")
    host.click("#result-body [data-action=next]")  # «Ещё партию»
    for g in guests.values():
        ev.timed("the offer on a guest", lambda: g.wait_for_selector("#p2p [data-action=online-rematch-yes]",
                                                                       timeout=60_000))
    ev.pause()
    ev.shoot("3-offer")
    ev.seen("offer")
    for seat, g in guests.items():
        ev.pause()
        g.click(f"#p2p [data-action=online-rematch-{'no' if seat == leaver else 'yes'}]")
        ev.pause()
        ev.shoot(f"4-answer{seat}", "host", f"guest{seat}", "watcher")
    ev.timed("every answer on the host", lambda: host.wait_for_selector(
        "#p2p [data-action=online-start]:not([disabled])", timeout=60_000))
    ev.seen("answered", "host")
    button(host, "#p2p", "Начать игру").click()
    playing = [g for seat, g in guests.items() if seat != leaver]
    for g in playing:
        ev.timed("the next match's first hand", lambda: wait_for_hand(g, timeout=90_000))
    ev.pause()
    ev.shoot("5-second-deal")
    ev.seen("second deal")
    host.click("#peer-bar [data-action=online-phrases]")  # the host's mutes, kept from the first match?
    ev.notes.append("the host's mutes in the second match: seats "
                    + str(host.eval_on_selector_all("[data-action=online-mute][aria-pressed=true]",
                                                    "els => els.map((b) => b.dataset.seat)")))
    ev.shoot("5-second-deal-phrases", "host")
    host.click("#peer-bar [data-action=online-phrases]")
    before = ev.moves
    ev.play(host, playing, moves=second_moves)
    ev.shoot("6-second-play")
    ev.seen("second play")
    ev.notes.append(f"second match: {ev.moves - before} moves")
    # Another page opens a table to anyone; a stranger finds it and sits down.
    opener = ev.page("opener")
    invite_links(opener, server, "duel")
    opener.locator("#p2p input[name=online-open]").check()
    stranger = ev.page("stranger")
    boot(stranger, app_url(server.url, speed="instant", sw="off"))
    to_menu(stranger)
    ev.pause()
    t = time.monotonic()
    button(stranger, "#menu", "Найти игру").click()
    stranger.wait_for_selector("#p2p [data-action=online-take]", timeout=60_000)
    ev.waited("the open table listed", t)
    ev.shoot("7-find", "stranger")
    ev.pause()
    t = time.monotonic()
    find_and_take(stranger)
    stranger.wait_for_selector("#p2p [data-online-mine]", timeout=60_000)
    opener.wait_for_selector("#p2p [data-stranger] [data-online-status=joined]", timeout=60_000)
    ev.waited("the stranger seated", t)
    ev.shoot("8-stranger-seated", "opener", "stranger")
    ev.pause()
    button(opener, "#p2p", "Начать игру").click()
    stranger.wait_for_selector("#p2p", state="hidden", timeout=60_000)
    ev.play(opener, [stranger], moves=2)
    ev.shoot("9-stranger-plays", "opener", "stranger")


def report(ev: Evening, began_ms: float, ended_ms: float) -> None:
    minutes = (ended_ms - began_ms) / 60000
    print(f"\n{minutes:.1f} min from the host's first event to the end; {ev.moves} moves by clicks")
    print(f"{'page / socket':28} {'events':>6} {'mean/min':>8} {'busiest 60 s':>12} {'an hour':>7} {'largest':>7}")
    for name, p in ev.pages.items():
        events = [e for e in published(p) if began_ms <= e["at"] <= ended_ms]
        if not events:
            print(f"{name:28} {0:6d}")
            continue
        per: dict[str, list[dict]] = {}
        for e in events:
            per.setdefault(e["url"], []).append(e)
        for label, group in [(name, events)] + sorted(((f"  {u.split('//')[-1][:26]}", g) for u, g in per.items()),
                                                      key=lambda x: -len(x[1])):
            times = sorted(e["at"] for e in group)
            busiest = max(sum(1 for u in times if t <= u < t + 60000) for t in times)
            mean = len(group) / minutes
            over = " over 720" if label.startswith("  ") and mean * 60 > HOUR_LIMIT else ""
            print(f"{label:28} {len(group):6d} {mean:8.1f} {busiest:12d} {mean * 60:7.0f} "
                  f"{max(e['size'] for e in group):7d}{over}")
    slow = [(w, s) for w, s in ev.waits if s > SLOW_S]
    print(f"\nwaits: {len(ev.waits)}, over {SLOW_S:.0f} s: {len(slow)}"
          + "".join(f"\n  {w}: {s:.1f} s" for w, s in slow))
    for name, p in ev.pages.items():
        warned = p.evaluate("window.burkozelRelay ? window.burkozelRelay.warned ?? [] : []")
        errors = [e for e in ev.guards[name].console_errors if not e.startswith(CLOSED_BY_PEER)]
        if warned or errors:
            print(f"{name}: relays refused or warned {len(warned)}, console errors {len(errors)}"
                  + "".join(f"\n  {e[:160]}" for e in errors[:5]))
    print("\nwhat the pages showed:")
    for line in ev.notes:
        print(" ", line)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, default=SITE, help="the built site to serve (default: site/)")
    ap.add_argument("--pace", default="2,5", help="seconds between a person's clicks, low,high (default 2,5)")
    ap.add_argument("--seed", type=int, default=43, help="the clicks' random seed")
    ap.add_argument("--leaver", type=int, choices=(1, 2, 3), help="this guest leaves at «Ещё партию»")
    ap.add_argument("--second", type=int, default=12, help="the guests' moves into the second match (default 12)")
    ap.add_argument("--shots", type=Path, help="screenshots of each stage, every page, in this folder")
    args = ap.parse_args()
    pace = tuple(float(x) for x in args.pace.split(","))
    settle_after_actions()
    from playwright.sync_api import sync_playwright
    from real_relay import RealRelay

    with RealRelay() as relay, Server(args.site) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), headless=True,
                                     args=CHROMIUM_ARGS + [MDNS_OFF, relay.resolver_rules()])
        ev = Evening(browser, server, pace, args.seed, args.shots)
        began = time.time() * 1000
        try:
            walk(ev, args.leaver, args.second)
        except Exception as error:  # noqa: BLE001 - a walk that did not finish is said, its figures still printed
            print(f"the walk stopped: {str(error).splitlines()[0]}")
            ev.shoot("stopped")
        finally:
            report(ev, began, time.time() * 1000)
            for ctx, _ in ev.made:
                ctx.close()
            browser.close()


if __name__ == "__main__":
    main()
