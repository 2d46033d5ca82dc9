#!/usr/bin/env python3
"""How much online play asks of the relays: signed events and bytes each page publishes.

Public relays limit events per connection and per address (bench/README.md cites them). Through
the e2e tests' fake relay it counts every ``EVENT`` each page sends on each socket, in three
windows (join, deal, ``--idle`` seconds at the result), at вдвоём, пары and six at a pot, direct
and relay-only; ``--reload`` a guest's reload at вдвоём; ``--people`` the room at people's speed
through the real relay (a direct and a relay-only guest, a watcher, phrases, review and share:
events a minute on each page's busiest socket). It prints and asserts nothing (bench/README.md).

    make bench-relay                       # or: .venv/bin/python bench/relay_events.py
    .venv/bin/python bench/relay_events.py --reload --ways direct,relay
    .venv/bin/python bench/relay_events.py --people [--site OTHER/site] [--shots DIR]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))

from fake_relay import FakeRelay  # noqa: E402
from harness import CHROMIUM_ARGS, SITE, Server, app_url, boot, chromium_path, settle_after_actions  # noqa: E402
from online_kit import invite_links, open_link, seat_guests  # noqa: E402
from tablekit import OVER, online_page, phase, play_devices  # noqa: E402
from test_p2p import MDNS_OFF, button  # noqa: E402

TABLES = {  # name: (format, guest seats, players, what the README calls it)
    "duel": ("duel", (1,), None, "вдвоём"),
    "pairs": ("pairs", (1, 2, 3), None, "пары"),
    "pot6": ("bura_pot", (1, 2, 3, 4, 5), 6, "Бура на кон, 6"),
}


class CountingRelay(FakeRelay):
    """The fake relay, noting each ``EVENT`` a page sends: (when, its context, its length, the socket)."""

    def __init__(self) -> None:
        super().__init__()
        self.log: list[tuple[float, object, int, int]] = []

    def on_message(self, ws, message) -> None:
        if isinstance(message, str) and message.startswith('["EVENT"'):
            self.log.append((time.monotonic(), self.owner.get(id(ws)), len(message), id(ws)))
        super().on_message(ws, message)

    def window(self, context, start: float, end: float) -> tuple[int, int, int]:
        """(events, characters, the longest event) ``context`` sent between two moments."""
        sizes = [n for t, c, n, _ in self.log if c is context and start <= t < end]
        return len(sizes), sum(sizes), max(sizes, default=0)

    def peak(self, context, start: float, end: float) -> tuple[int, int]:
        """(the most events one socket of ``context`` got in any second, the most one socket got
        in all) between two moments."""
        times: dict[int, list[float]] = {}
        for t, c, _, socket in self.log:
            if c is context and start <= t < end:
                times.setdefault(socket, []).append(t)
        second = max((sum(1 for u in ts if t <= u < t + 1) for ts in times.values() for t in ts), default=0)
        return second, max((len(ts) for ts in times.values()), default=0)


def run(browser, server, table: str, way: str, idle_s: float, seed: int) -> list[dict]:
    fmt, people, players, _ = TABLES[table]
    relay = CountingRelay()
    contexts = []

    def page(no_direct: bool = False):
        return online_page(browser, contexts, no_direct, route=relay.attach)

    try:
        host = page()
        started = time.monotonic()
        links = invite_links(host, server, fmt, people=people if len(people) > 1 else (), players=players)
        guests, seconds = {}, {}
        for seat in people:
            guests[seat] = page(no_direct=way == "relay")
            seconds[seat] = open_link(guests[seat], server, links[seat])
        host.wait_for_function(f"() => document.querySelectorAll('#p2p [data-online-status=joined]').length"
                               f" === {len(people)}", timeout=90_000)
        button(host, "#p2p", "Начать игру").click()
        host.wait_for_selector("#p2p", state="hidden")
        dealt = time.monotonic()
        play_devices(host, list(guests.values()), random.Random(seed))
        for g in guests.values():
            g.wait_for_function("() => ['round_end', 'match_end'].includes(document.getElementById('table')"
                                ".dataset.phase)", timeout=90_000)
        assert phase(host) in OVER
        over = time.monotonic()
        host.wait_for_timeout(idle_s * 1000)
        end = time.monotonic()
        rows = []
        for name, ctx, joined in [("host", contexts[0][0], None)] + [
                (f"guest {seat}", guests[seat].context, seconds[seat]) for seat in people]:
            j = relay.window(ctx, started, dealt)
            d = relay.window(ctx, dealt, over)
            i = relay.window(ctx, over, end)
            rows.append({"table": table, "way": way, "page": name, "first_hand_s": joined,
                         "join": j[0], "deal": d[0], "deal_chars": d[1], "idle_min": i[0] * 60 / idle_s,
                         "idle_chars_min": i[1] * 60 / idle_s, "longest": max(j[2], d[2], i[2])})
        return rows
    finally:
        for ctx, _ in contexts:
            ctx.close()


def reload_burst(browser, server, way: str, seed: int, window_s: float = 10.0) -> list[dict]:
    """вдвоём: two moves, then the guest's page reloads; what each page publishes from then
    until ``window_s`` seconds after the guest's hand is back."""
    relay = CountingRelay()
    contexts = []

    def page(no_direct: bool = False):
        return online_page(browser, contexts, no_direct, route=relay.attach)

    try:
        host, guest = page(), page(no_direct=way == "relay")
        links = invite_links(host, server, "duel")
        open_link(guest, server, links[1])
        host.wait_for_selector('[data-online-status="joined"]', state="attached", timeout=90_000)
        button(host, "#p2p", "Начать игру").click()
        host.wait_for_selector("#p2p", state="hidden")
        if way == "direct":
            host.wait_for_function("() => window.burkozelRelay.way('1') === 'direct'", timeout=90_000)
        play_devices(host, [guest], random.Random(seed), moves=2)
        host.wait_for_timeout(3_000)
        start = time.monotonic()
        guest.reload()
        guest.wait_for_selector("#hand [data-card]", timeout=90_000)
        back = time.monotonic() - start
        host.wait_for_timeout(window_s * 1000)
        end = time.monotonic()
        rows = []
        for name, ctx in (("host", host.context), ("guest", guest.context)):
            events, chars, _ = relay.window(ctx, start, end)
            second, one_socket = relay.peak(ctx, start, end)
            rows.append({"way": way, "page": name, "events": events, "chars": chars, "second": second,
                         "socket": one_socket, "back_s": back})
        return rows
    finally:
        for ctx, _ in contexts:
            ctx.close()


NOSTREAM_HOUR = 720
"""nostream's default limit of events an hour of all kinds a client may publish (bench/README.md)."""


def resends(page, link: str) -> dict[str, int]:
    """A guest's page's frames asking for a resend (``session.RESEND``: the other side saw a gap in
    the numbers, a frame lost on the way): "out" the guest's asks, "in" the host's."""
    from table.p2p import invite, seal, session

    inv = invite.decode(invite.code_in(link))
    counts = {"in": 0, "out": 0}
    for f in page.evaluate("window.burkozelRelay.frames"):
        text = seal.unseal(inv.secret, seal.TO_GUEST if f["dir"] == "in" else seal.TO_HOST, f["data"])
        frame = session.parse(text) if text is not None else None
        if frame is not None and frame.kind == session.RESEND:
            counts[f["dir"]] += 1
    return counts


def people(browser, server, seed: int, idle_s: float, pace: tuple[float, float] = (2.0, 5.0),
           shots: Path | None = None) -> None:
    """The room at people's speed through the real relay (``--people``); prints per page and socket.
    ``shots``: every page at 390×844, each screen saved there (mid-play, the result, the review, the share)."""
    rng = random.Random(seed)
    contexts: list = []
    log: dict[str, list[dict]] = {}  # page -> every event it published ({url, size, at: the bench's clock})
    pages: dict[str, object] = {}

    def page(no_direct: bool = False, **options):
        if shots is not None:
            options = {"viewport": {"width": 390, "height": 844}, **options}
        return online_page(browser, contexts, no_direct, ignore_https_errors=True, **options)

    def shoot(when: str, *names: str) -> None:
        if shots is not None:
            shots.mkdir(parents=True, exist_ok=True)
            for name in names or tuple(pages):
                pages[name].screenshot(path=str(shots / f"{when}-{name.split()[0]}{name.split()[1] if ' ' in name else ''}.png"))

    def read() -> None:
        for name, p in pages.items():
            got = p.evaluate("window.burkozelRelay ? window.burkozelRelay.published : []")
            now = time.time() * 1000
            for e in got[len(log.setdefault(name, [])):]:
                log[name].append({**e, "at": e.get("at", now)})

    def wait(seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            read()
            time.sleep(min(1.0, max(0.0, end - time.monotonic())))

    try:
        host = page()
        pages["host"] = host
        links = invite_links(host, server, "pairs", people=(1, 3))
        host.click("#p2p [data-action=online-watch]")
        watch_link = host.text_content("#p2p [data-online-watch-link]")
        watcher = page()
        boot(watcher, app_url(server.url, speed="instant", sw="off") + "#" + watch_link.split("#", 1)[1])
        pages["watcher"] = watcher
        guests = seat_guests(lambda no_direct=False, **o: page(no_direct, **o), server, host, links, relay_only=(3,))
        pages["guest 1 (direct)"], pages["guest 3 (relay)"] = guests[1], guests[3]
        read()
        began = time.time() * 1000
        moves = [0]

        def each(p) -> None:
            wait(rng.uniform(*pace))
            moves[0] += 1
            if moves[0] in (3, 9):  # a phrase now and then, by whoever moves
                p.click("#peer-bar [data-action=online-phrases]")
                p.click("#peer-bar [data-action=online-say][data-key=good_move]")
            if moves[0] in (4, 10):
                shoot(f"play{moves[0]}")

        play_devices(host, [guests[1], guests[3]], rng, each=each)
        for g in guests.values():
            g.wait_for_function("() => ['round_end', 'match_end'].includes(document.getElementById('table')"
                                ".dataset.phase)", timeout=90_000)
        played = time.time() * 1000
        wait(rng.uniform(*pace))
        shoot("result")
        g = guests[3]
        g.click("#result-body [data-action=review]")
        g.wait_for_selector('#info [data-step="0"]', timeout=60_000)
        for _ in range(4):
            wait(rng.uniform(*pace))
            g.click("#info [data-action=review-next]")
        shoot("review", "guest 3 (relay)")
        g.click("#info .dlg-buttons [data-action=close-info]")
        wait(rng.uniform(*pace))
        g.click("#result-body [data-action=share]")
        g.wait_for_selector("#info [data-share-link]", timeout=60_000)
        shoot("share", "guest 3 (relay)")
        g.click("#info .dlg-buttons [data-action=close-info]")
        wait(idle_s)
        ended = time.time() * 1000
        read()
        print(f"пары through the real relay at people's speed: {moves[0]} moves, {(played - began) / 60000:.1f} min"
              f" of play, then the result, a review and a share, {idle_s:.0f} s idle")
        print(f"{'page':18} {'events':>6} {'KB':>6} {'longest':>7} {'busiest socket':>14} {'its mean/min':>12}"
              f" {'its peak/min':>12} {'play mean/min':>13}")
        for name, events in log.items():
            within = [e for e in events if began <= e["at"] < ended]
            if not within:
                print(f"{name:18} {0:6d}")
                continue
            per = {}
            for e in within:
                per.setdefault(e["url"], []).append(e)
            url, busiest = max(per.items(), key=lambda kv: len(kv[1]))
            minutes = (ended - began) / 60000
            peak = max(sum(1 for u in busiest if e["at"] <= u["at"] < e["at"] + 60000) for e in busiest)
            in_play = [e for e in busiest if e["at"] < played]
            print(f"{name:18} {len(within):6d} {sum(e['size'] for e in within) / 1000:6.1f} "
                  f"{max(e['size'] for e in within):7d} {url.split('//')[-1][:14]:>14} {len(busiest) / minutes:12.1f}"
                  f" {peak:12d} {len(in_play) * 60000 / (played - began):13.1f}")
            rooms: dict[str, int] = {}
            for e in busiest:
                rooms[str(e.get("room", "?"))] = rooms.get(str(e.get("room", "?")), 0) + 1
            print(f"{'':18} busiest socket by room: " + ", ".join(f"{k or 'signals'} {v}" for k, v in sorted(rooms.items())))
            hour = len(in_play) * 3_600_000 / (played - began)
            print(f"{'':18} at the play's pace, an hour on the busiest socket: {hour:.0f} events"
                  f" ({hour / NOSTREAM_HOUR:.0%} of nostream's {NOSTREAM_HOUR} an hour of all kinds)")
        asked = resends(guests[3], links[3])
        print(f"losses noticed on the relay-only guest's line (a gap in the numbers: a resend asked): by the guest"
              f" {asked['out']}, by the host {asked['in']}")
        for name, p in pages.items():
            warned = p.evaluate("window.burkozelRelay ? window.burkozelRelay.warned ?? [] : []")
            if warned:
                print(f"{name}: relays refused or warned {len(warned)} time(s): {warned[0]['why'][:60]}")
    finally:
        for ctx, _ in contexts:
            ctx.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, default=SITE, help="the built site to serve (default: site/)")
    ap.add_argument("--tables", default=",".join(TABLES), help=f"of {', '.join(TABLES)}")
    ap.add_argument("--ways", default="direct,relay")
    ap.add_argument("--idle", type=float, default=60.0, help="seconds idle at the result (default 60)")
    ap.add_argument("--seed", type=int, default=5, help="the clicks' random seed")
    ap.add_argument("--reload", action="store_true", help="a guest's reload at вдвоём instead")
    ap.add_argument("--runs", type=int, default=1, help="with --reload: runs of each way")
    ap.add_argument("--people", action="store_true", help="the room at people's speed through the real relay instead")
    ap.add_argument("--shots", type=Path, help="with --people: every page at 390×844, its screens saved in this folder")
    args = ap.parse_args()
    settle_after_actions()
    from playwright.sync_api import sync_playwright

    if args.people:
        from real_relay import RealRelay

        with RealRelay() as relay, Server(args.site) as server, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), headless=True,
                                         args=CHROMIUM_ARGS + [MDNS_OFF, relay.resolver_rules()])
            people(browser, server, args.seed, args.idle, shots=args.shots)
            browser.close()
        return

    if args.reload:
        with Server(args.site) as server, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS + [MDNS_OFF],
                                         headless=True)
            print(f"{'way':7} {'page':6} {'back s':>6} {'events':>6} {'KB':>6} {'1 socket, 1 s':>14} {'1 socket':>9}"
                  "   (from the guest's reload to 10 s after its hand is back)")
            for way in args.ways.split(","):
                for run_no in range(args.runs):
                    for r in reload_burst(browser, server, way, args.seed + run_no):
                        print(f"{r['way']:7} {r['page']:6} {r['back_s']:6.1f} {r['events']:6d} {r['chars'] / 1000:6.1f} "
                              f"{r['second']:14d} {r['socket']:9d}", flush=True)
            browser.close()
        return

    rows: list[dict] = []
    with Server(args.site) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS + [MDNS_OFF], headless=True)
        for table in args.tables.split(","):
            for way in args.ways.split(","):
                try:
                    got = run(browser, server, table, way, args.idle, args.seed)
                except Exception as error:  # noqa: BLE001 - a run that did not finish is said, the rest go on
                    print(f"{table:8} {way:7} did not finish: {str(error).splitlines()[0]}", flush=True)
                    continue
                print_rows(got, header=not rows)
                rows += got
        browser.close()
    print("\nper page and table/way: events published on all its relay sockets (each socket is one relay);"
          " characters are the EVENT messages' lengths")
    totals: dict[tuple[str, str], list[float]] = {}
    for r in rows:
        t = totals.setdefault((r["table"], r["way"]), [0, 0, 0, 0])
        t[0] += r["join"]
        t[1] += r["deal"]
        t[2] += r["idle_min"]
        t[3] = max(t[3], r["longest"])
    print(f"\n{'table':8} {'way':7} {'join':>6} {'deal':>6} {'idle/min':>9} {'longest':>8}   (all pages)")
    for (table, way), (j, d, i, longest) in totals.items():
        print(f"{table:8} {way:7} {j:6d} {d:6d} {i:9.0f} {longest:8d}")


def print_rows(rows: list[dict], header: bool) -> None:
    if header:
        print(f"{'table':8} {'way':7} {'page':8} {'hand s':>6} {'join':>5} {'deal':>5} {'deal KB':>8} "
              f"{'idle/min':>8} {'idle KB/min':>11} {'longest':>7}")
    for r in rows:
        hand = f"{r['first_hand_s']:.1f}" if r["first_hand_s"] is not None else ""
        print(f"{r['table']:8} {r['way']:7} {r['page']:8} {hand:>6} {r['join']:5d} {r['deal']:5d} "
              f"{r['deal_chars'] / 1000:8.1f} {r['idle_min']:8.0f} {r['idle_chars_min'] / 1000:11.1f} {r['longest']:7d}",
              flush=True)


if __name__ == "__main__":
    main()
