"""The table as markup: pure functions from a view and the UI state to HTML
(the cards, the board, the coach's panels, the early menu)."""
