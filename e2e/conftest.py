"""Browser test fixtures: the built site/, a local static server, Debian's Chromium.

Why this shape:
- One Chromium per session (start-up is the expensive part on 2 cores); every
  test gets a fresh context (own cache, storage and service workers), so tests
  cannot leak state into each other.
- Every page is guarded: a console error or a request to another origin fails
  the test, because the page must work offline and show no errors.
- Playwright's own browser download is not available here; we drive the
  system browser through ``executable_path``.

Fixtures: site_dir, server, base_url, start_server, browser, guard, context, page.
Helpers live in harness.py (``from harness import boot, app_url``).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import pytest

pytest.register_assert_rewrite("online_kit")  # (its checks were a test module's: their failures say what they saw)

from harness import (CHROMIUM_ARGS, LEDGER, SITE, Guard, Server, SnapshotSeed, chromium_path, ensure_site,  # noqa: E402
                     seed_snapshots, settle_after_actions)

settle_after_actions()  # every action returns once the table's worker has answered it


@pytest.fixture(scope="session")
def site_dir() -> Path:
    ensure_site()
    return SITE


SEED = None  # the session server's SnapshotSeed (harness.py): fresh contexts start as a returning visit


@pytest.fixture(scope="session")
def server(site_dir):
    """The shared server for site/ at the root path; its base URL is ``server.url``.
    Its overlay folder serves the interpreter snapshot seeded into fresh contexts."""
    global SEED
    with tempfile.TemporaryDirectory(prefix="burkozel-e2e-") as overlay, Server(site_dir, overlay=Path(overlay)) as srv:
        if os.environ.get("BURKOZEL_SEED", "1") != "0":  # BURKOZEL_SEED=0: every context a first visit
            SEED = SnapshotSeed(srv, Path(overlay))
        seed_snapshots(SEED)
        yield srv
        seed_snapshots(None)
        SEED = None


@pytest.fixture(scope="module", autouse=True)
def _module_visits(request):
    """A module's shared pages are counted under the module and seeded unless it is
    marked ``first_visit`` (autouse: made before the module's other fixtures)."""
    LEDGER.test = request.node.nodeid + "::(module)"
    SnapshotSeed.enabled = request.node.get_closest_marker("first_visit") is None
    yield
    SnapshotSeed.enabled = True


@pytest.fixture(autouse=True)
def _visit_and_ledger(request):
    """Tests marked ``first_visit`` get contexts without a seeded snapshot; every test's
    boots are counted under its id (harness.LEDGER)."""
    LEDGER.test = request.node.nodeid
    SnapshotSeed.enabled = request.node.get_closest_marker("first_visit") is None
    yield
    SnapshotSeed.enabled = True


def pytest_configure(config):
    config.addinivalue_line("markers", "first_visit: contexts boot as a first visit (no seeded interpreter snapshot)")
    config.addinivalue_line("markers", "long_file: a file of few tests that runs for minutes (`make test` starts it first)")
    if hasattr(config.option, "loadscopereorder"):  # (pytest-xdist's order by tests a file: ours, below)
        config.option.loadscopereorder = False


def pytest_sessionfinish(session):
    """$BURKOZEL_BOOT_LOG: one JSON line per test process, {test id: boots}."""
    path = os.environ.get("BURKOZEL_BOOT_LOG")
    if path and LEDGER.boots:
        with open(path, "a") as out:
            out.write(json.dumps(LEDGER.boots) + "\n")


@pytest.fixture
def start_server():
    """Factory for extra servers a test controls (sub-path, stop for offline…)."""
    started: list[Server] = []

    def start(**kwargs) -> Server:
        srv = Server(**kwargs)
        started.append(srv)
        return srv

    yield start
    for srv in started:
        srv.stop()


@pytest.fixture(scope="session")
def base_url(server) -> str:
    return server.url


# --- the browser -------------------------------------------------------------


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def guard(server) -> Guard:
    return Guard(origins={server.origin})


@pytest.fixture
def context(browser, guard):
    """A fresh browser context (own HTTP cache, storage and service workers).

    Requests to other origins are recorded (and fail the test in ``page``), not
    routed: Playwright bypasses service workers once routing is on, which would
    hide exactly what the offline tests check. The page's CSP blocks them anyway.
    """
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="ru-RU")
    ctx.on("request", guard.on_request)
    ctx.on("page", guard.watch)
    yield ctx
    ctx.close()


@pytest.fixture
def page(context, guard):
    """A fresh page; the test fails on console errors or off-origin requests."""
    pg = context.new_page()
    yield pg
    guard.check()




# Known failures after the merge of 3 Dec 2026 (deal keys, house rules, the room, motion and
# the relays landed together; each failed in a fresh clone's `make test` and none was
# fixed before the session ended).  They run and are reported (xfail, not strict), so a fix
# shows as XPASS; each is listed with its cause, as far as it is known, in the open issue
# named.  Empty this list as they are mended: it is a to-do list, not a verdict.
KNOWN_FAILURES: dict[str, str] = {}


def pytest_collection_modifyitems(config, items):
    for item in items:
        reason = KNOWN_FAILURES.get(item.nodeid.split("/", 1)[-1])
        if reason is not None:
            item.add_marker(pytest.mark.xfail(reason=reason, strict=False))
    items[:] = long_files_first(items)


def long_files_first(items: list) -> list:
    """The files marked ``long_file`` first, then the others with the most tests first (pytest-xdist's
    own order), each file's tests as they were: `make test` hands out whole files in this order, and
    a file of minutes with few tests came last in xdist's, while the other worker had little left."""
    def file_of(item) -> str:
        return item.nodeid.split("::", 1)[0]

    tests: dict[str, int] = {}
    long: set[str] = set()
    for item in items:
        tests[file_of(item)] = tests.get(file_of(item), 0) + 1
        if item.get_closest_marker("long_file") is not None:
            long.add(file_of(item))
    order = {f: i for i, f in enumerate(tests)}
    return sorted(items, key=lambda item: (file_of(item) not in long, -tests[file_of(item)], order[file_of(item)]))
