#!/usr/bin/env python3
"""Build the static site folder ``site/`` that GitHub Pages (and ``make play``) serves.

Why a script and not make recipes: the site has to be *exact* — only the runtime files the
page really requests, reproducible zips, and a service worker whose precache list and cache
names are computed from the very files it precaches; in Python (stdlib only) that stays
testable and identical on every machine.  The build is incremental: a file in ``site/`` is
rewritten only when its bytes change, and anything the build did not produce is deleted.

Produced: ``index.html``, ``manifest.webmanifest``, ``sw.js``, ``burkozel.zip`` (the
engine), ``web.zip`` (the table's modules and catalogues), ``online.zip`` (online play's
modules and words), ``web/`` (``main.py`` and the page's files, minified) and ``vendor/``
(the runtime files and the relay client).  Online play's files are loaded only when someone
invites or joins, so never precached; web/README.md says what each file holds.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import re
import sys
import tomllib
import zipfile
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from prerender import prerender  # noqa: E402  (the table's frame and the early menu, from web/)
from bytecode import in_runtime, pyc_name  # noqa: E402  (sourceless .pyc by the runtime's CPython)
from stdlib_trim import trimmed_lock, trimmed_stdlib  # noqa: E402  (only the stdlib the page imports)

# Pyodide files the page fetches (recorded from a real boot: loadPyodide fetches
# the lock file, the stdlib zip, the asm module and the wasm; nothing else).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

# Written trimmed by the build (tools/stdlib_trim.py), not copied.
TRIMMED = ("python_stdlib.zip", "pyodide-lock.json")

# PyScript dist files the page loads: core.js, the chunks core.js
# imports statically, and of the chunks it imports on demand only those named
# here (recorded from a real boot with the plugins in pyscript.toml switched
# off): error-*.js is loaded even with "!error" (to route errors to the
# console). The toml-*.js chunks are not needed: the config is JSON written into
# index.html from pyscript.toml (with_config), which the worker gets as an object.
# (Not core.css: its only rule the table needs, hiding <py-config>, is in
# index.html's inline style, and a stylesheet in <body> held back every module
# script until it had arrived: a round trip before PyScript could start.)
PYSCRIPT_FIXED = ("core.js",)
PYSCRIPT_ON_DEMAND = ("error",)
IMPORT_RE = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s*)["']\./([A-Za-z0-9_.-]+\.js)["']""")

# Files copied from the repo root as they are. (index.html is precached as "./",
# the URL the page is requested by.)
ROOT_FILES = ("index.html", "manifest.webmanifest")

# Where index.html lists PyScript's chunks for the browser to fetch at once
# (<link rel="modulepreload">): their names carry a hash only the build knows,
# and without the hint each one is found only when the module before it ran.
MODULEPRELOAD_MARKER = "<!-- MODULEPRELOAD -->"

# Under web/, Python modules other than the entry go into web.zip instead of
# being copied (Python imports them from its working directory).
WEB_ENTRY = "main.py"
# The table's package goes into web.zip whole: its data files (the language
# catalogues) are read through its loader. A folder in a zip cannot be listed
# without zipfile, so the catalogues' list is written beside them
# (web/table/i18n/languages.py INDEX).
WEB_PACKAGE = "table"
CATALOGUES = "table/i18n/catalogues"
SKIP_DIRS = {"__pycache__", ".pytest_cache", ".mypy_cache", "tests", "test"}
SKIP_SUFFIXES = (".pyc", ".pyo", ".map", ".md", ".orig", ".rej", ".swp", "~")
SKIP_NAMES = {".DS_Store", "README.md", "Thumbs.db"}

# Engine modules only the command line, the arena and the benchmarks use (the
# arena's folder holds its cheating reference bots too): the page never imports
# them, so they stay out of the zip it downloads. Paths in the package; a folder ends in "/".
OFFLINE_ONLY = {"__main__.py", "cli.py", "arena/", "selfplay.py", "replay.py"}


def offline_only(rel: str) -> bool:
    """True for a package path (``arena/runner.py``) that :data:`OFFLINE_ONLY` keeps out of the zip."""
    return any(rel == p or (p.endswith("/") and rel.startswith(p)) for p in OFFLINE_ONLY)

# Fixed timestamp for zip entries so the zips (and so the app hash) depend
# only on file contents, not on checkout times.
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)

# Online play: loaded only by a player who invites or joins by link, so the
# service worker does not precache them (a first visit stays the size it was).
RELAY_LIST = "web/page/relays.json"
LAZY_WEB = ("web/page/online.js", "web/page/online.css", "web/page/relay.js", "web/page/relay_retry.js",
            RELAY_LIST)
# Online play's Python, in online.zip rather than web.zip: web/page/host.js fetches it and
# the worker mounts it (service.mount) when someone first invites or joins by link.
ONLINE_PY = tuple(f"table/p2p/{name}.py" for name in
                  ("invite", "seal", "session", "online", "online_link", "move_timer", "invite_view", "online_words",
                   "public", "signing", "open_link", "find_view"))
ONLINE_ZIP = "online.zip"
ONLINE_WORDS = "table/p2p/words"
"""Where online.zip holds each language's online words (``table/p2p/online_words.py`` adds them)."""
KEPT_WORDS = {"ONLINE_INVITE"}
"""Online words web.zip keeps: «Пригласить по ссылке» is on the same-Wi-Fi dialog before online play loads."""


def split_catalogue(raw: bytes) -> tuple[bytes, bytes]:
    """A catalogue as (web.zip's: without online play's words and sentences, online.zip's:
    just those), so a first visit does not download them."""
    data = json.loads(raw)
    online = {"words": {}, "sentences": {}}
    for section, prefix in (("words", "ONLINE_"), ("sentences", "online_")):
        for key in [k for k in data[section] if k.startswith(prefix) and k not in KEPT_WORDS]:
            online[section][key] = data[section].pop(key)
    dump = lambda value: json.dumps(value, ensure_ascii=False, indent=1).encode("utf-8")  # noqa: E731
    return dump(data), dump(online)
RELAY_CLIENT_ENTRY = "tools/relay_client.mjs"
RELAY_CLIENT = "vendor/trystero/nostr.js"
CSP_CONNECT_SRC = re.compile(r"(http-equiv=\"Content-Security-Policy\" content=\"[^\"]*?connect-src )([^;\"]*)")

SW_MARKER = re.compile(r"^const BUILD = null;.*$", re.M)
STYLE_BLOCK = re.compile(r"<style>(.*?)</style>", re.S)
CSP_STYLE_SRC = re.compile(r"(http-equiv=\"Content-Security-Policy\" content=\"[^\"]*?style-src )([^;\"]*)")


def with_style_hashes(html: str) -> str:
    """Set the CSP's style-src to 'self' plus the hash of every inline <style> block.

    Why: the boot screen's CSS is inline so it paints without a stylesheet round
    trip, and a CSP hash (not 'unsafe-inline') is what lets exactly that CSS in.
    Rewriting it here means an edit to the inline CSS can't silently break the page.
    """
    hashes = [
        "'sha256-" + base64.b64encode(hashlib.sha256(block.encode("utf-8")).digest()).decode() + "'"
        for block in STYLE_BLOCK.findall(html)
    ]
    if not CSP_STYLE_SRC.search(html):
        raise SystemExit("build_site: index.html has no Content-Security-Policy with style-src")
    return CSP_STYLE_SRC.sub(lambda m: m.group(1) + " ".join(["'self'", *hashes]), html, count=1)


def relay_urls(root: Path) -> list[str]:
    """The relays of the one list (web/page/relays.json), checked: ``wss://host[/path]``, no repeats."""
    data = json.loads((root / RELAY_LIST).read_text(encoding="utf-8"))
    urls = [entry["url"] for entry in data["relays"]]
    for url in urls:
        if not re.fullmatch(r"wss://[a-z0-9.-]+(:[0-9]+)?(/[A-Za-z0-9._~/-]*)?", url):
            raise SystemExit(f"build_site: {RELAY_LIST}: {url!r} is not a wss:// URL")
    if len(set(urls)) != len(urls):
        raise SystemExit(f"build_site: {RELAY_LIST} lists a relay twice")
    return urls


def with_connect_src(html: str, relays: list[str]) -> str:
    """Set the CSP's connect-src to 'self' plus every relay of the list, one by one.

    Why generated: the page may open a WebSocket only to what the CSP names, and a
    relay added to the list but not to the CSP would fail silently in the field.
    (WebRTC's own traffic, STUN included, is not governed by connect-src.)
    """
    if not CSP_CONNECT_SRC.search(html):
        raise SystemExit("build_site: index.html has no Content-Security-Policy with connect-src")
    return CSP_CONNECT_SRC.sub(lambda m: m.group(1) + " ".join(["'self'", *relays]), html, count=1)


MINIFIED = (".js", ".mjs", ".css")
"""The page's own scripts and styles, shipped minified (comments and spaces are
half their bytes; the sources in web/page/ stay the readable ones)."""


def minified(root: Path, source: Path) -> bytes:
    """``source`` minified by esbuild, on its own (no bundling, no change of format:
    a classic script keeps its top-level names)."""
    import subprocess

    esbuild = root / "node_modules" / ".bin" / "esbuild"
    if not esbuild.exists():
        raise SystemExit(f"build_site: {esbuild} missing — run `npm ci` (make node_modules)")
    done = subprocess.run(
        [str(esbuild), str(source), "--minify", "--target=es2022", "--legal-comments=none", "--log-level=error"],
        cwd=root, capture_output=True, check=False,
    )
    if done.returncode != 0 or not done.stdout:
        raise SystemExit(f"build_site: minifying {source.name} failed: {done.stderr.decode(errors='replace')}")
    return done.stdout


def bundle_relay_client(root: Path) -> bytes:
    """tools/relay_client.mjs and what it imports from node_modules, as one minified ES module."""
    import subprocess

    esbuild = root / "node_modules" / ".bin" / "esbuild"
    if not esbuild.exists():
        raise SystemExit(f"build_site: {esbuild} missing — run `npm ci` (make node_modules)")
    done = subprocess.run(
        [str(esbuild), str(root / RELAY_CLIENT_ENTRY), "--bundle", "--format=esm", "--minify",
         "--target=es2022", "--legal-comments=none", "--log-level=error"],
        cwd=root, capture_output=True, check=False,
    )
    if done.returncode != 0 or not done.stdout:
        raise SystemExit(f"build_site: bundling the relay client failed: {done.stderr.decode(errors='replace')}")
    return done.stdout


def with_config(html: str, config: dict) -> str:
    """index.html with pyscript.toml as JSON in its empty ``<py-config>`` (the page's
    config and, through web/page/host.js, the worker's) and the same plugins switched off
    in ``<mpy-config>`` (PyScript prepares MicroPython too unless told not to)."""
    for tag, value in (("py-config", config), ("mpy-config", {"plugins": config.get("plugins", [])})):
        empty = f"<{tag}></{tag}>"
        if html.count(empty) != 1:
            raise SystemExit(f"build_site: index.html needs exactly one empty {empty}")
        # The element's text is HTML, not a raw script: escape it (textContent unescapes).
        html = html.replace(empty, f"<{tag}>{escape(json.dumps(value, ensure_ascii=False), quote=False)}</{tag}>")
    return html


def with_modulepreloads(html: str, chunks: list[str]) -> str:
    """Replace the marker in index.html with a modulepreload link per PyScript chunk."""
    if MODULEPRELOAD_MARKER not in html:
        raise SystemExit(f"build_site: index.html lacks the {MODULEPRELOAD_MARKER} marker")
    links = "\n  ".join(f'<link rel="modulepreload" href="./vendor/pyscript/{name}">' for name in chunks)
    return html.replace(MODULEPRELOAD_MARKER, links, 1)


def wanted(path: Path) -> bool:
    """True for a source file that belongs in the site (no caches, editor junk, tests)."""
    if any(part in SKIP_DIRS or part.startswith(".") for part in path.parts):
        return False
    if path.name in SKIP_NAMES or path.name.endswith(SKIP_SUFFIXES):
        return False
    return True


def walk(base: Path) -> list[Path]:
    """Every wanted file under ``base`` as paths relative to it, sorted for stable output."""
    if not base.is_dir():
        return []
    return sorted(rel for p in base.rglob("*") if p.is_file() and wanted(rel := p.relative_to(base)))


def make_zip(entries: list[tuple[str, bytes]]) -> bytes:
    """A byte-for-byte reproducible deflated zip: sorted names, fixed times and modes."""
    import io

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name, data in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=ZIP_EPOCH)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3
            zf.writestr(info, data, compresslevel=9)
    return buf.getvalue()


def npm_version(package_dir: Path) -> str:
    return json.loads((package_dir / "package.json").read_text())["version"]


def pyscript_files(dist: Path) -> list[str]:
    """core.js and exactly the chunks it pulls in (see PYSCRIPT_ON_DEMAND)."""
    names = list(PYSCRIPT_FIXED)
    static = IMPORT_RE.findall((dist / "core.js").read_text(encoding="utf-8"))
    if not static:
        raise SystemExit(f"build_site: {dist}/core.js imports no chunk (PyScript layout changed?)")
    names.extend(static)
    wanted_on_demand = set()
    for chunk in static:
        for ref in IMPORT_RE.findall((dist / chunk).read_text(encoding="utf-8")):
            if ref.split("-", 1)[0] in PYSCRIPT_ON_DEMAND:
                wanted_on_demand.add(ref)
    for prefix in PYSCRIPT_ON_DEMAND:
        if not any(ref.startswith(prefix + "-") for ref in wanted_on_demand):
            raise SystemExit(f"build_site: core imports no {prefix}-*.js chunk (PyScript layout changed?)")
    names.extend(sorted(wanted_on_demand))
    for name in names:
        if not (dist / name).is_file():
            raise SystemExit(f"build_site: {dist}/{name} missing")
    return list(dict.fromkeys(names))


class Site:
    """Collects the output files in memory-light form, then syncs them to disk."""

    def __init__(self, out: Path):
        self.out = out
        self.files: dict[str, bytes | Path] = {}

    def add(self, rel: str, data: bytes | Path) -> None:
        if rel in self.files:
            raise SystemExit(f"build_site: {rel} produced twice")
        self.files[rel] = data

    def bytes_of(self, rel: str) -> bytes:
        data = self.files[rel]
        return data.read_bytes() if isinstance(data, Path) else data

    def sync(self) -> tuple[int, int]:
        """Write changed files, delete unexpected ones; returns (written, removed)."""
        written = removed = 0
        self.out.mkdir(parents=True, exist_ok=True)
        for rel, data in self.files.items():
            dest = self.out / rel
            if isinstance(data, Path):
                src_stat = data.stat()
                if dest.is_file() and dest.stat().st_size == src_stat.st_size and dest.stat().st_mtime_ns == src_stat.st_mtime_ns:
                    continue
                data_bytes = data.read_bytes()
            else:
                data_bytes = data
            if dest.is_file() and dest.read_bytes() == data_bytes:
                if isinstance(data, Path):
                    os.utime(dest, ns=(src_stat.st_atime_ns, src_stat.st_mtime_ns))
                continue
            dest.parent.mkdir(parents=True, exist_ok=True)
            tmp = dest.with_name(dest.name + ".tmp")
            tmp.write_bytes(data_bytes)
            os.replace(tmp, dest)
            if isinstance(data, Path):
                os.utime(dest, ns=(src_stat.st_atime_ns, src_stat.st_mtime_ns))
            written += 1
        for path in sorted(self.out.rglob("*"), reverse=True):
            rel = path.relative_to(self.out).as_posix()
            if path.is_file() and rel not in self.files:
                path.unlink()
                removed += 1
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()
        return written, removed


def build(root: Path, out: Path, package_dir: Path, app_salt: str = "") -> dict:
    """Assemble the site; returns the build info baked into sw.js (also for tests)."""
    site = Site(out)
    node = root / "node_modules"
    pyodide_dir = node / "pyodide"
    pyscript_dist = node / "@pyscript" / "core" / "dist"
    for needed in (pyodide_dir / "package.json", pyscript_dist / "core.js"):
        if not needed.is_file():
            raise SystemExit(f"build_site: {needed} missing — run `npm ci` (make node_modules)")

    vendor: list[str] = []
    for name in PYODIDE_FILES:
        if name not in TRIMMED:
            site.add(f"vendor/pyodide/{name}", pyodide_dir / name)
            vendor.append(f"vendor/pyodide/{name}")
    for name in pyscript_files(pyscript_dist):
        site.add(f"vendor/pyscript/{name}", pyscript_dist / name)
        vendor.append(f"vendor/pyscript/{name}")

    app: list[str] = []
    chunks = [name for name in pyscript_files(pyscript_dist) if name.endswith(".js") and name != "core.js"]
    for name in ROOT_FILES:
        if name == "index.html":
            source = (root / name).read_text(encoding="utf-8")
            config = tomllib.loads((root / "pyscript.toml").read_text(encoding="utf-8"))
            page = with_config(with_modulepreloads(prerender(source, root), chunks), config)
            page = with_connect_src(page, relay_urls(root))
            site.add(name, with_style_hashes(page).encode("utf-8"))
        else:
            site.add(name, root / name)
            app.append(name)

    if not package_dir.is_dir():
        raise SystemExit(f"build_site: engine package {package_dir} not found")
    pkg_entries = [
        (f"{package_dir.name}/{rel.as_posix()}", (package_dir / rel).read_bytes())
        for rel in walk(package_dir)
        if not offline_only(rel.as_posix())
    ]
    web = root / "web"
    web_py: list[tuple[str, bytes]] = []
    for rel in walk(web):
        if (rel.suffix == ".py" and rel.as_posix() != WEB_ENTRY) or rel.parts[0] == WEB_PACKAGE:
            web_py.append((rel.as_posix(), (web / rel).read_bytes()))
        else:
            site.add(f"web/{rel.as_posix()}", minified(root, web / rel) if rel.suffix in MINIFIED else web / rel)
            if f"web/{rel.as_posix()}" not in LAZY_WEB:
                app.append(f"web/{rel.as_posix()}")
    codes = sorted(rel.stem for rel in walk(web / CATALOGUES) if rel.suffix == ".json")
    for i, (name, data) in enumerate(web_py):
        if name.startswith(CATALOGUES + "/") and name.endswith(".json"):
            kept, online_words = split_catalogue(data)
            web_py[i] = (name, kept)
            web_py.append((f"{ONLINE_WORDS}/{name.rsplit('/', 1)[1]}", online_words))
    web_py.append((f"{CATALOGUES}/index.json", json.dumps(codes).encode()))
    site.add(RELAY_CLIENT, bundle_relay_client(root))
    # Our modules go as sourceless bytecode without docstrings (compiling them was
    # most of their import); line numbers in a traceback stay the source's.
    sources = {name: data.decode("utf-8") for name, data in pkg_entries + web_py if name.endswith(".py")}
    compiled = in_runtime(sources, node / "pyodide", root / ".stamps", keep=(), lines=True, tag="ours")

    def as_bytecode(entries: list[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
        return [(pyc_name(name), compiled[name]) if name in compiled else (name, data) for name, data in entries]

    site.add("burkozel.zip", make_zip(as_bytecode(pkg_entries)))
    app.append("burkozel.zip")
    online = {n for n, _ in web_py if n in ONLINE_PY or n.startswith(ONLINE_WORDS + "/")}
    site.add("web.zip", make_zip(as_bytecode([(n, d) for n, d in web_py if n not in online])))
    app.append("web.zip")
    site.add(ONLINE_ZIP, make_zip(as_bytecode([(n, d) for n, d in web_py if n in online])))

    # The standard library and the lock file, cut to what this page imports:
    # they change with the app, so they are cached with it (an update costs
    # their 0.9 MB, not the whole runtime's 11 MB).
    ours = [data.decode("utf-8") for name, data in pkg_entries if name.endswith(".py")]
    ours += [(web / rel).read_text(encoding="utf-8") for rel in walk(web) if rel.suffix == ".py"]
    pyscript_py = node / "@pyscript" / "core" / "src" / "stdlib" / "pyscript"
    theirs = [p.read_text(encoding="utf-8") for p in sorted(pyscript_py.glob("*.py"))]
    stdlib = trimmed_stdlib(
        (pyodide_dir / "python_stdlib.zip").read_bytes(), ours, theirs, make_zip, pyodide_dir, root / ".stamps"
    )
    lock = trimmed_lock((pyodide_dir / "pyodide-lock.json").read_bytes())
    site.add("vendor/pyodide/python_stdlib.zip", stdlib)
    site.add("vendor/pyodide/pyodide-lock.json", lock)
    app += [f"vendor/pyodide/{name}" for name in TRIMMED]

    # The app hash covers every app file (not the vendored runtime, which has
    # its own versioned cache), so any change to the app renames its cache.
    digest = hashlib.sha256(app_salt.encode())
    for rel in sorted(app + ["index.html"]):
        digest.update(rel.encode() + b"\0" + site.bytes_of(rel) + b"\0")
    sw_source = (root / "sw.js").read_text(encoding="utf-8")
    digest.update(sw_source.encode())
    app_hash = digest.hexdigest()[:12]

    pyodide_v = npm_version(pyodide_dir)
    pyscript_v = npm_version(node / "@pyscript" / "core")
    info = {
        "vendorCache": f"burkozel-vendor-pyodide{pyodide_v}-pyscript{pyscript_v}",
        "appCache": f"burkozel-app-{app_hash}",
        "vendor": [f"./{p}" for p in sorted(vendor)],
        # "./" is the page itself as navigations request it.
        "app": ["./"] + [f"./{p}" for p in sorted(app)],
    }
    if not SW_MARKER.search(sw_source):
        raise SystemExit("build_site: sw.js lacks the `const BUILD = null;` marker line")
    baked = SW_MARKER.sub(lambda _: "const BUILD = " + json.dumps(info, indent=1) + ";", sw_source, count=1)
    site.add("sw.js", baked.encode("utf-8"))

    written, removed = site.sync()
    print(f"site/: {len(site.files)} files, {written} written, {removed} removed, app cache {info['appCache']}")
    return info


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "site")
    ap.add_argument("--package", type=Path, default=ROOT / "burkozel", help="engine package dir to zip")
    ap.add_argument("--salt", default="", help="extra text mixed into the app hash (tests use it to simulate an app update)")
    ap.add_argument("--fix-csp", action="store_true", help="also write the inline-style hashes into the source index.html")
    args = ap.parse_args(argv)
    if args.fix_csp:
        index = ROOT / "index.html"
        text = index.read_text(encoding="utf-8")
        fixed = with_style_hashes(text)
        if fixed != text:
            index.write_text(fixed, encoding="utf-8")
            print("index.html: CSP style-src hashes updated")
    build(ROOT, args.out.resolve(), args.package.resolve(), args.salt)
    return 0


if __name__ == "__main__":
    sys.exit(main())
