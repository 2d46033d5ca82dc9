"""«Домашние правила» at the table (RULES-house.md; web/table/match/house.py): the
menu shows each table exactly the switches the engine gives it, in every
language; a choice is kept, checked when read back, carried by the match, its
save, the rules dialog and a shared link; elimination and the robber are drawn
from the match's public standing."""

from __future__ import annotations

import json
import random
import re

import pytest

import webpath  # noqa: F401

from burkozel import FORMATS, HouseRules, TableRules, switches_for
from burkozel.house import HANDICAP_PRESET
from table.coach import share
from table.control.app import App
from table.control.effects import Env
from table.i18n import common, facts, languages
from table.match import house, storage
from table.match.table import Table
from table.view import render
from test_game import step

RU = languages.for_lang("ru")


def menu(fmt: str, lang: str = "ru", settings: dict | None = None) -> str:
    s = settings or storage.default_settings(lang)
    s["format"] = fmt
    return render.menu_html(s, {"levels": ("easy", "medium", "hard")})


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_the_menu_shows_exactly_the_switches_the_engine_gives_the_table(fmt):
    html = menu(fmt)
    names = set(re.findall(r'name="house-([a-z_]+)"', html))
    assert names == {s.key for s in switches_for(fmt)}
    for s in switches_for(fmt):
        kind = re.findall(rf'type="(\w+)" name="house-{s.key}"', html)
        assert kind == (["checkbox"] if len(s.offered) == 2 else ["radio"] * len(s.offered)), s.key
        # The default is what is shown chosen.
        if len(s.offered) > 2:
            assert f'value="{json.dumps(s.default).replace(chr(34), "&quot;")}" id="house-{s.key}-' in html
    for c in FORMATS[fmt].house_combo_ids:
        assert f'name="{c}" id="combo-{c}"' in html
    assert ("Домашние правила" in html) == bool(switches_for(fmt) or FORMATS[fmt].house_combo_ids)
    # A table without combinations of its own (Бура на пять карт) shows no empty group for them.
    assert ('class="group combos"' in html) == bool(FORMATS[fmt].combo_ids or storage.table_switches(fmt))


@pytest.mark.parametrize("lang", languages.LANGS)
def test_every_switch_and_value_has_its_words_in_every_language(lang):
    t = languages.for_lang(lang)
    for fmt in FORMATS:
        html = menu(fmt, lang)
        for s in switches_for(fmt):
            assert t.HOUSE_TITLES[s.key] in html and t.HOUSE_HINTS[s.key] in html
            if len(s.offered) > 2:
                for v in s.offered:
                    assert t.house_value(s.key, v)
            # Every value off the default has its sentence in the rules dialog.
            for v in s.values if s.key != "handicap" else (7,):
                if v != s.default:
                    assert len(t.house_lines({s.key: house.as_json(v)})) == 1, (lang, s.key, v)
        for c in FORMATS[fmt].house_combo_ids:
            assert t.COMBO_TITLES[c] in html and t.combo_hint(fmt, c) in html


def test_a_change_in_the_menu_is_kept_as_the_switch_takes_it():
    s = storage.default_settings()
    mine = s["tables"]["bura31"]["house"]
    assert house.change("bura31", mine, "house-match", '"robber11"', False) and mine["match"] == "robber11"
    assert house.change("bura31", mine, "house-next_dealer", "", True) and mine["next_dealer"] == "winner"
    assert house.change("bura31", mine, "house-next_dealer", "", False) and mine["next_dealer"] == "alternate"
    # A value the switch does not take, a switch of another table, garbage: nothing changes.
    before = dict(mine)
    assert not house.change("bura31", mine, "house-match", '"robber99"', False)
    assert not house.change("bura31", mine, "house-match", "{oops", False)
    assert not house.change("bura31", mine, "house-spades", "", True)
    assert not house.change("bura31", mine, "house-nonsense", "1", True)
    assert mine == before
    six = s["tables"]["four"]["house"]
    assert house.change("four", six, "house-elimination", "", True) and six["elimination"] is True
    assert house.change("four", six, "house-six", "", True) and six["six"] == "no_tricks"


def test_open_hands_preset_the_handicap_and_drop_what_needs_one_open_seat():
    """RULES-house.md §6.3–6.4: 5 for one open seat of three cards, 0 with four, none without one open seat."""
    mine = {"open": [], "handicap": 0, "open_four": False}
    house.settle(mine, None)
    assert mine == {"open": [], "handicap": 0, "open_four": False}
    mine["open"] = [1]
    house.settle(mine, "open")
    assert mine["handicap"] == HANDICAP_PRESET
    mine["open_four"] = True
    house.settle(mine, "open_four")
    assert mine["handicap"] == 0
    mine["handicap"] = 10
    mine["open"] = [0, 1]
    house.settle(mine, "open")
    assert mine == {"open": [0, 1], "handicap": 0, "open_four": False}
    HouseRules.from_dict(mine)  # the engine takes what the menu settles


def test_a_combination_switched_on_turns_off_the_one_it_excludes():
    app = App(Env(search="?seed=5", origin="http://x", pathname="/", storage={}, href="http://x/",
                  languages=("ru",)))
    app.take()
    app.handle({"type": "change", "name": "format", "value": "bura31"})
    combos = storage.table_settings(app.table.settings)["combos"]
    app.handle({"type": "change", "name": "moscow", "checked": True})
    app.handle({"type": "change", "name": "moscow_lead", "checked": True})
    assert combos["moscow_lead"] and not combos["moscow"]
    html = app.cache["menu"] if "menu" in app.cache else render.menu_html(app.table.settings, app.menu_ui())
    assert 'name="moscow_lead" id="combo-moscow_lead" role="switch" data-excludes="moscow" checked' in html
    # The match is dealt with it: TableRules takes the pair as the menu left it.
    app.handle({"type": "click", "action": "new"})
    assert app.table.info.combos == ("moscow_lead",)


def test_stored_switches_are_checked_one_by_one():
    s = storage.default_settings()
    s["tables"]["bura31"]["house"].update(match="robber21", both_bura="void")
    s["tables"]["four"]["house"]["elimination"] = True
    loaded, notices = storage.load_settings(storage.dump_settings(s))
    assert loaded == s and notices == []
    data = json.loads(storage.dump_settings(s))
    # Only what is off its default is written: older saves write back as they were.
    assert data["tables"]["bura31"]["house"] == {"both_bura": "void", "match": "robber21"}
    assert "house" not in data["tables"]["pairs"]
    # A bad value, an unknown switch, a switch of another table: that one is dropped with a notice,
    # everything else kept.
    data["tables"]["bura31"]["house"] = {"match": "robber99", "both_bura": "top", "sideways": True}
    data["tables"]["pairs"]["house"] = {"spades": False}
    data["tables"]["bura31"]["combos"].update(moscow=True, moscow_lead=True)
    loaded, notices = storage.load_settings(json.dumps(data))
    assert notices == [RU.NOTICE_SETTINGS_PARTIAL]
    assert loaded["tables"]["bura31"]["house"] == {**house.defaults("bura31"), "both_bura": "top"}
    assert loaded["tables"]["pairs"]["house"] == house.defaults("pairs")
    assert loaded["tables"]["four"]["house"]["elimination"] is True
    assert not (loaded["tables"]["bura31"]["combos"]["moscow"] and loaded["tables"]["bura31"]["combos"]["moscow_lead"])


def played_to_round_end(settings: dict, seed: int) -> Table:
    table = Table(settings, speed="instant", seed=seed)
    table.new_match()
    rng = random.Random(seed)
    while table.phase() == "play" or table.phase() == "clearing":
        step(table, rng)
    return table


def test_a_match_with_switches_saves_resumes_and_tells_the_rules_dialog():
    s = storage.default_settings()
    s["format"] = "bura5"
    s["tables"]["bura5"]["house"].update(spades=False, match="robber11")
    table = played_to_round_end(s, 4)
    assert table.info.house == HouseRules(spades=False, match="robber11")
    saved = table.saved()
    assert saved["house"] == {"spades": False, "match": "robber11"}
    back, resumed, notices = storage.read_match(storage.dump_match(saved))
    assert notices == []
    again = Table(storage.default_settings(), seed=1)
    assert again.restore(back, resumed) and again.info.house == table.info.house
    lines = render.rules_house_html(again.ui()["house"], RU)
    assert RU.RULES_HOUSE["spades"]["off"] in lines and RU.RULES_HOUSE["match"]["robber11"] in lines
    # Without a match, the dialog tells the switches chosen for the next one; none: nothing.
    assert render.rules_house_html(Table(storage.default_settings()).ui()["house"], RU) == ""
    # The robber's score: won deals and their target, not penalties.
    score = render.score_html(again.display(), again.ui())
    assert RU.WINS_LABEL in score and RU.WINS_TARGET.format(target=11) in score
    # Its result: the deal's «+1» to its winner and the deals won, no penalty columns.
    result = render.result_html(again.display(), again.ui())
    assert all(f"<th scope=\"col\">{c}</th>" in result for c in RU.ROBBER_RESULT_COLUMNS)
    winner = again.display()["deal_winner"]
    gains = re.findall(r"<td>([+−]?\d+)</td><td><b>(\d+)</b>", result)
    assert [g for g, _ in gains] == [("+1" if side == winner else "0") for side in (0, 1)]
    assert [int(w) for _, w in gains] == again.match.wins


def test_a_saved_match_with_a_switch_this_table_lacks_is_said_and_dropped():
    s = storage.default_settings()
    s["format"] = "three"
    table = played_to_round_end(s, 2)
    raw = storage.dump_match({**table.saved(), "house": {"spades": False}})
    assert storage.read_match(raw)[0] is None and storage.read_match(raw)[2] == [RU.NOTICE_MATCH_HOUSE]
    raw = storage.dump_match({**table.saved(), "house": {"teleport": True}})
    assert storage.read_match(raw)[2] == [RU.NOTICE_MATCH_HOUSE]
    # At the page: the notice, a fresh start, the settings kept.
    settings = storage.default_settings()
    settings["tables"]["four"]["house"]["elimination"] = True
    app = App(Env(search="", origin="http://x", pathname="/", href="http://x/", languages=("ru",),
                  storage={storage.MATCH_KEY: raw, storage.SETTINGS_KEY: storage.dump_settings(settings)}))
    assert RU.NOTICE_MATCH_HOUSE in app.table.notices and app.table.match is None
    assert app.table.settings["tables"]["four"]["house"]["elimination"] is True


def test_a_shared_deal_carries_its_switches():
    s = storage.default_settings()
    s["format"] = "bura31"
    s["tables"]["bura31"]["house"].update(match="robber21", next_dealer="winner")
    s["tables"]["bura31"]["combos"].update(small_moscow=True)
    table = played_to_round_end(s, 6)
    link = share.query(share.of_match(table.info, table.match, 0))
    back = share.parse(link)
    assert back.house == {"match": "robber21", "next_dealer": "winner"} and back.combos == ("small_moscow",)
    info = share.info_of(back)
    assert info.rules == table.info.rules and info.house == table.info.house
    fresh = storage.default_settings()
    share.settings_for(back, fresh)
    assert storage.chosen_house(fresh, "bura31") == table.info.house
    # A switch the table lacks, or a value it does not take: not a shared deal of ours.
    for bad in ("spades.0", "match.robber99", "teleport.1", "match"):
        assert share.parse(link.replace("house=match.robber21-next_dealer.winner", f"house={bad}")) is None


def test_elimination_plays_to_one_seat_in_with_places_and_the_player_out_may_watch():
    s = storage.default_settings()
    s["format"] = "four"
    s["tables"]["four"]["house"]["elimination"] = True
    table = Table(s, speed="instant", seed=3)
    table.new_match()
    rng = random.Random(1)
    offered = False
    while table.phase() != "match_end":
        if table.phase() == "round_end":
            html = render.result_html(table.display(), table.ui())
            me_out = table.ui()["places"][0] is not None
            assert ('data-action="new"' in html and RU.WATCH_ON in html) == me_out
            offered = offered or me_out
        render.regions(table.display(), table.ui())
        step(table, rng)
    ui = table.ui()
    assert None not in ui["places"] and min(ui["places"]) == 1 and len(ui["out"]) == 3  # equal totals share a place
    # The last round's pass mark is its number of seats' (RULES-house.md §1.6: 31 with two), and the score says so.
    mark = 31 if len(table.match.round.in_play) == 2 else 21
    assert ui["pass_mark"] == mark and RU.score_target(None, mark) in render.score_html(table.display(), ui)
    html = render.result_html(table.display(), ui)
    assert RU.PLACES_LINE.split("{")[0] in html
    assert offered
    seats = "".join(render.seat_html(table.display(), ui, s) for s in (1, 2, 3))
    assert seats.count('class="tag out-tag"') == sum(s in ui["out"] for s in (1, 2, 3))


def test_statistics_are_kept_per_table_and_house_rules():
    from table.coach import stats
    plain = stats.table_key("bura31", "hard")
    robber = stats.table_key("bura31", "hard", {"match": "robber11", "next_dealer": "winner"})
    assert plain == "bura31/hard" and robber == "bura31+match.robber11-next_dealer.winner/hard"
    assert stats.key_parts(robber) == ("bura31", "hard", {"match": "robber11", "next_dealer": "winner"})
    data = stats.empty()
    outcome = stats.DealOutcome(points=40, penalty=0, won=True, declared=None, hints=0)
    assert stats.record_deal(data, robber, "1/0/0/5", outcome, False, False)
    assert stats.record_deal(data, plain, "1/0/1/5", outcome, False, False)
    loaded, dropped = stats.load(stats.dump(data))
    assert not dropped and set(loaded["tables"]) == {plain, robber}
    # A key naming a switch its table lacks, a value it does not take, or its defaults spelled out: dropped.
    for bad in ("bura31+spades.off/hard", "bura31+match.robber99/hard", "bura31+/hard",
                "bura31+match.penalties/hard", "pairs+six.no_tricks+x/hard"):
        assert not stats.valid_key(bad), bad
        broken = json.loads(stats.dump(data))
        broken["tables"][bad] = broken["tables"][plain]
        again, dropped = stats.load(json.dumps(broken))
        assert dropped and set(again["tables"]) == {plain, robber}
    panel = render.coachview.stats_panel(loaded, robber, RU)
    assert RU.house_summary({"match": "robber11", "next_dealer": "winner"}) in panel
    assert "Роббер: малый, 11 раздач" in panel



def friend_table(fmt: str, house_rules: dict, seed: int):
    from table.p2p.peer import HostTable
    s = storage.default_settings()
    s["format"] = fmt
    s["tables"][fmt]["house"].update(house_rules)
    s["seats"][fmt] = [{"kind": "human", "name": "Хозяин"}, {"kind": "human", "name": "Гость"}]
    table = HostTable(s, speed="instant", seed=7_340_011 + seed)
    table.new_match()
    return table


@pytest.mark.parametrize("fmt,house_rules", [("bura5", {}), ("bura5", {"spades": False, "match": "robber11"}),
                                             ("bura31", {"both_bura": "void", "next_dealer": "winner"})])
def test_a_friend_plays_with_the_switches_and_a_move_they_forbid_is_refused(fmt, house_rules):
    """The guest's screen is its seat's view with the match's house rules; a beat only the
    switch off would allow (a trump over a spade at Бура на пять карт) is refused, nothing changed."""
    from hostplay import GUEST, OVER, host_step
    from table.p2p import peer
    from test_peer import Wire
    from burkozel import Move
    refused = 0
    for seed in range(4):
        wire = Wire(friend_table(fmt, house_rules, seed), 1)
        t = wire.table
        rng = random.Random(seed)
        for _ in range(3000):
            wire.deliver()
            step_now = host_step(t, rng, max_rounds=2)
            if step_now == OVER:
                break
            if step_now != GUEST:
                continue
            view = wire.guest.view()
            assert view.house == t.info.house and wire.guest.display()["house"] == t.info.house.changed()
            lead = view.trick.lead if view.trick is not None else ()
            trumps = [c for c in view.hand if c.suit_letter == view.trump_suit != "S"]
            if fmt == "bura5" and len(lead) == 1 and lead[0].suit_letter == "S" and trumps:
                beat = Move.beat(trumps[0])
                before = list(t.match.moves)
                if t.info.house.spades:
                    replies = wire.host.receive(1, peer.dump(peer.MOVE, move=beat.to_dict(), seq=wire.guest.seq))
                    assert json.loads(replies[0][1])["t"] == "refused" and t.match.moves == before
                    refused += 1
                else:
                    assert beat in view.legal_moves
            move = rng.choice(view.legal_moves)
            wire.send(peer.dump(peer.MOVE, move=move.to_dict(), seq=wire.guest.seq))
    if fmt == "bura5" and not house_rules:
        assert refused > 0


def test_a_deal_without_trumps_draws_the_stock_alone():
    """RULES-house.md §5: no card is turned; the stock's last card stays face down like the rest."""
    from burkozel import Match
    view = Match(TableRules("bura31"), seed=3).view(0).to_dict()
    view.update(trump_card=None, trump_suit=None)
    for lang in languages.LANGS:
        t = languages.for_lang(lang)
        deck = render.deck_html(view, ["Вы", "Соперник"], t)
        assert 'id="trump"' not in deck and t.NO_TRUMP_NOTE in deck and "data-card" not in deck
        assert deck.count("card back") == 3
        assert t.NO_TRUMP_NOTE in render.deck_html({**view, "stock": 0}, ["Вы", "Соперник"], t)


@pytest.mark.parametrize("seats_open", [[1], [0], [0, 1]])
def test_an_open_hand_is_drawn_face_up_at_its_seat_and_nothing_else_hidden_shows(seats_open):
    s = storage.default_settings()
    s["format"] = "bura31"
    s["tables"]["bura31"]["house"]["open"] = seats_open
    house.settle(s["tables"]["bura31"]["house"], "open")
    table = Table(s, speed="instant", seed=9)
    table.new_match()
    rng = random.Random(2)
    checked = 0
    for _ in range(400):
        if table.phase() == "match_end" or (table.phase() == "round_end" and table.match.round_no >= 2):
            break
        view, ui = table.display(), table.ui()
        if view is not None and table.phase() in ("play", "clearing"):
            regions = render.regions(view, ui)
            shown = set(re.findall(r'data-card="(\w\w)"', "".join(regions.values())))
            hidden = {str(c) for c in table.match.round.unknown_to(0)}
            assert not shown & hidden, shown & hidden
            opponent = {str(c) for c in table.match.round.hands[1]}
            seat_markup = regions["seat-1"]
            if 1 in seats_open:
                assert set(re.findall(r'data-card="(\w\w)"', seat_markup)) == opponent
                assert RU.OPEN_HAND in seat_markup and "card back" not in seat_markup
            else:
                assert "data-card" not in seat_markup
            assert (RU.OPEN_HAND in regions["me"]) == (0 in seats_open)
            checked += 1
        step(table, rng)
    assert checked > 5


def test_the_elimination_results_small_print_gives_the_rounds_own_pass_mark():
    """RULES-house.md §1.6: a round of two is played to 31, and the result's small print
    says so (it said «Выход — 21»); a seat at 12 goes out rather than ending the match."""
    s = storage.default_settings()
    s["format"] = "four"
    s["tables"]["four"]["house"]["elimination"] = True
    table = Table(s, speed="instant", seed=8)  # a match that comes down to two seats
    table.new_match()
    rng = random.Random(1)
    marks = set()
    while True:
        if table.phase() in ("round_end", "match_end"):
            dealt = len(table.match.round.in_play)
            html = render.result_html(table.display(), table.ui())
            mark = 31 if dealt == 2 else 21
            assert f"Выход — {mark}." in html and f"Выход — {52 - mark}." not in html, (dealt, html)
            assert RU.say("penalty_out", limit=12) in html and RU.say("penalty_limit", limit=12) not in html
            marks.add(mark)
        if not step(table, rng):
            break
    assert marks == {21, 31}
    # Without the switch the small print is the table's.
    plain = Table(storage.default_settings(), speed="instant", seed=3)
    plain.new_match()
    while plain.phase() != "round_end":
        step(plain, rng)
    html = render.result_html(plain.display(), plain.ui())
    assert RU.say("penalty_limit", limit=12) in html and RU.say("penalty_out", limit=12) not in html


def _ended(name: str, deals: int, seat: int, lang: str):
    from househelp import scenario_match
    match = scenario_match(name, deals=deals)
    t = languages.for_lang(lang)
    base = list(t.SEATS_BY_COUNT[match.rules.players])  # «Вы» first: the others' names as seat 0 sees them
    names = [base[(s - seat) % len(base)] for s in range(len(base))]
    ui = {"phase": "round_end", "lang": lang, "names": names, "positions": render_positions(match.rules.players, seat)}
    return match, match.view(seat).to_dict(), ui, t


def render_positions(players: int, seat: int) -> list[str]:
    from table.match.screen import POSITIONS
    return [POSITIONS[players][(s - seat) % players] for s in range(players)]


@pytest.mark.parametrize("lang", languages.LANGS)
@pytest.mark.parametrize("seat", [0, 1])
def test_two_buras_are_shown_to_each_seat_in_the_result_and_at_the_seat(lang, seat):
    """RULES-house.md §3.7: several буры (H4, `void`) show every holder's three to both seats:
    the result says why nobody won and shows both threes; the other seat's cards lie face up."""
    match, d, ui, t = _ended("h4_bura31_both_bura_void", 1, seat, lang)
    html = render.result_html(d, ui)
    assert t.say("end_void_bura") in html and t.say("end_void") not in html
    blocks = re.findall(r'class="dealt shown" data-seat="(\d)"><p>([^<]*)</p><div class="dealt-cards">(.*?)</div></div>',
                        html)
    assert [(int(s), re.findall(r'data-card="(\w\w)"', cards)) for s, _, cards in blocks] == [
        (0, ["7H", "8H", "AH"]), (1, ["6H", "9H", "TH"])]
    assert blocks[seat][1] == t.shown_line(t.YOU) and blocks[1 - seat][1] != t.shown_line(t.YOU)
    other = render.seat_html(d, ui, 1 - seat)
    assert re.findall(r'data-card="(\w\w)"', other) == [["7H", "8H", "AH"], ["6H", "9H", "TH"]][1 - seat]
    assert "card back" not in other


@pytest.mark.parametrize("lang", languages.LANGS)
def test_a_redeal_says_so_and_shows_the_combination_that_caused_it(lang):
    """RULES-house.md §4.5 (H6 deal 1): the result said «ничья 0:0»; it says a redeal and
    shows 1's молодка, nothing of 0's hand to 1."""
    match, d, ui, t = _ended("h6_bura31_redeal_winner", 1, 1, lang)
    html = render.result_html(d, ui)
    assert t.say("end_redeal") in html and t.say("end_draw_score", a=0, b=0) not in html
    assert t.shown_line(t.YOU) in html
    hidden = {str(c) for c in match.round.unknown_to(1)}
    assert {"6D", "7C", "8S"} <= hidden and not hidden & set(re.findall(r'data-card="(\w\w)"', html))
    assert re.findall(r'data-card="(\w\w)"', render.seat_html(d, ui, 0)) == []  # 0 showed nothing
    # Seat 0 sees the молодка at 1's seat, with no card back beside it.
    match, d, ui, t = _ended("h6_bura31_redeal_winner", 1, 0, lang)
    assert re.findall(r'data-card="(\w\w)"', render.seat_html(d, ui, 1)) == ["KH", "TH", "AH"]


@pytest.mark.parametrize("lang", languages.LANGS)
@pytest.mark.parametrize("seats_open, four", [([1], False), ([0], False), ([0], True)])
def test_the_handicap_is_shown_at_the_open_seat_and_in_its_players_score(lang, seats_open, four):
    """RULES-house.md §6.3: the фора was told only in the rules dialog; the open seat now
    carries «фора +N» by its name, and its player's score line says it beside the target."""
    s = storage.default_settings(lang)
    s["format"] = "bura31"
    mine = s["tables"]["bura31"]["house"]
    assert house.change("bura31", mine, "house-open", json.dumps(seats_open), True)
    if four:
        assert house.change("bura31", mine, "house-open_four", "", True)
    n = 0 if four else HANDICAP_PRESET
    table = Table(s, speed="instant", seed=4)
    table.new_match()
    view, ui = table.display(), table.ui()
    t = languages.for_lang(lang)
    assert view["handicaps"] == ([n if seat in seats_open else 0 for seat in (0, 1)] if n else [])
    tag = t.HANDICAP_TAG.format(n=n)
    seat, me, score = render.seat_html(view, ui, 1), render.me_html(view, ui), render.score_html(view, ui)
    assert (tag in seat) == (n > 0 and 1 in seats_open) and (tag in me) == (n > 0 and 0 in seats_open)
    assert (t.SCORE_HANDICAP.format(target=t.score_target(31, view["pass_mark"]), n=n) in score) == (
        n > 0 and 0 in seats_open)
    assert "handicap-tag" not in seat + me or n


@pytest.mark.parametrize("fmt", ["four", "bura5"])
def test_with_six_only_for_no_tricks_the_small_print_says_so(fmt):
    """RULES-house.md §2: the result's small print said «без очков — 6» under `six: no_tricks`,
    where a side with tricks and no points gets 4."""
    key = "penalty_two" if fmt == "bura5" else "penalty_pass"
    for six, shown in (("no_tricks", key + "_tricks"), ("no_points", key)):
        s = storage.default_settings()
        s["format"] = fmt
        s["tables"][fmt]["house"]["six"] = six
        table = Table(s, speed="instant", seed=2)
        table.new_match()
        rng = random.Random(3)
        while table.phase() not in ("round_end", "match_end"):
            step(table, rng)
        html = render.result_html(table.display(), table.ui())
        note = html[html.index('<p class="fine">'):]
        assert RU.say(shown, **{**facts.table_facts(fmt), "half": common.HALF,
                                "limit": RU.say("penalty_limit", limit=12)}).split(".")[0] in note
        assert ("без единой взятки" in note) == (six == "no_tricks")


def test_a_watcher_and_a_guest_get_the_shown_cards_with_the_view():
    """The cards shown at a deal's end are public (RULES-house.md §3.7): a watcher's state keeps
    them, and a guest's screen, drawn from the view the host sends, reads them back."""
    from burkozel import SeatView
    from table.p2p import watch
    match, d, ui, t = _ended("h4_bura31_both_bura_void", 1, 1, "ru")
    assert watch.public(d)["shown"] == d["shown"] == [["7H", "8H", "AH"], ["6H", "9H", "TH"]]
    assert SeatView.from_dict(json.loads(json.dumps(d))) == match.view(1)
