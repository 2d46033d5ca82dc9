"""Nothing lost, nothing leaked: reloads resume exactly, bad storage
opens a playable table with a notice, clicks at wrong moments do no harm."""

from __future__ import annotations

import json
import random

import pytest

from burkozel import Match, TableRules, fair
from decisions import last_deal
from harness import app_url, boot
from tablekit import (MATCH_KEY, SETTINGS_KEY, new_match, open_table, play_round, play_turn, saved,
                      wait_settled)
from tablekit import open_position

REGIONS = ("score", "seat-1", "seat-2", "seat-3", "deck", "trick", "me", "status", "hand", "actions")

SNAPSHOT_JS = """
(regions) => ({
  html: Object.fromEntries(regions.map((id) => [id, document.getElementById(id).innerHTML])),
  result: document.getElementById('result-body').innerHTML,
  saved: localStorage.getItem('burkozel.match'),
  phase: document.getElementById('table').dataset.phase,
})
"""


def snapshot(page) -> dict:
    return page.evaluate(SNAPSHOT_JS, list(REGIONS))


def reload_now(page) -> dict:
    """Reload now and return the table as it was when the old page went away.

    The worker may answer (a bot's move, its save) after the reload is asked for and before
    the page unloads; the snapshot is taken at ``pagehide``, the last moment the old page has,
    and carried over in sessionStorage."""
    page.evaluate(f"""(regions) => {{
      addEventListener('pagehide', () => sessionStorage.setItem('resume-snapshot',
        JSON.stringify(({SNAPSHOT_JS})(regions))));
      location.reload();
    }}""", list(REGIONS))
    page.wait_for_function("() => sessionStorage.getItem('resume-snapshot') !== null"
                           " && document.documentElement.dataset.state === 'ready'", timeout=90_000)
    snap = page.evaluate("() => { const s = sessionStorage.getItem('resume-snapshot');"
                         " sessionStorage.removeItem('resume-snapshot'); return s; }")
    return json.loads(snap)


def assert_same(before: dict, after: dict) -> None:
    assert after["saved"] == before["saved"]
    assert after["phase"] == before["phase"]
    for region in REGIONS:
        assert after["html"][region] == before["html"][region], region
    assert after["result"] == before["result"]


def seed_the_player_leads(fmt: str, start: int = 1) -> int:
    """The first ``?seed=`` from ``start`` whose match the player leads (the seed gives the
    match's secret, the secret its first dealer): the tests below lead a card, then watch the
    bots answer it."""
    rules = TableRules(fmt)
    return next(s for s in range(start, start + 100) if Match(rules, secret=fair.seeded_secret(s)).round.to_act == 0)


def test_reloads_resume_exactly(page, base_url):
    """Mid-bot-turn, mid-trick (clearing), on the round dialog, after the match end (its last
    deal opened as a saved match, e2e/decisions.py, not the whole match played)."""
    boot(page, app_url(base_url, seed=seed_the_player_leads("pairs", 31)))  # normal speed: bots take their time
    new_match(page, "pairs", "medium")
    wait_settled(page)
    # Lead a card: the bots' answers are now pending.
    card = page.eval_on_selector("#hand button[data-card]", "e => e.dataset.card")
    page.click(f'#hand [data-card="{card}"]')
    page.click("[data-action=lead]")
    before = reload_now(page)
    assert before["phase"] == "play"
    assert page.is_visible("#menu [data-action=continue]")  # «Продолжить партию»
    assert page.is_visible("#menu [data-action=new]")
    assert_same(before, snapshot(page))
    page.click("#menu [data-action=continue]")
    # The trick is answered one bot at a time, then stays on the table.
    page.wait_for_selector("#table[data-phase=clearing]", timeout=20_000)
    before = reload_now(page)
    assert before["phase"] == "clearing"
    assert_same(before, snapshot(page))
    page.click("#menu [data-action=continue]")
    page.wait_for_selector("#table:not([data-phase=clearing])", timeout=20_000)
    # Fast-forward to the round's end at instant speed (the saved match resumes).
    boot(page, app_url(base_url, speed="instant"))
    page.click("#menu [data-action=continue]")
    rng = random.Random(4)
    phase = play_round(page, rng, check=False)
    assert page.is_visible("#result")
    before = reload_now(page)
    assert page.is_visible("#result") and not page.is_visible("#menu")
    assert_same(before, snapshot(page))
    open_position(page, last_deal("pairs", seed=4))  # the match's last deal, not the rest played here
    phase = play_round(page, rng, check=False)
    while phase != "match_end":
        page.click("#result [data-action=next]")
        phase = play_round(page, rng, check=False)
    before = reload_now(page)
    assert page.is_visible("#result") and "Партия окончена" in page.text_content("#result")
    assert_same(before, snapshot(page))
    page.click("#result [data-action=next]")  # «Новая партия»
    assert wait_settled(page) == "play"


def inject(page, items: dict[str, str] | None = None, script: str = "", clear: bool = False) -> None:
    """``items`` put into ``localStorage`` before the page's first load (``clear``: after
    emptying it), and ``script`` run before every load."""
    js = ("localStorage.clear();" if clear else "") + "".join(
        f"localStorage.setItem({k!r}, {v!r});" for k, v in (items or {}).items())
    page.add_init_script("(() => { if (!sessionStorage.getItem('injected')) { "
                         f"sessionStorage.setItem('injected', '1'); {js} }} }})();" + script)


@pytest.fixture(scope="module")
def storage_context(browser, server):
    """One context for the bad-storage cases: each opens its own page after emptying
    ``localStorage``, so only the first boots cold and the others start from the
    interpreter's snapshot (the table's start, which reads the storage, is the same)."""
    from harness import Guard

    guard = Guard(origins={server.origin})
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="ru-RU")
    ctx.on("request", guard.on_request)
    ctx.on("page", guard.watch)
    yield ctx, guard
    ctx.close()


def notices(page) -> str:
    return page.text_content("#notices") or ""


def plays_a_move(page) -> None:
    to_menu_new = page.is_visible("#menu [data-action=new]")
    if to_menu_new:
        page.click("#menu [data-action=new]")
    wait_settled(page)
    before = page.evaluate("document.getElementById('hand').innerHTML")
    play_turn(page, random.Random(0))
    wait_settled(page)
    assert page.evaluate("document.getElementById('hand').innerHTML") != before


GOOD_SETTINGS = json.dumps({"v": 1, "format": "three", "difficulty": "easy", "speed": "fast",
                            "combos": {c: True for c in ("golden_moscow", "bura", "four_ends", "molodka",
                                                         "moscow", "small_moscow")}})

BAD_STORAGE = {
    "garbage": ({SETTINGS_KEY: "{oops", MATCH_KEY: "][not json"},
                ["настройки не читаются", "партию не удалось прочитать"], "pairs"),
    "wrong-types": ({SETTINGS_KEY: json.dumps({"v": 1, "format": "three", "difficulty": 7, "speed": None,
                                               "combos": "all", "colour": "red"})},
                    ["Часть сохранённых настроек"], "three"),
    "missing-fields": ({SETTINGS_KEY: json.dumps({"v": 1, "format": "four"}),
                        MATCH_KEY: json.dumps({"v": 1, "format": "four"})},
                       ["Часть сохранённых настроек", "партию не удалось прочитать"], "four"),
    "no-replay": ({SETTINGS_KEY: GOOD_SETTINGS,
                   MATCH_KEY: json.dumps({"v": 1, "format": "three", "combos": [], "difficulty": "easy", "seed": 4,
                                          "rounds": [[[2, {"beat": ["AS", "AH"]}]]], "clearing": False})},
                  ["не сходится с правилами"], "three"),
    "old-version": ({MATCH_KEY: json.dumps({"v": 0, "fmt": "pairs", "moves": []})},
                    ["от другой версии"], "pairs"),
}


@pytest.mark.parametrize("case", list(BAD_STORAGE))
def test_bad_storage_opens_a_playable_table_with_a_notice(storage_context, base_url, case):
    ctx, guard = storage_context
    page = ctx.new_page()
    try:
        bad_storage_opens_a_playable_table(page, base_url, case)
        guard.check()
    finally:
        page.close()


def bad_storage_opens_a_playable_table(page, base_url: str, case: str) -> None:
    items, expected, fmt = BAD_STORAGE[case]
    inject(page, items, clear=True)
    open_table(page, base_url, watch=False, seed=2)
    for text in expected:
        assert text in notices(page), (text, notices(page))
    assert page.is_checked(f"input[name=format][value={fmt}]")
    plays_a_move(page)
    # What was broken has been replaced by what is valid now.
    if MATCH_KEY in items:
        assert saved(page)["rounds"][0]
    # A notice can be dismissed.
    page.click("#notices [data-action=dismiss] >> nth=0")
    assert page.locator("#notices .notice").count() == len(expected) - 1


def test_storage_disabled(page, base_url):
    inject(page, script="""
      Object.defineProperty(window, 'localStorage', {configurable: true,
        get() { throw new DOMException('The operation is insecure.', 'SecurityError'); }});""")
    open_table(page, base_url, watch=False, seed=2)
    assert "не даёт сохранять" in notices(page)
    plays_a_move(page)


def test_storage_full(page, base_url):
    inject(page, script="""
      Storage.prototype.setItem = function () {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };""")
    open_table(page, base_url, watch=False, seed=2)
    assert notices(page) == ""
    plays_a_move(page)
    assert "переполнено" in notices(page)
    assert page.locator("#notices .notice").count() == 1  # said once, not after every move


WRONG_CLICKS_JS = """
() => {
  const before = localStorage.getItem('burkozel.match');
  const fire = (el) => el && el.dispatchEvent(new MouseEvent('click', {bubbles: true}));
  document.querySelectorAll('#table [data-action=lead], #table [data-action=beat], #table [data-action=discard]')
    .forEach((b) => { fire(b); b.click(); });
  const fake = document.createElement('button');
  fake.dataset.card = 'AS';
  document.getElementById('hand').appendChild(fake);
  fake.click(); fake.remove();
  fire(document.getElementById('hand'));
  fire(document.querySelector('#result-body [data-action=next]'));
  return before === localStorage.getItem('burkozel.match');
}
"""


def test_clicks_at_wrong_moments_do_no_harm(page, base_url):
    boot(page, app_url(base_url, seed=seed_the_player_leads("three", 8)))  # normal speed
    new_match(page, "three", "easy")
    wait_settled(page)
    # Double click on «Ходить»: exactly one move.
    n = len(saved(page)["rounds"][0])
    card = page.eval_on_selector("#hand button[data-card]", "e => e.dataset.card")
    page.click(f'#hand [data-card="{card}"]')
    page.evaluate("() => { const b = document.querySelector('[data-action=lead]'); b.click(); b.click(); }")
    page.evaluate("window.burkozelSettled()")  # script clicks are not Playwright actions: wait for the worker's answer
    assert len(saved(page)["rounds"][0]) == n + 1
    # During the bots' turn.
    assert page.get_attribute("#table", "data-turn") == "bot"
    assert page.evaluate(WRONG_CLICKS_JS)
    page.dblclick("#hand button[data-card] >> nth=0")
    # During trick clearing.
    page.wait_for_selector("#table[data-phase=clearing]", timeout=20_000)
    assert page.evaluate(WRONG_CLICKS_JS)
    page.click("#hand button[data-card] >> nth=0")
    assert page.is_disabled("[data-action=lead]")
