// The table's dialogs, opened and closed as the worker lists them, bottom to top.
//
// Why a module of its own: showModal() puts a dialog on top of every open one, so a
// dialog the worker wants underneath (a deal's result that ends while the host waits in
// the invite lobby or reads the rules) would cover the one the player is using. Here the
// dialogs above it are closed and shown again in order, and the focus put back.

/** Open and close `all` (dialog ids) so that exactly `wanted` are open, stacked in its
 * order (the last on top); `closeQuietly(dialog)` closes one the player did not close. */
export function stackDialogs(wanted, all, closeQuietly) {
  const byId = (name) => document.getElementById(name);
  for (const name of all) {
    const dialog = byId(name);
    if (dialog && dialog.open && !wanted.includes(name)) closeQuietly(dialog);
  }
  const present = wanted.filter((name) => byId(name));
  const firstShut = present.findIndex((name) => !byId(name).open);
  if (firstShut < 0) return;
  const focused = document.activeElement;
  const above = present.slice(firstShut + 1).filter((name) => byId(name).open);
  for (const name of above.reverse()) closeQuietly(byId(name));
  for (const name of present.slice(firstShut)) {
    if (!byId(name).open) byId(name).showModal();
  }
  if (above.length && focused && focused !== document.activeElement && focused.isConnected
      && focused.closest("dialog")?.open) focused.focus();
}
