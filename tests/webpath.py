"""Put ``web/`` on ``sys.path`` so the table's pure modules import as in the browser
(``import game``, ``import render``, ``import storage``, ``import texts``)."""

import sys
from pathlib import Path

WEB = Path(__file__).resolve().parent.parent / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))
