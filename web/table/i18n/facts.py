"""The numbers the rules dialog quotes, asked of the engine and of one rule set.

Why: a catalogue's rules section says which rule set it describes (``"rules":
"duel"``) and quotes it with the same neutral names at every table — ``{hand}``,
``{limit}``, ``{mark}``, ``{stack}`` — so no code and no placeholder names a
table, and a new table's section needs only its words.  A rule set has only the
facts it defines (no ``{limit}`` at a pot, no ``{stack}`` without chips): a
section quoting one it lacks is refused where the catalogue is read.
"""

from __future__ import annotations

from burkozel.cards import RANK_POINTS, RANKS, TOTAL_POINTS
from burkozel.rules import FORMATS
from table.i18n.common import HALF, declaration_bands, pass_bands

RANK_NAMES = (("ace", "A"), ("ten", "T"), ("king", "K"), ("queen", "Q"), ("jack", "J"))
"""The scoring ranks by their name in the rules text."""


def shared_facts() -> dict[str, int]:
    """What every table shares: each scoring rank's points, the deck's total, its half."""
    return {**{name: RANK_POINTS[RANKS.index(rank)] for name, rank in RANK_NAMES},
            "deck": TOTAL_POINTS, "half": HALF, "half_less": HALF - 1}


def table_facts(fmt: str) -> dict[str, int]:
    """The numbers rule set ``fmt`` defines: its hand; the seats it may choose; the
    penalty limit (without chips); the pass mark and its bands (without a «31»); the
    «31» and its bands (a declaring table without chips); the stack and the ante."""
    table = FORMATS[fmt]
    facts = {"hand": table.hand_size}
    if table.seat_counts:
        facts.update(min=table.seat_counts[0], max=table.seat_counts[-1])
    if not table.has_pot:
        facts["limit"] = table.penalty_limit
    if table.declaration is None:
        facts.update(mark=table.pass_mark, mark_less=table.pass_mark - 1, **pass_bands(fmt))
    else:
        facts["declaration"] = table.declaration
        if not table.has_pot:
            facts.update(declaration_bands(fmt))
    if table.has_pot:
        facts.update(stack=table.stack, ante=table.ante)
    return facts
