"""axe-core in the page: the accessibility rules people trust, run as a test.

Why evaluated rather than added as a <script>: the page's CSP allows no inline
script, and the checker must not change what it checks; Playwright's evaluate
runs outside the page's policy.  axe-core is pinned in package.json
(node_modules/axe-core, installed by ``make node``).

  violations(page)   axe's WCAG 2.1 A/AA violations on the page now, as short lines
  audit(page)        those, and the colour contrasts axe could not decide, by axe's reason

Label in Name (2.5.3) is axe's rule, but axe reads no text inside an <svg>, where a
card draws its corner index; ``CARD_INDEX_NOT_IN_NAME_JS`` holds every face-up card's
name to the index it shows, and its findings are reported with axe's.

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

EXPERIMENTAL = ("label-content-name-mismatch",)
"""WCAG 2.1 A rules axe tags experimental and so leaves off unless named: 2.5.3 Label in
Name (a control named by aria-label holds the text it shows), which Lighthouse runs too."""

RUN_JS = """async ([tags, experimental]) => {
  const rules = Object.fromEntries(experimental.map((id) => [id, {enabled: true}]));
  const result = await window.axe.run(document, {runOnly: {type: 'tag', values: tags}, rules, resultTypes: ['violations', 'incomplete']});
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

CARD_INDEX_NOT_IN_NAME_JS = """() => [...document.querySelectorAll('[data-card][aria-label]')].flatMap((card) => {
  const index = card.querySelector('text.idx')?.textContent.trim().toLowerCase();
  const words = card.getAttribute('aria-label').toLowerCase().split(/[^\\p{L}\\p{N}]+/u);
  return index && !words.includes(index) ? [card.outerHTML.slice(0, 160)] : [];
})"""


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
    """Every WCAG 2.1 A/AA violation axe finds on the page now (one line a node), with the
    cards whose name lacks their index, and every text whose colour contrast it left undecided."""
    inject(page)
    result = page.evaluate(RUN_JS, [list(WCAG_21_AA), list(EXPERIMENTAL)])
    found = [f"{v['id']} ({v['impact']}): {node['target']} — {node['summary']} — {node['html']}"
             for v in result["violations"] for node in v["nodes"]]
    found += [f"label-content-name-mismatch (a card's corner index, drawn in SVG where axe does not read, "
              f"is not a word of its name): {html}" for html in page.evaluate(CARD_INDEX_NOT_IN_NAME_JS)]
    return found, [Undecided(**u) for u in result["undecided"]]


def violations(page) -> list[str]:
    """Every WCAG 2.1 A/AA violation axe finds on the page now, one line a node."""
    return audit(page)[0]
