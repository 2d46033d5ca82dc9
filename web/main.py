"""The Python worker's entry point (web/host.js starts it with PyScript's ``PyWorker``).

Why a worker: the engine, the bots and the markup never hold the page's main
thread (issue 19).  The worker is a service: the main thread calls the
functions listed in ``__export__`` (JSON in, JSON out) and applies the
effects they return (``web/effects.py``); it never touches the DOM itself.
Everything is imported here, at the worker's start; an import that fails is
kept and reported by :func:`start` (``{"error": traceback}``), which the page
shows on its Russian error screen (PyScript itself would only log it).
"""

import json
import time
import traceback

_T0 = _T_ENGINE = _T_APP = time.perf_counter()
_FAILED = None
try:
    import burkozel  # noqa: F401  (fail early and clearly if the engine is missing)

    _T_ENGINE = time.perf_counter()
    import app
    import benchhooks
    from effects import Env

    _T_APP = time.perf_counter()
except BaseException:  # noqa: BLE001 - any failure goes to the error screen
    _FAILED = traceback.format_exc()

APP = None


def start(env_json):
    """Open the table for the page described by ``env_json`` (``effects.Env``); returns
    the first effects, with ``timing``: ms spent importing the engine and the table."""
    global APP
    if _FAILED is not None:
        return json.dumps({"error": _FAILED})
    started = time.perf_counter()
    try:
        env = Env.from_json(str(env_json))
        APP = app.App(env, bench=benchhooks.wanted(env.search))
    except BaseException:  # noqa: BLE001
        return json.dumps({"error": traceback.format_exc()})
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
