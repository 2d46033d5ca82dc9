#!/usr/bin/env python3
"""What a page's long main-thread tasks are made of, from Chrome traces.

Why: Lighthouse's total blocking time and a long-task count are both moved by the machine's
load; what a task did (scripts by file, style, layout, paint, parsing, GC) and how many
layouts a script forced are not, or much less. This reads traces Chrome wrote (those
`bench/lighthouse.py --trace-dir` keeps, or any Trace Event JSON) and prints, for the page's
main thread: the tasks over ``--over`` ms, each with its time by kind of work and the files
whose scripts ran in it, then the totals by kind and by file over the whole trace, and the
layouts forced by scripts. With Lighthouse's mobile profile the trace is the real run; its
blocking time is simulated from it at 4x, so a task over 12.5 ms here already blocks.

    .venv/bin/python bench/trace_tasks.py DIR_OR_FILE... [--over 12.5] [--after-ms 0] [--after-mark burkozel:table]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

TOP = {"RunTask", "ThreadControllerImpl::RunTask", "TaskQueueManager::ProcessTaskFromWorkQueue"}
SCRIPT = {"EvaluateScript", "FunctionCall", "TimerFire", "FireIdleCallback", "FireAnimationFrame",
          "RunMicrotasks", "V8.Execute", "EventDispatch", "v8.evaluateModule", "v8.run", "V8.RunMicrotasks",
          "BlinkScheduler_PerformMicrotaskCheckpoint", "v8.callFunction", "v8.newInstance",
          "XHRReadyStateChange", "XHRLoad", "ResourceReceivedData"}
GROUPS = {
    "script": SCRIPT,
    "compile": {"v8.compile", "v8.compileModule", "V8.CompileCode", "CompileScript", "v8.parseOnBackground",
                "v8.produceCache", "v8.produceModuleCache", "v8.deserializeOnBackground", "CacheScript",
                "v8.compileLazy", "V8.CompileLazy", "wasm.CompileLazy"},
    "style": {"UpdateLayoutTree", "RecalculateStyles", "ScheduleStyleRecalculation", "ParseAuthorStyleSheet",
              "InvalidateLayout", "UpdateLayerTree"},
    "layout": {"Layout"},
    "paint": {"Paint", "PrePaint", "Layerize", "CompositeLayers", "UpdateLayer", "Commit", "PaintImage",
              "Decode Image", "ImageDecodeTask", "Rasterize", "RasterTask", "PaintSetup", "ScrollLayer",
              "UpdateLayer", "MarkLCPCandidate", "LayoutShift"},
    "html": {"ParseHTML"},
    "gc": {"MajorGC", "MinorGC", "V8.GCScavenger", "V8.GCCompactor", "V8.GCFinalizeMC", "V8.GCIncrementalMarking",
           "BlinkGC.AtomicPhase", "ThreadState::performIdleLazySweep", "BlinkGC.IncrementalMarkingStep",
           "CppGC.AtomicMark", "V8.GC_MC_BACKGROUND_MARKING", "V8.GCScavengerBackground"},
}
KIND = {name: group for group, names in GROUPS.items() for name in names} | {name: "(task)" for name in TOP}


def kind_of(name: str) -> str | None:
    return KIND.get(name) or ("gc" if name.startswith(("V8.GC", "BlinkGC", "CppGC")) else None)


def load(path: Path) -> list[dict]:
    data = json.loads(path.read_text())
    return data["traceEvents"] if isinstance(data, dict) else data


def main_thread(events: list[dict]) -> tuple[int, int]:
    """The page's renderer main thread: the CrRendererMain of the process that navigated to the
    page (else the one that ran the most top-level time)."""
    names = {(e["pid"], e["tid"]) for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"
             and e.get("args", {}).get("name") == "CrRendererMain"}
    pages = {e["pid"] for e in events if e.get("name") == "navigationStart"
             and str(e.get("args", {}).get("data", {}).get("documentLoaderURL", "")).startswith("http")}
    names = {key for key in names if key[0] in pages} or names
    busy: dict[tuple[int, int], float] = defaultdict(float)
    for e in events:
        key = (e.get("pid"), e.get("tid"))
        if key in names and e.get("ph") == "X" and e.get("name") in TOP:
            busy[key] += e.get("dur", 0)
    if not busy:
        raise SystemExit("trace_tasks: no renderer main thread with tasks in this trace")
    return max(busy, key=busy.get)


def navigation_start(events: list[dict], pid: int) -> float:
    """The page's own navigation (not about:blank's, nor a blank frame's)."""
    starts = [e["ts"] for e in events if e.get("pid") == pid and e.get("name") == "navigationStart"
              and str(e.get("args", {}).get("data", {}).get("documentLoaderURL", "")).startswith("http")]
    return min(starts) if starts else min(e["ts"] for e in events if e.get("ts"))


def complete_events(events: list[dict], pid: int, tid: int) -> list[dict]:
    """The thread's events as complete (X) ones: B/E pairs joined."""
    out, open_ = [], defaultdict(list)
    for e in sorted((e for e in events if e.get("pid") == pid and e.get("tid") == tid and e.get("ph") in "XBE"),
                    key=lambda e: e["ts"]):
        if e["ph"] == "X":
            out.append(e)
        elif e["ph"] == "B":
            open_[e["name"]].append(e)
        elif open_[e["name"]]:
            b = open_[e["name"]].pop()
            out.append({**b, "ph": "X", "dur": e["ts"] - b["ts"], "args": {**b.get("args", {}), **e.get("args", {})}})
    return sorted(out, key=lambda e: (e["ts"], -e.get("dur", 0)))


def url_of(e: dict) -> str | None:
    data = e.get("args", {}).get("data") or {}
    url = data.get("url") or (data.get("stackTrace") or [{}])[0].get("url") if isinstance(data, dict) else None
    return url.rsplit("/", 1)[-1] or url if url else None


def tasks(events: list[dict], clock: str = "cpu") -> list[dict]:
    """Top-level tasks with the self time of each kind of work inside them, the files their
    scripts came from, and their layouts (forced: inside a script). ``clock`` "cpu" counts the
    thread's own time (the events' ``tdur``: what other processes took is not in it), "wall"
    the elapsed time (``dur``)."""
    def took(e: dict) -> float:
        return (e.get("tdur", e.get("dur", 0)) if clock == "cpu" else e.get("dur", 0)) / 1000

    out: list[dict] = []
    stack: list[tuple[dict, dict]] = []  # (event, its task)
    for e in events:
        end = e["ts"] + e.get("dur", 0)
        while stack and stack[-1][0]["ts"] + stack[-1][0].get("dur", 0) <= e["ts"]:
            stack.pop()
        if not stack:
            if e["name"] not in TOP:
                continue
            task = {"ts": e["ts"], "wall": e.get("dur", 0) / 1000, "ms": took(e), "self": defaultdict(float),
                    "files": defaultdict(float), "names": defaultdict(float), "forced": 0, "forced_ms": 0.0, "layouts": 0}
            out.append(task)
            stack.append((e, task))
            continue
        parent, task = stack[-1]
        e["_kind"] = kind_of(e["name"]) or parent.get("_kind") or "other"
        e["_file"] = url_of(e) if e["name"] in SCRIPT else None
        e["_file"] = e["_file"] or parent.get("_file")
        e["_script"] = parent.get("_script") or e["_kind"] == "script"
        if e["name"] == "Layout":
            task["layouts"] += 1
            if parent.get("_script"):
                task["forced"] += 1
                task["forced_ms"] += took(e)
        # self time: this event's duration less its children's (subtracted as they come)
        dur = took(e)
        task["self"][e["_kind"]] += dur
        task["names"][e["name"]] += dur
        if parent is not stack[0][0]:
            task["self"][parent["_kind"]] -= dur
            task["names"][parent["name"]] -= dur
        if e["_kind"] in ("script", "compile") and e["_file"]:
            task["files"][e["_file"]] += dur
            if parent is not stack[0][0] and parent.get("_file") and parent["_kind"] in ("script", "compile"):
                task["files"][parent["_file"]] -= dur
        if end > e["ts"]:
            stack.append((e, task))
    for task in out:
        inside = sum(task["self"].values())
        task["self"]["(task)"] = max(0.0, task["ms"] - inside)
    return out


def describe(task: dict, origin: float) -> str:
    kinds = ", ".join(f"{k} {v:.0f}" for k, v in sorted(task["self"].items(), key=lambda kv: -kv[1]) if v >= 1)
    files = ", ".join(f"{k} {v:.0f}" for k, v in sorted(task["files"].items(), key=lambda kv: -kv[1])[:4] if v >= 1)
    forced = f"; forced layouts {task['forced']} ({task['forced_ms']:.0f} ms)" if task["forced"] else ""
    names = ", ".join(f"{k} {v:.0f}" for k, v in sorted(task["names"].items(), key=lambda kv: -kv[1])[:4] if v >= 1)
    return (f"{task['ms']:6.1f} ms ({task['wall']:.0f} wall) at {(task['ts'] - origin) / 1000:6.0f} ms: {kinds}"
            + (f" | scripts: {files}" if files else "") + forced + (f" | events: {names}" if names else ""))


def mark_time(events: list[dict], pid: int, name: str) -> float | None:
    """When the page's performance mark ``name`` was set (its first), in trace time."""
    at = [e["ts"] for e in events if e.get("pid") == pid and e.get("name") == name and e.get("ph") in ("R", "I", "b", "n")]
    return min(at) if at else None


def report(path: Path, over: float, after_ms: float, clock: str, after_mark: str | None = None) -> None:
    events = load(path)
    pid, tid = main_thread(events)
    origin = navigation_start(events, pid)
    if after_mark:
        at = mark_time(events, pid, after_mark)
        if at is None:
            print(f"\n{path}: no mark {after_mark}")
            return
        after_ms += (at - origin) / 1000
    ts = [t for t in tasks(complete_events(events, pid, tid), clock) if (t["ts"] - origin) / 1000 >= after_ms]
    long = [t for t in ts if t["ms"] > over]
    blocking4x = sum(max(0.0, 4 * t["ms"] - 50) for t in ts)
    print(f"\n{path} ({clock} time): {len(ts)} tasks, {sum(t['ms'] for t in ts):.0f} ms busy; {len(long)} over {over} ms; "
          f"blocking if 4x slower (Lighthouse mobile's simulation, roughly): {blocking4x:.0f} ms")
    for t in long:
        print("  " + describe(t, origin))
    kinds: dict[str, float] = defaultdict(float)
    files: dict[str, float] = defaultdict(float)
    for t in ts:
        for k, v in t["self"].items():
            kinds[k] += v
        for k, v in t["files"].items():
            files[k] += v
    print("  all tasks by kind: " + ", ".join(f"{k} {v:.0f}" for k, v in sorted(kinds.items(), key=lambda kv: -kv[1])
                                              if v >= 1))
    print("  scripts by file: " + ", ".join(f"{k} {v:.0f}" for k, v in sorted(files.items(), key=lambda kv: -kv[1])[:10]
                                           if v >= 1))
    print(f"  layouts {sum(t['layouts'] for t in ts)}, forced by a script {sum(t['forced'] for t in ts)} "
          f"({sum(t['forced_ms'] for t in ts):.0f} ms)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="+", type=Path, help="trace files, or folders of them (searched below)")
    ap.add_argument("--over", type=float, default=12.5, help="list the tasks longer than this (ms)")
    ap.add_argument("--after-ms", type=float, default=0.0, help="only tasks this long after the navigation")
    ap.add_argument("--after-mark", help="only tasks after the page's performance mark of this name "
                    "(burkozel:table: the table drawn), plus --after-ms")
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                    help="the main thread's own CPU time (default: load-independent) or elapsed time")
    args = ap.parse_args(argv)
    files = [f for p in args.paths for f in (sorted(p.rglob("*.json")) if p.is_dir() else [p])]
    for f in files:
        report(f, args.over, args.after_ms, args.clock, args.after_mark)
    return 0


if __name__ == "__main__":
    sys.exit(main())
