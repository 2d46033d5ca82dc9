// Tab and Shift+Tab go round the open modal dialog instead of leaving it for the
// browser's own controls (the page behind is inert already; closing a dialog gives
// the focus back to its opener, as <dialog> does).
//
// Why a classic script of its own: the early menu and its rules (menu.js) are
// dialogs before Python is up, the table's (host.js) after; one listener, put on
// the document at first paint, serves both for the page's whole life.

"use strict";

(() => {
const TABBABLE = "button, input, select, textarea, summary, a[href], [tabindex]";

/** What Tab stops at in ``dialog``, in order: one radio per group (the checked one). */
function tabStops(dialog) {
  const radios = new Map();
  return [...dialog.querySelectorAll(TABBABLE)].filter((el) => {
    if (el.disabled || el.tabIndex < 0 || el.getClientRects().length === 0) return false;
    if (el.type !== "radio") return true;
    const group = radios.get(el.name);
    if (!group) radios.set(el.name, el);
    return el.checked || (!group && !dialog.querySelector(`input[type=radio][name="${CSS.escape(el.name)}"]:checked`));
  });
}

function keepFocusIn(event) {
  if (event.key !== "Tab") return;
  const dialog = [...document.querySelectorAll("dialog[open]")].filter((d) => d.matches(":modal")).pop();
  if (!dialog) return;
  const stops = tabStops(dialog);
  if (!stops.length) return;
  const [first, last] = [stops[0], stops[stops.length - 1]];
  const active = document.activeElement;
  const outside = !dialog.contains(active);
  if (event.shiftKey && (outside || active === first)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (outside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}

document.addEventListener("keydown", keepFocusIn);
})();
