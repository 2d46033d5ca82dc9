"""What every unit test shares: deals that repeat.

The table's secrets and the guests' values come from the system's randomness
(``burkozel.fair.new_secret``), so a test of a table with friends would play other deals
each run and pass or fail by chance.  Here they come from a seeded stream: the same deals
every run, and still distinct values.
"""

from __future__ import annotations

import random

import pytest

import webpath  # noqa: F401
from burkozel import fair


@pytest.fixture(autouse=True)
def repeatable_values(monkeypatch):
    rng = random.Random(2026)
    monkeypatch.setattr(fair, "new_secret", lambda: rng.randbytes(fair.SECRET_BYTES))
