#!/usr/bin/env python3
"""The table in play as Lighthouse's mobile run loads it, traced: what the main thread's
first drawing of the table and the seconds after it cost in CPU, motion on and reduced.

Why: Lighthouse's "table in play" (`?autoplay=1`) holds the table's first drawing only when
the worker is up before Lighthouse stops listening, which a loaded machine rarely allows,
and its blocking time is the trace's wall time times four. This loads the same page in
Lighthouse's mobile screen (412×823 at 1.75), traces it to a few seconds after the table is
drawn, and reads each task's own CPU time (bench/trace_tasks.py), which the load stretches
much less: the boot before the table, the first drawing (the batch and the frame that paints
it), the hand's faces a frame later (where the build has the mark burkozel:drawn), the play after, style recalculations and the elements each styled, layouts forced by a
script. ``--site`` twice or more alternates builds run by run. Nothing here asserts.

    .venv/bin/python bench/play_trace.py [--site OTHER/site --site site] [--runs 3] \
        [--motion on,reduced] [--seconds 3] [--trace-dir DIR]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))
sys.path.insert(0, str(ROOT / "bench"))

from harness import CHROMIUM_ARGS, SITE, chromium_path  # noqa: E402
from serve import serve_in_thread  # noqa: E402
from trace_tasks import complete_events, describe, load, main_thread, mark_time, navigation_start, tasks  # noqa: E402

READY_TIMEOUT_MS = 180_000
MOBILE = {"viewport": {"width": 412, "height": 823}, "device_scale_factor": 1.75, "is_mobile": True, "has_touch": True}
"""Lighthouse 12's mobile screen (a Moto G Power)."""


def record(browser, base: str, reduced: bool, seconds: float, path: Path, table: tuple | None = None) -> None:
    """One clean visit of ``?autoplay=1`` traced from the navigation to ``seconds`` after ready;
    ``table``: (format, players, speed) saved as the menu's choice first (else the default table)."""
    ctx = browser.new_context(**MOBILE, reduced_motion="reduce" if reduced else "no-preference")
    if table:
        from bot_speed import settings_script
        ctx.add_init_script(settings_script(table[0], "medium", table[2], table[1]))
    page = ctx.new_page()
    browser.start_tracing(page=page, path=str(path), screenshots=True)
    page.goto(base + "?autoplay=1&sw=off" + (f"&speed={table[2]}" if table else ""), wait_until="commit")
    page.wait_for_selector("html[data-state=ready]", state="attached", timeout=READY_TIMEOUT_MS)
    page.wait_for_timeout(seconds * 1000)
    browser.stop_tracing()
    ctx.close()


def summarise(path: Path) -> dict | None:
    """The trace's tasks in CPU time, split at the table's first drawing: the boot before the
    batch that draws it, the drawing (that batch and the next frame's style, layout and paint),
    the play after it; with the style recalculations' count and elements."""
    events = load(path)
    pid, tid = main_thread(events)
    origin = navigation_start(events, pid)
    drawn = mark_time(events, pid, "burkozel:table")
    if drawn is None:
        return None
    thread = complete_events(events, pid, tid)
    ts = tasks(thread, "cpu")
    first = max((i for i, t in enumerate(ts) if t["ts"] <= drawn), default=0)
    rendered = next((i for i in range(first + 1, len(ts)) if ts[i]["names"].get("Layout")), first)
    # A build that draws the hand's faces a frame later (web/page/host.js, mark burkozel:drawn):
    # the task that lets them in and the frame that paints them are the "faces" part.
    faces = mark_time(events, pid, "burkozel:drawn")
    shown = rendered
    if faces is not None:
        let_in = max((i for i, t in enumerate(ts) if t["ts"] <= faces), default=rendered)
        shown = next((i for i in range(let_in + 1, len(ts)) if ts[i]["names"].get("Layout")), let_in)
    parts = {"boot": ts[:first], "drawing": ts[first:rendered + 1], "faces": ts[rendered + 1:shown + 1],
             "play": ts[shown + 1:]}
    out = {}
    for name, part in parts.items():
        start = part[0]["ts"] if part else 0
        end = part[-1]["ts"] + part[-1]["wall"] * 1000 if part else 0
        recalcs = [e for e in thread if e["name"] == "UpdateLayoutTree" and start <= e["ts"] <= end
                   and e.get("args", {}).get("elementCount")]
        kinds: dict[str, float] = {}
        for t in part:
            for k, v in t["self"].items():
                kinds[k] = kinds.get(k, 0.0) + v
        out[name] = {
            "ms": sum(t["ms"] for t in part),
            "longest": max((t["ms"] for t in part), default=0.0),
            "blocking4x": sum(max(0.0, 4 * t["ms"] - 50) for t in part),
            "over": sum(t["ms"] > 12.5 for t in part),
            "kinds": kinds,
            "recalcs": len(recalcs),
            "styled": sum(e["args"]["elementCount"] for e in recalcs),
            "forced": sum(t["forced"] for t in part),
            "at": (drawn - origin) / 1000,
            "top": sorted(part, key=lambda t: -t["ms"])[:3],
        }
    out["origin"] = origin
    return out


def line(site: str, mode: str, runs: list[dict]) -> list[str]:
    out = []
    for part in ("boot", "drawing", "faces", "play"):
        rs = [r[part] for r in runs]
        med = lambda key: statistics.median(r[key] for r in rs)  # noqa: E731
        kinds = {k: statistics.median(r["kinds"].get(k, 0.0) for r in rs) for k in ("script", "style", "layout", "paint", "html")}
        out.append(f"| {site} | {mode} | {part} | {med('ms'):.0f} | {med('longest'):.1f} | {med('over'):.0f} | "
                   f"{med('blocking4x'):.0f} | " + " / ".join(f"{kinds[k]:.0f}" for k in kinds)
                   + f" | {med('recalcs'):.0f} ({med('styled'):.0f}) | {med('forced'):.0f} |")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, action="append", help="the built site (default: site/); twice: alternated")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--motion", default="on,reduced", help="on, reduced, or on,reduced (each run, in turn)")
    ap.add_argument("--seconds", type=float, default=3.0, help="traced after the table is drawn")
    ap.add_argument("--trace-dir", type=Path, help="keep the traces here")
    ap.add_argument("--table", help="FORMAT,PLAYERS,SPEED played instead of the default table (e.g. bura_pot,6,fast)")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    sites = args.site or [SITE]
    modes = args.motion.split(",")
    served = [serve_in_thread(site.resolve()) for site in sites]
    keep = args.trace_dir or Path(tempfile.mkdtemp(prefix="play-trace-"))
    keep.mkdir(parents=True, exist_ok=True)
    results: dict[tuple[int, str], list[dict]] = {}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            for run in range(args.runs):
                for mode in modes:
                    for k, (_, base) in enumerate(served):
                        path = keep / f"site{k}-{mode}-{run}.json"
                        table = args.table.split(",") if args.table else None
                        record(browser, base, mode == "reduced", args.seconds, path,
                               (table[0], int(table[1]), table[2]) if table else None)
                        summary = summarise(path)
                        if summary is None:
                            print(f"{path}: the table was not drawn in the trace", file=sys.stderr)
                            continue
                        results.setdefault((k, mode), []).append(summary)
                        d = summary["drawing"]
                        print(f"site{k} {mode} run {run}: drawing {d['ms']:.1f} ms CPU (longest task {d['longest']:.1f}), "
                              f"play {summary['play']['ms']:.0f} ms, {summary['play']['over']} tasks over 12.5 ms",
                              file=sys.stderr, flush=True)
                        for t in summary["play"]["top"]:
                            print("    longest in play: " + describe(t, summary["origin"]), file=sys.stderr)
            browser.close()
    finally:
        for server, _ in served:
            server.shutdown()
            server.server_close()
    print(f"Medians of {args.runs} run(s); main-thread CPU ms (trace event thread time); traces in {keep}")
    print("| site | motion | part | CPU ms | longest task | tasks > 12.5 ms | blocking at 4x | script / style / layout / paint / html"
          " | style recalcs (elements) | forced layouts |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for k, site in enumerate(sites):
        for mode in modes:
            if results.get((k, mode)):
                print("\n".join(line(f"site{k}" if len(sites) > 1 else str(site), mode, results[(k, mode)])))
    for k, site in enumerate(sites):
        print(f"site{k}: {site}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
