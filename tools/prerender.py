"""Write the table's frame and the early menu's data into index.html at build time.

Why: the menu must work before Python has started. Its markup comes
from the very renderer the table uses (``web/table/view/render.py``, through
``web/table/view/earlymenu.py``), run here on CPython, so there is one source for it; the
page only needs ``web/page/menu.js`` to show it. The engine and the web modules are
standard-library Python, so the build can import them.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

TABLE = re.compile(r'(<main id="table"[^>]*>)(.*?)(</main>)', re.S)
DATA_ID = "menu-data"
BOOT_ID = "boot-words"


def _modules(root: Path):
    """``render`` and ``earlymenu`` imported from ``root`` (no bytecode left in the sources)."""
    for path in (str(root / "web"), str(root)):
        if path not in sys.path:
            sys.path.insert(0, path)
    writes = sys.dont_write_bytecode
    sys.dont_write_bytecode = True
    try:
        from table.view import earlymenu
        from table.view import render
    finally:
        sys.dont_write_bytecode = writes
    return render, earlymenu


def script_json(data: object) -> str:
    """JSON that cannot end its ``<script>`` element early."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return text.replace("</", "<\\/").replace("<!--", "<\\u0021--")


def prerender(html: str, root: Path) -> str:
    """``html`` with ``<main id="table">`` holding the table's skeleton and, after
    it, ``<script type="application/json" id="menu-data">`` for web/page/menu.js and
    ``<script type="application/json" id="boot-words">`` (the catalogues' boot words) for web/page/boot.js."""
    render, earlymenu = _modules(root)
    if not TABLE.search(html):
        raise SystemExit('build_site: index.html has no <main id="table"></main>')
    data = (f'\n  <script type="application/json" id="{DATA_ID}">{script_json(earlymenu.page_data())}</script>'
            f'\n  <script type="application/json" id="{BOOT_ID}">{script_json(earlymenu.boot_data())}</script>')
    return TABLE.sub(lambda m: m.group(1) + render.skeleton() + m.group(3) + data, html, count=1)
