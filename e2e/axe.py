"""axe-core in the page: the accessibility rules people trust, run as a test.

Why evaluated rather than added as a <script>: the page's CSP allows no inline
script, and the checker must not change what it checks; Playwright's evaluate
runs outside the page's policy.  axe-core is pinned in package.json
(node_modules/axe-core, installed by ``make node``).

  violations(page)   axe's WCAG 2.1 A/AA violations on the page now, as short lines
"""

from __future__ import annotations

from pathlib import Path

import pytest

AXE_JS = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
WCAG_21_AA = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa")

RUN_JS = """async (tags) => {
  const result = await window.axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({target: n.target.join(' '), summary: n.failureSummary, html: n.html.slice(0, 160)})),
  }));
}"""


def inject(page) -> None:
    """Put axe into the page (once per document)."""
    if page.evaluate("typeof window.axe === 'object'"):
        return
    if not AXE_JS.is_file():
        pytest.exit("axe-core is not installed: run `make node`", returncode=3)
    page.evaluate("(source) => { (0, eval)(source); return typeof window.axe; }", AXE_JS.read_text("utf-8"))


def violations(page) -> list[str]:
    """Every WCAG 2.1 A/AA violation axe finds on the page now, one line a node."""
    inject(page)
    out = []
    for v in page.evaluate(RUN_JS, list(WCAG_21_AA)):
        for node in v["nodes"]:
            out.append(f"{v['id']} ({v['impact']}): {node['target']} — {node['summary']} — {node['html']}")
    return out
