"""The languages are their catalogues: every catalogue has the Russian one's keys and
placeholders, the language list is the catalogues found, a new catalogue dropped into
the folder is picked up, its plural rule and seat cases are used, a broken one is
refused with a clear message, and a whole match in Ukrainian shows no Russian."""

from __future__ import annotations

import json
import random
import re
from html import unescape
import shutil
import string
from pathlib import Path

import pytest

import webpath  # noqa: F401

from table.i18n import languages
from table.i18n.catalogue import Catalogue, CatalogueError
from table.match import table as game
from burkozel import FORMATS
from burkozel.cards import DECK
from table.view import card_art, coachview
from test_game import settings, step
from test_language import drawn, unnamed

FOLDER = Path(languages.FOLDER)
RUSSIAN = json.loads((FOLDER / "ru.json").read_text(encoding="utf-8"))
NAME_FORMS = {"name", "gen", "ins", "subj", "Subj"}
"""Placeholders a sentence may choose among for the same seat (each language its case)."""
ONLY_RUSSIAN = re.compile(r"[ЁёЫыЭэЪъ]")


def catalogue(code: str) -> dict:
    return json.loads((FOLDER / f"{code}.json").read_text(encoding="utf-8"))


def placeholders(text: str) -> set[str]:
    found = {name for _, name, _, _ in string.Formatter().parse(text) if name}
    return {"<seat>" if name in NAME_FORMS else name for name in found}


def shape(value: object, path: str = "") -> dict[str, object]:
    """Every leaf of a catalogue section by its path, as the placeholders it holds;
    lists by position, dicts by key."""
    if isinstance(value, dict):
        return {k: v for key, item in value.items() for k, v in shape(item, f"{path}.{key}").items()}
    if isinstance(value, list):
        return {k: v for i, item in enumerate(value) for k, v in shape(item, f"{path}[{i}]").items()}
    return {path: placeholders(value) if isinstance(value, str) else type(value)}


@pytest.mark.parametrize("code", [c for c in languages.LANGS if c != "ru"])
def test_every_catalogue_has_the_russian_keys_and_placeholders(code):
    other = catalogue(code)
    assert set(other) == set(RUSSIAN)
    for section in ("sentences", "words", "boot", "typed_name"):
        ru, theirs = shape(RUSSIAN[section]), shape(other[section])
        assert set(theirs) == set(ru), (section, set(theirs) ^ set(ru))
        differ = {k for k in ru if ru[k] != theirs[k]}
        assert not differ, (section, {k: (ru[k], theirs[k]) for k in differ})
    assert set(other["seats"]) == set(RUSSIAN["seats"]) and set(other["counts"]) == set(RUSSIAN["counts"])
    for forms in other["counts"].values():
        assert all(placeholders(f) == {"n"} for f in forms.values())


def test_the_language_list_is_the_catalogues():
    files = {p.stem for p in FOLDER.glob("*.json")}
    assert set(languages.LANGS) == files and len(files) >= 3
    assert languages.LANGS[0] == languages.DEFAULT == "ru"
    for code in languages.LANGS:
        t = languages.for_lang(code)
        assert t.LANG == code and t.LANG_TITLES == {c: catalogue(c)["language"]["name"] for c in languages.LANGS}


def test_a_new_catalogue_dropped_in_is_all_it_takes(tmp_path):
    folder = tmp_path / "catalogues"
    shutil.copytree(FOLDER, folder)
    made_up = catalogue("uk")
    made_up["language"].update(code="xx", name="Xx", readers=["xx"])
    made_up["seats"]["west"] = {"name": "Wx", "gen": "of Wx", "ins": "with Wx"}
    (folder / "xx.json").write_text(json.dumps(made_up, ensure_ascii=False), encoding="utf-8")
    found = languages.all_texts(str(folder))
    assert list(found) == ["ru", "en", "uk", "xx"]
    xx = found["xx"]
    assert xx.LANG_TITLES["xx"] == "Xx" and found["ru"].LANG_TITLES["xx"] == "Xx"
    assert languages.lang_for_browser(["xx-YY", "en"], found) == "xx"
    assert languages.lang_for_browser(["de"], found) == "en"
    assert xx.SEAT_NAMES["four"][1] == "Wx" and xx.trump_drawn("Wx") == "козир у of Wx"
    assert xx.winners_line("three", [1], xx.SEAT_NAMES["three"]) == "Перемога за with Wx"


def test_the_build_index_lists_the_catalogues_in_a_zip(tmp_path):
    """In web.zip the folder has no listing: the build's index.json is read instead."""
    folder = tmp_path / "catalogues"
    shutil.copytree(FOLDER, folder)
    (folder / languages.INDEX).write_text(json.dumps(["en", "ru"]), encoding="utf-8")
    assert languages.catalogue_codes(str(folder)) == ["en", "ru"]
    assert list(languages.all_texts(str(folder))) == ["ru", "en"]


def test_plural_forms_follow_each_catalogues_rule():
    ru, uk, en = (languages.for_lang(c) for c in ("ru", "uk", "en"))
    counts = (1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 0)
    assert [uk.cards_word(n) for n in counts] == [
        "1 карта", "2 карти", "4 карти", "5 карт", "11 карт", "12 карт", "14 карт", "21 карта", "22 карти", "25 карт",
        "101 карта", "111 карт", "0 карт"]
    assert [uk.points_word(n) for n in (1, 3, 31, 44, 120)] == ["1 очко", "3 очки", "31 очко", "44 очки", "120 очок"]
    assert [ru.points_word(n) for n in (1, 3, 31, 44, 120)] == ["1 очко", "3 очка", "31 очко", "44 очка", "120 очков"]
    assert [en.cards_word(n) for n in (1, 2, 0, 21)] == ["1 card", "2 cards", "0 cards", "21 cards"]
    assert uk.prompt_answer(1) == "Ваша відповідь: 1 карту — поб’єте чи скинете"


@pytest.mark.parametrize("code", languages.LANGS)
def test_every_face_up_card_is_named_first_by_the_index_it_shows(code):
    """WCAG 2.5.3 Label in Name: a card's name holds what its corner shows, as a word,
    then the card in words; axe does not read the SVG, so this is where it is held."""
    t = languages.for_lang(code)
    for card in map(str, DECK):
        name, index = t.card_label(card), t.RANK_LABELS[card[0]]
        assert set(re.findall(r'<text class="idx"[^>]*>([^<]*)</text>', card_art.card_svg(card, t))) == {index}
        assert re.split(r"\W+", name.lower())[0] == index.lower(), (code, card, name)
        assert name.endswith(t.card_name(card)) and t.RANK_NAMES[card[0]] in name, (code, card, name)


def test_the_taken_pile_is_named_with_the_count_it_shows():
    view = {"history": [{"winner": 0}, {"winner": 1}, {"winner": 0}], "sides": [[0], [1]], "side": 0}
    for code in languages.LANGS:
        pile = coachview.pile_html(view, languages.for_lang(code))
        name = re.search(r'aria-label="([^"]*)"', pile).group(1)
        assert "<b>2</b>" in pile and "2" in re.split(r"\W+", name), (code, name)


def test_ukrainian_cards_seats_and_sentences():
    uk = languages.for_lang("uk")
    assert [uk.RANK_LABELS[r] for r in "AKQJT"] == ["Т", "К", "Д", "В", "10"]
    assert uk.card_name("QS") == "дама пік" and uk.card_short("AH") == "Т♥"
    assert uk.SEAT_NAMES["pairs"] == ("Ви", "Захід", "Північ", "Схід") and uk.YOU == "Ви"
    assert uk.shout_combo("four", "bura", (), "Схід") == "Бура у Сходу!"
    assert uk.winners_line("pairs", [0], uk.SEAT_NAMES["pairs"]) == "Перемога ваша разом із Північчю!"
    assert uk.winners_line("four", [2]) == "Перемога за Північчю"
    assert uk.deal_end_line("bura31", "declared", 1, 1, [50, 35]) == "Суперник оголошує «31» (35 очок) — роздача за суперником."
    assert uk.prompt_taken("Ви") == "Взятка ваша" and uk.prompt_taken("Аня") == "Взятку бере Аня"
    assert "Ви" in languages.reserved_names() and "Вы" in languages.reserved_names()


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_a_whole_match_in_ukrainian_shows_no_russian(fmt):
    s = settings(fmt)
    s["lang"] = "uk"
    table = game.Table(s, seed=11)
    table.new_match()
    rng = random.Random(fmt)
    seen = set()
    for _ in range(3000):
        markup = unnamed(drawn(table))
        assert "{" not in re.sub(r"<[^>]*>", "", markup), (fmt, table.phase())
        found = ONLY_RUSSIAN.search(markup)
        assert not found, (fmt, markup[max(0, found.start() - 80):found.start() + 80])
        seen.add(table.phase())
        if not step(table, rng):
            break
    assert {"play", "round_end", "match_end"} <= seen
    assert table.ui()["prompt"] == languages.for_lang("uk").MATCH_OVER and table.ui()["lang"] == "uk"


@pytest.mark.parametrize("broken, message", [
    ("{", "not JSON"),
    (json.dumps({"language": {}}), "wants exactly the sections"),
])
def test_a_broken_catalogue_is_refused_clearly(broken, message):
    with pytest.raises(CatalogueError, match=message):
        Catalogue.from_json("xx", broken)


def test_a_catalogue_with_the_wrong_plural_forms_is_refused():
    data = catalogue("uk")
    data["counts"]["cards"] = {"one": "{n} карта", "other": "{n} карт"}
    with pytest.raises(CatalogueError, match="counts.cards wants the forms few, many, one"):
        Catalogue.from_json("uk", json.dumps(data))
    data = catalogue("uk")
    data["language"]["plural"] = "klingon"
    with pytest.raises(CatalogueError, match="language.plural must be one of"):
        Catalogue.from_json("uk", json.dumps(data))
    with pytest.raises(CatalogueError, match="not its file name"):
        Catalogue.from_json("xx", json.dumps(catalogue("uk")))


OTHER_WORDS_FOR_A_DEAL = {
    "ru": re.compile(r"раунд|(?<![а-яё])сдач[аиеуйм]?(?![а-яё])|(?<![а-яё])сдачей", re.I),
    "uk": re.compile(r"раунд|(?<![а-яіїєґ’])здач", re.I),
    "en": re.compile(r"\brounds?\b(?! the table)(?<!going round)|\bround's\b", re.I),
}
"""A deal is «раздача» / «роздача» / "deal" everywhere; «раунд», «сдача», «здача», "round" named the
same thing (the verb «сдавать», «сдающий» and "round the table" are other words)."""


@pytest.mark.parametrize("code", ["ru", "en", "uk"])
def test_one_word_for_a_deal_in_every_language(code):
    found = [(path, text) for path, text in _texts(catalogue(code))
             if OTHER_WORDS_FOR_A_DEAL[code].search(text)]
    assert not found, found[:5]
    word = {"ru": "раздач", "uk": "роздач", "en": "deal"}[code]
    said = languages.for_lang(code)
    for text in (said.round_over_title(2), said.NEXT_ROUND, said.round_points_label(2), said.STORY):
        assert word in text.lower(), text


def _texts(value, path=""):
    """Every string of a catalogue with where it is (its keys are names, not words)."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _texts(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _texts(v, f"{path}[{i}]")
    elif isinstance(value, str):
        yield path, value


@pytest.mark.parametrize("code", languages.LANGS)
def test_a_trick_taken_is_the_viewers_by_its_name_at_any_seat(code):
    """A review's or a story's «Взятка ваша» / "Your trick" is the viewer's own seat's,
    wherever they sit (a guest's seat is rarely 0); any other taker is named by the seat's
    name: a guest at seat 2 never reads that the host's trick is theirs."""
    t = languages.for_lang(code)
    yours, theirs = t.say("taken_you"), t.say("taken", name="\0").split("\0")
    for players in (2, 3, 4, 6):
        if players not in t.PEOPLE_BY_COUNT:
            continue
        for viewer in range(players):
            names = [t.YOU if s == viewer else n for s, n in enumerate(t.PEOPLE_BY_COUNT[players])]
            for winner in range(players):
                trick = {"plays": [{"seat": winner, "kind": "lead", "cards": ["AS"], "count": 1}],
                         "winner": winner}
                for said in (t.trick_taken(names, winner, 11, 0),
                             unescape(re.search(r'<p class="taken"><b>(.*?)</b>', coachview.trick_html(
                                 trick, names, 11, 0, t)).group(1))):
                    if winner == viewer:
                        assert said.startswith(yours + ":"), (players, viewer, winner, said)
                    else:
                        assert said.startswith(theirs[0] + names[winner] + theirs[1]), (players, viewer, winner, said)
                        assert yours not in said and t.YOU not in said, (players, viewer, winner, said)
