"""The menu before Python: the build's markup is the table's own, and
the hand-over keeps what the player did there."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import webpath  # noqa: F401

from burkozel import FORMATS
from table.i18n import languages
from table.match import seats, storage
from table.view import earlymenu, render

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from prerender import prerender  # noqa: E402

texts = languages.for_lang("ru")


def test_every_table_has_its_menu_from_the_renderer():
    data = earlymenu.page_data()
    assert set(data["menus"]) == set(texts.LANGS) == set(data["langs"])
    pieces = earlymenu.Pieces()
    pieces.pieces = data["pieces"]
    others = {f"{fmt}/{n}" for fmt in FORMATS for n in seats.seat_counts(fmt) if n != FORMATS[fmt].players}
    assert others == {f"bura_pot/{n}" for n in (2, 3, 5, 6)}
    for lang, menus in data["menus"].items():
        assert set(menus) == set(FORMATS) | others
        # Only each table's first menu is written out; the others are its edits.
        assert all(isinstance(menus[fmt][0], list) for fmt in FORMATS)
        assert all(menus[key][0]["of"] == key.partition("/")[0] for key in others)
        assert all("edit" in menus[key][1] for key in menus)
        for key, encoded in menus.items():
            fmt, _, players = key.partition("/")
            fresh, saved = (pieces.decode(earlymenu.menu_numbers(menus, key, s)) for s in (False, True))
            settings = storage.default_settings(lang)
            settings["format"] = fmt
            if players:
                settings["tables"][fmt]["players"] = int(players)
                assert f'name="players" value="{players}" id="players-{players}" checked' in fresh
                assert fresh.count('class="seat-row"') == int(players)
            assert fresh == render.menu_html(settings, {"can_continue": False})
            assert saved == render.menu_html(settings, {"can_continue": True})
            assert f'name="format" value="{fmt}" id="format-{fmt}" checked' in fresh
            assert f'name="lang" value="{lang}" id="lang-{lang}" checked' in fresh
            assert 'data-action="new"' in fresh and 'data-action="continue"' not in fresh
            assert 'data-action="continue"' in saved
            assert 'data-action="rules"' in fresh


def test_every_language_has_its_frame_and_boot_lines():
    """The early menu switches language before Python with the renderer's own
    markup: the frame's worded regions and attributes, per language."""
    data = earlymenu.page_data()
    for lang in texts.LANGS:
        t = languages.for_lang(lang)
        assert data["frame"][lang]["regions"] == render.frame_regions(t)
        assert data["frame"][lang]["attrs"]["html"] == {"lang": lang}
        assert data["texts"][lang] == {"new": t.EARLY_DEALING, "continue": t.EARLY_RESUMING,
                                       "p2p": t.EARLY_OPENING, "online-find": t.EARLY_OPENING}
    assert data["frame"]["en"]["regions"]["rules"] != data["frame"]["ru"]["regions"]["rules"]
    assert data["readers"] == {code: list(languages.for_lang(code).catalogue.readers) for code in languages.LANGS}


def test_the_defaults_are_what_the_table_writes():
    data = earlymenu.page_data()
    assert data["settingsKey"] == storage.SETTINGS_KEY and data["matchKey"] == storage.MATCH_KEY
    assert data["schema"] == storage.SCHEMA
    settings, notices = storage.load_settings(json.dumps(data["defaults"]))
    assert settings == storage.default_settings() and notices == []


def test_hand_over_is_read_leniently():
    assert earlymenu.EarlyMenu.from_json(None) == earlymenu.EarlyMenu()
    assert earlymenu.EarlyMenu.from_json("{oops") == earlymenu.EarlyMenu()
    assert earlymenu.EarlyMenu.from_json("[1]") == earlymenu.EarlyMenu()
    odd = earlymenu.EarlyMenu.from_json(json.dumps(
        {"action": "explode", "dialogs": ["menu", "result", 3], "settings": "x", "changed": 1, "hasMatch": "yes"}))
    assert odd == earlymenu.EarlyMenu(dialogs=("menu",))
    early = earlymenu.EarlyMenu.from_json(json.dumps(
        {"action": "new", "dialogs": [], "settings": {"v": 2, "format": "duel"}, "changed": True, "hasMatch": False}))
    assert early.action == "new" and early.changed
    assert early.shown_settings()["format"] == "duel"


def test_dialogs_after_the_hand_over():
    table_would = ["menu"]
    assert earlymenu.EarlyMenu().dialogs_after(table_would, True) == ["menu"]
    assert earlymenu.EarlyMenu(action="new").dialogs_after(table_would, False) == []
    assert earlymenu.EarlyMenu(action="continue").dialogs_after(table_would, True) == []
    # The saved match could not be restored: back to the menu (with the table's notice).
    assert earlymenu.EarlyMenu(action="continue").dialogs_after([], False) == ["menu"]
    assert earlymenu.EarlyMenu(dialogs=("menu", "rules")).dialogs_after(table_would, False) == ["menu", "rules"]
    # Reloaded on a finished round: its result, not the menu (the rules stay if open).
    assert earlymenu.EarlyMenu(dialogs=("menu",)).dialogs_after([], False) == []
    assert earlymenu.EarlyMenu(dialogs=("menu", "rules")).dialogs_after([], False) == ["rules"]


def test_menu_markup_is_kept_only_when_the_table_would_draw_the_same():
    settings = storage.default_settings()
    settings["format"] = "three"
    settings["tables"]["three"]["combos"]["bura"] = False
    shown = storage.dump_settings(settings)
    early = earlymenu.EarlyMenu(dialogs=("menu",), shown=shown, has_match=False)
    ours = render.menu_html(settings, {"levels": ("easy", "medium", "hard"), "can_continue": False})
    assert early.menu_markup_kept(ours)
    # The saved match could not be restored, or its settings differ from the chosen ones.
    assert not earlymenu.EarlyMenu(dialogs=("menu",), shown=shown, has_match=True).menu_markup_kept(ours)
    pending = render.menu_html(settings, {"can_continue": False, "settings_pending": True})
    assert not early.menu_markup_kept(pending)
    # The early menu showed other settings (e.g. it cannot read an older schema).
    other = storage.default_settings()
    assert not early.menu_markup_kept(render.menu_html(other, {"can_continue": False}))
    assert not earlymenu.EarlyMenu(dialogs=(), shown=shown).menu_markup_kept(ours)


def test_prerender_writes_the_frame_and_safe_data():
    html = '<body><main id="table">\n</main>\n</body>'
    out = prerender(html, ROOT)
    assert render.skeleton() in out
    data = re.search(r'<script type="application/json" id="menu-data">(.*?)</script>', out, re.S).group(1)
    assert "</" not in data and "<!--" not in data
    assert json.loads(data) == json.loads(json.dumps(earlymenu.page_data()))
