// Cards that move: a card flies from the hand or a seat to the table, a taken trick slides
// to its taker, the deal comes from the dealer's seat as a dealer deals it, the draw from
// the stock, the seat to act is marked.
//
// Why here and why by difference: the worker draws each screen as it is now
// (web/table/view/render.py) and decides nothing about motion; like chips.js, this file
// reads the table just before a batch's regions are drawn (read) and just after, and
// moves the difference the FLIP way: each element is drawn where it now belongs and
// starts, by a transform, from where the player last saw it. Only transform and opacity
// move (the compositor's), each for at most 300 ms, and nothing waits for them: a click
// or a bot's move draws the next screen at once, over whatever is still moving.
//
// A face-down card moves as the back drawn for it (render's card_art.back: no identity);
// a taken trick flies as a copy of each play's top card, stripped of every attribute but its class. The
// copies live outside the table (#motion) and are gone when they land, so a reload in
// mid-flight draws the same table with nothing left in the air.
// Nothing moves with prefers-reduced-motion: reduce, at ?speed=instant, or in a hidden tab.
// What changed is also what sound.js and cues.js hear (changes()).

const PLAY_MS = 260; // a card from the hand or a seat to the table
const TAKE_MS = 300; // a taken trick to its taker
const DRAW_MS = 280; // a card from the stock to a hand
const DEAL_STEP_MS = 45; // between two cards of a deal, seat after seat
const TURN_MS = 160; // the trump turned up, the deal's last motion
const SLIDE_MS = 180; // the hand closing up or opening
const PULSE_MS = 300; // the seat to act
const EASE_OUT = "cubic-bezier(0.2, 0.7, 0.3, 1)";
const LATE_LAYOUT_MS = 400; // no rendering by then in a hidden tab: move on without it

/** Whether anything may move now (chips.js asks the same). */
export function motionAllowed() {
  return document.getElementById("table")?.dataset.speed !== "instant"
    && !window.matchMedia("(prefers-reduced-motion: reduce)").matches
    && !document.hidden;
}

const box = (el) => (el && el.getClientRects().length ? el.getBoundingClientRect() : null);

/** The table as drawn now, in the terms a change is told in; with ``measure``, where each
 *  card and seat is on the screen too (one layout, taken before the batch changes it). */
export function read(measure) {
  const table = document.getElementById("table");
  const at = (el) => (measure ? box(el) : null);
  const me = document.querySelector("#me .seat[data-seat]");
  const hand = new Map();
  for (const el of document.querySelectorAll("#hand [data-card]")) hand.set(el.dataset.card, { el, rect: at(el) });
  const seats = new Map();
  for (const el of document.querySelectorAll("#felt .seat[data-seat]")) {
    const mini = el.querySelector(".mini-hand, .open-hand");
    const backs = mini ? [...mini.children] : [];
    seats.set(el.dataset.seat, { el, backs, rect: measure ? box(backs.length ? mini : null) ?? box(el) : null });
  }
  const deck = document.querySelector("#deck .deck");
  const count = deck?.querySelector(".count");
  const trick = document.querySelector("#trick .trick-cards");
  const plays = [...document.querySelectorAll("#trick .play[data-seat]")].map((play) => ({
    seat: play.dataset.seat,
    kind: [...play.classList].find((c) => c.startsWith("kind-")) ?? "",
    cards: [...play.querySelectorAll(".cards > .card")].map((el) => ({ el, code: el.dataset.card ?? null, rect: at(el) })),
  }));
  const pot = document.querySelector("#pot-box .pot-val[data-chips]");
  const dealer = document.querySelector("#felt .seat[data-seat]:has(.tag.dealer), #me .seat[data-seat]:has(.tag.dealer)");
  const mine = document.querySelector("#result-body tr.mine");
  return {
    phase: table?.dataset.phase ?? "none",
    turn: table?.dataset.turn ?? "none",
    me: me?.dataset.seat ?? null,
    meEl: me,
    hand,
    seats,
    stock: deck ? (count ? Number(count.textContent) : 0) : null,
    stockRect: measure ? box(document.querySelector("#deck .stock .card:last-child")) ?? box(deck) : null,
    dealer: dealer?.dataset.seat ?? null,
    dealerRect: measure ? box(dealer) : null,
    plays,
    finished: Boolean(trick?.classList.contains("taken")),
    winner: document.querySelector("#trick .play.winning")?.dataset.seat ?? null,
    turnSeat: document.querySelector("#table .seat.turn")?.dataset.seat ?? null,
    pot: pot ? Number(pot.dataset.chips) : null,
    match: document.querySelector("#pot-box")?.dataset.match ?? null,
    // The deal's end as the result dialog draws it: the player's row best, or another's.
    outcome: !mine ? null : mine.classList.contains("top") ? "won"
      : document.querySelector("#result-body tr.top") ? "lost" : null,
  };
}

const playKey = (p) => `${p.seat}/${p.kind}/${p.cards.map((c) => c.code ?? "?").join(",")}`;

/**
 * What changed from ``before`` to ``now`` (two ``read``s), as the player would say it:
 * ``played`` the plays new on the table, ``taken`` the trick that left it (finished, with
 * its taker), ``dealt`` a new deal, ``drawn`` cards drawn from the stock, ``chips`` the pot
 * changed, ``ended`` won/lost when a deal's result appears, ``yourTurn`` the player is to act
 * after someone else was.
 */
export function changes(before, now) {
  const was = before.plays;
  const same = was.length <= now.plays.length && was.every((p, i) => playKey(p) === playKey(now.plays[i]));
  const sameViewer = before.me !== null && before.me === now.me;
  const stockKnown = before.stock !== null && now.stock !== null && sameViewer;
  const over = (phase) => phase === "round_end" || phase === "match_end";
  return {
    played: same ? now.plays.slice(was.length) : now.plays,
    taken: !same && was.length && before.finished && before.winner !== null && sameViewer && !over(before.phase) ? before : null,
    dealt: now.me !== null && now.stock !== null && !now.plays.length && !over(now.phase)
      && (before.phase === "none" || over(before.phase) || (stockKnown && now.stock > before.stock)),
    drawn: stockKnown && now.stock < before.stock,
    chips: before.pot !== null && now.pot !== null && before.match === now.match && before.pot !== now.pot,
    ended: !over(before.phase) && over(now.phase) ? now.outcome : null,
    yourTurn: now.turn === "me" && before.turn === "bot" && now.phase === "play",
    sameViewer,
  };
}

// --- moving -----------------------------------------------------------------------------------

/** A fixed layer over the page, hidden from readers, made once: `id` is also its class
 *  ("motion" for cards, "coins" for chips: table.css places each). */
export function overlay(id) {
  let el = document.getElementById(id);
  if (!el) {
    el = document.createElement("div");
    el.id = id;
    el.className = id;
    el.setAttribute("aria-hidden", "true");
    document.body.append(el);
  }
  return el;
}

function layer() {
  return overlay("motion");
}

const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];

/** Flights measured and not yet started (``flyFrom``): all are read before any starts, so
 *  the batch costs one style and layout pass, not one a card. */
const flights = [];

/** Run ``el`` from the box ``from`` to where it is drawn (``to``), faded in if ``fade``. */
function flyFrom(el, from, to, ms, delay, fade) {
  const [x0, y0] = centre(from);
  const [x1, y1] = centre(to);
  if (Math.abs(x0 - x1) < 1 && Math.abs(y0 - y1) < 1) return;
  // A translation only, never a scale: a card's face is SVG text, which Chromium lays out again
  // for every new scale on the screen (its glyphs are sized for it), frame after frame.
  flights.push({ el, start: `translate(${x0 - x1}px, ${y0 - y1}px)`, ms, delay, fade });
}

/** The flights measured, each with the element's own transform (read, like every rect, before
 *  anything is written); returns what starts them. */
function readyFlights() {
  // Each starts before the element's own transform (a lifted card, a tilted discard) and ends
  // on it, in keyframes that replace it: the compositor runs those (it runs no "add" animation).
  for (const flight of flights) flight.own = getComputedStyle(flight.el).transform;
  return startFlights;
}

function startFlights() {
  for (const { el, start, own, ms, delay, fade } of flights.splice(0)) {
    const from = { transform: own === "none" ? start : `${start} ${own}` };
    // A card dealt or drawn fades in as it sets off, in the same animation (one a card, not two).
    const keys = fade ? [{ ...from, opacity: 0 }, { opacity: 1, offset: Math.min(1, 120 / ms) }, { transform: own, opacity: 1 }]
      : [from, { transform: own }];
    el.animate(keys, { duration: ms, delay, easing: EASE_OUT, fill: "backwards" });
  }
}

/** A copy of a card of the taken trick, at ``rect``: its class and drawing, no identity. */
function ghost(card, rect) {
  const frame = document.createElement("div");
  frame.className = "ghost";
  for (const [name, value] of [["left", rect.left], ["top", rect.top], ["width", rect.width], ["height", rect.height]]) {
    frame.style.setProperty(name, `${value}px`); // CSSOM, not a style attribute in markup: the CSP allows it
  }
  const copy = card.cloneNode(true);
  for (const name of copy.getAttributeNames()) if (name !== "class") copy.removeAttribute(name);
  copy.setAttribute("aria-hidden", "true");
  frame.append(copy);
  return frame;
}

/** The taken trick's cards, from where they lay to their taker's seat, fading: measured now,
 *  moved by the function returned, once the flights have started (it writes to the page). */
function sweep(taken, now) {
  const seat = taken.winner === now.me ? now.meEl : now.seats.get(taken.winner)?.el;
  const target = box(seat?.querySelector(".pile") ?? seat);
  if (!target) return null;
  const [x1, y1] = centre(target);
  return () => {
    // One copy a play, its top card (the others lie under it): a few layers to paint, not sixteen.
    const frames = [];
    for (const play of taken.plays) {
      const top = play.cards.at(-1);
      if (top?.rect) frames.push([ghost(top.el, top.rect), top.rect]);
    }
    if (!frames.length) return;
    const flight = document.createElement("div");
    flight.className = "flight-cards";
    for (const [frame] of frames) flight.append(frame);
    layer().append(flight);
    const runs = frames.map(([frame, rect], i) => {
      const [x0, y0] = centre(rect);
      return frame.animate([
        { transform: "translate(0px, 0px)", opacity: 1 },
        { transform: `translate(${x1 - x0}px, ${y1 - y0}px)`, opacity: 0 },
      ], { duration: TAKE_MS, delay: Math.min(i, 5) * 12, easing: "ease-in", fill: "forwards" }).finished;
    });
    // A tab hidden mid-flight may hold the animations' clock: the copies go by the timer at the latest.
    const late = new Promise((done) => setTimeout(done, TAKE_MS + 200));
    Promise.race([Promise.allSettled(runs), late]).then(() => flight.remove());
  };
}

/** A new deal as a dealer deals it (RULES.md §3): from the dealer's seat, one card at a time
 *  round the table clockwise from the dealer's left, then the stock set down and the trump
 *  turned up last. Seats are numbered clockwise, so the dealer's left is the next number. */
function deal(now) {
  const seat = now.dealerRect ?? now.stockRect;
  if (!seat) return;
  // From the dealer's hands: a card the size of the stock's, at the middle of the dealer's seat.
  const card = now.stockRect ?? seat;
  const [x, y] = centre(seat);
  const from = { left: x - card.width / 2, top: y - card.height / 2, width: card.width, height: card.height };
  const count = now.seats.size + 1;
  const dealer = Number(now.dealer ?? count - 1); // none marked: as if the last seat dealt
  const hands = new Map([[Number(now.me), [...now.hand.values()].map(({ el, rect }) => [el, rect])]]);
  for (const [seat, place] of now.seats) hands.set(Number(seat), place.backs.map((el) => [el, box(el)]));
  const order = [];
  for (let k = 1; k <= count; k++) {
    const seat = (dealer + k) % count;
    if (hands.get(seat)?.length) order.push(seat); // a seat out of the match is dealt nothing
  }
  let next = 0;
  const unseen = []; // seats whose cards are not drawn at this size (a phone at five or six)
  const round = order.length * DEAL_STEP_MS; // from one card of a seat to its next
  order.forEach((seat, i) => {
    const cards = hands.get(seat);
    next = Math.max(next, ((cards.length - 1) * order.length + i + 1) * DEAL_STEP_MS);
    if (cards.some(([, rect]) => !rect)) unseen.push([seat, box(now.seats.get(String(seat))?.el), i * DEAL_STEP_MS, cards.length]);
    else cards.forEach(([el, rect], j) => flyFrom(el, from, rect, DRAW_MS, j * round + i * DEAL_STEP_MS, true));
  });
  for (const el of document.querySelectorAll("#deck .stock .card")) {
    const rect = box(el);
    if (rect) flyFrom(el, from, rect, DRAW_MS, next, true);
  }
  const trump = document.querySelector("#trump .card");
  const under = box(trump); // turned up from under the stock, where the dealer put it
  if (under && now.stockRect) flyFrom(trump, now.stockRect, under, TURN_MS, next + DRAW_MS, true);
  return () => toSeats(from, unseen.filter(([, target]) => target), Math.min(DRAW_MS, round));
}

/** Backs dealt to seats that show no cards: one bare back a seat in #motion, flying from
 *  ``from`` to its seat once for each card it is dealt (an iteration a card, ``ms`` each: the
 *  seat's next card leaves as the last one lands, so one element and one animation serve a
 *  seat's whole hand), gone after the last. Called once the flights have started (it writes). */
function toSeats(from, seats, ms) {
  if (!seats.length) return;
  const flight = document.createElement("div");
  flight.className = "flight-cards";
  const [x0, y0] = centre(from);
  const runs = seats.map(([seat, target, delay, cards]) => {
    const frame = document.createElement("div");
    frame.className = "ghost";
    frame.dataset.seat = seat;
    for (const name of ["left", "top", "width", "height"]) frame.style.setProperty(name, `${from[name]}px`);
    const back = document.createElement("span");
    back.className = "card back";
    frame.append(back);
    flight.append(frame);
    const [x1, y1] = centre(target);
    return [frame, `translate(${x1 - x0}px, ${y1 - y0}px)`, delay, cards];
  });
  layer().append(flight);
  const landed = runs.map(([frame, end, delay, cards]) => frame.animate([
    { transform: "translate(0px, 0px)", opacity: 0 },
    { opacity: 1, offset: 0.2 },
    { transform: end, opacity: 0 },
  ], { duration: ms, delay, iterations: cards, easing: EASE_OUT, fill: "both" }).finished);
  const late = Math.max(...runs.map(([, , delay, cards]) => delay + cards * ms)) + 200;
  Promise.race([Promise.allSettled(landed), new Promise((done) => setTimeout(done, late))]).then(() => flight.remove());
}

/** Cards new in a hand since the last drawing (a draw after a trick), from the stock, the
 *  trick's taker first and then clockwise, as the draw goes. */
function fromStock(before, now) {
  const stock = now.stockRect ?? before.stockRect;
  if (!stock) return;
  const count = now.seats.size + 1;
  const first = Number(before.winner ?? now.me); // the taker draws first (RULES.md §4.4)
  const step = (seat, j) => (j * count + (Number(seat) - first + count) % count) * DEAL_STEP_MS;
  let j = 0; // one card at a time round the table: a seat's second card after everyone's first
  for (const [code, card] of now.hand) {
    if (!before.hand.has(code) && card.rect) flyFrom(card.el, stock, card.rect, DRAW_MS, step(now.me, j++), true);
  }
  for (const [seat, place] of now.seats) {
    const had = before.seats.get(seat)?.backs.length ?? 0;
    place.backs.slice(had).forEach((back, k) => {
      const rect = box(back);
      if (rect) flyFrom(back, stock, rect, DRAW_MS, step(seat, k), true);
    });
  }
}

/** Cards played to the table since the last drawing: from the hand (by their own place there;
 *  a face-down one from a place a card left) or from the seat that played them. */
function toTable(played, before, now) {
  const faceUp = new Set(played.flatMap((p) => p.cards.map((c) => c.code)).filter(Boolean));
  const left = [...before.hand.keys()].filter((code) => !now.hand.has(code) && !faceUp.has(code));
  for (const play of played) {
    const fromHand = play.seat === now.me && before.me === now.me;
    play.cards.forEach((card, i) => {
      const from = fromHand ? before.hand.get(card.code ?? left.shift())?.rect : before.seats.get(play.seat)?.rect;
      if (from && card.rect) flyFrom(card.el, from, card.rect, PLAY_MS, i * 30, false);
    });
  }
}

// The next rendering step's layout, without asking for one: a ResizeObserver's first
// notification for a target comes in the rendering step right after the browser has laid the
// page out and before it paints, so a new drawing's geometry is there to read (no layout of
// our own: reading it earlier, in the batch's task or at requestAnimationFrame, made the
// browser lay the page out there, in a script) and what moves starts in the frame that first
// paints it. Without ResizeObserver: at the next frame, laying it out then.
const laidOut = [];
let round = 0; // the readers' turns: one per rendering step that has them

function whenLaidOut() {
  round++;
  // Every reader first, then what each returned, which writes: no read after a write.
  for (const write of laidOut.splice(0).map((read) => read())) write?.();
}
const layoutWatch = typeof ResizeObserver === "function" ? new ResizeObserver(() => {
  layoutWatch.disconnect();
  whenLaidOut();
}) : null;

/** Call ``read`` once the page is laid out as drawn, before it is painted (chips.js too): it
 *  measures, and returns what writes to the page, called when every reader has read. A tab
 *  hidden before it painted renders nothing: a timer then calls them (chips.js's batch waits).
 *  A visible tab's rendering only comes late (a busy machine): it is waited for, as reading
 *  from the timer would lay the whole table out in a script (a long task of style and layout). */
export function afterLayout(read) {
  laidOut.push(read);
  if (laidOut.length > 1) return;
  if (layoutWatch) layoutWatch.observe(document.documentElement); // (a new target: notified once)
  else requestAnimationFrame(whenLaidOut);
  lateLayout(round);
}

function lateLayout(mine) {
  setTimeout(() => {
    if (round !== mine) return; // laid out and read in time
    if (!document.hidden) return lateLayout(mine); // it renders: its frame is late, not gone
    layoutWatch?.disconnect();
    whenLaidOut();
  }, LATE_LAYOUT_MS);
}

let seen = null; // the table as last painted, measured, while its flights wait for the layout
let waiting = false;

/** After the page's own layout of the new drawing: measure what changed since the table was
 *  last painted, and return what moves it. Several batches drawn before one frame move as one. */
function fly() {
  waiting = false;
  const before = seen;
  seen = null;
  // A layout that comes late (a tab shown again) finds an old table: nothing to fly from.
  if (!before || !motionAllowed() || performance.now() - before.at > 1000) return null;
  const now = read(true);
  const what = changes(before, now);
  if (what.played.length) toTable(what.played, before, now);
  const dealt = what.dealt ? deal(now) : null;
  if (!what.dealt && what.sameViewer) {
    if (what.drawn) fromStock(before, now);
    // The hand closes up round a card that left it, or opens for one drawn; a card selected or
    // put back only lifts or drops (a tap on the next card never waits for the last one's motion).
    const changed = now.hand.size !== before.hand.size || [...now.hand.keys()].some((code) => !before.hand.has(code));
    for (const [code, card] of changed ? now.hand : []) {
      const was = before.hand.get(code);
      if (was?.rect && card.rect) flyFrom(card.el, was.rect, card.rect, SLIDE_MS, 0, false); // (none if it stayed)
    }
  }
  const swept = what.taken ? sweep(what.taken, now) : null;
  const start = readyFlights();
  const seat = now.turnSeat !== null && now.turnSeat !== before.turnSeat ? document.querySelector("#table .seat.turn") : null;
  return () => {
    start();
    dealt?.();
    swept?.();
    seat?.animate([{ transform: "scale(1)" }, { transform: "scale(1.05)" }, { transform: "scale(1)" }],
      { duration: PULSE_MS, easing: "ease-out" });
  };
}

/** Before a batch's regions are drawn: the table as it is (for ``animate``'s changes), and,
 *  unless an earlier batch's flights still wait for the layout, where everything was painted. */
export function snapshot() {
  // The first drawing at boot is not seen moving: the table was not on the screen before it.
  // (Measured while the page is still laid out as painted: nothing is laid out for it.)
  if (!seen && motionAllowed() && document.documentElement.dataset.state === "ready") seen = { ...read(true), at: performance.now() };
  return read(false);
}

/**
 * After a batch's regions are drawn: what it changed since ``before`` (``snapshot``'s), for
 * sound.js and cues.js; the cards move once the browser has laid the new drawing out, before
 * it paints it. Nothing here is awaited: the next batch draws over whatever still moves.
 */
export function animate(before) {
  if (seen && !waiting) {
    waiting = true;
    afterLayout(fly);
  }
  return changes(before, read(false));
}
