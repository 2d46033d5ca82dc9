"""`make test` collects tests/ and e2e/ in one pytest run, whose default import mode
takes a test module by its file name: two with the same name stop the whole run."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_no_two_test_modules_share_a_name():
    seen: dict[str, Path] = {}
    clashes = []
    for folder in ("tests", "e2e"):
        for path in sorted((ROOT / folder).glob("*.py")):
            if path.name in seen:
                clashes.append(f"{seen[path.name].relative_to(ROOT)} and {path.relative_to(ROOT)}")
            seen[path.name] = path
    assert not clashes, "same file name: " + "; ".join(clashes)
