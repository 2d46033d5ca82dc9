#!/usr/bin/env python3
"""Layout shift over a boot and whole deals, at phone and desktop sizes, and what shifted.

Cumulative Layout Shift as Chromium reports it (``layout-shift`` entries, the largest session
window: shifts less than 1 s apart, at most 5 s long) from the navigation on, through the boot
and ``--deals`` whole deals played by bots in every seat (``?autoplay=1``: no input, so no shift
is excused as following one), cards in motion at ``--speed``. A shift is an element that moved
because the layout around it changed; a transform (motion.js's flights) is none. Each run
prints the boot's and the play's CLS, the number of shifts, and the elements that moved most
(their selector, the summed score of the shifts they were in). Nothing here asserts; the
target is 0 (issue #40), Chrome's "good" is at most 0.1 (bench/README.md).

    make bench-layout     # or: .venv/bin/python bench/layout_shift.py [--formats pairs,bura_pot --deals 2]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))
sys.path.insert(0, str(ROOT / "bench"))

from bot_speed import READY_TIMEOUT_MS, settings_script, site_built  # noqa: E402
from harness import CHROMIUM_ARGS, SITE, chromium_path  # noqa: E402
from serve import serve_in_thread  # noqa: E402

SIZES = {"phone": (390, 844), "desktop": (1280, 800)}
"""The page's sizes: a phone upright (touch, no hover) and a laptop."""

WATCH_SHIFTS = """
(() => {
  const name = (node) => {
    let el = node && (node.nodeType === 1 ? node : node.parentElement);
    const path = [];
    for (let depth = 0; el && el !== document.body && depth < 4; depth++, el = el.parentElement) {
      path.unshift(el.id ? `#${el.id}` : el.tagName.toLowerCase()
        + [...el.classList].slice(0, 2).map((c) => `.${c}`).join(""));
      if (el.id) break;
    }
    return path.join(" > ") || "(gone)";
  };
  const box = (r) => [r.x, r.y, r.width, r.height].map(Math.round);
  const w = window.__shifts = {entries: [], ready: null, deals: 0, dealEnds: []};
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      w.entries.push({t: e.startTime, value: e.value, input: e.hadRecentInput,
                      phase: document.getElementById("table")?.dataset.phase ?? null,
                      sources: (e.sources || []).map((s) => ({node: name(s.node), from: box(s.previousRect),
                                                              to: box(s.currentRect)}))});
    }
  }).observe({type: "layout-shift", buffered: true});
  let phase = null;
  new MutationObserver(() => {
    const root = document.documentElement;
    if (!w.ready && root.dataset.state === "ready") w.ready = performance.now();
    const now = document.getElementById("table")?.dataset.phase ?? null;
    if (now !== phase && (now === "round_end" || now === "match_end")) {
      w.deals++;
      w.dealEnds.push(performance.now());
    }
    phase = now;
  }).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-state", "data-phase"]});
})();
"""


def cls(entries: list[dict]) -> float:
    """The largest session window's sum (web-vitals' CLS): shifts under 1 s apart, at most 5 s."""
    best = current = 0.0
    start = last = None
    for e in entries:
        if e["input"]:
            continue
        if start is None or e["t"] - last >= 1000 or e["t"] - start >= 5000:
            start, current = e["t"], 0.0
        current += e["value"]
        last = e["t"]
        best = max(best, current)
    return best


def run(browser, base: str, fmt: str, size: str, deals: int, speed: str, seed: int, players: int | None,
        reduced: bool) -> dict:
    width, height = SIZES[size]
    phone = size == "phone"
    ctx = browser.new_context(viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone,
                              device_scale_factor=2 if phone else 1, locale="ru-RU",
                              reduced_motion="reduce" if reduced else "no-preference")
    ctx.add_init_script(WATCH_SHIFTS)
    ctx.add_init_script(settings_script(fmt, "easy", speed, players))
    page = ctx.new_page()
    page.goto(base + f"?autoplay=1&speed={speed}&sw=off&seed={seed}", wait_until="commit")
    page.wait_for_selector("html[data-state=ready]", state="attached", timeout=READY_TIMEOUT_MS)
    page.wait_for_function("n => window.__shifts.deals >= n", arg=deals, timeout=deals * 120_000)
    page.wait_for_timeout(1_200)  # the last deal's result dialog and its frame
    out = page.evaluate("window.__shifts")
    ctx.close()
    return out


def report(fmt: str, size: str, seen: dict, deals: int) -> None:
    ready = seen["ready"] or 0.0
    end = seen["dealEnds"][deals - 1] if len(seen["dealEnds"]) >= deals else float("inf")
    boot = [e for e in seen["entries"] if e["t"] < ready]
    play = [e for e in seen["entries"] if ready <= e["t"] <= end + 1_000]
    moved: dict[str, float] = defaultdict(float)
    for e in play:
        for source in {s["node"] for s in e["sources"]}:
            moved[source] += e["value"]
    worst = sorted(moved.items(), key=lambda kv: -kv[1])[:4]
    print(f"{fmt:<9} {size:<7} boot CLS {cls(boot):.3f} ({len(boot)} shifts) | {deals} deals: CLS {cls(play):.3f}, "
          f"sum {sum(e['value'] for e in play):.3f}, {len(play)} shifts"
          + ("" if not worst else " | moved most: " + "; ".join(f"{s} {v:.3f}" for s, v in worst)), flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--formats", default="pairs,duel,bura31,bura_pot", help="the tables played")
    ap.add_argument("--sizes", default="phone,desktop", help=f"of {', '.join(SIZES)}")
    ap.add_argument("--deals", type=int, default=2, help="whole deals played after the boot")
    ap.add_argument("--speed", default="fast", choices=("normal", "fast"))
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--players", type=int, default=6, help="seats at the pot (bura_pot: 2-6)")
    ap.add_argument("--reduced-motion", action="store_true", help="with prefers-reduced-motion: reduce")
    ap.add_argument("--json", type=Path, help="also write every entry here")
    ap.add_argument("--site", type=Path, default=SITE)
    args = ap.parse_args(argv)
    if not site_built(args.site):
        return 2

    from playwright.sync_api import sync_playwright

    server, base = serve_in_thread(args.site.resolve())
    started = time.monotonic()
    everything = {}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True)
            load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
            print(f"Burkozel layout shift — Chromium {browser.version}; autoplay at speed={args.speed}, seed "
                  f"{args.seed}{', reduced motion' if args.reduced_motion else ''}; load average {load}", flush=True)
            for size in args.sizes.split(","):
                for fmt in args.formats.split(","):
                    players = args.players if fmt == "bura_pot" else None
                    seen = run(browser, base, fmt, size, args.deals, args.speed, args.seed, players,
                               args.reduced_motion)
                    everything[f"{fmt}/{size}"] = seen
                    report(fmt, size, seen, args.deals)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    if args.json:
        args.json.write_text(json.dumps(everything, indent=1))
    print(f"target: CLS 0 (issue #40; Chrome's 'good' ≤ 0.1); wall time {time.monotonic() - started:,.0f} s; "
          f"load average now {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
