"""axe-core in the page: the accessibility rules people trust, run as a test.

Why evaluated rather than added as a <script>: the page's CSP allows no inline
script, and the checker must not change what it checks; Playwright's evaluate
runs outside the page's policy.  axe-core is pinned in package.json
(node_modules/axe-core, installed by ``make node``).

  violations(page)   axe's WCAG 2.1 A/AA violations on the page now, as short lines
  audit(page)        those, and the colour contrasts axe could not decide, by axe's reason

Why the undecided ones matter: axe passes no text that sits on a gradient; it
says "incomplete" and gives its reason (``bgGradient``, ``shortTextContent``…).
The walk in test_axe.py names every reason left and why it is left.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

AXE_JS = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
WCAG_21_AA = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa")

RUN_JS = """async (tags) => {
  const result = await window.axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations', 'incomplete']});
  const violations = result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({target: n.target.join(' '), summary: n.failureSummary, html: n.html.slice(0, 160)})),
  }));
  const undecided = result.incomplete.filter((v) => v.id === 'color-contrast').flatMap((v) => v.nodes.map((n) => ({
    reason: n.any.map((check) => check.data?.messageKey).find(Boolean) || 'unknown',
    target: n.target.join(' '), html: n.html.slice(0, 100),
  })));
  return {violations, undecided};
}"""


def inject(page) -> None:
    """Put axe into the page (once per document)."""
    if page.evaluate("typeof window.axe === 'object'"):
        return
    if not AXE_JS.is_file():
        pytest.exit("axe-core is not installed: run `make node`", returncode=3)
    page.evaluate("(source) => { (0, eval)(source); return typeof window.axe; }", AXE_JS.read_text("utf-8"))


@dataclass(frozen=True)
class Undecided:
    """A text whose contrast axe could not decide, and axe's reason (its messageKey)."""

    reason: str
    target: str
    html: str


def audit(page) -> tuple[list[str], list[Undecided]]:
    """Every WCAG 2.1 A/AA violation axe finds on the page now (one line a node), and
    every text whose colour contrast it left undecided."""
    inject(page)
    result = page.evaluate(RUN_JS, list(WCAG_21_AA))
    found = [f"{v['id']} ({v['impact']}): {node['target']} — {node['summary']} — {node['html']}"
             for v in result["violations"] for node in v["nodes"]]
    return found, [Undecided(**u) for u in result["undecided"]]


def violations(page) -> list[str]:
    """Every WCAG 2.1 A/AA violation axe finds on the page now, one line a node."""
    return audit(page)[0]
