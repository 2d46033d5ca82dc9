"""Quick phrases at a table played by link: a short fixed set, sent as keys, shown in the reader's words.

Why keys and not text: nobody can type anything to anyone (no free text to police), a
phrase reads in each page's own language, and a key that is not in :data:`KEYS` is
nothing at all.  The host passes each on to every guest (``online.OnlineHost.say``) at
most once every :data:`GAP_S` a seat, so a flood from one page reaches nobody.  Each
page shows a bubble at the speaker's seat for :data:`SHOWN_S`, says it in the table's
polite live region, and may mute any seat (:class:`Board`).  Pure Python, tested on CPython.
"""

from __future__ import annotations

from html import escape
from typing import Any

from table.i18n.texts import Texts

PHRASES = ("hello", "good_move", "wait", "your_turn", "oops", "thanks")
REACTIONS = ("thumbs", "laugh", "wow", "sad")
"""Shown as a picture; their words (``ONLINE_REACTION_NAMES``) are what a screen reader says."""
KEYS = PHRASES + REACTIONS
GAP_S = 2.0
"""At most one phrase a seat in this many seconds (the host drops the rest)."""
SHOWN_S = 4.0
"""How long a bubble stays at the seat."""


def words(key: str, t: Texts) -> str:
    """What ``key`` says in ``t``'s language (a reaction: its name, for reading aloud)."""
    return t.ONLINE_REACTION_NAMES[key] if key in REACTIONS else t.ONLINE_PHRASES[key]


class Gate:
    """The host's rule: a known key, and one a seat per :data:`GAP_S`."""

    def __init__(self) -> None:
        self.last: dict[int, float] = {}

    def let(self, seat: int, key: Any, now: float) -> bool:
        if not isinstance(key, str) or key not in KEYS:
            return False
        if now - self.last.get(seat, float("-inf")) < GAP_S:
            return False
        self.last[seat] = now
        return True


class Board:
    """What this page shows of the phrases: a bubble per seat until it fades, the last one
    said (for the live region), and the seats muted here."""

    def __init__(self) -> None:
        self.bubbles: dict[int, tuple[str, float]] = {}
        self.muted: set[int] = set()
        self.last: tuple[int, str] | None = None
        self.open = False
        """Whether «Фразы» is unfolded on this page."""

    def show(self, seat: Any, key: Any, now: float) -> bool:
        """A phrase the host passed on; whether anything is shown (a muted seat's is not)."""
        if type(seat) is not int or not 0 <= seat < 6 or not isinstance(key, str) or key not in KEYS:
            return False
        if seat in self.muted:
            return False
        self.bubbles[seat] = (key, now + SHOWN_S)
        self.last = (seat, key)
        return True

    def toggle_mute(self, seat: Any) -> None:
        if type(seat) is int and 0 <= seat < 6:
            if seat in self.muted:
                self.muted.discard(seat)
            else:
                self.muted.add(seat)
                self.bubbles.pop(seat, None)
                if self.last is not None and self.last[0] == seat:
                    self.last = None

    def fade(self, now: float) -> bool:
        """Bubbles whose time is up go; whether any did."""
        gone = [s for s, (_, until) in self.bubbles.items() if until <= now]
        for seat in gone:
            del self.bubbles[seat]
        if not self.bubbles:
            self.last = None
        return bool(gone)

    def due(self, now: float) -> float | None:
        """Seconds until the next bubble fades, if one is shown."""
        return max(0.0, min(u for _, u in self.bubbles.values()) - now) if self.bubbles else None

    # --- markup ---------------------------------------------------------------------------

    def decorate(self, region: str, markup: str, view: dict[str, Any] | None, names: list[str], t: Texts) -> str:
        """``region``'s markup with the bubble of the seat drawn there, and the live region
        with the last phrase said (``#live`` stays on the page, so it is read out politely)."""
        if view is None:
            return markup
        if region == "live" and self.last is not None and self.last[0] in self.bubbles:
            seat, key = self.last
            return f'{markup} {escape(names[seat])}: {escape(words(key, t))}'.strip()
        n, viewer = view["players"], view["seat"]
        if region == "me":
            seat = viewer
        elif region.startswith("seat-") and region[5:].isdigit():
            seat = (viewer + int(region[5:])) % n
        else:
            return markup
        if seat not in self.bubbles or not markup.endswith("</div>"):
            return markup
        key = self.bubbles[seat][0]
        said = (f'<span role="img" aria-label="{escape(words(key, t))}">{escape(t.ONLINE_PHRASES[key])}</span>'
                if key in REACTIONS else escape(t.ONLINE_PHRASES[key]))
        bubble = f'<p class="phrase-bubble" data-phrase="{key}" aria-hidden="true">{said}</p>'
        return markup[:-6] + bubble + "</div>"

    def picker(self, seats: list[tuple[int, str]], t: Texts) -> str:
        """«Фразы»: a button per phrase and reaction, and a mute switch per other seat (``seats``)."""
        say = "".join(f'<button type="button" class="btn ghost phrase{" reaction" if k in REACTIONS else ""}" '
                      f'data-action="online-say" data-key="{k}"'
                      + (f' aria-label="{escape(words(k, t))}"' if k in REACTIONS else "")
                      + f'>{escape(t.ONLINE_PHRASES[k])}</button>' for k in KEYS)
        mute = "".join(f'<button type="button" class="btn ghost mute" data-action="online-mute" data-seat="{s}" '
                       f'aria-pressed="{"true" if s in self.muted else "false"}">'
                       f'{escape(t.ONLINE_MUTE)}: {escape(name)}</button>' for s, name in seats)
        toggle = (f'<button type="button" class="btn ghost phrases-open" data-action="online-phrases" '
                  f'aria-expanded="{"true" if self.open else "false"}">{escape(t.ONLINE_PHRASES_BUTTON)}</button>')
        if not self.open:
            return f'<div class="phrases">{toggle}</div>'
        return (f'<div class="phrases open">{toggle}<div class="phrase-panel"><div class="phrase-list">{say}</div>'
                f'<div class="mute-list">{mute}</div></div></div>')
