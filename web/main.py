"""The Python worker's entry point (web/host.js starts it with PyScript's ``PyWorker``).

Why a worker: the engine, the bots and the markup never hold the page's main
thread (issue 19).  The worker is a service: the main thread calls the
functions listed in ``__export__`` (JSON in, JSON out) and applies the
effects they return (``web/effects.py``); it never touches the DOM itself.
Importing everything here, at the worker's start, means the page is told the
engine is up only once every module has loaded (a failure rejects the page's
``PyWorker`` promise, which shows the Russian error screen).
"""

import json
import time

_T0 = time.perf_counter()
import burkozel  # noqa: E402,F401  (fail early and clearly if the engine is missing)

_T_ENGINE = time.perf_counter()
import app  # noqa: E402
import benchhooks  # noqa: E402
from effects import Env  # noqa: E402

_T_APP = time.perf_counter()

APP = None


def start(env_json):
    """Open the table for the page described by ``env_json`` (``effects.Env``); returns
    the first effects, with ``timing``: ms spent importing the engine and the table."""
    global APP
    env = Env.from_json(str(env_json))
    started = time.perf_counter()
    APP = app.App(env, bench=benchhooks.wanted(env.search))
    effects = APP.take()
    effects["timing"] = {"engine": round((_T_ENGINE - _T0) * 1000, 1), "app": round((_T_APP - _T_ENGINE) * 1000, 1),
                         "table": round((time.perf_counter() - started) * 1000, 1)}
    return json.dumps(effects)


def event(event_json):
    """One event from the page; returns the effects to apply (JSON)."""
    return json.dumps(APP.handle(json.loads(str(event_json))))


def bench(request):
    """``window.burkozelBench`` with ``?bench=1`` (``benchhooks.run_json``)."""
    return benchhooks.run_json(str(request))


def steps():
    """``window.burkozelSteps``: ``[move_ms, redraw_ms]`` of every timed step."""
    return json.dumps(APP.steps if APP is not None and APP.steps is not None else [])


__export__ = ["start", "event", "bench", "steps"]
