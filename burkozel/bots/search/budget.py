"""How much a search may spend on one decision, and how it shares the time.

A search is anytime: it stops at a time budget or an iteration cap,
whichever comes first (with a deterministic bot only the cap counts, so a
decision depends on the seed and the view alone), and pauses every few
rollouts so that a page can spread one decision over several short tasks.
"""

from __future__ import annotations

import sys
from typing import Generator, TypeVar

T = TypeVar("T")

DEFAULT_BUDGET_MS = 140.0 if sys.platform == "emscripten" else 38.0
"""Wall-clock time per decision.  Pyodide runs 3–4× slower than CPython, so
the browser's 140 ms buys about the rollouts CPython does in 38 ms: the
arena on CPython then measures the strength the table plays at."""
DEFAULT_MAX_ITERATIONS = 1000
"""Rollouts (or tree iterations) per decision at most."""
SLICE_ROLLOUTS = 32
"""Rollouts between two pauses of a search (tens of ms in a browser)."""


def finish(search: Generator[None, None, T]) -> T:
    """Run a paused search to its end and return its result."""
    while True:
        try:
            next(search)
        except StopIteration as done:
            return done.value
