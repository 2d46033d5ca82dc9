"""The renderer on CPython: it draws only what seat 0 may know, and keeps the
test-hook contract (data-card, .back, #hand buttons) and the CSP (no inline style)."""

from __future__ import annotations

import random
import re

import pytest

import webpath  # noqa: F401

from table.view import card_art, render
from table.match import storage
from table.i18n import languages
from burkozel.cards import DECK, held_order
from table.match.table import Table

from test_game import at_first_turn, settings, step

texts = languages.for_lang("ru")

DATA_CARD = re.compile(r'data-card="([^"]*)"')
BACK = re.compile(r'<span class="card back[^"]*"[^>]*>')


def all_markup(table: Table) -> str:
    ui = table.ui()
    parts = render.regions(table.display(), ui)
    return "".join(parts.values()) + render.menu_html(table.settings, {"levels": table.levels})


def allowed_cards(table: Table) -> set[str]:
    """What seat 0 may see: its hand (shown), the face-up cards of the trick on
    the table, the trump card while it lies under the stock, and the cards a бура
    or a Москва won the deal with (RULES-house.md §3.7: every seat sees them)."""
    d = table.display()
    seen = set(d["hand"])
    if d["end"] in ("bura", "moscow"):
        seen.update(str(c) for c in table.match.round.hands[d["ended_by"]])
    if d["trick"]:
        for p in d["trick"]["plays"]:
            seen.update(p["cards"])
    if d["stock"] > 0:
        seen.add(d["trump_card"])
    return seen


def hidden_cards(table: Table) -> set[str]:
    """Faces seat 0 must never see now: other hands, the stock, others' discards."""
    return {str(c) for c in table.match.round.unknown_to(0)}


@pytest.mark.parametrize("fmt,discard", [("pairs", None), ("four", None), ("three", None), ("duel", "closed"),
                                         ("duel", "open"), ("bura31", "open"), ("bura31", "closed")])
def test_no_hidden_card_ever_reaches_the_markup(fmt, discard):
    table = Table(settings(fmt, difficulty="easy", discard=discard), seed=21)
    table.new_match()
    rng = random.Random(fmt)
    for _ in range(3000):
        html = all_markup(table)
        shown = set(DATA_CARD.findall(html))
        assert shown <= allowed_cards(table)
        for c in hidden_cards(table) - allowed_cards(table):
            assert f'"{c}"' not in html and texts.card_name(c) not in html, c
        for tag in BACK.findall(html):
            assert "data-card" not in tag and "aria-label" not in tag
        if not step(table, rng):
            break
    assert table.phase() == "match_end"


def test_face_down_discards_stay_backs_and_the_round_end_shows_totals_only():
    table = Table(settings("four", combos=()), seed=2)
    table.new_match()
    rng = random.Random(9)
    while table.phase() != "round_end":
        step(table, rng)
    html = all_markup(table)
    assert "Раздача 1 окончена" in html
    assert not DATA_CARD.findall(render.result_html(table.display(), table.ui()))


def test_hand_hooks_and_selection():
    rng = random.Random(1)
    table = at_first_turn(settings("three"), 3, rng)
    card = str(table.view().hand[0])
    table.toggle(card)
    html = render.hand_html(table.display(), table.ui())
    buttons = re.findall(r'<button[^>]*data-card="([^"]+)"[^>]*aria-pressed="(true|false)"', html)
    assert len(buttons) == len(table.view().hand)
    assert [c for c, p in buttons if p == "true"] == [card]
    assert [c for c, _ in buttons] == [str(c) for c in held_order(table.view().hand, table.view().trump)]


def test_trump_hook_and_drawn_trump():
    table = Table(settings("three", combos=()), seed=4)
    table.new_match()
    d = table.display()
    html = render.deck_html(d, list(texts.SEAT_NAMES["three"]))
    assert 'id="trump"' in html and f'data-card="{d["trump_card"]}"' in html
    d = dict(d, stock=0, trump_drawn_by=1)
    html = render.deck_html(d, list(texts.SEAT_NAMES["three"]))
    assert 'id="trump"' in html and "data-card" not in html and "Запада" in html


def test_no_inline_styles_anywhere():
    """The page's CSP (style-src 'self') would refuse them with a console error."""
    table = Table(settings("pairs"), seed=5)
    table.new_match()
    html = render.skeleton() + all_markup(table) + render.rules_html()
    assert "style=" not in html and "<style" not in html and "javascript:" not in html


def test_every_card_face_renders():
    for c in DECK:
        svg = card_art.card_svg(str(c))
        assert svg.startswith("<svg") and svg.count("<use") >= 3


def test_rules_cover_every_section_of_the_rule_book():
    html = render.rules_html()
    for needle in ("36", "десятка сильнее короля", "120", "31", "21", "последней", "рубашкой",
                   "самые дешёвые", "12 или больше", "золотая Москва", "малая Москва", "три секунды",
                   "Следующая раздача", "Чужие руки", "К игре →",
                   # the two-player tables (RULES-variants.md), numbers from their rule sets
                   "Вдвоём: Буркозёл один на один", "по 4 карты", "первым тянет заходивший", "«4 лба»",
                   "60 на 60 — ничья", "при 32–59 очках", "Бура «31»", "по 3 карты", "сразу выигрывает раздачу",
                   "не раньше, чем сыграна первая взятка", "ложное «31»", "штраф вдвойне", "Москва (включается в меню)",
                   "32 и больше → 2", "1–31 → 4"):
        assert needle in html, needle


def test_menu_inputs_contract():
    s = storage.default_settings()
    for fmt, table in storage.FORMATS.items():
        s["format"] = fmt
        html = render.menu_html(s, {"levels": ("easy", "medium", "hard")})
        for v in ("pairs", "four", "three", "duel", "bura31"):
            assert f'name="format" value="{v}"' in html
        assert f'name="format" value="{fmt}" id="format-{fmt}" checked' in html
        for v in ("easy", "medium", "hard"):
            assert f'name="difficulty" value="{v}"' in html
        # Each table shows its own switches, on as that table's settings say; then the device's.
        assert re.findall(r'type="checkbox" name="([a-z_]+)"', html) == list(table.combo_ids) + list(
            storage.table_switches(fmt)) + list(table.house_combo_ids) + list(storage.SIGNALS)
        for c in table.combo_ids:
            on = f'type="checkbox" name="{c}" id="combo-{c}" role="switch" checked' in html
            assert on == (c in table.default_combos), (fmt, c)
        faces = re.findall(r'name="discard" value="(\w+)"', html)
        assert faces == (list(table.discard_faces) if len(table.discard_faces) > 1 else []), fmt
        if faces:
            assert f'name="discard" value="{table.discard_faces[0]}" id="discard-{table.discard_faces[0]}" checked' in html
    assert re.findall(r'name="format" value="\w+" id="format-\w+"[^>]*>\s*<span class="opt-title">([^<]+)', html) == \
        ["Пары 2×2", "Четверо", "Трое", "Вдвоём", "Бура «31»", "Бура на кон", "Бура на пять карт"]
    s["format"] = "bura31"
    assert "бура — три козыря — выигрывает раздачу всегда" in render.menu_html(s, {})


def finish_with(table: Table, rng: random.Random, wanted) -> dict:
    """Step until ``wanted(display)`` holds; returns that display."""
    for _ in range(5000):
        d = table.display()
        if d is not None and wanted(d):
            return d
        if not step(table, rng):
            table.next_round()
    raise AssertionError("never happened")


def discard_plays(d: dict) -> list[dict]:
    return [p for p in (d["trick"] or {"plays": []})["plays"] if p["kind"] == "discard" and p["seat"] != 0]


@pytest.mark.parametrize("fmt,discard", [("bura31", "open"), ("duel", "open"), ("bura31", "closed"),
                                         ("duel", "closed")])
def test_open_discards_lie_face_up_and_closed_ones_stay_backs(fmt, discard):
    table = Table(settings(fmt, discard=discard), seed=12)
    table.new_match()
    d = finish_with(table, random.Random(2), lambda d: discard_plays(d))
    html = render.trick_html(d, table.ui())
    play = discard_plays(d)[0]
    if discard == "open":
        assert play["cards"] and all(f'data-card="{c}"' in html for c in play["cards"])
        assert "discarded" in html
    else:
        assert not play["cards"]
        block = html.split(f'data-seat="{play["seat"]}"')[1]
        assert block.count("card back") >= play["count"] and "data-card" not in block.split("play-label")[0]


def test_declare_button_markup():
    table = Table(settings("bura31"), seed=6)
    table.new_match()
    rng = random.Random(3)
    d = finish_with(table, rng, lambda d: table.human_to_act() and d["trick"] is None)
    html = render.actions_html(table.ui())
    assert 'data-action="declare"' in html and "«31»" in html
    enabled = '<button type="button" class="btn act primary declare" data-action="declare"' in html
    assert enabled is d["legal"]["declare"]
    duel = Table(settings("duel"), seed=6)
    duel.new_match()
    assert 'data-action="declare"' not in render.actions_html(duel.ui())


@pytest.mark.parametrize("end,winner,by,points,line", [
    ("bura", 1, 1, [0, 0], "У соперника бура — три козыря: раздача его."),
    ("bura", 0, 0, [11, 0], "У вас бура — три козыря: раздача ваша."),
    ("moscow", 0, 0, [0, 0], "У вас Москва — три туза: раздача ваша."),
    ("declared", 0, 0, [33, 10], "Вы объявили «31» (33 очка) — раздача ваша."),
    ("false_declaration", 0, 1, [10, 25], "Соперник объявил «31», а набрал только 25 очков — ложное «31»: штраф 4."),
    ("cards_out", 1, None, [50, 70], "Карты кончились: больше очков у соперника."),
    ("cards_out", None, None, [60, 60], "Карты кончились, 60 на 60 — ничья, штрафов нет."),
])
def test_the_result_says_how_the_deal_ended(end, winner, by, points, line):
    table = Table(settings("bura31"), seed=6)
    table.new_match()
    d = finish_with(table, random.Random(5), lambda d: d["round_over"])
    d.update(end=end, deal_winner=winner, ended_by=by, round_points=points)
    if end == "false_declaration":
        d.update(round_penalties=[4 if s == by else 0 for s in range(2)])
    html = render.result_html(d, table.ui())
    assert f'<p class="deal-end">{line}</p>' in html
    assert "ложное «31» — 4 объявившему" in html and "до 12 штрафных" in html


def test_duel_result_and_score_come_from_the_rule_set():
    table = Table(settings("duel"), seed=7)
    table.new_match()
    d = finish_with(table, random.Random(5), lambda d: d["round_over"])
    html = render.result_html(d, table.ui())
    assert "60 на 60 — ничья. Проигравшему: 32 очка и больше — 2, 1–31 — 4, без очков — 6." in html
    score = render.score_html(d, table.ui())
    assert "выход 32" in score and "до 12" in score and "Соперник" in score


def test_closed_bura_shows_own_face_up_points_and_a_count_of_closed_cards():
    table = Table(settings("bura31", discard="closed"), seed=3)
    table.new_match()
    d = finish_with(table, random.Random(1), lambda d: d["unseen_taken"] > 0 and not d["round_over"])
    score = render.score_html(d, table.ui())
    t = languages.for_lang("ru")
    assert f'{d["points"]}<small class="unseen"' in score and f'и {t.cards_word(d["unseen_taken"])} рубашкой' in score
    assert "цель 31" in score


@pytest.mark.parametrize("lang, said", [("ru", "и 10 карт рубашкой"), ("en", "and 10 cards face down"),
                                        ("uk", "і 10 карт сорочкою")])
def test_the_closed_cards_beside_ones_points_read_as_cards_not_points(lang, said):
    """«2 +10 закр.» read like ten bonus points: the count says it is cards, face down."""
    t = languages.for_lang(lang)
    assert t.unseen_short(10) == said and "+" not in t.unseen_short(1)


@pytest.mark.parametrize("fmt, players, said, unsaid", [
    ("bura_pot", 6, "видны всем за столом", "обоим"), ("bura_pot", 3, "видны всем за столом", "обоим"),
    ("bura_pot", 2, "видны обоим", "всем"), ("bura31", None, "видны обоим", "всем"),
    ("duel", None, "видны обоим", "всем")])
def test_the_open_discard_switch_is_worded_by_the_seat_count(fmt, players, said, unsaid):
    s = storage.default_settings()
    s["format"] = fmt
    if players:
        s["tables"][fmt]["players"] = players
    html = render.menu_html(s, {})
    discard = html[html.index('name="discard"'):]
    discard = discard[:discard.index("</fieldset>")]
    assert said in discard and unsaid not in discard
    for lang in ("en", "uk"):
        t = languages.for_lang(lang)
        assert t.discard_hint("open", players or 2) == t.DISCARD_HINTS["open" if (players or 2) == 2 else "open_more"]


@pytest.mark.parametrize("combo,cards,title", [
    ("golden_moscow", ["AC", "AD", "AH", "AS"], "4 конца"),
    ("four_ends", ["TC", "TD", "TH", "TS"], "4 конца"),
    ("four_ends", ["AC", "AD", "AH", "AS"], "4 конца"),
    ("four_ends", ["AS", "TC", "TD", "TH"], "4 лба"),
    ("four_ends", ["AC", "AD", "TH", "TS"], "4 лба"),
    ("bura", ["6H", "7H", "8H", "9H"], "Бура"),
])
def test_duel_names_four_ends_and_four_foreheads(combo, cards, title):
    assert texts.combo_title("duel", combo, cards) == title
    assert texts.combo_title("pairs", combo, cards) == texts.COMBO_TITLES[combo]
    d = {"format": "duel", "trick": {"plays": [{"seat": 1, "kind": "lead", "count": 4, "cards": cards}],
                                     "combo": combo, "size": 4, "winner": 1, "finished": False, "leader": 1}}
    html = render.trick_html(d, {"names": ["Вы", "Соперник"], "positions": ["bottom", "top"]})
    assert f'<div class="combo-badge">{title}</div>' in html


@pytest.mark.parametrize("lang", ["ru", "en", "uk"])
def test_the_live_region_says_the_card_played_whose_turn_and_how_the_deal_ended(lang):
    """#live (polite) names the last play with its cards and the prompt after it, and at
    the round's end its title and how the deal ended — in the table's language."""
    t = languages.for_lang(lang)
    s = settings("duel", combos=())
    s["lang"] = lang
    table = Table(s, seed=5)
    table.new_match()
    rng = random.Random(2)
    heard = []
    while table.phase() != "round_end":
        d, ui = table.display(), table.ui()
        line = render.regions(d, ui)["live"]
        if d["trick"] and d["trick"]["plays"]:
            play = d["trick"]["plays"][-1]
            who = ui["names"][play["seat"]]
            assert line.startswith(who + ": " + t.KIND_LABELS[play["kind"]]), line
            named = [t.card_name(c) for c in play["cards"]] or [t.cards_word(play["count"])]
            assert all(n in line for n in named), (line, named)
        assert line.endswith(ui["prompt"]), (line, ui["prompt"])
        heard.append(line)
        step(table, rng)
    d, ui = table.display(), table.ui()
    end = render.regions(d, ui)["live"]
    assert end.startswith(t.round_over_title(1) + ". ")
    assert render.escape(t.deal_end_line("duel", d.get("end"), d.get("deal_winner"), d.get("ended_by"),
                                         list(d["round_points"]), ui["names"])) in end
    assert any(t.prompt_taken(ui["names"][0]) in h or t.prompt_taken(ui["names"][1]) in h for h in heard)


def test_a_pot_won_at_the_deal_shows_what_was_taken_and_every_players_chips():
    """A бура dealt in the first deal ends it before anyone moves: the pot line says
    the antes were taken, and the table has each player's gain or loss and stack —
    no penalty columns, which a pot does not have."""
    for seed in range(200):
        table = Table(settings("bura_pot"), seed=seed)
        table.new_match()
        if table.match.round.is_over and table.match.round.winner is not None:
            break
    else:
        raise AssertionError("no first deal won at the deal")
    out = table.match.round.outcome()
    pot = table.match.rules.players * table.match.rules.ante
    assert out.taken == pot and sum(out.chips_won) == 0
    html = render.result_html(table.display(), table.ui())
    assert texts.chips_word(pot) in re.search(r'<p class="pot-line">([^<]*)</p>', html)[1]
    heads = re.findall(r'<th scope="col">([^<]*)</th>', html)
    assert heads == list(texts.POT_RESULT_COLUMNS) and "Штраф" not in html
    won = [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td>(.*?)</td>", html)]
    assert won[1::3] == [render.signed(g) for g in out.chips_won]
    assert [int(c) for c in won[2::3]] == list(table.match.chips)
    assert f"+{pot - table.match.rules.ante}" in won and "\u2212" + str(table.match.rules.ante) in won


@pytest.mark.parametrize("lang, paid, unsaid", [("ru", "Запад докладывает в банк столько же", "штраф"),
                                                ("en", "West pays into the pot as much as it held", "penalt"),
                                                ("uk", "Захід докладає в банк стільки ж", "штраф")])
def test_a_false_31_at_the_pot_says_the_chips_it_pays_not_a_penalty(lang, paid, unsaid):
    """The pot has no penalties: a false «31» pays the pot's amount into it and the deal
    is played again — said from the deal's outcome, in every language."""
    from burkozel import Match, Move, TableRules
    from potdeck import pot_deck

    deck = pot_deck(3, 0, ["6H 7H 8H", "AD 6D 7D", "6C 7C 8C"], "9S")
    match = Match(TableRules("bura_pot", players=3), seed=0, dealer=0, decks=[deck])
    for move in (Move.lead("AD"), Move.discard(), Move.discard(), Move.declare()):
        match.push(move)
    d = match.view(0).to_dict()
    assert d["end"] == "false_declaration" and d["ended_by"] == 1
    t = languages.for_lang(lang)
    line = t.deal_end_line("bura_pot", d["end"], d["deal_winner"], d["ended_by"], d["round_points"],
                           t.SEATS_BY_COUNT[3], d["round_penalties"], d["chips_won"])
    assert paid in line and unsaid not in line.lower(), line
    bura = languages.for_lang(lang).deal_end_line("bura31", "false_declaration", 0, 1, [10, 25], None, [0, 4], ())
    assert bura.endswith(t.say("false_penalty", penalty=4) + ".")


@pytest.mark.parametrize("lang", ["ru", "en", "uk"])
def test_a_deal_over_before_the_first_move_shows_the_players_dealt_cards(lang):
    """A bot's бура at the deal: the game used to open on a result with no card seen. The
    result now shows the hand the player was dealt and the trump, and says why."""
    from burkozel import Match, TableRules
    from potdeck import pot_deck

    deck = pot_deck(3, 0, ["6C 7C 8C", "9C JC QC", "6H 7H 8H"], "AH")
    match = Match(TableRules("bura_pot", players=3), seed=0, dealer=0, decks=[deck])
    assert match.round.is_over and match.round.winner == 2
    t = languages.for_lang(lang)
    d = match.view(0).to_dict()
    ui = {"phase": "round_end", "lang": lang, "names": list(t.SEATS_BY_COUNT[3])}
    html = render.result_html(d, ui)
    assert t.dealt_line("H") in html
    dealt = html[html.index('class="dealt"'):]
    assert re.findall(r'data-card="(\w\w)"', dealt) == ["6C", "7C", "8C", "AH"]
    # The winner's бура is shown to all (RULES-house.md §3.7); the third hand stays its own.
    assert t.shown_line(t.SEATS_BY_COUNT[3][2]) in html
    assert re.findall(r'data-card="(\w\w)"', html[html.index('class="dealt shown"'):html.index('class="dealt"')]) == [
        "6H", "7H", "8H"]
    assert "9C" not in html and "QC" not in html
    # Once a card is played, the result says nothing of the deal's start.
    table = Table(settings("bura31"), seed=6)
    table.new_match()
    d = finish_with(table, random.Random(5), lambda d: d["round_over"] and d["history"])
    assert 'class="dealt"' not in render.result_html(d, table.ui())


@pytest.mark.parametrize("fmt", ["pairs", "bura31", "bura_pot"])
def test_a_watchers_points_box_is_a_dash_with_no_title_of_its_own_side(fmt):
    """A side's points are its own until the deal's end: a watcher by link, on no side, reads a
    dash and no «Очки вашей стороны» title, at a four-card table, at Бура and at a pot; a
    player reads its points under that title."""
    table = Table(settings(fmt), seed=3)
    table.new_match()
    d = finish_with(table, random.Random(2), lambda d: d["points"] > 0 and not d["round_over"])
    t = languages.for_lang("ru")
    mine = render.score_html(d, table.ui())
    assert f'title="{t.SCORE_TITLE}"' in mine and f'<b class="val">{d["points"]}' in mine
    watched = render.score_html({**d, "points": 0, "unseen_taken": 0}, {**table.ui(), "watching": True})
    assert t.SCORE_TITLE not in watched and '<b class="val">—</b>' in watched


@pytest.mark.parametrize("fmt", ["pairs", "bura31", "bura_pot"])
def test_a_watchers_result_and_stacks_mark_no_row_or_stack_as_its_own(fmt):
    """A watcher by link is on no side: at a deal's end no row of its result is lit as its own,
    and at a pot no stack is; a player's own row (and stack) is."""
    table = Table(settings(fmt), seed=5)
    table.new_match()
    d = finish_with(table, random.Random(3), lambda d: d["round_over"])
    ui = table.ui()
    own_row = re.compile(r'<tr class="[^"]*\bmine\b')
    assert own_row.search(render.result_html(d, ui))
    watched = {**ui, "watching": True}
    assert not own_row.search(render.result_html(d, watched))
    if fmt == "bura_pot":
        assert "chip mine" in render.score_html(d, ui) and "chip mine" not in render.score_html(d, watched)
