#!/usr/bin/env python3
"""Startup benchmark: how long until the table is usable, and what it costs to get there.

The figures a player feels, each against its target (bench/README.md):
- the dealt hand, «Новая партия» pressed as soon as the menu allows, against a bare page
  that boots only Pyodide from the same files: what our own boot adds to the runtime;
- how soon a click on a table in the menu before Python takes (≤ 400 ms);
- cold against warm visits on a slow network (9 Mbit/s, 170 ms RTT): what the service
  worker and the interpreter's snapshot save on a second visit;
- bytes on the first visit, raw and as gzip would send them; first paint (≤ 300 ms).
Everything is measured in the same run, against the built site/ served from 127.0.0.1,
with Debian's Chromium (headless); medians of RUNS runs, one line per figure.  Nothing
here asserts: it prints.

    make bench-start            # or: .venv/bin/python bench/startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))

from harness import CHROMIUM_ARGS, SITE, SW_STATUS_JS, chromium_path, poll  # noqa: E402
from serve import serve_in_thread  # noqa: E402

READY_TIMEOUT_MS = 180_000
PLAY_FORMAT = "four"  # the table chosen in the early menu (not the default, so the click changes it)
PLAY_FORMAT_AGAIN = "three"  # on the second visit, where "four" is stored
SLOW = {
    "offline": False,
    "latency": 170,  # ms round trip
    "downloadThroughput": 9_000_000 / 8,  # bytes/s
    "uploadThroughput": 9_000_000 / 8,
}

# Recorded on every navigation: when <html data-state> became "ready"
# (performance.now() is measured from the navigation start).
TIMING_SCRIPT = """
(() => {
  window.__progress = {};
  addEventListener("py:progress", (e) => { window.__progress[e.detail] = performance.now(); });
  const mark = () => {
    if (document.documentElement && document.documentElement.dataset.state === "ready" && !window.__readyAt) {
      window.__readyAt = performance.now();
    }
  };
  new MutationObserver(mark).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-state"]});
  // WebAssembly compile + instantiate of the runtime (the start-up breakdown).
  // From the first compile/instantiate call to the first instance.
  window.__wasm = [null, null];
  for (const name of ["compileStreaming", "compile", "instantiateStreaming", "instantiate"]) {
    const original = WebAssembly[name];
    if (typeof original !== "function") continue;
    WebAssembly[name] = function (...args) {
      if (window.__wasm[0] === null) window.__wasm[0] = performance.now();
      const promise = original.apply(this, args);
      if (name.startsWith("instantiate")) {
        promise.then(() => { if (window.__wasm[1] === null) window.__wasm[1] = performance.now(); }, () => {});
      }
      return promise;
    };
  }
  // Main-thread tasks over 50 ms (what keeps the early menu from answering).
  window.__long = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
    }).observe({type: "longtask", buffered: true});
  } catch {}
  // The early menu: the first change of the table chosen, the first card dealt.
  addEventListener("change", (e) => {
    if (e.target && e.target.name === "format" && !window.__formatAt) window.__formatAt = performance.now();
  }, true);
  const dealt = new MutationObserver(() => {
    if (document.querySelector("#hand button[data-card]")) { window.__handAt = performance.now(); dealt.disconnect(); }
  });
  dealt.observe(document, {childList: true, subtree: true});
})();
"""

# The same bare boot of Pyodide as npm ships it (its whole standard library, as
# source): what a page that does nothing about its start would wait for.
NPM_PYODIDE = ROOT / "node_modules" / "pyodide"
NPM_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")

BARE_PAGE = """<!doctype html>
<html lang="en" data-state="loading">
<head><meta charset="utf-8"><title>bare Pyodide boot (benchmark only)</title></head>
<body>
<script type="module">
  import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
  performance.mark("bare:load");
  const pyodide = await loadPyodide();
  performance.mark("bare:loaded");
  pyodide.runPython("import sys; answer = 6 * 7");
  document.documentElement.dataset.state = "ready";
</script>
</body>
</html>
"""


FRAME_DRAWN_JS = "new Promise((done) => requestAnimationFrame(() => setTimeout(() => setTimeout(done, 50), 0)))"

SNAPSHOT_KEPT_JS = "caches.open('python-snapshot').then((cache) => cache.keys()).then((keys) => keys.length)"
SNAPSHOT_FATE_JS = "performance.getEntriesByName('burkozel:runtime-loaded')[0]?.detail?.snapshot ?? null"

# Where the early menu shows a table (null until it is open), and whether a click chose it.
LABEL_JS = """(value) => {
  const label = document.querySelector(`#menu[open] label:has(input[name=format][value=${value}])`);
  const box = label?.getBoundingClientRect();
  return {chosen: window.__formatAt !== undefined,
          x: box ? box.x + box.width / 2 : null, y: box ? box.y + box.height / 2 : null};
}"""

# Where the start-up time goes, as points in time after navigation (ms).
BREAKDOWN_JS = """() => {
  const mark = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
  const res = (file) => performance.getEntriesByType('resource').find((r) => r.name.endsWith(file));
  const nav = performance.getEntriesByType('navigation')[0];
  const p = window.__progress || {};
  const runtime = ['pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide.asm.mjs', 'pyodide.mjs', 'pyodide-lock.json']
    .map(res).filter(Boolean);
  return {
    t_html: nav.responseEnd,
    t_core: res('core.js')?.responseEnd ?? null,
    t_runtime: runtime.length ? Math.max(...runtime.map((r) => r.responseEnd)) : null,
    t_wasm_start: window.__wasm?.[0] ?? null,
    t_wasm_end: window.__wasm?.[1] ?? null,
    t_interp_start: p['Loading interpreter'] ?? mark('burkozel:runtime-called') ?? mark('bare:load'),
    t_interp_end: p['Loaded interpreter'] ?? mark('burkozel:runtime-loaded') ?? mark('bare:loaded'),
    t_files_start: p['Loading files'] ?? null,
    t_files_end: p['Loaded files'] ?? null,
    t_main: mark('burkozel:main'),
    t_worker: mark('burkozel:worker'),
    import_engine_ms: performance.getEntriesByName('burkozel:table')[0]?.detail?.engine ?? null,
    import_app_ms: performance.getEntriesByName('burkozel:table')[0]?.detail?.app ?? null,
    start_ms: performance.getEntriesByName('burkozel:table')[0]?.detail?.table ?? null,
    long_max: Math.max(0, ...(window.__long || []).map((e) => e[1])),
    long_sum: (window.__long || []).reduce((a, e) => a + e[1], 0),
    t_engine: mark('burkozel:engine'),
    t_app: mark('burkozel:app'),
    t_table: mark('burkozel:table'),
  };
}"""

# (label, from, to): the breakdown's lines, each the median of to - from.
BREAKDOWN = (
    ("HTML received", None, "t_html"),
    ("runtime files downloaded (5 Pyodide files, in parallel)", None, "t_runtime"),
    ("navigation -> loadPyodide called (PyScript core.js)", None, "t_interp_start"),
    ("  wasm compile + instantiate", "t_wasm_start", "t_wasm_end"),
    ("  loadPyodide in all (fetch waits, wasm, CPython + stdlib init)", "t_interp_start", "t_interp_end"),
    ("  loadPyodide after the wasm (CPython init, stdlib mount)", "t_wasm_end", "t_interp_end"),
    ("PyScript after loadPyodide, to web/main.py's first line", "t_interp_end", "t_main"),
    ("  of which [files]: zips fetched and unpacked", "t_files_start", "t_files_end"),
    ("import burkozel (engine)", "t_main", "t_engine"),
    ("import app (table glue, render, texts, bots)", "t_engine", "t_app"),
    ("app.start(): first render of the table", "t_app", "t_table"),
    ("table rendered -> data-state ready", "t_table", "ready_ms"),
    # Since Python runs in a worker (web/page/host.js), the page sees only these; the
    # lines above that need PyScript's progress events or Python's marks on the
    # page are n/a (the worker's own clock gives the three durations below).
    ("navigation -> Python worker up (runtime, [files], imports)", None, "t_worker"),
    ("  in the worker: import burkozel (engine)", None, "import_engine_ms"),
    ("  in the worker: import app (controller, render, texts, bots)", None, "import_app_ms"),
    ("  in the worker: start(): the table and its first markup", None, "start_ms"),
    ("worker up -> table drawn on the page", "t_worker", "t_table"),
)


def breakdown(rows: list[dict], bare: list[dict]) -> None:
    print("start-up breakdown, localhost cold (medians, ms):")
    for label, start, end in BREAKDOWN:
        values = [r[end] - (r[start] if start else 0) for r in rows
                  if r.get(end) is not None and (start is None or r.get(start) is not None)]
        line("  " + label, f"{statistics.median(values):,.0f} ms" if values else "n/a")
    for key, label in (("long_max", "longest main-thread task until the table is drawn"),
                       ("long_sum", "main thread blocked in tasks > 50 ms, in all")):
        values = [r[key] for r in rows if r.get(key) is not None]
        line("  " + label, f"{statistics.median(values):,.0f} ms" if values else "n/a")
    for label, start, end in (("bare: wasm compile + instantiate", "t_wasm_start", "t_wasm_end"),
                              ("bare: loadPyodide in all", "t_interp_start", "t_interp_end"),
                              ("bare: loadPyodide after the wasm", "t_wasm_end", "t_interp_end")):
        values = [r[end] - r[start] for r in bare if r.get(end) is not None and r.get(start) is not None]
        line("  " + label, f"{statistics.median(values):,.0f} ms" if values else "n/a")


def paint_ms(page) -> float | None:
    entries = page.evaluate("performance.getEntriesByType('paint').map(e => [e.name, e.startTime])")
    named = dict(entries)
    return named.get("first-contentful-paint", named.get("first-paint"))


class Bench:
    def __init__(self, browser, base: str, runs: int):
        self.browser = browser
        self.base = base
        self.runs = runs

    def visit(self, context, url: str, slow: bool, page=None, measure_bytes: bool = False,
              play: str | None = None) -> dict:
        """One navigation to url; returns ms to ready, first paint, bytes. With
        ``play`` (a table other than the one stored), as soon as the early menu is open it is chosen and
        «Новая партия» pressed; then also ms to that click's effect and to the
        dealt hand."""
        fresh = page is None
        if fresh:
            page = context.new_page()
        if slow:
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", SLOW)
        bodies: list[bytes] = []
        if measure_bytes:
            def on_response(response):
                try:
                    bodies.append(response.body())
                except Exception:  # noqa: BLE001 - redirects/aborted have no body
                    pass
            page.on("response", on_response)
        if fresh:
            page.goto(url, wait_until="commit")
        else:
            page.reload(wait_until="commit")
        if play:
            # From the navigation on, the page is asked where the menu shows the
            # table and, once it does, real mouse clicks land there one after
            # another, as an impatient player taps: the change event of the first
            # one that takes is the menu's interactive time. Each round trip waits
            # for the page's main thread, so a busy one shows. (Waiting with a
            # selector first added Playwright's polling interval to the figure.)
            deadline = time.monotonic() + READY_TIMEOUT_MS / 1000
            while True:
                state = page.evaluate(LABEL_JS, play)
                if state["chosen"]:
                    break
                if time.monotonic() > deadline:
                    raise TimeoutError("the early menu never took a click")
                if state["x"] is not None:
                    page.mouse.click(state["x"], state["y"])
            page.click("#menu [data-action=new]")
        page.wait_for_selector("html[data-state=ready]", state="attached", timeout=READY_TIMEOUT_MS)
        if play:
            page.wait_for_selector("#hand button[data-card]", timeout=READY_TIMEOUT_MS)
        # The frame that first draws the table belongs to the start: let it run, and
        # its long task (if any) be reported, before the long tasks are read.
        page.evaluate(FRAME_DRAWN_JS)
        ready = page.evaluate("window.__readyAt || performance.now()")
        progress = page.evaluate("window.__progress || {}")
        nav = page.evaluate("performance.getEntriesByType('navigation')[0].responseStart")
        paint = paint_ms(page)
        marks = page.evaluate("""() => ({menu: performance.getEntriesByName('burkozel:menu')[0]?.startTime ?? null,
                                          format: window.__formatAt ?? null, hand: window.__handAt ?? null})""")
        result_breakdown = page.evaluate(BREAKDOWN_JS)
        result_breakdown["snapshot"] = page.evaluate(SNAPSHOT_FATE_JS)
        result = {
            "ready_ms": ready,
            "menu_ms": marks["menu"],
            "format_ms": marks["format"],
            "hand_ms": marks["hand"],
            "paint_ms": paint,
            "paint_after_html_ms": paint - nav if paint is not None else None,
            "page": page,
        }
        if "Loading files" in progress and "Loaded files" in progress:
            result["files_ms"] = progress["Loaded files"] - progress["Loading files"]
        if "Loading interpreter" in progress and "Loaded interpreter" in progress:
            result["interpreter_ms"] = progress["Loaded interpreter"] - progress["Loading interpreter"]
        result.update({k: v for k, v in result_breakdown.items() if v is not None})
        if measure_bytes:
            page.remove_listener("response", on_response)
            result["raw"] = sum(len(b) for b in bodies)
            result["gzip"] = sum(len(gzip.compress(b, 6)) for b in bodies)
        return result

    def cold(self, path: str, slow: bool, measure_bytes: bool = False, play: str | None = None,
             stored: dict[str, str] | None = None) -> list[dict]:
        """Fresh visits; ``stored``: ``localStorage`` strings the page finds already there."""
        out = []
        for _ in range(self.runs):
            ctx = self.browser.new_context()
            ctx.add_init_script(TIMING_SCRIPT)
            if stored:
                ctx.add_init_script(f"Object.entries({json.dumps(stored)}).forEach(([k, v]) => "
                                    "localStorage.getItem(k) === null && localStorage.setItem(k, v));")
            r = self.visit(ctx, self.base + path, slow, measure_bytes=measure_bytes, play=play)
            r.pop("page")
            out.append(r)
            ctx.close()
        return out

    def cold_then_warm(self, slow: bool) -> tuple[list[dict], list[dict]]:
        """First visit in a fresh context, wait for the service worker, then visit again."""
        colds, warms = [], []
        for _ in range(self.runs):
            ctx = self.browser.new_context()
            ctx.add_init_script(TIMING_SCRIPT)
            first = self.visit(ctx, self.base, slow, measure_bytes=True, play=PLAY_FORMAT)
            page = first.pop("page")
            poll(page, SW_STATUS_JS, lambda s: s["controller"] and len(s["caches"]) == 2 and all(s["caches"].values()), READY_TIMEOUT_MS)
            # web/page/runtime.mjs keeps the interpreter's snapshot for the next visit.
            poll(page, SNAPSHOT_KEPT_JS, lambda kept: kept > 0, READY_TIMEOUT_MS)
            page.close()
            second = self.visit(ctx, self.base, slow, play=PLAY_FORMAT_AGAIN)
            second.pop("page")
            colds.append(first)
            warms.append(second)
            ctx.close()
        return colds, warms


def med(rows: list[dict], key: str) -> float:
    values = [r[key] for r in rows if r.get(key) is not None]
    return statistics.median(values) if values else float("nan")


def line(label: str, value: str, target: str = "") -> None:
    print(f"{label:<52} {value:>14}   {target}".rstrip(), flush=True)


RESUMED_DEALS = 5


def saved_match() -> tuple[str, int]:
    """A kept match of «Пары» several deals long, played by random legal moves (what a
    returning player's page replays at start), and its number of moves."""
    import random

    sys.path[:0] = [str(ROOT), str(ROOT / "web")]
    from table.match import storage
    from table.match.table import Table

    table = Table(storage.load_settings(None)[0], speed="instant", seed=11)
    table.new_match()
    rng = random.Random(3)
    match = table.match
    while (match.round_no < RESUMED_DEALS - 1 or not match.round.moves) and not match.is_over:
        if match.round.is_over:
            match.next_round()
        else:
            match.push(rng.choice(match.round.legal_moves))
    return storage.dump_match(table.saved()), len(match.moves)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--site", type=Path, default=SITE)
    ap.add_argument("--local", action="store_true", help="localhost figures only (skip the slow-network visits)")
    args = ap.parse_args(argv)
    if not (args.site / "sw.js").is_file():
        print("bench: site/ is not built — run `make site`", file=sys.stderr)
        return 2

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="burkozel-bench-") as overlay:
        # The bare page lives only in a temp overlay: it is never part of site/.
        Path(overlay, "bench-bare.html").write_text(BARE_PAGE, encoding="utf-8")
        Path(overlay, "bench-npm").mkdir()
        for name in NPM_FILES:
            os.symlink(NPM_PYODIDE / name, Path(overlay, "bench-npm", name))
        Path(overlay, "bench-bare-npm.html").write_text(BARE_PAGE.replace("./vendor/pyodide/", "./bench-npm/"), encoding="utf-8")
        server, base = serve_in_thread(args.site.resolve(), overlay=Path(overlay))
        started = time.monotonic()
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True)
                bench = Bench(browser, base, args.runs)
                load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
                print(f"Burkozel startup benchmark — {args.runs} runs each, medians; Chromium {browser.version}; "
                      f"{os.cpu_count()} cores, load average {load} (other work skews the times)")

                app_fast = bench.cold("", slow=False, measure_bytes=True, play=PLAY_FORMAT)
                saved, saved_moves = saved_match()
                resumed = bench.cold("", slow=False, stored={"burkozel.match": saved})
                bare_fast = bench.cold("bench-bare.html", slow=False)
                bare_npm = bench.cold("bench-bare-npm.html", slow=False)
                slow_cold, slow_warm = ([], []) if args.local else bench.cold_then_warm(slow=True)
                browser.close()
        finally:
            server.shutdown()
            server.server_close()

    app_ms, bare_ms = med(app_fast, "ready_ms"), med(bare_fast, "ready_ms")
    cold_ms, warm_ms = med(slow_cold, "ready_ms"), med(slow_warm, "ready_ms")
    raw, gz = med(app_fast, "raw"), med(app_fast, "gzip")
    hand_ms = med(app_fast, "hand_ms")
    line("early menu open (its script ran), localhost cold", f"{med(app_fast, 'menu_ms'):,.0f} ms")
    line("menu interactive: first click that chose a table", f"{med(app_fast, 'format_ms'):,.0f} ms", "target <= 400 ms")
    line("cold start, localhost: navigation -> ready", f"{app_ms:,.0f} ms")
    line("cold start, «Новая партия» at once -> dealt hand", f"{hand_ms:,.0f} ms")
    line("bare Pyodide boot, localhost (same files)", f"{bare_ms:,.0f} ms")
    line("ratio app ready / bare", f"{app_ms / bare_ms:.2f}", "target <= 1.25")
    line("ratio dealt hand / bare", f"{hand_ms / bare_ms:.2f}", "target <= 1.0")
    npm_ms = med(bare_npm, "ready_ms")
    line("bare Pyodide boot, npm's own files (stdlib as source)", f"{npm_ms:,.0f} ms")
    line("ratio dealt hand / bare with npm's files", f"{hand_ms / npm_ms:.2f}")
    breakdown(app_fast, bare_fast)
    line(f"  in the worker: start() resuming a kept match ({saved_moves} moves)", f"{med(resumed, 'start_ms'):,.0f} ms")
    line("cold start resuming that match: navigation -> ready", f"{med(resumed, 'ready_ms'):,.0f} ms")
    if args.local:
        line("first visit bytes, uncompressed", f"{raw / 1e6:.2f} MB", "target <= 12 MB")
        line("first paint, localhost", f"{med(app_fast, 'paint_ms'):,.0f} ms", "target <= 300 ms")
        line("loadPyodide (interpreter), localhost cold", f"{med(app_fast, 'interpreter_ms'):,.0f} ms")
        line("benchmark wall time", f"{time.monotonic() - started:,.0f} s")
        return 0
    line("cold start, 9 Mbit/s 170 ms RTT", f"{cold_ms:,.0f} ms")
    line("warm 2nd visit (service worker), 9 Mbit/s 170 ms", f"{warm_ms:,.0f} ms")
    line("ratio warm / cold", f"{warm_ms / cold_ms:.2f}", "target <= 0.5")
    warm_hand = med(slow_warm, "hand_ms")
    restored = sum(1 for r in slow_warm if r.get("snapshot") == "used")
    line("warm visits that restored the Python snapshot", f"{restored} of {len(slow_warm)}")
    line("warm 2nd visit to a dealt hand, 9 Mbit/s 170 ms", f"{warm_hand:,.0f} ms")
    line("ratio warm dealt hand / bare cold (localhost)", f"{warm_hand / bare_ms:.2f}", "target <= 0.4")
    line("ratio warm / cold dealt hand, 9 Mbit/s", f"{warm_hand / med(slow_cold, 'hand_ms'):.2f}", "target <= 0.3")
    line("first visit bytes, uncompressed", f"{raw / 1e6:.2f} MB", "target <= 12 MB")
    line("first visit bytes, gzip estimate", f"{gz / 1e6:.2f} MB")
    line("first paint, localhost", f"{med(app_fast, 'paint_ms'):,.0f} ms", "target <= 300 ms")
    line("first paint, 9 Mbit/s 170 ms RTT (cold)", f"{med(slow_cold, 'paint_ms'):,.0f} ms", "target <= 300 ms")
    line("first paint, 9 Mbit/s 170 ms RTT (warm)", f"{med(slow_warm, 'paint_ms'):,.0f} ms", "target <= 300 ms")
    line("paint after the HTML arrived, 9 Mbit/s (cold)", f"{med(slow_cold, 'paint_after_html_ms'):,.0f} ms")
    line("loadPyodide (interpreter), localhost cold", f"{med(app_fast, 'interpreter_ms'):,.0f} ms")
    line("loadPyodide (interpreter), warm via service worker", f"{med(slow_warm, 'interpreter_ms'):,.0f} ms")
    line("engine + glue zips fetched and unpacked ([files])", f"{med(app_fast, 'files_ms'):,.0f} ms")
    line("benchmark wall time", f"{time.monotonic() - started:,.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
