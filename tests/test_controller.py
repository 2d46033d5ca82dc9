"""The table's controller (web/table/control/app.py) on CPython: events in, effects out.

Python runs in a worker in the browser; the page (web/page/host.js) only
applies what App answers. These tests drive App the way host.js does and check
the effects: markup per region, dialogs, storage writes, timers.
"""

from __future__ import annotations

import json
import re

import webpath  # noqa: F401  (puts web/ on sys.path)

from table.view import render
from table.match import storage
from table.i18n import languages
from table.control.app import App
from table.control.effects import Env

texts = languages.for_lang("ru")


def env(search: str = "?seed=5&speed=fast", stored: dict[str, str] | None = None, **kw) -> Env:
    """``stored``: localStorage's strings (``None``: storage off); a Russian browser unless ``languages`` says."""
    kw.setdefault("href", "http://127.0.0.1:8000/" + search)
    kw.setdefault("languages", ("ru-RU", "en"))
    return Env(search=search, origin="http://127.0.0.1:8000", pathname="/", storage=stored, **kw)


def start(e: Env | None = None) -> tuple[App, dict]:
    app = App(e or env(stored={}))
    return app, app.take()


def cards_in(markup: str) -> list[str]:
    return re.findall(r'data-card="([^"]+)"', markup)


def test_first_effects_draw_every_region_and_open_the_menu():
    app, fx = start()
    assert set(render.REGIONS) <= set(fx["regions"])
    assert "menu" in fx["regions"] and 'name="format"' in fx["regions"]["menu"]
    assert fx["dialogs"] == ["menu"]
    assert "menu" in fx["noCancel"]  # nothing to go back to: Esc keeps the menu
    assert "timers" not in fx  # nothing is played while the menu is open
    assert app.take() == {}  # nothing left over


def test_new_match_deals_saves_and_only_changed_regions_are_sent_again():
    app, _ = start()
    fx = app.handle({"type": "click", "action": "new"})
    assert fx["dialogs"] == []
    assert "menu" not in fx["noCancel"]
    writes = dict(fx["store"])
    assert storage.MATCH_KEY in writes and json.loads(writes[storage.MATCH_KEY])
    assert fx["attrs"]["table"]["data-phase"] == "play"
    hand = cards_in(fx["regions"]["hand"]) if "hand" in fx["regions"] else []
    if fx["attrs"]["table"].get("data-turn") == "me":
        assert hand
        again = app.handle({"type": "click", "card": hand[0]})
        assert set(again["regions"]) <= set(render.REGIONS) and "hand" in again["regions"]
        assert "score" not in again["regions"]  # unchanged regions are not sent again


def bots_turn(app: App) -> None:
    """Deal, then play the player's turns by auto-discard until a bot is to move."""
    app.handle({"type": "click", "action": "new"})
    for _ in range(400):
        if app.timer_id is not None and app.attrs.get("data-turn") != "me":
            return
        if app.attrs.get("data-turn") == "me":
            app.handle({"type": "click", "action": "discard"})
        else:
            app.handle({"type": "timer", "name": "step", "gen": app.timer_id})
    raise AssertionError("no bot's turn came")


def test_a_timed_step_runs_on_its_timer_and_a_stale_timer_does_nothing():
    app, _ = start()
    bots_turn(app)
    armed = app.timer_id
    saved = app.table.saved()
    assert app.handle({"type": "timer", "name": "step", "gen": armed + 100}) == {}
    assert app.table.saved() == saved
    key = app.table.timer_key()
    fx = app.handle({"type": "timer", "name": "step", "gen": armed})
    assert fx.get("regions")  # the step ran (a move, a trick leaving, a bot's thinking shown)
    assert app.table.timer_key() != key


def test_clicks_during_a_bots_turn_never_rearm_its_timer():
    """The game's pace does not depend on the player's clicks."""
    app, _ = start()
    bots_turn(app)
    armed = app.timer_id
    for card in [str(c) for c in app.table.view().hand][:3]:
        fx = app.handle({"type": "click", "card": card})
        assert "timers" not in fx
        assert app.timer_id == armed


def test_storage_off_says_so_and_writes_nothing():
    app, fx = start(env(stored=None))
    assert "store" not in fx
    assert texts.NOTICE_STORAGE_OFF in fx["regions"]["notices"]
    fx = app.handle({"type": "click", "action": "new"})
    assert "store" not in fx


def test_a_refused_write_is_reported_once():
    app, _ = start()
    app.handle({"type": "click", "action": "new"})
    fx = app.handle({"type": "storage-failed"})
    assert texts.NOTICE_STORAGE_FULL in fx["regions"]["notices"]
    assert app.handle({"type": "storage-failed"}) == {}


def test_a_saved_match_is_resumed_from_the_stored_strings():
    first, _ = start()
    fx = first.handle({"type": "click", "action": "new"})
    stored = {k: v for k, v in fx["store"] if v is not None}
    again, fx = start(env(stored=stored))
    assert again.table.phase() in ("play", "clearing")
    assert fx["dialogs"] == ["menu"] and "menu" not in fx["noCancel"]  # «Продолжить партию»
    fx = again.handle({"type": "click", "action": "continue"})
    assert fx["dialogs"] == []


def test_the_saved_match_is_replayed_once_at_start(monkeypatch):
    """The replay that checks a saved match is the one the table resumes from."""
    from table.match import record

    first, _ = start()
    first.handle({"type": "click", "action": "new"})
    for _ in range(12):
        first.table.run_timer("bot") or first.table.run_timer("clear")
    stored = {storage.MATCH_KEY: storage.dump_match(first.table.saved())}
    replays = []
    real = record.resume
    monkeypatch.setattr(record, "resume", lambda saved: replays.append(saved) or real(saved))
    again, _ = start(env(stored=stored))
    assert len(replays) == 1
    assert again.table.match.moves == first.table.match.moves and again.table.saved() == first.table.saved()


def test_new_match_pressed_in_the_early_menu_is_dealt_at_start():
    early = json.dumps({"action": "new", "dialogs": [], "settings": json.loads(storage.dump_settings(
        storage.default_settings())), "changed": False, "hasMatch": False})
    app, fx = start(env(stored={}, early=early))
    assert fx["dialogs"] == []
    assert app.table.phase() in ("play", "clearing")


def test_settings_change_is_stored():
    app, _ = start()
    fx = app.handle({"type": "change", "name": "format", "value": "three", "checked": True})
    settings = json.loads(dict(fx["store"])[storage.SETTINGS_KEY])
    assert settings["format"] == "three"
    assert app.handle({"type": "change", "name": "format", "value": "nonsense"}).get("store") is not None
    assert app.table.settings["format"] == "three"


def test_the_sound_switch_is_stored_and_told_to_the_page():
    """«Звук» off in the menu: saved in the settings, ``#table[data-sound]`` off (what
    web/page/sound.js obeys), the menu's switch unchecked; a reload keeps it."""
    app, fx = start()
    assert fx["attrs"]["table"]["data-sound"] == "on" and fx["attrs"]["table"]["data-vibrate"] == "on"
    assert 'id="signal-sound" role="switch" checked' in fx["regions"]["menu"]
    fx = app.handle({"type": "change", "name": "sound", "value": "on", "checked": False})
    stored = dict(fx["store"])[storage.SETTINGS_KEY]
    assert json.loads(stored)["sound"] is False and json.loads(stored)["vibrate"] is True
    assert fx["attrs"]["table"] == {"data-sound": "off"}
    assert 'id="signal-sound" role="switch">' in fx["regions"]["menu"]
    _, fx = start(env(stored={storage.SETTINGS_KEY: stored}))
    assert fx["attrs"]["table"]["data-sound"] == "off" and not fx["regions"]["notices"]


def test_the_rules_dialog_opens_and_closes_on_top_of_the_menu():
    app, _ = start()
    assert app.handle({"type": "click", "action": "rules"})["dialogs"] == ["menu", "rules"]
    assert app.handle({"type": "close", "id": "rules"})["dialogs"] == ["menu"]


def test_last_trick_key_needs_a_deal_and_no_dialog():
    app, _ = start()
    app.handle({"type": "key", "key": "l"})
    assert app.dialogs == ["menu"]  # under the menu: nothing
    app.handle({"type": "click", "action": "new"})
    fx = app.handle({"type": "key", "key": "д"})
    assert fx["dialogs"] == ["info"] and "info-body" in fx["regions"]


def test_play_with_a_friend_without_webrtc_says_so():
    app, _ = start(env(stored={}, rtc=False))
    fx = app.handle({"type": "click", "action": "p2p"})
    assert "p2p" in fx["dialogs"] and "p2p" in fx["noCancel"]
    assert "p2p" not in fx  # no link operation asked


def test_hosting_asks_the_page_for_an_offer_and_a_refusal_shows_the_failure():
    app, _ = start(env(stored={}, rtc=True))
    app.handle({"type": "click", "action": "p2p"})
    fx = app.handle({"type": "click", "action": "p2p-host"})
    offers = [op for op in fx.get("p2p", []) if op["op"] == "offer"]
    assert len(offers) == 1
    fx = app.handle({"type": "p2p-done", "op": "offer", "id": offers[0]["id"], "ok": False, "value": ""})
    assert app.peer.dialog["step"] == "failed"
    assert "p2p" in fx["regions"]


def test_a_join_link_opens_the_join_dialog_and_leaves_the_address_bar():
    app, fx = start(env(search="?speed=fast", stored={}, hash="#p2p=ABC",
                        href="http://127.0.0.1:8000/?speed=fast#p2p=ABC"))
    assert fx["url"] == "http://127.0.0.1:8000/?speed=fast"
    assert fx["dialogs"] == ["p2p"]


def test_the_browser_language_chooses_the_table_language_when_none_is_saved():
    english = App(env(languages=("en-GB", "ru")))
    assert english.table.texts.LANG == "en"
    fx = english.take()
    assert fx["attrs"]["html"]["lang"] == "en"
    assert App(env(languages=("uk-UA",))).table.texts.LANG == "uk"
    assert App(env(languages=("be-BY",))).table.texts.LANG == "ru"


def test_every_button_the_table_draws_has_a_handler():
    """Each ``data-action`` the table's markup carries is dispatched: a move's
    kind, a link's ``p2p…``/``online-…`` action, or an entry of ``CLICKS``;
    and each entry of ``CLICKS`` is a button the markup has."""
    from pathlib import Path

    from burkozel.trick import KINDS
    from table.control.app import CLICKS

    web = Path(__file__).resolve().parent.parent / "web" / "table"
    drawn = {a for p in web.rglob("*.py") for a in re.findall(r'data-action="([a-z0-9-]+)"', p.read_text())}
    app, fx = start()
    for action in ("new", "menu", "rules", "close-rules", "continue", "hint"):
        fx = app.handle({"type": "click", "action": action})
        for markup in fx.get("regions", {}).values():
            drawn |= set(re.findall(r'data-action="([a-z0-9-]+)"', markup))
    assert {"new", "hint", "last-trick", "stats", "share", "lead"} <= drawn
    unhandled = {a for a in drawn if a not in CLICKS and a not in KINDS and not a.startswith(("p2p", "online-"))}
    assert not unhandled
    assert set(CLICKS) <= drawn


def test_a_shared_deal_with_house_rules_leaves_none_of_its_parameters_in_the_address():
    """Once a shared deal is started, a reload resumes the saved match: the address keeps
    only the page's own parameters, the house rules' ``house`` among those it drops."""
    from burkozel import fair
    from table.coach import share

    shared = share.SharedDeal("bura31", (), "closed", "easy", None, 2, dealer=1,
                              key=fair.deal_key(fair.seeded_secret(3), 2).hex(),
                              house={"no_trump": True, "match": "robber11"})
    query = share.query(shared)
    assert "house=" in query and share.parse(query) == shared
    search = query + "&speed=fast"
    app, fx = start(env(search, stored={}))
    assert app.table.info is not None and app.table.info.house.changed() == shared.house
    assert fx["url"] == "http://127.0.0.1:8000/?speed=fast"


def test_a_pots_record_at_the_table_counts_what_the_saved_moves_say():
    """Whole matches at a pot of three with «даве», played through the controller as the
    page plays them: after every deal the record holds the pots and chips the player took
    and the «даве» it said and answered, as the saved moves replayed by the engine have them."""
    import random

    from burkozel import Match, Move, TableRules
    from table.coach import stats

    def replayed(data: dict) -> Match:
        rules = TableRules(data["format"], tuple(data["combos"]), data["discard"], data.get("players"),
                           dave=data.get("dave", False))
        match = Match(rules, secret=data["secret"], dealer=data.get("dealer"))
        for r, moves in enumerate(data["rounds"]):
            if r:
                match.next_round()
            for seat, move in moves:
                match.push(Move.from_dict(move), seat)
        return match

    app, _ = start(env("?speed=instant", stored={}))
    for name, value in (("format", "bura_pot"), ("difficulty", "medium"), ("players", "3")):
        app.handle({"type": "change", "name": name, "value": value, "checked": True})
    app.handle({"type": "change", "name": "dave", "value": "on", "checked": True})
    app.handle({"type": "click", "action": "new"})
    rng = random.Random(4)
    expected = dict.fromkeys(stats.POT_COUNTS, 0)
    for deal in range(16):
        for _ in range(500):
            t = app.table
            if t.phase() in ("round_end", "match_end"):
                break
            if t.human_to_act() and t.next_timer() is None:
                moves = t.view().legal_moves
                raise_ = [m for m in moves if m.kind == "dave"]
                move = raise_[0] if raise_ and deal % 2 == 0 else rng.choice([m for m in moves if m.kind != "dave"])
                for card in move.cards:
                    app.handle({"type": "click", "card": str(card)})
                app.handle({"type": "click", "action": move.kind})
            else:
                app.handle({"type": "timer", "name": "step", "gen": app.timer_id})
        data = app.table.saved()
        match, moves = replayed(data), data["rounds"][-1]
        outcome = match.round.outcome()
        if outcome.winner == 0:
            expected["pots_won"] += 1
            expected["chips_won"] += outcome.taken
        expected["dave_raised"] += any(s == 0 and "dave" in m for s, m in moves)
        expected["dave_answered"] += sum(1 for s, m in moves if s == 0 and ("accept" in m or "fold" in m))
        entry = app.stats["tables"]["bura_pot/medium"]
        assert {k: entry[k] for k in expected} == expected, deal
        assert json.loads(app.store.get(stats.STATS_KEY))["tables"]["bura_pot/medium"] == entry
        app.handle({"type": "click", "action": "next"})  # the next deal, or a new match
    assert all(expected.values()), expected
