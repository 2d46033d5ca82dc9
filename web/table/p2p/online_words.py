"""Online play's words, which the build moves from each catalogue into ``online.zip``.

Why: only a player who invites or joins by link needs them, and the catalogues are in
the ``web.zip`` every first visit downloads.  Translators still edit one file per
language (``table/i18n/catalogues/<code>.json``); ``tools/build_site.py`` splits it.
On CPython, run from the sources, the catalogues are whole and there is nothing to add.
"""

from __future__ import annotations

import json
import os

from table.i18n import languages

FOLDER = os.path.join(os.path.dirname(__file__), "words")


def add() -> int:
    """Add every language's online words found beside this module; how many languages had some."""
    added = 0
    for code in languages.LANGS:
        try:
            raw = __loader__.get_data(os.path.join(FOLDER, f"{code}.json"))
        except OSError:
            continue
        part = json.loads(raw)
        languages.add_words(code, part["words"], part["sentences"])
        added += 1
    return added
