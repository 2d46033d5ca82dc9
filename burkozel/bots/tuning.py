"""The bots' settings for each table, in one place.

The rules of a table live in the engine; how the bots play it best is
measured, and differs from table to table: the medium bot's constants, the
ones the hard bot ranks its candidates with, where its worlds come from, how
deep it searches, and what the play says about the hands.  Everything in the
bots that depends on the table reads it here (:func:`tuning_for`), so a new
table needs one entry in :data:`TUNINGS`, or none to play with the defaults.
This module is plain data: it imports nothing of the bots.  ``docs/bots.md``
has the measurements behind each value.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Mapping

WorldsKind = Literal["sampler", "posterior"]
SearchKind = Literal["one-ply", "tree"]


@dataclass(frozen=True)
class TableTuning:
    """How the bots play one table.

    ``medium``: the medium bot's constants that differ from its own defaults
    (field names of :class:`~burkozel.bots.medium.Weights`).  ``prior``: the
    constants the hard bot ranks its candidates with and gives its head start
    from, over the same defaults; ``None``: the medium bot's of this table.
    ``worlds``: the hard bot's worlds, the fair sampler's (``"sampler"``) or
    the posterior given that the other seat plays medium (``"posterior"``).
    ``search``: one ply of rollouts or the tree search.  ``clues``: per clue
    of :func:`~burkozel.bots.search.worlds.play_clues`, how many times as often
    as by chance its cards were in the player's hand in medium-bot games; a
    table without clues deals the other hands uniformly."""

    medium: Mapping[str, float] = field(default_factory=dict)
    prior: Mapping[str, float] | None = None
    worlds: WorldsKind = "sampler"
    search: SearchKind = "one-ply"
    clues: Mapping[str, float] = field(default_factory=dict)
    search_declare: bool = True
    """Whether the hard bot searches a «31» whose truth it cannot know (face-down
    cards taken); else it says one only when the medium bot's estimate would."""

    def __post_init__(self) -> None:
        if self.worlds not in ("sampler", "posterior"):
            raise ValueError(f"worlds must be 'sampler' or 'posterior', not {self.worlds!r}")
        if self.search not in ("one-ply", "tree"):
            raise ValueError(f"search must be 'one-ply' or 'tree', not {self.search!r}")


DEFAULT = TableTuning()
"""A table without an entry: the medium bot's own constants, the fair
sampler's worlds, one ply, no clues."""

TUNINGS: dict[str, TableTuning] = {
    "pairs": TableTuning(
        # Not measured: in pairs the measured clues lost rounds, and these
        # hand-set values, the model before them, are kept.
        clues={
            "throw on plain <10: higher": 0.1,
            "throw on plain 10+: higher": 0.1,
            "throw on plain 10+: trumps": 0.3,
            "trump plain <10: higher": 0.1,
            "trump plain 10+: higher": 0.1,
        },
    ),
    "four": TableTuning(
        # Trumps kept more by the ranking the hard bot's candidates come from.
        prior={"trump_base": 6.0, "loot_early": 0.3},
        clues={
            "beat plain <10 in suit: between": 0.67,
            "lead high: higher": 0.00,
            "lead high: lower": 0.64,
            "lead low: lower": 0.13,
            "lead trump: higher": 0.06,
            "lead trump: lower": 0.70,
            "throw on plain 10+: trumps": 0.64,
            "throw on trump 10+: higher": 0.00,
        },
    ),
    "three": TableTuning(
        # The ranking expects cheaper leads to be trumped.
        prior={"trump_worth": 10},
        clues={
            "lead high: higher": 0.00,
            "lead high: lower": 0.61,
            "lead high: plain tens/aces": 0.67,
            "lead low: higher": 0.53,
            "lead low: lower": 0.21,
            "lead low: plain tens/aces": 0.55,
            "lead trump: higher": 0.17,
            "throw on plain 10+: trumps": 0.17,
            "throw on trump 10+: higher": 0.00,
        },
    ),
    "duel": TableTuning(
        # One on one, every lead faces one answer: the other player trumps cheaper leads.
        medium={"trump_worth": 10},
        clues={
            "lead high: lower": 0.20,
            "lead low: lower": 0.14,
            "throw on plain 10+: trumps": 0.00,
            "throw on plain <10: higher": 0.12,
            "throw on trump 10+: higher": 0.00,
            "trump plain <10: higher": 0.11,
        },
    ),
    "bura31": TableTuning(
        # Reaching 31 wins the deal (the next lead declares it), no band rewards
        # a first point, and cheaper leads are expected to be trumped.
        medium={"pass_bonus": 25.0, "zero_bonus": 0.0, "trump_worth": 10},
        # Short deals whose hidden cards are mostly the other hand: the tree
        # search in the worlds that read that hand from the medium bot's play.
        worlds="posterior",
        search="tree",
        clues={
            "lead high: lower": 0.02,
            "lead low: higher": 0.38,
            "lead low: lower": 0.02,
            "throw on plain 10+: trumps": 0.00,
            "throw on plain <10: higher": 0.11,
            "throw on trump 10+: higher": 0.00,
            "trump plain 10+: lower trumps": 0.44,
            "trump plain <10: higher": 0.09,
        },
    ),
    "bura_pot": TableTuning(
        # The medium bot's own play constants (bura31's won fewer pots against
        # easy bots), and when to raise, fold and declare on face-down cards
        # (measured in docs/bots.md).
        medium={"raise_at": 25.0, "fold_below": 12.0, "bet_crowd": 2.0, "declare_safe": 0.85},
        # «31» on face-down cards the estimate does not call safe is searched too: the rollouts
        # score chips and count each seat's points as it sees them, so a false one costs the pot.
        search_declare=True,
    ),
}
"""Per table (its format name): what differs from :data:`DEFAULT`."""


def tuning_for(table: str) -> TableTuning:
    """The bots' settings for ``table`` (a format name)."""
    return TUNINGS.get(table, DEFAULT)
