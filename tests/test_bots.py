"""Bots: legal play at every level, decisions that depend on the view alone,
the medium bot's named behaviours on stacked positions, and the arena."""

from __future__ import annotations

import random

import pytest

from burkozel import Match, Round, TableRules
from burkozel.arena import run as arena_run
from burkozel.bots import LEVELS, make_bot
from burkozel.cards import DECK, SUIT_OF, Card
from burkozel.rules import COMBOS, FORMATS
from burkozel.trick import BEAT, DISCARD, LEAD, Play, Trick

FAST = {"hard": {"max_iterations": 24, "deterministic": True}}


def bot(level: str, seed: object = 1):
    return make_bot(level, seed=seed, **FAST.get(level, {}))


# --- levels -------------------------------------------------------------------


def test_make_bot_levels():
    assert LEVELS == ("easy", "medium", "hard")
    for level in LEVELS:
        assert make_bot(level, seed=3).name == level
    with pytest.raises(ValueError):
        make_bot("hard-cheat")  # the arena's reference bot is never a table level
    with pytest.raises(ValueError):
        make_bot("impossible")


# --- legal play ---------------------------------------------------------------


SWITCHES = [(fmt, combos, discard) for fmt, table in FORMATS.items()
            for combos in ((), None, table.combo_ids[-2:]) for discard in table.discard_faces]
"""Every table with no combinations, its default ones and its last two, and every discard face."""


@pytest.mark.parametrize("level,deals", [("easy", 12), ("medium", 12), ("hard", 1)])
@pytest.mark.parametrize("fmt,combos,discard", SWITCHES)
def test_every_level_plays_legal_rounds(level, deals, fmt, combos, discard):
    rules = TableRules(fmt, combos, discard)
    rng = random.Random(f"{level}/{fmt}/{combos}")
    for d in range(deals):
        deck = list(DECK)
        rng.shuffle(deck)
        rnd = Round(rules, d % rules.players, deck)
        # The level under test at every other seat, medium at the rest.
        bots = [bot(level if s % 2 == 0 else "medium", f"{d}/{s}") for s in range(rules.players)]
        moves = 0
        while not rnd.is_over:
            seat = rnd.to_act
            view = rnd.view(seat)
            move = bots[seat].get_move(view)
            played = view.check(move)  # raises IllegalMoveError on an illegal move
            assert sorted(played) == sorted(rnd.check(move, seat))
            rnd.push(move, seat)
            moves += 1
        if rnd.end == "cards_out":
            assert sum(rnd.points) == 120 and moves >= 36 // (2 * rules.hand_size)
        else:  # Бура «31»: a «31» or a combination ended it
            assert rnd.end in ("declared", "false_declaration", "bura", "moscow") and sum(rnd.points) <= 120


# --- decisions depend on the view alone ---------------------------------------


def _positions(fmt: str, count: int, seed: int):
    """Random mid-round positions of ``fmt`` (every combination on)."""
    rules = TableRules(fmt, COMBOS)
    rng = random.Random(seed)
    found = 0
    while found < count:
        deck = list(DECK)
        rng.shuffle(deck)
        rnd = Round(rules, rng.randrange(rules.players), deck)
        for _ in range(rng.randrange(0, 20)):
            if rnd.is_over:
                break
            rnd.push(rnd.random_move(rng))
        if not rnd.is_over and sum(1 for h in rnd.hands if h) == rnd.players:
            found += 1
            yield rnd


def _twin(rnd: Round, seat: int, rng: random.Random) -> Round:
    """The same position with the cards ``seat`` cannot see moved about:
    one card swapped between two other hands, one between a hand and the stock."""
    twin = rnd.copy()
    others = [s for s in range(rnd.players) if s != seat and twin.hands[s]]
    a, b = rng.sample(others, 2)
    i, j = rng.randrange(len(twin.hands[a])), rng.randrange(len(twin.hands[b]))
    twin.hands[a][i], twin.hands[b][j] = twin.hands[b][j], twin.hands[a][i]
    stock = twin.deal.stock
    if len(stock) > 1:  # stock[0] is the face-up trump card, drawn last
        k = rng.randrange(1, len(stock))
        i = rng.randrange(len(twin.hands[a]))
        twin.hands[a][i], stock[k] = stock[k], twin.hands[a][i]
    return twin


@pytest.mark.parametrize("fmt", ["pairs", "four", "three"])
def test_choice_is_the_same_whatever_the_hidden_cards(fmt):
    rng = random.Random(17)
    for rnd in _positions(fmt, 6, seed=len(fmt)):
        seat = rnd.to_act
        twin = _twin(rnd, seat, rng)
        assert twin.hands != rnd.hands
        view = rnd.view(seat)
        assert twin.view(seat) == view
        for level in LEVELS:
            a = bot(level, "inv").get_move(view)
            b = bot(level, "inv").get_move(twin.view(seat))
            assert a == b, level


def test_hard_is_deterministic_with_a_cap():
    for rnd in _positions("pairs", 4, seed=2):
        view = rnd.view(rnd.to_act)
        moves = {make_bot("hard", seed=9, max_iterations=60, deterministic=True).get_move(view) for _ in range(2)}
        assert len(moves) == 1


def _four_seed_50033_seat_3():
    """Four, seed 50033, after 7 medium moves: seat 3 holds 8C KD AD AS
    (clubs are trumps) and is last to answer KC TC, which it cannot beat."""
    rnd = Match(TableRules("four"), seed=50033).round
    medium = make_bot("medium", seed=0)
    for _ in range(7):
        rnd.push(medium.get_move(rnd.view(rnd.to_act)), rnd.to_act)
    view = rnd.view(3)
    assert rnd.to_act == 3 and sorted(map(str, view.hand)) == ["8C", "AD", "AS", "KD"]
    assert not any(m.kind == BEAT for m in view.legal_moves)
    return view


def test_hard_searches_other_discards_when_medium_only_throws_its_lowest():
    from burkozel.bots.hard import HardBot
    from burkozel.bots.search.candidates import EXTRA_DISCARDS

    view = _four_seed_50033_seat_3()
    medium = make_bot("medium", seed=0).get_move(view)
    moves = HardBot(seed=0).candidates(view)
    assert moves[0] == medium and len(moves) == 1 + EXTRA_DISCARDS
    assert all(m.kind == DISCARD and m in view.legal_moves for m in moves)
    # After medium's choice, the least valuable first (a trump weighs like 16 points).
    assert [" ".join(sorted(map(str, m.cards))) for m in moves] == ["AD KD", "AS KD", "8C KD", "AD AS"]


def test_hard_throws_a_low_trump_rather_than_an_ace_to_an_opponent():
    """Medium keeps its trumps and throws K♦ A♦ (15 points) onto the
    opponent's trick; the hard bot's search finds 8♣ K♦ (4 points) better."""
    view = _four_seed_50033_seat_3()
    assert sorted(map(str, make_bot("medium", seed=0).get_move(view).cards)) == ["AD", "KD"]
    for seed in range(3):
        move = make_bot("hard", seed=seed, max_iterations=200, deterministic=True).get_move(view)
        assert move.kind == DISCARD and sorted(map(str, move.cards)) == ["8C", "KD"]


def test_hard_falls_back_to_the_medium_move_when_no_world_can_be_dealt():
    """If the sampler ever gives up, the bot still answers (the medium move),
    rather than break the table."""
    from burkozel.bots.hard import HardBot

    def no_worlds(view):
        def draw(rng):
            raise ValueError("no world is consistent with this view")
        return draw

    for rnd in _positions("pairs", 4, seed=3):
        view = rnd.view(rnd.to_act)
        move = HardBot(seed=1, max_iterations=60, deterministic=True, worlds=no_worlds).get_move(view)
        assert move == make_bot("medium", seed=1).get_move(view)


def test_hard_cheat_is_not_a_level():
    from burkozel.arena import REFERENCES
    from burkozel.bots import _FACTORIES, _load

    _load()
    assert "hard-cheat" not in _FACTORIES and "hard-cheat" not in LEVELS
    assert not set(REFERENCES) & (set(_FACTORIES) | set(LEVELS))


# --- medium: stacked positions ------------------------------------------------


def _cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def _position(hands: dict[int, str], plays: list[tuple[int, str, str]], *, trump_card: str = "6S",
              points: tuple[int, int] = (0, 0), stock: str = "7C 8C 9C QD KD 6D 7D") -> Round:
    """A pairs position mid-trick: ``plays`` are (seat, kind, cards) from the
    leader; seat 0 is to act; the stock ends with the trump card."""
    rules = TableRules("pairs", ())
    trick_cards: list[Play] = []
    winner, winning = -1, ()
    for seat, kind, text in plays:
        cards = tuple(_cards(text))
        trick_cards.append(Play(seat, kind, cards))
        if kind in (LEAD, BEAT):
            winner, winning = seat, cards
    leader = plays[0][0]
    trick = Trick(leader, len(trick_cards[0].cards), None, trick_cards, winner, winning)
    return Round.from_position(
        rules, dealer=3, hands=[_cards(hands.get(s, "")) for s in range(4)],
        stock=_cards(stock) + [Card.parse(trump_card)], trump_card=Card.parse(trump_card), trump_drawn_by=None,
        tricks=[], trick=trick, points=list(points), to_act=0)


def _medium(rnd: Round):
    view = rnd.view(0)
    return view, make_bot("medium", seed=0).get_move(view)


def test_medium_keeps_trumps_on_a_zero_point_trick():
    rnd = _position({0: "7D 8H 9S KS", 1: "AH AD TC 6H", 2: "JC QC KC", 3: "TH 9D"},
                    [(3, LEAD, "6C")])
    view, move = _medium(rnd)
    assert any(m.kind == BEAT for m in view.legal_moves)  # it could trump
    assert move.kind == DISCARD and not any(SUIT_OF[c] == view.trump for c in move.cards)


def test_medium_does_not_beat_a_winning_partner():
    rnd = _position({0: "7S 8D 9H JD", 1: "AH AD TC", 2: "JC QC KC", 3: "TH 9D QH"},
                    [(2, LEAD, "AC"), (3, DISCARD, "6H")])
    view, move = _medium(rnd)
    assert any(m.kind == BEAT for m in view.legal_moves)
    assert move.kind == DISCARD


def test_medium_loads_points_onto_a_partners_trick():
    rnd = _position({0: "TD 6H 7H 8S", 1: "AH AD TC", 2: "JC QC KC", 3: "TH 9D QH"},
                    [(1, LEAD, "7C"), (2, BEAT, "AC"), (3, DISCARD, "6D")])
    view, move = _medium(rnd)
    assert move == (DISCARD, (Card.parse("TD"),))


def test_medium_loads_nothing_in_a_single_format():
    rules = TableRules("four", ())
    trick = Trick(1, 1, None, [Play(1, LEAD, (Card.parse("7C"),)), Play(2, BEAT, (Card.parse("AC"),)),
                               Play(3, DISCARD, (Card.parse("6D"),))], 2, (Card.parse("AC"),))
    rnd = Round.from_position(rules, 3, hands=[_cards("TD 6H 7H 8D"), _cards("AH AD TC"), _cards("JC QC KC"),
                                                  _cards("TH 9D QH")],
                              stock=_cards("7D 8D") + [Card.parse("6S")], trump_card=Card.parse("6S"),
                              trump_drawn_by=None, tricks=[], trick=trick, points=[0, 0, 0, 0], to_act=0)
    view = rnd.view(0)
    assert not any(m.kind == BEAT for m in view.legal_moves)
    move = make_bot("medium").get_move(view)
    assert move.kind == DISCARD and sum(c.points for c in move.cards) == 0


@pytest.mark.parametrize("points,beats", [(27, True), (10, False)])
def test_medium_goes_for_the_pass_mark_when_one_trick_away(points, beats):
    """A king led, seat 0 last to act: trumping it with the nine is not worth
    a trump at 10 points, but lifts the side from 27 to the pass mark 31."""
    rnd = _position({0: "9S 7D 8H 9H", 1: "AH AD TC", 2: "JC QC JD", 3: "TH 9D QH"},
                    [(1, LEAD, "KC"), (2, DISCARD, "6H"), (3, DISCARD, "6D")], points=(points, 0))
    view, move = _medium(rnd)
    assert (move.kind == BEAT) is beats


# --- the arena ----------------------------------------------------------------


def test_arena_duplicate_deals():
    out = arena_run("three", ["hard", "medium", "medium"], deals=1, seed=4, iterations=8)
    assert out["rounds"] == 6 and len(out["sides"]) == 3
    assert abs(sum(s["win_rate"] for s in out["sides"]) - 1.0) < 1e-3
    assert set(out["decision_ms"]) == {"hard", "medium"}
    pairs = arena_run("pairs", ["medium", "easy", "medium", "easy"], deals=3, seed=4)
    assert pairs["rounds"] == 6 and pairs["sides"][0]["bots"] == ["medium", "medium"]
    # Duplicate: the same deal seen from both sides adds up to the whole deck.
    assert pairs["sides"][0]["mean_points"] + pairs["sides"][1]["mean_points"] == pytest.approx(120)
    again = arena_run("pairs", ["medium", "easy", "medium", "easy"], deals=3, seed=4)
    assert again["sides"] == pairs["sides"]


def test_arena_cheat_reference_runs():
    out = arena_run("pairs", ["hard-cheat", "medium", "hard-cheat", "medium"], deals=1, seed=2, iterations=8)
    assert out["rounds"] == 2 and "hard-cheat" in out["decision_ms"]
    out = arena_run("four", ["hard-hands", "medium", "medium", "medium"], deals=1, seed=2, iterations=8)
    assert out["rounds"] == 4 and "hard-hands" in out["decision_ms"]
    out = arena_run("three", ["hard-late", "hard-early", "medium"], deals=1, seed=2, iterations=8)
    assert out["rounds"] == 6 and {"hard-late", "hard-early"} <= set(out["decision_ms"])


@pytest.mark.parametrize("level", ["hard-late", "hard-early"])
def test_hard_late_and_early_see_the_hands_in_one_phase_only(level):
    """The arena's references that see every hand in one phase of the round:
    hard-late once the stock is out (the true position), hard-early while it
    lasts (every hand, the stock shuffled); in the other phase the fair bot's
    worlds, which get some hand wrong."""
    from burkozel.arena import arena_bot

    rnd = Match(TableRules("four"), seed="late").round
    bot = arena_bot(level, "s", {}, [rnd])
    medium = make_bot("medium")
    rng = random.Random(3)
    wrong = right = 0
    while not rnd.is_over:
        view = rnd.view(rnd.to_act)
        worlds = [bot._worlds(view)(rng) for _ in range(5)]
        assert all(sorted(w.hands[view.seat]) == sorted(view.hand) and len(w.stock) == view.stock for w in worlds)
        truth = [sorted(h) for h in rnd.hands]
        if (view.stock == 0) == (level == "hard-late"):
            assert all([sorted(h) for h in w.hands] == truth and w.points == rnd.points for w in worlds)
            right += 1
        else:
            wrong += sum([sorted(h) for h in w.hands] != truth for w in worlds)
        rnd.push(medium.get_move(view), view.seat)
    assert wrong > 0 and right > 0


def test_hard_hands_worlds_differ_from_the_truth_only_in_the_stock_order():
    from burkozel.arena import shuffled_stock

    rnd = Match(TableRules("four"), seed="hands").round
    for _ in range(6):
        rnd.push(make_bot("medium").get_move(rnd.view(rnd.to_act)), rnd.to_act)
    rng = random.Random(1)
    orders = set()
    truth = rnd.deal
    for _ in range(20):
        world = shuffled_stock(truth, rng)
        assert world.hands == truth.hands and world.points == truth.points
        assert (world.leader, world.winning, world.to_act, world.gone) == (truth.leader, truth.winning,
                                                                          truth.to_act, truth.gone)
        assert sorted(world.stock) == sorted(truth.stock) and world.stock[0] == rnd.trump_card
        orders.add(tuple(world.stock))
    assert len(orders) > 10


# --- hard: the rollouts -------------------------------------------------------


FACES = [(fmt, discard) for fmt, table in FORMATS.items() for discard in table.discard_faces]
"""Every table with each of its discard faces: where a «31» is declared and the
discards lie face down, a seat's view holds only the face-up points it took."""


def _rounds_in_play(fmt, combos, label, count=60, discard=None):
    """Rounds in play after some medium moves (not yet over), with their seed."""
    rules = TableRules(fmt, combos, discard)
    rng = random.Random(f"{label}/{fmt}/{combos}")
    medium = make_bot("medium", seed=0)
    for d in range(count):
        deck = list(DECK)
        rng.shuffle(deck)
        rnd = Round(rules, d % rules.players, deck)
        for _ in range(rng.randrange(0, 30)):
            if rnd.is_over:
                break
            rnd.push(medium.get_move(rnd.view(rnd.to_act)), rnd.to_act)
        if not rnd.is_over:
            yield rnd, rng


@pytest.mark.parametrize("fmt,discard", FACES)
@pytest.mark.parametrize("combos", [(), None])
def test_rollout_players_make_the_medium_bots_moves(fmt, discard, combos):
    """medium_move on the true position (the rollouts' use: the engine's own
    deal, every hand and each seat's own discards known) chooses what
    MediumBot.get_move chooses from the seat's view, at every seat of rounds
    played to the end: the valuation reads nothing the view does not hold.
    With face-down discards at a «31» table too: there a seat counts the
    face-up points it took and the face-down cards by number, never their
    faces, in the true position as in its view (its «31», «даве» and answers)."""
    from burkozel.bots.medium import medium_move, weights_for

    medium = make_bot("medium", seed=0)
    checked = 0
    for rnd, _ in _rounds_in_play(fmt, combos, "medium-move", 30, discard=discard):
        while not rnd.is_over:
            seat = rnd.to_act
            view = rnd.view(seat)
            move = medium.get_move(view)
            before = repr(rnd)
            kind, cards = medium_move(rnd.deal, seat, weights_for(fmt))
            assert repr(rnd) == before
            assert sorted(cards) == sorted(move.cards) and kind == move.kind, (view, move)
            checked += 1
            rnd.push(move, seat)
    assert checked > (40 if fmt == "bura31" else 100)  # its deals often end at once


@pytest.mark.parametrize("fmt", ["pairs", "four", "three"])
def test_medium_ranks_legal_moves_best_first_and_plays_the_first(fmt):
    """MediumBot.ranked (every move the valuation weighs, the hard bot's
    candidates) lists legal moves, none twice, best first, and its first is
    the move get_move plays without ranking (the early returns agree): every
    lead of the hand when leading, a discard and every beat when answering."""
    from burkozel.bots.medium import MediumBot

    medium = MediumBot()
    answers = loads = 0
    for rnd, _ in _rounds_in_play(fmt, COMBOS, "ranked", 40):
        view = rnd.view(rnd.to_act)
        ranked = medium.ranked(view)
        moves = [m for _, m in ranked]
        values = [v for v, _ in ranked]
        assert values == sorted(values, reverse=True)
        assert len({(m.kind, frozenset(m.cards)) for m in moves}) == len(moves)
        assert all(view.check(m) for m in moves)
        assert moves[0] == medium.get_move(view)
        legal = view.legal_moves
        if view.trick is None:
            assert len(moves) == len(legal)
        else:
            answers += 1
            beats = {m for m in legal if m.kind == BEAT}
            discards = sum(m.kind == DISCARD for m in moves)
            # Two discards: it loads a partner's trick (lowest cards second) and beats nothing.
            assert set(moves) - beats == {m for m in moves if m.kind == DISCARD}
            assert (discards == 1 and beats <= set(moves)) or (discards == 2 and not beats & set(moves))
            loads += discards == 2
    assert answers > 10 and (loads > 0) == (fmt == "pairs")


@pytest.mark.parametrize("fmt,discard", FACES)
@pytest.mark.parametrize("combos", [(), None])
def test_fast_playout_ends_where_medium_bots_do(fmt, discard, combos):
    """fast_playout ends every position as medium bots at every seat end it
    through the engine (the same points, end and result), and leaves the
    position unchanged."""
    from burkozel.bots.search.playout import fast_playout

    medium = make_bot("medium", seed=0)
    for rnd, rng in _rounds_in_play(fmt, combos, "fast", discard=discard):
        move = rng.choice(rnd.legal_moves)
        before = tuple(map(repr, (rnd.hands, rnd.stock, rnd.points, rnd.trick)))
        seen = rnd.deal.record()
        slow = rnd.copy()
        slow.push(move)
        while not slow.is_over:
            slow.push(medium.get_move(slow.view(slow.to_act)), slow.to_act)
        fast = fast_playout(rnd.deal, move.kind, move.cards, seen)
        assert (fast.points, fast.end, fast.result) == (slow.points, slow.end, (slow.winner, slow.penalties))
        assert tuple(map(repr, (rnd.hands, rnd.stock, rnd.points, rnd.trick))) == before


# --- hard: the last tricks ------------------------------------------------------


def _endgames(fmt: str, count: int, seed: int, cards: int = 2):
    rules = TableRules(fmt, ())
    rng = random.Random(seed)
    while count:
        deck = list(DECK)
        rng.shuffle(deck)
        rnd = Round(rules, rng.randrange(rules.players), deck)
        while not rnd.is_over and (rnd.stock_size or max(len(h) for h in rnd.hands) > cards):
            rnd.push(rnd.random_move(rng))
        if not rnd.is_over:
            count -= 1
            yield rnd


@pytest.mark.parametrize("fmt", FORMATS)
def test_hard_plays_legal_endgame_moves(fmt):
    for rnd in _endgames(fmt, 8, seed=5):
        view = rnd.view(rnd.to_act)
        move = bot("hard").get_move(view)
        view.check(move)


def test_hard_thinks_in_slices_and_reaches_the_same_move():
    """``think`` pauses every few rollouts (so a page can paint) and returns
    exactly what ``get_move`` returns."""
    from burkozel.bots.hard import HardBot
    from burkozel.bots.search.budget import SLICE_ROLLOUTS

    match = Match(TableRules("pairs"), seed=21)
    view = match.view(match.to_act)
    bot = HardBot(seed=4, max_iterations=5 * SLICE_ROLLOUTS, deterministic=True)
    search = bot.think(view)
    pauses = 0
    while True:
        try:
            next(search)
            pauses += 1
        except StopIteration as done:
            move = done.value
            break
    assert pauses >= 3
    assert move == HardBot(seed=4, max_iterations=5 * SLICE_ROLLOUTS, deterministic=True).get_move(view)


def test_bot_legality_bench_covers_every_set_and_stops_on_an_illegal_move(monkeypatch, capsys):
    """``bench/bot_legality.py`` (``make bench-bots-legal``): one run per
    combination set (none, all six, each alone), every seating of every deal
    played; a bot that plays a card it does not hold stops it with the
    engine's ``IllegalMoveError``."""
    import scriptpaths  # noqa: F401
    import bot_legality

    from burkozel.bots.easy import EasyBot
    from burkozel.rules import IllegalMoveError
    from burkozel.trick import Move

    argv = ["bot_legality.py", "--levels", "easy", "--formats", "three", "--deals", "2", "--workers", "1"]
    monkeypatch.setattr("sys.argv", argv)
    assert bot_legality.main() == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[2] for line in lines[:-1]] == ["none", "all"] + list(COMBOS)
    assert lines[-1].startswith(f"{8 * 2} deals, {8 * 2 * 6} rounds")

    def not_mine(self, view):
        return Move(LEAD if view.trick is None else DISCARD, (next(c for c in DECK if c not in view.hand),))

    monkeypatch.setattr(EasyBot, "get_move", not_mine)
    with pytest.raises(IllegalMoveError):
        bot_legality.main()


def test_paired_arena_bench_compares_the_same_deals_and_applies_changes(tmp_path, monkeypatch, capsys):
    """``research/paired_arena.py``: a run against its own saved baseline differs
    by exactly nothing; a ``--set`` reaches the games (a hard bot left one
    candidate and no other discards plays medium's move, so a pairs lineup of
    it and medium splits every deal evenly) and is undone afterwards."""
    import json

    import scriptpaths  # noqa: F401
    import paired_arena

    from burkozel.bots.search import candidates

    base = tmp_path / "base.json"
    common = ["paired_arena.py", "--format", "pairs", "--deals", "3", "--seed", "4", "--iterations", "8",
              "--workers", "1"]
    monkeypatch.setattr("sys.argv", common + ["--save", str(base)])
    assert paired_arena.main() == 0
    shares = json.loads(base.read_text())["shares"]
    assert len(shares) == 3 and any(s != 0.5 for s in shares)
    monkeypatch.setattr("sys.argv", common + ["--against", str(base)])
    paired_arena.main()
    assert "+0.00% ± 0.00" in capsys.readouterr().out.splitlines()[-1]

    before = (candidates.MAX_CANDIDATES, candidates.EXTRA_DISCARDS)
    flat = tmp_path / "flat.json"
    monkeypatch.setattr("sys.argv", common + ["--set", "candidates.MAX_CANDIDATES=1",
                                              "--set", "candidates.EXTRA_DISCARDS=0",
                                              "--save", str(flat)])
    paired_arena.main()
    assert json.loads(flat.read_text())["shares"] == [0.5, 0.5, 0.5]
    assert (candidates.MAX_CANDIDATES, candidates.EXTRA_DISCARDS) == before
    monkeypatch.setattr("sys.argv", common[:3] + ["--deals", "2", "--against", str(base)])
    with pytest.raises(SystemExit):
        paired_arena.main()  # other deals than the baseline's

    # Other levels on the same deals: medium against itself splits every deal.
    same = tmp_path / "same.json"
    monkeypatch.setattr("sys.argv", common + ["--seats", "medium,medium,medium,medium", "--against", str(base),
                                              "--save", str(same)])
    assert paired_arena.main() == 0
    assert json.loads(same.read_text())["shares"] == [0.5, 0.5, 0.5]
    expected = sum(0.5 - s for s in shares) / 3
    assert f"{100 * expected:+.2f}%" in capsys.readouterr().out.splitlines()[-1]


def test_medium_variants_bench_changes_side_zero_only():
    """``research/medium_variants.py``: medium as it is wins exactly chance over a
    deal's seatings (the seatings are fair), and other weights for side 0
    change how side 0 fares."""
    import scriptpaths  # noqa: F401
    from medium_variants import share_of_deal

    from burkozel.bots.medium import MEDIUM, Weights

    for fmt, chance in (("four", 0.25), ("three", 1 / 3), ("pairs", 0.5)):
        rules = TableRules(fmt, COMBOS)
        shares = []
        for deal in range(12):
            deck = list(DECK)
            random.Random(f"variants/{deal}").shuffle(deck)
            assert share_of_deal(rules, deck, deal % rules.players, MEDIUM) == pytest.approx(chance)
            shares.append(share_of_deal(rules, deck, deal % rules.players, Weights(trump_base=12.0)))
        assert any(s != pytest.approx(chance) for s in shares), fmt


def test_hard_ranks_its_candidates_with_its_own_weights():
    """In four the hard bot's candidates come from medium's valuation with
    trumps dearer (the table's ``prior`` tuning): where that changes the first choice,
    the hard bot's first candidate is the reweighted one, and those choices
    spend fewer trumps than medium's; in pairs they stay medium's."""
    from burkozel.bots.hard import HardBot
    from burkozel.bots.medium import MediumBot, prior_weights

    medium, hard = MediumBot(), HardBot(seed=0)
    trumps = {"medium": 0, "hard": 0}
    differ = 0
    for rnd, _ in _rounds_in_play("four", COMBOS, "weights", count=150):
        view = rnd.view(rnd.to_act)
        first = hard.candidates(view)[0]
        assert first == medium.ranked(view, prior_weights("four"))[0][1]
        own = medium.get_move(view)
        if first != own:
            differ += 1
            trumps["hard"] += sum(SUIT_OF[c] == view.trump for c in first.cards if first.kind != DISCARD)
            trumps["medium"] += sum(SUIT_OF[c] == view.trump for c in own.cards if own.kind != DISCARD)
    assert differ >= 5
    assert trumps["hard"] < trumps["medium"], trumps
    for rnd, _ in _rounds_in_play("pairs", COMBOS, "weights", count=40):
        view = rnd.view(rnd.to_act)
        assert hard.candidates(view)[0] == medium.get_move(view)


def test_value_calibration_bench_values_every_candidate_in_fair_and_true_worlds():
    """``research/value_calibration.py``: each position's candidates (the hard
    bot's) are valued in fair worlds and in worlds with the true hands, both
    within the utility's range; the two differ (the fair worlds are not the
    truth); and the biases of a position's moves add up to nothing (only
    differences between its moves are kept)."""
    import scriptpaths  # noqa: F401
    from value_calibration import biases, round_values

    from burkozel.bots.search.utility import MARGIN_WEIGHT, WIN_WEIGHT

    positions = [p for i in range(3) for p in round_values(("three", "test", i, 6))]
    assert len(positions) >= 6
    low, high = -6 - MARGIN_WEIGHT * 120, WIN_WEIGHT + MARGIN_WEIGHT * 120
    assert all(len(moves) >= 2 and all(low <= f <= high and low <= t <= high for _, f, t in moves)
               for moves in positions)
    assert any(f != t for moves in positions for _, f, t in moves)
    for moves in positions:
        assert sum(sum(v) for v in biases([moves]).values()) == pytest.approx(0.0, abs=1e-9)
