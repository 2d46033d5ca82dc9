#!/usr/bin/env python3
"""Lighthouse as a benchmark: the menu (first visit), the second visit (service
worker) and a table in play, each in the mobile and the desktop profile.

Why Lighthouse: it scores what a visitor's browser sees (performance,
accessibility, best practices, SEO) with the same rules as every other site,
so a regression in weight, paint or legibility shows as a failed audit by
name. The built site/ is served from 127.0.0.1 by e2e/serve.py (no
compression: on GitHub Pages the host compresses), and Lighthouse 12.2.3
(pinned in package.json) drives Debian's headless Chromium. Nothing here
asserts: it prints the scores, the main figures and the failed audits (with the
FCP and LCP Lighthouse estimates an opportunity would save).

    make bench-lighthouse       # or: .venv/bin/python bench/lighthouse.py [--runs N] [--json FILE]
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


def run(base: str, runs: int) -> list[dict]:
    cmd = ["node", str(ROOT / "bench" / "lighthouse.mjs"), "--base", base, "--chrome", chromium_path(),
           "--runs", str(runs), "--flags=" + " ".join(CHROMIUM_ARGS)]
    out = subprocess.run(cmd, cwd=ROOT, check=True, stdout=subprocess.PIPE, text=True)
    return [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def saved_ms(audit: dict) -> str:
    """What Lighthouse estimates an opportunity would take off the paint metrics, if it says."""
    savings = {k: v for k, v in (audit.get("savings") or {}).items() if k in ("FCP", "LCP")}
    return (" [saves " + ", ".join(f"{k} {v:.0f} ms" for k, v in sorted(savings.items())) + "]") if savings else ""


def report(results: list[dict]) -> str:
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
    warnings = {w for r in results for w in r.get("warnings") or []}
    if warnings:
        lines += ["", "Run warnings:"] + [f"  {w}" for w in sorted(warnings)]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=1, help="runs per profile (medians are printed)")
    ap.add_argument("--json", type=Path, help="also write every run's summary here")
    ap.add_argument("--site", type=Path, default=SITE)
    args = ap.parse_args(argv)
    server, base = serve_in_thread(args.site.resolve())
    try:
        results = run(base, args.runs)
    finally:
        server.shutdown()
        server.server_close()
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    print(report(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
