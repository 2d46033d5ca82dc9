"""Pass-and-play in the browser: seats chosen in the menu
(``select[name=seat-<n>]``, ``input[name=seat-name-<n>]``), whole deals of
``pairs`` (two people, two bots) and ``duel`` (two people) played by clicks
through the hand-over screens, and a reload mid-round.

While ``#handover`` shows, the DOM must hold no card of any hand: no
``[data-card]`` at all, no card back, no hand markup, and no card of any
hand named anywhere.  While a person plays, the DOM holds nothing hidden
from *that* person.  What each seat may know is worked out here by replaying
the saved moves with the engine (``tablekit.replay``), never by asking the page.
"""

from __future__ import annotations

import random

import pytest

from tablekit import NAMES, RANKS, play_turn, replay, reset_seen, saved, table_fixtures, to_menu
from test_layout import OVERLAPS_JS, PARTS

from burkozel import fair  # noqa: E402  (on the path tablekit puts it on)

shared, table = table_fixtures(seed=5)
"""One booted table for this module's tests; each starts its own match."""

PAIRS = {0: "Аня", 2: "Боря"}
DUEL = {0: "Аня", 1: "Боря"}

WAIT_JS = """() => { const t = document.getElementById('table');
  return ['me', 'handover'].includes(t.dataset.turn) || ['round_end', 'match_end'].includes(t.dataset.phase); }"""


def seat_people(page, fmt: str, people: dict[int, str]) -> None:
    """In the open menu: table ``fmt``, persons at the seats of ``people`` (with
    those names), bots elsewhere — by the menu's own controls."""
    page.check(f"input[name=format][value={fmt}]")
    page.check("input[name=difficulty][value=easy]")
    players = page.locator("select[name^=seat-]").count() + 1
    for seat in range(1, players):
        page.select_option(f"select[name=seat-{seat}]", "human" if seat in people else "bot")
    for seat, name in people.items():
        field = page.locator(f"input[name=seat-name-{seat}]")
        field.fill(name)
        field.blur()  # a name is taken on «change»
        page.wait_for_selector(f'input[name=seat-name-{seat}][value="{name}"]', state="attached")


def start(page, fmt: str, people: dict[int, str]) -> None:
    to_menu(page)
    seat_people(page, fmt, people)
    page.click("#menu [data-action=new]")
    reset_seen(page)


def wait(page) -> str:
    """Until the table waits for a person: a hand-over, a turn, or a deal's end."""
    page.wait_for_function(WAIT_JS, timeout=30_000)
    table_el = page.locator("#table")
    if table_el.get_attribute("data-phase") in ("round_end", "match_end"):
        return table_el.get_attribute("data-phase")
    return table_el.get_attribute("data-turn")


def hand_cards(match) -> set[str]:
    return {str(c) for hand in match.round.hands for c in hand}


def next_person(match, people: dict[int, str]) -> int:
    """Who the device goes to: the person to act, else the first person after the seat to act."""
    n = match.rules.players
    start_seat = match.to_act if match.to_act is not None else 0
    return next(s for s in ((start_seat + k) % n for k in range(n)) if s in people)


def check_handover(page, people: dict[int, str]) -> int:
    """The hand-over screen names the right person and the DOM holds no card of any hand."""
    match = replay(saved(page))
    to = next_person(match, people)
    assert page.locator("#handover").is_visible()
    assert page.text_content("#handover h2") == f"Передайте устройство: {people[to]}"
    assert page.locator("#handover button").text_content() == f"Я — {people[to]}"
    # Everyone at the device reads the deal's commitment before their first look at its cards.
    assert fair.short(match.commitment(match.round_no)) in page.text_content("#handover .commit-line")
    assert page.locator("[data-card]").count() == 0
    assert page.locator(".card").count() == 0
    assert page.inner_html("#hand") == "" and page.locator(".hand-cards, .mini-hand").count() == 0
    html = page.evaluate("document.documentElement.outerHTML")
    for c in hand_cards(match):
        assert f'"{c}"' not in html, f"card {c} of a hand in the DOM during the hand-over"
        assert f"{RANKS[c[0]]} {NAMES[c[1]]}" not in html, f"card {c} of a hand named during the hand-over"
    return to


def check_person_view(page, people: dict[int, str]) -> int:
    """A person's turn: it is theirs, their hand is drawn, nothing hidden from them is in the DOM."""
    match = replay(saved(page))
    seat = int(page.get_attribute("#me .seat", "data-seat"))
    assert seat in people and match.to_act == seat
    assert people[seat] in page.text_content("#me")
    mine = {str(c) for c in match.view(seat).hand}
    assert set(page.eval_on_selector_all("#hand button[data-card]", "els => els.map(e => e.dataset.card)")) == mine
    html = page.evaluate("document.documentElement.outerHTML")
    for c in {str(c) for c in match.round.unknown_to(seat)}:
        assert f'"{c}"' not in html, f"card {c} hidden from seat {seat} in the DOM"
    return seat


def play_deal(page, people: dict[int, str], rng: random.Random, keyboard_first: bool = False) -> dict:
    """Play one deal through every hand-over; returns what happened."""
    log = {"handovers": [], "turns": []}
    for _ in range(400):
        state = wait(page)
        if state in ("round_end", "match_end"):
            log["end"] = state
            return log
        if state == "handover":
            to = check_handover(page, people)
            if keyboard_first and not log["handovers"]:
                page.wait_for_function("() => document.activeElement?.closest('#handover') !== null")
                page.keyboard.press("Enter")
                page.wait_for_function("() => document.activeElement?.closest('#hand') !== null")
            else:
                page.get_by_role("button", name=f"Я — {people[to]}").click()
            page.wait_for_selector("#handover", state="detached")
            log["handovers"].append(to)
            continue
        seat = check_person_view(page, people)
        if log["turns"] and log["turns"][-1] != seat:
            assert log["handovers"] and log["handovers"][-1] == seat  # a different person: handed over first
        log["turns"].append(seat)
        play_turn(page, rng)
    raise AssertionError("the deal did not end")


def test_pairs_round_with_two_people_and_two_bots(table):
    page = table
    start(page, "pairs", PAIRS)
    # The bots are marked, the menu kept the seats.
    log = play_deal(page, PAIRS, random.Random(1), keyboard_first=True)
    assert set(log["turns"]) == set(PAIRS) and len(log["handovers"]) >= 3
    assert log["handovers"][0] in PAIRS
    # The result is for everyone and shows without a hand-over.
    assert page.locator("#result").is_visible() and page.locator("#handover").count() == 0
    assert page.locator("#result tbody tr").count() == 2
    assert "Аня и Боря" in page.text_content("#result") and "Мы" not in page.text_content("#result")
    if log["end"] == "round_end":
        page.click("#result [data-action=next]")
        assert wait(page) == "handover"  # a new deal starts with a hand-over
        check_handover(page, PAIRS)


def test_duel_with_two_people(table):
    page = table
    start(page, "duel", DUEL)
    log = play_deal(page, DUEL, random.Random(2))
    assert set(log["turns"]) == {0, 1} and len(log["handovers"]) >= 2
    assert page.locator("#result").is_visible()
    # After the deal: its key, beside the commitment the hand-overs showed, and «Проверить раздачу».
    match = replay(saved(page))
    line = page.text_content("#result .key-line")
    assert fair.short(match.commitment(0)) in line and match.key_for(0).hex() in line
    assert page.locator("#result .key-line a.check-deal").count() == 1


def test_resume_mid_round_with_two_people(table):
    page = table
    start(page, "pairs", PAIRS)
    rng = random.Random(3)
    moves = 0
    while moves < 5:
        state = wait(page)
        assert state in ("me", "handover")
        if state == "handover":
            to = check_handover(page, PAIRS)
            page.get_by_role("button", name=f"Я — {PAIRS[to]}").click()
            continue
        check_person_view(page, PAIRS)
        play_turn(page, rng)
        moves += 1
    assert wait(page) in ("me", "handover")
    before = saved(page)
    page.reload()
    page.wait_for_selector("html[data-state=ready]", state="attached", timeout=90_000)
    assert saved(page) == before
    # The menu offers to continue; behind it, nothing private is drawn.
    assert page.is_visible("#menu [data-action=continue]")
    assert page.locator("[data-card]").count() == 0
    page.click("#menu [data-action=continue]")
    assert wait(page) == "handover"
    to = check_handover(page, PAIRS)
    match = replay(before)
    assert to == next_person(match, PAIRS)
    page.get_by_role("button", name=f"Я — {PAIRS[to]}").click()
    log = play_deal(page, PAIRS, rng)
    assert log["end"] in ("round_end", "match_end")


def test_single_play_is_unchanged_by_seats(table):
    """Back to one person: no hand-over screen at any point of a deal."""
    page = table
    to_menu(page)
    seat_people(page, "pairs", {0: "Аня"})
    page.click("#menu [data-action=new]")
    rng = random.Random(4)
    for _ in range(200):
        state = wait(page)
        assert state != "handover" and page.locator("#handover").count() == 0
        if state in ("round_end", "match_end"):
            break
        assert page.get_attribute("#me .seat", "data-seat") == "0"
        play_turn(page, rng)
    seated = saved(page)["seats"]  # saved, as seat 0 has a typed name
    assert [s["kind"] for s in seated] == ["human", "bot", "bot", "bot"] and seated[0]["name"] == "Аня"


HANDOVER_PARTS = {"header": PARTS["header"], "table": ["#handover .handover-card", "#handover button"]}


@pytest.mark.parametrize("size", [(390, 664), (844, 390), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_layout_with_two_people(table, size):
    """The layouts work as in single play, whoever sits at the bottom: at each
    person's turn nothing overlaps, and the hand-over screen fits the window."""
    page = table
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.emulate_media(reduced_motion="reduce")
    start(page, "pairs", PAIRS)
    rng = random.Random(6)
    problems: list[str] = []
    bottoms = set()
    turns = 0
    while turns < 8:
        state = wait(page)
        if state not in ("me", "handover"):
            break
        if state == "handover":
            seen = page.evaluate(OVERLAPS_JS, HANDOVER_PARTS)
            problems.extend(f"hand-over: {o}" for o in seen["overlaps"])
            page.locator("#handover button").click()
            continue
        seen = page.evaluate(OVERLAPS_JS, PARTS)
        problems.extend(f"turn {turns}: {o}" for o in seen["overlaps"])
        bottoms.add(page.get_attribute("#me .seat", "data-seat"))
        play_turn(page, rng)
        turns += 1
    page.emulate_media(reduced_motion="no-preference")
    assert not problems, "\n".join(problems[:20])
    assert bottoms == {"0", "2"}


POT_PEOPLE = {0: "Аня", 1: "Боря", 3: "Вера"}


def test_three_people_at_the_pot_answer_a_dave_each_at_their_turn(table):
    """«Бура на кон» at four seats, three people and a bot at one device: between people the
    hand-over screen hides every card, each sees only their own hand, and a «даве» is put to
    each person facing it in turn — «Принять (N фишек)» or «Пас» at their own screen."""
    page = table
    to_menu(page)
    page.check("input[name=format][value=bura_pot]")
    page.set_checked("input[name=dave]", True)
    seat_people(page, "bura_pot", POT_PEOPLE)
    page.click("#menu [data-action=new]")
    reset_seen(page)
    rng = random.Random(8)
    raiser, answered, handovers = None, [], []
    for _ in range(400):
        state = wait(page)
        if state in ("round_end", "match_end"):
            break
        if state == "handover":
            handovers.append(check_handover(page, POT_PEOPLE))
            page.get_by_role("button", name=f"Я — {POT_PEOPLE[handovers[-1]]}").click()
            page.wait_for_selector("#handover", state="detached")
            continue
        seat = check_person_view(page, POT_PEOPLE)
        view = replay(saved(page)).view(seat)
        dave = page.locator("[data-action=dave]:not([disabled]):not(.idle)")
        if raiser is None and dave.count():
            dave.click()
            raiser = seat
            continue
        if view.raiser is not None:  # this person is asked, at their own screen, what the raise costs them
            assert view.raiser == raiser and seat != raiser
            accept = page.locator("[data-action=accept]")
            assert accept.is_visible() and f"({view.stake // 2} " in accept.inner_text()
            assert page.locator("[data-action=fold]").is_visible()
            assert POT_PEOPLE[raiser] in page.inner_text("#status")
            assert not handovers or handovers[-1] == seat
            answered.append(seat)
        play_turn(page, rng)
    else:
        raise AssertionError("the deal did not end")
    assert raiser is not None, "no person could raise in this deal"
    # Every other person was asked, each after the device came to them (the bot answered by itself).
    assert sorted(answered) == sorted(set(POT_PEOPLE) - {raiser})
    moves = saved(page)["rounds"][0]
    said = [s for s, m in moves if "accept" in m or "fold" in m]
    assert set(answered) <= set(said) and 2 in said
    assert page.locator("#result").is_visible() and page.locator("#handover").count() == 0
    assert page.locator("#result-body .stacks tbody tr").count() == 4
