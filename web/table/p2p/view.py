"""The markup of «Играть с другом»: the connection dialog and the link bar.

Pure functions of a small state dict that ``app.py`` keeps (like ``render.py``,
tested on CPython).  Test hooks: the codes are the text of
``[data-p2p=offer]`` / ``[data-p2p=answer]``; a code is pasted into
``textarea[name=p2p-code]`` and confirmed with «Подключиться».

Dialog steps (``state["step"]``): ``choose`` (create or join), ``host`` (the
host's code for ``seat``, and the answer pasted back), ``guest-paste`` (the
host's code pasted), ``guest-answer`` (the guest's code shown), ``failed``,
``unsupported``.
"""

from __future__ import annotations

from html import escape
from typing import Any

from table.p2p import qr
from table.i18n.languages import DEFAULT_TEXTS as texts
from table.i18n.texts import Texts


def _button(action: str, title: str, primary: bool = False, extra: str = "") -> str:
    cls = "btn primary" if primary else "btn ghost"
    return f'<button type="button" class="{cls}" data-action="{action}"{extra}>{escape(title)}</button>'


def _code_block(kind: str, code: str, link: str | None, t: Texts = texts) -> str:
    """The code as a QR (the join link for an offer, the bare code for an answer) and as text."""
    symbol = qr.make(link or code, "L").svg(label=t.P2P_QR_LABEL)
    return (f'<div class="p2p-qr">{symbol}</div>'
            f'<p class="p2p-code-label">{t.P2P_CODE_LABEL}:</p>'
            f'<p class="p2p-code" data-p2p="{kind}">{escape(code)}</p>')


def _paste(prefill: str = "", scan: bool = False, t: Texts = texts) -> str:
    scanner = ""
    if scan:
        scanner = (_button("p2p-scan", t.P2P_SCAN)
                   + '<video class="p2p-video" playsinline muted aria-hidden="true"></video>')
    return (f'<textarea name="p2p-code" class="p2p-input" rows="3" spellcheck="false" autocomplete="off" '
            f'autocapitalize="characters" aria-label="{t.P2P_CODE_LABEL}">{escape(prefill)}</textarea>'
            f'{scanner}')


def dialog_html(state: dict[str, Any], t: Texts = texts) -> str:
    step = state.get("step", "choose")
    if step == "invite" or step.startswith("online-"):
        from table.p2p import invite_view  # (online.zip: mounted by then, see link.PeerLink.online)

        return invite_view.dialog_html(state, t)
    error = state.get("error")
    body = ""
    buttons = _button("p2p-cancel", t.P2P_CANCEL)
    if step == "choose":
        # By link first: it works at every table and from anywhere; the same-Wi-Fi codes second.
        body = (f'<section class="p2p-way" data-way="link"><h3>{t.P2P_BY_LINK_TITLE}</h3>'
                f'<p>{t.P2P_BY_LINK_INTRO}</p><p class="way-buttons">{_button("online-host", t.ONLINE_INVITE, primary=True)}</p>'
                f'</section><section class="p2p-way" data-way="wifi"><h3>{t.P2P_WIFI_TITLE}</h3><p>{t.P2P_INTRO}</p>'
                f'<p class="way-buttons">{_button("p2p-host", t.P2P_CREATE)}{_button("p2p-join", t.P2P_JOIN)}</p>'
                f'</section><p class="fine">{t.P2P_SEATS_NOTE}</p>')
    elif step == "host":
        body = f'<p class="p2p-seat">{escape(t.p2p_waiting_for(state.get("name") or ""))}</p>'
        if state.get("code"):
            body += (f'<p>{t.P2P_HOST_SHOW}</p>' + _code_block("offer", state["code"], state.get("link"), t)
                     + f'<p>{t.P2P_HOST_PASTE}</p>' + _paste(scan=state.get("scan", False), t=t))
            if state.get("busy"):
                body += f'<p class="p2p-wait" role="status">{t.P2P_CONNECTING}</p>'
            else:
                buttons += _button("p2p-connect", t.P2P_CONNECT, primary=True)
        else:
            body += f'<p class="p2p-wait" role="status">{t.P2P_MAKING}</p>'
    elif step == "guest-paste":
        body = f'<p>{t.P2P_GUEST_PASTE}</p>' + _paste(state.get("prefill", ""), state.get("scan", False), t)
        buttons += _button("p2p-connect", t.P2P_CONNECT, primary=True)
    elif step == "guest-answer":
        if state.get("code"):
            body = f'<p>{t.P2P_GUEST_SHOW}</p>' + _code_block("answer", state["code"], None, t)
            body += f'<p class="p2p-wait" role="status">{t.P2P_CONNECTING}</p>'
        else:
            body = f'<p class="p2p-wait" role="status">{t.P2P_MAKING}</p>'
    elif step == "failed":
        body = f'<p class="p2p-failed" role="alert">{t.P2P_FAILED}</p>'
        buttons += _button("p2p-local", t.P2P_PASS_AND_PLAY) + _button("p2p-retry", t.P2P_RETRY, primary=True)
    elif step == "unsupported":
        body = f'<p class="p2p-failed" role="alert">{t.P2P_UNSUPPORTED}</p>'
        buttons += _button("p2p-local", t.P2P_PASS_AND_PLAY, primary=True)
    if error:
        body += f'<p class="msg" role="alert">{escape(error)}</p>'
    return (f'<div class="dlg-head"><h2 id="p2p-title">{t.P2P_TITLE}</h2></div>'
            f'<div class="dlg-scroll">{body}</div><div class="dlg-buttons">{buttons}</div>')


def bar_html(links: list[dict[str, Any]], t: Texts = texts) -> str:
    """One line per link: ``{"name", "status": up|waiting|away|bot|lost, "seat"}`` (a ``bot``
    online with ``for_good``: the seat's bot plays to the match's end, nobody comes back);
    a host can invite again a seat that is not connected, a guest can join again, and
    a seat whose value a deal waits for (``awaits``) can be handed to a bot.
    (Leaving is in the menu: «Выйти из игры с другом».)"""
    if not links:
        return ""
    items = []
    for link in links:
        name, status = link["name"], link["status"]
        if link.get("awaits"):  # the deal waits for this seat's value: the host may hand it to a bot
            bot = _button("p2p-fair-bot", t.FAIR_SEAT_BOT, extra=f' data-seat="{link["seat"]}"')
            items.append(f'<li class="peer-link {status} awaits"><span>{escape(t.FAIR_NO_VALUE.format(name=name))}'
                         f'</span>{bot}</li>')
            continue
        if status == "up":
            text = f"{name}: {t.P2P_LINK_UP}"
        elif status == "waiting":
            text = t.p2p_waiting_for(name)
        elif status == "away":
            text = t.p2p_guest_away(name)
        elif status == "bot":
            if link.get("for_good"):  # left at «Ещё партию», or seated a bot in the lobby: no way back
                text = t.online_guest_left_bot(name)
            else:
                text = t.online_guest_bot(name) if link.get("online") else t.p2p_guest_bot(name)
        else:
            text = t.P2P_HOST_LOST
        if status == "up" and link.get("way"):
            text += " · " + (t.ONLINE_DIRECT if link["way"] == "direct" else t.ONLINE_VIA_RELAY)
        if link.get("left") is not None:
            text += " · " + t.online_time_left(link["left"])
        button = ""
        if link.get("online"):
            button = ""  # an online seat keeps its link: there is no new code to make
        elif status in ("waiting", "away", "bot"):
            button = _button("p2p-invite", t.P2P_INVITE, extra=f' data-seat="{link["seat"]}"')
        elif status == "lost":
            button = _button("p2p-join", t.P2P_JOIN)
        items.append(f'<li class="peer-link {status}"><span>{escape(text)}</span>{button}</li>')
    return f'<ul class="peer-links" aria-live="polite">{"".join(items)}</ul>'
