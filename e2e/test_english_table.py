"""English: the menu's switch, the table and its rules in
English, the choice kept over a reload, the browser's language as the default,
and the switch in the menu shown before Python is up."""

from __future__ import annotations

import json
import re

from harness import wait_state
from tablekit import assert_hand_words, SETTINGS_KEY, open_table, shared_page, wait_settled
from test_early_menu import early_menu

CYRILLIC = re.compile(r"[\u0400-\u04FF]")
EN_RANKS = {"6": "6", "7": "7", "8": "8", "9": "9", "T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"}
EN_CARD = re.compile(r"^(six|seven|eight|nine|ten|jack|queen|king|ace) of (clubs|diamonds|hearts|spades)$")
NAMED_IN_ITSELF = ("Русский", "Українська")
"""The switch names each language in itself: the only Cyrillic words an English page keeps."""


def page_text(page) -> str:
    """What a reader of the page sees: its visible text (open dialogs included) and title."""
    return page.evaluate("document.body.innerText") + " " + page.title()


def stored_lang(page) -> str | None:
    raw = page.evaluate(f"localStorage.getItem({SETTINGS_KEY!r})")
    return json.loads(raw).get("lang") if raw else None


def assert_english_table(page) -> None:
    assert page.get_attribute("html", "lang") == "en"
    assert page.text_content("#actions .act-name") in ("Lead", "Beat", "Discard")
    assert_hand_words(page, EN_CARD, EN_RANKS)
    text = page_text(page)
    for name in NAMED_IN_ITSELF:
        text = text.replace(name, "")
    assert not CYRILLIC.search(text)


def test_switch_to_english_play_and_reload(page, base_url):
    open_table(page, base_url, seed=4)
    assert page.get_attribute("html", "lang") == "ru"  # a Russian browser (conftest's ru-RU)
    page.check("input[name=lang][value=en]")
    assert page.get_attribute("html", "lang") == "en"
    assert stored_lang(page) == "en"
    assert page.text_content("#menu [data-action=new]") == "New match"
    assert page.text_content("#menu-title").startswith("Burkozel")
    page.click("#menu [data-action=new]")
    wait_settled(page)
    assert_english_table(page)
    # The rules dialog, from the top bar.
    page.click(".topbar [data-action=rules]")
    rules = page.text_content("#rules")
    assert "Rules of this table" in rules and "Bura «31»" in rules and "Head to head" in rules
    assert not CYRILLIC.search(rules)
    page.click("#rules .dlg-buttons [data-action=close-rules]")
    # A reload keeps English: the boot screen, the menu and the table.
    page.reload()
    assert page.title().startswith("Burkozel")
    assert wait_state(page) == "ready"
    assert page.get_attribute("html", "lang") == "en"
    assert page.is_visible("#menu .dlg-buttons [data-action=continue]")
    assert page.text_content("#menu .dlg-buttons [data-action=continue]") == "Continue match"
    page.click("#menu .dlg-buttons [data-action=continue]")
    wait_settled(page)
    assert_english_table(page)
    # And back to Russian: «Т, К, Д, В» again.
    page.click(".topbar [data-action=menu]")
    page.check("input[name=lang][value=ru]")
    assert page.get_attribute("html", "lang") == "ru" and stored_lang(page) == "ru"
    assert page.text_content("#menu .dlg-buttons [data-action=continue]") == "Продолжить партию"
    corners = page.eval_on_selector_all("#hand text.idx", "els => els.map(e => e.textContent)")
    assert not {"A", "K", "Q", "J"} & set(corners)


def test_the_browsers_language_is_the_default(browser, server):
    for locale, lang, new in (("en-US", "en", "New match"), ("ru-RU", "ru", "Новая партия")):
        ctx, page, guard = shared_page(browser, server, locale=locale, seed=2)
        try:
            assert page.get_attribute("html", "lang") == lang, locale
            assert page.text_content("#menu [data-action=new]") == new
            assert page.text_content(".topbar [data-action=menu]").strip() == ("Menu" if lang == "en" else "Меню")
            guard.check()
        finally:
            ctx.close()


def test_switch_in_the_early_menu_before_python(page, base_url):
    runtime = early_menu(page, base_url)
    assert page.text_content("#menu [data-action=new]") == "Новая партия"
    page.check("input[name=lang][value=en]")
    assert page.get_attribute("html", "data-state") == "loading"  # Python is not up yet
    assert page.get_attribute("html", "lang") == "en"
    assert page.text_content("#menu [data-action=new]") == "New match"
    assert page.is_checked("input[name=lang][value=en]")
    assert stored_lang(page) == "en"
    assert page.title().startswith("Burkozel")
    page.click("#menu [data-action=rules]")
    assert "Rules of this table" in page.text_content("#rules")
    page.click("#rules .dlg-buttons [data-action=close-rules]")
    page.check("input[name=format][value=bura31]")  # another table's menu, still in English
    assert "Bura «31»" in page.text_content("#menu .combos legend")
    # Python takes over in English and keeps the early menu's markup.
    page.evaluate("document.querySelector('#menu .dlg-scroll').dataset.early = 'kept'")
    runtime.release()
    assert wait_state(page) == "ready"
    assert page.get_attribute("#menu .dlg-scroll", "data-early") == "kept"
    assert page.get_attribute("html", "lang") == "en"
    page.click("#menu [data-action=new]")
    wait_settled(page)
    assert page.get_attribute("#table", "data-format") == "bura31"
    assert_english_table(page)


def test_the_boot_screen_and_its_errors_in_english(browser, server):
    """An English browser: the boot screen's words and a start-up error are English too."""
    from harness import Guard, app_url

    guard = Guard(origins={server.origin})
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
    ctx.on("request", guard.on_request)
    ctx.on("page", guard.watch)
    try:
        page = ctx.new_page()
        page.goto(app_url(server.url, boot_timeout=1))
        assert wait_state(page) == "error"
        assert page.get_attribute("html", "lang") == "en"
        assert page.title() == "Burkozel — four cards each"
        assert "taking too long" in page.text_content("#boot-error-text")
        assert page.text_content("#boot-reload") == "Reload"
        assert page.text_content("#boot-error summary") == "Details for developers"
        page.wait_for_selector("html[data-py=done]", state="attached", timeout=90_000)
        guard.check()
    finally:
        ctx.close()
