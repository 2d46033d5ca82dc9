"""The teaching table's pure parts: the deal's story and its
review show only what seat 0 saw; statistics' arithmetic and recovery from
bad data; shared links that round-trip to the same deals."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from html import unescape

import pytest

import webpath  # noqa: F401

from burkozel import FORMATS, Card, Match, Move, TableRules, fair
from table.coach import story
from table.match import record
from table.match.record import MatchInfo
from table.match.table import Table
from table.view import coachview
from table.i18n import languages
from test_game import human_click, settings


def finished_round(fmt: str, seed: int, discard: str | None = None) -> Table:
    """A table whose first round was played to its end (the human by random clicks)."""
    table = Table(settings(fmt, "easy", discard=discard), speed="instant", seed=seed)
    table.new_match()
    rng = random.Random(seed)
    while table.phase() not in ("round_end", "match_end"):
        if table.human_to_act():
            human_click(table, rng)
        else:
            table.run_timer(table.next_timer()[0])
    return table


def never_seen(table: Table) -> set[str]:
    """Cards seat 0 never saw this round: others' closed discards and what stayed in other hands."""
    return {str(c) for c in table.match.round.unknown_to(0)}


CARD = re.compile(r'data-card="(\w\w)"')


@pytest.mark.parametrize("fmt,discard", [("pairs", None), ("four", None), ("three", None), ("duel", None),
                                         ("bura31", "closed"), ("bura31", "open")])
def test_the_story_and_its_review_show_only_what_seat_0_saw(fmt, discard):
    table = finished_round(fmt, 7, discard)
    view = table.display()
    names = list(table.names)
    hidden = never_seen(table)
    tricks = story.tricks(view)
    assert len(tricks) == len(view["history"]) >= 1
    markup = coachview.story_html(view, names) + coachview.last_trick_panel(view, names)
    frames = story.frames(table.info.rules, table.info.seed, table.rounds, fresh=table.info.fresh_match())
    assert len(frames) == len(table.rounds[-1]) + 1
    for step in range(len(frames)):
        markup += coachview.review_panel(frames, step, names)
    shown = set(CARD.findall(markup))
    assert not shown & hidden, shown & hidden
    for card in hidden:
        assert texts.card_short(card) not in markup, card
    # Each frame is seat 0's view at that moment, rebuilt by the engine.
    match = table.info.fresh_match()
    assert frames[0].view == match.view(0).to_dict()
    for frame, (seat, move) in zip(frames[1:], table.rounds[-1]):
        match.push(Move.from_dict(move), seat)
        assert frame.view == match.view(0).to_dict() and frame.mover == seat
    # Points: what seat 0 saw, and the count of what it did not.
    for t in tricks:
        faces = [c for p in t.trick["plays"] for c in (p["cards"] or p.get("own", []))]
        assert t.points == sum(Card.parse(c).points for c in faces)
        assert t.hidden == sum(p["count"] for p in t.trick["plays"] if not (p["cards"] or p.get("own")))
    if discard == "open":
        assert all(t.hidden == 0 for t in tricks)


@pytest.mark.parametrize("lang", ["ru", "en", "uk"])
def test_the_review_says_in_words_a_dave_its_answers_and_a_31(lang):
    """«Разобрать раздачу» at a pot with «даве»: a step that plays no card (a «даве», an answer,
    a «31») says who did what; it once showed only the hand, as if nothing had happened."""
    t = languages.for_lang(lang)
    rules = TableRules("bura_pot", players=3, dave=True)
    said = set()
    for seed in range(40):
        match, moves, rng = Match(rules, seed=seed), [], random.Random(seed)
        while not match.round.is_over:
            legal = match.round.legal_moves
            bare = [m for m in legal if m.kind in ("dave", "declare", "fold", "accept") and m.kind not in said]
            move = bare[0] if bare else rng.choice(legal)
            moves.append([match.round.to_act, move.to_dict()])
            match.push(move, match.round.to_act)
        frames = story.frames(rules, seed, [moves])
        names = [t.YOU, *t.PEOPLE_BY_COUNT[3][1:]]
        for frame in frames[1:]:
            markup = unescape(coachview.review_panel(frames, frame.index, names, t))
            kind = Move.from_dict(moves[frame.index - 1][1]).kind
            if kind in ("dave", "declare", "fold", "accept"):
                assert frame.said == kind and t.said_line(names[frame.mover], kind, "bura_pot") in markup
                said.add(kind)
            else:
                assert frame.said is None and '<p class="said">' not in markup
        if said == {"dave", "declare", "fold", "accept"}:
            break
    assert said == {"dave", "declare", "fold", "accept"}, said
    assert t.said_line(t.YOU, "fold", "bura_pot") == t.answered(t.YOU, False)
    assert "31" in t.said_line(t.YOU, "declare", "bura_pot")


@pytest.mark.parametrize("lang", ["ru", "en", "uk"])
def test_the_last_tricks_button_names_its_taker_as_the_table_does(lang):
    """Its tooltip says whose the last trick is, by the seat's name in the page's language
    (as the panel does), never a key's letter; before the first trick, only its name."""
    t = languages.for_lang(lang)
    table = finished_round("four", 7)
    view = table.display()
    names = list(t.SEATS_BY_COUNT[4])
    title = re.compile(r'data-action="last-trick" title="([^"]*)"')
    for winner in range(4):
        history = [*view["history"][:-1], {**view["history"][-1], "winner": winner}]
        said = unescape(title.search(coachview.coach_html({**view, "history": history},
                                                          {"lang": lang, "names": names})).group(1))
        assert said == (t.say("last_trick_title_you") if winner == 0 else
                        t.say("last_trick_title", gen=t.genitive(names[winner]))), said
        assert " L" not in said and t.LAST_TRICK_KEY not in said
        assert winner == 0 or t.genitive(names[winner]) in said
    first = title.search(coachview.coach_html({**view, "history": []}, {"lang": lang, "names": names})).group(1)
    assert first == t.LAST_TRICK


# --- statistics ------------------------------------------------------------------------------

import json  # noqa: E402

from table.coach import stats  # noqa: E402


def deal(points, penalty, declared=None, hints=0):
    return stats.DealOutcome(points, penalty, penalty == 0, declared, hints)


def test_statistics_arithmetic():
    data = stats.empty()
    key = stats.table_key("bura31", "hard")
    plays = [deal(62, 0, True, 2), deal(40, 0), deal(20, 1), deal(0, 6, False, 1), deal(70, 0), deal(65, 0, True)]
    for i, d in enumerate(plays):
        over = i == len(plays) - 1
        assert stats.record_deal(data, key, f"s/{i}", d, match_over=over, match_won=over)
    assert not stats.record_deal(data, key, f"s/{len(plays) - 1}", plays[0])  # the same deal again: not counted
    s = stats.summary(data["tables"][key])
    assert s["deals"] == 6 and s["deals_won"] == 4
    assert s["points"] == 257 and s["mean_points"] == round(257 / 6, 1)
    assert s["penalties"] == 7 and s["hints"] == 3
    assert s["declared_true"] == 2 and s["declared_false"] == 1
    assert s["best_streak"] == 2 and s["streak"] == 2
    assert s["matches"] == 1 and s["matches_won"] == 1
    assert data["tables"][key]["recent"] == [[d.points, d.penalty] for d in plays]
    for i in range(60):
        stats.record_deal(data, key, f"t/{i}", deal(i, 0))
    entry = data["tables"][key]
    assert len(entry["recent"]) == stats.RECENT and entry["recent"][-1] == [59, 0]
    assert entry["best_streak"] == 62 and entry["deals"] == 66
    back, dropped = stats.load(stats.dump(data))
    assert back == data and not dropped
    stats.reset(data, key)
    assert key not in data["tables"]
    assert not stats.record_deal(data, key, "t/59", deal(59, 0))  # the last deal stays recorded after a reset


def test_outcome_of_a_real_deal():
    table = finished_round("bura31", 3)
    view = table.view().to_dict()
    out = stats.outcome(view, hints=2)
    assert out.points == view["round_points"][view["side"]]
    assert out.penalty == view["round_penalties"][view["side"]]
    assert out.won == table.match.round.outcome().won(view["side"])
    assert out.hints == 2


GOOD = stats.dump({"v": 1, "last": "", "tables": {"pairs/easy": {**stats.empty_entry(), "deals": 2, "deals_won": 1,
                                                       "points": 50, "recent": [[30, 0], [20, 1]],
                                                       "streak": 0, "best_streak": 1}}})


@pytest.mark.parametrize("raw", [
    "garbage", "[]", "null", "42", '{"v": 2, "tables": {}}', '{"v": 1}', '{"v": 1, "tables": []}',
    '{"v": 1, "tables": {"pairs/easy": {"deals": -1}}}',
    '{"v": 1, "tables": {"pairs/easy": {"deals": "3"}}}',
    '{"v": 1, "tables": {"chess/easy": {}}}',
    json.dumps({"v": 1, "tables": {"pairs/easy": {**stats.empty_entry(), "deals_won": 3}}}),
    json.dumps({"v": 1, "tables": {"four/hard": {**stats.empty_entry(), "recent": [[1, 2, 3]]}}}),
    json.dumps({"v": 1, "tables": {"four/hard": {**stats.empty_entry(), "recent": [[0, 0]] * 51}}}),
    '{"v": 1, "tables": {"pairs/easy": ' + "[" * 5000 + "]" * 5000 + "}}",
])
def test_corrupted_statistics_recover(raw):
    data, dropped = stats.load(raw)
    assert dropped
    # Whatever was read, recording goes on and the result loads back clean.
    key = stats.table_key("pairs", "easy")
    assert stats.record_deal(data, key, "x/0", deal(31, 1))
    back, dropped_again = stats.load(stats.dump(data))
    assert not dropped_again and back["tables"][key]["deals"] >= 1


def test_a_broken_record_leaves_the_others():
    good = json.loads(GOOD)
    good["tables"]["four/hard"] = {"deals": "many"}
    data, dropped = stats.load(json.dumps(good))
    assert dropped and list(data["tables"]) == ["pairs/easy"] and data["tables"]["pairs/easy"]["deals"] == 2
    assert stats.load(None) == (stats.empty(), False)


def test_the_stats_panel_draws_a_record():
    data, _ = stats.load(GOOD)
    html = coachview.stats_panel(data, "pairs/easy")
    assert html.count('class="bar') == 2 and 'class="bar won"' in html
    assert 'data-stat="mean_points"' in html and "25" in html
    assert texts.STATS_EMPTY in coachview.stats_panel(data, "four/hard")


# --- shared deals and fair play -------------------------------------------------------------

from burkozel import FORMATS, TableRules  # noqa: E402
from table.coach import share  # noqa: E402
from table.match import seats, storage  # noqa: E402

texts = languages.for_lang("ru")


def played_to(table: Table, deals: int, rng: random.Random) -> Table:
    """``table`` played (the human by random clicks) until ``deals`` deals are over."""
    while not (table.phase() in ("round_end", "match_end") and table.match.round_no + 1 >= deals):
        if table.phase() == "round_end":
            table.next_round()
        elif table.human_to_act():
            human_click(table, rng)
        else:
            table.run_timer(table.next_timer()[0])
    return table


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_a_link_round_trips_to_the_same_deals(fmt):
    """A finished deal's link opens that deal: its deck, its dealer, its bots' seeds, and the
    level the match was started at (``hard``, set on the match's record: easy bots play the
    three deals, since the hard bot's search is not what a link tests and cost minutes here)."""
    table = Table(settings(fmt, "easy", combos=FORMATS[fmt].combo_ids[:2]), speed="instant", seed=987654321)
    table.new_match()
    played_to(table, 3, random.Random(3))
    info, match = replace(table.info, difficulty="hard"), table.match
    for r, sharer in ((0, None), (1, (62, 0)), (match.round_no, (0, 6))):
        link = share.query(share.of_match(info, match, r, sharer))
        back = share.parse(link)
        assert back is not None and back.sharer == sharer and back.deal == r and not back.check
        assert back.key == match.key_for(r).hex() and back.seed is None
        fresh = Table(settings("pairs", "easy"))
        fresh.start(share.info_of(back))
        assert fresh.info.rules == info.rules and fresh.info.difficulty == "hard"
        assert fresh.match.round.dealer == match.rounds[r].dealer
        assert fresh.match.round.deck == match.rounds[r].deck
        assert (fresh.match.round.start_chips, fresh.match.round.start_pot) == (match.rounds[r].start_chips,
                                                                                match.rounds[r].start_pot)
        # The same bots: seeded from the deal's key, seat by seat.
        assert {s: b.bot.seed for s, b in fresh.bots.items()} == {s: fair.bot_seed(match.key_for(r), s)
                                                                   for s in fresh.bots}
        # The deals after it are this page's own: the sharer's next deal is not in the link.
        assert fresh.match.deck_for(1) != match.deck_for(r + 1)
        assert share.parse(share.query(share.of_match(info, match, r, check=True))).check


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_a_link_shared_from_another_seat_opens_from_that_seat(fmt):
    """A guest's link (a table by link: the guest sits at seat 1 or further) opens with the
    guest's cards at the bottom: the table turned so that every seat holds what it held and sits
    where it sat from the sharer's place, the dealer, the stacks and an open seat too."""
    table = Table(settings(fmt, "easy"), speed="instant", seed=13579)
    table.new_match()
    played_to(table, 2, random.Random(2))
    info, match, r = table.info, table.match, table.match.round_no
    n = match.rules.players
    seat = n - 1
    link = share.query(share.of_match(info, match, r, seat=seat))
    back = share.parse(link)
    assert back is not None and back.seat == seat and f"seat={seat}" in link
    fresh = Table(settings("pairs", "easy"))
    fresh.start(share.info_of(back))
    dealt, opened = match.rounds[r], fresh.match.round
    first = type(dealt)(dealt.rules, dealt.dealer, dealt.deck, dealt.start_chips, dealt.start_pot)
    assert opened.dealer == (dealt.dealer - seat) % n and opened.deck == dealt.deck
    assert [sorted(map(str, opened.hands[(s - seat) % n])) for s in range(n)] == \
        [sorted(map(str, first.hands[s])) for s in range(n)]
    if dealt.start_chips is not None:
        assert [opened.start_chips[(s - seat) % n] for s in range(n)] == list(dealt.start_chips)
    # The same bots: each seat's seed is the one its seat had in that deal, and a reload keeps it.
    key = match.key_for(r)
    assert {s: getattr(b, "bot", b).seed for s, b in fresh.bots.items()} == {s: fair.bot_seed(key, (s + seat) % n)
                                                               for s in fresh.bots}
    saved = record.saved_of(fresh.info, fresh.match, False)
    assert saved["turn"] == seat and record.info_of(saved).turn == seat
    assert storage.read_match(storage.dump_match(saved))[0]["turn"] == seat
    for broken in (n, -1, "1", True):
        assert storage.read_match(storage.dump_match({**saved, "turn": broken}))[2] == [texts.NOTICE_MATCH_BROKEN]
    assert share.parse(link.replace(f"seat={seat}", f"seat={n}")) is None
    assert share.parse(link.replace(f"seat={seat}", "seat=x")) is None


@pytest.mark.parametrize("dave", [False, True])
def test_a_link_of_a_pot_at_six_seats_deals_the_same_at_six(dave):
    """The seat count and «даве» are rules of the deal: the link carries both."""
    s = settings("bura_pot", "easy")
    seats.apply_change(s, "players", "6")
    storage.table_settings(s, "bura_pot")["switches"]["dave"] = dave
    table = Table(s, seed=4242, speed="instant")
    table.new_match()
    played_to(table, 2, random.Random(1))
    r = table.match.round_no
    link = share.query(share.of_match(table.info, table.match, r))
    back = share.parse(link)
    assert back is not None and back.players == 6 and back.dave is dave and ("dave=1" in link) is dave
    fresh = Table(settings("pairs", "easy"))
    fresh.start(share.info_of(back))
    assert fresh.match.rules == table.match.rules and fresh.match.deck_for(0) == table.match.deck_for(r)
    share.settings_for(back, fresh.settings)
    assert seats.chosen_players(fresh.settings) == 6 and storage.switch_on(fresh.settings, "dave", "bura_pot") is dave


def test_a_link_holds_no_card():
    """Every value of a link is from a closed vocabulary (table, switches, level), a
    number (deal, dealer, the sharer's points and penalty) or the finished deal's key."""
    from urllib.parse import parse_qsl

    from burkozel.bots import LEVELS

    for fmt in FORMATS:
        table = finished_round(fmt, 4)
        view = table.view()
        sharer = (view.round_points[view.side], view.round_penalties[view.side])
        link = share.query(share.of_match(table.info, table.match, 0, sharer))
        params = dict(parse_qsl(link.lstrip("?")))
        assert list(params) == ["table", "combos", "discard", "bots", "key", "deal", "sharer", "dealer"]
        assert params["table"] in FORMATS and params["bots"] in LEVELS
        assert params["discard"] in FORMATS[fmt].discard_faces
        assert params["combos"] == "-" or set(params["combos"].split(".")) <= set(FORMATS[fmt].combo_ids)
        assert re.fullmatch(r"[0-9a-f]{64}", params["key"]) and params["key"] == table.match.key_for(0).hex()
        assert re.fullmatch(r"\d+", params["deal"]) and re.fullmatch(r"\d+-\d+", params["sharer"])


def test_no_link_is_made_of_a_deal_in_play():
    """«Поделиться раздачей» in the middle of a deal offers the finished deals only."""
    table = Table(settings("pairs", "easy"), speed="instant", seed=5)
    table.new_match()
    with pytest.raises(ValueError):
        share.of_match(table.info, table.match, 0)
    assert share.finished(table.match) == []
    played_to(table, 2, random.Random(2))
    table.next_round()
    assert share.finished(table.match) == [1, 0]
    with pytest.raises(ValueError):
        share.of_match(table.info, table.match, 2)


@pytest.mark.parametrize("query", [
    "", "?speed=fast", "?table=chess&deal=1-0", "?table=pairs", "?table=pairs&deal=x-0", "?table=pairs&deal=1-0-2",
    "?table=pairs&deal=1-999", "?table=pairs&deal=1-0&combos=bura.bura", "?table=pairs&deal=1-0&combos=nope",
    "?table=pairs&deal=1-0&bots=god", "?table=pairs&deal=1-0&discard=open", "?table=pairs&deal=1-0&sharer=1",
    "?table=pairs&deal=99999999999999999999-0", "?table=bura_pot&deal=1-0&players=7", "?table=pairs&deal=1-0&players=3",
    "?table=bura_pot&deal=1-0&players=x", "?table=bura_pot&deal=1-0&dave=yes", "?table=pairs&deal=1-0&dave=1",
    "?table=pairs&key=" + "a" * 64 + "&deal=0",  # a keyed link names its dealer
    "?table=pairs&key=" + "a" * 63 + "&deal=0&dealer=1", "?table=pairs&key=" + "A" * 64 + "&deal=0&dealer=1",
    "?table=pairs&key=" + "g" * 64 + "&deal=0&dealer=1", "?table=pairs&key=" + "a" * 64 + "&deal=1-0&dealer=1",
    "?table=pairs&key=" + "a" * 64 + "&deal=0&dealer=1&commit=xyz", "?table=pairs&deal=1-0&commit=" + "a" * 16,
])
def test_a_bad_link_is_ignored(query):
    assert share.parse(query) is None


def test_a_shared_match_saves_and_resumes_at_its_deal():
    """An old link's deal (``deal=55-4``) is read as that seed's fifth deal, and resumes so."""
    table = Table(settings("three", "easy"), speed="instant")
    table.start(share.info_of(share.parse("?table=three&combos=" + ".".join(FORMATS["three"].default_combos)
                                          + "&discard=closed&bots=easy&deal=55-4")))
    rng = random.Random(1)
    for _ in range(5):
        if table.human_to_act():
            human_click(table, rng)
        else:
            table.run_timer(table.next_timer()[0])
    from table.match import storage

    saved, notes = storage.load_match(storage.dump_match(table.saved()))
    assert not notes and saved["first_deal"] == 4
    again = Table(settings("three", "easy"), speed="instant")
    assert again.restore(saved)
    assert again.view() == table.view() and again.info.first_deal == 4
    assert share.strip("?table=pairs&deal=1-0&speed=fast&check=1") == "?speed=fast"
    assert share.parse_seed(" 42 ") == 42 and share.parse_seed("x") is None and share.parse_seed("9" * 17) is None


def test_the_rules_say_the_bots_see_only_their_own_seat():
    from table.view import render

    rules = render.rules_html()
    assert "видит только то, что видно с его места" in rules and "тест" in rules
    assert texts.CHECK_DEAL in rules


def test_a_pots_record_counts_the_pot_the_chips_and_the_dave():
    """At a pot, a deal is won by taking the pot (every penalty is 0 there): the pots and the
    chips taken, the «даве» said and answered are counted; a record without them reads them as 0."""
    from table.coach import stats

    base = {"side": 1, "seat": 1, "round_penalties": [0, 0, 0, 0], "round_points": [5, 40, 0, 0],
            "end": "cards_out", "ended_by": None, "chips": [95, 115, 95, 95], "taken": 20, "folded": []}
    data = stats.empty()
    raise_, accept, fold = {"dave": True}, {"accept": True}, {"fold": True}
    stats.record_deal(data, "bura_pot/easy", "a", stats.outcome(
        {**base, "deal_winner": 1, "deal_won": True, "raised": [1, 2]}, 0, [[1, raise_], [2, accept], [2, raise_], [1, accept]]))
    # Seat 1 accepts the first «даве» and folds to the second: two answers, though it folded.
    stats.record_deal(data, "bura_pot/easy", "b", stats.outcome(
        {**base, "deal_winner": 0, "deal_won": False, "raised": [0, 3], "folded": [1]}, 0,
        [[0, raise_], [1, accept], [3, raise_], [1, fold]]))
    entry = data["tables"]["bura_pot/easy"]
    assert (entry["deals"], entry["deals_won"], entry["pots_won"], entry["chips_won"]) == (2, 1, 1, 20)
    assert (entry["dave_raised"], entry["dave_answered"]) == (1, 3)
    old = {k: v for k, v in entry.items() if k not in stats.POT_COUNTS}
    loaded, dropped = stats.load(stats.dump({**data, "tables": {"bura_pot/easy": old}}))
    assert not dropped and loaded["tables"]["bura_pot/easy"]["pots_won"] == 0


@pytest.mark.parametrize("lang", ["ru", "en", "uk"])
def test_a_pots_statistics_speak_of_pots_not_penalties(lang):
    """«Бура на кон» has no penalty: its statistics once said «Раздач без штрафа», «Штрафных
    всего 0», «Лучшая серия раздач без штрафа» and coloured every bar «без штрафа»."""
    t = languages.for_lang(lang)
    base = {"side": 0, "seat": 0, "round_penalties": [0, 0, 0], "round_points": [40, 5, 0],
            "end": "cards_out", "ended_by": None, "chips": [115, 95, 90], "taken": 20, "folded": []}
    data = stats.empty()
    stats.record_deal(data, "bura_pot/easy", "a", stats.outcome({**base, "deal_winner": 0, "deal_won": True}, 0))
    stats.record_deal(data, "bura_pot/easy", "b", stats.outcome(
        {**base, "round_points": [0, 45, 0], "deal_winner": 1, "deal_won": False}, 0))
    html = unescape(coachview.stats_panel(data, "bura_pot/easy", t))
    for key in coachview.PENALTY_STATS:
        assert f'data-stat="{key}"' not in html
    penalty_words = {"ru": "штраф", "en": "penalt", "uk": "штраф"}[lang]
    assert penalty_words not in html.lower(), html
    assert 'data-stat="pots_won"' in html and t.STATS_CHART_POT in html
    assert html.count('class="bar"') == 2 and "bar won" not in html
    other = unescape(coachview.stats_panel(stats.load(GOOD)[0], "pairs/easy", t))
    assert 'data-stat="penalties"' in other and t.STATS_CHART in other
