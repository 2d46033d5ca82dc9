"""The table's controller on CPython: whole matches by "clicks", resume from the
saved data, and input at wrong moments."""

from __future__ import annotations

import json
import random

import pytest

import webpath  # noqa: F401

from burkozel import FORMATS, Match, Move, SeatView, TableRules
from table.match import screen, storage, table_bots
from table.match.record import MatchInfo
from table.match.table import Table
from table.i18n import languages

texts = languages.for_lang("ru")


def settings(fmt="pairs", difficulty="easy", combos=None, speed="normal", discard=None):
    """Menu settings for ``fmt``: ``combos`` None = every combination of the table on."""
    s = storage.default_settings()
    s.update(format=fmt, difficulty=difficulty, speed=speed)
    ids = storage.FORMATS[fmt].combo_ids
    mine = storage.table_settings(s, fmt)
    mine["combos"] = {c: combos is None or c in combos for c in ids}
    if discard is not None:
        mine["discard"] = discard
    return s


def human_click(table: Table, rng: random.Random) -> None:
    """What a player might click: a random legal choice made through toggle/act."""
    view = table.view()
    moves = view.legal_moves
    move = rng.choice(moves)
    table.clear_selection()
    for c in move.cards:
        assert table.toggle(str(c))
    assert table.act(move.kind) is None, table.message


def step(table: Table, rng: random.Random) -> bool:
    """Advance the table by one thing (timer, click or dialog button); False at match end."""
    due = table.next_timer()
    if due is not None:
        assert table.run_timer(due[0])
        return True
    phase = table.phase()
    if phase == "play":
        assert table.human_to_act()
        human_click(table, rng)
        return True
    if phase == "round_end":
        assert table.next_round()
        return True
    assert phase == "match_end"
    return False


def at_first_turn(chosen: dict, seed: int, rng: random.Random) -> Table:
    """A new match of the settings ``chosen`` at ``seed``, stepped (with ``rng``) to
    the player's first turn."""
    table = Table(chosen, seed=seed)
    table.new_match()
    while not table.human_to_act():
        step(table, rng)
    return table


@pytest.mark.parametrize("fmt", ["pairs", "four", "three", "duel", "bura31"])
def test_whole_match_by_clicks(fmt):
    table = Table(settings(fmt), seed=11)
    table.new_match()
    rng = random.Random(fmt)
    steps = 0
    while step(table, rng):
        steps += 1
        assert steps < 5000
    view = table.view()
    assert view.match_over and max(view.penalties) >= 12
    assert table.ui()["prompt"] == texts.MATCH_OVER
    # «Новая партия» from the result dialog
    assert table.next_round() and table.phase() == "play" and table.match.round_no == 0


def snapshot(table: Table) -> str:
    """What the table shows and will do next; not its match key, a count of the matches this
    table object started (it tells one drawing from the next on one page, and a restored
    table is a fresh page)."""
    ui = {k: v for k, v in table.ui().items() if k != "match_key"}
    return json.dumps([table.display(), ui, table.phase(), table.next_timer()], sort_keys=True, default=str)


@pytest.mark.parametrize("fmt", ["pairs", "three", "duel", "bura31"])
def test_resume_anywhere_gives_the_same_table_and_the_same_future(fmt):
    """Save after every step, restore into a fresh table: same display, and the
    two tables then play on identically (same bot decisions)."""
    table = Table(settings(fmt, difficulty="medium"), seed=5)
    table.new_match()
    rng = random.Random(1)
    checked = 0
    for i in range(400):
        if not step(table, rng):
            assert table.next_round()  # «Новая партия»: a short match (Бура «31») goes on with another
        if i % 7 == 0 or table.phase() in ("clearing", "round_end", "match_end"):
            raw = storage.dump_match(table.saved())
            saved, notices = storage.load_match(raw)
            assert notices == []
            other = Table(settings(fmt, difficulty="medium"), seed=999)
            assert other.restore(saved)
            other.selection = list(table.selection)
            assert snapshot(other) == snapshot(table)
            # Both go on for a few steps with the same human choices.
            r1, r2 = random.Random(i), random.Random(i)
            t_state = (table, other)
            for _ in range(6):
                a, b = step(t_state[0], r1), step(t_state[1], r2)
                assert a == b
                assert snapshot(t_state[0]) == snapshot(t_state[1])
                if not a:
                    break
            checked += 1
    assert checked > 10


def test_clearing_shows_the_taken_trick_and_the_hand_before_the_draw():
    table = Table(settings("three", combos=()), seed=3)
    table.new_match()
    rng = random.Random(2)
    while table.phase() != "clearing":
        step(table, rng)
    d = table.display()
    view = table.view()
    assert d["trick"] == view.history[-1].to_dict() and d["trick"]["finished"]
    assert d["to_act"] is None
    assert len(d["hand"]) == d["hand_sizes"][0]
    assert d["stock"] >= view.stock
    assert all(not a["enabled"] for a in table.actions().values())
    assert table.next_timer() == ("clear", 3000)
    table.run_timer("clear")
    assert table.display()["hand"] == [str(c) for c in view.hand]


def test_a_move_list_that_no_longer_replays_is_dropped():
    table = Table(settings("three"), seed=1)
    table.new_match()
    saved = table.saved()
    saved["rounds"] = [[[0, {"beat": ["AS"]}]]]
    other = Table(settings("three"), seed=1)
    assert not other.restore(saved)
    assert other.match is None and other.phase() == "none"
    assert texts.NOTICE_MATCH_REPLAY in other.notices
    assert other.display() is None and other.saved() is None


def test_bad_input_changes_nothing():
    rng = random.Random(3)
    table = at_first_turn(settings("pairs", combos=()), 8, rng)
    before = snapshot(table)
    for junk in (None, 5, "XX", "AS AS", "", [], "lead"):
        assert not table.toggle(junk) or junk in [str(c) for c in table.view().hand]
    assert table.act("jump") == "так нельзя"
    assert table.act(None) == "так нельзя"
    table.message = None
    assert snapshot(table) == before
    # A card not in the hand cannot be selected.
    hand = {str(c) for c in table.view().hand}
    outside = next(c for c in ("6C", "7C", "8C", "9C", "JC", "QC", "KC", "TC", "AC", "6D") if c not in hand)
    assert not table.toggle(outside)
    # Double click on a card: selected then unselected.
    card = sorted(hand)[0]
    assert table.toggle(card) and table.toggle(card)
    assert snapshot(table) == before


def test_illegal_selection_keeps_buttons_disabled_with_a_reason():
    table = Table(settings("four", combos=()), seed=4)
    table.new_match()
    rng = random.Random(5)
    seen = set()
    for _ in range(3000):
        if table.human_to_act():
            view = table.view()
            acts = table.actions()
            if view.trick is None:
                suits = {}
                for c in view.hand:
                    suits.setdefault(str(c)[1], []).append(str(c))
                if len(suits) >= 2:
                    a, b = list(suits.values())[:2]
                    table.clear_selection()
                    table.toggle(a[0]), table.toggle(b[0])
                    acts = table.actions()
                    assert not acts["lead"]["enabled"] and acts["lead"]["reason"] == "одна масть"
                    before = snapshot(table)
                    assert table.act("lead") == "одна масть"
                    table.message = None
                    assert snapshot(table) == before
                    seen.add("mixed")
            else:
                size = view.trick.size
                beats = [m for m in view.legal_moves if m.kind == "beat"]
                table.clear_selection()
                if size > 1:
                    table.toggle(str(view.hand[0]))
                    assert table.actions()["beat"]["reason"] == f"нужно {texts.cards_acc(size)}"
                    assert table.act("beat") is not None
                    seen.add("count")
                elif not any(str(view.hand[0]) == str(m.cards[0]) for m in beats):
                    table.toggle(str(view.hand[0]))
                    assert table.actions()["beat"] == {"enabled": False, "reason": "не бьёт", "relevant": True}
                    seen.add("nobeat")
                table.clear_selection()
                acts = table.actions()
                assert acts["discard"]["enabled"] and acts["discard"]["reason"] == texts.AUTO_DISCARD
                assert not acts["beat"]["enabled"]
        if not step(table, rng):
            break
    assert {"mixed", "nobeat"} <= seen


def test_not_your_turn_and_during_clearing():
    table = Table(settings("pairs"), seed=2)
    table.new_match()
    rng = random.Random(0)
    while table.phase() == "play" and table.human_to_act():
        step(table, rng)
    if table.phase() == "play":
        before = snapshot(table)
        assert table.act("discard").startswith("сейчас ходит")
        table.message = None
        assert snapshot(table) == before
    while table.phase() != "clearing":
        step(table, rng)
    before = snapshot(table)
    assert table.act("lead") is not None
    table.message = None
    assert snapshot(table) == before


def test_unavailable_level_falls_back_to_easy():
    def factory(level, seed=0):
        if level != "easy":
            raise ValueError(level)
        from burkozel.bots import make_bot
        return make_bot(level, seed=seed)

    table = Table(settings("three", difficulty="hard"), seed=1, bot_factory=factory)
    assert table.levels == ("easy",)
    table.new_match()
    assert table.bot_level == "easy" and texts.NOTICE_BOT_FALLBACK in table.notices


def test_a_broken_bot_never_stalls_the_table():
    class Broken:
        def get_move(self, view):
            return Move.lead("AS", "AH", "AD", "AC", "6C")

    table = Table(settings("three", combos=()), seed=1, bot_factory=lambda level, seed=0: Broken())
    table.new_match()
    rng = random.Random(0)
    for _ in range(200):
        if not step(table, rng):
            break


def test_autoplay_plays_matches_by_itself():
    table = Table(settings("three", combos=()), speed="instant", seed=1, autoplay=True)
    table.new_match()
    assert table.saved() is None  # autoplay never overwrites the player's saved match
    for _ in range(20000):
        due = table.next_timer()
        assert due is not None and due[1] == 0
        table.run_timer(due[0])
        if table.matches_done == 2:
            break
    assert table.matches_done == 2


def test_a_hard_bot_thinks_in_slices_and_plays_its_reference_move():
    """The hard bot's search is spread over several timer steps (the page paints
    between them); the move it then plays is the deterministic reference move,
    and a click or a reload in the middle of its thinking changes nothing."""
    table = Table(settings("three", "hard"), seed=5)
    table.new_match()
    rng = random.Random(5)
    slices = 0
    while table.match.to_act == screen.HUMAN:
        human_click(table, rng)
    seat = table.match.to_act
    view = table.match.view(seat)
    expected = table_bots.reference_bot("hard", seed=table.bot_seed(seat)).get_move(view)
    moves_before = len(table.match.moves)
    while len(table.match.moves) == moves_before:
        kind, delay = table.next_timer()
        assert kind == "bot"
        if slices:
            assert delay == 0  # the rest of a decision comes at once
            assert table.act("discard") is not None  # not the player's turn: refused
        assert table.run_timer("bot")
        slices += 1
    assert slices > 2
    assert table.match.moves[moves_before] == (seat, expected)


def test_the_hard_bots_count_shrinks_only_where_rollouts_play_every_card():
    """Early in a deal the table's hard bot spends fewer rollouts where a rollout
    plays out every card in play (duel), not where deals end at a declaration
    within a few tricks (Бура «31»), and never more than the table's count."""
    counts = {}
    for fmt in ("duel", "bura31"):
        match = Match(TableRules(fmt), seed=3)
        view = match.view(match.to_act)
        assert view.stock > table_bots.HARD_LONG_ROLLOUTS
        counts[fmt] = table_bots.hard_iterations(view)
    assert counts["duel"] < table_bots.HARD_ITERATIONS
    assert counts["bura31"] == table_bots.HARD_ITERATIONS


# --- the two-player tables ------------------------------------------------------------


def human_turn(table: Table, rng: random.Random) -> SeatView:
    """Advance (bots, trick clearing, next rounds) to the human's next turn."""
    for _ in range(2000):
        if table.human_to_act():
            return table.view()
        if table.phase() == "match_end":
            table.new_match()
        elif not step(table, rng):
            break
    raise AssertionError("no human turn")


@pytest.mark.parametrize("fmt", ["duel", "bura31"])
def test_two_seats_sit_bottom_and_top(fmt):
    table = Table(settings(fmt), seed=2)
    table.new_match()
    ui = table.ui()
    assert ui["positions"] == ("bottom", "top") and ui["names"] == ("Вы", "Соперник")
    assert table.match.rules.players == 2
    assert table.info.discard == storage.FORMATS[fmt].discard_faces[0]


def test_new_match_takes_the_chosen_tables_own_switches():
    s = settings("bura31", combos=("moscow",), discard="closed")
    s["tables"]["duel"]["combos"]["small_moscow"] = True  # another table's switch: no effect here
    table = Table(s, seed=4)
    table.new_match()
    assert table.match.rules.combos == ("moscow",) and table.match.rules.discard == "closed"
    saved = table.saved()
    assert saved["discard"] == "closed" and saved["format"] == "bura31"
    s["format"] = "duel"
    table.new_match()
    assert table.match.rules.combos == storage.FORMATS["duel"].combo_ids
    assert table.match.rules.discard == "closed"


def test_declare_button_is_the_engines_legal_declare():
    """«31» is offered exactly when the view says it is legal; it ends the deal."""
    table = Table(settings("bura31"), seed=6)
    table.new_match()
    rng = random.Random(3)
    seen = {True: 0, False: 0}
    for _ in range(60):
        view = human_turn(table, rng)
        actions = table.actions()
        assert set(actions) == {"lead", "beat", "discard", "declare"}
        legal = view.legal_kinds["declare"]
        assert actions["declare"]["enabled"] is legal
        seen[legal] += 1
        if view.trick is None and not view.history:
            assert actions["declare"]["reason"] == "после первой взятки"
            assert table.act("declare") == "после первой взятки"
        if legal:
            points = view.points
            assert table.act("declare") is None
            d = table.display()
            assert d["round_over"] and d["ended_by"] == 0
            assert d["end"] == ("declared" if points >= 31 else "false_declaration")
            assert d["deal_winner"] == (0 if points >= 31 else 1)
            continue
        human_click(table, rng)
    assert seen[True] and seen[False]


def test_three_card_leads_and_selection_limit():
    table = Table(settings("bura31"), seed=8)
    table.new_match()
    view = human_turn(table, random.Random(1))
    for c in view.hand:
        assert table.toggle(str(c))
    assert len(table.selection) == 3 == view.hand_size
    if view.trick is None:
        assert texts.prompt_lead(3) in table.ui()["prompt"]


def test_other_tables_have_no_declare_button():
    table = Table(settings("duel"), seed=1)
    table.new_match()
    assert "declare" not in table.actions()
    with_declare = Table(settings("bura31"), seed=1)
    assert with_declare.act("declare")  # no match: refused, nothing happens


def test_selecting_cards_during_a_bot_turn_leaves_the_next_step_as_it_was():
    """The timer's key (what the next timed step is for) stays the same while the
    player selects cards during a bot's turn, so the page keeps the bot's timer
    running; it changes once the bot has moved."""
    table = Table(settings("pairs"), seed=2)
    table.new_match()
    rng = random.Random(0)
    while not (table.phase() == "play" and not table.human_to_act() and len(table.view().hand) >= 2):
        step(table, rng)
    key = table.timer_key()
    assert key is not None and key[0] == "bot"
    cards = [str(c) for c in table.view().hand]
    for c in cards[:2] + cards[:1]:
        assert table.toggle(c)
        assert table.timer_key() == key
    assert table.run_timer("bot")
    assert table.timer_key() != key


def _until_the_player_waits(table: Table, rng: random.Random) -> None:
    while not table.human_to_act() and table.phase() == "play" or table.phase() == "clearing":
        step(table, rng)


def test_at_four_without_combinations_one_move_leaves_four_cards_in_hand():
    """The browser's snapshot test plays one move at «четверо» and counts four cards
    again (played, then drawn): true for every deal once the combinations are off.
    With them on, a combination led for a hand can end the deal at its first trick
    (the old seed 1312's first deal) — the empty hand that test once saw on a random deal."""
    rng = random.Random(5)
    for seed in range(400):
        table = at_first_turn(settings("four", combos=()), seed, rng)
        assert len(table.display()["hand"]) == 4
        human_click(table, rng)
        _until_the_player_waits(table, rng)
        assert table.phase() == "play" and len(table.display()["hand"]) == 4, seed
    table = Table(settings("four"))  # every combination on, as the menu has it
    table.start(MatchInfo("four", FORMATS["four"].default_combos, "easy", 1312))  # dealt from the old seed
    _until_the_player_waits(table, rng)
    view = table.display()
    table.toggle(view["held"][0])  # as the browser test leads
    assert table.act("lead") is None
    _until_the_player_waits(table, rng)
    assert table.phase() == "round_end" and table.display()["hand"] == []
