"""The build's standard-library cut (tools/stdlib_trim.py): what it follows and what it refuses."""

from __future__ import annotations

import io
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from stdlib_trim import NEVER, codecs_named, imports_of, reachable, trimmed_lock  # noqa: E402


def stdlib(files: dict[str, str]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, text in files.items():
            zf.writestr(name, text)
    return buf.getvalue()


def test_every_import_form_is_seen():
    source = (
        "import a.b as c, d\n"
        "from e import (f,\n    g as h)\n"
        "def later():\n    import i  # only on one path\n"
        "from . import j\n"
        "from ..k import m\n"
    )
    found = imports_of(source, package="pkg.sub")
    assert {"a.b", "d", "e", "e.f", "e.g", "i", "pkg.sub", "pkg.sub.j", "pkg.k", "pkg.k.m"} <= found
    assert "c" not in found and "h" not in found


def test_codecs_looked_up_by_name_are_kept():
    assert "encodings.cp437" in codecs_named("name.decode(self.metadata_encoding or 'cp437')")
    assert "encodings.latin_1" in codecs_named('text.encode("latin1")')


def test_the_walk_follows_imports_and_stops_at_never():
    std = stdlib(
        {
            "json/__init__.py": "from .decoder import JSONDecoder\n",
            "json/decoder.py": "import re\n",
            "re/__init__.py": "def help():\n    import pydoc\n",
            "pydoc.py": "import email\n",
            "email/__init__.py": "",
            "unused.py": "",
            "site.py": "",
        }
    )
    kept = reachable(std, ["import json\n"])
    assert kept == ["json/__init__.py", "json/decoder.py", "re/__init__.py", "site.py"]
    assert "pydoc" in NEVER


def test_a_page_module_importing_a_left_out_module_stops_the_build():
    std = stdlib({"pdb.py": "", "site.py": ""})
    with pytest.raises(ValueError, match="pdb"):
        reachable(std, ["def debug():\n    import pdb\n"])
    reachable(std, [], runtime_sources=["import pdb\n"])  # PyScript's own lazy imports are not ours to refuse


def test_the_lock_keeps_its_info_and_no_packages():
    lock = b'{"info": {"python": "3.14.2"}, "packages": {"numpy": {}}, "tool": {}}'
    assert trimmed_lock(lock) == b'{"info":{"python":"3.14.2"},"packages":{}}'


def test_docstrings_go_and_the_code_stays():
    """What the build compiles (tools/bytecode.py's docstringless): no docstrings,
    not even a function's only statement, and every other string kept."""
    import ast

    from bytecode import docstringless

    source = (
        '"""Module doc."""\n'
        "from __future__ import annotations\n"
        "class A:\n"
        '    """Class doc."""\n'
        "def f(x):\n"
        '    """Doc."""\n'
        '    return "not a docstring" + x\n'
        "def g():\n"
        '    """Only a doc."""\n'
    )
    tree = docstringless(ast.parse(source))
    out = ast.unparse(tree)
    assert "Module doc" not in out and "Class doc" not in out and "Doc." not in out and "Only a doc" not in out
    namespace: dict = {}
    exec(compile(tree, "<stripped>", "exec"), namespace)
    assert namespace["f"]("!") == "not a docstring!" and namespace["A"].__doc__ is None
    assert namespace["g"]() is None and namespace["g"].__doc__ is None and namespace.get("__doc__") is None
