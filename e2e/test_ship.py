"""Shipped like a real web app: offline, installable, sub-path, nothing from elsewhere."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import struct
import subprocess
import sys
import urllib.request

import random

import pytest

from harness import ROOT, allow_origin, app_url, boot, cache_names, poll, wait_for_service_worker, wait_state
from tablekit import new_match, play_round

pytestmark = pytest.mark.first_visit  # it lists every request a page makes (conftest's seed would add two)

sys.path.insert(0, str(ROOT / "tools"))
from build_site import relay_urls  # noqa: E402  (the list the build writes into connect-src)


def fetch(url: str) -> tuple[bytes, str]:
    with urllib.request.urlopen(url) as resp:
        return resp.read(), resp.headers.get("Content-Type", "")


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def sw_build_info(sw_source: str) -> dict:
    match = re.search(r"^const BUILD = (\{.*?\});$", sw_source, re.S | re.M)
    assert match, "sw.js has no baked BUILD object (was it built by tools/build_site.py?)"
    return json.loads(match.group(1))


def test_manifest_is_installable(base_url):
    raw, ctype = fetch(base_url + "manifest.webmanifest")
    assert ctype.startswith("application/manifest+json")
    manifest = json.loads(raw)
    for key in ("name", "short_name", "description", "start_url", "scope", "display", "icons", "theme_color", "background_color"):
        assert manifest.get(key), f"manifest lacks {key}"
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    assert "Буркозёл" in manifest["name"] and re.search("[а-яё]", manifest["description"])
    sizes = {}
    for icon in manifest["icons"]:
        assert not icon["src"].startswith("/"), "icon URLs must be relative (GitHub Pages sub-path)"
        data, ctype = fetch(base_url + icon["src"].removeprefix("./"))
        if icon["type"] == "image/png":
            w, h = png_size(data)
            assert icon["sizes"] == f"{w}x{h}"
            sizes[w] = ctype
    assert set(sizes) >= {192, 512}


def test_service_worker_controls_second_load(page, base_url):
    boot(page, base_url)
    wait_for_service_worker(page)
    page.reload()
    assert wait_state(page) == "ready"
    script = page.evaluate("navigator.serviceWorker.controller && navigator.serviceWorker.controller.scriptURL")
    assert script == base_url + "sw.js"
    info = sw_build_info(fetch(base_url + "sw.js")[0].decode())
    assert cache_names(page) == sorted([info["appCache"], info["vendorCache"]])
    assert info["vendorCache"] == "burkozel-vendor-pyodide314.0.7-pyscript0.7.31"


def test_every_request_is_precached_and_every_file_used(page, base_url):
    """What the page fetches on a cold boot, plus what it loads on demand (the
    WebRTC link of «Играть с другом»), is exactly what sw.js precaches (bar
    icons/manifest): all of it is there offline, and nothing shipped is dead."""
    requested: set[str] = set()
    # blob: is the Python worker's script, made in the page (web/page/host.js), not fetched.
    page.on("request", lambda r: requested.add(r.url.split("?")[0]) if not r.url.startswith("blob:") else None)
    boot(page, base_url)
    page.evaluate("() => window.burkozelLoadP2P().then(() => true)")
    wait_for_service_worker(page)
    info = sw_build_info(fetch(base_url + "sw.js")[0].decode())
    precached = {base_url + u.removeprefix("./") for u in info["app"] + info["vendor"]}
    requested.discard(base_url + "sw.js")
    assert requested - precached == set(), "fetched but not available offline"
    unused = {u for u in precached - requested if "/icons/" not in u and not u.endswith(".webmanifest")}
    assert unused == set(), "shipped and precached but never requested by the page"


def test_offline_after_first_visit(context, guard, start_server):
    """First visit online, then the server is gone: the table boots and a whole
    round is played by clicks."""
    srv = start_server()
    allow_origin(guard, srv)
    page = context.new_page()
    boot(page, app_url(srv.url, seed=5, speed="instant"))
    wait_for_service_worker(page)
    srv.stop()
    page.reload()
    assert wait_state(page) == "ready"
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    new_match(page, "three", "easy")
    assert play_round(page, random.Random(5), check=False) in ("round_end", "match_end")
    guard.check()


def test_app_update_renames_cache_and_drops_the_old_one(tmp_path, context, guard, start_server):
    """A new build (different app hash) installs a new worker whose activate deletes the old app cache."""
    out = tmp_path / "site"
    build = [sys.executable, str(ROOT / "tools" / "build_site.py"), "--out", str(out)]
    subprocess.run(build, check=True, capture_output=True)
    old = sw_build_info((out / "sw.js").read_text())
    srv = start_server(root=out)
    allow_origin(guard, srv)
    page = context.new_page()
    boot(page, srv.url)
    wait_for_service_worker(page)
    assert old["appCache"] in cache_names(page)

    subprocess.run(build + ["--salt", "update-test"], check=True, capture_output=True)
    new = sw_build_info((out / "sw.js").read_text())
    assert new["appCache"] != old["appCache"]
    assert new["vendorCache"] == old["vendorCache"]
    page.reload()
    assert wait_state(page) == "ready"
    poll(page, "caches.keys()", lambda k: new["appCache"] in k and old["appCache"] not in k)
    assert cache_names(page) == sorted([new["appCache"], new["vendorCache"]])
    page.wait_for_selector("html[data-update=ready]", state="attached", timeout=30_000)
    page.wait_for_selector("#update-notice button.primary", timeout=5_000)  # the player is offered a reload
    guard.check()


def test_boots_under_a_sub_path(context, guard, start_server):
    """GitHub project pages live under /<repo>/: every URL must be relative."""
    srv = start_server(prefix="/repo/")
    allow_origin(guard, srv)
    page = context.new_page()
    outside = []
    # (blob: is the Python worker's script, made in the page, not fetched.)
    page.on("request", lambda r: outside.append(r.url) if "/repo/" not in r.url and not r.url.startswith("blob:") else None)
    boot(page, srv.url)
    assert srv.url.endswith("/repo/")
    wait_for_service_worker(page)
    assert outside == []
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == srv.url + "sw.js"
    page.goto(app_url(srv.url, seed=3, speed="instant"))
    assert wait_state(page) == "ready"
    new_match(page, "four", "easy")
    assert play_round(page, random.Random(3), check=False) in ("round_end", "match_end")
    assert outside == []
    guard.check()


def test_content_security_policy_allows_only_this_origin(base_url):
    html = fetch(base_url)[0].decode()
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html).group(1)
    directives = dict((d.split(None, 1) + [""])[:2] for d in (x.strip() for x in csp.split(";")) if d)
    assert directives["default-src"] == "'self'"
    for name, value in directives.items():
        sources = value.split()
        allowed = {"'self'", "'none'", "'wasm-unsafe-eval'", "'unsafe-eval'", "data:", "blob:"}
        if name == "style-src":  # the inline boot CSS, by hash
            sources = [s for s in sources if not re.fullmatch(r"'sha256-[A-Za-z0-9+/]{43}='", s)]
        if name == "connect-src":  # online play's relays, exactly the list's (test_site_build)
            sources = [s for s in sources if s not in relay_urls(ROOT)]
        assert all(s in allowed for s in sources), (name, sources)
    styles = re.findall(r"<style>(.*?)</style>", html, re.S)
    digests = {"'sha256-" + base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() + "'" for s in styles}
    assert digests == set(directives["style-src"].split()) - {"'self'"}, "CSP hash does not match the inline CSS"
    assert not re.search(r'(src|href)="(https?:)?//', html), "absolute URL in index.html"
    assert not re.search(r'(src|href)="/', html), "root-relative URL in index.html (breaks /<repo>/)"
