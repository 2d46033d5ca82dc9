"""The table as HTML: pure functions from (the viewer's view dict, UI state) to markup.

Why pure and string-based: like chessground, the board draws what it is given
and decides nothing.  It reads only ``SeatView.to_dict()`` — never the full
state — so it cannot leak another hand (``tests/test_render.py``).  The glue
puts each region's markup into its element only when it changed, so unchanged
parts keep their focus and animations.  The ids and data attributes the tests
rely on are a contract (web/README.md, «Test hooks»).  No ``style=""``: the
page's CSP forbids inline styles, so every look is a class in ``table.css``.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from types import ModuleType
from typing import Any, Sequence

from burkozel import FORMATS
from burkozel.rules import with_house
from table.i18n import common, languages
from table.i18n.languages import DEFAULT_TEXTS as texts
from table.match import house, seats, storage
from table.view import card_art, coachview

# --- the static frame ------------------------------------------------------------

REGIONS = ("score", "seat-1", "seat-2", "seat-3", "seat-4", "seat-5", "deck", "trick", "announce", "me", "status", "hand",
           "actions", "result-body", "notices", "handover-slot", "coach", "menu-open", "rules-open", "rules", "live",
           "rules-house")


def lang_texts(ui: dict[str, Any]) -> ModuleType:
    """The texts of the language the UI state names (``ui["lang"]``)."""
    return languages.for_lang(ui.get("lang"))


@lru_cache(maxsize=None)
def frame_regions(t: ModuleType) -> dict[str, str]:
    """The frame's worded parts: the top bar's two buttons and the rules dialog
    (kept per language: the rules are long, and the same on every redraw)."""
    return {
        "menu-open": f'<span class="burger" aria-hidden="true"></span>{t.MENU}',
        "rules-open": f'<span class="q" aria-hidden="true">?</span><span class="wide-only">{t.RULES}</span>',
        "rules": rules_html(t),
    }


def frame_attrs(t: ModuleType) -> dict[str, dict[str, str]]:
    """Attributes of the page that follow the language, by CSS selector:
    ``<html lang>`` and the frame's aria-labels."""
    out = {"html": {"lang": t.LANG}}
    out.update({f"#{el}": {"aria-label": label} for el, label in t.FRAME_LABELS.items()})
    out["#rules-open"] = {"aria-label": t.RULES}  # its word is hidden on a phone, its name is not
    return out


def skeleton(t: ModuleType = texts) -> str:
    """The table's frame, put into ``<main id="table">`` once at start-up.  Its words
    are regions too (:func:`frame_regions`, :func:`frame_attrs`), so a change of
    language redraws them like any other region."""
    frame = frame_regions(t)
    labels = t.FRAME_LABELS
    return (
        card_art.SVG_DEFS
        + '<header class="topbar">'
        '<button type="button" id="menu-open" class="btn ghost" data-action="menu" aria-haspopup="dialog">'
        + frame["menu-open"] + '</button>'
        '<div id="score" class="score"></div>'
        f'<button type="button" id="rules-open" class="btn ghost" data-action="rules" aria-haspopup="dialog" aria-label="{t.RULES}">'
        + frame["rules-open"] + '</button>'
        # The links' states (play with a friend) are the header's last line: in the flow,
        # so they push the table down rather than cover a seat.
        '<div id="peer-bar" class="peer-bar"></div>'
        "</header>"
        f'<section id="felt" class="felt" aria-label="{labels["felt"]}">'
        '<div id="seat-2" class="seat-slot"></div>'
        '<div id="seat-1" class="seat-slot"></div>'
        '<div id="seat-3" class="seat-slot"></div>'
        '<div id="seat-4" class="seat-slot"></div>'
        '<div id="seat-5" class="seat-slot"></div>'
        '<div id="deck" class="deck-slot"></div>'
        f'<div id="trick" class="trick" role="group" aria-label="{labels["trick"]}"></div>'
        '<div id="announce" class="announce" role="status" aria-live="polite"></div>'
        "</section>"
        f'<section id="mine" class="mine" aria-label="{labels["mine"]}">'
        '<div id="me" class="me"></div>'
        '<div id="status" class="status"></div>'
        f'<div id="hand" class="hand" role="group" aria-label="{labels["hand"]}"></div>'
        '<div id="actions" class="actions"></div>'
        '<div id="coach" class="coach"></div>'
        "</section>"
        '<div id="notices" class="notices" role="status" aria-live="polite"></div>'
        '<div id="live" class="sr-only" role="status" aria-live="polite"></div>'
        '<div id="handover-slot" class="handover-slot"></div>'
        '<dialog id="p2p" class="dlg p2p" aria-labelledby="p2p-title"></dialog>'
        '<dialog id="menu" class="dlg menu" aria-labelledby="menu-title"></dialog>'
        '<dialog id="rules" class="dlg rules" aria-labelledby="rules-title">' + frame["rules"] + "</dialog>"
        '<dialog id="result" class="dlg result" aria-labelledby="result-title">'
        '<div id="result-body"></div></dialog>'
        '<dialog id="info" class="dlg info" aria-labelledby="info-title"><div id="info-body"></div></dialog>'
    )


# --- regions ---------------------------------------------------------------------------


def regions(view: dict[str, Any] | None, ui: dict[str, Any]) -> dict[str, str]:
    """Markup for every region of the table (ids in :data:`REGIONS`)."""
    t = lang_texts(ui)
    out = {r: "" for r in REGIONS}
    out.update(frame_regions(t))  # a copy: the cached dict stays as it is
    out["notices"] = notices_html(ui.get("notices", []), t) + coachview.verdict_html(ui.get("verdict"), t)
    out["rules-house"] = rules_house_html(view["house"] if view else ui.get("house") or {}, t)
    if ui.get("handover"):
        out["handover-slot"] = handover_html(ui["handover"], t, coachview.commit_line(ui.get("fair"), t))
        return out
    if view is None:
        out["status"] = f'<p class="prompt">{escape(ui.get("waiting") or t.NO_MATCH_PROMPT)}</p>'
        return out
    names = ui["names"]
    positions = ui["positions"]
    out["score"] = score_html(view, ui)
    for rel in range(1, view["players"]):
        out[f"seat-{rel}"] = seat_html(view, ui, (view["seat"] + rel) % view["players"])
    out["deck"] = deck_html(view, names, t)
    out["trick"] = trick_html(view, ui)
    out["announce"] = (f'<p class="shout">{escape(ui["announce"])}</p>' if ui.get("announce") else "")
    out["me"] = me_html(view, ui)
    out["status"] = status_html(ui)
    out["hand"] = hand_html(view, ui)
    out["actions"] = actions_html(ui)
    out["result-body"] = result_html(view, ui)
    out["coach"] = coachview.coach_html(view, ui)
    out["live"] = live_text(view, ui, t)
    del positions
    return out


def table_attrs(view: dict[str, Any] | None, ui: dict[str, Any]) -> dict[str, str]:
    """``data-*`` attributes of ``#table`` (layout by format, phase, speed).

    ``data-bots`` is the level of the bots really seated (``easy`` if the chosen
    one is unavailable); it says nothing about any card.  ``data-sound`` and
    ``data-vibrate``: the device's switches, which the page's sound and cues obey."""
    turn = "me" if ui.get("my_turn") else ("none" if view is None or view.get("to_act") is None else "bot")
    return {
        "data-bots": ui.get("bot_level") or "none",
        "data-format": view["format"] if view else ui.get("format") or "none",
        "data-players": str(view["players"]) if view else str(ui.get("players") or 0),
        "data-sides": str(len(view["sides"])) if view else "0",
        "data-phase": ui.get("phase", "none"),
        "data-speed": ui.get("speed", "normal"),
        "data-turn": "handover" if ui.get("handover") else turn,
        **{f"data-{name}": "on" if ui.get(name, True) else "off" for name in storage.SIGNALS},
    }


def score_html(view: dict[str, Any], ui: dict[str, Any]) -> str:
    t = lang_texts(ui)
    fmt = view["format"]
    table = FORMATS[fmt]
    mine = None if ui.get("watching") else view["side"]  # a watcher by link is on no side
    chips = []
    for side, pen in enumerate(view["penalties"]):
        cls = "chip mine" if side == mine else "chip"
        danger = " hot" if pen >= 8 else ""
        chips.append(f'<li class="{cls}{danger}">{_side_who(view, ui, side, t)}<b>{pen}</b></li>')
    if table.has_pot:
        return pot_score_html(view, ui, t)
    totals, label, limit = view["penalties"], t.PENALTIES_LABEL, t.penalty_limit_label(table.penalty_limit)
    if ui.get("wins") is not None:  # a robber: won deals, not penalties (RULES-house.md §8.2)
        totals, label, limit = ui["wins"], t.WINS_LABEL, escape(t.WINS_TARGET.format(target=ui.get("wins_target")))
        chips = []
        for side, won in enumerate(totals):
            cls = "chip mine" if side == mine else "chip"
            chips.append(f'<li class="{cls}">{_side_who(view, ui, side, t)}<b>{won}</b></li>')
    elif ui.get("places"):  # seats that are out stay in the score, dimmed, with their place
        chips = [c.replace('<li class="chip', '<li class="chip out', 1) if place_of(ui, side) is not None
                 and side in (ui.get("out") or ()) else c for side, c in enumerate(chips)]
    target = t.score_target(table.declaration, ui.get("pass_mark") or view["pass_mark"])
    if handicap_of(view, view["seat"]):  # the player's own фора counts for «31» (RULES-house.md §6.3)
        target = escape(t.SCORE_HANDICAP.format(target=target, n=handicap_of(view, view["seat"])))
    return (
        f'{_points_box(view, ui, t, target)}'
        f'<div class="pens"><span class="lbl">{label} <span class="of">{limit}</span></span>'
        f'<ul>{"".join(chips)}</ul></div>'
    )


def _points_box(view: dict[str, Any], ui: dict[str, Any], t: ModuleType, target: str) -> str:
    """The deal's points so far: a side's own until the deal's end, so a watcher by link (on no
    side) reads a dash, with no «your side's points» title."""
    label = f'<span class="lbl">{t.round_points_label(view["round_no"] + 1)}</span>'
    if ui.get("watching"):
        return f'<div class="pts">{label}<b class="val">—</b><span class="of">{target}</span></div>'
    unseen = view.get("unseen_taken") or 0
    closed = (f'<small class="unseen" title="{t.unseen_title(unseen)}">{t.unseen_short(unseen)}</small>'
              if unseen else "")
    return (f'<div class="pts" title="{t.SCORE_TITLE}">{label}'
            f'<b class="val">{view["points"]}{closed}</b><span class="of">{target}</span></div>')


def _side_who(view: dict[str, Any], ui: dict[str, Any], side: int, t: ModuleType) -> str:
    """A side's name on its score chip: «Мы»/«Они» to a player; to a watcher, who is on neither
    side, its seats' marks («Ю·С»), their names in full for a screen reader and a pointer."""
    fmt = view["format"]
    members = t.side_members(fmt, side, ui["seat_names"]) if ui.get("watching") else ""
    if not members:
        return f'<span class="who">{t.side_label(fmt, side, ui["names"], view["side"])}</span>'
    marks = t.avatar_marks(ui["seat_names"])
    short = "·".join(marks[s] for s in FORMATS[fmt].sides[side])
    return (f'<span class="who" title="{escape(members)}"><span aria-hidden="true">{escape(short)}</span>'
            f'<span class="sr-only">{escape(members)}</span></span>')


def storage_switches(mine: dict[str, Any]) -> tuple[str, ...]:
    """The table's own on/off switches besides the combinations, as its settings hold them."""
    return tuple(mine.get("switches", {}))


def pot_score_html(view: dict[str, Any], ui: dict[str, Any], t: ModuleType) -> str:
    """At a pot: the pot and the stake, every stack, and (unless the player counts
    in the head, ``ui["count_in_head"]``) the player's own running points.  Each number of
    chips carries ``data-chips``, the pot its match and deal: the page (``web/page/chips.js``)
    moves chips between the numbers that differ from one drawing to the next."""
    chips = []
    mine = None if ui.get("watching") else view["seat"]  # a watcher by link has no stack of its own
    for seat, stack in enumerate(view["chips"]):
        cls = "chip mine" if seat == mine else "chip"
        if stack <= 0:
            cls += " hot"
        chips.append(f'<li class="{cls}" data-seat="{seat}"><span class="who">{escape(ui["names"][seat])}</span>'
                     f'<b data-chips="{stack}">{stack}</b></li>')
    points = ""
    if not ui.get("count_in_head"):
        points = _points_box(view, ui, t, t.score_target(view["declaration"], view["pass_mark"]))
    match = escape(str(ui.get("match_key") or ""))
    return (f'{points}<div class="pot" id="pot-box" data-match="{match}" data-deal="{view["round_no"]}">'
            f'<span class="lbl">{t.POT_LABEL}</span>'
            f'<b class="val pot-val" data-chips="{view["pot"]}">{view["pot"]}</b>'
            f'<span class="of">{t.STAKE_LABEL} {view["stake"]}</span></div>'
            f'<div class="pens stacks"><span class="lbl">{t.CHIPS_LABEL}</span><ul>{"".join(chips)}</ul></div>')


def _trick_winner(view: dict[str, Any]) -> int | None:
    trick = view.get("trick")
    return trick["winner"] if trick else None


def seat_html(view: dict[str, Any], ui: dict[str, Any], seat: int) -> str:
    """Another player: name, partner mark, dealer mark, card backs, turn and winner marks."""
    t = lang_texts(ui)
    names = ui["names"]
    pos = ui["positions"][seat]
    n = view["hand_sizes"][seat]
    classes = ["seat", f"pos-{pos}"]
    if view["to_act"] == seat:
        classes.append("turn")
    if _trick_winner(view) == seat:
        classes.append("winning")
    # (a watcher by link is drawn from the host's seat but is nobody's partner)
    partner = not ui.get("watching") and seat != view["seat"] and seat in view["sides"][view["side"]]
    if partner:
        classes.append("partner")
    tags = ""
    if partner:
        tags += f'<span class="tag partner-tag">{t.PARTNER_TAG}</span>'
    if view["dealer"] == seat:
        tags += f'<span class="tag dealer" title="{t.DEALER_TITLE}">{t.DEALER_TAG}</span>'
    if seat in ui.get("bot_seats", ()):
        tags += f'<span class="tag">{t.SEAT_BOT_TAG}</span>'
    tags += stake_tags(view, seat, t, ui)
    if seat in view.get("folded", ()):
        classes.append("folded")
    out_tags = out_html(ui, seat, t)
    if out_tags:
        classes.append("out")
        tags += out_tags
    shown = open_hand(view, seat)
    if shown is not None:  # an open hand (RULES-house.md §6.2): face up, for everyone
        tags += f'<span class="tag open-tag">{t.OPEN_HAND}</span>' + handicap_tag(view, seat, t)
        classes.append("open")
        hand_markup = (f'<div class="open-hand n{n}" role="group" aria-label="{t.in_hand(n)}">'
                       + "".join(card_art.face(c, "", t) for c in shown) + '</div>')
    elif shown_cards(view, seat):  # shown to all at the deal's end (RULES-house.md §3.7, §4.5)
        faces = shown_cards(view, seat)
        hand_markup = (f'<div class="open-hand shown-hand n{n}" role="group" aria-label="{t.in_hand(n)}">'
                       + "".join(card_art.face(c, "", t) for c in faces)
                       + "".join(card_art.back() for _ in range(n - len(faces))) + '</div>')
    else:
        hand_markup = (f'<div class="mini-hand n{n}" role="img" aria-label="{t.in_hand(n)}">'
                       + "".join(card_art.back() for _ in range(n)) + '</div>')
    foot = (t.THINKING if ui.get("thinking") == seat else t.cards_word(n))
    if view.get("trump_drawn_by") == seat and view["stock"] == 0 and view["trump_suit"]:
        foot += (f' · <span class="suit-{view["trump_suit"]}"><span class="trump-word">{t.TRUMP_WORD} </span>'
                 f'{t.SUIT_SYMBOLS[view["trump_suit"]]}</span>')
    return (f'<div class="{" ".join(classes)}" data-seat="{seat}">'
            f'<div class="seat-head"><span class="avatar" aria-hidden="true">{escape(t.avatar_marks(names)[seat])}</span>'
            f'<span class="seat-name">{escape(names[seat])}</span>{tags}</div>'
            f'{hand_markup}<div class="seat-foot">{foot}{_taking_badge(view, seat, t)}</div></div>')


def stake_tags(view: dict[str, Any], seat: int, t: ModuleType, ui: dict[str, Any] | None = None) -> str:
    """A seat's stack and its «даве», accept and fold marks (a table for a pot only)."""
    if not view.get("chips"):
        return ""
    stack = view["chips"][seat]
    out = f'<span class="tag stack" title="{t.CHIPS_LABEL}" data-chips="{stack}">● {stack}</span>'
    if seat in view.get("raised", ()):
        out += f'<span class="tag raised">{t.RAISED_TAG}</span>'
    answers = (ui or {}).get("answers") or {}
    paid = next((chips for s, chips in answers.get("said", ()) if s == seat and chips is not None), None)
    if paid is not None:
        out += f'<span class="tag accepted">{escape(t.accepted_tag(paid))}</span>'
    if seat in view.get("folded", ()):
        out += f'<span class="tag folded-tag">{t.FOLDED_TAG}</span>'
    return out


def me_html(view: dict[str, Any], ui: dict[str, Any]) -> str:
    t = lang_texts(ui)
    seat = view["seat"]
    classes = ["seat", "pos-bottom", "self"]
    if view["to_act"] == seat:
        classes.append("turn")
    if _trick_winner(view) == seat:
        classes.append("winning")
    tags = ""
    # A watcher (``p2p.watch``) is nobody at the table: the seat drawn at the bottom is its
    # player's, named and spoken of like any other seat, never «Вы».
    watching = bool(ui.get("watching"))
    name = escape(ui["seat_names"][seat]) if watching else t.YOU
    if ui.get("named_seats") and not watching:
        tags += f'<span class="tag who-me">{escape(ui["seat_names"][seat])}</span>'
    if view["dealer"] == seat:
        title, tag = (t.DEALER_TITLE, t.DEALER_TAG) if watching else (t.MY_DEALER_TITLE, t.MY_DEALER_TAG)
        tags += f'<span class="tag dealer" title="{title}">{tag}</span>'
    if ui.get("autoplay"):
        tags += f'<span class="tag">{t.SEAT_BOT_TAG}</span>'
    tags += stake_tags(view, seat, t, ui)
    out_tags = out_html(ui, seat, t)
    if out_tags:
        classes.append("out")
        tags += out_tags
    if open_hand(view, seat) is not None:  # the others see this hand
        tags += f'<span class="tag open-tag">{t.OPEN_HAND}</span>' + handicap_tag(view, seat, t)
    return (f'<div class="{" ".join(classes)}" data-seat="{seat}">'
            f'<span class="seat-name">{name}</span>{tags}{coachview.pile_html(view, t, watching)}'
            f'{_taking_badge(view, seat, t)}</div>')


def open_hand(view: dict[str, Any], seat: int) -> list[str] | None:
    """The cards of ``seat``'s hand when it plays open (the view's ``open_hands``), else ``None``."""
    hands = view.get("open_hands") or ()
    return list(hands[seat]) if seat < len(hands) and hands[seat] else None


def handicap_of(view: dict[str, Any], seat: int) -> int:
    """The фора added to ``seat``'s points for «31» and at the deal's end (the view's
    ``handicaps``, RULES-house.md §6.3); 0 where it has none."""
    handicaps = view.get("handicaps") or ()
    return handicaps[seat] if seat < len(handicaps) else 0


def handicap_tag(view: dict[str, Any], seat: int, t: ModuleType) -> str:
    """«фора +5» beside an open seat's name, with what it does in its title."""
    n = handicap_of(view, seat)
    if not n:
        return ""
    return (f'<span class="tag handicap-tag" title="{escape(t.HANDICAP_TITLE.format(n=n))}">'
            f'{escape(t.HANDICAP_TAG.format(n=n))}</span>')


def place_of(ui: dict[str, Any], seat: int) -> int | None:
    """A seat's place where seats go out (``ui["places"]``, ``screen.standing``): fixed when it
    went out, or for the one left in at the end; ``None`` while it plays on."""
    places = ui.get("places")
    return places[seat] if places and 0 <= seat < len(places) else None


def out_html(ui: dict[str, Any], seat: int, t: ModuleType) -> str:
    """The marks of a seat that is out (RULES-house.md §1.10): «вне игры» and its place;
    the last one in gets its place alone."""
    place = place_of(ui, seat)
    if place is None:
        return ""
    gone = seat in (ui.get("out") or ())
    return ((f'<span class="tag out-tag">{t.OUT_TAG}</span>' if gone else "")
            + f'<span class="tag place-tag">{escape(t.PLACE_TAG.format(place=place))}</span>')


def _taking_badge(view: dict[str, Any], seat: int, t: ModuleType) -> str:
    """«берёт» on the seat whose card holds the trick, a word of the texts like any other."""
    return f'<span class="taking-badge">{t.TAKING_BADGE}</span>' if _trick_winner(view) == seat else ""


def deck_html(view: dict[str, Any], names: list[str], t: ModuleType = texts) -> str:
    """The stock with the face-up trump under it; once drawn, who has it and the suit."""
    stock = view["stock"]
    suit = view["trump_suit"]
    if not suit:  # no trumps (RULES-house.md §5): the stock alone, its last card face down like the rest
        pile = "".join(card_art.back("pile") for _ in range(min(3, stock)))
        return (f'<div class="deck{"" if stock else " empty"}" role="group" aria-label="{t.in_stock(stock)}">'
                f'<div class="stock">{pile}</div>'
                + (f'<span class="count" title="{t.STOCK_TITLE}">{stock}</span>' if stock else "")
                + f'</div><p class="trump-note">{t.NO_TRUMP_NOTE}</p>')
    sym = t.SUIT_SYMBOLS[suit]
    colour = "red" if suit in card_art.RED else "black"
    if stock > 0:
        pile = "".join(card_art.back("pile") for _ in range(min(3, stock - 1)))
        trump = card_art.face(view["trump_card"], "trump-card", t)
        return (f'<div class="deck" role="group" aria-label="{t.in_stock(stock)}">'
                f'<div id="trump" class="trump-slot">{trump}</div>'
                f'<div class="stock">{pile}</div>'
                f'<span class="count" title="{t.STOCK_TITLE}">{stock}</span></div>'
                f'<p class="trump-note"><span class="suit {colour}">{sym}</span> {t.TRUMP_WORD}</p>')
    drawn = view.get("trump_drawn_by")
    who = escape(t.trump_drawn(names[drawn])) if drawn is not None else ""
    return (f'<div class="deck empty"><div id="trump" class="trump-slot drawn">'
            f'<span class="suit-badge {colour}" role="img" aria-label="{t.trump_badge(suit)}">{sym}</span>'
            f'</div></div>'
            f'<p class="trump-note">{t.trump_note(suit)}<br><small>{who}</small></p>')


def trick_html(view: dict[str, Any], ui: dict[str, Any]) -> str:
    t = lang_texts(ui)
    trick = view.get("trick")
    if not trick:
        return '<div class="trick-empty" aria-hidden="true"></div>' + answers_html(ui, t)
    names = ui["names"]
    positions = ui["positions"]
    finished = bool(trick["finished"])
    parts = []
    last = len(trick["plays"]) - 1
    for i, play in enumerate(trick["plays"]):
        seat = play["seat"]
        kind = play["kind"]
        if kind == "discard" and not play["cards"]:
            cards = "".join(card_art.back() for _ in range(play["count"]))
        elif kind == "discard":  # an open discard: face up, for everyone
            cards = "".join(card_art.face(c, "discarded", t) for c in play["cards"])
        else:
            cards = "".join(card_art.face(c, "", t) for c in play["cards"])
        classes = ["play", f"pos-{positions[seat]}", f"kind-{kind}", f"n{play['count']}"]
        if seat == trick["winner"]:
            classes.append("winning")
        if i == last and not finished:
            classes.append("fresh")
        label = t.KIND_LABELS[kind]
        if i == 0 and trick.get("combo"):
            label = t.combo_title(view["format"], trick["combo"], play["cards"]).lower()
        parts.append(f'<div class="{" ".join(classes)}" data-seat="{seat}">'
                     f'<div class="cards">{cards}</div>'
                     f'<span class="play-label"><span class="play-who">{escape(names[seat])} · </span>{label}</span></div>')
    cls = "trick-cards taken" if finished else "trick-cards"
    if finished:
        cls += f" to-{positions[trick['winner']]}"
    combo = ""
    if trick.get("combo"):
        title = t.combo_title(view["format"], trick["combo"], trick["plays"][0]["cards"])
        combo = f'<div class="combo-badge">{title}</div>'
    return f'<div class="{cls}" data-size="{trick["size"]}">{combo}{"".join(parts)}</div>'


def live_text(view: dict[str, Any], ui: dict[str, Any], t: ModuleType) -> str:
    """What a screen reader hears (the polite ``#live`` region): the last card played
    and whose turn it is, who took the trick, how the deal ended.  One sentence per
    state: the region is redrawn only when it changes, so each is said once."""
    names = ui["names"]
    if ui.get("phase") in ("round_end", "match_end") and view.get("round_points") is not None:
        over = view["match_over"]
        title = t.MATCH_OVER if over else t.round_over_title(view["round_no"] + 1)
        line = t.deal_end_line(view["format"], view.get("end"), view.get("deal_winner"), view.get("ended_by"),
                               list(view["round_points"]), names, view.get("round_penalties"), view.get("chips_won"),
                               shown=bool(view.get("shown")))
        if view.get("chips"):
            line += " " + pot_line(view, names, t)
        if over:
            line += " " + t.winners_line(view["format"], list(view["winners"]), names)
        return escape(f"{title}. {line}")
    out = []
    trick = view.get("trick")
    if trick and trick["plays"]:
        play = trick["plays"][-1]
        cards = (t.say("list_sep").join(t.card_name(c) for c in play["cards"]) if play["cards"]
                 else t.cards_word(play["count"]))
        out.append(t.say("live_play", name=names[play["seat"]], kind=t.KIND_LABELS[play["kind"]], cards=cards))
    if ui.get("prompt"):
        out.append(ui["prompt"])
    return escape(" ".join(out))


def answers_html(ui: dict[str, Any], t: ModuleType) -> str:
    """Who said what to a «даве», on the table where the cards will be played: the answers
    come before the raiser's lead, so the trick's place is empty then, and the line may take
    the lines it needs there without moving anything (in the prompt's row it pushed the rows
    above it and was cut after two lines on a phone)."""
    answers = ui.get("answers")
    if not answers:
        return ""
    names = ui["names"]
    line = t.answers_line(names[answers["raiser"]], [(names[s], chips) for s, chips in answers["said"]])
    return f'<p class="answers">{escape(line)}</p>'


def status_html(ui: dict[str, Any]) -> str:
    prompt = escape(ui.get("prompt") or "")
    msg = ui.get("message")
    out = f'<p class="prompt">{prompt}</p>'
    if msg:
        out += f'<p class="msg" role="alert">{escape(msg)}</p>'
    return out


def hand_html(view: dict[str, Any], ui: dict[str, Any]) -> str:
    t = lang_texts(ui)
    hand = view["held"]
    selected = set(ui.get("selection", []))
    playable = ui.get("phase") in ("play", "clearing")
    out = []
    for code in hand:
        sel = code in selected
        extra = "sel" if sel else ""
        if code[1] == view["trump_suit"]:
            extra += " trump"
        dis = "" if playable else " disabled"
        out.append(f'<button type="button" class="{card_art.card_classes(code, extra.strip())}" data-card="{code}" '
                   f'aria-pressed="{"true" if sel else "false"}" aria-label="{t.card_label(code)}"{dis}>'
                   f"{card_art.card_svg(code, t)}</button>")
    gone = " out" if view.get("seat") in (ui.get("out") or ()) else ""  # (keeps no card's height)
    return f'<div class="hand-cards n{len(hand)}{gone}">{"".join(out)}</div>'


def actions_html(ui: dict[str, Any]) -> str:
    if ui.get("watching"):  # a watcher by link plays no seat: no move's button, not even greyed out
        return ""
    t = lang_texts(ui)
    acts = ui.get("actions", {})
    out = []
    for kind in acts or ("lead", "beat", "discard"):
        a = acts.get(kind, {"enabled": False, "reason": ""})
        dis = "" if a["enabled"] else " disabled"
        why = f'<small class="why">{escape(a["reason"])}</small>' if a.get("reason") else '<small class="why"></small>'
        cls = " primary" if a["enabled"] else ""
        if not a.get("relevant", True):
            cls += " idle"
        if kind == "declare":
            cls += " declare"
            dis += f' title="{t.DECLARE_HINT}"'
        if kind == "dave":
            cls += " declare"
            dis += f' title="{t.DAVE_HINT}"'
        name = escape(a.get("label") or t.ACTION_TITLES[kind])
        out.append(f'<button type="button" class="btn act{cls}" data-action="{kind}"{dis}>'
                   f'<span class="act-name">{name}</span>{why}</button>')
    return "".join(out)


def pot_line(view: dict[str, Any], names: Sequence[str], t: ModuleType) -> str:
    """Who took the pot and how much, or what stays in it."""
    winner = view.get("deal_winner")
    return t.pot_line(winner, view["taken"] if winner is not None else view["pot"], names)


def signed(n: int) -> str:
    """A gain or a loss as players write it: «+15», «−5», «0»."""
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "0"


def _row_class(view: dict[str, Any], who: int) -> str:
    """``who`` (a side, at a pot a seat): the player's own, the deal's best, the match's winner."""
    return " ".join(c for c, on in (("mine", who == view["side"]), ("top", who in view["best_sides"]),
                                    ("champ", view["match_over"] and who in view["winners"])) if on)


def side_result_rows(view: dict[str, Any], names: Sequence[str], t: ModuleType, public: bool) -> list[str]:
    """Every side's points, the deal's penalty and the match's total (``<b>``)."""
    fmt = view["format"]
    rows = []
    for side, points in enumerate(view["round_points"]):
        members = t.side_members(fmt, side, names)
        if public and members:
            who = members
        else:
            who = t.side_label(fmt, side, names, view["side"]) + (f' <small>{members}</small>' if members else "")
        if view.get("in_play") and side not in view["in_play"]:  # out of the match: not dealt in
            rows.append(f'<tr class="out"><th scope="row">{who}</th><td>—</td><td>—</td>'
                        f'<td><b>{view["penalties"][side]}</b></td></tr>')
            continue
        rows.append(f'<tr class="{_row_class(view, side)}"><th scope="row">{who}</th><td>{points}</td>'
                    f'<td>+{view["round_penalties"][side]}</td><td><b>{view["penalties"][side]}</b></td></tr>')
    return rows


def robber_result_rows(view: dict[str, Any], ui: dict[str, Any], names: Sequence[str], t: ModuleType,
                       public: bool) -> list[str]:
    """With a robber (RULES-house.md §8.2): every side's points, «+1» to the deal's winner (a false
    «31» «+2» to the other), and the deals each has won (``<b>``)."""
    before = ui.get("wins_before") or [0] * len(ui["wins"])
    rows = []
    for side, points in enumerate(view["round_points"]):
        who = t.side_label(view["format"], side, names, view["side"])
        gained = ui["wins"][side] - before[side]
        rows.append(f'<tr class="{_row_class(view, side)}"><th scope="row">{escape(who)}</th><td>{points}</td>'
                    f'<td>{signed(gained)}</td><td><b>{ui["wins"][side]}</b></td></tr>')
    return rows


def pot_result_rows(view: dict[str, Any], names: Sequence[str]) -> list[str]:
    """Every player's points, what the deal won or cost them, and their stack
    after it (``<b>``, in seat order): a pot has no penalties."""
    return [f'<tr class="{_row_class(view, s)}"><th scope="row">{escape(names[s])}</th>'
            f'<td>{view["round_points"][s]}</td><td>{signed(view["chips_won"][s])}</td>'
            f'<td><b>{stack}</b></td></tr>' for s, stack in enumerate(view["chips"])]


def result_html(view: dict[str, Any], ui: dict[str, Any]) -> str:
    """The round's result: every side's points and penalties, the pass mark; at
    a pot, who took it and how much, and every player's chips.

    With several people at the table the result is everyone's: sides and
    winners are called by their names, not «Мы»/«Вы» of whoever holds the device."""
    if ui.get("phase") not in ("round_end", "match_end") or view.get("round_points") is None:
        return ""
    t = lang_texts(ui)
    public = bool(ui.get("named_seats"))
    names = ui["seat_names"] if public else ui["names"]
    fmt = view["format"]
    pot = FORMATS[fmt].has_pot
    over = view["match_over"]
    title = t.MATCH_OVER if over else t.round_over_title(view["round_no"] + 1)
    ending = t.deal_end_line(fmt, view.get("end"), view.get("deal_winner"), view.get("ended_by"),
                             list(view["round_points"]), names, view.get("round_penalties"), view.get("chips_won"),
                             shown=bool(view.get("shown")))
    head = f'<p class="deal-end">{escape(ending)}</p>'
    rows_of = {**view, "side": None} if ui.get("watching") else view  # a watcher by link: no row is its own
    if pot:
        head += f'<p class="pot-line">{escape(pot_line(view, names, t))}</p>'
        columns, rows = t.POT_RESULT_COLUMNS, pot_result_rows(rows_of, names)
    else:
        columns, rows = t.RESULT_COLUMNS, side_result_rows(rows_of, names, t, public)
        if ui.get("wins") is not None:  # a robber: the deal's winner and the deals won, no penalties
            columns, rows = t.ROBBER_RESULT_COLUMNS, robber_result_rows(rows_of, ui, names, t, public)
    if over:
        head += f'<p class="winners">{t.winners_line(fmt, list(view["winners"]), names)}</p>'
    head += places_html(view, ui, names, t)
    head += shown_html(view, names, t)
    head += dealt_html(view, t)
    button = (t.REMATCH if ui.get("rematch") else t.NEW_MATCH) if over else t.NEXT_ROUND
    watching = not over and place_of(ui, view["seat"]) is not None and not ui.get("guest")
    if watching:  # the player is out (RULES-house.md §1.10): watch the bots play on, or a new match
        head += f'<p class="me-out">{escape(t.ME_OUT.format(place=place_of(ui, view["seat"])))}</p>'
        button = t.WATCH_ON
    note = t.penalty_note(fmt, view.get("pass_mark"), eliminating=ui.get("places") is not None,
                          no_tricks=with_house(FORMATS[fmt], house.rules_of(view.get("house"))).six_counts_tricks)
    # The title stays above what scrolls and the buttons below it: on a phone the dialog
    # opens with its title in view, whatever the focused button or the length of the rest.
    return (
        f'<div class="dlg-head"><h2 id="result-title">{title}</h2></div><div class="dlg-scroll">{head}'
        f'<table class="result-table{" stacks" if pot else ""}"><thead><tr>'
        + "".join(f'<th scope="col">{c}</th>' for c in columns) + '</tr></thead>'
        f'<tbody>{"".join(rows)}</tbody></table>'
        + (f'<p class="fine">{escape(note)}</p>' if note else "")
        + coachview.result_extra(view, ui)
        + '</div><div class="dlg-buttons">'
        f'<button type="button" class="btn ghost" data-action="menu">{t.MENU}</button>'
        + (f'<p class="wait-host">{t.P2P_WAIT_HOST_MATCH if over else t.P2P_WAIT_HOST}</p>' if ui.get("guest") else
           (f'<button type="button" class="btn ghost" data-action="new">{t.NEW_MATCH}</button>' if watching else "")
           + f'<button type="button" class="btn primary" data-action="next" autofocus>{button}</button>')
        + '</div>'
    )


def places_html(view: dict[str, Any], ui: dict[str, Any], names: Sequence[str], t: ModuleType) -> str:
    """«Места: 1 — Восток, 2 — Вы, …»: the places fixed so far, best first (seats go out)."""
    placed = sorted((place, seat) for seat in range(view["players"]) if (place := place_of(ui, seat)) is not None)
    if not placed:
        return ""
    items = t.say("list_sep").join(t.PLACE_ITEM.format(place=p, name=names[s]) for p, s in placed)
    return f'<p class="places">{escape(t.PLACES_LINE.format(places=items))}</p>'


def shown_cards(view: dict[str, Any], seat: int) -> list[str]:
    """The cards ``seat`` showed to all when its combination ended the deal or had it dealt
    again (the view's ``shown``, RULES-house.md §3.7, §4.5); empty otherwise."""
    shown = view.get("shown") or ()
    return list(shown[seat]) if seat < len(shown) else []


def shown_html(view: dict[str, Any], names: Sequence[str], t: ModuleType = texts) -> str:
    """Every seat's cards shown to all at the deal's end (a бура, a Москва, the
    combination a redeal was dealt with), one line a seat, face up."""
    out = []
    for seat in range(view["players"]):
        cards = shown_cards(view, seat)
        if cards:
            faces = "".join(card_art.face(c, "", t) for c in cards)
            out.append(f'<div class="dealt shown" data-seat="{seat}"><p>{escape(t.shown_line(names[seat]))}</p>'
                       f'<div class="dealt-cards">{faces}</div></div>')
    return "".join(out)


def dealt_html(view: dict[str, Any], t: ModuleType = texts) -> str:
    """A deal over before any card was played (a бура, a Москва at the deal): the player's
    own dealt hand and the trump card, which the table had no time to show."""
    trick = view.get("trick")
    if view.get("history") or (trick and trick["plays"]) or not view.get("hand"):
        return ""
    cards = "".join(card_art.face(c, "", t) for c in view["held"] or view["hand"])
    if not view["trump_card"]:  # no trumps (RULES-house.md §5): the hand alone
        return f'<div class="dealt"><div class="dealt-cards">{cards}</div></div>'
    trump = card_art.face(view["trump_card"], "", t)
    return (f'<div class="dealt"><p>{escape(t.dealt_line(view["trump_suit"]))}</p>'
            f'<div class="dealt-cards">{cards}<span class="dealt-trump">{trump}</span></div></div>')


def handover_html(name: str, t: ModuleType = texts, committed: str = "") -> str:
    """The hand-over screen: whom the device goes to, and their «Я — …» button.
    It is drawn while every private region is empty (see :func:`regions`).
    ``committed``: the deal's commitment line, which every person at the device so
    reads before their first look at the deal's cards (its key comes after it)."""
    return ('<section id="handover" class="handover" role="dialog" aria-modal="true" '
            'aria-labelledby="handover-title"><div class="handover-card">'
            f'<h2 id="handover-title">{escape(t.handover_title(name))}</h2>'
            f'<p>{escape(t.HANDOVER_NOTE)}</p>{committed}'
            f'<button type="button" class="btn primary" data-action="handover">'
            f'{escape(t.handover_button(name))}</button></div></section>')


def notices_html(notices: list[str], t: ModuleType = texts) -> str:
    out = []
    for i, text in enumerate(notices):
        out.append(f'<div class="notice"><p>{escape(languages.translate(text, t))}</p>'
                   f'<button type="button" class="x" data-action="dismiss" data-index="{i}" '
                   f'aria-label="{t.HIDE}">×</button></div>')
    return "".join(out)


# --- the menu -------------------------------------------------------------------------


def _radio(name: str, value: str, checked: bool, title: str, hint: str, disabled: bool = False) -> str:
    return (f'<label class="opt{" off" if disabled else ""}">'
            f'<input type="radio" name="{name}" value="{value}" id="{name}-{value}"'
            f'{" checked" if checked else ""}{" disabled" if disabled else ""}>'
            f'<span class="opt-title">{title}</span>'
            f'{f"<small>{hint}</small>" if hint else ""}</label>')


def seats_html(settings: dict[str, Any], t: ModuleType = texts) -> str:
    """The menu's seats of the chosen table: person or bot (``select[name=seat-<n>]``;
    seat 0 is always a person) and each person's name (``input[name=seat-name-<n>]``)."""
    fmt = settings["format"]
    rows = []
    chosen = seats.chosen(settings, fmt)
    for i, seat in enumerate(chosen):
        place = escape(t.seat_place(fmt, i, len(chosen)))
        if i == 0:
            kind = f'<span class="seat-kind">{t.SEAT_KIND_TITLES[seats.HUMAN]}</span>'
        else:
            opts = "".join(f'<option value="{k}"{" selected" if seat.kind == k else ""}>'
                           f'{t.SEAT_KIND_TITLES[k]}</option>' for k in seats.KINDS)
            kind = f'<select name="seat-{i}" id="seat-kind-{i}" aria-label="{place}">{opts}</select>'
        name = ""
        shown = escape(seats.shown_name(fmt, i, seat.name, t, len(chosen)))
        if seat.is_person:
            name = (f'<input type="text" name="seat-name-{i}" id="seat-name-{i}" value="{shown}" '
                    f'maxlength="{seats.NAME_MAX}" autocomplete="off" spellcheck="false" '
                    f'aria-label="{t.SEAT_NAME_LABEL}: {place}">')
        # data-name: the seat's name, which the menu before Python keeps when a row has no input for it
        rows.append(f'<div class="seat-row" data-name="{shown}"><span class="seat-place">{place}</span>'
                    f'{kind}{name}</div>')
    return (players_html(settings, t)
            + f'<fieldset class="group seats"><legend>{t.SEATS_LEGEND} <small>{t.SEATS_HINT}</small>'
            f'</legend>{"".join(rows)}</fieldset>')


def players_html(settings: dict[str, Any], t: ModuleType = texts) -> str:
    """«Сколько за столом» (``input[name=players]``), where the chosen table lets a match choose."""
    fmt = settings["format"]
    counts = seats.seat_counts(fmt)
    if len(counts) < 2:
        return ""
    n = seats.chosen_players(settings, fmt)
    opts = "".join(_radio("players", str(c), c == n, str(c), "") for c in counts)
    return (f'<fieldset class="group players"><legend>{t.PLAYERS_LEGEND} <small>{t.PLAYERS_HINT}</small>'
            f'</legend><div class="opts counts">{opts}</div></fieldset>')


def menu_html(settings: dict[str, Any], ui: dict[str, Any]) -> str:
    """The menu: settings (persisted, applied to the next match) and the match buttons."""
    t = languages.for_lang(settings.get("lang"))
    levels = ui.get("levels", ("easy", "medium", "hard"))
    has_match = ui.get("can_continue", False)
    pending = ui.get("settings_pending", False)
    chosen = settings["format"]
    table = FORMATS[chosen]
    mine = settings["tables"][chosen]
    fmt = "".join(_radio("format", f, chosen == f, t.FORMAT_TITLES[f], t.format_hint(f)) for f in FORMATS)
    diff = "".join(
        _radio("difficulty", d, settings["difficulty"] == d, t.DIFFICULTY_TITLES[d],
               t.DIFFICULTY_HINTS[d] if d in levels else t.DIFFICULTY_UNAVAILABLE, d not in levels)
        for d in ("easy", "medium", "hard"))
    speed = "".join(_radio("speed", s, settings["speed"] == s, t.SPEED_TITLES[s], "")
                    for s in ("normal", "fast"))
    combos = []
    for i, c in enumerate(table.combo_ids):
        on = mine["combos"].get(c, False)
        combos.append(
            f'<label class="switch"><span class="prio" aria-hidden="true">{i + 1}</span>'
            f'<span class="sw-text"><span class="opt-title">{t.COMBO_TITLES[c]}</span>'
            f'<small>{t.combo_hint(chosen, c)}</small></span>'
            f'<input type="checkbox" name="{c}" id="combo-{c}" role="switch"{excludes(c, table.all_combo_ids)}{" checked" if on else ""}>'
            f'<span class="knob" aria-hidden="true"></span></label>')
    # A combination that wins the deal and cannot be switched off (Бура «31»'s бура) is said, not offered.
    legend = t.COMBOS_LEGEND["win" if any(not c.switchable for c in table.combinations) else "lead"]
    for c in storage_switches(mine):
        on = mine["switches"][c]
        combos.append(
            f'<label class="switch"><span class="prio" aria-hidden="true">·</span>'
            f'<span class="sw-text"><span class="opt-title">{t.SWITCH_TITLES[c]}</span>'
            f'<small>{t.SWITCH_HINTS[c]}</small></span>'
            f'<input type="checkbox" name="{c}" id="switch-{c}" role="switch"{" checked" if on else ""}>'
            f'<span class="knob" aria-hidden="true"></span></label>')
    discard = ""
    if len(table.discard_faces) > 1:
        players = seats.chosen_players(settings, chosen)
        faces = "".join(_radio("discard", d, mine["discard"] == d, t.DISCARD_TITLES[d], t.discard_hint(d, players))
                        for d in table.discard_faces)
        discard = f'<fieldset class="group"><legend>{t.DISCARD_LEGEND}</legend><div class="opts two">{faces}</div></fieldset>'
    note = t.SETTINGS_PENDING if pending else t.SETTINGS_LATER
    buttons = ""
    if has_match:
        buttons += f'<button type="button" class="btn primary" data-action="continue">{t.CONTINUE_MATCH}</button>'
    if ui.get("p2p"):
        buttons += f'<button type="button" class="btn ghost" data-action="p2p-leave">{t.P2P_LEAVE}</button>'
    else:
        buttons += f'<button type="button" class="btn ghost" data-action="p2p">{t.P2P_BUTTON}</button>'
        buttons += f'<button type="button" class="btn ghost" data-action="online-find">{t.FIND_GAME}</button>'
    buttons += (f'<button type="button" class="btn {"ghost" if has_match else "primary"}" data-action="new">'
                f'{t.NEW_MATCH}</button>')
    return (
        f'<div class="dlg-head"><h2 id="menu-title">{t.MENU_TITLE} <span class="sub">{t.MENU_SUBTITLE}</span></h2>'
        + (f'<button type="button" class="x" data-action="continue" aria-label="{t.CLOSE_MENU}">×</button>'
           if has_match else "")
        + '</div><div class="dlg-scroll">'
        f'<fieldset class="group"><legend>{t.TABLE_LEGEND}</legend><div class="opts formats">{fmt}</div></fieldset>'
        + seats_html(settings, t) +
        f'<fieldset class="group"><legend>{t.BOTS_LEGEND}</legend><div class="opts three">{diff}</div></fieldset>'
        + (f'<fieldset class="group combos"><legend>{t.COMBOS_TITLE} · {t.FORMAT_TITLES[chosen]} '
           f'<small>{legend}</small></legend>{"".join(combos)}</fieldset>' if combos else "")  # none at Бура на пять карт
        + discard
        + house_html(chosen, mine, t) +
        f'<fieldset class="group"><legend>{t.SPEED_LEGEND}</legend><div class="opts two">{speed}</div></fieldset>'
        + signals_html(settings, t)
        + lang_html(t)
        + coachview.seed_field(ui.get("seed"), t)
        + coachview.commit_line(ui.get("fair") if has_match else None, t)
        + f'<p class="note{" pending" if pending else ""}">{note}</p>'
        f'<button type="button" class="btn link" data-action="rules">{t.RULES_TITLE}</button>'
        '</div>'
        f'<div class="dlg-buttons">{buttons}</div>'
    )


def excludes(combo: str, offered: Sequence[str]) -> str:
    """A combination's ``data-excludes``: those of the table's (``offered``) it turns off when
    switched on (RULES-house.md §3.2)."""
    others = [c for c in house.excluded_by(combo) if c in offered]
    return f' data-excludes="{" ".join(others)}"' if others else ""


def house_html(fmt: str, mine: dict[str, Any], t: ModuleType = texts) -> str:
    """«Домашние правила» of table ``fmt``: only what the engine says it has — the house
    combinations (``RuleSet.house_combo_ids``, switched like the table's own) and the
    switches (``burkozel.rules.switches_for``), each with its line; ``mine``: the table's
    kept settings.  Inputs as ``web/table/match/house.py`` describes (``name="house-<key>"``,
    values as JSON text)."""
    table = FORMATS[fmt]
    chosen = mine.get("house", {})
    rows = []
    for c in table.house_combo_ids:
        rows.append(
            f'<label class="switch"><span class="prio" aria-hidden="true">·</span>'
            f'<span class="sw-text"><span class="opt-title">{t.COMBO_TITLES[c]}</span>'
            f'<small>{t.combo_hint(fmt, c)}</small></span>'
            f'<input type="checkbox" name="{c}" id="combo-{c}" role="switch"{excludes(c, table.all_combo_ids)}'
            f'{" checked" if mine["combos"].get(c) else ""}><span class="knob" aria-hidden="true"></span></label>')
    for s in house.switches_for(fmt):
        now = house.text(chosen.get(s.key, s.default))
        title, hint = t.HOUSE_TITLES[s.key], t.HOUSE_HINTS[s.key]
        if house.is_checkbox(s):
            on, off = (house.text(v) for v in house.checkbox_values(s))
            rows.append(
                f'<label class="switch"><span class="prio" aria-hidden="true">·</span>'
                f'<span class="sw-text"><span class="opt-title">{title}</span><small>{hint}</small></span>'
                f'<input type="checkbox" name="{house.PREFIX}{s.key}" id="house-{s.key}" role="switch" '
                f'value="{escape(on)}" data-off="{escape(off)}"{" checked" if now == on else ""}>'
                f'<span class="knob" aria-hidden="true"></span></label>')
            continue
        opts = "".join(
            f'<label class="opt"><input type="radio" name="{house.PREFIX}{s.key}" value="{escape(house.text(v))}" '
            f'id="house-{s.key}-{i}"{" checked" if house.text(v) == now else ""}>'
            f'<span class="opt-title">{t.house_value(s.key, v)}</span></label>'
            for i, v in enumerate(s.offered))
        rows.append(f'<div class="house-row" role="radiogroup" aria-labelledby="house-{s.key}-title">'
                    f'<span class="sw-text"><span class="opt-title" id="house-{s.key}-title">{title}</span>'
                    f'<small>{hint}</small></span><div class="opts house-opts">{opts}</div></div>')
    if not rows:
        return ""
    return (f'<fieldset class="group house"><legend>{t.HOUSE_LEGEND} · {t.FORMAT_TITLES[fmt]} '
            f'<small>{t.HOUSE_NOTE}</small></legend>{"".join(rows)}</fieldset>')


PEN_COLUMNS = common.pass_mark_tables()
"""The pass-mark tables in the rules dialog's penalty table, one per way of scoring."""


def penalty_table(t: ModuleType = texts) -> str:
    """The rules dialog's penalties per deal, each number asked of the rule sets."""
    bands = {f: common.pass_bands(f) for f in PEN_COLUMNS}
    marks = {f: FORMATS[f].pass_mark for f in PEN_COLUMNS}

    def row(title: str, cell) -> str:
        return f'<tr><th scope="row">{title}</th>' + "".join(f"<td>{cell(f)}</td>" for f in PEN_COLUMNS) + "</tr>"

    head = "".join(f'<th scope="col">{t.PEN_COLUMN_TITLES[f]}</th>' for f in PEN_COLUMNS)
    declaring = common.declaring_table()
    bura = FORMATS[declaring]
    b31 = common.declaration_bands(declaring)
    top, passed, below, zero = t.PEN_ROWS
    return (
        f'<table class="pen-table"><caption>{t.PEN_CAPTION}</caption>'
        f'<thead><tr><th scope="col">{t.PEN_HEAD}</th>{head}</tr></thead><tbody>'
        + row(top, lambda f: "0")
        + row(passed, lambda f: t.pen_pass_cell(marks[f], bands[f]["pass"]))
        + row(below, lambda f: f"1–{marks[f] - 1} → {bands[f]['below']}")
        + row(zero, lambda f: str(bands[f]["zero"]))
        + '</tbody></table>'
        f'<p class="fine">{t.pen_bura_note(bura.declaration, b31["lost"], b31["false"], common.shared_penalty_limit())}</p>'
    )


def signals_html(settings: dict[str, Any], t: ModuleType) -> str:
    """The device's own switches, «Звук» and «Вибрация» (``input[name=sound|vibrate]``, ids
    ``signal-…``: the early menu keeps them apart from a table's switches)."""
    rows = "".join(
        f'<label class="switch"><span class="sw-text"><span class="opt-title">{t.SIGNAL_TITLES[name]}</span>'
        f'<small>{t.SIGNAL_HINTS[name]}</small></span>'
        f'<input type="checkbox" name="{name}" id="signal-{name}" role="switch"'
        f'{" checked" if settings.get(name, True) else ""}>'
        '<span class="knob" aria-hidden="true"></span></label>' for name in storage.SIGNALS)
    return f'<fieldset class="group combos signals"><legend>{t.SIGNALS_LEGEND}</legend>{rows}</fieldset>'
def rules_house_html(changed: dict[str, Any], t: ModuleType = texts) -> str:
    """The rules dialog's first section: the house rules in force (the match's, else the
    chosen table's), one sentence each; nothing when every switch is at its default."""
    lines = t.house_lines(changed)
    if not lines:
        return ""
    body = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return f'<section class="house"><h3>{t.RULES_HOUSE_TITLE}</h3><ul>{body}</ul></section>'


def lang_html(t: ModuleType) -> str:
    """The menu's language switch (``input[name=lang]``): each language named in itself."""
    opts = "".join(_radio("lang", code, code == t.LANG, f'<span lang="{code}">{t.LANG_TITLES[code]}</span>', "")
                   for code in languages.LANGS)
    return f'<fieldset class="group lang"><legend>{t.LANG_LEGEND}</legend><div class="opts langs">{opts}</div></fieldset>'


def rules_own_table(title: str, t: ModuleType = texts) -> str | None:
    """The table a section of the rules is the own of («Бура на кон», «Вдвоём: …»): its
    title is the table's, alone or before a colon; ``None`` for the sections every
    Буркозёл table shares."""
    return next((fmt for fmt, name in t.FORMAT_TITLES.items() if title == name or title.startswith(name + ":")), None)


def rules_html(t: ModuleType = texts) -> str:
    """«Правила этого стола»: every clause of RULES.md, in our own words.  A table's own
    section is marked (``data-table``): at that table it comes first (table.css), so a
    newcomer at «Бура на кон» does not read ten sections of Буркозёл before their own."""
    sections = []
    for i, (title, paras) in enumerate(t.RULES_SECTIONS):
        body = "".join(f"<li>{escape(p)}</li>" for p in paras)
        own = rules_own_table(title, t)
        mark = f' data-table="{own}"' if own else ""
        sections.append(f'<section{mark}><h3><span class="num">{i + 1:02d}</span> {escape(title)}</h3>'
                        f'<ul>{body}</ul></section>')
    bots = "".join(f"<li>{escape(p)}</li>" for p in t.RULES_DIFFICULTY)
    sections.append(f'<section><h3><span class="num">{len(t.RULES_SECTIONS) + 1:02d}</span> {t.RULES_BOTS}</h3>'
                    f'<ul>{bots}</ul></section>')
    table = penalty_table(t)
    return (
        f'<div class="dlg-head"><h2 id="rules-title">{t.RULES_TITLE}</h2>'
        f'<button type="button" class="x" data-action="close-rules" aria-label="{t.CLOSE_RULES}">×</button></div>'
        f'<div class="dlg-scroll" tabindex="0" role="region" aria-labelledby="rules-title">'
        f'<div id="rules-house" class="rules-house"></div>{"".join(sections)}{table}</div>'
        '<div class="dlg-buttons"><button type="button" class="btn primary" data-action="close-rules">'
        f'{t.TO_GAME}</button></div>'
    )
