"""Shared pieces of the browser tests: the site server, the page guard, boot helpers.

Why separate from conftest.py: test files import these by name
(``from harness import boot, app_url``), and a module called ``conftest``
would clash with tests/conftest.py on sys.path.

  boot(page, url)                              open url, wait for data-state="ready"
  app_url(base, seed=7, speed="instant", **p)  the table URL with the UI's parameters
  Server(root=…, prefix="/repo/")              serve.py in a subprocess; .url, .stop()
  wait_for_service_worker(page)                SW controls the page, caches filled
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
SERVE = Path(__file__).resolve().parent / "serve.py"

BOOT_TIMEOUT_MS = 90_000
# The raw Debian binary first: /usr/bin/chromium is a wrapper script adding flags.
CHROMIUM_CANDIDATES = ("/usr/lib/chromium/chromium", "/usr/bin/chromium", "/usr/bin/google-chrome")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-dev-shm-usage",
]


def chromium_path() -> str:
    override = os.environ.get("BURKOZEL_CHROMIUM")
    for candidate in ((override,) if override else CHROMIUM_CANDIDATES):
        if candidate and Path(candidate).is_file():
            return candidate
    pytest.exit("Chromium not found: run `make chromium` (Debian package `chromium`)", returncode=3)


# --- the site and its server ---------------------------------------------------


def ensure_site() -> None:
    """Build site/ if needed (a no-op when `make test` already did it). Under pytest-xdist
    every worker asks: a lock lets one build while the others wait for it."""
    if shutil.which("make"):
        (ROOT / ".stamps").mkdir(exist_ok=True)
        with open(ROOT / ".stamps" / "site.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            subprocess.run(["make", "-s", "--no-print-directory", "site"], cwd=ROOT, check=True)
    if not (SITE / "index.html").is_file():
        pytest.exit("site/ is not built: run `make site`", returncode=3)


class Server:
    """serve.py in a subprocess (so a test can really stop it, e.g. to go offline)."""

    def __init__(self, root: Path = SITE, prefix: str = "/", port: int = 0, overlay: Path | None = None):
        cmd = [sys.executable, str(SERVE), "--root", str(root), "--port", str(port), "--prefix", prefix, "--quiet"]
        if overlay is not None:
            cmd += ["--overlay", str(overlay)]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        if not line.startswith("Serving "):
            self.proc.kill()
            raise RuntimeError(f"serve.py did not start: {line!r} {self.proc.stderr.read()!r}")
        self.url = line.rsplit(" at ", 1)[1].strip()  # http://127.0.0.1:PORT/prefix/
        parts = urlsplit(self.url)
        self.origin = f"{parts.scheme}://{parts.netloc}"
        self.port = parts.port

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


@dataclass
class Guard:
    """What a page did that a test must not allow: console errors, off-origin requests."""

    origins: set[str]
    console_errors: list[str] = field(default_factory=list)
    foreign_requests: list[str] = field(default_factory=list)
    allow_console_errors: bool = False

    def on_console(self, msg) -> None:
        if msg.type == "error":
            self.console_errors.append(msg.text)

    def on_page_error(self, error) -> None:
        self.console_errors.append(f"uncaught: {error}")

    def is_foreign(self, url: str) -> bool:
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob", "about", "chrome-extension", "devtools"):
            return False
        return f"{parts.scheme}://{parts.netloc}" not in self.origins

    def on_request(self, request) -> None:
        if self.is_foreign(request.url):
            self.foreign_requests.append(request.url)

    def watch(self, page) -> None:
        page.on("console", self.on_console)
        page.on("pageerror", self.on_page_error)

    def check(self) -> None:
        assert not self.foreign_requests, f"requests left the origin: {self.foreign_requests}"
        if not self.allow_console_errors:
            assert not self.console_errors, f"console errors: {self.console_errors}"


def allow_origin(guard: Guard, srv: Server) -> None:
    """Accept requests to an extra test server (same machine, other port)."""
    guard.origins.add(srv.origin)



# --- helpers ---------------------------------------------------------------------


def app_url(base: str, seed: int | None = None, speed: str | None = None, **params) -> str:
    """The table URL with the UI's parameters, e.g. app_url(base, seed=7, speed="instant")."""
    query = {}
    if seed is not None:
        query["seed"] = str(seed)
    if speed is not None:
        query["speed"] = speed
    query.update({k: str(v) for k, v in params.items()})
    return base + ("?" + urlencode(query) if query else "")


def wait_state(page, timeout_ms: int = BOOT_TIMEOUT_MS) -> str:
    """Wait until boot finishes either way; returns "ready" or "error"."""
    page.wait_for_selector(
        "html[data-state=ready], html[data-state=error]", state="attached", timeout=timeout_ms
    )
    return page.get_attribute("html", "data-state")


def boot(page, url: str, timeout_ms: int = BOOT_TIMEOUT_MS):
    """Open ``url`` and wait for <html data-state="ready">; fails with the boot error text."""
    page.goto(url)
    state = wait_state(page, timeout_ms)
    if state != "ready":
        details = page.text_content("#boot-error-details") or ""
        pytest.fail(f"boot ended in {state!r}: {page.text_content('#boot-error-text')}\n{details}")
    return page


SW_STATUS_JS = """async () => {
    const names = (await caches.keys()).filter((n) => n.startsWith("burkozel-"));
    const sizes = {};
    for (const name of names) sizes[name] = (await (await caches.open(name)).keys()).length;
    const c = navigator.serviceWorker.controller;
    return {controller: c ? c.scriptURL : null, caches: sizes};
}"""


def poll(page, script: str, done, timeout_ms: int = 60_000, arg=None):
    """Evaluate ``script`` (may be async) every 250 ms until ``done(result)``; returns the result.

    Why not wait_for_function: it does not await a promise returned by the
    predicate, so async checks (caches, service worker) would pass at once.
    """
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        result = page.evaluate(script, arg)
        if done(result):
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"still not there after {timeout_ms} ms: {result!r}")
        page.wait_for_timeout(250)


def wait_for_service_worker(page, timeout_ms: int = 60_000) -> dict:
    """Wait until a service worker controls the page and both caches are filled."""
    return poll(
        page,
        SW_STATUS_JS,
        lambda s: s["controller"] and len(s["caches"]) == 2 and all(s["caches"].values()),
        timeout_ms,
    )


def cache_names(page) -> list[str]:
    """The service worker's caches (web/page/runtime.mjs keeps its interpreter
    snapshot in a cache of its own, "python-snapshot", which these leave out)."""
    return sorted(name for name in page.evaluate("caches.keys()") if name != "python-snapshot")


def now() -> float:
    return time.monotonic()


# --- the table answers from a worker ----------------------------------------------------

SETTLED_JS = "window.burkozelSettled ? window.burkozelSettled() : null"


def settle(page) -> None:
    """Wait until the page has drawn the Python worker's answer to every input so
    far (web/page/host.js). A user action that navigates leaves nothing to wait for."""
    try:
        page.evaluate(SETTLED_JS)
    except Exception:  # noqa: BLE001 - the page navigated or closed meanwhile
        pass


def settle_after_actions() -> None:
    """Make every Playwright action on a page (click, check, fill, key press…) return
    once the table has answered it, as a player sees it: the table's Python runs in a
    worker, so a click's result is on the page one round trip later, not at once.
    Installed once for the e2e session (conftest.py)."""
    import functools

    from playwright.sync_api import Keyboard, Locator, Mouse, Page

    if getattr(Page, "_burkozel_settles", False):
        return

    def wrap(cls, name, page_of):
        original = getattr(cls, name)

        @functools.wraps(original)
        def action(self, *args, **kwargs):
            result = original(self, *args, **kwargs)
            page = page_of(self)
            if page is not None:
                settle(page)
            return result

        setattr(cls, name, action)

    for name in ("click", "dblclick", "check", "uncheck", "set_checked", "fill", "press", "select_option", "tap"):
        wrap(Page, name, lambda self: self)
        wrap(Locator, name, lambda self: self.page)
    # Keyboard and Mouse know no page: remember it when Page hands them out.
    owners: dict[int, Page] = {}
    for prop in ("keyboard", "mouse"):
        getter = getattr(Page, prop).fget

        def handing_out(self, _getter=getter):
            device = _getter(self)
            owners[id(device)] = self
            return device

        setattr(Page, prop, property(handing_out))
    for name in ("press", "type", "insert_text"):
        wrap(Keyboard, name, lambda self: owners.get(id(self)))
    for name in ("click", "dblclick"):
        wrap(Mouse, name, lambda self: owners.get(id(self)))
    Page._burkozel_settles = True



# --- a returning visit's start for fresh contexts, and the boots counted ---------------------

SEED_DIR = "__tests__/"  # served by the session's server from its overlay, never part of site/
SEED_PAGE = "<!doctype html><meta charset=utf-8><link rel=icon href=data:,><title>seed</title>"
PUT_SNAPSHOT_JS = """async ([key, source]) => {
  const response = await fetch(source);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${source}`);
  await (await caches.open('python-snapshot')).put(key, response);
}"""
TAKE_SNAPSHOT_JS = """async (sink) => {
  const cache = await caches.open('python-snapshot');
  for (let i = 0; i < 300 && !(await cache.keys()).length; i++) await new Promise((r) => setTimeout(r, 100));
  const [request] = await cache.keys();
  if (!request) return null;
  await fetch(sink, {method: 'POST', body: await (await cache.match(request)).arrayBuffer()});
  return request.url;
}"""


class SnapshotSeed:
    """Puts the interpreter's memory snapshot into each fresh browser context's Cache
    Storage before its first visit to the session's server, so its boot is a returning
    visit's (web/page/runtime.mjs restores the snapshot instead of starting CPython, importing
    the table and making the snapshot: 0.5–0.9 s of CPU less a boot, docs/tests.md). A browser
    context starts empty, so without this every one of the suite's contexts paid a first visit.

    Why a returning visit is a fair start: it is the page's ordinary path after a player's
    first visit, and runtime.mjs's key (the runtime's version and the zips' bytes) is the one
    the page computes, so a page whose zips differ (a test's tampered web.zip) starts afresh
    as it would. The first visit itself is tested where it is the subject: tests marked
    ``first_visit`` (test_worker, test_boot, test_ship) get no seed.

    The snapshot is one real first visit's, made once per test process (``donor``) and
    served from the server's overlay folder and written by the test's page itself, at a blank
    page of the server's own before its first navigation (a second page for it cost a renderer
    process, most of the gain): that page's init scripts run there too, and a listener on the
    page sees two requests more (test_ship, which lists every request, is a ``first_visit``)."""

    enabled = True  # set by conftest: False while a ``first_visit`` test or module runs

    def __init__(self, server: "Server", overlay: Path):
        self.server = server
        self.overlay = overlay
        self.key: str | None = None
        self.failed = False
        (overlay / SEED_DIR).mkdir(parents=True, exist_ok=True)
        (overlay / SEED_DIR / "seed.html").write_text(SEED_PAGE)

    def wants(self, page, url: str) -> bool:
        ctx = page.context
        if getattr(ctx, "_burkozel_seen", False):
            return False
        ctx._burkozel_seen = True
        return self.enabled and not self.failed and str(url).startswith(self.server.url) and ctx.browser is not None

    def donor(self, browser, goto) -> str | None:
        """One first visit in a context of its own; its snapshot's bytes are kept in the overlay."""
        ctx = browser.new_context()
        ctx._burkozel_seen = True
        kept: dict[str, bytes] = {}

        def keep(route):
            kept["body"] = route.request.post_data_buffer
            route.fulfill(status=204)

        try:
            page = ctx.new_page()
            page.route("**/" + SEED_DIR + "sink", keep)
            goto(page, app_url(self.server.url, speed="instant", sw="off"))
            if wait_state(page) != "ready":
                return None
            key = page.evaluate(TAKE_SNAPSHOT_JS, self.server.url + SEED_DIR + "sink")
            if not key or not kept.get("body"):
                return None
            (self.overlay / SEED_DIR / "snapshot").write_bytes(kept["body"])
            return key
        finally:
            ctx.close()

    def seed(self, page, goto) -> None:
        try:
            if self.key is None:
                self.key = self.donor(page.context.browser, goto)
                if self.key is None:
                    raise RuntimeError("the donor's first visit kept no snapshot")
            goto(page, self.server.url + SEED_DIR + "seed.html")
            page.evaluate(PUT_SNAPSHOT_JS, [self.key, self.server.url + SEED_DIR + "snapshot"])
        except Exception as error:  # noqa: BLE001 - no seed only costs a first visit
            self.failed = True
            sys.stderr.write(f"\n[e2e] no interpreter snapshot seeded, every boot a first visit: {error}\n")


@dataclass
class BootLedger:
    """Boots (fetches of Pyodide's wasm, each the start of a Python worker) counted by test;
    written as JSON lines to $BURKOZEL_BOOT_LOG when set (docs/tests.md, «The suite's time»)."""

    test: str = ""
    boots: dict[str, int] = field(default_factory=dict)

    def watch(self, ctx) -> None:
        if not getattr(ctx, "_burkozel_counted", False):
            ctx._burkozel_counted = True
            ctx.on("request", self.on_request)

    def on_request(self, request) -> None:
        if request.url.endswith("/pyodide.asm.wasm") and request.service_worker is None:  # not sw.js's precache
            self.boots[self.test] = self.boots.get(self.test, 0) + 1


LEDGER = BootLedger()


def seed_snapshots(seed: SnapshotSeed | None) -> None:
    """Make Page.goto seed a fresh context (``SnapshotSeed``) and count its boots
    (``LEDGER``) at its first navigation. Installed once for the e2e session (conftest.py)."""
    from playwright.sync_api import Page

    original = getattr(Page, "_burkozel_goto", None) or Page.goto
    Page._burkozel_goto = original

    def goto(self, url, *args, **kwargs):
        if seed is not None and seed.wants(self, url):
            seed.seed(self, original)
        LEDGER.watch(self.context)
        return original(self, url, *args, **kwargs)

    Page.goto = goto
