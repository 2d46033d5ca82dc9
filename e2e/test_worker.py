"""Python runs in a worker, never on the page's main thread.

What is asserted is where things run, not how fast: the page has no Python
script and no Pyodide of its own, the runtime is imported by a worker, and the
table still plays. How long the main thread's tasks are is a figure printed by
the benchmarks (``bench/startup.py``: boot; ``bench/bot_speed.py``: play).
"""

from __future__ import annotations

import random

import pytest

from burkozel import FORMATS
from harness import poll, wait_state
from tablekit import hand, new_match, open_table, play_turn, saved, wait_settled

pytestmark = pytest.mark.first_visit  # its subject is the first visit (conftest's seeded snapshot left out)

# Out-of-turn combinations switched off: one led for a hand can end the deal at its
# first trick, or leave a hand short after one move (about 1 deal in 600), which is
# not what this test is about (tests/test_game.py keeps the plain count).
PLAIN_FOUR = {combo: False for combo in FORMATS["four"].combo_ids}

RUNTIME_MODULES = ("pyodide.mjs", "pyodide.asm.mjs", "runtime.mjs")
SNAPSHOTS_KEPT = "caches.open('python-snapshot').then((cache) => cache.keys()).then((keys) => keys.length)"
SNAPSHOT_FATE = "performance.getEntriesByName('burkozel:runtime-loaded')[0]?.detail?.snapshot ?? null"
TABLE_NOW = """() => { const t = document.getElementById('table');
  return {phase: t.dataset.phase, turn: t.dataset.turn, format: t.dataset.format,
          hand: document.getElementById('hand').innerHTML.slice(0, 300),
          status: document.getElementById('status').textContent,
          dialogs: [...document.querySelectorAll('dialog[open]')].map((d) => d.id)}; }"""


def test_python_runs_in_a_worker_and_the_table_plays(page, base_url):
    open_table(page, base_url, seed=4, speed="instant", watch=False)
    assert page.evaluate("document.querySelector('script[type=py], script[type=mpy]') === null")
    assert page.evaluate("typeof window.pyodide === 'undefined' && typeof window.loadPyodide === 'undefined'")
    # The page itself never imported the runtime's modules (only its worker did).
    fetched = page.evaluate("performance.getEntriesByType('resource').map((r) => r.name)")
    assert not [u for u in fetched if u.rsplit("/", 1)[-1] in RUNTIME_MODULES]
    assert any(w.url.startswith("blob:") for w in page.workers)
    new_match(page, "four", "easy")
    wait_settled(page)
    assert page.locator("#hand button[data-card]").count() > 0
    assert saved(page)["format"] == "four"


def test_a_later_visit_starts_from_the_interpreter_snapshot(page, base_url):
    """The first visit keeps a memory snapshot of the interpreter with our modules
    imported (web/page/runtime.mjs); later visits restore it, and the table they get
    plays and deals afresh (a restored generator would deal the same cards)."""
    open_table(page, base_url, watch=False)
    assert page.evaluate(SNAPSHOT_FATE) == "made"
    poll(page, SNAPSHOTS_KEPT, lambda kept: kept == 1, 30_000)
    hands = []
    for _ in range(2):
        page.reload()
        assert wait_state(page) == "ready"
        assert page.evaluate(SNAPSHOT_FATE) == "used"
        new_match(page, "four", "easy", combos=PLAIN_FOUR)
        hands.append(hand(page))
        assert len(hands[-1]) == 4, page.evaluate(TABLE_NOW)
        play_turn(page, random.Random(1))
        wait_settled(page)
        assert len(hand(page)) == 4, page.evaluate(TABLE_NOW)  # played, then drew from the stock: the engine and the bots run
    assert hands[0] != hands[1]
    assert page.evaluate(SNAPSHOTS_KEPT) == 1


STALE_SNAPSHOT = """caches.open('python-snapshot').then((cache) => cache.put(
    new URL('python-snapshot/another-build', location.href).href,
    new Response(new Uint8Array(1024), {headers: {'Content-Type': 'application/octet-stream'}})))"""
SNAPSHOT_URLS = "caches.open('python-snapshot').then((cache) => cache.keys()).then((keys) => keys.map((r) => r.url))"


def test_a_snapshot_kept_by_another_build_is_replaced_not_restored(page, base_url):
    """After an update the kept snapshot belongs to the old build: the start must not
    restore it, but begin afresh and keep this build's snapshot in place of the old one."""
    open_table(page, base_url, watch=False)
    poll(page, SNAPSHOTS_KEPT, lambda kept: kept == 1, 30_000)
    page.evaluate("caches.delete('python-snapshot')")
    page.evaluate(STALE_SNAPSHOT)
    page.reload()
    assert wait_state(page) == "ready"
    assert page.evaluate(SNAPSHOT_FATE) == "made"
    poll(page, SNAPSHOT_URLS, lambda urls: len(urls) == 1 and not urls[0].endswith("/another-build"), 30_000)
    new_match(page, "duel", "easy")
    assert len(hand(page)) == 4
    page.reload()
    assert wait_state(page) == "ready"
    assert page.evaluate(SNAPSHOT_FATE) == "used"
