"""The menu before Python: usable while the runtime is still on its
way, and the table carries on from it without a flash or a lost choice.

The runtime is held back with a route on ``pyodide.asm.wasm`` (Python cannot
start without it) and released when the test says so.
"""

from __future__ import annotations

import json
import re

from harness import app_url, wait_state
from tablekit import MATCH_KEY, SETTINGS_KEY, hand, new_match, open_table, saved, to_menu, wait_settled

RUNTIME = "**/pyodide.asm.wasm"


class HeldRuntime:
    """Requests for the runtime's wasm wait until :meth:`release`."""

    def __init__(self, page):
        self.page = page
        self.held = []
        page.route(RUNTIME, self.hold)

    def hold(self, route) -> None:
        if self.held is None:
            route.continue_()
        else:
            self.held.append(route)

    def release(self) -> None:
        for route in self.held:
            route.continue_()
        self.held = None
        self.page.unroute(RUNTIME, self.hold)


def early_menu(page, url: str) -> HeldRuntime:
    runtime = HeldRuntime(page)
    page.goto(url)
    page.wait_for_selector("#menu[open]")
    assert page.get_attribute("html", "data-state") == "loading"
    return runtime


def stored_settings(page) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem({SETTINGS_KEY!r})"))


def test_menu_works_before_python_and_deals_when_it_is_up(page, base_url):
    runtime = early_menu(page, app_url(base_url, seed=5))
    page.check("input[name=format][value=four]")
    # The table's own switches replace the previous table's.
    assert "Четверо" in page.text_content("#menu .combos legend")
    page.check("input[name=difficulty][value=hard]")
    page.set_checked("input[name=bura]", False)
    stored = stored_settings(page)
    assert stored["format"] == "four" and stored["difficulty"] == "hard"
    assert stored["tables"]["four"]["combos"]["bura"] is False
    # The rules are there too.
    page.click("#menu [data-action=rules]")
    assert "Правила этого стола" in page.text_content("#rules")
    page.click("#rules .dlg-buttons [data-action=close-rules]")
    assert not page.is_visible("#rules") and page.is_visible("#menu")
    # «Новая партия»: the boot screen says a deal is coming, and it comes.
    page.click("#menu [data-action=new]")
    assert not page.is_visible("#menu")
    assert "Раздаём карты" in page.text_content("#boot-next")
    assert page.get_attribute("html", "data-state") == "loading"
    runtime.release()
    assert wait_state(page) == "ready"
    page.wait_for_selector("#hand button[data-card]")
    assert page.get_attribute("#table", "data-format") == "four"
    assert page.get_attribute("#table", "data-bots") == "hard"
    assert not page.is_visible("#menu")
    match = saved(page)
    assert match["format"] == "four" and match["difficulty"] == "hard" and "bura" not in match["combos"]


def test_choices_and_open_dialogs_survive_the_take_over(page, base_url):
    runtime = early_menu(page, base_url)
    page.check("input[name=format][value=three]")
    page.check("input[name=speed][value=fast]")
    page.set_checked("input[name=molodka]", False)
    chosen = page.eval_on_selector_all("#menu input", "els => els.map(e => [e.id, e.checked])")
    # Mark the menu's elements: if Python redrew them, the mark would be gone.
    page.evaluate("document.querySelector('#menu .dlg-scroll').dataset.early = 'kept'")
    page.click("#menu [data-action=rules]")
    runtime.release()
    assert wait_state(page) == "ready"
    assert page.is_visible("#rules") and page.is_visible("#menu")
    assert page.get_attribute("#menu .dlg-scroll", "data-early") == "kept"
    assert page.eval_on_selector_all("#menu input", "els => els.map(e => [e.id, e.checked])") == chosen
    page.keyboard.press("Escape")
    assert not page.is_visible("#rules")
    # Python has the menu now: a change is drawn and stored by the table.
    page.check("input[name=format][value=duel]")
    assert "Вдвоём" in page.text_content("#menu .combos legend")
    stored = stored_settings(page)
    assert stored["format"] == "duel" and stored["speed"] == "fast"
    assert stored["tables"]["three"]["combos"]["molodka"] is False
    page.click("#menu [data-action=new]")
    wait_settled(page)
    assert page.get_attribute("#table", "data-format") == "duel"


def test_friends_seats_and_play_with_a_friend_chosen_before_python_are_kept(page, base_url):
    """A host who marks the friends' seats «Человек», types a name and taps «Играть с
    другом» while the engine is still loading: the seats and the name are the table's when
    it is up, and the dialog of play with a friend opens (the tap was once lost, and the
    seats went back to bots)."""
    runtime = early_menu(page, base_url)
    for seat in (1, 2, 3):
        page.select_option(f"select[name=seat-{seat}]", "human")
    page.fill("input[name=seat-name-0]", "Аня")
    page.dispatch_event("input[name=seat-name-0]", "change")
    kinds = [s["kind"] for s in stored_settings(page)["seats"]["pairs"]]
    assert kinds == ["human"] * 4
    page.click("#menu [data-action=p2p]")
    assert not page.is_visible("#menu")
    assert "Открываем" in page.text_content("#boot-next")
    runtime.release()
    assert wait_state(page) == "ready"
    page.wait_for_selector("#p2p [data-action=p2p-invite], #p2p .dlg-scroll button", timeout=30_000)
    assert page.is_visible("#p2p") and "Пригласить по ссылке" in page.text_content("#p2p")
    stored = stored_settings(page)["seats"]["pairs"]
    assert [s["kind"] for s in stored] == ["human"] * 4 and stored[0]["name"] == "Аня"
    page.click("#p2p .dlg-buttons button")  # «Отмена»: back to the menu, as the table draws it
    to_menu(page)
    assert [page.input_value(f"select[name=seat-{seat}]") for seat in (1, 2, 3)] == ["human"] * 3
    assert page.input_value("input[name=seat-name-0]") == "Аня"
    assert page.locator("#menu input[name^=seat-name-]").count() == 4  # each person's name, to type


def test_continue_before_python_resumes_the_saved_match(page, base_url):
    # No service worker: it would serve the runtime past the route.
    open_table(page, base_url, watch=False, seed=12, sw="off")
    new_match(page, "pairs", "easy")
    cards = hand(page)
    before = page.evaluate(f"localStorage.getItem({MATCH_KEY!r})")
    runtime = early_menu(page, base_url)
    assert page.is_visible("#menu [data-action=continue]")
    page.click("#menu [data-action=continue]")
    assert "Возвращаемся к партии" in page.text_content("#boot-next")
    runtime.release()
    assert wait_state(page) == "ready"
    page.wait_for_selector("#hand button[data-card]")
    assert not page.is_visible("#menu")
    assert hand(page) == cards
    assert page.evaluate(f"localStorage.getItem({MATCH_KEY!r})") == before


def test_the_pot_tables_count_and_dave_chosen_before_python_are_kept(page, base_url):
    runtime = early_menu(page, base_url)
    page.check("input[name=format][value=bura_pot]")
    assert page.locator("#menu .seat-row").count() == 4
    page.check("input[name=players][value='6']")
    # That count's own pre-rendered seats, named for six.
    assert page.locator("#menu .seat-row").count() == 6
    assert "Юго-Восток" in page.text_content("#menu .seats")
    page.set_checked("input[name=dave]", True)
    stored = stored_settings(page)["tables"]["bura_pot"]
    assert stored["players"] == 6 and stored["switches"]["dave"] is True and "dave" not in stored["combos"]
    page.evaluate("document.querySelector('#menu .dlg-scroll').dataset.early = 'kept'")
    runtime.release()
    assert wait_state(page) == "ready"
    # Python draws the same menu: the early one stays, with six seats and «даве» on.
    assert page.get_attribute("#menu .dlg-scroll", "data-early") == "kept"
    assert page.is_checked("input[name=players][value='6']") and page.is_checked("input[name=dave]")
    page.click("#menu [data-action=new]")
    wait_settled(page)
    assert page.get_attribute("#table", "data-players") == "6"
    match = saved(page)
    assert match["players"] == 6 and match["dave"] is True


def test_the_early_dialogs_keep_the_focus_and_give_it_back(page, base_url):
    """As the table's dialogs do (test_keyboard.py): Tab and Shift+Tab go round the
    open dialog, and closing the rules gives the focus back to what opened them."""
    from test_keyboard import focused, tab_to

    runtime = early_menu(page, base_url)
    menu = page.get_by_role("dialog", name=re.compile("^Буркозёл"))
    inside = "(d) => d.contains(document.activeElement)"
    for key in ("Tab", "Shift+Tab"):
        for _ in range(40):
            page.keyboard.press(key)
            assert menu.evaluate(inside), f"{key} left the early menu"
    opener = menu.get_by_role("button", name="Правила этого стола")
    tab_to(page, opener)
    page.keyboard.press("Enter")
    rules = page.get_by_role("dialog", name="Правила этого стола")
    assert rules.is_visible()
    for key in ("Tab", "Shift+Tab"):
        for _ in range(20):
            page.keyboard.press(key)
            assert rules.evaluate(inside), f"{key} left the early rules"
    page.keyboard.press("Escape")
    assert not rules.is_visible() and menu.is_visible()
    assert focused(opener), "closing the rules gives the focus back to what opened them"
    assert page.get_attribute("html", "data-state") == "loading"  # all of it before Python
    runtime.release()


def test_the_early_menu_opens_in_a_task_after_it_is_filled(page, base_url):
    """menu.js fills the menu while its script runs and opens it (showModal, whose focus lays the
    dialog out) in a later task, after a frame: at boot the two were one long task on a phone."""
    page.add_init_script("""
      window.__opened = [];
      window.__frames = 0;
      const count = () => { window.__frames++; requestAnimationFrame(count); };
      requestAnimationFrame(count);
      const showModal = HTMLDialogElement.prototype.showModal;
      HTMLDialogElement.prototype.showModal = function () {
        if (this.id === "menu") window.__opened.push({
          script: document.currentScript ? document.currentScript.src : null,
          filled: this.querySelectorAll("input").length,
          frames: window.__frames,
        });
        return showModal.call(this);
      };
    """)
    runtime = early_menu(page, app_url(base_url, seed=5))
    opened = page.evaluate("window.__opened")
    assert len(opened) == 1 and opened[0]["filled"] > 0
    assert opened[0]["script"] is None, "opened while menu.js's script ran"
    assert opened[0]["frames"] > 0
    runtime.release()
    assert wait_state(page) == "ready"
