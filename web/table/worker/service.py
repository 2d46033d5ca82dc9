"""What the Python worker offers the page: ``start``, ``event``, ``bench``, ``steps``
(web/main.py exports them; web/page/host.js calls them, JSON in, JSON out).

Why a module of its own, apart from the entry script: web/page/runtime.mjs imports it
right after Pyodide is up, before PyScript runs main.py, and keeps a memory
snapshot of the interpreter with it imported. A later visit restores
that snapshot instead of starting CPython and importing the engine, the bots and
the markup again; main.py's ``from service import …`` then costs nothing.
Nothing here may hold a JavaScript object at import time: a snapshot cannot
carry one.
"""

import json
import random
import time

_T0 = time.perf_counter()
import burkozel  # noqa: E402,F401  (the engine first: its import time is reported apart)

_T_ENGINE = time.perf_counter()
from table.control import app  # noqa: E402
from table.worker import benchhooks  # noqa: E402
from table.control.effects import Env  # noqa: E402

# Imported on first use elsewhere (the bots register themselves when a table first
# needs one). Here, so that a snapshot
# holds them: compiling them after a restore ran 4–6× slower than on a cold start,
# the runtime's compiler not yet being warm (0.47–0.65 s of the first table, Node).
import burkozel.bots.easy  # noqa: E402,F401
import burkozel.bots.hard  # noqa: E402,F401
import burkozel.bots.medium  # noqa: E402,F401

IMPORT_MS = {"engine": round((_T_ENGINE - _T0) * 1000, 1), "app": round((time.perf_counter() - _T_ENGINE) * 1000, 1)}

APP = None


def start(env_json):
    """Open the table for the page described by ``env_json`` (``effects.Env``); returns
    the first effects, with ``timing``: ms spent importing the engine and the table
    (when this interpreter imported them, which a restored snapshot did earlier)."""
    global APP
    # A restored snapshot restores the random module's state too: every visit would
    # deal the same cards. Seed it afresh from the system's randomness.
    random.seed()
    started = time.perf_counter()
    env = Env.from_json(str(env_json))
    APP = app.App(env, bench=benchhooks.wanted(env.search))
    effects = APP.take()
    effects["timing"] = {**IMPORT_MS, "table": round((time.perf_counter() - started) * 1000, 1)}
    return effects


def event(event_json):
    """One event from the page; returns the effects to apply (JSON)."""
    return json.dumps(APP.handle(json.loads(str(event_json))))


def bench(request):
    """``window.burkozelBench`` with ``?bench=1`` (``benchhooks.run_json``)."""
    return benchhooks.run_json(str(request))


def steps():
    """``window.burkozelSteps``: ``[move_ms, redraw_ms]`` of every timed step."""
    return json.dumps(APP.steps if APP is not None and APP.steps is not None else [])


def mount(zip_b64: str) -> str:
    """Online play's modules, fetched by the page only when someone invites or joins
    (``online.zip``, tools/build_site.py): written beside the other zips and added to
    ``table.p2p``'s path, so a first visit never downloads them."""
    import base64
    import os

    import table.p2p

    path = os.path.join(os.getcwd(), "online.zip")
    with open(path, "wb") as out:
        out.write(base64.b64decode(zip_b64))
    entry = f"{path}/table/p2p"
    if entry not in table.p2p.__path__:
        table.p2p.__path__.append(entry)
    from table.p2p import online_words

    online_words.add()  # (its words: the build moved them out of web.zip's catalogues)
    return "ok"
