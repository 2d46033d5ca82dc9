"""What the page tells the Python worker, and what the worker asks of the page.

Why: Python runs in a PyScript worker, which has no DOM, no
``localStorage`` and no timers of the page's.  The main thread (``web/page/host.js``)
owns all of those: at start it sends an :class:`Env` (the URL, the stored
strings, what the browser supports, the early menu's hand-over), then forwards
the player's input as small JSON events; every answer is one :class:`Effects`
batch (JSON), which ``host.js`` applies as it comes.  So the controller
(``app.App``) is plain Python, tested on CPython.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Env:
    """The page as the worker sees it at start (all strings as the browser gave them)."""

    search: str = ""
    origin: str = ""
    pathname: str = "/"
    hash: str = ""
    href: str = ""
    storage: dict[str, str] | None = field(default_factory=dict)
    """``localStorage``'s strings the table reads; ``None`` when storage is off."""
    early: str | None = None
    """``window.burkozelMenu.takeOver()``'s JSON (``earlymenu.EarlyMenu``), if the early menu ran."""
    rtc: bool = False
    """The browser has ``RTCPeerConnection`` (play with a friend)."""
    scan: bool = False
    """The browser can read a QR code from the camera."""
    share: bool = False
    """The browser has a share sheet (``navigator.share``) for an invite link."""
    languages: tuple[str, ...] = ()
    """``navigator.languages``: the table's language when none is saved (``languages.lang_for_browser``)."""

    @classmethod
    def from_json(cls, text: str) -> "Env":
        raw = json.loads(text)
        stored = raw.get("storage")
        return cls(
            search=str(raw.get("search") or ""),
            origin=str(raw.get("origin") or ""),
            pathname=str(raw.get("pathname") or "/"),
            hash=str(raw.get("hash") or ""),
            href=str(raw.get("href") or ""),
            storage=None if stored is None else {str(k): str(v) for k, v in dict(stored).items() if v is not None},
            early=None if raw.get("early") is None else str(raw["early"]),
            rtc=bool(raw.get("rtc")),
            scan=bool(raw.get("scan")),
            share=bool(raw.get("share")),
            languages=tuple(str(x) for x in raw.get("languages") or ()),
        )


class Effects:
    """One batch of changes for the page, in the order ``host.js`` applies them:
    attributes, region markup, dialogs, focus, storage, timers, the URL, the
    links' operations."""

    def __init__(self) -> None:
        self.batch: dict[str, Any] = {}

    def attr(self, element: str, name: str, value: str) -> None:
        """``element`` is ``"table"`` (``<main id=table>``), ``"html"`` or a CSS selector."""
        self.batch.setdefault("attrs", {}).setdefault(element, {})[name] = value

    def region(self, element_id: str, markup: str) -> None:
        """Replace the inner markup of the element with this id (keeping focus)."""
        self.batch.setdefault("regions", {})[element_id] = markup

    def dialogs(self, wanted: list[str], no_cancel: list[str]) -> None:
        """The dialogs open, bottom to top; those Esc must not close."""
        self.batch["dialogs"] = list(wanted)
        self.batch["noCancel"] = list(no_cancel)

    def focus(self, what: str) -> None:
        """``"handover"`` (the hand-over button, unless focus is already there) or a CSS selector."""
        self.batch["focus"] = what

    def store(self, key: str, value: str | None) -> None:
        """``localStorage.setItem`` (``None``: ``removeItem``)."""
        self.batch.setdefault("store", []).append([key, value])

    def timer(self, name: str, gen: int, ms: int | None) -> None:
        """(Re)arm the page's timer ``name`` to send back ``{"type": "timer", name, gen}``
        after ``ms``; ``None`` clears it."""
        self.batch.setdefault("timers", {})[name] = {"gen": gen, "ms": ms}

    def url(self, url: str) -> None:
        """``history.replaceState`` to this URL."""
        self.batch["url"] = url

    def p2p(self, op: dict[str, Any]) -> None:
        """An operation on a WebRTC link (``web/page/p2p.js``): send, close, offer, answer, accept, scan."""
        self.batch.setdefault("p2p", []).append(op)

    def take(self) -> dict[str, Any]:
        batch, self.batch = self.batch, {}
        return batch
