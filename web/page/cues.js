// «Ваш ход» for a player looking elsewhere, at a table with people (friends on other
// devices: html[data-peer] is set and not "none"; pass-and-play is not such a table):
// while the tab is hidden on the player's turn its title and icon say so; a short
// vibration marks the turn on phones that have one (#table[data-vibrate], the device's
// switch); the screen is kept awake (Screen Wake Lock) while such a table is open.
//
// Why in the page: each is the browser's (document.title, the icon link, navigator.vibrate,
// navigator.wakeLock) and none decides anything about the game; what they follow is the
// table as drawn (#table[data-turn|data-phase]) and motion.js's changes. Every refusal
// (no API, a policy, a battery saver) is silent: the table plays on as it was.

const root = document.documentElement;
const TURN_ICON = new URL("../icons/icon-turn.svg", import.meta.url).href;

/** Friends at this table on other devices (the host's and each guest's page). */
export const peopleAtTable = () => Boolean(root.dataset.peer) && root.dataset.peer !== "none";

const table = () => document.getElementById("table");
const myTurn = () => table()?.dataset.turn === "me" && table()?.dataset.phase === "play";

let shown = null; // {title, icon} as they were before «Ваш ход» took the tab's title and icon
let lock = null; // the wake lock held, or a promise of it

function tab() {
  const want = document.hidden && peopleAtTable() && myTurn();
  if (want === (shown !== null)) return;
  const icon = document.querySelector('link[rel="icon"]');
  if (want) {
    shown = { title: document.title, icon: icon?.getAttribute("href") ?? null };
    document.title = `${window.burkozelBoot?.word("your_turn") ?? "♠"} — ${shown.title}`;
    icon?.setAttribute("href", TURN_ICON);
  } else {
    document.title = shown.title;
    if (icon && shown.icon) icon.setAttribute("href", shown.icon);
    shown = null;
  }
}

function awake() {
  const want = peopleAtTable() && !document.hidden;
  if (want && !lock) {
    try {
      lock = navigator.wakeLock?.request("screen").then((held) => {
        held.addEventListener("release", () => { if (lock === held) lock = null; });
        return (lock = held);
      }, () => (lock = null)) ?? null;
    } catch {
      lock = null;
    }
  } else if (!want && lock) {
    Promise.resolve(lock).then((held) => held?.release?.()).catch(() => {});
    lock = null;
  }
}

/** After each batch (``what``: motion.js's changes): the tab's title and icon, a vibration
 *  when the turn has just come to the player at a table with people, the wake lock. */
export function cue(what) {
  if (what.yourTurn && peopleAtTable() && table()?.dataset.vibrate !== "off") {
    try {
      navigator.vibrate?.(120);
    } catch {
      // not allowed here: nothing
    }
  }
  tab();
  awake();
}

/** The tab shown or hidden: the title back, the wake lock again (a browser lets it go when hidden). */
export function listenForVisibility() {
  document.addEventListener("visibilitychange", () => {
    tab();
    awake();
  });
}
