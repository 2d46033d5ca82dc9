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

