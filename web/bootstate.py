"""Tell the boot screen (web/boot.js) how Python start-up went.

Why a module: the page shows a progress line until Python says the
table is usable, and a readable error with a reload button if start-up fails.
The contract with the page is one attribute, ``<html data-state>``:
``loading`` (static HTML), ``ready`` (set here), ``error`` (set here or by boot.js).
"""

from pyscript import document, window


def stage(key: str) -> None:
    """Show the progress line of stage ``key`` (``engine``, ``table``) while Python
    is still setting up; web/boot.js words it in the player's language."""
    boot = getattr(window, "burkozelBoot", None)
    if boot is not None and not _is_js_none(boot):
        boot.setStage(key)


def mark(name: str) -> None:
    """A ``performance`` mark ``burkozel:<name>``: bench/startup.py's start-up breakdown."""
    try:
        window.performance.mark("burkozel:" + name)
    except Exception:  # noqa: BLE001 - timing must never break the start
        pass


def ready() -> None:
    """Mark the table usable: boot.js hides the boot screen when it sees this.

    An error screen already shown (e.g. the start-up timeout fired) stays until
    the player reloads, so the page never flips between the two states.
    """
    html = document.documentElement
    if html.getAttribute("data-state") != "error":
        html.setAttribute("data-state", "ready")


def fail(details: str) -> None:
    """Switch the page to its error screen; ``details`` go to the console for developers."""
    boot = getattr(window, "burkozelBoot", None)
    if boot is not None and not _is_js_none(boot):
        boot.fail(details)
    else:
        window.console.error(details)
        document.documentElement.setAttribute("data-state", "error")


def _is_js_none(value) -> bool:
    try:
        from pyscript.ffi import is_none
    except ImportError:  # older PyScript: JS null arrives as None
        return value is None
    return is_none(value)
