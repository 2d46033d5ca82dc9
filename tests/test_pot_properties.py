"""Properties of «Бура на кон» over every seat count 2–6 and every switch
(hypothesis): chips conserved after every deal, 120 points out when the cards
run out and nobody folded (2, 3, 4 or 6 players), every legal move applies, an
illegal one changes nothing, and no view holds a card its seat may not know."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from burkozel import DECK, IllegalMoveError, Match, Move, TableRules
from potdeck import pot_snapshot

pot_rules = st.builds(
    lambda players, combos, discard, dave, stack, ante: TableRules(
        "bura_pot", tuple(sorted(combos)), discard, players, stack, ante, dave),
    st.integers(2, 6), st.sets(st.sampled_from(["moscow", "molodka"])), st.sampled_from(["closed", "open"]),
    st.booleans(), st.sampled_from([100, 20, 7]), st.sampled_from([5, 1, 3]))
seeds = st.integers(0, 2**32)


def candidates(rnd, rng) -> list[Move]:
    """Moves to try that may or may not be legal: the stake's, «31», a card
    from another hand, a lead of mixed suits."""
    other = [c for s, h in enumerate(rnd.hands) if s != rnd.to_act for c in h]
    hand = rnd.hands[rnd.to_act]
    out = [Move.dave(), Move.accept(), Move.fold(), Move.declare(), Move.discard(*hand[:1])]
    if other:
        out += [Move.lead(rng.choice(other)), Move.beat(rng.choice(other))]
    if len({c.suit for c in hand}) > 1:
        out.append(Move.lead(*hand))
    return out


def visible_cards(view) -> set[str]:
    d = view.to_dict()
    seen = set(d["hand"]) | {d["trump_card"]}
    for t in d["history"] + ([d["trick"]] if d["trick"] else []):
        seen |= set(t["winning"])
        for p in t["plays"]:
            seen |= set(p["cards"]) | set(p.get("own", ()))
    return seen


def check_views(rnd) -> None:
    for seat in range(rnd.players):
        view = rnd.view(seat)
        assert not visible_cards(view) & {str(c) for c in rnd.unknown_to(seat)}
        assert view.chips == tuple(rnd.chips) and view.pot == rnd.pot and view.stake == rnd.stake
        assert view.folded == rnd.folded and view.raised == rnd.raised
        if seat == rnd.to_act:
            assert view.legal_moves == rnd.legal_moves


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pot_rules, seeds)
def test_a_random_match_keeps_every_rule(rules, seed):
    rng = random.Random(seed)
    match = Match(rules, seed=seed)
    n = rules.players
    for _ in range(4):
        rnd = match.round
        while not rnd.is_over:
            check_views(rnd)
            legal = rnd.legal_moves
            assert legal
            for move in legal:  # every legal move applies
                trial = rnd.copy()
                trial.push(move)
                assert sum(trial.chips) + trial.pot == n * rules.stack
            before = pot_snapshot(rnd)
            for move in candidates(rnd, rng):
                if move not in legal and not (move.kind == "discard" and rnd.trick is not None):
                    try:
                        rnd.push(move)
                    except IllegalMoveError:
                        assert pot_snapshot(rnd) == before
                    else:
                        raise AssertionError(f"{move} applied but is not listed as legal")
            match.push(rng.choice(legal))
        check_views(rnd)
        assert sum(match.chips) + match.pot == n * rules.stack  # after every deal
        if rnd.end in ("cards_out", "void"):
            points = rnd.points
            best = max(points)
            unique = points.count(best) == 1 and best >= 31
            assert rnd.winner == (points.index(best) if unique else None)
            assert rnd.end == ("cards_out" if unique else "void")
            if not rnd.folded and n in (2, 3, 4, 6):
                assert sum(points) == 120 and not any(rnd.hands)
            assert sum(points) <= 120
        assert all(rnd.points[s] == 0 for s in rnd.folded)
        if match.is_over:
            assert min(match.chips) <= 0 and match.winners
            break
        match.next_round()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pot_rules, seeds)
def test_the_kernels_random_play_conserves_cards_and_chips(rules, seed):
    from burkozel.round import Round, random_cards

    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    rnd = Round(rules, rng.randrange(rules.players), deck)
    deal = rnd.deal
    while deal.to_act is not None:
        deal.step(*random_cards(deal, rng.random))
        held = [c for h in deal.hands for c in h] + [c for h in deal.set_aside for c in h] + list(deal.stock)
        taken = [c for t in rnd.tricks for c in t.cards] + (rnd.trick.cards if rnd.trick else [])
        assert sorted(held + taken) == list(DECK)
        assert sum(deal.chips) + deal.pot == rules.players * rules.stack
