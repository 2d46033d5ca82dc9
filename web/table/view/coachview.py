"""Markup of the teaching table: the coach's buttons, the hint, and the panels
(the last trick, the deal's story, statistics, a shared link) — pure functions.

Why a module apart from ``render.py``: the table's markup stays as it was, and
every panel here draws only what it is given — seat 0's view dict, the
story's frames (seat 0's views), the statistics — never the match itself, so
it cannot show a card the player does not know (``tests/test_teach.py``).
"""

from __future__ import annotations

import sys
import traceback
from html import escape
from typing import Any

from burkozel import FORMATS
from table.coach.hint import FAILED
from table.i18n import languages
from table.i18n.languages import DEFAULT_TEXTS as texts
from table.i18n.texts import Texts
from table.view import card_art


def coach_html(view: dict[str, Any] | None, ui: dict[str, Any]) -> str:
    """The coach's buttons and ``#hint`` (empty unless a hint was asked on this turn)."""
    if view is None:
        return ""
    t = languages.for_lang(ui.get("lang"))
    my_turn = bool(ui.get("my_turn"))
    history = view.get("history") or []
    tricks = len(history)
    last_title = t.last_trick_title(ui.get("names") or (), history[-1]["winner"] if history else None,
                                    view.get("seat", 0))
    buttons = [
        ("hint", t.HINT, t.HINT_TITLE, not my_turn, "✦"),
        ("last-trick", t.LAST_TRICK, last_title, tricks == 0, "↺"),
        ("stats", t.STATS, t.STATS, False, "▥"),
        ("share", t.SHARE, t.SHARE_NOTE, False, "⇪"),
    ]
    # On a phone only the icon shows; the button's name stays its label.
    out = "".join(
        f'<button type="button" class="btn ghost coach-btn" data-action="{a}" title="{escape(title)}"'
        f'{" disabled" if off else ""}><span class="ico" aria-hidden="true">{icon}</span>'
        f'<span class="wide-only">{escape(label)}</span><span class="sr-label">{escape(label)}</span></button>'
        for a, label, title, off, icon in buttons)
    return f'<div class="coach-bar">{out}</div>{hint_html(ui.get("hint"), t)}'


def hint_html(hint: Any, t: Texts = texts) -> str:
    """``#hint``: the advice, the best few options with their outlook, and why."""
    if hint is None:
        return '<div id="hint" class="hint" aria-live="polite"></div>'
    close = (f'<button type="button" class="x hint-x" data-action="hint-close" '
             f'aria-label="{escape(t.CLOSE)}">×</button>')
    if hint == "thinking":
        return f'<div id="hint" class="hint open" aria-live="polite"><p>{escape(t.HINT_THINKING)}</p></div>'
    if hint != FAILED:
        try:
            advice, rows, why = t.hint_lines(hint)
        except Exception:  # noqa: BLE001 - a hint that cannot be said must not stop the table being drawn
            print("[burkozel] hint not shown:\n" + traceback.format_exc(), file=sys.stderr)
            hint = FAILED
    if hint == FAILED:
        return (f'<div id="hint" class="hint open hint-failed" data-action="hint-close" aria-live="polite">{close}'
                f'<p>{escape(t.HINT_FAILED)}</p></div>')
    items = "".join(f"<li>{escape(r)}</li>" for r in rows)
    # A tap anywhere on the open hint closes it, not only on «×»: on a phone it is a sheet over the
    # hand, and a newcomer taps the card they were told to play, which lies under it.
    return (f'<div id="hint" class="hint open" data-action="hint-close" aria-live="polite">{close}<p class="advice"><b>{escape(advice)}</b></p>'
            + (f"<ol>{items}</ol>" if items else "") + f'<p class="why">{escape(why)}</p></div>')


# --- the panels (dialog #info) ---------------------------------------------------------------


def panel(title: str, body: str, buttons: str = "", t: Texts = texts) -> str:
    """The ``#info`` dialog's frame around one panel."""
    return (f'<div class="dlg-head"><h2 id="info-title">{escape(title)}</h2>'
            f'<button type="button" class="x" data-action="close-info" aria-label="{escape(t.CLOSE)}">×</button>'
            f'</div><div class="dlg-scroll">{body}</div>'
            f'<div class="dlg-buttons">{buttons}<button type="button" class="btn primary" data-action="close-info">'
            f'{escape(t.CLOSE)}</button></div>')


def trick_html(trick: dict[str, Any], names: list[str], points: int, hidden: int, t: Texts = texts) -> str:
    """One finished trick as the viewer saw it: each play in words and faces (a closed
    discard as backs, its count only — the player's own in words), then who took it, «вы»
    being the seat named «Вы» in ``names`` (a guest's own seat, wherever it is)."""
    rows = []
    top = trick["plays"][0]
    for i, play in enumerate(trick["plays"]):
        line = t.trick_line(names, play, i == 0)
        if i > 0 and play["kind"] == "beat":
            line += f" {t.beaten(names[top['seat']], top['cards'])}"
            top = play
        if play["cards"]:
            cards = "".join(card_art.face(c, "", t) for c in play["cards"])
        else:
            cards = "".join(card_art.back() for _ in range(play["count"]))
            if play.get("own"):
                line += f" ({t.OWN_DISCARD} {t.cards_short(play['own'])})"
        beats = ' class="beats"' if i > 0 and play["kind"] == "beat" else ""
        rows.append(f'<li{beats} data-seat="{play["seat"]}"><span class="play-line">{escape(line)}</span>'
                    f'<span class="frame-trick">{cards}</span></li>')
    taken = t.trick_taken(names, trick["winner"], points, hidden)
    return f'<ul class="trick-plays">{"".join(rows)}</ul><p class="taken"><b>{escape(taken)}</b></p>'


def last_trick_panel(view: dict[str, Any] | None, names: list[str], t: Texts = texts) -> str:
    from table.coach import story

    last = story.last_trick(view)
    if last is None:
        return panel(t.LAST_TRICK, f"<p>{escape(t.LAST_TRICK_NONE)}</p>", t=t)
    # The key is said only where there is a keyboard to press it (table.css, ``.key-hint``).
    head = (f'<p class="fine">{escape(t.STORY_TRICK.format(n=last.number))}'
            f'<span class="key-hint"> · {escape(t.LAST_TRICK_KEY)}</span></p>')
    return panel(t.LAST_TRICK, head + trick_html(last.trick, names, last.points, last.hidden, t), t=t)


def story_html(view: dict[str, Any], names: list[str], t: Texts = texts) -> str:
    """The deal's log (in the result dialog): every trick with the points taken."""
    from table.coach import story

    items = []
    for told in story.tricks(view):
        lines = "; ".join(t.trick_line(names, p, i == 0) for i, p in enumerate(told.trick["plays"]))
        taken = t.trick_taken(names, told.winner, told.points, told.hidden)
        items.append(f"<li>{escape(lines)}. <b>{escape(taken)}</b></li>")
    if not items:
        return ""
    return (f'<details class="story"><summary>{escape(t.STORY)}</summary>'
            f'<ol class="trick-log">{"".join(items)}</ol></details>')


def review_panel(frames: list[Any], step: int, names: list[str], t: Texts = texts) -> str:
    """«Разобрать раздачу»: frame ``step`` — what the player saw after that move."""
    if not frames:
        return panel(t.STORY_REVIEW, "", t=t)
    step = max(0, min(step, len(frames) - 1))
    frame = frames[step]
    view = frame.view
    hand = "".join(card_art.face(c, "", t) for c in view["held"])
    body = f'<p class="fine" data-step="{step}">{escape(t.STORY_STEP.format(n=step, total=len(frames) - 1))}</p>'
    if frame.said is not None and frame.mover is not None:
        body += f'<p class="said">{escape(t.said_line(names[frame.mover], frame.said, view.get("format")))}</p>'
    if frame.trick is not None:
        points, hidden = (0, 0)
        if frame.trick["finished"]:
            from table.coach import story

            points, hidden = story.seen_points(frame.trick)
            body += trick_html(frame.trick, names, points, hidden, t)
        else:
            body += trick_html(frame.trick, names, 0, 0, t).rsplit('<p class="taken">', 1)[0]
    body += f'<p class="lbl">{escape(t.STORY_HAND)}</p><div class="frame-hand">{hand}</div>'
    prev = " disabled" if step == 0 else ""
    nxt = " disabled" if step == len(frames) - 1 else ""
    buttons = (f'<button type="button" class="btn ghost" data-action="review-prev"{prev}>{escape(t.STORY_PREV)}</button>'
               f'<button type="button" class="btn ghost" data-action="review-next"{nxt}>{escape(t.STORY_NEXT)}</button>')
    return panel(t.STORY_REVIEW, body, buttons, t)


def pile_html(view: dict[str, Any], t: Texts = texts, watching: bool = False) -> str:
    """The player's side's taken pile: a tap shows the last trick (of anyone); on a
    watcher's page the bottom seat's side's, named as nobody's own."""
    history = view.get("history") or []
    if not history:
        return ""
    mine = set(view["sides"][view["side"]])
    taken = sum(1 for trick in history if trick["winner"] in mine)
    name = escape(t.say("watch_pile" if watching else "taken_pile", n=taken))  # holds the count it shows (WCAG 2.5.3)
    return (f'<button type="button" class="pile" data-action="last-trick" title="{name}" '
            f'aria-label="{name}"><span class="card back" aria-hidden="true"></span>'
            f'<b>{taken}</b></button>')


def result_extra(view: dict[str, Any], ui: dict[str, Any]) -> str:
    """What the result dialog adds: the deal's story and «Разобрать раздачу»."""
    names = ui["names"]
    t = languages.for_lang(ui.get("lang"))
    # With several people the result is shown to everyone: one seat's story (its
    # own face-down discards among it) is not for the others' eyes.
    out = "" if ui.get("named_seats") else story_html(view, names, t)
    review = (f'<button type="button" class="btn ghost" data-action="review">{escape(t.STORY_REVIEW)}</button>'
              if out else "")
    out += (f'<p class="review-line">{review}<button type="button" class="btn ghost" data-action="stats">'
            f'{escape(t.STATS)}</button><button type="button" class="btn ghost" data-action="share">'
            f'{escape(t.SHARE)}</button></p>')
    sharer = ui.get("sharer")
    if sharer is not None:
        out += f'<p class="sharer">{escape(t.sharer_line(*sharer))}</p>'
    fair = ui.get("fair")
    if fair is not None and "key" in fair:
        out += key_line(fair, t)
    return out


def key_line(fair: dict[str, Any], t: Texts = texts) -> str:
    """A finished deal's key beside the commitment shown before it, «Проверить раздачу»,
    and the next deal's commitment (``fair`` as the controller's ``fair_ui`` gives it)."""
    if fair.get("joint"):  # friends' deal: the host's part was committed, the key is it and their values
        said = (f'{escape(t.FAIR_JOINT_KEY_LINE.format(deal=fair["deal"] + 1, commit=fair["commit"]))} '
                f'<code class="deal-part">{escape(fair["part"])}</code> ')
    else:
        said = f'{escape(t.FAIR_KEY_LINE.format(deal=fair["deal"] + 1, commit=fair["commit"]))} '
    check = (f' <a class="check-deal" href="{escape(fair["check"])}" target="_blank" rel="noopener">'
             f'{escape(t.CHECK_DEAL)}</a>' if fair.get("check") else "")
    out = (f'<p class="fine key-line" data-deal="{fair["deal"]}">{said}'
           f'<code class="deal-key">{escape(fair["key"])}</code>{check}</p>')
    if fair.get("next"):
        out += f'<p class="fine next-commit">{escape(t.FAIR_NEXT_LINE.format(commit=fair["next"]))}</p>'
    return out


def commit_line(fair: dict[str, Any] | None, t: Texts = texts) -> str:
    """The deal in play's commitment: its key is shown once the deal is over."""
    if fair is None or "key" in fair:
        return ""
    line = t.FAIR_JOINT_COMMIT_LINE if fair.get("joint") else t.FAIR_COMMIT_LINE
    return f'<p class="fine commit-line">{escape(line.format(deal=fair["deal"] + 1, commit=fair["commit"]))}</p>'


def share_panel(links: list[tuple[int, str]], fair: dict[str, Any] | None, t: Texts = texts,
                sheet: bool = False, said: dict[str, Any] | None = None) -> str:
    """«Поделиться раздачей»: links to the finished deals (table, switches, the deal's
    key and dealer), the latest first, each with «Копировать» (and «Поделиться» where the
    browser has a share sheet: ``sheet``; ``host.js`` does both in the click, as the invite's,
    and ``said`` is whether a copy worked, under its link); the deal in play only by its commitment."""
    body = f'<p>{escape(t.SHARE_NOTE)}</p>' + commit_line(fair, t)
    if not links:
        body += f'<p class="share-none">{escape(t.SHARE_NONE if fair is not None else t.SHARE_OLD_SEED)}</p>'
    for i, (deal, link) in enumerate(links):
        label, quoted, key = escape(t.SHARE_DEAL.format(deal=deal + 1)), escape(link, quote=True), f"deal-{deal}"
        buttons = (f'<button type="button" class="btn ghost" data-copy="{quoted}" data-seat="{key}">'
                   f'{escape(t.SHARE_COPY_LINK)}</button>'
                   + (f'<button type="button" class="btn ghost" data-share="{quoted}" data-seat="{key}">'
                      f'{escape(t.SHARE_SEND)}</button>' if sheet else ""))
        note = (f'<p class="fine" role="status" data-said="{key}">{escape(said["text"])}</p>'
                if said and said.get("key") == key else "")
        body += (f'<div class="share-row" data-share-deal="{deal}"><p><span class="share-deal">{label}</span> '
                 f'<a class="share-link"{" data-share-link" if i == 0 else ""} href="{quoted}">'
                 f'{escape(link)}</a></p><div class="share-buttons">{buttons}</div>{note}</div>')
    return panel(t.SHARE, body, t=t)


def verdict_html(verdict: tuple[str, bool | None] | None, t: Texts = texts) -> str:
    """A check link's verdict, said plainly: the commitment its key gives, and whether it is
    the one the table showed before the deal."""
    if not verdict or not verdict[0]:
        return ""
    made, same = verdict
    text = {True: t.CHECK_SAME, False: t.CHECK_DIFFERENT, None: t.CHECK_MADE}[same].format(commit=made)
    return f'<div class="notice verdict" data-same="{str(same).lower()}" role="status"><p>{escape(text)}</p></div>'


def seed_field(seed: int | None, t: Texts = texts) -> str:
    """The menu's own seed for the next matches (empty: a random one)."""
    value = "" if seed is None else str(seed)
    return (f'<label class="seed-field"><span class="opt-title">{escape(t.SEED_LABEL)}</span>'
            f'<input type="text" name="seed" inputmode="numeric" pattern="[0-9]*" maxlength="16" '
            f'value="{value}" autocomplete="off"><small>{escape(t.SEED_NOTE)}</small></label>')


def chart_svg(recent: list[list[int]], t: Texts = texts, penalties: bool = True) -> str:
    """The last deals as bars: height by the side's points (of 120), green without a penalty
    (``penalties``: the table has them; a pot has none, so no bar is told apart)."""
    if not recent:
        return ""
    w = 6
    bars = []
    for i, (points, penalty) in enumerate(recent):
        h = max(2, round(min(points, 120) * 80 / 120))
        cls = "bar won" if penalty == 0 and penalties else "bar"
        title = f"{t.points_word(points)}, +{penalty}" if penalties else t.points_word(points)
        bars.append(f'<rect class="{cls}" x="{i * w}" y="{84 - h}" width="{w - 1}" height="{h}"><title>'
                    f'{escape(title)}</title></rect>')
    label = t.STATS_CHART if penalties else t.STATS_CHART_POT
    return (f'<svg class="chart" viewBox="0 0 {len(recent) * w} 84" preserveAspectRatio="none" role="img" '
            f'aria-label="{escape(label)}">{"".join(bars)}</svg>')


PENALTY_STATS = ("deals_won", "penalties", "best_streak")
"""The rows counted by penalties («Раздач без штрафа»…): a pot has none, and its own rows
count the pots taken instead."""


def stats_panel(data: dict[str, Any], key: str, t: Texts = texts, note: str | None = None) -> str:
    """«Статистика» of the table and level ``key`` ("pairs/hard"), its chart, the
    other records kept, and the reset; ``note``: said first (a guest's page: why the deals
    played there are not in it)."""
    from table.coach import stats

    def named(record: str) -> str:
        fmt, level, house = stats.key_parts(record)
        rules = f" · {t.house_summary(house)}" if house else ""
        return f"{t.FORMAT_TITLES[fmt]}{rules} · {t.DIFFICULTY_TITLES[level]}"

    fmt = stats.key_parts(key)[0]
    title = escape(f"{t.STATS} · {named(key)}")
    entry = data["tables"].get(key)
    others = "".join(
        f'<button type="button" class="btn link" data-action="stats-show" data-key="{escape(k)}">'
        f'{escape(named(k))} ({escape(str(v["deals"]))})</button>'
        for k, v in sorted(data["tables"].items()) if k != key)
    others = f'<p class="stats-others">{others}</p>' if others else ""
    said = f'<p class="fine stats-note" data-stats-note>{escape(note)}</p>' if note else ""
    if entry is None or not entry["deals"]:
        empty = "" if note else f'<p class="stats-empty">{escape(t.STATS_EMPTY)}</p>'
        return panel(title, f'{said}{empty}{others}', t=t)
    s = stats.summary(entry)
    pot = FORMATS[fmt].has_pot
    rows = "".join(f'<tr data-stat="{k}"><th scope="row">{escape(label)}</th><td>{escape(t.number(s[k]))}</td></tr>'
                   for k, label in tuple(t.STATS_ROWS) + (tuple(t.POT_STATS_ROWS) if pot else ())
                   if not (pot and k in PENALTY_STATS))
    body = (f'{said}<table class="stats-table"><tbody>{rows}</tbody></table>'
            f'<p class="fine">{escape(t.STATS_CHART_POT if pot else t.STATS_CHART)}</p>'
            f'{chart_svg(entry["recent"], t, penalties=not pot)}{others}')
    reset = (f'<button type="button" class="btn ghost" data-action="stats-reset" data-key="{escape(key)}">'
             f'{escape(t.STATS_RESET)}</button>')
    return panel(title, body, reset, t)
