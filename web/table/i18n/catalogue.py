"""A language's catalogue: the JSON file a translator edits, read into one value.

Why JSON: a translator edits keys → strings with named placeholders
(``{name}``, ``{cards}``) and never reads Python; the page already imports
``json``, and the file is read from ``web.zip`` through the package's loader
(``get_data`` works for a directory and for zipimport alike).  Counted words
are keyed by CLDR plural category; which categories a language has is its
declared ``plural`` rule, one of :data:`PLURAL_RULES`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable


def _east_slavic(n: int) -> str:
    """1 карта, 2 карты, 5 карт; 21 карта, 11 карт (Russian, Ukrainian, Belarusian)."""
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


PLURAL_RULES: dict[str, tuple[tuple[str, ...], Callable[[int], str]]] = {
    "one_few_many": (("one", "few", "many"), _east_slavic),
    "one_other": (("one", "other"), lambda n: "one" if abs(n) == 1 else "other"),
}
"""A plural rule's name → (its categories, the category of a whole number)."""

SECTIONS = ("language", "seats", "typed_name", "counts", "sentences", "words", "boot")


class CatalogueError(ValueError):
    """A catalogue that cannot be used, with what is wrong and where."""


@dataclass(frozen=True)
class Catalogue:
    """One language's words (see the module)."""

    code: str
    name: str
    plural: str
    readers: tuple[str, ...]
    """Other browser languages (primary subtags) whose readers get this language when it has
    no catalogue of its own; ``*``: anyone not claimed."""
    decimal: str
    default: bool
    seats: dict[str, dict[str, str]]
    typed_name: dict[str, str]
    counts: dict[str, dict[str, str]]
    sentences: dict[str, str]
    words: dict[str, Any]
    boot: dict[str, Any]

    def plural_form(self, n: int) -> str:
        return PLURAL_RULES[self.plural][1](n)

    @classmethod
    def from_json(cls, code: str, raw: "bytes | str") -> "Catalogue":
        """Read catalogue ``code`` (its file name); a clear :class:`CatalogueError` otherwise."""
        try:
            data = json.loads(raw)
        except ValueError as e:
            raise CatalogueError(f"catalogue {code}: not JSON ({e})") from None
        if not isinstance(data, dict) or set(data) != set(SECTIONS):
            raise CatalogueError(f"catalogue {code}: wants exactly the sections {', '.join(SECTIONS)}")
        lang = data["language"]
        if lang.get("code") != code:
            raise CatalogueError(f"catalogue {code}: language.code is {lang.get('code')!r}, not its file name")
        if lang.get("plural") not in PLURAL_RULES:
            raise CatalogueError(f"catalogue {code}: language.plural must be one of {', '.join(PLURAL_RULES)}")
        categories = set(PLURAL_RULES[lang["plural"]][0])
        for word, forms in data["counts"].items():
            if set(forms) != categories:
                raise CatalogueError(f"catalogue {code}: counts.{word} wants the forms {', '.join(sorted(categories))}")
        return cls(code=code, name=lang["name"], plural=lang["plural"], readers=tuple(lang["readers"]),
                   decimal=lang["decimal"], default=lang.get("default") is True, seats=data["seats"],
                   typed_name=data["typed_name"], counts=data["counts"], sentences=data["sentences"],
                   words=_frozen(data["words"]), boot=data["boot"])


def _frozen(value: Any) -> Any:
    """JSON lists as tuples (the words are constants), all the way down."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return {k: _frozen(v) for k, v in value.items()}
    return value
