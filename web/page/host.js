// The page's side of the table: Python runs in a worker, this file runs the page.
//
// Why: the engine, the bots and the markup are Python, and Python
// in the page would hold the main thread for seconds at start and for every
// bot's move. So web/main.py runs in a PyScript worker (PyWorker from core.js),
// as a service with no DOM: this file sends it the page (URL, stored strings,
// the early menu's hand-over) and the player's input as small JSON events, and
// applies the effects it answers (web/table/control/effects.py): each changed region's
// markup (keeping focus on the same control), the dialogs to open, attributes,
// localStorage writes, timers to arm, and operations on the WebRTC links
// (p2p.js). Nothing here decides anything about the game.
//
// Contract with the rest of the page: <html data-state> ends "ready" when the
// worker has drawn the table (or "error" through window.burkozelBoot.fail);
// <html data-py="done"> once the start is over either way; window.burkozelSettled()
// resolves when every input sent so far has been answered and drawn. With ?bench=1,
// window.burkozelBench(json) and window.burkozelSteps() return promises.

import { PyWorker } from "../../vendor/pyscript/core.js";
import { stackDialogs } from "./dialogs.js";

const root = document.documentElement;
const table = document.getElementById("table");
const DIALOGS = ["p2p", "info", "rules", "menu", "result"]; // closed in this order (top first)
const STORAGE_PREFIX = "burkozel.";

let worker = null;
let queue = Promise.resolve(); // effects are applied in the order the events were sent
let noCancel = [];
const timers = new Map();

function describe(reason) {
  if (reason instanceof Error) return `${reason.name}: ${reason.message}\n${reason.stack ?? ""}`;
  return String(reason?.message ?? reason);
}

function readStorage() {
  try {
    const out = {};
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key && key.startsWith(STORAGE_PREFIX)) out[key] = localStorage.getItem(key);
    }
    return out;
  } catch {
    return null; // disabled (private mode, policy): the table says so
  }
}

/** Send one event to the worker, with the page's clock (the one its timers run on);
 *  its effects are applied in turn. */
function send(event) {
  if (!worker) return;
  const reply = worker.sync.event(JSON.stringify({ ...event, now: performance.now() }));
  queue = queue.then(() => reply).then(
    (json) => apply(JSON.parse(json)),
    (error) => console.warn("[burkozel] event failed:", describe(error)),
  );
}

/** Resolves once every event sent so far has had its effects applied (tests wait on it:
 *  a click's result is on the page one round trip to the worker later, not at once). */
async function settled() {
  let last;
  do {
    last = queue;
    await last;
  } while (last !== queue);
}
window.burkozelSettled = settled;

// --- applying effects -------------------------------------------------------------------

function replace(node, markup) {
  const active = document.activeElement;
  let key = null;
  if (active && active !== document.body && node.contains(active)) {
    for (const attr of ["id", "data-card", "data-action"]) {
      const value = active.getAttribute(attr);
      if (value) {
        key = [attr, value];
        break;
      }
    }
  }
  node.innerHTML = markup;
  if (key) {
    const target = node.querySelector(`[${key[0]}="${CSS.escape(key[1])}"]`) ?? node.querySelector("button:not([disabled])");
    target?.focus();
  }
}

// Dialogs closed here because the worker asked: their "close" event (fired later,
// as a task) is not the player's, and must not go back. Sent back, it arrived after
// a quick L had reopened the last trick and closed it again.
const closingForWorker = new Map(); // id → closes not yet heard (one dialog may close twice)

function syncDialogs(wanted) {
  stackDialogs(wanted, DIALOGS, (dialog) => {
    closingForWorker.set(dialog.id, (closingForWorker.get(dialog.id) || 0) + 1);
    dialog.close();
  });
}

function focus(what) {
  if (what !== "handover") {
    document.querySelector(what)?.focus();
    return;
  }
  const slot = document.getElementById("handover-slot");
  const button = slot?.querySelector("button");
  if (button && !slot.contains(document.activeElement)) button.focus();
}

function store(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    if (value !== null) send({ type: "storage-failed" });
  }
}

function arm(name, { gen, ms }) {
  clearTimeout(timers.get(name));
  timers.delete(name);
  if (ms === null) return;
  timers.set(name, setTimeout(() => {
    timers.delete(name);
    send({ type: "timer", name, gen });
  }, ms));
}

// --- the table's motion, sound and cues: motion.js, chips.js, sound.js, cues.js -------------

// They act on the table's drawings, and the first drawing comes when the worker is up, seconds
// after the page: so they are fetched once the page has loaded, not with the modules its first
// paint waits for, and awaited before that drawing. Should they fail to load, the table plays on
// without them (still, silent, no «Ваш ход» cues).
let tableFx = null; // their exports, once loaded
let tableLoading = null;

function loadTableModules() {
  tableLoading ??= Promise.all([import("./motion.js"), import("./chips.js"), import("./sound.js"), import("./cues.js")])
    .then((modules) => (tableFx = Object.assign({}, ...modules)))
    .catch((error) => console.warn("[burkozel] the table's motion and sound did not load:", describe(error)));
  return tableLoading;
}
if (document.readyState === "complete") loadTableModules();
else addEventListener("load", loadTableModules, { once: true });

/** Apply one batch of effects; a promise while chips move (chips.js), so the next
 *  batch waits for them and the deal's result opens once they have landed. Cards move
 *  (motion.js) and sound (sound.js) by what the batch changed, and nothing waits for them. */
function apply(fx) {
  const before = fx.regions && tableFx ? tableFx.snapshot() : null;
  for (const [element, attrs] of Object.entries(fx.attrs ?? {})) {
    const node = element === "table" ? table : element === "html" ? root : document.querySelector(element);
    for (const [name, value] of Object.entries(attrs)) node?.setAttribute(name, value);
  }
  if (fx.attrs?.html?.lang) window.burkozelBoot?.relabel(); // the title and boot lines follow <html lang>
  for (const [id, markup] of Object.entries(fx.regions ?? {})) {
    const node = document.getElementById(id);
    if (node) replace(node, markup);
  }
  if (fx.noCancel) noCancel = fx.noCancel;
  if (before) {
    const what = tableFx.animate(before);
    tableFx.sound(what, tableFx.peopleAtTable());
    tableFx.cue(what);
  } else if (fx.attrs) tableFx?.cue({ played: [] });
  const moving = tableFx?.moveChips() ?? null;
  const opened = () => {
    if (fx.dialogs) syncDialogs(fx.dialogs);
    if (fx.focus) focus(fx.focus);
  };
  if (!moving) opened();
  else if (fx.dialogs) syncDialogs(fx.dialogs.filter((name) => document.getElementById(name)?.open)); // closing waits not
  for (const [key, value] of fx.store ?? []) store(key, value);
  for (const [name, timer] of Object.entries(fx.timers ?? {})) arm(name, timer);
  if (fx.url) history.replaceState(null, "", fx.url);
  for (const op of fx.p2p ?? []) linkOp(op);
  return moving?.then(opened);
}

// --- play with a friend: p2p.js, loaded when first needed ---------------------------------

let links = null;
let linkQueue = Promise.resolve();

async function loadLinks() {
  if (!links) {
    links = await window.burkozelLoadP2P();
    document.addEventListener("burkozel-p2p", (event) => {
      const { id, kind, data } = event.detail;
      send({ type: "p2p", id, kind, data: data ?? "" });
    });
  }
  return links;
}

async function scan(js) {
  const dialog = document.getElementById("p2p");
  try {
    const text = String((await js.scan(dialog.querySelector("video"))) ?? "");
    const node = dialog.querySelector("textarea[name=p2p-code]");
    if (text && node) node.value = text;
  } catch {
    // no camera, or permission refused: the player pastes the code instead
  }
}

// --- online play: web/page/online.js, loaded when someone first invites or joins by link ------------

// It mounts online play's Python (online.zip) in the worker and loads the rest: a visit
// that never plays online downloads none of it. Needed at start when the page was opened
// from an invite link or the host's page reloads during an online match.
const ONLINE_AT_START = () => location.hash.includes("join=") || location.hash.includes("watch=") || readStorage()?.["burkozel.online-host"] != null;
let online = null; // online.js, once imported
let onlineMounted = null;

/** At start, while the interpreter loads: online.js and its files, not after it (the same
 *  requests mountOnline makes then, answered by now; one that failed is made again there). */
function prefetchOnline() {
  import("./online.js").then((js) => js.fetchFiles()).catch(() => {});
}

function mountOnline() {
  onlineMounted ??= import("./online.js").then((js) => (online = js).mount(worker));
  onlineMounted.catch(() => (onlineMounted = null));
  return onlineMounted;
}

function onlineOp(op) {
  linkQueue = linkQueue.then(() => mountOnline().then(() => online.run(op, send)))
    .catch((error) => console.warn("[burkozel] online play failed:", describe(error)));
}

function linkOp(op) {
  if (op.op.startsWith("online-")) {
    onlineOp(op);
    return;
  }
  linkQueue = linkQueue.then(async () => {
    const js = await loadLinks();
    if (op.op === "send") js.send(op.id, op.text);
    else if (op.op === "close") js.close(op.id);
    else if (op.op === "scan") scan(js);
    else {
      const run = op.op === "offer" ? js.offer(op.id) : op.op === "answer" ? js.answer(op.id, op.sdp) : js.accept(op.id, op.sdp);
      run.then(
        (value) => send({ type: "p2p-done", op: op.op, id: op.id, ok: true, value: String(value ?? "") }),
        (error) => {
          console.warn(`[burkozel] link ${op.op} failed:`, describe(error));
          send({ type: "p2p-done", op: op.op, id: op.id, ok: false, value: "" });
        },
      );
    }
  }).catch((error) => console.warn("[burkozel] link failed:", describe(error)));
}

// --- the player's input --------------------------------------------------------------------

/** «Копировать» / «Поделиться» on a link (an invite's, a finished deal's): in the click's own
 *  handler, as browsers require. A share sheet closed unused says nothing; one that could not
 *  open copies instead. The worker is told how it went (`data-seat` names the link). */
function share(button) {
  const text = button.dataset.copy ?? button.dataset.share;
  const done = (how, ok) => send({ type: "shared", how, ok, seat: button.dataset.seat ?? "" });
  const copy = () => (navigator.clipboard?.writeText(text) ?? Promise.reject(new Error("no clipboard")))
    .then(() => done("copy", true), () => done("copy", false));
  if (button.dataset.share !== undefined && navigator.share) {
    navigator.share({ url: text }).then(() => done("share", true),
      (error) => (error?.name === "AbortError" ? done("share", false) : copy()));
  } else {
    copy();
  }
}

function listen() {
  table.addEventListener("click", (event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const card = target.closest("#hand [data-card]");
    if (card) {
      send({ type: "click", card: card.dataset.card });
      return;
    }
    const sharing = target.closest("[data-copy], [data-share]");
    if (sharing) {
      share(sharing);
      return;
    }
    const button = target.closest("[data-action]");
    if (!button || button.disabled) return;
    const code = document.querySelector("#p2p textarea[name=p2p-code]");
    const { action, key, index, seat } = button.dataset;
    const click = { type: "click", action, key, index, seat, code: code ? code.value : null };
    if (action === "online-host" || action === "online-find") {
      mountOnline().then(() => send(click), (error) => console.warn("[burkozel] online play did not load:", describe(error)));
      return;
    }
    send(click);
  });
  table.addEventListener("change", (event) => {
    const input = event.target;
    send({ type: "change", name: input.name ?? "", value: String(input.value ?? ""), checked: Boolean(input.checked) });
  });
  document.addEventListener("keydown", (event) => {
    const key = String(event.key ?? "").toLowerCase();
    if ((key !== "l" && key !== "д") || event.ctrlKey || event.metaKey) return;
    if (event.target instanceof Element && event.target.tagName === "INPUT") return;
    send({ type: "key", key });
  });
  for (const name of DIALOGS) {
    const dialog = document.getElementById(name);
    if (!dialog) continue;
    dialog.addEventListener("cancel", (event) => {
      if (noCancel.includes(name)) event.preventDefault();
    });
    dialog.addEventListener("close", () => {
      const pending = closingForWorker.get(name) || 0;
      if (pending > 1) closingForWorker.set(name, pending - 1);
      else if (pending) closingForWorker.delete(name);
      else send({ type: "close", id: name });
    });
  }
}

// --- start ---------------------------------------------------------------------------------

function environment() {
  const early = window.burkozelMenu ? window.burkozelMenu.takeOver() : null;
  return {
    search: location.search,
    origin: location.origin,
    pathname: location.pathname,
    hash: location.hash,
    href: location.href,
    storage: readStorage(),
    early,
    rtc: "RTCPeerConnection" in window,
    scan: "BarcodeDetector" in window && Boolean(navigator.mediaDevices?.getUserMedia),
    share: typeof navigator.share === "function",
    languages: [...(navigator.languages?.length ? navigator.languages : [navigator.language || ""])],
  };
}

async function start() {
  let first;
  const onlineAtStart = ONLINE_AT_START();
  if (onlineAtStart) prefetchOnline();
  try {
    // The interpreter (Pyodide, through runtime.mjs) as an absolute URL: the
    // worker is a blob: URL, and PyWorker takes it as `version`.
    const runtime = new URL("./runtime.mjs", import.meta.url).href;
    window.burkozelBoot?.setStage("Loading Pyodide"); // the worker's progress events stay in the worker
    // The config as an object (pyscript.toml, which the build writes into <py-config>):
    // the worker then fetches no config file before it can start Pyodide.
    const config = JSON.parse(document.querySelector("py-config").textContent);
    worker = await PyWorker("./web/main.py", { config, version: runtime });
    performance.mark("burkozel:worker");
    window.burkozelBoot?.setStage("table");
    if (onlineAtStart) await mountOnline().catch((error) => console.warn("[burkozel] online play did not load:", describe(error)));
    first = JSON.parse(await worker.sync.start(JSON.stringify(environment())));
    if (first.error) throw new Error(`PythonError: ${first.error}`);
  } catch (error) {
    worker = null;
    const text = describe(error);
    const kind = /\[(network|corrupt)\]/.exec(text)?.[1] ?? (/Traceback|PythonError/.test(text) ? "python" : undefined);
    window.burkozelBoot?.fail(text, kind);
    root.dataset.py = "done";
    return;
  }
  if (root.dataset.state === "error") {
    root.dataset.py = "done";
    return; // the error screen stays until the player reloads
  }
  await loadTableModules(); // (long since loaded, but for a page that loads slower than Python starts)
  listen();
  tableFx?.listenForGestures();
  tableFx?.listenForVisibility();
  // The first drawing in two frames, each a short task: the table with the hand's cards blank
  // (html[data-first], table.css), then their faces.
  root.dataset.first = "";
  apply(first);
  // bench/startup.py's breakdown: the table is drawn; `detail` is the worker's own
  // clock (ms importing the engine, the controller, and opening the table).
  performance.mark("burkozel:table", { detail: first.timing });
  const onPage = (epoch) => Math.max(0, epoch - performance.timeOrigin);
  const { main_epoch_ms: main, runtime } = first.timing ?? {};
  if (main) performance.mark("burkozel:main", { startTime: onPage(main) });
  if (runtime?.called && runtime?.loaded) {
    // runtime.mjs: loadPyodide called and returned; the snapshot made, used or none.
    performance.mark("burkozel:runtime-called", { startTime: onPage(runtime.called) });
    performance.mark("burkozel:runtime-loaded", { startTime: onPage(runtime.loaded), detail: runtime });
  }
  if (new URLSearchParams(location.search).get("bench") === "1") {
    window.burkozelBench = (request) => worker.sync.bench(String(request));
    window.burkozelSteps = () => worker.sync.steps();
  }
  root.dataset.state = "ready";
  root.dataset.py = "done";
  const faces = () => {
    delete root.dataset.first;
    performance.mark("burkozel:drawn");
  };
  if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(faces));
  else faces(); // (in the background: no frames)
}

start();
