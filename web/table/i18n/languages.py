"""The way to the texts of a language: the languages are the catalogues present.

Why: adding a language is adding ``catalogues/<code>.json`` and nothing else —
the language list, the menu's switch, the browser's default and the page's
boot words (``tools/prerender.py``) all follow from the files found here.
Code asks :func:`for_lang` for a :class:`texts.Texts`, so the renderer stays a
pure function of (state, texts) and no ``if lang == ...`` is scattered around.
In ``web.zip`` the folder cannot be listed without ``zipfile``; the build writes
the list there as ``catalogues/index.json`` (:data:`INDEX`).
"""

from __future__ import annotations

import json
import os

from table.i18n.catalogue import Catalogue, CatalogueError
from table.i18n.texts import Texts

FOLDER = os.path.join(os.path.dirname(__file__), "catalogues")
INDEX = "index.json"
"""The list of catalogues the build writes into ``web.zip`` (a folder in a zip has no listing)."""
ANYONE = "*"
"""In a catalogue's ``readers``: every browser language no other catalogue claims."""


def catalogue_codes(folder: str = FOLDER) -> list[str]:
    """The codes of the catalogues in ``folder``: its ``*.json`` files (or the build's index)."""
    try:
        return sorted(json.loads(__loader__.get_data(os.path.join(folder, INDEX))))
    except OSError:
        return sorted(name[:-5] for name in os.listdir(folder) if name.endswith(".json") and name != INDEX)


def load_catalogues(folder: str = FOLDER) -> dict[str, Catalogue]:
    """Every catalogue in ``folder``, the default language first, then by code."""
    found = [Catalogue.from_json(code, __loader__.get_data(os.path.join(folder, f"{code}.json")))
             for code in catalogue_codes(folder)]
    defaults = [c.code for c in found if c.default]
    if len(defaults) != 1 or sum(ANYONE in c.readers for c in found) != 1:
        raise CatalogueError("catalogues: exactly one must be the default and one must have the readers «*»")
    return {c.code: c for c in sorted(found, key=lambda c: (not c.default, c.code))}


def all_texts(folder: str = FOLDER) -> dict[str, Texts]:
    """The texts of every catalogue in ``folder``, each naming the others in themselves."""
    catalogues = load_catalogues(folder)
    titles = {code: c.name for code, c in catalogues.items()}
    return {code: Texts(c, titles) for code, c in catalogues.items()}


_TEXTS = all_texts()
LANGS: tuple[str, ...] = tuple(_TEXTS)
"""The languages the table speaks; the first is the default."""
DEFAULT = LANGS[0]
DEFAULT_TEXTS = _TEXTS[DEFAULT]
"""The default language's texts: the words a notice is made in before it is drawn (:func:`translate`)."""


def for_lang(code: object) -> Texts:
    """The texts of language ``code`` (the default language's for anything unknown)."""
    return _TEXTS.get(code, _TEXTS[DEFAULT]) if isinstance(code, str) else _TEXTS[DEFAULT]


def add_words(code: str, words: dict[str, str], sentences: dict[str, str]) -> None:
    """Words of language ``code`` that came with a part of the table loaded later (online
    play's, in ``online.zip``: a first visit does not download them)."""
    t = _TEXTS.get(code)
    if t is not None:
        t.catalogue.words.update(words)
        t.catalogue.sentences.update(sentences)
        t.__dict__.update(words)


def readers(texts: "dict[str, Texts]" = _TEXTS) -> dict[str, list[str]]:
    """Each language's browser languages (``*``: everyone else), as the page's scripts read them."""
    return {code: list(t.catalogue.readers) for code, t in texts.items()}


def lang_for_browser(languages: "list[str] | tuple[str, ...]", texts: "dict[str, Texts]" = _TEXTS) -> str:
    """The default language for a browser whose preferred languages are ``languages``
    (``navigator.languages``), by the first one's primary subtag: the catalogue of that
    language, else one whose readers name it (Russian for Belarusian), else the one for
    everyone.  web/page/menu.js and web/page/boot.js decide the same way."""
    first = next((str(x) for x in languages if x), "").lower().split("-")[0]
    claims = readers(texts)
    if first in claims:
        return first
    return next((code for code, subtags in claims.items() if first in subtags),
                next(code for code, subtags in claims.items() if ANYONE in subtags))


def reserved_names() -> tuple[str, ...]:
    """What every language calls the viewer («Вы», "You"): names nobody may type."""
    return tuple(t.YOU for t in _TEXTS.values())


def translate(text: str, t: Texts) -> str:
    """A notice (kept as said, in whatever language it was made) in the texts ``t``:
    notices are fixed sentences (``NOTICE_*``), so a change of language redraws them too."""
    for said in _TEXTS.values():
        for name, value in said.catalogue.words.items():
            if value == text:
                return getattr(t, name)
    return text
