"""English beside Russian: every text in both languages, the
table drawn in English without a Russian word, ranks A/K/Q/J, the language kept
in the settings and chosen from the browser when none is saved."""

from __future__ import annotations

from dataclasses import replace
import json
import random
import re

import pytest

import webpath  # noqa: F401

from table.view import coachview
from table.coach import hint
from table.p2p import view as peerview
from table.view import card_art, render
from table.coach import stats
from table.coach import story
from table.i18n import languages
from burkozel import FORMATS
from burkozel.cards import DECK
from table.match import storage, table_bots
from table.match.table import Table
from test_game import at_first_turn, human_click, settings, step

texts = languages.for_lang("ru")
texts_en = languages.for_lang("en")

CYRILLIC = re.compile(r"[\u0400-\u04FF]")
NAMED_IN_ITSELF = [f'<span lang="{code}">{title}</span>' for code, title in texts.LANG_TITLES.items()]
"""The language switch names each language in itself (marked ``lang``): the only other words allowed."""


def unnamed(markup: str) -> str:
    """``markup`` without the language switch's names."""
    for name in NAMED_IN_ITSELF:
        markup = markup.replace(name, "")
    return markup


def strings(value: object):
    """Every string inside a text constant (dicts, tuples, nested)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from strings(k)
            yield from strings(v)
    elif isinstance(value, (tuple, list)):
        for v in value:
            yield from strings(v)


def test_no_cyrillic_in_any_english_text():
    for name, value in texts_en.catalogue.words.items():
        for s in strings(value):
            assert not CYRILLIC.search(s), (name, s)
    for section in (texts_en.catalogue.sentences, texts_en.catalogue.counts, texts_en.catalogue.seats, texts_en.catalogue.boot):
        for s in strings(section):
            assert not CYRILLIC.search(s), s


def test_english_ranks_and_card_names():
    assert [texts_en.RANK_LABELS[r] for r in "AKQJT"] == ["A", "K", "Q", "J", "10"]
    assert [texts.RANK_LABELS[r] for r in "AKQJT"] == ["Т", "К", "Д", "В", "10"]
    assert texts_en.card_name("QS") == "queen of spades" and texts.card_name("QS") == "дама пик"
    assert texts_en.card_short("AH") == "A♥" and texts.card_short("AH") == "Т♥"
    # Only the labels follow the language: the card's id in the markup is the engine's.
    ui = {"lang": "en", "phase": "play", "selection": []}
    hand = render.hand_html({"hand": ["AS", "JD"], "held": ["JD", "AS"], "trump_suit": "H"}, ui)
    assert 'data-card="AS"' in hand and 'aria-label="A, ace of spades"' in hand and ">A</text>" in hand
    assert 'aria-label="J, jack of diamonds"' in hand and ">J</text>" in hand
    assert ">Т</text>" in render.hand_html({"hand": ["AS"], "held": ["AS"], "trump_suit": "H"}, {**ui, "lang": "ru"})


def test_for_lang_and_the_browsers_language():
    assert languages.for_lang("en").LANG == "en" and languages.for_lang("uk").LANG == "uk"
    assert languages.for_lang("ru") is texts and languages.for_lang(None) is texts and languages.for_lang("de") is texts
    for langs, lang in ((["ru-RU"], "ru"), (["uk"], "uk"), (["uk-UA", "ru"], "uk"), (["be-BY", "en"], "ru"),
                        (["kk-KZ"], "ru"), (["en-US", "ru"], "en"), (["de-DE"], "en"), ([], "en"), ([""], "en"),
                        (["RU"], "ru")):
        assert languages.lang_for_browser(langs) == lang, langs


def test_a_notice_follows_the_language():
    assert languages.translate(texts.NOTICE_STORAGE_OFF, texts_en) == texts_en.NOTICE_STORAGE_OFF
    assert languages.translate(texts_en.NOTICE_STORAGE_OFF, texts) == texts.NOTICE_STORAGE_OFF
    assert languages.translate("Аня", texts_en) == "Аня"
    markup = render.notices_html([texts.NOTICE_MATCH_OLD], texts_en)
    assert texts_en.NOTICE_MATCH_OLD in markup and not CYRILLIC.search(markup)


# --- the settings keep the language ----------------------------------------------------------


def test_old_settings_without_a_language_load_with_the_browsers():
    old = storage.dump_settings(storage.default_settings())
    data = json.loads(old)
    del data["lang"]
    for lang in texts.LANGS:
        loaded, notices = storage.load_settings(json.dumps(data), lang)
        assert loaded["lang"] == lang and notices == []
        assert loaded == storage.default_settings(lang)
    # Nothing saved at all: the browser's language.
    assert storage.load_settings(None, "en")[0]["lang"] == "en"


def test_a_saved_language_wins_over_the_browsers_and_round_trips():
    s = storage.default_settings("en")
    loaded, notices = storage.load_settings(storage.dump_settings(s), "ru")
    assert loaded["lang"] == "en" and notices == []
    s = storage.default_settings("ru")
    assert storage.load_settings(storage.dump_settings(s), "en")[0]["lang"] == "ru"


def test_a_foreign_language_value_is_dropped_with_a_notice():
    data = json.loads(storage.dump_settings(storage.default_settings()))
    data["lang"] = "klingon"
    loaded, notices = storage.load_settings(json.dumps(data), "en")
    assert loaded["lang"] == "en" and notices == [texts.NOTICE_SETTINGS_PARTIAL]


# --- the whole table in English -----------------------------------------------------------


def english(fmt: str, **kw) -> dict:
    s = settings(fmt, **kw)
    s["lang"] = "en"
    return s


def drawn(table: Table) -> str:
    """Everything the page would show of ``table``: regions, menu, rules, panels."""
    ui = replace(table.ui(), notices=tuple(table.notices))
    view = table.display()
    t = table.texts
    names = list(table.names)
    parts = list(render.regions(view, ui).values())
    parts.append(render.menu_html(table.settings, {"levels": table.levels, "can_continue": True}))
    parts.append(render.skeleton(t))
    parts.append(coachview.last_trick_panel(view, names, t))
    if table.info is not None:
        frames = story.frames(table.info.rules, table.info.seed, table.rounds, table.info.first_deal,
                              fresh=table.info.fresh_match())
        parts.append(coachview.review_panel(frames, len(frames) // 2, names, t))
    parts.append(coachview.share_panel([(0, "https://example.org/?s=1")], {"deal": 0, "commit": "ab12 cd34"}, t))
    parts.append(coachview.key_line({"deal": 0, "commit": "ab12", "key": "0" * 64, "check": "?c", "next": "ef"}, t))
    parts.append(coachview.verdict_html(("ab12", False), t) + coachview.verdict_html(("ab12", True), t)
                 + coachview.verdict_html(("ab12", None), t) + coachview.share_panel([], None, t))
    record, key = stats.load(None)[0], stats.table_key(table.settings["format"], "easy")
    if view is not None and view.get("round_points") is not None:
        stats.record_deal(record, key, "deal", stats.outcome(view, 1))  # the panel's rows and chart too
    parts.append(coachview.stats_panel(record, key, t))
    for step_name in ("intro", "host-show", "guest-paste", "guest-show", "failed", "unsupported"):
        parts.append(peerview.dialog_html({"step": step_name, "code": "ABC", "name": "West"}, t))
    parts.append(peerview.bar_html([{"seat": 1, "name": "West", "status": s}
                                    for s in ("up", "waiting", "away", "bot", "lost")], t))
    return "".join(parts)


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_a_whole_match_in_english_has_no_russian_word(fmt):
    table = Table(english(fmt), seed=7)
    table.new_match()
    rng = random.Random(fmt)
    seen = set()
    for _ in range(3000):
        markup = unnamed(drawn(table))
        found = CYRILLIC.findall(markup)
        assert not found, (fmt, table.phase(), CYRILLIC.search(markup) and markup[
            max(0, CYRILLIC.search(markup).start() - 80):CYRILLIC.search(markup).start() + 80])
        seen.add(table.phase())
        if not step(table, rng):
            break
    assert {"play", "round_end", "match_end"} <= seen
    assert table.ui()["prompt"] == texts_en.MATCH_OVER and table.ui()["lang"] == "en"


def test_refusals_and_prompts_speak_english():
    rng = random.Random(3)
    table = at_first_turn(english("pairs"), 3, rng)
    reasons = {a["reason"] for a in table.actions().values()} - {""}
    assert reasons & {texts_en.NO_SELECTION_LEAD, texts_en.NO_SELECTION_BEAT, texts_en.AUTO_DISCARD}
    assert not any(CYRILLIC.search(r) for r in reasons)
    assert table.ui()["prompt"].startswith(("Your lead", "Your answer"))
    assert table.act("declare") == texts_en.ANY_MOVE_REFUSED  # no «31» at this table
    human_click(table, rng)
    refusal = table.act("lead")  # just played: not this player's turn now
    assert refusal and not CYRILLIC.search(refusal)


def test_the_rules_dialog_in_english_covers_every_table():
    rules = render.rules_html(texts_en)
    assert not CYRILLIC.search(rules)
    for title in ("Pairs", "Head to head", "Bura «31»", "Leading out of turn", "Who knows what", "Fair play"):
        assert title in rules, title
    assert rules.count("<section>") == render.rules_html(texts).count("<section>")


def test_a_hint_in_english():
    rng = random.Random(5)
    table = at_first_turn(english("bura31"), 5, rng)
    found = hint.run(table.view(), table_bots.TableHardBot("h", safety_ms=None))
    markup = coachview.hint_html(found, texts_en)
    assert "Hard bot" in markup and not CYRILLIC.search(markup)


def test_the_english_page_frame():
    attrs = render.frame_attrs(texts_en)
    assert attrs["html"] == {"lang": "en"} and attrs["#hand"] == {"aria-label": "Your cards"}
    assert render.frame_attrs(texts)["html"] == {"lang": "ru"}
    frame = render.skeleton(texts_en)
    assert not CYRILLIC.search(frame) and 'id="menu-open"' in frame and 'id="rules-open"' in frame
    menu = render.menu_html(storage.default_settings("en"), {})
    assert 'name="lang" value="en" id="lang-en" checked' in menu and 'name="lang" value="ru"' in menu
    # The switch names each language in itself; nothing else in the English menu is Russian.
    assert all(name in menu for name in NAMED_IN_ITSELF) and CYRILLIC.findall(unnamed(menu)) == []


def test_every_card_face_in_both_languages():
    for t in (texts, texts_en):
        for card in DECK:
            svg = card_art.card_svg(str(card), t)
            assert f">{t.RANK_LABELS[str(card)[0]]}</text>" in svg


@pytest.mark.parametrize("lang", ["ru", "en", "uk"])
def test_every_table_but_the_four_card_ones_has_one_own_section_of_the_rules(lang):
    """The rules dialog puts the chosen table's own section first (render.rules_html): each table
    that is not Буркозёл «четыре листа» finds exactly one, in every language."""
    from table.view import render

    t = languages.for_lang(lang)
    owners = [render.rules_own_table(title, t) for title, _ in t.RULES_SECTIONS]
    for fmt in FORMATS:
        assert owners.count(fmt) == (0 if fmt in ("pairs", "four", "three") else 1), (fmt, owners)
    assert 'data-table="bura_pot"' in render.rules_html(t)
