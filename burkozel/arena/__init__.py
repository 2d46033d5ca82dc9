"""The bot arena: duplicate deals between lineups of bots (:mod:`.runner`),
and the levels that exist only here to measure the bots against
(:mod:`.levels`: the cheating references and other searches).  Offline only:
the page never imports it.
"""

from .levels import REFERENCES, SEARCHES, arena_bot, shuffled_stock
from .runner import deal_shares, half_width95, listed_side, main, play, play_deal, run, seatings, summarise

__all__ = ["REFERENCES", "SEARCHES", "arena_bot", "deal_shares", "half_width95", "listed_side", "main", "play",
           "play_deal", "run", "seatings", "shuffled_stock", "summarise"]
