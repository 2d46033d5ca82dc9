"""`make test` collects tests/ and e2e/ in one pytest run, whose default import mode
takes a test module by its file name: two with the same name stop the whole run."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_no_two_test_modules_share_a_name():
    seen: dict[str, Path] = {}
    clashes = []
    for folder in ("tests", "e2e"):
        for path in sorted((ROOT / folder).glob("*.py")):
            if path.name == "conftest.py":
                continue  # (pytest loads each folder's conftest apart)
            if path.name in seen:
                clashes.append(f"{seen[path.name].relative_to(ROOT)} and {path.relative_to(ROOT)}")
            seen[path.name] = path
    assert not clashes, "same file name: " + "; ".join(clashes)


DOCSTRING_LINES = 15


def test_module_docstrings_say_why_in_a_few_lines():
    """A module's docstring says why it exists; measurements and history live in
    bench/README.md and docs/, so none runs over fifteen lines of the file."""
    import ast

    long = []
    for folder in ("burkozel", "web", "tools", "bench", "research"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            body = ast.parse(path.read_text(encoding="utf-8")).body
            first = body[0] if body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                lines = first.end_lineno - first.lineno + 1
                if lines > DOCSTRING_LINES:
                    long.append(f"{path.relative_to(ROOT)} ({lines})")
    assert not long, "module docstrings over fifteen lines: " + ", ".join(long)


def import_graph(package: Path, base: Path) -> dict[str, set[str]]:
    """Each module of ``package`` and the modules of it that it imports anywhere (at the top, in a
    function, under ``TYPE_CHECKING``): a cycle there is one even if it never runs at import time."""
    import ast

    modules = {".".join(p.relative_to(base).with_suffix("").parts).removesuffix(".__init__"): p
               for p in package.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                deps |= {m for m in [node.module, *(f"{node.module}.{a.name}" for a in node.names)] if m in modules}
            elif isinstance(node, ast.Import):
                deps |= {a.name for a in node.names if a.name in modules}
        graph[name] = deps - {name, name.rsplit(".", 1)[0]}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other round (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while not group or group[-1] != v:
                group.append(stack.pop())
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycles_in_the_table():
    """web/README.md: a room imports only rooms below it, and no module one that imports it back."""
    assert cycles(import_graph(ROOT / "web" / "table", ROOT / "web")) == []


def test_the_cycle_finder_sees_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_make_test_hands_out_the_long_files_first():
    """`make test` (pytest-xdist, ``--dist loadfile``) hands out whole files in collection order, which
    e2e/conftest.py makes: a file marked ``long_file`` (few tests, minutes) before one with more tests,
    which xdist's own order put first, so the long one no longer starts as the other worker finishes."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-o", "addopts=", "-p", "no:cacheprovider",
                          "e2e/test_house.py", "e2e/test_online_room.py"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    files = [line.split("::", 1)[0] for line in out.splitlines() if "::" in line]
    runs = [f for i, f in enumerate(files) if i == 0 or files[i - 1] != f]
    assert runs == ["e2e/test_online_room.py", "e2e/test_house.py"], runs  # (each file's tests together)
    assert files.count("e2e/test_house.py") > files.count("e2e/test_online_room.py")
