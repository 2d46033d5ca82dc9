"""A smaller Python standard library for the page: only what it can import.

Pyodide ships the whole standard library as one 2.5 MB zip, loaded before Python starts,
and the table imports a small part of it.  The build keeps the modules reachable from the
Python the page ships (the engine, ``web/``, PyScript's package, Pyodide's runtime),
following every ``import``, the ones inside functions too: it over-approximates on purpose,
except for ``NEVER``, library families no page uses (a debugger, a REPL, test frameworks,
mail and HTTP servers, package installs…) that lazy imports would drag in.  If a page module
imports one of ``NEVER`` the build stops and says so: the list must change, not the page
silently break.  What is kept loses its docstrings and goes as bytecode without line tables
(``tools/bytecode.py``).  The lock file goes the same way: the page installs no packages,
so it gets Pyodide's lock with its ``info`` and no package entries.
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path
from collections.abc import Callable, Iterable
from encodings.aliases import aliases

from bytecode import in_runtime, pyc_name

# Library families the page never imports at run time (top-level names, or
# dotted names for single submodules). Each would otherwise come in through a
# lazy import somewhere in the kept modules.
NEVER = frozenset(
    {
        # tools for people at a console: debugger, REPL, help, tests, profiling
        "_pyrepl", "pdb", "bdb", "cmd", "code", "rlcompleter", "pydoc", "pydoc_data",
        "doctest", "unittest", "tracemalloc", "cProfile", "profile", "pstats", "timeit",
        "trace", "tty", "pty", "getpass", "pyodide.console",
        # networking and mail beyond the browser's own (the page uses WebRTC and fetch from JS)
        "email", "http", "xml", "xmlrpc", "ftplib", "imaplib", "poplib", "smtplib",
        "socketserver", "webbrowser", "netrc", "mailbox", "mimetypes", "urllib.request",
        "urllib.response", "urllib.robotparser", "wsgiref",
        # package installation and interpreter tooling (no packages are loaded)
        "tarfile", "gzip", "ensurepip", "venv", "pkgutil", "runpy", "py_compile", "compileall",
        "importlib.metadata", "importlib.resources", "sysconfig",
        "_sysconfigdata__emscripten_wasm32-emscripten", "platform",
        # processes and foreign code: not available in a browser
        "multiprocessing", "concurrent.futures.process", "concurrent.futures.interpreter",
        "ctypes", "asyncio.windows_events", "asyncio.windows_utils", "asyncio.proactor_events",
        # formats and maths the page has no use for
        "argparse", "getopt", "gettext", "optparse", "decimal", "_pydecimal", "fractions",
        "statistics", "numbers", "calendar", "datetime", "_pydatetime", "_strptime", "csv",
        "difflib", "pprint", "pickle", "_compat_pickle", "pickletools", "shlex", "quopri",
        "stringprep", "secrets", "queue", "sqlite3", "dbm", "shelve", "tomllib",
        "zoneinfo", "turtle", "turtledemo", "tkinter", "idlelib", "lib2to3", "curses",
    }
)

# Loaded by the interpreter and by Pyodide's JavaScript, not by an import
# statement the walk could see: the site hooks, the zip importer, Pyodide's
# runtime packages, and the codecs Python looks up by name.
ROOTS = (
    "site",
    "_sitebuiltins",
    "zipimport",
    "_pyodide",
    "pyodide",
    "encodings",
    "encodings.aliases",
    "encodings.utf_8",
    "encodings.utf_8_sig",
    "encodings.ascii",
    "encodings.latin_1",
    "encodings.utf_16",
    "encodings.utf_16_le",
    "encodings.utf_16_be",
    "encodings.utf_32",
    "encodings.unicode_escape",
    "encodings.raw_unicode_escape",
)
WHOLE_PACKAGES = ("_pyodide", "pyodide")
"""Pyodide's JavaScript imports their submodules by name (``pyodide.ffi``,
``_pyodide._importhook``…), so they are kept whole (but for ``NEVER``)."""

CODEC_TABLES = ("encodings", "locale")
"""They quote every codec's name in their alias tables, not the few they look up."""

_IMPORT = re.compile(
    r"^[ \t]*(?:from[ \t]+([.\w]+)[ \t]+import[ \t]+(\([^)]*\)|[^\n#;]*)|import[ \t]+([^\n#;]+))",
    re.MULTILINE,
)
_QUOTED_WORD = re.compile(r"""['"]([A-Za-z][\w-]{1,30})['"]""")
_NAME = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")


def imports_of(source: str, package: str = "") -> set[str]:
    """Every module name ``source`` may import, absolute, including ``from a
    import b`` as ``a.b`` (``b`` may be a submodule; names that are not modules
    are dropped later). ``package`` resolves relative imports."""
    found: set[str] = set()
    for match in _IMPORT.finditer(source):
        if match.group(3):
            for part in match.group(3).split(","):
                name = part.strip().split(" ")[0]
                if _NAME.fullmatch(name):
                    found.add(name)
            continue
        base = match.group(1)
        if base.startswith("."):
            dots = len(base) - len(base.lstrip("."))
            parts = package.split(".") if package else []
            parts = parts[: len(parts) - dots + 1]
            rest = base.lstrip(".")
            base = ".".join(parts + ([rest] if rest else []))
            if not base:
                continue
        found.add(base)
        for part in match.group(2).strip("()\\ \n").split(","):
            name = part.strip().split(" ")[0]
            if re.fullmatch(r"\w+", name):
                found.add(f"{base}.{name}")
    return found


def codecs_named(source: str) -> set[str]:
    """``encodings`` modules for the codec names quoted in ``source``: Python
    finds a codec by name at run time (``zipfile`` decodes names as "cp437"),
    which no import statement shows."""
    found = set()
    for word in _QUOTED_WORD.findall(source):
        key = word.lower().replace("-", "_")
        found.add("encodings." + aliases.get(key, key))
    return found


def _never(name: str) -> bool:
    parts = name.split(".")
    return any(".".join(parts[: i + 1]) in NEVER for i in range(len(parts)))


class _Stdlib:
    """The standard library zip, looked up by module name."""

    def __init__(self, data: bytes) -> None:
        self.zip = zipfile.ZipFile(io.BytesIO(data))
        self.names = set(self.zip.namelist())

    def file_of(self, module: str) -> str | None:
        path = module.replace(".", "/")
        for candidate in (f"{path}.py", f"{path}/__init__.py"):
            if candidate in self.names:
                return candidate
        return None

    def modules_under(self, package: str) -> list[str]:
        prefix = package + "/"
        return sorted(
            n[:-3].removesuffix("/__init__").replace("/", ".")
            for n in self.names
            if n.startswith(prefix) and n.endswith(".py")
        )


def reachable(stdlib_zip: bytes, page_sources: Iterable[str], runtime_sources: Iterable[str] = ()) -> list[str]:
    """The stdlib files (zip paths) the page can import, sorted.

    ``page_sources`` is our Python, ``runtime_sources`` PyScript's. Raises
    ``ValueError`` if one of ours imports a module of ``NEVER``."""
    std = _Stdlib(stdlib_zip)
    kept: set[str] = set()
    todo: list[str] = []

    def want(module: str, *, strict: bool = False) -> None:
        parts = module.split(".")
        for i in range(1, len(parts) + 1):
            name = ".".join(parts[:i])
            if name in kept or std.file_of(name) is None:
                continue
            if _never(name):
                if strict:
                    raise ValueError(f"the page imports {name}, which stdlib_trim.NEVER leaves out")
                return
            kept.add(name)
            todo.append(name)

    for source in page_sources:
        for module in imports_of(source):
            want(module, strict=True)
        for module in codecs_named(source):
            want(module)
    for source in runtime_sources:
        for module in imports_of(source):
            want(module)
    for module in ROOTS:
        want(module)
    for package in WHOLE_PACKAGES:
        for module in std.modules_under(package):
            want(module)
    while todo:
        module = todo.pop()
        path = std.file_of(module)
        assert path is not None
        package = module if path.endswith("__init__.py") else module.rpartition(".")[0]
        source = std.zip.read(path).decode("utf-8", "replace")
        named = codecs_named(source) if module.split(".")[0] not in CODEC_TABLES else set()
        for name in imports_of(source, package) | named:
            want(name)
    return sorted(path for path in (std.file_of(m) for m in kept) if path)


KEEP_DOCSTRINGS = ("_pyodide/", "pyodide/")
"""Pyodide's own packages read their docstrings at run time (the JS proxies'
documentation), so they keep them."""


def trimmed_stdlib(
    stdlib_zip: bytes,
    page_sources: Iterable[str],
    runtime_sources: Iterable[str],
    make_zip: Callable,
    pyodide_dir: Path,
    cache_dir: Path,
) -> bytes:
    """The stdlib zip with only ``reachable`` modules, as bytecode without
    docstrings, through the build's reproducible ``make_zip``."""
    std = zipfile.ZipFile(io.BytesIO(stdlib_zip))
    paths = reachable(stdlib_zip, page_sources, runtime_sources)
    files = in_runtime({p: std.read(p).decode("utf-8") for p in paths}, pyodide_dir, cache_dir,
                       keep=KEEP_DOCSTRINGS, lines=False, tag="stdlib")
    return make_zip([(pyc_name(path), files[path]) for path in paths])


def trimmed_lock(lock_json: bytes) -> bytes:
    """Pyodide's lock file without package entries: the page installs none."""
    lock = json.loads(lock_json)
    return json.dumps({"info": lock["info"], "packages": {}}, separators=(",", ":")).encode()
