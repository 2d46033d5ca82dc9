"""The markup of «Пригласить по ссылке»: the host's lobby and a guest's steps.

Pure functions of the dialog's state (``online_link.py`` adds the lobby's rows),
tested on CPython.  Test hooks: each guest seat's row is ``[data-online-seat=N]``
with its link as the text of ``[data-online-link]``; «Начать игру» is
``[data-action=online-start]``, «Посадить бота» ``[data-action=online-bot]``.
Copy and share are buttons with ``data-copy`` / ``data-share`` that
``host.js`` handles in the click itself (browsers allow the clipboard only there).

Steps: ``invite`` (the host's lobby; ``rematch``: «Ещё партию» with the ``switches``),
``online-joining`` (``slow``: a hint), ``online-noanswer``, ``online-lobby`` (the guest's
own seat marked), ``online-rematch``, ``online-watching``, ``online-watch-full``,
``online-taken``, ``online-bad`` (``reason``: empty, damaged, version, unavailable).
"""

from __future__ import annotations

from html import escape
from typing import Any

from table.i18n.languages import DEFAULT_TEXTS as texts
from table.i18n.texts import Texts
from table.p2p import qr
from table.p2p.move_timer import CHOICES


def _button(action: str, title: str, primary: bool = False, extra: str = "") -> str:
    cls = "btn primary" if primary else "btn ghost"
    return f'<button type="button" class="{cls}" data-action="{action}"{extra}>{escape(title)}</button>'


def _seat_head(row: dict[str, Any], t: Texts, mine: bool = False) -> str:
    """A seat's name and who is there (``joined``, ``bot``, ``waiting``; ``way`` once joined);
    ``mine``: the guest reading it sits there."""
    status = row["status"] if row.get("status") in ("joined", "bot") else "waiting"
    label = {"joined": t.ONLINE_JOINED, "bot": t.ONLINE_WITH_BOT}.get(status, t.ONLINE_NOT_YET)
    if status == "joined" and row.get("way"):
        label += " · " + (t.ONLINE_DIRECT if row["way"] == "direct" else t.ONLINE_VIA_RELAY)
    you = f' <span class="online-mine" data-online-mine>({escape(t.ONLINE_YOUR_SEAT)})</span>' if mine else ""
    return (f'<p class="online-seat-name"><strong>{escape(t.online_seat_line(str(row.get("name", ""))))}</strong>{you} '
            f'<span class="online-status {status}" data-online-status="{status}">{escape(label)}</span></p>')


def _seat_row(row: dict[str, Any], share: bool, said: dict[str, Any] | None, t: Texts) -> str:
    seat, link, status = row["seat"], row["link"], row["status"]
    head = _seat_head(row, t)
    if row.get("stranger"):  # given to someone who asked at the open table: the host may refuse
        return (f'<li class="online-seat" data-online-seat="{seat}" data-stranger>{head}'
                f'<p class="fine">{t.ONLINE_STRANGER}</p><div class="online-buttons">'
                + _button("online-refuse", t.ONLINE_REFUSE, extra=f' data-seat="{seat}"') + '</div></li>')
    if status != "waiting":
        return f'<li class="online-seat" data-online-seat="{seat}">{head}</li>'
    quoted = escape(link, quote=True)
    buttons = (f'<button type="button" class="btn ghost" data-copy="{quoted}" data-seat="{seat}">{t.ONLINE_COPY}</button>'
               + (f'<button type="button" class="btn ghost" data-share="{quoted}" data-seat="{seat}">{t.ONLINE_SHARE}</button>'
                  if share else "")
               + _button("online-bot", t.ONLINE_FILL_BOT, extra=f' data-seat="{seat}"'))
    note = ""
    if said and said.get("seat") == str(seat):
        note = f'<p class="online-said" role="status">{escape(said["text"])}</p>'
    # The QR code folded: on a phone the lobby is read, not scrolled past a code per seat.
    return (f'<li class="online-seat" data-online-seat="{seat}">{head}'
            f'<p class="p2p-code online-link" data-online-link="{seat}">{escape(link)}</p>'
            f'<div class="online-buttons">{buttons}</div>{note}'
            f'<details class="online-qr"><summary>{escape(t.ONLINE_SHOW_QR)}</summary>'
            f'<div class="p2p-qr">{qr.make(link, "L").svg(label=t.ONLINE_QR_LABEL)}</div></details></li>')


def _watch_row(link: str, share: bool, said: dict[str, Any] | None, t: Texts) -> str:
    """The watch link: anyone who has it sees the table's public state, a trick late."""
    quoted = escape(link, quote=True)
    buttons = (f'<button type="button" class="btn ghost" data-copy="{quoted}" data-seat="watch">{t.ONLINE_COPY}</button>'
               + (f'<button type="button" class="btn ghost" data-share="{quoted}" data-seat="watch">{t.ONLINE_SHARE}</button>'
                  if share else ""))
    note = ""
    if said and said.get("seat") == "watch":
        note = f'<p class="online-said" role="status">{escape(said["text"])}</p>'
    return (f'<section class="online-watch" data-online-watch><p class="online-seat-name"><strong>{t.ONLINE_WATCH_TITLE}'
            f'</strong></p><p class="fine">{t.ONLINE_WATCH_NOTE}</p>'
            f'<p class="p2p-code online-link" data-online-watch-link>{escape(link)}</p>'
            f'<div class="online-buttons">{buttons}</div>{note}</section>')


def _switches(switches: list[tuple[str, str, bool]], t: Texts) -> str:
    """The table's switches in the lobby of «Ещё партию» (the menu's inputs, by the same names)."""
    if not switches:
        return ""
    items = "".join(f'<label class="online-switch"><input type="checkbox" name="{escape(name)}" role="switch"'
                    f'{" checked" if on else ""}> {escape(title)}</label>' for name, title, on in switches)
    return f'<fieldset class="online-switches"><legend>{t.ONLINE_REMATCH_SWITCHES}</legend>{items}</fieldset>'


def dialog_html(state: dict[str, Any], t: Texts = texts) -> str:
    step = state.get("step")
    if str(step).startswith("online-find"):
        from table.p2p import find_view

        return find_view.dialog_html(state, t)
    buttons = _button("p2p-cancel", t.P2P_CANCEL)
    if step == "invite":
        rows = state.get("rows") or []
        ready = all(r["status"] != "waiting" for r in rows)
        options = "".join(f'<option value="{n}"{" selected" if n == state.get("timer", 0) else ""}>'
                          f'{escape(t.online_seconds(n) if n else t.ONLINE_TIMER_OFF)}</option>' for n in CHOICES)
        intro = t.ONLINE_REMATCH_INTRO if state.get("rematch") else t.ONLINE_INVITE_INTRO
        public = ""
        if state.get("open") is not None:  # «Открытый стол» (in the lobby of «Ещё партию» too: for seats left)
            public = (f'<label class="online-switch" data-open-switch><input type="checkbox" name="online-open" '
                      f'role="switch"{" checked" if state["open"] else ""}> {t.ONLINE_OPEN_TABLE}</label>'
                      f'<p class="fine">{t.ONLINE_OPEN_REMATCH_HINT if state.get("rematch") else t.ONLINE_OPEN_HINT}</p>')
        seats = ('<ul class="online-seats">' + "".join(_seat_row(r, bool(state.get("share")), state.get("said"), t)
                                                      for r in rows) + "</ul>")
        timer = f'<label class="online-timer">{t.ONLINE_TIMER} <select name="online-timer">{options}</select></label>'
        switches = _switches(state.get("switches") or [], t)
        if state.get("rematch"):  # who plays on first: on a phone the answers are not under the switches
            body = f'<p>{intro}</p>{seats}{public}{switches}{timer}'
        else:
            body = f'<p>{intro}</p>{public}{switches}{timer}{seats}'
        if state.get("watch"):
            body += _watch_row(state["watch"], bool(state.get("share")), state.get("said"), t)
        elif state.get("watch") == "":
            body += (f'<section class="online-watch" data-online-watch><p class="fine">{t.ONLINE_WATCH_NOTE}</p>'
                     f'<p>{_button("online-watch", t.ONLINE_WATCH_OPEN)}</p></section>')
        if not ready:
            body += f'<p class="fine">{t.ONLINE_START_WAIT}</p>'
        buttons += _button("online-start", t.ONLINE_START, primary=True, extra="" if ready else " disabled")
    elif step == "online-joining":
        fmt = state.get("format") or ""
        body = (f'<p>{escape(t.online_joining(fmt, int(state.get("seat") or 0)))}</p>'
                f'<p class="p2p-wait" role="status">{t.ONLINE_JOINING}</p>')
        if state.get("slow"):
            body += f'<p class="online-hint" role="status" data-online-hint="slow">{t.ONLINE_JOIN_SLOW}</p>'
    elif step == "online-noanswer":
        body = f'<p class="p2p-failed" role="alert" data-online-error="noanswer">{t.ONLINE_NO_ANSWER}</p>'
        buttons += _button("online-again", t.ONLINE_TRY_AGAIN, primary=True)
    elif step == "online-lobby":
        fmt, seat = state.get("format") or "", int(state.get("seat") or 0)
        rows = "".join(f'<li class="online-seat{" mine" if int(r.get("seat") or 0) == seat else ""}" '
                       f'data-online-seat="{int(r.get("seat") or 0)}">'
                       f'{_seat_head(r, t, int(r.get("seat") or 0) == seat)}</li>'
                       for r in state.get("rows") or [])
        if state.get("rematch"):  # this guest plays on; the others are still answering the offer
            intro, wait = t.online_rematch_staying(fmt, seat), t.ONLINE_REMATCH_WAIT
            buttons = _button("online-rematch-no", t.ONLINE_REMATCH_LEAVE)
        else:
            intro, wait = t.online_joining(fmt, seat), t.ONLINE_LOBBY_WAIT
        body = (f'<p>{escape(intro)}</p><ul class="online-seats">{rows}</ul>'
                f'<p class="p2p-wait" role="status">{wait}</p>')
    elif step == "online-rematch":
        rows = "".join(f'<li class="online-seat" data-online-seat="{int(r.get("seat") or 0)}">'
                       f'{_seat_head(r, t, int(r.get("seat") or 0) == int(state.get("seat") or 0))}</li>'
                       for r in state.get("rows") or [])
        body = f'<p role="status">{t.ONLINE_REMATCH_OFFER}</p><ul class="online-seats">{rows}</ul>'
        buttons = (_button("online-rematch-no", t.ONLINE_REMATCH_LEAVE)
                   + _button("online-rematch-yes", t.ONLINE_REMATCH_YES, primary=True))
    elif step == "online-watching":
        body = f'<p class="p2p-wait" role="status">{t.ONLINE_WATCH_JOINING}</p>'
    elif step == "online-watch-full":
        body = f'<p class="p2p-failed" role="alert" data-online-error="watch-full">{t.ONLINE_WATCH_FULL}</p>'
    elif step == "online-taken":
        body = f'<p class="p2p-failed" role="alert">{t.ONLINE_TAKEN}</p>'
    else:
        reason = state.get("reason")
        text = {"version": t.ONLINE_OLD_LINK, "unavailable": t.ONLINE_UNAVAILABLE}.get(reason, t.ONLINE_BAD_LINK)
        body = f'<p class="p2p-failed" role="alert" data-online-error="{escape(str(reason))}">{text}</p>'
    return (f'<div class="dlg-head"><h2 id="p2p-title">{t.P2P_TITLE}</h2></div>'
            f'<div class="dlg-scroll">{body}</div><div class="dlg-buttons">{buttons}</div>')
