"""The built site/ holds exactly what the page needs, reproducibly, and CI publishes it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

from harness import ROOT

PYSCRIPT_CHUNK = re.compile(r"vendor/pyscript/(core|error|toml)-[A-Za-z0-9_-]{8}\.js")
EXPECTED_FIXED = {
    "index.html",
    "pyscript.toml",
    "manifest.webmanifest",
    "sw.js",
    "burkozel.zip",
    "web.zip",
    "vendor/pyodide/pyodide.mjs",
    "vendor/pyodide/pyodide.asm.mjs",
    "vendor/pyodide/pyodide.asm.wasm",
    "vendor/pyodide/python_stdlib.zip",
    "vendor/pyodide/pyodide-lock.json",
    "vendor/pyscript/core.js",
    "vendor/pyscript/core.css",
    "web/main.py",
    "web/icons/icon-192.png",
    "web/icons/icon-512.png",
}


def site_files(site: Path) -> set[str]:
    return {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}


def test_site_holds_only_expected_files(site_dir):
    files = site_files(site_dir)
    assert EXPECTED_FIXED <= files
    for rel in files - EXPECTED_FIXED:
        ok = PYSCRIPT_CHUNK.fullmatch(rel) or (rel.startswith("web/") and not rel.endswith(".py"))
        assert ok, f"unexpected file in site/: {rel}"
    assert not [f for f in files if f.endswith(".map")], "source maps shipped"
    assert not [f for f in files if "__pycache__" in f or f.endswith((".pyc", ".pyo"))]
    assert not [f for f in files if f.startswith(("tests/", "e2e/", "node_modules/")) or "/tests/" in f]


def test_engine_zip_holds_the_package_only(site_dir):
    """The engine and the bots, without what only the command line, the arena
    (and its cheating references) and the benchmarks use."""
    with zipfile.ZipFile(site_dir / "burkozel.zip") as zf:
        names = zf.namelist()
    assert names and all(n.startswith("burkozel/") for n in names)
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
    source = {p.relative_to(ROOT).as_posix() for p in (ROOT / "burkozel").rglob("*.py") if "__pycache__" not in p.parts}
    offline = {f"burkozel/{name}" for name in ("__main__.py", "cli.py", "arena.py", "selfplay.py", "replay.py")}
    assert source - offline <= set(names) and not offline & set(names)


def test_build_is_reproducible(tmp_path):
    """Two builds from the same sources give byte-identical zips and the same cache names."""
    outs = []
    for name in ("a", "b"):
        out = tmp_path / name
        subprocess.run([sys.executable, str(ROOT / "tools" / "build_site.py"), "--out", str(out)], check=True, capture_output=True)
        outs.append(out)
    for rel in ("burkozel.zip", "web.zip", "sw.js"):
        assert (outs[0] / rel).read_bytes() == (outs[1] / rel).read_bytes(), rel


def test_config_paths_are_relative():
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    assert config["interpreter"] == "./vendor/pyodide/pyodide.mjs"
    for source, dest in config["files"].items():
        assert source.startswith("./") and dest.startswith("./")
    assert "!py-editor" in config["plugins"] and "!py-terminal" in config["plugins"]
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == manifest["scope"] == "./"


def test_pages_workflow_tests_then_deploys_site():
    text = (ROOT / ".github" / "workflows" / "pages.yml").read_text()
    for needle in (
        "branches: [main]",
        "run: make test",
        "run: make site",
        "actions/configure-pages@",
        "actions/upload-pages-artifact@",
        "actions/deploy-pages@",
        "pages: write",
        "id-token: write",
    ):
        assert needle in text, needle
    assert re.search(r"^\s+path: site\s*$", text, re.M), "the artifact must be the site/ folder"
    assert text.index("make test") < text.index("make site") < text.index("upload-pages-artifact")
    # Tiny structural check: tabs are illegal in YAML indentation.
    assert "\t" not in text


def test_ci_entry_runs_make_test():
    run = ROOT / ".ci" / "run"
    text = run.read_text()
    assert run.stat().st_mode & 0o111
    assert "set -euo pipefail" in text and "make test" in text
