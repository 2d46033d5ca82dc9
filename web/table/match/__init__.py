"""The match at this device: the table (its bots, its turns, its save), who sits
where, and what is kept in localStorage."""
