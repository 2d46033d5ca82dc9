"""PyScript entry point (index.html loads it). Kept tiny on purpose.

It imports the engine and the table glue (``web/app.py``, the UI's module),
runs ``app.start()`` if there is one (sync or async), and then flips the page
to ``data-state="ready"``. Any exception here shows the error screen
instead of a blank page.
"""

import inspect
import traceback

import bootstate

try:
    bootstate.mark("main")  # performance marks: bench/startup.py's breakdown
    bootstate.stage("engine")
    import burkozel  # noqa: F401  (fail early and clearly if the engine is missing)

    bootstate.mark("engine")

    try:
        import app
    except ModuleNotFoundError as exc:  # no table UI yet: the engine alone is "ready"
        if exc.name != "app":
            raise
        app = None

    bootstate.mark("app")
    start = getattr(app, "start", None)
    if start is not None:
        bootstate.stage("table")
        result = start()
        if inspect.isawaitable(result):
            await result  # noqa: F704  (PyScript runs this file with top-level await)
    bootstate.mark("table")
    bootstate.ready()
except BaseException:  # noqa: BLE001  (show *any* start-up failure to the player)
    bootstate.fail(traceback.format_exc())
