"""A deck nobody chooses alone, across what goes wrong: the host's page reloaded while or after
it keyed a deal, a guest whose value does not come, and the commitment each page quotes before
and after a deal (the host's and a guest's pages, through the controller and the rooms)."""

from __future__ import annotations

import random
import re
from html import unescape

import webpath  # noqa: F401

from burkozel import fair
from table.i18n import languages
from table.p2p import peer
from table.view import coachview
from test_controller import env, start
from test_peer import host_table
from test_seats import people_settings
from table.match import storage
from test_online_controller import Relay, guest_at, host_with_lobby, play_out, seated


def reload_host(relay: Relay, host):
    """The host's page reloads: the same stored strings, a fresh page (its rooms found again)."""
    stored = dict(host._stored)
    relay.gone(host)
    again, fx = start(env(stored=stored))
    relay.effects(again, fx)
    return again


def beat(relay: Relay, guests, host, times: int = 3) -> None:
    """The guests' pages keep beating (their heartbeats find the reloaded host)."""
    for _ in range(times):
        for g in guests:
            relay.effects(g, g.handle({"type": "timer", "name": "online", "gen": g.peer.online.tick_timer}))
        relay.run([host, *guests])


def status(app) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", app.cache.get("status", "")))


def test_a_deal_keyed_before_the_hosts_reload_is_not_keyed_again_and_its_end_is_checked():
    relay = Relay()
    host, guest = seated(relay)
    key = host.table.match.key_for(0)
    assert host.table.phase() == "play" and 0 in host.table.revealed
    again = reload_host(relay, host)
    assert again.table.phase() != peer.KEYING and again.table.match.key_for(0) == key
    beat(relay, [guest], again)
    play_out(relay, again, guest, random.Random(4))
    screen = guest.peer.guest
    deal = (again.table.match_key, 0)
    assert again.table.phase() in ("round_end", "match_end")
    assert deal in screen.checked and not screen.swapped, "the guest's page checked the deal played across the reload"
    assert screen.keys[deal] == (again.table.host_part().hex(), key.hex())


def pairs_lobby(relay: Relay):
    return host_with_lobby(relay, "pairs", ["human", "human", "bot", "human"])


def test_a_host_reloaded_while_keying_keeps_the_values_in_and_names_whom_it_waits_for():
    relay = Relay()
    host, links, _ = pairs_lobby(relay)
    first, _ = guest_at(relay, links[1])
    relay.run([host, first])
    value = host.table.keying[1]
    assert host.table.awaited() == (3,)
    again = reload_host(relay, host)
    assert again.table.phase() == peer.KEYING and again.table.keying == {1: value} and again.table.awaited() == (3,)
    names = again.table.seat_names()
    said = status(again)
    assert names[3] in said and names[1] not in said
    # The first guest's page, asked again, answers the same value: nothing changes for it.
    beat(relay, [first], again)
    assert again.table.keying == {1: value}
    # The other guest comes: the deal is dealt from the host's part and both values.
    second, _ = guest_at(relay, links[3])
    relay.run([again, first, second])
    assert again.table.phase() != peer.KEYING
    part = again.table.host_part()
    assert again.table.match.key_for(0) == fair.joint_key(part, [value, second.peer.guest.values[(again.table.match_key, 0)][1]])


def test_a_guest_whose_value_does_not_come_is_named_and_the_host_may_seat_a_bot_there():
    relay = Relay()
    host, links, _ = pairs_lobby(relay)
    first, _ = guest_at(relay, links[1])
    second, _ = guest_at(relay, links[3])
    second.peer.guest._out.clear()  # (its page is broken: whatever it meant to send, nothing comes)
    real = second.peer.guest.outbox
    second.peer.guest.outbox = lambda: (real(), [])[1]
    second.peer.online.send = lambda room, frame: None
    relay.run([host, first, second])
    assert host.table.phase() == peer.KEYING and host.table.awaited() == (3,)
    bar = host.cache["peer-bar"]
    assert 'data-action="p2p-fair-bot" data-seat="3"' in bar and 'data-seat="1"' not in bar.split("p2p-fair-bot")[1]
    assert host.table.display() is None  # no deal starts with a wrong key: no card at all
    relay.effects(host, host.handle({"type": "click", "action": "p2p-fair-bot", "seat": "1"}))  # (not awaited)
    assert host.table.phase() == peer.KEYING and 1 not in host.table.stood_in
    relay.effects(host, host.handle({"type": "click", "action": "p2p-fair-bot", "seat": "3"}))
    relay.run([host, first])
    t = host.table
    assert t.phase() == "play" and 3 in t.stood_in and "p2p-fair-bot" not in host.cache["peer-bar"]
    value = first.peer.guest.values[(t.match_key, 0)][1]
    assert t.match.key_for(0) == fair.joint_key(t.host_part(), [value, t.host_part()])


def test_a_guest_whose_seat_was_keyed_by_a_stand_in_is_told_so_not_that_the_deck_was_swapped():
    table = host_table("duel")
    wire = peer.Host(table)
    guest = peer.Guest()
    wire.joined(1)
    for _, text in wire.outbox():
        guest.receive(text)
    assert guest.outbox()  # its value, which never reaches the host
    table.stand_in(1)
    assert table.phase() == "play"
    rng = random.Random(2)
    while table.phase() not in ("round_end", "match_end"):
        if table.next_timer() is not None:
            table.run_timer(table.next_timer()[0])
        else:
            seat = table.match.to_act
            table.play_for(seat, rng.choice(table.match.view(seat).legal_moves))
        for _, text in wire.outbox():
            guest.receive(text)
    assert (table.match_key, 0) in guest.checked and not guest.swapped
    assert guest.message == guest.texts.FAIR_NOT_YOUR_VALUE


def test_each_page_quotes_the_commitment_it_was_shown_before_the_deal():
    relay = Relay()
    host, guest = seated(relay)
    shown = fair.short(fair.commitment(host.table.host_part()))
    assert host.ui().fair["commit"] == shown and guest.ui().fair["commit"] == shown
    assert "key" not in host.ui().fair and "key" not in guest.ui().fair
    menu = coachview.commit_line(host.ui().fair, host.table.texts)
    assert shown in menu and host.table.texts.FAIR_JOINT_COMMIT_LINE.split("{")[0] in menu
    play_out(relay, host, guest, random.Random(6))
    relay.effects(guest, guest.handle({"type": "timer", "name": "online", "gen": guest.peer.online.tick_timer}))
    relay.run([host, guest])
    mine, theirs = host.ui().fair, guest.ui().fair
    key = host.table.match.key_for(0).hex()
    assert mine["commit"] == theirs["commit"] == shown
    assert mine["key"] == theirs["key"] == key and mine["part"] == theirs["part"] == host.table.host_part().hex()
    assert fair.verify(bytes.fromhex(mine["part"]), fair.commitment(host.table.host_part()))
    assert "check" not in mine  # (a check link would compare the key with its own commitment, never shown here)
    for page in (host, guest):
        result = page.cache.get("result-story", "") + "".join(page.cache.values())
        assert shown in result and key in result and mine["part"] in result


def test_the_joint_lines_read_in_every_language():
    facts = {"deal": 2, "commit": "ab12 cd34 ef56 7890", "joint": True, "part": "11" * 32, "key": "22" * 32,
             "check": "https://example.test/?check=1"}
    for code in languages.LANGS:
        t = languages.for_lang(code)
        line = coachview.key_line(facts, t)
        assert "3" in line and facts["commit"] in line and facts["part"] in line and facts["key"] in line
        during = coachview.commit_line({k: facts[k] for k in ("deal", "commit", "joint")}, t)
        assert facts["commit"] in during and during != coachview.commit_line({"deal": 2, "commit": facts["commit"]}, t)


def test_at_pass_and_play_every_hand_over_shows_the_deals_commitment_and_its_end_the_key_that_checks():
    """Pass-and-play: the device deals from its own secret (the people at it have nothing to
    add that costs nothing), but every person reads the deal's commitment on the hand-over
    screen before their first look at its cards, and after the deal its key and «Проверить
    раздачу», which re-deals the same cards and finds the same commitment."""
    settings = people_settings("duel", {0: "Аня", 1: "Боря"})
    app, _ = start(env(stored={storage.SETTINGS_KEY: storage.dump_settings(settings)}))
    app.handle({"type": "click", "action": "new"})
    t = app.table
    shown = fair.short(t.match.commitment(0))
    rng, handovers = random.Random(3), 0
    while t.phase() not in ("round_end", "match_end"):
        if t.handover() is not None:
            assert shown in app.cache["handover-slot"] and "data-card" not in app.cache["hand"]
            app.handle({"type": "click", "action": "handover"})
            handovers += 1
        elif t.next_timer() is not None:
            app.handle({"type": "timer", "name": "step", "gen": app.timer_id})
        else:
            t.play_for(t.match.to_act, rng.choice(t.match.view(t.match.to_act).legal_moves))
            app.refresh()
    assert handovers >= 2
    key = t.match.key_for(0).hex()
    drawn = "".join(app.cache.values())
    assert key in drawn and shown in drawn and key not in app.cache.get("handover-slot", "")
    link = unescape(re.search(r'class="check-deal" href="([^"]+)"', drawn).group(1))
    check, _ = start(env(search="?" + link.split("?", 1)[1], stored={}))
    assert check.ui().verdict == (shown, True)
    assert check.table.match.deck_for(0) == t.match.deck_for(0)  # the same cards, dealt again from the key
