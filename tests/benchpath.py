"""Put ``bench/`` on ``sys.path`` so the tests of the benchmark scripts import
them as the scripts run (``import medium_variants``, ``import world_clues``)."""

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))
