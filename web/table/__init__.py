"""The table in the browser, in rooms: ``worker`` (what the page calls), ``control``
(events in, effects out), ``match`` (the match at this device, its seats and saves),
``view`` (markup), ``p2p`` (play with a friend), ``coach`` (hint, story, stats, shared
deals), ``i18n`` (the words: a catalogue per language)."""
