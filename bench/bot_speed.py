#!/usr/bin/env python3
"""Bot decision time in the browser, and whether the page ever freezes during play.

The bots run in Pyodide in the page's Python worker, slower than on CPython, and must still
answer in time.  Against the built site/ in Debian's Chromium: (1) with ``?bench=1`` the page
times the table's bots (and ``--hint``) on the first decisions of seeded matches of every
table, checked against the same positions on CPython; (2) hard bots in every seat play for
``--play-seconds`` and every main-thread task over 50 ms is reported.  Nothing here
asserts: it prints one line per figure (bench/README.md has the targets and details).

    make bench-bots-browser     # or: .venv/bin/python bench/bot_speed.py [--hard 150 --medium 500]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))
sys.path.insert(0, str(ROOT / "web"))
sys.path.insert(0, str(ROOT))

from harness import CHROMIUM_ARGS, SITE, chromium_path  # noqa: E402
from serve import serve_in_thread  # noqa: E402

from burkozel.rules import FORMATS as TABLES  # noqa: E402

READY_TIMEOUT_MS = 180_000
FORMATS = tuple(TABLES)
CHUNK = 25
"""Decisions per call into the page (so progress shows and no call runs for minutes)."""

LONGTASKS_SCRIPT = """
(() => {
  window.__longtasks = [];
  window.__readyAt = null;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
    }).observe({type: "longtask", buffered: true});
  } catch (e) { window.__longtasks = null; }
  // What a long task was made of: each animation frame over 50 ms (Long Animation Frames),
  // its scripts (who called them, in which file, their forced style and layout) and its own
  // rendering (style, layout, paint) after them.
  window.__frames = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        window.__frames.push({start: e.startTime, duration: e.duration,
          render: e.renderStart ? e.startTime + e.duration - e.renderStart : 0,
          layout: e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0,
          scripts: e.scripts.map((s) => ({invoker: s.invokerType + " " + s.invoker, file: (s.sourceURL || "").split("/").pop(),
            fn: s.sourceFunctionName, duration: s.duration, forced: s.forcedStyleAndLayoutDuration}))});
      }
    }).observe({type: "long-animation-frame", buffered: true});
  } catch (e) { window.__frames = null; }
  // The frame that first draws the table (its style and layout) is still the boot's:
  // play starts once that frame is over.
  window.__shownAt = null;
  const mark = () => {
    if (!window.__readyAt && document.documentElement && document.documentElement.dataset.state === "ready") {
      window.__readyAt = performance.now();
      requestAnimationFrame(() => setTimeout(() => { window.__shownAt = performance.now(); }, 0));
    }
  };
  new MutationObserver(mark).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-state"]});
})();
"""


def site_built(site: Path) -> bool:
    """Whether ``site`` holds a built site; if not, says so (the benches run the real one)."""
    if (site / "sw.js").is_file():
        return True
    print("bench: site/ is not built — run `make site`", file=sys.stderr)
    return False


def settings_script(fmt: str, difficulty: str, speed: str, players: int | None = None) -> str:
    """The table's saved settings: every table's default switches, ``fmt`` chosen
    (with ``players`` seats where the table lets a match choose)."""
    from table.match import storage

    settings = {**storage.default_settings(), "format": fmt, "difficulty": difficulty, "speed": speed}
    if players is not None:
        settings["tables"][fmt]["players"] = players
    value = storage.dump_settings(settings)
    return f"localStorage.setItem('burkozel.settings', {json.dumps(value)});"


def stats(ms: list[float]) -> tuple[float, float, float]:
    s = sorted(ms)
    p95 = s[max(0, -(-95 * len(s) // 100) - 1)]  # nearest-rank
    return statistics.median(s), p95, s[-1]


def line(text: str) -> None:
    print(text, flush=True)


def browser_decisions(page, cdp, level: str, fmt: str, n: int, seed: int, players: int | None = None) -> dict:
    """Timed in the page, CHUNK decisions per call; also the main thread's CPU
    time over the calls (CDP ``ThreadTime``) against their wall time."""
    out = {"ms": [], "moves": [], "iterations": []}
    page.evaluate("(r) => window.burkozelBench(r)",
                  json.dumps({"level": "easy", "format": fmt, "players": players, "n": n, "seed": seed}))
    cpu = wall = 0.0
    for skip in range(0, n, CHUNK):
        req = json.dumps({"level": level, "format": fmt, "players": players, "n": min(n, skip + CHUNK),
                          "skip": skip, "seed": seed})
        t0, w0 = thread_time(cdp), time.perf_counter()
        part = json.loads(page.evaluate("(r) => window.burkozelBench(r)", req))
        cpu += thread_time(cdp) - t0
        wall += time.perf_counter() - w0
        for k in out:
            out[k] += part[k]
        out["table_bots"] = part["table_bots"]
    out["cpu_share"] = cpu / wall if wall else float("nan")
    return out


def thread_time(cdp) -> float:
    metrics = cdp.send("Performance.getMetrics")["metrics"]
    return next(m["value"] for m in metrics if m["name"] == "ThreadTime")


def cpython_decisions(level: str, fmt: str, n: int, seed: int, players: int | None = None) -> dict:
    """The same positions on CPython: the reference bot (deterministic, no time
    cap) for the moves, its CPU time for the ratio."""
    from table.worker import benchhooks

    return benchhooks.run({"level": level, "format": fmt, "players": players, "n": n, "seed": seed,
                           "variant": "reference", "clock": "cpu"})


def decision_bench(browser, base: str, counts: dict[str, int], seed: int, formats=FORMATS,
                   players: int | None = None) -> None:
    page = browser.new_page()
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    page.goto(base + "?bench=1&sw=off", wait_until="commit")
    page.wait_for_selector("html[data-state=ready]", state="attached", timeout=READY_TIMEOUT_MS)
    if not page.evaluate("typeof window.burkozelBench === 'function'"):
        raise SystemExit("bench: the page has no window.burkozelBench (site/ built from an older web/?)")
    web: dict = {}
    for level, n in counts.items():
        if n <= 0:
            continue
        for fmt in formats:
            seated = players if players in seats_of(fmt) else None
            web = browser_decisions(page, cdp, level, fmt, n, seed, seated)
            cpy = cpython_decisions(level, fmt, n, seed, seated)
            med, p95, top = stats(web["ms"])
            cmed, cp95, cmax = stats(cpy["ms"])
            same = sum(a == b for a, b in zip(web["moves"], cpy["moves"]))
            its = [i for i in web["iterations"] if i]
            extra = f" | rollouts median {statistics.median(its):.0f}" if its else ""
            label = fmt if seated is None else f"{fmt}×{seated}"
            line(f"{level:<6} {label:<5} n={len(web['ms']):<4} browser median {med:6.1f} p95 {p95:6.1f} "
                 f"max {top:6.1f} ms (cpu share {web['cpu_share']:.2f}) | CPython cpu median {cmed:5.1f} "
                 f"p95 {cp95:5.1f} max {cmax:5.1f} ms | ratio of totals {sum(web['ms']) / sum(cpy['ms']):.1f}x | "
                 f"same moves {same}/{len(web['moves'])}{extra}")
    if web:  # nothing to report when every decision count is 0
        line(f"table bots: {web['table_bots']}")
    page.close()


def seats_of(fmt: str) -> tuple[int, ...]:
    """The seat counts a match of ``fmt`` may choose (one, the table's own, for most)."""
    from table.match import seats

    return tuple(seats.seat_counts(fmt))


def longtask_bench(browser, base: str, fmt: str, speed: str, seconds: float, seed: int | None = None,
                   players: int | None = None, reduced: bool = False, trace: Path | None = None) -> None:
    """Hard autoplay; with ``seed`` its matches are those of ``match.table.Table(autoplay=True, seed=seed)``
    on CPython (the table's bots are deterministic), so a slow step can be replayed there.
    ``reduced``: with prefers-reduced-motion (no card or chip moves), else motion on.
    ``trace``: keep a Chrome trace of the whole run there (bench/trace_tasks.py reads it: each
    task's own CPU time, which the machine's load does not stretch)."""
    ctx = browser.new_context(reduced_motion="reduce" if reduced else "no-preference")
    ctx.add_init_script(LONGTASKS_SCRIPT)
    seated = players if players in seats_of(fmt) else None
    ctx.add_init_script(settings_script(fmt, "hard", speed if speed in ("normal", "fast") else "normal", seated))
    page = ctx.new_page()
    if trace:
        trace.parent.mkdir(parents=True, exist_ok=True)
        browser.start_tracing(page=page, path=str(trace), screenshots=False)
    page.goto(base + f"?autoplay=1&speed={speed}&sw=off&bench=1" + (f"&seed={seed}" if seed is not None else ""),
              wait_until="commit")
    page.wait_for_selector("html[data-state=ready]", state="attached", timeout=READY_TIMEOUT_MS)
    page.evaluate("window.burkozelBench(JSON.stringify({gc: true}))")  # start watching the GC
    if page.get_attribute("#table", "data-bots") not in (None, "hard"):
        raise SystemExit(f"bench: the table seats {page.get_attribute('#table', 'data-bots')} bots, not hard")
    page.wait_for_timeout(seconds * 1000)
    tasks = page.evaluate("window.__longtasks")
    frames = page.evaluate("window.__frames")
    ready = page.evaluate("window.__readyAt")
    shown = page.evaluate("window.__shownAt") or ready
    rounds = page.evaluate("document.querySelector('#table').dataset.phase")
    steps = json.loads(page.evaluate("window.burkozelSteps ? window.burkozelSteps() : '[]'"))
    pauses = json.loads(page.evaluate("window.burkozelBench(JSON.stringify({gc: true}))"))
    if trace:
        browser.stop_tracing()
    ctx.close()
    if tasks is None:
        line("long tasks: this Chromium does not report longtask entries")
        return
    after = [d for start, d in tasks if start >= shown]
    boot = [d for start, d in tasks if start < shown]
    over = [d for d in after if d > 200]
    top = max(after, default=0.0)
    motion = "reduced motion" if reduced else "motion on"
    line(f"long tasks after ready, {seconds:.0f} s of hard autoplay ({fmt}, speed={speed}, {motion}): "
         f"{len(after)} over 50 ms (target 0), {len(over)} over 200 ms, longest {top:.0f} ms, "
         f"median {statistics.median(after) if after else 0:.0f} ms  [phase at the end: {rounds}]")
    line(f"  (boot to the table's first frame, excluded: {len(boot)} long tasks, longest {max(boot, default=0):.0f} ms)")
    if frames is not None:
        frame_report([f for f in frames if f["start"] >= shown])
    if steps:
        moves = [m for m, _ in steps]
        redraws = [r for _, r in steps]
        worst = max(steps, key=sum)
        line(f"  timed steps (Python's own clock): {len(steps)}; move median {statistics.median(moves):.0f} "
             f"max {max(moves):.0f} ms; redraw median {statistics.median(redraws):.0f} max {max(redraws):.0f} ms; "
             f"worst step {worst[0]:.0f} + {worst[1]:.0f} ms")
        full = [ms for gen, ms in pauses if gen == 2]
        line(f"  Python GC during the run: {len(pauses)} collections, {len(full)} full; longest "
             f"{max((ms for _, ms in pauses), default=0):.0f} ms, full ones {', '.join(f'{ms:.0f}' for ms in full) or '-'} ms")


def frame_report(frames: list[dict]) -> None:
    """The long animation frames after ready: how many, how much of them was rendering (style,
    layout, paint after the scripts) and the scripts that took most, by who called them."""
    if not frames:
        line("  long animation frames (> 50 ms): none")
        return
    render = sum(f["render"] for f in frames)
    by: dict[str, list[float]] = {}
    for f in frames:
        for s in f["scripts"]:
            key = f"{s['invoker']} [{s['file']}]"
            by.setdefault(key, [0.0, 0.0, 0])
            by[key][0] += s["duration"]
            by[key][1] += s["forced"]
            by[key][2] += 1
    top = sorted(by.items(), key=lambda kv: -kv[1][0])[:5]
    line(f"  long animation frames (> 50 ms): {len(frames)}, {sum(f['duration'] for f in frames):.0f} ms in all, "
         f"rendering {render:.0f} ms of it (style and layout {sum(f['layout'] for f in frames):.0f}); scripts: "
         + "; ".join(f"{k} {v[0]:.0f} ms in {v[2]} (forced layout {v[1]:.0f})" for k, v in top))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hard", type=int, default=150, help="hard decisions per format (0 = skip)")
    ap.add_argument("--medium", type=int, default=500, help="medium decisions per format (0 = skip)")
    ap.add_argument("--easy", type=int, default=0, help="easy decisions per format (0 = skip)")
    ap.add_argument("--hint", type=int, default=60, help="hints («Подсказка») per format (0 = skip)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--formats", default=",".join(FORMATS), help="the tables whose decisions are timed")
    ap.add_argument("--play-seconds", type=float, default=60.0, help="long-task run (0 = skip)")
    ap.add_argument("--play-speed", default="normal", choices=("normal", "fast", "instant"))
    ap.add_argument("--play-format", default="pairs", choices=FORMATS)
    ap.add_argument("--play-seed", type=int, default=None, help="seed of the autoplay matches (default: random)")
    ap.add_argument("--play-motion", default="on", choices=("on", "reduced", "both"),
                    help="the long-task run with motion on, with reduced motion, or both alternating")
    ap.add_argument("--play-runs", type=int, default=1, help="long-task runs (of each, with --play-motion both)")
    ap.add_argument("--players", type=int, default=None,
                    help="seats at a table that lets a match choose (bura_pot: 2-6; default the table's)")
    ap.add_argument("--play-trace", type=Path, default=None,
                    help="keep each long-task run's Chrome trace in this folder (for bench/trace_tasks.py)")
    ap.add_argument("--site", type=Path, default=SITE)
    args = ap.parse_args(argv)
    if not site_built(args.site):
        return 2

    from playwright.sync_api import sync_playwright

    server, base = serve_in_thread(args.site.resolve())
    started = time.monotonic()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True)
            load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
            line(f"Burkozel bot decision times — Chromium {browser.version}, Python {sys.version.split()[0]}; "
                 f"{os.cpu_count()} cores, load average {load} (other work skews the times)")
            decision_bench(browser, base, {"easy": args.easy, "medium": args.medium, "hard": args.hard,
                                            "hint": args.hint}, args.seed,
                           tuple(args.formats.split(",")), args.players)
            modes = {"on": (False,), "reduced": (True,), "both": (False, True)}[args.play_motion]
            for run in range(args.play_runs if args.play_seconds > 0 else 0):
                for reduced in modes:  # alternating, so the machine's load falls on both alike
                    trace = (args.play_trace / f"{args.play_format}-{'reduced' if reduced else 'motion'}-{run}.json"
                             if args.play_trace else None)
                    longtask_bench(browser, base, args.play_format, args.play_speed, args.play_seconds,
                                   args.play_seed, args.players, reduced, trace)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    line("targets: hard median <= 150 ms, p95 <= 300 ms; medium median <= 20 ms; hint median <= 300 ms; "
         "no main-thread task over 50 ms in play")
    line(f"benchmark wall time {time.monotonic() - started:,.0f} s; load average now {load}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
