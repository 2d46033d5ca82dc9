"""The markup of «Найти игру»: the open tables heard lately, asking for a seat, and a no.

Pure functions of the dialog's state (``open_link.OpenTables.view_state`` adds the
tables), tested on CPython.  Test hooks: each table is ``button[data-action=online-take]``
with its id in ``data-key`` inside ``[data-open-table]``; the empty list is
``[data-open-empty]``; a refusal or no answer is ``[data-online-error=refused|full|noanswer]``.
Steps: ``online-find``, ``online-find-asking``, ``online-find-no`` (``why``).
"""

from __future__ import annotations

from html import escape
from typing import Any

from table.i18n.texts import Texts


def _age(seconds: int, t: Texts) -> str:
    return t.ONLINE_JUST_NOW if seconds < 60 else t.say("online_minutes_ago", n=seconds // 60)


def _row(table: dict[str, Any], t: Texts) -> str:
    """One open table: what it is, how many seats are free, the bots, its language and timer, its age."""
    lang = t.LANG_TITLES.get(table["lang"], table["lang"])
    timer = t.online_seconds(table["timer"]) if table["timer"] else t.ONLINE_TIMER_OFF
    facts = " · ".join((t.say("online_free", n=table["free"]), t.DIFFICULTY_TITLES.get(table["level"], ""),
                        lang, f'{t.ONLINE_TIMER} {timer}', _age(table["age"], t)))
    return (f'<li class="online-seat" data-open-table="{escape(table["id"])}">'
            f'<button type="button" class="btn ghost open-table" data-action="online-take" '
            f'data-key="{escape(table["id"], quote=True)}"><strong>{escape(t.FORMAT_TITLES.get(table["format"], ""))}'
            f'</strong> <span class="fine">{escape(facts)}</span></button></li>')


def dialog_html(state: dict[str, Any], t: Texts) -> str:
    step = state.get("step")
    buttons = f'<button type="button" class="btn ghost" data-action="p2p-cancel">{t.P2P_CANCEL}</button>'
    if step == "online-find-asking":
        body = f'<p class="p2p-wait" role="status" data-open-asking>{t.ONLINE_FIND_ASKING}</p>'
    elif step == "online-find-no":
        why = state.get("why") if state.get("why") in ("refused", "full", "noanswer") else "noanswer"
        text = {"refused": t.ONLINE_FIND_REFUSED, "full": t.ONLINE_FIND_FULL}.get(why, t.ONLINE_FIND_NOANSWER)
        body = f'<p class="p2p-failed" role="alert" data-online-error="{why}">{text}</p>'
        buttons += (f'<button type="button" class="btn primary" data-action="online-find-back">'
                    f'{t.ONLINE_FIND_BACK}</button>')
    else:
        tables = state.get("tables") or []
        if tables:
            body = (f'<p>{t.ONLINE_FIND_INTRO}</p><ul class="online-seats" data-open-tables>'
                    + "".join(_row(table, t) for table in tables) + "</ul>")
        else:
            body = (f'<p class="p2p-wait" role="status">{t.ONLINE_FIND_LOOKING}</p>'
                    f'<p class="fine" data-open-empty>{t.ONLINE_FIND_EMPTY}</p>')
    return (f'<div class="dlg-head"><h2 id="p2p-title">{t.FIND_GAME}</h2></div>'
            f'<div class="dlg-scroll">{body}</div><div class="dlg-buttons">{buttons}</div>')
