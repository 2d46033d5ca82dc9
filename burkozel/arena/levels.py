"""The arena's own levels: the hard bot with more than its view, or searching
otherwise, for measurement only; the table never offers them.

``hard-cheat`` searches the true position: an upper bound for what inference
about hidden cards could gain.  ``hard-hands`` sees every hand and face-down
discard but not the stock's order (which nothing in play reveals);
``hard-late`` is the fair bot until the stock runs out and the cheat after,
``hard-early`` hard-hands while the stock lasts and the fair bot after.
``hard-bayes`` deals the posterior's worlds (the other seat read as the
medium bot) in any two-seat table.  ``hard-ismcts`` (``-ucb``: the other seat
a UCB player) is the tree search in the fair sampler's worlds in any table,
``hard-ismcts-bayes`` in the posterior's.  ``medium-nobet`` is the medium bot
that never says «даве» and accepts every one: the betting medium's yardstick.
Any other level is the table's.
"""

from __future__ import annotations

import random
from dataclasses import replace

from ..bots import make_bot
from ..bots.hard import HardBot
from ..bots.medium import NEVER, MediumBot, weights_for
from ..bots.search.budget import DEFAULT_BUDGET_MS, DEFAULT_MAX_ITERATIONS
from ..bots.search.posterior import policy_worlds
from ..bots.search.worlds import WorldSource, sampled_worlds
from ..kernel import Deal


def shuffled_stock(deal: Deal, rng: random.Random) -> Deal:
    """The position of ``deal`` with the stock in a random order (the face-up
    trump card stays last while it is there): what a player who saw every hand
    and every discard still could not know."""
    world = deal.copy()
    if len(world.stock) > 1:  # the trump card lies last (stock[0]) until the stock runs out
        rest = world.stock[1:]
        rng.shuffle(rest)
        world.stock[1:] = rest
    return world


REFERENCES = ("hard-cheat", "hard-hands", "hard-late", "hard-early", "hard-bayes")
"""The hard bot with more than its view (see above)."""


def reference_worlds(level: str, holder: list):
    """The world source of a reference level (``holder[0]`` is the true round,
    kept current by the arena): the truth, every hand with the stock shuffled,
    or either of those in one phase of the round and the fair bot's worlds in
    the other."""
    def truth(view):
        return lambda rng: holder[0].deal.copy()

    def hands(view):
        return lambda rng: shuffled_stock(holder[0].deal, rng)

    def by_phase(while_stock, after_stock):
        return lambda view: (while_stock if view.stock else after_stock)(view)

    return {"hard-cheat": truth, "hard-hands": hands, "hard-late": by_phase(sampled_worlds, truth),
            "hard-early": by_phase(hands, sampled_worlds), "hard-bayes": policy_worlds}[level]


SEARCHES = {"hard-ismcts": ("medium", None), "hard-ismcts-ucb": ("ucb", None),
            "hard-ismcts-bayes": ("medium", policy_worlds)}
"""Other searches: the level, its opponent model and its worlds (the fair
sampler's unless given)."""


class IsmctsBot(HardBot):
    """The hard bot searching the tree in any table, in the fair sampler's
    worlds unless given others: the ``hard-ismcts`` levels."""

    name = "hard-ismcts"
    tree = True

    def __init__(self, seed: int | str = 0, budget_ms: float = DEFAULT_BUDGET_MS,
                 max_iterations: int = DEFAULT_MAX_ITERATIONS, deterministic: bool = False,
                 opponent: str = "medium", worlds: WorldSource | None = None) -> None:
        if opponent not in ("medium", "ucb"):
            raise ValueError("opponent must be 'medium' or 'ucb'")
        super().__init__(seed, budget_ms, max_iterations, deterministic, worlds or sampled_worlds)
        self.opponent = opponent


class NoBetMedium:
    """The medium bot with the stake left alone: it never raises and never folds."""

    name = "medium-nobet"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed

    def get_move(self, view):
        weights = replace(weights_for(view.format), raise_at=NEVER, fold_below=-NEVER)
        return MediumBot(self.seed, weights).get_move(view)


ARENA_LEVELS = ("medium-nobet",)
"""The arena's other yardsticks (see above)."""


def arena_bot(level: str, seed: str, options: dict, holder: list):
    """The bot of ``level`` for one seating (``holder[0]``: the true round,
    which the reference levels read); ``options`` reach the hard bot's kinds
    only."""
    if level in SEARCHES:
        opponent, worlds = SEARCHES[level]
        return IsmctsBot(seed=seed, opponent=opponent, worlds=worlds, **options)
    if level == "medium-nobet":
        return NoBetMedium(seed=seed)
    if level in REFERENCES:
        return HardBot(seed=seed, worlds=reference_worlds(level, holder), **options)
    opts = options if level == "hard" else {}
    return make_bot(level, seed=seed, **opts)
