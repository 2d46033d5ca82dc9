#!/usr/bin/env python3
"""Lighthouse as a benchmark: the menu (first visit), the second visit (service
worker) and a table in play, each in the mobile and the desktop profile.

Why Lighthouse: it scores what a visitor's browser sees by the rules every site is scored by,
so a regression in weight, paint or legibility shows as a failed audit by name. site/ is served
as GitHub Pages serves it (text gzip'd; --raw: every file as it is, as before 4 Dec 2026).
Nothing asserts. --site twice alternates two builds run by run; --details adds each run's long
tasks and scripts; --trace-dir keeps traces for bench/trace_tasks.py (bench/README.md).

    make bench-lighthouse       # or: .venv/bin/python bench/lighthouse.py [--runs N] [--json FILE]
    .venv/bin/python bench/lighthouse.py --site OTHER/site --site site --runs 3 \
        --profiles mobile --pages menu,play --details
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))

from harness import CHROMIUM_ARGS, SITE, chromium_path  # noqa: E402
from serve import serve_in_thread  # noqa: E402

CATEGORIES = ("performance", "accessibility", "best-practices", "seo")


def run(base: str, runs: int, profiles: str = "mobile,desktop", pages: str = "menu,second,play",
        trace_dir: Path | None = None) -> list[dict]:
    cmd = ["node", str(ROOT / "bench" / "lighthouse.mjs"), "--base", base, "--chrome", chromium_path(),
           "--runs", str(runs), "--flags=" + " ".join(CHROMIUM_ARGS), "--profiles", profiles, "--pages", pages]
    if trace_dir:
        trace_dir.mkdir(parents=True, exist_ok=True)
        cmd += ["--trace-dir", str(trace_dir)]
    out = subprocess.run(cmd, cwd=ROOT, check=True, stdout=subprocess.PIPE, text=True)
    return [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]


def serve(site: Path, raw: bool = False):
    """Serve a built site as GitHub Pages does (text files gzip'd), or every file as it is (``raw``)."""
    return serve_in_thread(site.resolve(), gzip_text=not raw)


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def saved_ms(audit: dict) -> str:
    """What Lighthouse estimates an opportunity would take off the paint metrics, if it says."""
    savings = {k: v for k, v in (audit.get("savings") or {}).items() if k in ("FCP", "LCP")}
    return (" [saves " + ", ".join(f"{k} {v:.0f} ms" for k, v in sorted(savings.items())) + "]") if savings else ""


def report(results: list[dict], details: bool = False) -> str:
    groups: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for r in results:
        groups[(r["page"], r["profile"])].append(r)
    lines = ["| page | profile | perf | a11y | best pr. | SEO | FCP | LCP | TBT | CLS | bytes |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    failed: dict[str, set[str]] = defaultdict(set)
    pointers: dict[str, set[str]] = defaultdict(set)
    for (page, profile), rs in groups.items():
        scores = [median([r["scores"][c] for r in rs]) for c in CATEGORIES]
        m = {k: median([r["metrics"][k] for r in rs]) for k in rs[0]["metrics"]}
        lines.append(f"| {page} | {profile} | " + " | ".join(f"{s:.0f}" for s in scores)
                     + f" | {m['fcp'] / 1000:.1f} s | {m['lcp'] / 1000:.1f} s | {m['tbt']:.0f} ms"
                     + f" | {m['cls']:.3f} | {m['bytes'] / 1e6:.2f} MB |")
        for r in rs:
            for audit in r["failed"]:
                label = audit["id"] + (f" ({audit['value']})" if audit["value"] else "") + saved_ms(audit)
                failed[label].add(f"{page}/{profile}")
                pointers[audit["id"]].update(audit.get("where") or [])
    lines += ["", f"Lighthouse {results[0]['lighthouse']}, {results[0]['userAgent']}; medians of "
              f"{max(len(rs) for rs in groups.values())} run(s).", "", "Failed audits (score < 0.9):"]
    by_id: dict[str, list[str]] = defaultdict(list)
    for label, where in failed.items():
        by_id[label.split(" ", 1)[0]].append(f"  {label}: {', '.join(sorted(where))}")
    for audit_id in sorted(by_id):
        lines += sorted(by_id[audit_id])
        lines += [f"      at {p}" for p in sorted(pointers[audit_id])[:6]]
    if details:
        lines += ["", "Long tasks (Lighthouse's, ms; start ms) and the scripts' main-thread time, run by run:"]
        for r in results:
            tasks = ", ".join(f"{t['ms']}@{t['start']} {t['url'] or '(none)'}" for t in r.get("longTasks") or [])
            lines.append(f"  {r['page']} / {r['profile']} #{r['run']}: TBT {r['metrics']['tbt']:.0f} ms; "
                         f"long tasks: {tasks or 'none'}")
            lines.append("      scripts: " + ", ".join(f"{b['url']} {b['total']} ({b['scripting']} run, {b['parse']} parse)"
                                                  for b in r.get("bootup") or []))
            lines.append("      kinds: " + ", ".join(f"{b['group']} {b['ms']}" for b in r.get("breakdown") or []))
    warnings = {w for r in results for w in r.get("warnings") or []}
    if warnings:
        lines += ["", "Run warnings:"] + [f"  {w}" for w in sorted(warnings)]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=1, help="runs per profile (medians are printed)")
    ap.add_argument("--json", type=Path, help="also write every run's summary here")
    ap.add_argument("--site", type=Path, action="append",
                    help="the built site (default: site/); twice or more: the runs alternate between them")
    ap.add_argument("--profiles", default="mobile,desktop", help="mobile, desktop or both (comma-separated)")
    ap.add_argument("--pages", default="menu,second,play",
                    help="of menu, second, play (second is a second visit only after menu)")
    ap.add_argument("--details", action="store_true", help="each run's long tasks, scripts and kinds of work")
    ap.add_argument("--trace-dir", type=Path, help="keep each run's Chrome trace here (bench/trace_tasks.py reads them)")
    ap.add_argument("--raw", action="store_true",
                    help="serve every file uncompressed (default: text files gzip'd, as GitHub Pages serves them)")
    args = ap.parse_args(argv)
    sites = args.site or [SITE]
    served = [serve(site, args.raw) for site in sites]
    results: dict[Path, list[dict]] = {site: [] for site in sites}
    try:
        for i in range(args.runs):
            for k, (site, (_, base)) in enumerate(zip(sites, served)):
                trace_dir = args.trace_dir / f"site{k}-run{i}" if args.trace_dir else None
                for r in run(base, 1, args.profiles, args.pages, trace_dir):
                    results[site].append({**r, "run": i})
    finally:
        for server, _ in served:
            server.shutdown()
            server.server_close()
    if args.json:
        args.json.write_text(json.dumps({str(site): rs for site, rs in results.items()}, indent=1))
    print("Served uncompressed (--raw)." if args.raw else "Served as GitHub Pages serves it: text files gzip'd.")
    for k, site in enumerate(sites):
        if len(sites) > 1:
            print(f"\n## site{k}: {site}\n")
        print(report(results[site], args.details))
    return 0


if __name__ == "__main__":
    sys.exit(main())
