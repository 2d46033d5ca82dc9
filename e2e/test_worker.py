"""Python runs in a worker, never on the page's main thread (issue #19, item 2).

What is asserted is where things run, not how fast: the page has no Python
script and no Pyodide of its own, the runtime is imported by a worker, and the
table still plays. How long the main thread's tasks are is a figure printed by
the benchmarks (``bench/startup.py``: boot; ``bench/bot_speed.py``: play).
"""

from __future__ import annotations

from tablekit import new_match, open_table, saved, wait_settled

RUNTIME_MODULES = ("pyodide.mjs", "pyodide.asm.mjs", "runtime.mjs")


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
