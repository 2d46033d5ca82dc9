"""Deals nobody can read or stack early (burkozel/fair.py and the table around it): a key
per deal from the match's secret, its commitment before and the key after, links made
only of finished deals, and saves of the version before keys still resuming."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import webpath  # noqa: F401

from burkozel import FORMATS, Match, TableRules, fair
from burkozel.bots import make_bot
from burkozel.cards import DECK
from table.coach import share, stats
from table.control.app import App
from table.i18n import languages
from table.match import storage
from table.match.table import Table
from test_controller import env
from test_game import settings, step

texts = languages.for_lang("ru")
SECRET = bytes.fromhex("5e" * 32)
SAVES = Path(__file__).parent / "data" / "saves" / "before_deal_keys.json"
HEX64 = re.compile(r"\b[0-9a-f]{64}\b")


def bits_apart(a: bytes, b: bytes) -> int:
    return bin(int.from_bytes(a, "big") ^ int.from_bytes(b, "big")).count("1")


# --- the keys ----------------------------------------------------------------------------


def test_distinct_deals_and_matches_give_unrelated_keys():
    """Keys of neighbouring deals, and of matches whose secrets differ in one bit, share
    no more bits than chance would (256 bits: 128 ± a few dozen), and deal other decks."""
    keys = [fair.deal_key(SECRET, n) for n in range(200)]
    assert len(set(keys)) == 200 and SECRET not in keys
    near = [fair.deal_key(bytes([SECRET[0] ^ 1]) + SECRET[1:], n) for n in range(200)]
    for a, b in zip(keys, keys[1:] + near):
        assert 80 < bits_apart(a, b) < 176
    decks = {fair.deck_of(k) for k in keys}
    assert len(decks) == 200
    # No key is another's commitment, bot seed or a slice of the secret.
    commits = {fair.commitment(k) for k in keys}
    assert not commits & {k.hex() for k in keys}
    assert all(fair.bot_seed(k, s) not in k.hex() for k in keys[:20] for s in range(6))


def test_the_commitment_binds_its_key():
    key, other = fair.deal_key(SECRET, 0), fair.deal_key(SECRET, 1)
    made = fair.commitment(key)
    assert re.fullmatch(r"[0-9a-f]{64}", made) and fair.verify(key, made)
    assert not fair.verify(other, made)
    assert not fair.verify(key, made[:-1] + ("0" if made[-1] != "0" else "1"))
    assert not fair.verify(key, made.upper()) and not fair.verify(key, None)  # type: ignore[arg-type]
    assert fair.short(made) == " ".join([made[0:4], made[4:8], made[8:12], made[12:16]])


def test_a_key_deals_one_deck_any_blake2b_can_deal_again():
    """The deck is a permutation of the 36 cards fixed by the key alone; pinned here so
    that a change of the shuffle shows (a revealed key must deal what it dealt)."""
    key = bytes(range(32))
    deck = fair.deck_of(key)
    assert sorted(deck) == sorted(DECK) and deck == fair.deck_of(key)
    assert [str(c) for c in deck[:8]] == ["9C", "QS", "6C", "JC", "AC", "6H", "KS", "7C"]
    counts = {}
    for n in range(300):  # every card reaches the trump's place now and then
        last = fair.deck_of(fair.deal_key(SECRET, n))[-1]
        counts[last] = counts.get(last, 0) + 1
    assert len(counts) == 36


@pytest.mark.parametrize("bad", ["ab" * 31, "AB" * 32, "zz" * 32, b"\0" * 31, 5, None])
def test_a_key_of_the_wrong_size_or_form_is_refused(bad):
    with pytest.raises(ValueError):
        fair.check_bytes(bad)
    with pytest.raises(ValueError):
        Match(TableRules("duel"), secret=bad if bad is not None else 5)


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_the_bots_choices_do_not_change_the_deck(fmt):
    """The same secret, played by bots of other levels (other moves, other winners and
    dealers): every deal gets the same deck, its key's."""
    decks = []
    for level in ("easy", "medium"):
        match = Match(TableRules(fmt), secret=SECRET)
        bots = {s: make_bot(level, seed=s) for s in range(match.rules.players)}
        while len(match.rounds) < 4 and not match.is_over:
            if match.round.is_over:
                match.next_round()
                continue
            seat = match.to_act
            match.push(bots[seat].get_move(match.view(seat)), seat)
        got = [r.deck for r in match.rounds]
        decks.append(got)
        assert got == [fair.deck_of(fair.deal_key(SECRET, n)) for n in range(len(got))]
    n = min(map(len, decks))
    assert decks[0][:n] == decks[1][:n]


def test_a_match_by_keys_saves_and_replays_with_its_keys():
    match = Match(TableRules("three"), secret=SECRET, keys=[fair.deal_key(SECRET, 40)])
    assert match.round.deck == fair.deck_of(fair.deal_key(SECRET, 40))
    assert match.deck_for(1) == fair.deck_of(fair.deal_key(SECRET, 1))
    rng = random.Random(1)
    while match.round_no < 2:
        if match.round.is_over:
            match.next_round()
        else:
            match.push(match.round.random_move(rng))
    data = match.to_dict()
    assert "seed" not in data and data["secret"] == SECRET.hex() and len(data["keys"]) == 1
    again = Match.from_dict(json.loads(json.dumps(data)))
    assert again.round.deck == match.round.deck and again.moves == match.moves
    with pytest.raises(ValueError):
        Match(TableRules("three"), seed=3, secret=SECRET)


# --- the table -------------------------------------------------------------------------------


def app_in_deal(deals_done: int, fmt: str = "three") -> App:
    """An app whose match (dealt by a fresh secret) finished ``deals_done`` deals and is in the next."""
    stored: dict[str, str] = {}
    app = App(env("?speed=instant", stored=stored))
    app.table.settings["format"] = fmt
    app.handle({"type": "click", "action": "new"})
    t, rng = app.table, random.Random(deals_done)
    while t.match.round_no < deals_done or t.phase() != "play" or not t.match.round.moves:
        if t.phase() == "round_end":
            t.next_round()
        else:
            step(t, rng)
        if t.match.is_over:
            pytest.skip("the match ended first")
    app.refresh()
    app.take()
    return app


def hands_of(match: Match) -> list[set]:
    n = match.rules.players
    h = match.rules.hand_size
    deck = match.round.deck
    return [{str(deck[s + n * i]) for i in range(h)} for s in range(n)]


@pytest.mark.parametrize("done", [0, 2])
def test_a_link_made_mid_deal_cannot_deal_any_hand_of_that_deal(done):
    """«Поделиться раздачей» in the middle of a deal: each link it offers opens a finished
    deal; played in a fresh table, none deals any hand of the deal in play."""
    app = app_in_deal(done)
    t = app.table
    links = app.share_links()
    assert [n for n, _ in links] == list(range(done - 1, -1, -1))
    now = hands_of(t.match)
    for _, link in links:
        shared = share.parse(link.split("/", 3)[-1])
        fresh = Table(settings("pairs", "easy"), speed="instant")
        fresh.start(share.info_of(shared))
        dealt = hands_of(fresh.match)
        assert not any(h in now for h in dealt)
        assert fresh.match.round.deck != t.match.round.deck
    panel = app.handle({"type": "click", "action": "share"})["regions"].get("info-body", "")
    assert (texts.SHARE_NONE in panel) is (done == 0)
    assert fair.short(t.match.commitment(t.match.round_no)) in panel


def test_nothing_shown_or_stored_for_display_during_a_deal_deals_its_cards():
    """Every region, dialog and panel the table draws during a deal, and the statistics
    kept: no key or secret in them deals the deal in play (nor any later one)."""
    app = app_in_deal(1)
    t = app.table
    markup = "".join(app.cache.values())
    for action in ("share", "stats", "menu"):
        markup += "".join(app.handle({"type": "click", "action": action}).get("regions", {}).values())
    kept = app.store.get(stats.STATS_KEY) or ""
    secret = t.match.secret.hex()
    later = {t.match.key_for(r).hex() for r in range(t.match.round_no, t.match.round_no + 5)}
    for text in (markup, kept):
        assert secret not in text and not later & set(HEX64.findall(text))
        for found in HEX64.findall(text):
            assert fair.deck_of(bytes.fromhex(found)) != t.match.round.deck
    assert "seed" not in kept.lower() or str(t.info.seed) not in kept


def test_the_result_shows_the_key_after_the_deal_and_the_next_commitment():
    app = app_in_deal(0)
    t = app.table
    committed = fair.short(t.match.commitment(0))
    rng = random.Random(9)
    while t.phase() == "play" or t.phase() == "clearing":
        step(t, rng)
    app.refresh()
    result = app.take()["regions"]["result-body"]
    key = t.match.key_for(0).hex()
    assert key in result and committed in result and "Сид" not in result
    assert fair.short(t.match.commitment(1)) in result and t.match.key_for(1).hex() not in result
    check = re.search(r'class="check-deal" href="([^"]+)"', result).group(1).replace("&amp;", "&")
    shared = share.parse(check.split("/", 3)[-1])
    assert shared.check and shared.key == key and share.verdict(shared) == (committed, True)


def test_a_check_link_says_plainly_whether_the_key_gives_the_commitment_and_keeps_the_match():
    app = app_in_deal(1)
    t = app.table
    kept = app.store.get(storage.MATCH_KEY)
    stored = {storage.MATCH_KEY: kept}
    assert kept is not None
    info, match = t.info, t.match
    link = share.query(share.of_match(info, match, 0, check=True))
    honest = App(env(link, stored=stored))
    fx = honest.take()
    assert texts.CHECK_SAME.format(commit=fair.short(match.commitment(0))) in fx["regions"]["notices"]
    assert honest.table.match.round.deck == match.rounds[0].deck and honest.store.data[storage.MATCH_KEY] == kept
    other = fair.commitment(fair.deal_key(SECRET, 0))[:share.SHORT]
    forged = App(env(link.replace(match.commitment(0)[:share.SHORT], other), stored=stored))
    assert 'data-same="false"' in forged.take()["regions"]["notices"]


def test_a_link_to_the_deal_in_play_here_opens_nothing():
    """An old link naming this browser's match's deal in play (or a later one), or a
    link carrying the key in play: a plain notice, and the match goes on untouched."""
    stored: dict[str, str] = {}
    first = App(env("?speed=instant", stored=stored))
    first.table.start(share.info_of(share.parse("?table=duel&combos=-&discard=closed&bots=easy&deal=81-0")))
    step(first.table, random.Random(1))
    first.refresh()
    stored = dict(first.store.data)
    kept = stored[storage.MATCH_KEY]
    for deal in ("81-0", "81-3"):
        app = App(env(f"?table=duel&combos=-&discard=closed&bots=easy&deal={deal}", stored=stored))
        fx = app.take()
        assert app.shared is None and texts.NOTICE_SHARED_IN_PLAY in fx["regions"]["notices"]
        assert app.table.match.moves == first.table.match.moves and app.store.data[storage.MATCH_KEY] == kept
    keyed = app_in_deal(0, "duel")
    m = keyed.table.match
    edited = (f"?table=duel&combos=-&discard=closed&bots=easy&key={m.key_for(0).hex()}&deal=0"
              f"&dealer={m.round.dealer}")
    app = App(env(edited, stored={storage.MATCH_KEY: keyed.store.get(storage.MATCH_KEY)}))
    assert app.shared is None and texts.NOTICE_SHARED_IN_PLAY in app.take()["regions"]["notices"]


# --- saves of the version before keys ---------------------------------------------------------


@pytest.mark.parametrize("fmt", json.loads(SAVES.read_text()))
def test_a_save_from_before_deal_keys_resumes_where_it_was(fmt):
    """Matches saved by the table before deals had keys (by their seed) load with no notice,
    stand at the same deal with the same hand, write back byte for byte, and play on."""
    case = json.loads(SAVES.read_text())[fmt]
    saved, notices = storage.load_match(case["raw"])
    assert notices == [] and storage.dump_match(saved) == case["raw"]
    table = Table(settings(fmt, "easy"), speed="instant")
    assert table.restore(saved) and table.match.secret is None
    assert table.match.round_no == case["round_no"] and len(table.match.moves) == case["moves"]
    assert table.view().to_dict()["hand"] == case["hand"]
    assert storage.dump_match(table.saved()) == case["raw"]
    rng = random.Random(1)
    for _ in range(30):
        if table.phase() == "round_end":
            table.next_round()
        elif not step(table, rng):
            break
    assert storage.load_match(storage.dump_match(table.saved()))[1] == []
