"""A deal of «Вдвоём» played with the keyboard alone, by what the accessibility
tree says: controls are found by role and name (``get_by_role``), reached with
Tab and the arrow keys, used with Enter; whose turn it is is read from the
table's prompt, what a bot played from the polite live region.  And the dialogs:
focus goes into one, stays there on Tab, and comes back to its opener on Esc.

Why no CSS selector: a screen reader user meets only roles and names, so a
control that has no name, or one Tab cannot reach, fails here.
"""

from __future__ import annotations

import re

from harness import app_url, boot

MAX_TABS = 80


def focused(locator) -> bool:
    return locator.evaluate("(el) => el === document.activeElement")


def tab_to(page, locator) -> None:
    """Press Tab until ``locator`` has the focus (it must be reachable)."""
    for _ in range(MAX_TABS):
        if focused(locator):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {locator}")


def arrow_to(page, group, radio) -> None:
    """Tab into a radio group, then arrow down to ``radio`` (checking it, as arrows do)."""
    tab_to(page, group.get_by_role("radio", checked=True))
    for _ in range(10):
        if radio.is_checked():
            return
        page.keyboard.press("ArrowDown")
    raise AssertionError(f"the arrows never reached {radio}")


def prompt(page) -> str:
    return page.get_by_role("region", name="Ваше место").get_by_role("paragraph").first.text_content() or ""


def heard(page) -> str:
    return page.get_by_role("status").filter(has_text=re.compile(r"\S")).last.text_content() or ""


def wait_for_me(page, result) -> str:
    """Wait until the table waits for the player: "lead", "answer" or "over"."""
    for _ in range(600):
        if result.is_visible():
            return "over"
        said = prompt(page)
        if said.startswith("Ваш заход"):
            return "lead"
        if said.startswith("Ваш ответ"):
            return "answer"
        page.wait_for_timeout(50)
    raise AssertionError(f"the table never waited for the player: {prompt(page)!r}")


def test_a_whole_deal_of_duel_by_keyboard_alone(page, base_url):
    boot(page, app_url(base_url, seed=8, speed="instant"))
    menu = page.get_by_role("dialog", name=re.compile("^Буркозёл"))
    arrow_to(page, menu.get_by_role("group", name="Стол"), menu.get_by_role("radio", name=re.compile("^Вдвоём")))
    arrow_to(page, menu.get_by_role("group", name="Боты"), menu.get_by_role("radio", name=re.compile("^Лёгкая")))
    tab_to(page, menu.get_by_role("button", name="Новая партия"))
    page.keyboard.press("Enter")
    hand = page.get_by_role("group", name="Ваши карты").get_by_role("button")
    assert focused(hand.first), "a new deal puts the focus on the hand"
    result = page.get_by_role("dialog", name=re.compile("^Раздача 1 окончена|^Партия окончена"))
    bots_heard, moves = set(), 0
    for _ in range(100):
        turn = wait_for_me(page, result)
        if turn == "over":
            break
        said = heard(page)
        if said.startswith("Соперник:"):
            bots_heard.add(said)
        if turn == "lead":
            tab_to(page, hand.first)
            page.keyboard.press("Enter")
            assert hand.first.get_attribute("aria-pressed") == "true"
            tab_to(page, page.get_by_role("button", name=re.compile("^Ходить")))
        else:
            beat = page.get_by_role("button", name=re.compile("^Побить"))
            for card in range(hand.count()):
                if "1 карту" not in prompt(page):
                    break
                tab_to(page, hand.nth(card))
                page.keyboard.press("Enter")
                if beat.is_enabled():
                    break
                page.keyboard.press("Enter")  # not this one: put it back
            if beat.is_enabled():
                tab_to(page, beat)
            else:
                tab_to(page, page.get_by_role("button", name=re.compile("^Сбросить")))
        page.keyboard.press("Enter")
        moves += 1
    else:
        raise AssertionError("the deal did not end")
    assert moves >= 4
    assert bots_heard, "the live region never said what the opponent played"
    assert result.get_by_role("table").is_visible()
    assert heard(page).startswith(("Раздача 1 окончена.", "Партия окончена."))
    next_deal = result.get_by_role("button", name=re.compile("^Следующая раздача|^Новая партия"))
    assert focused(next_deal), "the result puts the focus on its next step"


def test_a_dialog_keeps_the_focus_and_gives_it_back(page, base_url):
    boot(page, app_url(base_url, seed=8, speed="instant"))
    menu = page.get_by_role("dialog", name=re.compile("^Буркозёл"))
    tab_to(page, menu.get_by_role("button", name="Новая партия"))
    page.keyboard.press("Enter")
    opener = page.get_by_role("button", name="Правила")
    tab_to(page, opener)
    page.keyboard.press("Enter")
    rules = page.get_by_role("dialog", name="Правила этого стола")
    assert rules.is_visible()
    for _ in range(30):
        page.keyboard.press("Tab")
        assert rules.evaluate("(d) => d.contains(document.activeElement)"), "Tab left the open dialog"
    page.keyboard.press("Escape")
    assert not rules.is_visible()
    assert focused(opener), "closing the dialog gives the focus back to what opened it"


STACK_PAGE = """<!doctype html><meta charset="utf-8"><title>dialogs</title><link rel="icon" href="data:,">
<dialog id="result"><button id="next">next</button></dialog>
<dialog id="rules"><button id="r1">one</button><button id="r2">two</button></dialog>
<dialog id="p2p"><button id="start">start</button></dialog>"""

STACK_JS = """async (steps) => {
  const { stackDialogs } = await import('./web/page/dialogs.js');
  const closed = [];
  const all = ['p2p', 'rules', 'result'];
  const top = () => document.elementFromPoint(innerWidth / 2, innerHeight / 2)?.closest('dialog')?.id ?? null;
  const out = [];
  for (const [wanted, focus] of steps) {
    if (focus) document.getElementById(focus).focus();
    stackDialogs(wanted, all, (d) => { closed.push(d.id); d.close(); });
    out.push({ open: all.filter((n) => document.getElementById(n).open), top: top(),
               focus: document.activeElement?.id ?? null, closed: closed.splice(0) });
  }
  return out;
}"""


def test_a_dialog_wanted_underneath_opens_underneath(page, server):
    """A deal's result that ends while the host waits in the invite lobby (or reads the
    rules) opens under that dialog, not over it: the lobby's «Начать игру» stays in reach,
    its focus where it was; closing the lobby shows the result."""
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))  # asked for by the bare page
    page.goto(server.url + "manifest.webmanifest")  # any page of the site's origin
    page.set_content(STACK_PAGE)
    first, under, deeper, gone = page.evaluate(STACK_JS, [
        [["p2p"], None],
        [["result", "p2p"], "start"],  # the result wanted at the bottom, the lobby in use
        [["result", "rules", "p2p"], "start"],
        [["result"], None],
    ])
    assert first == {"open": ["p2p"], "top": "p2p", "focus": "start", "closed": []}
    assert under["open"] == ["p2p", "result"] and under["top"] == "p2p" and under["focus"] == "start"
    assert under["closed"] == ["p2p"]  # taken off the top layer and shown again above the result
    assert deeper["top"] == "p2p" and deeper["focus"] == "start" and set(deeper["open"]) == {"p2p", "rules", "result"}
    assert gone == {"open": ["result"], "top": "result", "focus": "next", "closed": ["p2p", "rules"]}
