"""Put ``web/`` on ``sys.path`` so the table's package imports as in the browser
(``from table.match import storage``, ``from table.view import render``)."""

import sys
from pathlib import Path

WEB = Path(__file__).resolve().parent.parent / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))
