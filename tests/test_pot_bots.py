"""The bots at «Бура на кон» (RULES-pot.md): every level plays legal deals at
2 to 6 seats with every switch, decides from its seat's view alone, and
bets as its rule card says (the large count: ``bench/bot_legality.py``)."""

import random
from itertools import combinations

import pytest

from burkozel import DECK, Move, Round, TableRules
from burkozel.arena import run
from burkozel.bots import LEVELS, make_bot
from burkozel.bots.betting import declare_chance
from burkozel.bots.medium import medium_move, weights_for
from burkozel.bots.search.candidates import candidate_moves
from burkozel.bots.search.utility import utility
from burkozel.bots.search.worlds import WorldSampler
from burkozel.cards import POINTS_OF
from potdeck import pot_round


def bot(level: str, seed: str):
    options = {"max_iterations": 24, "deterministic": True} if level == "hard" else {}
    return make_bot(level, seed=seed, **options)


SWITCHES = [(combos, discard, dave) for combos in ((), ("moscow", "molodka"))
            for discard in ("closed", "open") for dave in (False, True)]


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("combos,discard,dave", SWITCHES)
@pytest.mark.parametrize("level,deals", [("easy", 3), ("medium", 3), ("hard", 1)])
def test_every_level_plays_legal_deals(level, deals, players, combos, discard, dave):
    rules = TableRules("bura_pot", combos, discard, players=players, dave=dave)
    rng = random.Random(f"{level}/{players}/{combos}/{discard}/{dave}")
    for d in range(deals):
        deck = list(DECK)
        rng.shuffle(deck)
        rnd = Round(rules, d % players, deck)
        # The level under test at every other seat, medium at the rest.
        bots = [bot(level if s % 2 == 0 else "medium", f"{d}/{s}") for s in range(players)]
        while not rnd.is_over:
            seat = rnd.to_act
            view = rnd.view(seat)
            move = bots[seat].get_move(view)
            view.check(move)  # raises IllegalMoveError on an illegal move
            rnd.push(move, seat)
        assert sum(rnd.chips) + rnd.pot == players * rules.stack


def _positions(count: int, seed: int):
    """Mid-deal positions of three to six seats with «даве» on, some of them
    while a «даве» is answered."""
    rng = random.Random(seed)
    found = 0
    while found < count:
        players = rng.randrange(3, 7)
        rules = TableRules("bura_pot", ("moscow", "molodka"), players=players, dave=True)
        deck = list(DECK)
        rng.shuffle(deck)
        rnd = Round(rules, rng.randrange(players), deck)
        for _ in range(rng.randrange(0, 12)):
            if rnd.is_over:
                break
            rnd.push(rnd.random_move(rng))
        if not rnd.is_over and sum(1 for h in rnd.hands if h) >= 3:
            found += 1
            yield rnd


def _twin(rnd: Round, seat: int, rng: random.Random) -> Round:
    """The same position with one card swapped between two hands ``seat`` cannot see."""
    twin = rnd.copy()
    others = [s for s in range(rnd.players) if s != seat and twin.hands[s]]
    a, b = rng.sample(others, 2)
    i, j = rng.randrange(len(twin.hands[a])), rng.randrange(len(twin.hands[b]))
    twin.hands[a][i], twin.hands[b][j] = twin.hands[b][j], twin.hands[a][i]
    for s in (a, b):
        twin.hands[s].sort()
    return twin


def test_choice_is_the_same_whatever_the_hidden_cards():
    rng = random.Random(5)
    answering = 0
    for rnd in _positions(24, seed=11):
        seat = rnd.to_act
        twin = _twin(rnd, seat, rng)
        assert twin.hands != rnd.hands and twin.view(seat) == rnd.view(seat)
        answering += rnd.view(seat).answering
        for level in LEVELS:
            assert bot(level, "inv").get_move(rnd.view(seat)) == bot(level, "inv").get_move(twin.view(seat)), level
    assert answering  # (the answers to a «даве» were among the positions)


HANDS = ["6H 7H 8H", "AD TD KD", "6C 7C 8C"]


def test_easy_never_raises_and_always_accepts():
    rnd = pot_round(3, dealer=0, hands=["AS TS KH", "6H 7C 8D", "6C 7D 8H"], trump="9S", dave=True)
    assert Move.dave() in rnd.legal_moves
    for seed in range(20):
        assert bot("easy", str(seed)).get_move(rnd.view(1)).kind != "dave"
    rnd.push(Move.dave())
    for seed in range(20):
        assert bot("easy", str(seed)).get_move(rnd.view(2)) == Move.accept()


def test_medium_raises_a_strong_hand_and_folds_a_hopeless_one():
    # Seat 1 holds the two highest trumps: a strong hand; seat 2 nothing.
    rnd = pot_round(3, dealer=0, hands=["9H TH AH", "AS TS KH", "6C 7D 8H"], trump="9S", dave=True)
    assert bot("medium", "m").get_move(rnd.view(1)) == Move.dave()
    rnd.push(Move.dave())
    assert bot("medium", "m").get_move(rnd.view(2)) == Move.fold()
    # A medium bot that never raises: the same hand leads.
    weak = pot_round(3, dealer=0, hands=["9H TH AH", "6H 7C 8D", "6C 7D 8H"], trump="9S", dave=True)
    assert bot("medium", "m").get_move(weak.view(1)).kind == "lead"


def test_declare_chance_is_the_share_of_the_unseen_cards_that_make_it():
    unseen = [c for c in range(36) if c % 5 == 0]  # a small pool, counted by hand
    for points, hidden in ((20, 1), (15, 2), (25, 3), (31, 1)):
        sets = list(combinations(unseen, hidden))
        share = sum(points + sum(POINTS_OF[c] for c in cs) >= 31 for cs in sets) / len(sets)
        assert declare_chance(points, hidden, sum(1 << c for c in unseen), 31) == pytest.approx(share)


def test_a_world_dealt_while_a_dave_is_answered_answers_it():
    rnd = pot_round(4, dealer=0, hands=HANDS + ["9C JC QC"], trump="9S", dave=True)
    rnd.push(Move.dave())
    rnd.push(Move.accept())
    view = rnd.view(rnd.to_act)
    assert view.answering
    sampler = WorldSampler(view)
    for k in range(5):
        world = sampler.sample(random.Random(k))
        assert world.legal_moves == [Move.accept(), Move.fold()]
        assert (world.chips, world.pot, world.stake, world.raiser) == (rnd.chips, rnd.pot, rnd.stake, rnd.raiser)
        deal = sampler.sample_deal(random.Random(k))
        assert deal.answers == rnd.deal.answers and deal.chips == rnd.deal.chips


def test_a_world_after_a_fold_sets_the_folded_hand_aside():
    rnd = pot_round(3, dealer=0, hands=HANDS, trump="9S", dave=True)
    for move in (Move.dave(), Move.fold(), Move.accept()):
        rnd.push(move)
    view = rnd.view(1)
    world = WorldSampler(view).sample(random.Random(1))
    assert world.folded == (2,) and world.hands[2] == [] and world.view(1) == view


def test_hard_searches_dave_and_both_answers():
    rnd = pot_round(3, dealer=0, hands=["6H 7C 8D", "AS TS KH", "6C 7D 8H"], trump="9S", dave=True)
    assert Move.dave() in candidate_moves(rnd.view(1))
    rnd.push(Move.dave())
    assert sorted(m.kind for m in candidate_moves(rnd.view(2))) == ["accept", "fold"]


def test_arena_reports_chips_that_sum_to_nothing():
    out = run("bura_pot", ["medium", "easy", "easy", "easy"], 3, seed=2, dave=True)
    assert out["players"] == 4 and out["rounds"] == 3 * 4
    chips = [s["chips_per_deal"] for s in out["sides"]]
    assert abs(sum(chips)) < 1e-6 * 4 + 0.01
    assert all(s["chips_ci95"][0] <= s["chips_per_deal"] <= s["chips_ci95"][1] for s in out["sides"])
    assert sum(s["win_rate"] for s in out["sides"]) <= 1.0


def test_play_ends_when_the_last_draw_leaves_a_player_without_a_card():
    # Five players, two молодки led: the last draw gives the trump card to the
    # taker and the others nothing (RULES-pot.md §6.3: play ends there).
    rules = TableRules("bura_pot", ("moscow", "molodka"), players=5, dave=True)
    deck = list(DECK)
    random.Random("hard/5/('moscow', 'molodka')/closed/True").shuffle(deck)
    rnd = Round(rules, 0, deck)
    rnd.push(Move.lead("AD"))
    for text in ("6C", "7H", "QC", "AC", "9H JC QS", "9C TC TH", "8D 8H KC", "6D 8C JD",  # 0 leads a молодка
                 "7C 9S JS", "QD KS AS", "6H KH 7S", "TD 8S TS"):  # 4 leads one
        rnd.push(Move.discard(*text.split()))
    assert rnd.is_over and rnd.end in ("cards_out", "void")
    assert any(not rnd.hands[s] for s in range(5)) and rnd.stock_size == 0


def test_the_position_counts_what_each_side_took_as_every_view_shows_it():
    """What a rollout's seats decide «31» and the stake on: per side the face-up
    points taken and the face-down cards taken by number.  The engine's count is
    the one every seat's view shows (and a world dealt from a view carries it),
    whatever the faces of the face-down cards."""
    rng = random.Random(3)
    hidden = 0
    for rnd in _positions(30, seed=4):
        deal = rnd.deal
        counted = (deal.seen_points, deal.unseen_taken, deal.trick_unseen)
        for seat in range(rnd.players):
            view = rnd.view(seat)
            seen = view.seen
            assert (list(seen.seen_points), list(seen.unseen_taken), seen.trick_unseen) == counted
            if seat not in view.folded:
                assert (view.points, view.unseen_taken) == (deal.seen_points[seat], deal.unseen_taken[seat])
        seat = rnd.to_act
        world = WorldSampler(rnd.view(seat)).sample(rng).deal
        assert (world.seen_points, world.unseen_taken, world.trick_unseen) == counted
        hidden += sum(deal.unseen_taken) > 0
    assert hidden  # (face-down cards were taken in some of the positions)


def _leads_with_31_taken(count: int):
    """Regular leads of medium-bot deals where the seat to lead has taken 31
    points or more, face-down cards among them."""
    rules = TableRules("bura_pot", players=3)
    rng = random.Random(8)
    medium = make_bot("medium", seed=0)
    while count:
        deck = list(DECK)
        rng.shuffle(deck)
        rnd = Round(rules, rng.randrange(3), deck)
        while not rnd.is_over and count:
            seat = rnd.to_act
            if rnd.deal.may_declare(seat) and rnd.points[seat] >= 31 and rnd.view(seat).unseen_taken:
                count -= 1
                yield rnd
            rnd.push(medium.get_move(rnd.view(seat)), seat)


def test_a_rollout_declares_on_what_the_seat_saw_not_on_the_faces():
    """The rollouts' player (medium_move on the true position) says «31» as the
    medium bot at the table does: on the face-up points, or on face-down cards
    taken once they make 31 likely enough, never because the faces it was not
    shown happen to make it up."""
    weights = weights_for("bura_pot")
    waits = declares = 0
    for rnd in _leads_with_31_taken(40):
        seat = rnd.to_act
        view = rnd.view(seat)
        chance = declare_chance(view.points, view.unseen_taken, sum(1 << c for c in _unseen(view)), 31)
        kind, _ = medium_move(rnd.deal, seat, weights)
        assert (kind == "declare") == (view.points >= 31 or chance >= weights.declare_safe), (view.points, chance)
        waits += kind != "declare"
        declares += kind == "declare"
    assert waits and declares


def _unseen(view) -> list[int]:
    """The cards ``view``'s seat has not seen, counted from the view by hand."""
    known = {int(c) for c in view.hand}
    for tv in list(view.history) + ([view.trick] if view.trick else []):
        for p in tv.plays:
            known |= {int(c) for c in p.cards + p.own}
    if view.stock:
        known.add(int(view.trump_card))
    return [c for c in range(36) if c not in known]


def test_the_search_scores_a_pot_in_chips():
    """At a pot no deal has a penalty: the searches' utility is the seat's chips
    after the deal, so taking the pot is worth the most, and a false «31» the
    least (it pays the pot again), whatever the points."""
    rules = TableRules("bura_pot", players=3)
    rng = random.Random(2)
    ends = set()
    for d in range(60):
        deck = list(DECK)
        rng.shuffle(deck)
        rnd = Round(rules, d % 3, deck)
        while not rnd.is_over:
            rnd.push(rnd.random_move(rng))
        deal = rnd.deal
        values = [utility(deal, s) for s in range(3)]
        assert values == [(deal.chips[s] + deal.pot / 3) / rules.ante for s in range(3)]
        if rnd.winner is not None:
            assert max(range(3), key=values.__getitem__) == rnd.winner
        if rnd.end == "false_declaration":
            assert min(range(3), key=values.__getitem__) == rnd.ended_by
        ends.add(rnd.end)
    assert {"false_declaration", "declared", "cards_out"} <= ends
