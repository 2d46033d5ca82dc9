"""Put ``bench/`` and ``research/`` on ``sys.path`` so the tests of those scripts
import them as the scripts run (``import bot_legality``, ``import world_clues``)."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT / "bench", ROOT / "research"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
