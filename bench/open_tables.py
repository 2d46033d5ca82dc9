#!/usr/bin/env python3
"""What «Открытый стол» and «Найти игру» ask of the relays: events a minute per page, through a real relay.

An open table lives on one public topic that every open table and every finder shares, so its
cost is paid on every relay socket for as long as the lobby is open.  This runs PyPI's
nostr-relay (``e2e/real_relay.py``, signatures checked, public-like rate limits) and counts
what each page publishes (``window.burkozelRelay.published``: every event, each relay socket
apart) and what the relay passed on, by kind (a subscriber of its own): a host with an open
пары table (three free seats) and finders looking at «Найти игру» for ``--minutes`` (each one's
time from the tap to the table listed: the relay kept its event, nobody is asked); then one
finder taking a seat (its ask, the sealed answer, the join); what the relays refused or warned
of on every page (``window.burkozelRelay.warned``).  It prints, asserts nothing.

    make bench-open                        # or: .venv/bin/python bench/open_tables.py
    .venv/bin/python bench/open_tables.py --finders 3 --minutes 3
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))

from harness import CHROMIUM_ARGS, SITE, Server, app_url, boot, chromium_path, settle_after_actions  # noqa: E402
from online_kit import invite_links  # noqa: E402
from real_relay import LIMITS, RealRelay  # noqa: E402
from tablekit import online_page, to_menu  # noqa: E402
from test_open_tables import RelayTap, lobby_messages  # noqa: E402
from test_p2p import MDNS_OFF, button  # noqa: E402


def published(page) -> list[dict]:
    return page.evaluate("window.burkozelRelay ? window.burkozelRelay.published : []")


def window(before: list[dict], after: list[dict]) -> tuple[int, int, int]:
    """(events, characters, the most on one relay socket) published between two readings."""
    new = after[len(before):]
    per_socket = Counter(e["url"] for e in new)
    return len(new), sum(e["size"] for e in new), max(per_socket.values(), default=0)


def readings(pages: dict) -> dict[str, list[dict]]:
    return {name: published(page) for name, page in pages.items()}


def report(pages: dict, start: dict[str, list[dict]], heard: list[str], per: float) -> None:
    """Each page's events, characters and the most on one relay socket since ``start``, over
    ``per`` (minutes, or 1: in all); then the lobby messages the relay passed on, by kind."""
    end = readings(pages)
    print(f"{'page':10} {'events':>8} {'chars':>9} {'most on one socket':>19}")
    for name in pages:
        n, chars, most = window(start[name], end[name])
        print(f"{name:10} {n / per:8.1f} {chars / per:9.0f} {most / per:19.1f}")
    kinds = Counter(m["t"] for m in lobby_messages(heard))
    print("lobby messages the relay passed on: "
          + ", ".join(f"{kind} {count / per:.1f}" for kind, count in sorted(kinds.items())))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, default=SITE, help="the built site to serve (default: site/)")
    ap.add_argument("--finders", type=int, default=2, help="pages looking at «Найти игру» (default 2)")
    ap.add_argument("--minutes", type=float, default=2.0, help="the open lobby's window (default 2)")
    args = ap.parse_args()
    settle_after_actions()
    from playwright.sync_api import sync_playwright

    made: list = []
    with RealRelay() as relay, Server(args.site) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), headless=True,
                                     args=CHROMIUM_ARGS + [MDNS_OFF, relay.resolver_rules()])
        tap = RelayTap(relay)
        try:
            host = online_page(browser, made, ignore_https_errors=True)
            invite_links(host, server, "pairs", people=(1, 2, 3))
            host.locator("#p2p input[name=online-open]").check()
            finders = []
            for _ in range(args.finders):
                page = online_page(browser, made, ignore_https_errors=True)
                boot(page, app_url(server.url, speed="instant", sw="off"))
                to_menu(page)
                tapped = time.monotonic()
                button(page, "#menu", "Найти игру").click()
                page.wait_for_selector("#p2p [data-action=online-take]", timeout=90_000)
                print(f"finder {len(finders) + 1}: the open table listed {time.monotonic() - tapped:.1f} s"
                      " after «Найти игру»")
                finders.append(page)
            pages = {"host": host, **{f"finder {i + 1}": p for i, p in enumerate(finders)}}
            # The open lobby: nobody asks, the finders keep looking.
            began, start, heard = time.monotonic(), readings(pages), len(tap.contents)
            host.wait_for_timeout(args.minutes * 60_000)
            minutes = (time.monotonic() - began) / 60
            print(f"open lobby, {minutes:.1f} min: пары with 3 free seats, {args.finders} finder(s) looking;"
                  f" the relay's limit here {LIMITS['EVENT']} a connection; a minute:")
            report(pages, start, tap.contents[heard:], minutes)
            # One finder takes a seat: its ask, the host's sealed answer, the join.
            taker = finders[0]
            began, start, heard = time.monotonic(), readings(pages), len(tap.contents)
            taker.locator("#p2p [data-action=online-take]").first.click()
            taker.wait_for_selector("#p2p [data-online-mine]", timeout=90_000)
            host.wait_for_selector("#p2p [data-stranger] [data-online-status=joined]", timeout=60_000)
            print(f"\na seat taken ({time.monotonic() - began:.1f} s from the tap to the host's lobby showing it), in all:")
            report(pages, start, tap.contents[heard:], 1.0)
            print(f"the longest event any page published: {max(e['size'] for p in pages.values() for e in published(p))}"
                  " characters")
            for name, page in pages.items():
                warned = page.evaluate("window.burkozelRelay ? window.burkozelRelay.warned ?? [] : []")
                kinds = Counter(f"{w['what']} {w['why'].split(':')[0]}" for w in warned)
                print(f"{name}: relays refused or warned {len(warned)} time(s)"
                      + (": " + ", ".join(f"{k} ×{n}" for k, n in kinds.items()) if kinds else ""))
        finally:
            tap.close()
            for ctx, _ in made:
                ctx.close()
            browser.close()


if __name__ == "__main__":
    main()
