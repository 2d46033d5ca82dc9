#!/usr/bin/env python3
"""The bytes of a first visit: every file the service worker precaches, as written and gzip'd.

Why the precache: a first visit downloads the page, its scripts and styles and the runtime,
and the service worker then fetches whatever of its `app` and `vendor` lists the page did not
(`sw.js`'s BUILD); together that is what a first visit costs, whatever order it comes in,
and what a host that compresses (GitHub Pages) sends is about its gzip size. Files loaded on
demand (online play) are not in it. With two or more sites (say a build of an older commit and
this one) it prints each and what changed file by file.

    .venv/bin/python bench/first_visit_bytes.py [--site OLD/site] [--site site]
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def precached(site: Path) -> dict[str, tuple[int, int]]:
    """Each precached file of ``site``: (bytes, gzip -9 bytes)."""
    build = json.loads(re.search(r"const BUILD = (\{.*?\});", (site / "sw.js").read_text(), re.S).group(1))
    out = {}
    for name in (f for key in ("app", "vendor") for f in build[key]):
        rel = name[2:] if name.startswith("./") else name
        data = (site / (rel or "index.html")).read_bytes()
        out[rel or "index.html"] = (len(data), len(gzip.compress(data, 9, mtime=0)))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, action="append", help="a built site (default: site/); give two to compare")
    ap.add_argument("--min-change", type=int, default=100, help="list files whose gzip size changed by this many bytes")
    args = ap.parse_args(argv)
    sites = args.site or [ROOT / "site"]
    files = [precached(site) for site in sites]
    for site, got in zip(sites, files):
        raw = sum(b for b, _ in got.values())
        gz = sum(g for _, g in got.values())
        print(f"{site}: {len(got)} files, {raw:,} bytes, gzip -9 {gz:,}")
    for (a_site, a), (b_site, b) in zip(zip(sites, files), zip(sites[1:], files[1:])):
        raw = sum(v[0] for v in b.values()) - sum(v[0] for v in a.values())
        gz = sum(v[1] for v in b.values()) - sum(v[1] for v in a.values())
        print(f"\n{a_site} -> {b_site}: {raw:+,} bytes, gzip -9 {gz:+,}")
        for name in sorted(set(a) | set(b)):
            was, now = a.get(name, (0, 0)), b.get(name, (0, 0))
            if abs(now[1] - was[1]) >= args.min_change or (name in a) != (name in b):
                mark = " (new)" if name not in a else " (gone)" if name not in b else ""
                print(f"  {name}{mark}: {now[0] - was[0]:+,} bytes, gzip -9 {now[1] - was[1]:+,}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
