"""Markup of the teaching table: the coach's buttons, the hint, and the panels
(the last trick, the deal's story, statistics, a shared link) — pure functions.

Why a module apart from ``render.py``: the table's markup stays as it was, and
every panel here draws only what it is given — seat 0's view dict, the
story's frames (seat 0's views), the statistics — never the match itself, so
it cannot show a card the player does not know (``tests/test_teach.py``).
"""

from __future__ import annotations

from html import escape
from typing import Any

import texts


def coach_html(view: dict[str, Any] | None, ui: dict[str, Any]) -> str:
    """The coach's buttons and ``#hint`` (empty unless a hint was asked on this turn)."""
    if view is None:
        return ""
    my_turn = bool(ui.get("my_turn"))
    tricks = len(view.get("history") or [])
    buttons = [
        ("hint", texts.HINT, texts.HINT_TITLE, not my_turn),
        ("last-trick", texts.LAST_TRICK, texts.LAST_TRICK_KEY, tricks == 0),
        ("stats", texts.STATS, texts.STATS, False),
        ("share", texts.SHARE, texts.SHARE_NOTE, False),
    ]
    out = "".join(
        f'<button type="button" class="btn ghost coach-btn" data-action="{a}" title="{escape(title)}"'
        f'{" disabled" if off else ""}>{escape(label)}</button>' for a, label, title, off in buttons)
    return f'<div class="coach-bar">{out}</div>{hint_html(ui.get("hint"))}'


def hint_html(hint: Any) -> str:
    """``#hint``: the advice, the best few options with their outlook, and why."""
    if hint is None:
        return '<div id="hint" class="hint" aria-live="polite"></div>'
    if isinstance(hint, str):
        return f'<div id="hint" class="hint open" aria-live="polite"><p>{escape(texts.HINT_THINKING)}</p></div>'
    advice, rows, why = texts.hint_lines(hint)
    items = "".join(f"<li>{escape(r)}</li>" for r in rows)
    return (f'<div id="hint" class="hint open" aria-live="polite"><p class="advice"><b>{escape(advice)}</b></p>'
            + (f"<ol>{items}</ol>" if items else "") + f'<p class="why">{escape(why)}</p></div>')
