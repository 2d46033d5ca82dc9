"""Python bytecode for the page, made by the runtime's own CPython at build time.

Why: compiling is most of an import, and the browser did it on every cold start,
for the standard library as much as for our modules. Sourceless ``.pyc`` files
skip it; they must be the runtime's version (CPython 3.14 in Pyodide 314), so
they are compiled by Pyodide under Node (``in_runtime``), whatever Python runs
the build, and cached by their inputs' hash. Docstrings go (what ``python -OO``
drops from memory, dropped from the download); line tables can go too.
"""

from __future__ import annotations

import ast
import base64
import hashlib
import json
import subprocess
from pathlib import Path


def docstringless(tree: ast.Module) -> ast.Module:
    """``tree`` without the docstrings of its module, classes and functions (in place)."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree


def bytecode(name: str, source: str, strip: bool, lines: bool) -> bytes:
    """A sourceless ``.pyc`` of ``source`` for the Python running this: its magic
    number, hash-based and never checked against a source (there is none), and the
    code compiled from the syntax tree (without docstrings if ``strip``), so line
    numbers stay the source's; without its line table unless ``lines`` (a third
    of the size; a traceback then names the function but not the line)."""
    import importlib.util
    import marshal

    def lineless(code):
        consts = tuple(lineless(c) if hasattr(c, "co_code") else c for c in code.co_consts)
        return code.replace(co_linetable=b"", co_consts=consts)

    tree = ast.parse(source, name)
    code = compile(docstringless(tree) if strip else tree, name, "exec", dont_inherit=True)
    header = importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little") + importlib.util.source_hash(source.encode())
    return header + marshal.dumps(code if lines else lineless(code))


_RUNNER = r"""
import { loadPyodide } from "./pyodide.mjs";
import fs from "node:fs";
const [program, files] = JSON.parse(fs.readFileSync(0, "utf8"));
const py = await loadPyodide({ indexURL: "./" });
py.globals.set("files_json", files);
try {
  process.stdout.write(py.runPython(program));
} catch (error) {
  process.stderr.write("PYTHON " + String(error?.message ?? error).slice(-2000)); // not Node's dump of the minified source
  process.exitCode = 1;
}
"""


def in_runtime(files: dict[str, str], pyodide_dir: Path, cache_dir: Path, keep: tuple[str, ...],
               lines: bool, tag: str) -> dict[str, bytes]:
    """``files`` (path → source) compiled to ``.pyc`` by Pyodide's CPython (Node
    runs it: the bytecode must be the runtime's own version), without docstrings
    but for paths starting with ``keep``, with line tables if ``lines``; cached in
    ``cache_dir`` by content.

    Why bytecode: compiling is most of an import, and the browser did it on every
    cold start: Pyodide's own start took 3.4–3.7 s with the stdlib as source and
    1.1–1.2 s as bytecode, importing our modules 650 ms and 140–180 ms (Node, the
    site's files, 1 Dec 2026)."""
    version = json.loads((pyodide_dir / "package.json").read_text())["version"]
    key = hashlib.sha256(json.dumps([version, Path(__file__).read_text(), keep, lines, files], sort_keys=True).encode())
    cached = cache_dir / f"{tag}-{key.hexdigest()[:16]}.json"
    if not cached.is_file():
        source = Path(__file__).read_text()
        program = (
            "import ast, base64, json\n"
            + "\n".join(ast.get_source_segment(source, _function_node(name)) for name in ("docstringless", "bytecode"))
            + f"\nkeep = {keep!r}\n"
            + "files = json.loads(files_json)\n"
            + f"lines = {lines!r}\n"
            + "json.dumps({n: base64.b64encode(bytecode(n, t, not n.startswith(keep), lines)).decode() for n, t in files.items()})\n"
        )
        done = subprocess.run(
            ["node", "--input-type=module", "-e", _RUNNER],
            cwd=pyodide_dir, input=json.dumps([program, json.dumps(files)]),
            capture_output=True, text=True, timeout=600,
        )
        if done.returncode != 0:
            raise RuntimeError("bytecode: compiling in Pyodide failed:\n" + done.stderr[done.stderr.find("PYTHON"):][-2000:])
        cache_dir.mkdir(parents=True, exist_ok=True)
        for old in cache_dir.glob(f"{tag}-*.json"):
            old.unlink()
        cached.write_text(done.stdout)
    return {name: base64.b64decode(data) for name, data in json.loads(cached.read_text()).items()}


def pyc_name(path: str) -> str:
    """Where a module's sourceless bytecode goes: ``json/__init__.py`` → ``json/__init__.pyc``."""
    return path[: -len(".py")] + ".pyc"


def _function_node(name: str) -> ast.FunctionDef:
    tree = ast.parse(Path(__file__).read_text())
    return next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name)
