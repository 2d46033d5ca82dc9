"""The way to the texts of a language: each language is a module with the same
public names (``ru`` Russian, ``en`` English), and code asks :func:`for_lang`
for the one it needs, so the renderer stays a pure function of (state, texts)
and no ``if lang == ...`` is scattered around.
"""

from __future__ import annotations

from types import ModuleType

from table.i18n import en, ru
from table.i18n.common import LANGS


def for_lang(code: object) -> ModuleType:
    """The texts of language ``code`` (Russian for anything unknown)."""
    return en if code == "en" else ru


def translate(text: str, t: ModuleType) -> str:
    """A notice (kept as said, in whatever language it was made) in the texts ``t``:
    notices are fixed sentences (``NOTICE_*``), so a change of language redraws them too."""
    for code in LANGS:
        said = for_lang(code)
        for name in dir(said):
            if name.isupper() and getattr(said, name) == text:
                return getattr(t, name)
    return text
