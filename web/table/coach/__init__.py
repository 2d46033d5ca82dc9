"""The coach: the hint (the hard bot's own search), the story of a deal, the
player's statistics, and a deal shared by link."""
