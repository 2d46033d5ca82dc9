"""Буркозёл («четыре листа»): the rules engine and bots of the Burkozel table.

Pure Python, standard library only: it runs the same on CPython and in the
browser on Pyodide.  The main types:

- :class:`Card` — one of 36 cards, ``Card.parse("AS")``;
- :class:`TableRules` — the table (a :class:`RuleSet` from :data:`TABLES`) and its switches;
- :class:`Move` — ``Move.lead("AS")``, ``Move.beat(...)``, ``Move.discard()``;
- :class:`Round` — one deal: ``legal_moves``, ``push(move)``, ``view(seat)``;
- :class:`Match` — rounds until the penalty limit (or a stack is spent at a pot);
- :class:`SeatView` — what one seat may know, all that bots and the table see;
- :class:`Outcome` — how a deal ended, ``round.outcome()``;
- :class:`IllegalMoveError` — the one error an illegal move raises, its ``code`` one of :data:`ERROR_CODES`.
"""

from .cards import DECK, Card
from .house import SWITCHES, HouseRules
from .match import Match
from .outcome import Outcome
from .round import Round
from .rules import COMBOS, ERROR_CODES, FORMATS, TABLES, IllegalMoveError, RuleSet, TableRules, find_table, switches_for
from .trick import Move
from .view import SeatView

__all__ = ["Card", "DECK", "COMBOS", "HouseRules", "SWITCHES", "switches_for", "ERROR_CODES", "FORMATS", "IllegalMoveError", "Match", "Move", "Outcome",
           "Round", "RuleSet", "SeatView", "TABLES", "TableRules", "find_table"]
__version__ = "0.1.0"
