"""The built site/ holds exactly what the page needs, reproducibly, and CI publishes it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
import zipfile
from html import unescape
from pathlib import Path

from burkozel import FORMATS
from harness import ROOT

PYSCRIPT_CHUNK = re.compile(r"vendor/pyscript/(core|error)-[A-Za-z0-9_-]{8}\.js")
EXPECTED_FIXED = {
    "index.html",
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
    "web/main.py",
    "web/icons/icon-192.png",
    "web/icons/icon-512.png",
    "vendor/trystero/nostr.js",
    "online.zip",
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
    # Sourceless bytecode, one .pyc per module (tools/bytecode.py).
    assert not [n for n in names if "__pycache__" in n or n.endswith(".py")]
    source = {p.relative_to(ROOT).as_posix() + "c" for p in (ROOT / "burkozel").rglob("*.py") if "__pycache__" not in p.parts}
    sys.path.insert(0, str(ROOT / "tools"))
    from build_site import offline_only  # the build's own list (cli, arena, references...)

    offline = {name for name in source if offline_only(name.removeprefix("burkozel/").removesuffix("c"))}
    assert {"burkozel/cli.pyc", "burkozel/arena/runner.pyc", "burkozel/arena/levels.pyc"} <= offline
    assert {"burkozel/bots/search/tree.pyc", "burkozel/bots/tuning.pyc"} <= set(names)
    assert source - offline <= set(names) and not offline & set(names)


def test_web_zip_holds_the_table_package_with_its_rooms(site_dir):
    """Every module of web/table/ (each room's __init__ too) but online play's as one
    .pyc under table/, the language catalogues with the build's index of them, and
    nothing else: the entry web/main.py is served as it is, online play comes in
    online.zip."""
    with zipfile.ZipFile(site_dir / "web.zip") as zf:
        names = set(zf.namelist())
    web = ROOT / "web"
    sys.path.insert(0, str(ROOT / "tools"))
    from build_site import ONLINE_PY

    source = {p.relative_to(web).as_posix() + "c" for p in (web / "table").rglob("*.py")
              if "__pycache__" not in p.parts and p.relative_to(web).as_posix() not in ONLINE_PY}
    assert len(ONLINE_PY) > 5 and not {name + "c" for name in ONLINE_PY} & names
    catalogues = {p.relative_to(web).as_posix() for p in (web / "table" / "i18n" / "catalogues").glob("*.json")}
    assert len(catalogues) >= 3
    assert names == source | catalogues | {"table/i18n/catalogues/index.json"}
    rooms = {p.parent.relative_to(web).as_posix() for p in (web / "table").rglob("*.py")}
    assert {"table", "table/match", "table/view", "table/p2p", "table/i18n"} <= rooms
    assert {f"{room}/__init__.pyc" for room in rooms} <= names


def test_build_is_reproducible(tmp_path):
    """Two builds from the same sources give byte-identical zips and the same cache names."""
    outs = []
    for name in ("a", "b"):
        out = tmp_path / name
        subprocess.run([sys.executable, str(ROOT / "tools" / "build_site.py"), "--out", str(out)], check=True, capture_output=True)
        outs.append(out)
    for rel in ("burkozel.zip", "web.zip", "sw.js"):
        assert (outs[0] / rel).read_bytes() == (outs[1] / rel).read_bytes(), rel


def test_worker_config_is_pyscript_toml_as_json(site_dir):
    """The page holds pyscript.toml as JSON in <py-config> (web/page/host.js hands it to the
    worker: no config file, no TOML parser to fetch first), MicroPython gets the same
    plugins switched off, and every module the page starts with is preloaded."""
    html = (site_dir / "index.html").read_text()
    toml = tomllib.loads((ROOT / "pyscript.toml").read_text())
    configs = {tag: json.loads(unescape(text)) for tag, text in re.findall(r"<(py-config|mpy-config)>(\{[^<]*\})</\1>", html)}
    assert configs == {"py-config": toml, "mpy-config": {"plugins": toml["plugins"]}}
    assert "pyscript.json" not in site_files(site_dir)
    assert "MODULEPRELOAD" not in html
    preloaded = set(re.findall(r'<link rel="modulepreload" href="\./([^"]+)">', html))
    chunks = {f for f in site_files(site_dir) if PYSCRIPT_CHUNK.fullmatch(f)}
    assert chunks and preloaded == chunks | started_modules("host.js")
    # The table's motion, chips, sound and cues load after the page (host.js imports them then):
    # not before the first paint.
    assert not preloaded & {f"web/page/{name}.js" for name in ("motion", "chips", "sound", "cues")}


def started_modules(entry: str) -> set[str]:
    """``web/page/<entry>`` and every page module it imports statically, however deep."""
    found, todo = set(), [entry]
    while todo:
        name = todo.pop()
        if f"web/page/{name}" in found:
            continue
        found.add(f"web/page/{name}")
        todo += re.findall(r'^import [^;]*? from "\./([\w-]+\.js)";', (ROOT / "web/page" / name).read_text(), re.M)
    return found


def test_config_paths_are_relative():
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    assert config["interpreter"] == "./vendor/pyodide/pyodide.mjs"
    # The zips are web/page/runtime.mjs's to fetch and mount (before the interpreter's
    # snapshot), not PyScript's: it names exactly the ones the build makes.
    assert "files" not in config
    runtime = (ROOT / "web" / "page" / "runtime.mjs").read_text()
    zips = re.search(r"const ZIPS = \[([^\]]*)\]", runtime).group(1)
    assert sorted(re.findall(r'"\.\./\.\./([\w.]+\.zip)"', zips)) == ["burkozel.zip", "web.zip"]
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


RUNTIME_CHECK = r"""
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
import fs from "node:fs";
try {
  const py = await loadPyodide({ indexURL: "./vendor/pyodide/" });
  // As web/page/runtime.mjs does: the zips on sys.path, imported from as they are.
  for (const name of ["burkozel.zip", "web.zip"]) py.FS.writeFile(`/home/pyodide/${name}`, new Uint8Array(fs.readFileSync(name)));
  py.runPython("import sys; sys.path[:0] = ['/home/pyodide/burkozel.zip', '/home/pyodide/web.zip']");
  console.log(py.runPython(fs.readFileSync(0, "utf8")));
} catch (error) {
  console.error("FAILED " + String(error && error.message || error).slice(-3000));
  process.exit(1);
}
"""

RUNTIME_PROGRAM = """
import importlib, json, random, zipfile
from burkozel import DECK, FORMATS, Round, TableRules
from burkozel.bots import make_bot

names = []
for archive in ('/home/pyodide/web.zip', '/home/pyodide/burkozel.zip'):
    names += sorted(n[:-4].replace('/', '.').removesuffix('.__init__')
                    for n in zipfile.ZipFile(archive).namelist() if n.endswith('.pyc'))
failed = {}
for name in names:
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name not in ('pyscript', 'js'):  # the browser's own modules
            failed[name] = repr(exc)
    except Exception as exc:
        failed[name] = repr(exc)
ends = []
for fmt in FORMATS:
    rules = TableRules(fmt)
    deck = list(DECK)
    random.Random(fmt).shuffle(deck)
    rnd = Round(rules, 0, deck)
    bots = [make_bot('hard', seed=s, max_iterations=20) if s == 0 else make_bot('medium', seed=s)
            for s in range(rules.players)]
    while not rnd.is_over:
        rnd.push(bots[rnd.to_act].get_move(rnd.view(rnd.to_act)), rnd.to_act)
    ends.append(rnd.end)
import traceback
try:
    Round(TableRules('four'), 0, list(DECK)).push(None, 1)
    frame = None
except Exception as exc:
    frame = traceback.extract_tb(exc.__traceback__)[-1]
json.dumps({'imported': len(names), 'failed': failed, 'ends': ends,
            'where': frame and frame.filename, 'line': frame and frame.lineno})
"""


def test_the_trimmed_stdlib_runs_every_page_module(site_dir):
    """The page's standard library is cut to what its Python imports, and goes
    with our modules as bytecode (tools/stdlib_trim.py, tools/bytecode.py). In the real runtime
    (Pyodide under Node, the site's own files): every module the page ships
    imports, the bots of every table play a whole deal, and a traceback from our
    code still names its file and line."""
    with zipfile.ZipFile(site_dir / "vendor" / "pyodide" / "python_stdlib.zip") as zf:
        assert not [n for n in zf.namelist() if n.split("/")[0] in {"pdb", "unittest", "email", "pydoc", "xml"}]
    done = subprocess.run(
        ["node", "--input-type=module", "-e", RUNTIME_CHECK],
        cwd=site_dir, input=RUNTIME_PROGRAM, capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr[done.stderr.find("FAILED"):]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["failed"] == {}
    assert result["imported"] > 30
    assert result["where"] == "burkozel/trick.py" and result["line"] > 1  # tracebacks name our source lines
    assert len(result["ends"]) == len(FORMATS) and all(result["ends"])  # every table, the pot table too


def csp_directives(html: str) -> dict[str, list[str]]:
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html).group(1)
    return {d.split()[0]: d.split()[1:] for d in (x.strip() for x in csp.split(";")) if d}


def test_connect_src_is_the_relay_list(site_dir):
    """The CSP lets the page's WebSockets reach exactly the listed relays (and this origin)."""
    relays = json.loads((ROOT / "web" / "page" / "relays.json").read_text())["relays"]
    html = (site_dir / "index.html").read_text()
    assert csp_directives(html)["connect-src"] == ["'self'", *(r["url"] for r in relays)]
    # The source keeps 'self' alone: the list is written in by the build, not by hand.
    assert csp_directives((ROOT / "index.html").read_text())["connect-src"] == ["'self'"]


def test_relay_and_stun_lists_spread_over_providers():
    """One blocked or failing provider must leave others: at least three for relays, two for STUN."""
    data = json.loads((ROOT / "web" / "page" / "relays.json").read_text())
    for key, least, scheme in (("relays", 3, "wss://"), ("stun", 2, "stun:")):
        urls = [e["url"] for e in data[key]]
        assert len(set(urls)) == len(urls), key
        assert all(u.startswith(scheme) for u in urls), key
        assert len({e["provider"] for e in data[key]}) >= least, key


def test_relay_client_is_vendored_and_never_precached(site_dir):
    """The relay client is one bundled module from the pinned package, and neither it nor
    online play's own page files (script, styles, Python) are in the service worker's
    lists, nor in the files it lists: a player who never invites downloads none of it."""
    lock = json.loads((ROOT / "package-lock.json").read_text())
    assert lock["packages"]["node_modules/@trystero-p2p/nostr"]["version"] == \
        json.loads((ROOT / "package.json").read_text())["dependencies"]["@trystero-p2p/nostr"]
    bundle = (site_dir / "vendor" / "trystero" / "nostr.js").read_text()
    assert not re.search(r"""(^|[;}])\s*import\s*[{*"'\w]|\bimport\s*\(|\bfrom\s*["']""", bundle), "an import left"
    exported = re.search(r"export\{([^}]*)\};?\s*$", bundle).group(1)
    names = {part.split(" as ")[-1] for part in exported.split(",")}
    assert names == {"joinRoom", "selfId", "createEvent", "subscribe", "getRelaySockets",
                     "pauseRelayReconnection", "resumeRelayReconnection", "sha1", "schnorr"}
    # (noble's secp256k1 once: the schnorr Trystero signs with is the one exported for open tables)
    assert bundle.count("BIP0340/") == 1
    sw = (site_dir / "sw.js").read_text()
    lists = json.loads(re.search(r"const BUILD = (\{.*?\});", sw, re.S).group(1))
    cached = set(lists["app"]) | set(lists["vendor"])
    for rel in ("vendor/trystero/nostr.js", "web/page/relay.js", "web/page/relay_retry.js", "web/page/relays.json",
                "online.zip", "web/page/online.js", "web/page/online.css"):
        assert (site_dir / rel).is_file() and f"./{rel}" not in cached, rel
    # What every visit precaches keeps none of it: the page's script only knows where
    # online.js is, its styles have no rule of the lobby's.
    host = (site_dir / "web" / "page" / "host.js").read_text()
    assert "online.js" in host and not {"online.zip", "relay.js", "relay_retry.js"} & set(re.findall(r"[\w.]+", host))
    assert ".online-" not in (site_dir / "web" / "page" / "table.css").read_text()
    assert ".online-seat" in (site_dir / "web" / "page" / "online.css").read_text()
    # Online play's Python is in online.zip alone, not in the web.zip every visit downloads.
    sys.path.insert(0, str(ROOT / "tools"))
    from build_site import ONLINE_PY

    with zipfile.ZipFile(site_dir / "web.zip") as zf:
        web = set(zf.namelist())
    with zipfile.ZipFile(site_dir / "online.zip") as zf:
        lazy = set(zf.namelist())
    assert {n for n in lazy if n.endswith(".pyc")} == {name + "c" for name in ONLINE_PY}
    assert not lazy & web and "table/p2p/link.pyc" in web
    assert "./web/page/p2p.js" in cached  # (the same-Wi-Fi play stays offline-ready)
    html = (site_dir / "index.html").read_text()
    assert "trystero" not in html and "relay.js" not in html


def test_online_plays_words_travel_in_online_zip(site_dir):
    """Each catalogue's online words (but «Пригласить по ссылке», on the same-Wi-Fi dialog)
    are in online.zip, not in the web.zip every visit downloads; the two halves are the
    catalogue the translator wrote."""
    folder = ROOT / "web" / "table" / "i18n" / "catalogues"
    codes = sorted(p.stem for p in folder.glob("*.json"))
    with zipfile.ZipFile(site_dir / "web.zip") as web, zipfile.ZipFile(site_dir / "online.zip") as lazy:
        assert sorted(n.rsplit("/", 1)[1][:-5] for n in lazy.namelist() if n.endswith(".json")) == codes
        for code in codes:
            source = json.loads((folder / f"{code}.json").read_text(encoding="utf-8"))
            kept = json.loads(web.read(f"table/i18n/catalogues/{code}.json"))
            online = json.loads(lazy.read(f"table/p2p/words/{code}.json"))
            assert [k for k in kept["words"] if k.startswith("ONLINE_")] == ["ONLINE_INVITE"]
            assert not [k for k in kept["sentences"] if k.startswith("online_")]
            assert len(online["words"]) > 20 and online["sentences"], code
            for section in ("words", "sentences"):
                assert {**kept[section], **online[section]} == source[section]
                assert not set(kept[section]) & set(online[section])
            assert {k: v for k, v in kept.items() if k not in ("words", "sentences")} == \
                {k: v for k, v in source.items() if k not in ("words", "sentences")}


def test_page_scripts_and_styles_ship_minified(site_dir):
    """Every script and style of web/page/ is in site/ without its comments and
    indentation (a fraction of the source), and only those are rewritten."""
    page = ROOT / "web" / "page"
    for source in sorted(page.iterdir()):
        shipped = site_dir / "web" / "page" / source.name
        if source.suffix in (".js", ".mjs", ".css"):
            text = shipped.read_text(encoding="utf-8")
            assert len(text) < 0.85 * source.stat().st_size, source.name
            assert not re.search(r"^\s*(//|/\*)|\n  ", text, re.M), source.name
        else:
            assert shipped.read_bytes() == source.read_bytes(), source.name


def test_the_benchmark_serves_text_gzipd_as_github_pages_does(site_dir):
    """bench/lighthouse.py measures what a player gets: GitHub Pages sends the text files
    gzip'd (Lighthouse's uses-text-compression counted the raw ones at 800–1,000 ms of FCP),
    so its server does by default; ``--raw`` (and the e2e tests' server) sends them as they are."""
    import gzip
    import importlib.util
    import urllib.request

    spec = importlib.util.spec_from_file_location("bench_lighthouse", ROOT / "bench" / "lighthouse.py")
    lighthouse = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(lighthouse)

    def get(base, path):
        request = urllib.request.Request(base + path, headers={"Accept-Encoding": "gzip, deflate"})
        with urllib.request.urlopen(request) as response:
            return response.headers.get("Content-Encoding"), response.headers.get("Content-Type"), response.read()

    texts = ["", "?autoplay=1", "web/page/motion.js", "manifest.webmanifest"]
    for gzipped in (True, False):
        server, base = lighthouse.serve(site_dir) if gzipped else lighthouse.serve(site_dir, raw=True)
        try:
            for path in texts:
                encoding, kind, body = get(base, path)
                raw = (site_dir / (path.split("?")[0] or "index.html")).read_bytes()
                assert (encoding, gzip.decompress(body) if gzipped else body) == ("gzip" if gzipped else None, raw), path
            assert get(base, "vendor/pyodide/pyodide.asm.wasm")[:2] == (None, "application/wasm")  # wasm and zips as they are
        finally:
            server.shutdown()
            server.server_close()
