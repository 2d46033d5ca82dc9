"""What the link controllers (``link``, ``online_link``, ``open_link``) may ask of the page's controller and of each other.

Why an interface: the controllers used to hold the whole ``App`` and reach into
it — its dialogs, its drawing cache, its effects batch.  They now see only
:class:`LinkApp`: the table in play, the page's facts, storage, the clock, and a
few requests (open or close a dialog, put a table in place, a notice, a page
timer, a link operation, the address, a redraw).  The app alone decides what its dialog stack
and regions hold; ``tests/test_link_face.py`` fails if a controller reaches past
this.  ``control.app.App`` is the one implementation (the room above this one).
:class:`PeerSide` is what ``online_link`` asks of ``link.PeerLink``, so neither imports the other back.
"""

from __future__ import annotations

from typing import Any, Mapping, Protocol

from table.match.table import Table
from table.p2p import peer


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


class Sender(Protocol):
    """A page's rooms or links as a controller sends on them (``link._Links``, ``online_link._Rooms``)."""

    def send(self, room: str, text: str) -> None: ...

    def close(self, room: str) -> None: ...


class PeerSide(Protocol):
    """``link.PeerLink`` as the online controller sees it: who hosts or is a guest, the dialog,
    the rooms it sends on, its timers' generations."""

    app: LinkApp
    host: peer.Host | None
    guest: peer.Guest | None
    guest_link: str
    dialog: dict[str, Any] | None
    js: Sender
    timer_gen: int

    def leave(self) -> None:
        """Stop playing with friends: the links close."""
        ...

    def my_name(self) -> str:
        """The name this page's guest gives the host."""
        ...

    def start_hosting(self, offer: bool = True) -> None:
        """A new hosted match at this page's settings."""
        ...

    def arm_away_timer(self) -> None:
        """Time the next guest-away check (a guest went silent)."""
        ...
