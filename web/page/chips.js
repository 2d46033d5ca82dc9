// Chips that move at a table for a pot: a few coins fly from a stack to the pot
// (the ante, a «даве» accepted, a false «31») or from the pot to a stack (a pot
// taken), and the numbers change when they land.
//
// Why here and why by difference: the worker draws each screen as it is now
// (web/table/view/render.py), like chessground draws the position it is given.
// The movement is what changed between two drawings: every number of chips
// carries data-chips and the pot its match and deal, so this file compares the
// last drawing with the new one and moves the difference. It decides nothing
// about the game: a stack that went down sent its chips to a pot that went up,
// a stack that went up took them from a pot that went down.
// Nothing moves with prefers-reduced-motion: reduce, at ?speed=instant or in a hidden tab
// (motion.js's motionAllowed), and no coin flies longer than a card does (300 ms).

import { afterLayout, motionAllowed, overlay } from "./motion.js";

const FLIGHT_MS = 300;
const STAGGER_MS = 40;
const MOST_COINS = 5;

let last = null; // the last drawing's chips: {match, deal, pot, stacks: {seat: chips}}

/** The chips the page shows now, or null when no pot is drawn (another table, a hand-over). */
function drawn() {
  const pot = document.querySelector("#pot-box");
  if (!pot) return null;
  const stacks = {};
  for (const li of document.querySelectorAll("#score .stacks li[data-seat]")) {
    stacks[li.dataset.seat] = Number(li.querySelector("[data-chips]")?.dataset.chips);
  }
  return { match: pot.dataset.match, deal: Number(pot.dataset.deal), pot: Number(pot.querySelector("[data-chips]")?.dataset.chips), stacks };
}

/** Between the same deal's drawings, or from one deal to the next: not across matches. */
function comparable(before, now) {
  return before && before.match === now.match && (now.deal === before.deal || now.deal === before.deal + 1)
    && Object.keys(before.stacks).length === Object.keys(now.stacks).length;
}

const visible = (el) => el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";

/** Where a seat's stack is on the screen: its tag at the seat, else its chip in the top bar. */
function stackElement(seat) {
  const tag = document.querySelector(`#table .seat[data-seat="${seat}"] .tag.stack`);
  if (visible(tag)) return tag;
  const chip = document.querySelector(`#score .stacks li[data-seat="${seat}"]`);
  return visible(chip) ? chip : null;
}

/** The numbers of ``seat`` (or of the pot, seat null) shown as they were until the coins land. */
function hold(seat, was, held) {
  const els = seat === null
    ? [document.querySelector("#pot-box .pot-val")]
    : [...document.querySelectorAll(`#score .stacks li[data-seat="${seat}"] [data-chips], #table .seat[data-seat="${seat}"] .tag.stack`)];
  for (const el of els) {
    if (!el || held.has(el)) continue;
    held.set(el, el.textContent);
    el.textContent = el.textContent.replace(el.dataset.chips, String(was));
  }
}

function centre(el) {
  const r = el.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}

function layer() {
  return overlay("coins");
}

/** A few coins from the point ``from`` to ``to``; resolves with the flight when the last has landed. */
function fly([x0, y0], [x1, y1], chips, seat, way) {
  const flight = document.createElement("div");
  flight.className = "flight";
  flight.dataset.seat = String(seat);
  flight.dataset.way = way;
  const count = Math.min(MOST_COINS, Math.max(2, Math.ceil(chips / 10)));
  const runs = [];
  for (let i = 0; i < count; i++) {
    const coin = document.createElement("i");
    coin.className = "coin";
    coin.style.setProperty("left", `${x0}px`); // CSSOM, not a style attribute in markup: the CSP allows it
    coin.style.setProperty("top", `${y0}px`);
    flight.append(coin);
    const lift = -28 - 6 * i;
    runs.push(coin.animate([
      { transform: "translate(-50%, -50%) scale(0.7)", opacity: 0.4 },
      { transform: `translate(calc(-50% + ${(x1 - x0) / 2}px), calc(-50% + ${(y1 - y0) / 2 + lift}px)) scale(1)`, opacity: 1, offset: 0.5 },
      { transform: `translate(calc(-50% + ${x1 - x0}px), calc(-50% + ${y1 - y0}px)) scale(0.8)`, opacity: 0.9 },
    ], { duration: FLIGHT_MS, delay: i * STAGGER_MS, easing: "ease-in-out", fill: "both" }).finished);
  }
  layer().append(flight);
  // A hidden tab may hold the animations' clock: the coins land by the timer at the latest.
  const late = new Promise((done) => setTimeout(done, FLIGHT_MS + count * STAGGER_MS + 250));
  return Promise.race([Promise.allSettled(runs), late]).then(() => flight);
}

/** Where the coins of each change go, once the page is laid out (motion.js's afterLayout):
 *  read from the pot and each stack shown, then flown by the function returned. */
function measured(changes, done) {
  const pot = document.querySelector("#pot-box .pot-val");
  if (!visible(pot)) {
    done([]);
    return null;
  }
  const at = centre(pot);
  const ways = [];
  for (const [seat, change] of changes) {
    const stack = stackElement(seat);
    if (stack) ways.push(change < 0 ? [centre(stack), at, -change, seat, "to-pot"] : [at, centre(stack), change, seat, "from-pot"]);
  }
  return () => Promise.all(ways.map((way) => fly(...way))).then(done);
}

/**
 * After the worker's regions are drawn: move the chips that changed since the last
 * drawing. Returns a promise that resolves when they have landed (the numbers are
 * then the new ones), or null when nothing moves. The numbers are held at once, before
 * anything is painted; the coins set off when the page is laid out (nothing is measured
 * before: no layout made in a script).
 */
export function moveChips() {
  const now = drawn();
  if (!now) return null; // nothing drawn to compare with: keep the last drawing
  const before = last;
  last = now;
  if (!comparable(before, now) || !motionAllowed()) return null;
  const potChange = now.pot - before.pot;
  if (!potChange) return null;
  const changes = [];
  for (const [seat, chips] of Object.entries(now.stacks)) {
    const change = chips - before.stacks[seat];
    if (change && Math.sign(change) !== Math.sign(potChange)) changes.push([seat, change]); // only what went to or came from the pot
  }
  if (!changes.length) return null;
  const held = new Map();
  for (const [seat] of changes) hold(seat, before.stacks[seat], held);
  hold(null, before.pot, held);
  return new Promise((done) => afterLayout(() => measured(changes, done))).then((landed) => {
    for (const [el, text] of held) if (el.isConnected) el.textContent = text;
    for (const flight of landed) flight.remove();
  });
}
