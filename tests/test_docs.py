"""The examples in the engine's docstrings run as written."""

import doctest
import importlib
import pkgutil

import pytest

import burkozel

MODULES = sorted(m.name for m in pkgutil.walk_packages(burkozel.__path__, "burkozel.") if m.name != "burkozel.__main__")


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0


@pytest.mark.parametrize("page", ["README.md", "docs/engine.md"])
def test_page_examples(page):
    """The engine examples of the README and of docs/engine.md are real output."""
    from pathlib import Path

    path = Path(__file__).parent.parent / page
    result = doctest.testfile(str(path), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0
