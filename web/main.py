"""The Python worker's entry point (web/page/host.js starts it with PyScript's ``PyWorker``).

Why a worker: the engine, the bots and the markup never hold the page's main
thread.  The worker is a service (web/table/worker/service.py): the main thread
calls the functions listed in ``__export__`` (JSON in, JSON out) and applies the
effects they return (``web/table/control/effects.py``); it never touches the DOM itself.  A
failure, in the imports or in opening the table, is kept and reported by
:func:`start` (``{"error": traceback}``), which the page shows on its Russian
error screen (PyScript itself would only log it).
"""

import json
import time
import traceback

_WALL0 = time.time()  # epoch seconds: the page places this line on its own clock
_FAILED = None
try:
    from table.worker import service
except BaseException:  # noqa: BLE001 - any failure goes to the error screen
    _FAILED = traceback.format_exc()


def _runtime():
    """What web/page/runtime.mjs measured (epoch ms when loadPyodide was called and
    returned, the snapshot's fate, ms importing the service before it), for
    bench/startup.py's breakdown; None where unknown."""
    try:
        import js

        return json.loads(js.JSON.stringify(js.burkozelRuntimeTimes))
    except Exception:  # noqa: BLE001 - a measurement only
        return None


def start(env_json):
    """``service.start``, with failures (and the import's) as ``{"error": traceback}``."""
    if _FAILED is not None:
        return json.dumps({"error": _FAILED})
    try:
        effects = service.start(env_json)
    except BaseException:  # noqa: BLE001
        return json.dumps({"error": traceback.format_exc()})
    effects["timing"].update(main_epoch_ms=round(_WALL0 * 1000, 1), runtime=_runtime())
    return json.dumps(effects)


def event(event_json):
    return service.event(event_json)


def bench(request):
    return service.bench(request)


def steps():
    return service.steps()


def mount(zip_b64):
    return service.mount(zip_b64)


__export__ = ["start", "event", "bench", "steps", "mount"]
