"""The rules dialog quotes each table's numbers from its rule set under neutral names:
the dialog reads word for word as it did when the facts were picked by table name
(``data/rules_dialog/<code>.html``, rendered before the change), every catalogue
names the same rule sets, and a section quoting a fact its rule set lacks, or
naming no rule set at all, is refused with a clear message."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

import webpath  # noqa: F401

from burkozel import FORMATS
from table.i18n import common, languages
from table.i18n.catalogue import Catalogue, CatalogueError
from table.i18n.facts import table_facts
from table.i18n.texts import Texts
from table.match import table as game
from table.view import render
from test_catalogues import RUSSIAN, catalogue
from test_game import settings, step

EXPECTED = Path(__file__).parent / "data" / "rules_dialog"


@pytest.mark.parametrize("code", sorted(p.stem for p in EXPECTED.glob("*.html")))
def test_the_rules_dialog_reads_as_it_did_in_every_language(code):
    assert code in languages.LANGS
    expected = (EXPECTED / f"{code}.html").read_text(encoding="utf-8").rstrip("\n")
    assert render.rules_html(languages.for_lang(code)) == expected


def test_every_language_has_its_rules_dialog_pinned():
    assert {p.stem for p in EXPECTED.glob("*.html")} == set(languages.LANGS)


def rule_sets(data: dict) -> list:
    """Which rule set each section and each paragraph of a catalogue's rules describes."""
    return [(s.get("rules"), [p.get("rules") if isinstance(p, dict) else None for p in s["paragraphs"]])
            for s in data["words"]["RULES_SECTIONS"]]


@pytest.mark.parametrize("code", [c for c in languages.LANGS if c != "ru"])
def test_every_catalogue_names_the_russian_rule_sets(code):
    assert rule_sets(catalogue(code)) == rule_sets(RUSSIAN)


def test_the_rule_sets_named_are_tables_and_quote_their_own_numbers():
    named = {fmt for section, paragraphs in rule_sets(RUSSIAN) for fmt in (section, *paragraphs) if fmt}
    assert named <= set(FORMATS) and len(named) >= 4
    ru = languages.for_lang("ru")
    by_title = dict(ru.RULES_SECTIONS)
    for section in RUSSIAN["words"]["RULES_SECTIONS"]:
        fmt = section.get("rules")
        if fmt and "{hand}" in "".join(p if isinstance(p, str) else p["text"] for p in section["paragraphs"]):
            assert str(table_facts(fmt)["hand"]) in " ".join(by_title[section["title"]]), fmt


def texts_with(edit) -> Texts:
    data = catalogue("uk")
    edit(data["words"]["RULES_SECTIONS"])
    return Texts(Catalogue.from_json("uk", json.dumps(data, ensure_ascii=False)), {"uk": "Українська"})


def test_a_section_quoting_what_its_rule_set_lacks_is_refused_clearly():
    def pot_limit(sections):
        pot = next(s for s in sections if s.get("rules") == "bura_pot")
        pot["paragraphs"][0] += " {limit}"

    with pytest.raises(CatalogueError, match=r"quotes \{limit\}, which the rule set 'bura_pot' has not"):
        texts_with(pot_limit)


def test_a_section_naming_no_rule_set_quotes_only_what_all_share():
    def unnamed(sections):
        del next(s for s in sections if s.get("rules") == "duel")["rules"]

    with pytest.raises(CatalogueError, match=r"quotes \{hand\}, which a section naming no rule set has not"):
        texts_with(unnamed)


def test_a_section_naming_an_unknown_rule_set_is_refused_clearly():
    def unknown(sections):
        sections[-1]["rules"] = "poker"

    with pytest.raises(CatalogueError, match="names the rule set 'poker', which is none of pairs"):
        texts_with(unknown)


def test_the_penalty_note_quotes_the_limit_all_tables_share(monkeypatch):
    assert common.shared_penalty_limit() == FORMATS["bura31"].penalty_limit
    monkeypatch.setitem(FORMATS, "duel", replace(FORMATS["duel"], penalty_limit=FORMATS["duel"].penalty_limit + 9))
    with pytest.raises(ValueError, match="different penalty limits"):
        common.shared_penalty_limit()


def test_a_pot_result_quotes_no_penalties():
    """At a table played for chips nobody gets penalty points: no note says how they are given."""
    s = settings("bura_pot")
    s["lang"] = "en"
    table = game.Table(s, seed=3)
    table.new_match()
    rng = random.Random(1)
    while table.phase() != "round_end" and step(table, rng):
        pass
    result = render.regions(table.display(), table.ui())["result-body"]
    assert "pot-line" in result and "penalty points" not in result
    assert languages.for_lang("en").penalty_note("bura_pot") == ""
    assert f"{FORMATS['four'].penalty_limit} penalty points" in languages.for_lang("en").penalty_note("four")
