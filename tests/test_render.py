"""The renderer on CPython: it draws only what seat 0 may know, and keeps the
test-hook contract (data-card, .back, #hand buttons) and the CSP (no inline style)."""

from __future__ import annotations

import random
import re

import pytest

import webpath  # noqa: F401

import game
import render
import storage
import texts
from burkozel.cards import DECK

from test_game import settings, step

DATA_CARD = re.compile(r'data-card="([^"]*)"')
BACK = re.compile(r'<span class="card back[^"]*"[^>]*>')


def all_markup(table: game.Table) -> str:
    ui = table.ui()
    ui["notices"] = []
    parts = render.regions(table.display(), ui)
    return "".join(parts.values()) + render.menu_html(table.settings, {"levels": table.levels})


def allowed_cards(table: game.Table) -> set[str]:
    """What seat 0 may see: its hand (shown), the face-up cards of the trick on
    the table, and the trump card while it lies under the stock."""
    d = table.display()
    seen = set(d["hand"])
    if d["trick"]:
        for p in d["trick"]["plays"]:
            seen.update(p["cards"])
    if d["stock"] > 0:
        seen.add(d["trump_card"])
    return seen


def hidden_cards(table: game.Table) -> set[str]:
    """Faces seat 0 must never see now: other hands, the stock, others' discards."""
    return {str(c) for c in table.match.round.unknown_to(0)}


@pytest.mark.parametrize("fmt", ["pairs", "four", "three"])
def test_no_hidden_card_ever_reaches_the_markup(fmt):
    table = game.Table(settings(fmt, difficulty="easy"), seed=21)
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
    table = game.Table(settings("four", combos=()), seed=2)
    table.new_match()
    rng = random.Random(9)
    while table.phase() != "round_end":
        step(table, rng)
    html = all_markup(table)
    assert "Раунд 1 окончен" in html
    assert not DATA_CARD.findall(render.result_html(table.display(), table.ui()))


def test_hand_hooks_and_selection():
    table = game.Table(settings("three"), seed=3)
    table.new_match()
    rng = random.Random(1)
    while not table.human_to_act():
        step(table, rng)
    card = str(table.view().hand[0])
    table.toggle(card)
    html = render.hand_html(table.display(), table.ui())
    buttons = re.findall(r'<button[^>]*data-card="([^"]+)"[^>]*aria-pressed="(true|false)"', html)
    assert len(buttons) == len(table.view().hand)
    assert [c for c, p in buttons if p == "true"] == [card]


def test_trump_hook_and_drawn_trump():
    table = game.Table(settings("three", combos=()), seed=4)
    table.new_match()
    d = table.display()
    html = render.deck_html(d, list(texts.SEAT_NAMES["three"]))
    assert f'id="trump"' in html and f'data-card="{d["trump_card"]}"' in html
    d = dict(d, stock=0, trump_drawn_by=1)
    html = render.deck_html(d, list(texts.SEAT_NAMES["three"]))
    assert 'id="trump"' in html and "data-card" not in html and "Запада" in html


def test_no_inline_styles_anywhere():
    """The page's CSP (style-src 'self') would refuse them with a console error."""
    table = game.Table(settings("pairs"), seed=5)
    table.new_match()
    html = render.skeleton() + all_markup(table) + render.rules_html()
    assert "style=" not in html and "<style" not in html and "javascript:" not in html


def test_every_card_face_renders():
    for c in DECK:
        svg = render.card_svg(str(c))
        assert svg.startswith("<svg") and svg.count("<use") >= 3
    assert render.sort_hand(["AS", "6H", "TS", "7C"], "S") == ["7C", "6H", "TS", "AS"]


def test_rules_cover_every_section_of_the_rule_book():
    html = render.rules_html()
    for needle in ("36", "десятка сильнее короля", "120", "31", "21", "последней", "рубашкой",
                   "самые дешёвые", "12 или больше", "золотая Москва", "малая Москва", "три секунды",
                   "Следующий раунд", "Чужие руки", "К игре →"):
        assert needle in html, needle


def test_menu_inputs_contract():
    html = render.menu_html(storage.default_settings(), {"levels": ("easy", "medium", "hard")})
    for v in ("pairs", "four", "three"):
        assert f'name="format" value="{v}"' in html
    for v in ("easy", "medium", "hard"):
        assert f'name="difficulty" value="{v}"' in html
    for c in storage.COMBOS:
        assert f'type="checkbox" name="{c}"' in html
