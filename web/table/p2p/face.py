"""What the link controllers (``link``, ``online_link``, ``open_link``) may ask of the page's controller.

Why an interface: the controllers used to hold the whole ``App`` and reach into
it — its dialogs, its drawing cache, its effects batch.  They now see only
:class:`LinkApp`: the table in play, the page's facts, storage, the clock, and a
few requests (open or close a dialog, put a table in place, a notice, a page
timer, a link operation, the address, a redraw).  The app alone decides what its dialog stack
and regions hold; ``tests/test_link_face.py`` fails if a controller reaches past
this.  ``control.app.App`` is the one implementation (the room above this one).
"""

from __future__ import annotations

from typing import Any, Mapping, Protocol

from table.match.table import Table


class PageFacts(Protocol):
    """What the controllers read of the page (``control.effects.Env``)."""

    @property
    def href(self) -> str: ...

    @property
    def rtc(self) -> bool: ...

    @property
    def scan(self) -> bool: ...

    @property
    def share(self) -> bool: ...


class KeyStore(Protocol):
    """``localStorage`` as the worker keeps it (``control.app.Storage``)."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...


class LinkApp(Protocol):
    """The page's controller as the link controllers see it."""

    @property
    def table(self) -> Table:
        """The table this page plays (a ``peer.HostTable`` while it hosts)."""
        ...

    @property
    def env(self) -> PageFacts: ...

    @property
    def params(self) -> Mapping[str, Any]:
        """The address's switches (``speed``, ``seed``: a hosted table is made with them)."""
        ...

    @property
    def store(self) -> KeyStore: ...

    def now(self) -> float:
        """Seconds on the page's clock."""
        ...

    def refresh(self) -> None:
        """Draw what changed, sync the dialogs, save."""
        ...

    def use_table(self, table: Table) -> None:
        """Play ``table`` from now on (a host's table); everything is drawn afresh."""
        ...

    def redraw(self) -> None:
        """Everything is drawn afresh at the next refresh (this page became a guest, or left)."""
        ...

    def notice(self, text: str) -> None:
        """Show ``text`` among the table's notices (once)."""
        ...

    def open_dialog(self, name: str, alone: bool = False) -> None:
        """Open dialog ``name`` on top (``alone``: close every other first)."""
        ...

    def close_dialogs(self, *names: str) -> None:
        """Close these dialogs if open."""
        ...

    def link_op(self, op: dict[str, Any]) -> None:
        """Ask the page for an operation on a link or a room (``web/page/p2p.js``, ``relay.js``)."""
        ...

    def set_url(self, url: str) -> None:
        """Put ``url`` in the address bar, in place (a reload then opens it)."""
        ...

    def timer(self, name: str, gen: int, ms: int | None) -> None:
        """Arm (``ms``) or clear (``None``) page timer ``name``; it comes back with ``gen``."""
        ...


MEMBERS = frozenset(name for name in vars(LinkApp) if not name.startswith("_"))
"""Every member of :class:`LinkApp` (``typing.get_protocol_members`` is Python 3.13's)."""
