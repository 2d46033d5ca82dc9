"""The teaching table in the browser: a hint on the player's turn,
the last trick, the deal's story, statistics that survive a reload, a finished
deal's key and its check, a shared link that opens the same first hand in a fresh
context (and none while the deal is played) — and none of them puts a card in the
page that seat 0 may not know (``check_no_leak``)."""

from __future__ import annotations

import random

import pytest

from burkozel import fair
from tablekit import check_no_leak, hand, new_match, play_turn, saved, table_fixtures, wait_settled

shared, table = table_fixtures(seed=21)


def my_turn_with_choice(page, rng: random.Random) -> None:
    """Play on until it is the player's turn with more than one card in hand."""
    for _ in range(60):
        phase = wait_settled(page)
        if phase in ("round_end", "match_end"):
            page.click("#result [data-action=next]")
            continue
        if len(hand(page)) > 1:
            return
        play_turn(page, rng)
    raise AssertionError("no turn with a choice")


@pytest.mark.parametrize("fmt, said, unsaid", [("pairs", "штраф в среднем", "банк"),
                                               ("bura_pot", "банк ваш в", "штраф")])
def test_a_hint_on_the_players_turn(table, fmt, said, unsaid):
    """At a pot no deal has a penalty: the hint speaks of the pot and chips there."""
    page = table
    new_match(page, fmt, "easy")
    my_turn_with_choice(page, random.Random(1))
    button = page.get_by_role("button", name="Подсказка")
    assert button.is_enabled()
    button.click()
    page.wait_for_function("document.querySelector('#hint .advice') !== null", timeout=30_000)
    text = page.text_content("#hint")
    assert "Сложный бот:" in text
    mine = set(hand(page))
    named = page.evaluate("""() => [...document.querySelectorAll('#hint li, #hint .advice')].map(e => e.textContent)""")
    assert named and any(said in t for t in named) or "Другого хода" in text
    assert unsaid not in text
    check_no_leak(page)
    # The hint is gone once the player has moved.
    play_turn(page, random.Random(2))
    page.wait_for_function("document.querySelector('#hint .advice') === null")


def play_until_a_trick(page, rng: random.Random) -> None:
    for _ in range(40):
        wait_settled(page)
        if page.locator("#me [data-action=last-trick]").count():
            return
        play_turn(page, rng)
    raise AssertionError("no trick finished")


def test_the_last_trick_after_a_trick(table):
    page = table
    new_match(page, "pairs", "easy")
    play_until_a_trick(page, random.Random(3))
    info = page.locator("#info")
    for open_it in (lambda: page.get_by_role("button", name="Последняя взятка").click(),
                    lambda: page.click("#me [data-action=last-trick]")):
        wait_settled(page)
        page.evaluate("document.activeElement && document.activeElement.blur()")
        open_it()
        info.wait_for(state="visible")
        text = info.text_content()
        assert "Последняя взятка" in text and "заход" in text
        assert "Взятка ваша" in text or "Взятку берёт" in text
        assert info.locator(".trick-plays li").count() == 4
        check_no_leak(page)
        page.click("#info .dlg-buttons [data-action=close-info]")
        info.wait_for(state="hidden")


def test_the_last_trick_by_key_after_closing_it(table):
    """L soon after the panel was closed reopens it. (The page used to echo the
    "close" event of a dialog the worker itself had closed; arriving after a
    quick L, it closed the panel L had just reopened.)"""
    page = table
    new_match(page, "pairs", "easy")
    play_until_a_trick(page, random.Random(3))
    info = page.locator("#info")
    page.get_by_role("button", name="Последняя взятка").click()
    info.wait_for(state="visible")
    page.click("#info .dlg-buttons [data-action=close-info]")
    info.wait_for(state="hidden")
    wait_settled(page)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press("l")
    info.wait_for(state="visible", timeout=10_000)
    page.click("#info .dlg-buttons [data-action=close-info]")  # the next test shares the page
    info.wait_for(state="hidden")


def test_the_story_after_a_deal(table):
    page = table
    new_match(page, "four", "easy")
    rng = random.Random(4)
    from tablekit import play_round

    play_round(page, rng)
    result = page.locator("#result")
    assert result.is_visible()
    tricks = len(saved(page)["rounds"][-1])  # moves; the log has one line a trick
    log = result.locator(".trick-log li")
    assert 1 <= log.count() <= tricks
    assert "очк" in log.first.text_content()
    page.get_by_role("button", name="Разобрать раздачу").click()
    info = page.locator("#info")
    info.wait_for(state="visible")
    steps = 0
    while page.is_enabled("#info [data-action=review-next]"):
        page.click("#info [data-action=review-next]")
        steps += 1
        if steps % 5 == 0:
            check_no_leak(page)
    assert steps == tricks
    assert int(page.get_attribute("#info [data-step]", "data-step")) == tricks
    check_no_leak(page)
    page.click("#info .dlg-buttons [data-action=close-info]")
    assert result.is_visible()


REVIEW_BUTTONS_JS = """() => {
  const out = [];
  const buttons = [...document.querySelectorAll('#info button')];
  for (const b of buttons) {
    const r = b.getBoundingClientRect();
    const name = b.dataset.action + ' «' + b.textContent.trim() + '»';
    if (r.width < 1 || r.height < 1) { out.push(`${name} not shown`); continue; }
    if (r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) {
      out.push(`${name} not whole in the window: ${Math.round(r.left)},${Math.round(r.top)}..${Math.round(r.right)},${Math.round(r.bottom)}`);
      continue;
    }
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !b.contains(hit)) out.push(`${name}: at its centre lies ${hit ? hit.tagName + '.' + hit.className : 'nothing'}`);
  }
  return {out, count: buttons.length};
}"""


@pytest.mark.parametrize("size", [(360, 640), (390, 844)], ids=["360x640", "390x844"])
@pytest.mark.parametrize("fmt, players, seed", [("bura_pot", 6, 7), ("pairs", None, 3)])
def test_the_reviews_buttons_stay_whole_on_a_phone(table, size, fmt, players, seed):
    """«Разобрать раздачу» from the end-of-deal dialog on a phone upright: at every step its
    buttons (back, forward, «Закрыть» and ×) are whole inside the window and nothing lies over
    them (the dialog scrolls inside the window: a trick of six plays or of four cards each pushed
    them out of view); tapping forward and back steps."""
    from decisions import deal_over
    from tablekit import open_position

    page = table
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_position(page, deal_over(fmt, seed=seed, players=players))
    page.wait_for_selector("#result", state="visible")
    page.get_by_role("button", name="Разобрать раздачу").click()
    page.locator("#info").wait_for(state="visible")
    problems, step = [], 0
    while True:
        seen = page.evaluate(REVIEW_BUTTONS_JS)
        assert seen["count"] >= 4, seen
        problems += [f"step {step}: {p}" for p in seen["out"]]
        if seen["out"] or not page.is_enabled("#info [data-action=review-next]"):
            break
        page.locator("#info [data-action=review-next]").click(timeout=5_000)
        step += 1
        assert int(page.get_attribute("#info [data-step]", "data-step")) == step
    assert not problems, "\n".join(problems[:12])
    assert step > 4
    page.locator("#info [data-action=review-prev]").click(timeout=5_000)
    assert int(page.get_attribute("#info [data-step]", "data-step")) == step - 1
    page.locator("#info .dlg-buttons [data-action=close-info]").click(timeout=5_000)
    page.locator("#info").wait_for(state="hidden")
    assert page.locator("#result").is_visible()


def test_statistics_after_a_deal_survive_a_reload(table):
    page = table
    page.evaluate("localStorage.removeItem('burkozel.stats')")
    new_match(page, "bura31", "easy")
    from tablekit import play_round

    play_round(page, random.Random(5), check=False)
    page.click("#result [data-action=stats]")
    info = page.locator("#info")
    info.wait_for(state="visible")
    assert "Статистика" in info.text_content() and "Бура «31»" in info.text_content()
    deals = page.text_content("#info [data-stat=deals] td")
    assert deals == "1"
    assert page.locator("#info svg.chart rect").count() == 1
    stored = page.evaluate("JSON.parse(localStorage.getItem('burkozel.stats'))")
    assert stored["tables"]["bura31/easy"]["deals"] == 1
    page.reload()
    page.wait_for_selector("html[data-state=ready]")
    page.wait_for_selector("#result", state="visible")
    page.click("#result [data-action=stats]")
    info.wait_for(state="visible")
    assert page.text_content("#info [data-stat=deals] td") == "1"  # not counted again after the reload
    page.click("#info .dlg-buttons [data-action=stats-reset]")
    assert "пусто" in info.text_content()
    page.click("#info .dlg-buttons [data-action=close-info]")


def test_broken_statistics_never_break_the_page(table):
    page = table
    page.evaluate("localStorage.setItem('burkozel.stats', '{\"v\": 1, \"tables\": {\"pairs/easy\": {\"deals\": \"x\"}}}')")
    page.reload()
    page.wait_for_selector("html[data-state=ready]")
    assert "статистика не читается" in page.text_content("#notices")
    new_match(page, "pairs", "easy")
    page.get_by_role("button", name="Статистика").click()
    page.locator("#info").wait_for(state="visible")
    assert "пусто" in page.text_content("#info")
    page.click("#info .dlg-buttons [data-action=close-info]")


def fresh_page(browser, server, url: str):
    from harness import boot

    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="ru-RU")
    page = ctx.new_page()
    page.add_init_script(WATCH)
    boot(page, url)
    return ctx, page


from tablekit import WATCH_DOM as WATCH  # noqa: E402


def test_sharing_offers_no_deal_in_play_only_its_commitment(table):
    """«Поделиться раздачей» in the middle of the first deal: no link (a link deals every
    hand of its deal), the deal's commitment instead."""
    page = table
    new_match(page, "pairs", "hard")
    page.get_by_role("button", name="Поделиться раздачей").click()
    page.locator("#info").wait_for(state="visible")
    assert page.locator("#info [data-share-link]").count() == 0
    assert "Сыгранных раздач пока нет" in page.text_content("#info .share-none")
    key = fair.deal_key(bytes.fromhex(saved(page)["secret"]), 0)
    assert fair.short(fair.commitment(key)) in page.text_content("#info .commit-line")
    assert key.hex() not in page.content() and saved(page)["secret"] not in page.content()
    page.click("#info .dlg-buttons [data-action=close-info]")


def test_the_result_shows_the_key_the_check_and_the_sharers_result(table, browser, server):
    page = table
    new_match(page, "bura31", "easy")
    first = sorted(hand(page))
    mine = saved(page)
    key = fair.deal_key(bytes.fromhex(mine["secret"]), 0)
    from tablekit import play_round

    play_round(page, random.Random(6), check=False)
    line = page.locator("#result .key-line")
    assert line.locator("code.deal-key").text_content() == key.hex()
    assert fair.short(fair.commitment(key)) in line.text_content() and "Сид" not in page.text_content("#result")
    nxt = fair.commitment(fair.deal_key(bytes.fromhex(mine["secret"]), 1))
    assert fair.short(nxt) in page.text_content("#result .next-commit")
    check = page.get_attribute("#result a.check-deal", "href")
    page.click("#result [data-action=share]")
    link = page.get_attribute("[data-share-link]", "href")
    assert "sharer=" in link and f"key={key.hex()}" in link and mine["secret"] not in link
    page.click("#info .dlg-buttons [data-action=close-info]")
    before = saved(page)
    # «Проверить раздачу» (a new tab of this browser): the verdict, the same cards in a
    # fresh table, and the match saved here untouched.
    from harness import boot

    other = page.context.new_page()
    try:
        boot(other, check + "&speed=instant")
        wait_settled(other)
        assert sorted(hand(other)) == first
        assert "Проверено" in other.text_content("#notices .verdict")
        assert saved(other) == before == saved(page)
    finally:
        other.close()
    # The shared deal, played to its end, shows how the sharer did.
    ctx, other = fresh_page(browser, server, link + "&speed=instant")
    try:
        wait_settled(other)
        assert sorted(hand(other)) == first
        check_no_leak(other)
        play_round(other, random.Random(7), check=False)
        assert "Поделившийся этой раздачей набрал" in other.text_content("#result")
    finally:
        ctx.close()


def test_the_player_sets_the_seed_before_a_match(table):
    page = table
    from tablekit import to_menu

    to_menu(page)
    page.fill("#menu input[name=seed]", "123456789")
    page.press("#menu input[name=seed]", "Enter")
    page.check("input[name=format][value=three]")
    page.click("#menu [data-action=new]")
    wait_settled(page)
    assert saved(page)["secret"] == fair.seeded_secret(123456789).hex()  # the same deals at every start
    to_menu(page)
    assert page.input_value("#menu input[name=seed]") == "123456789"
    page.fill("#menu input[name=seed]", "21")
    page.press("#menu input[name=seed]", "Enter")
    page.click("#menu [data-action=new]")
    wait_settled(page)
    assert saved(page)["secret"] == fair.seeded_secret(21).hex()


def test_a_link_to_a_later_deal_deals_that_deal(browser, server):
    """An old link, deal=77-3: the fourth deal of seed 77's match, as the engine dealt it."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
    from table.coach import share
    from burkozel import FORMATS, Match, TableRules

    shared = share.SharedDeal("four", FORMATS["four"].default_combos, "closed", "medium", 77, 3)
    rules = TableRules("four", shared.combos, "closed")
    seeds = Match(rules, seed=77)  # the seed's own match: its fourth deck and dealer, stacked
    fourth = Match(rules, seed=0, decks=[seeds.deck_for(3)], dealer=(seeds.first_dealer + 3) % 4)
    dealt = sorted(str(c) for c in fourth.view(0).hand)
    old_link = (f"?table=four&combos={'.'.join(shared.combos)}&discard=closed&bots=medium&deal=77-3"
                "&speed=instant")  # written before deals had keys; read still
    assert share.parse(old_link) == shared
    ctx, page = fresh_page(browser, server, server.url + old_link)
    try:
        wait_settled(page)
        assert sorted(hand(page)) == dealt
        assert saved(page)["first_deal"] == 3 and saved(page)["seed"] == 77
        check_no_leak(page)
    finally:
        ctx.close()
