"""The hard bot's search, one idea a module.

:mod:`.candidates` (the moves compared, the medium bot's first), :mod:`.worlds`
(worlds the seat cannot tell from the real position, shaped by what the play
showed) and :mod:`.posterior` (the other hand read from the medium bot's play),
:mod:`.playout` (a world finished by medium rollouts), :mod:`.utility` (what a
finished deal is worth), :mod:`.one_ply` (flat Monte Carlo over the candidates)
and :mod:`.tree` (the tree search over the seat's information sets), which
both return a :class:`.verdict.Verdict` within a :mod:`.budget`.  The levels
that use them are :mod:`burkozel.bots.hard` and the arena's.
"""
