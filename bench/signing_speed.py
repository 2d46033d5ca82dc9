#!/usr/bin/env python3
"""What an open table's keys cost in the browser: Ed25519 and X25519 timed in the page's Python worker.

The open tables' signatures (``web/table/p2p/signing.py``) and sealed answers (``public.py``) are
pure Python on big integers, run by Pyodide in the same worker as the table: a signature checked is
a pause of the table.  With ``?bench=1`` the page's ``window.burkozelBench`` times, after
«Найти игру» has mounted online play's Python: ``--n`` signatures made and checked on an
announcement's size, as many X25519 boxes (a host's answer to an ask), and a finder's worst
window, ``public.CHECK_BURST`` announcements of as many tables read one after another (every
signature checked).  The same on CPython is printed beside.  Chromium's CPU throttling
(DevTools' «4× slowdown») does not reach a dedicated worker (measured: the same figures), so a
phone's figure is this one scaled by how much slower its core is.  It prints, asserts nothing.

    .venv/bin/python bench/signing_speed.py [--n 30]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))
sys.path.insert(0, str(ROOT / "web"))
sys.path.insert(0, str(ROOT))

from harness import CHROMIUM_ARGS, SITE, Server, app_url, boot, chromium_path  # noqa: E402
from tablekit import to_menu  # noqa: E402
from test_p2p import button  # noqa: E402


def summary(label: str, result: dict) -> str:
    def ms(values: list[float]) -> str:
        values = sorted(values)
        return f"median {statistics.median(values):6.1f} ms, p90 {values[int(len(values) * 0.9)]:6.1f} ms"

    return (f"{label}\n  sign   {ms(result['sign_ms'])}\n  verify {ms(result['verify_ms'])}\n"
            f"  X25519 {ms(result['box_ms'])}\n  {result['burst']} announcements read one after another: "
            f"{result['burst_ms']:.0f} ms in all ({result['burst_ms'] / max(1, result['burst']):.1f} ms each);"
            f" an announcement is {result['announcement_chars']} characters")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, default=SITE, help="the built site to serve (default: site/)")
    ap.add_argument("--n", type=int, default=30, help="signatures made and checked (default 30)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    from table.worker import benchhooks

    print(f"{os.cpu_count()} cores, load average {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(summary(f"CPython {sys.version.split()[0]}", benchhooks.signatures(args.n)))
    with Server(args.site) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(locale="ru-RU", viewport={"width": 1280, "height": 800})
            boot(page, app_url(server.url, speed="instant", sw="off") + "&bench=1")
            to_menu(page)
            button(page, "#menu", "Найти игру").click()  # (mounts online.zip, as a player's tap does)
            page.wait_for_selector("#p2p [data-open-empty], #p2p [data-open-tables]", timeout=120_000)
            result = json.loads(page.evaluate("(r) => window.burkozelBench(r)", json.dumps({"signatures": args.n})))
            print(summary(f"Chromium {browser.version}, Pyodide in the page's worker", result))
        finally:
            browser.close()


if __name__ == "__main__":
    main()
