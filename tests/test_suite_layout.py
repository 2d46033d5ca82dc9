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
