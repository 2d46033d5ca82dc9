// Boot screen driver: names each start-up stage in the player's language, turns
// any failure into a readable error with a reload button, and registers the
// service worker.
//
// Its words come from the language catalogues, written into the page by the build
// (<script id="boot-words">): they are needed before Python runs and even when it
// never does. The language is the one web/page/menu.js put on <html lang> (the saved
// choice, else the browser's); if the early menu did not run, the same rule is applied here.
//
// Why here and not in Python: most things that can go wrong (a runtime file
// missing or corrupt, the wasm failing to compile, a hang) happen before
// Python runs at all, so only JavaScript can report them.
//
// Contract with the rest of the page:
//   <html data-state="loading|ready|error">  — host.js sets "ready" (the worker drew the table);
//   window.burkozelBoot.fail(details, kind?)  — switch to the error screen;
//   <html data-py="done">                    — host.js has finished starting the worker;
//   <html data-update="ready">                — a newer version was installed
//                                               (the UI may offer a reload).
// URL parameters for tests/developers: ?boot_timeout=<ms>, ?sw=off.

const root = document.documentElement;
const params = new URLSearchParams(location.search);

const DEFAULT_TIMEOUT_MS = 180_000; // slow mobile links need a while for ~14 MB
const timeoutMs = Number(params.get("boot_timeout")) || DEFAULT_TIMEOUT_MS;

const SETTINGS_KEY = "burkozel.settings"; // web/table/match/storage.py SETTINGS_KEY

// The boot screen's words in every language, with the language list and who reads
// which: written into index.html by the build from the catalogues
// (web/table/i18n/catalogues/*.json "boot", tools/prerender.py), needed before Python.
const BOOT = (() => {
  try {
    return JSON.parse(document.getElementById("boot-words")?.textContent ?? "null");
  } catch {
    return null;
  }
})() ?? { langs: [], readers: {}, words: {} };

/** The saved language, else the browser's (languages.lang_for_browser: its own catalogue,
 * else one whose readers name it, else the one for everyone, "*"). */
function chosenLang() {
  try {
    const lang = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? "null")?.lang;
    if (BOOT.langs.includes(lang)) return lang;
  } catch {
    // storage off or not JSON: the browser decides
  }
  const first = (navigator.languages?.[0] || navigator.language || "").toLowerCase().split("-")[0];
  const claims = Object.entries(BOOT.readers);
  const claimed = claims.find(([code]) => code === first) ?? claims.find(([, subtags]) => subtags.includes(first))
    ?? claims.find(([, subtags]) => subtags.includes("*"));
  return claimed?.[0] ?? root.lang;
}
if (root.dataset.menu !== "early") root.lang = chosenLang();

const NO_WORDS = { stages: {}, messages: {}, screen: {} };
const words = () => BOOT.words[root.lang] ?? BOOT.words[BOOT.langs[0]] ?? NO_WORDS;

/** Put the boot screen's static words (index.html) and the page title into the current language. */
function relabel() {
  const w = words();
  for (const [id, text] of Object.entries(w.screen)) {
    const node = document.querySelector(`[data-boot-text="${id}"]`);
    if (node && !(id === "boot-loading" && node.dataset.moved)) node.textContent = text;
  }
  if (w.title) document.title = w.title;
}
relabel();

const $ = (id) => document.getElementById(id);
const booting = () => root.dataset.state === "loading";

function setStatus(text) {
  const node = $("boot-status");
  if (node && booting()) {
    node.textContent = text;
    node.dataset.moved = "1"; // past the first line: a change of language no longer resets it
  }
}

function describe(reason) {
  if (reason instanceof Error) return `${reason.name}: ${reason.message}\n${reason.stack ?? ""}`;
  if (reason && typeof reason === "object" && "message" in reason) return String(reason.message);
  return String(reason);
}

function classify(details) {
  if (/Traceback|Error:.*\bline \d+|PythonError/.test(details)) return "python";
  if (/fetch|network|404|Failed to load|NetworkError|CompileError|WebAssembly|import/i.test(details)) return "network";
  return "unknown";
}

/** Show the error screen (once); later calls only add details. */
function fail(details, kind) {
  const text = typeof details === "string" ? details : describe(details);
  const pre = $("boot-error-details");
  if (pre) pre.textContent = (pre.textContent ? pre.textContent + "\n\n" : "") + text;
  if (root.dataset.state === "error") return;
  unwatch();
  if (root.dataset.state === "ready") {
    // Too late for the boot screen: the table is up. Leave it to the console.
    console.warn("[burkozel] error after start-up:", text);
    return;
  }
  clearTimeout(timer);
  const messages = words().messages;
  $("boot-error-text").textContent = messages[kind ?? classify(text)] ?? messages.unknown ?? text;
  root.dataset.state = "error";
  console.warn("[burkozel] start-up failed:", text);
  $("boot-reload")?.focus();
}

/** A named stage (host.js) in the player's language. */
const setStage = (key) => setStatus(words().stages[key] ?? String(key));

window.burkozelBoot = { fail: (details, kind) => fail(String(details), kind), setStatus, setStage, relabel, word: (key) => words()[key] };

// Play with a friend (p2p.js): loaded only when a player asks for it.
window.burkozelLoadP2P = () => import("./p2p.js");

$("boot-reload")?.addEventListener("click", () => location.reload());

const timer = setTimeout(() => fail(`no data-state="ready" after ${timeoutMs} ms`, "timeout"), timeoutMs);

addEventListener("py:progress", (event) => {
  const text = words().stages[event.detail];
  if (text) setStatus(text);
});

// Anything thrown or rejected while booting (e.g. the wasm failed to load).
addEventListener("unhandledrejection", (event) => {
  if (booting()) fail(event.reason);
});
addEventListener("error", (event) => {
  if (!booting()) return;
  const target = event.target;
  if (target && target !== window && (target.src || target.href)) {
    fail(`Failed to load ${target.src || target.href}`, "network");
  } else {
    fail(event.error ?? event.message);
  }
}, true); // capture: resource load errors do not bubble

// Pyodide 314 only logs a warning and then waits forever when the wasm cannot
// be fetched or compiled, so we watch those calls ourselves while booting.
// The wrappers only observe (the caller gets the original promise) and are
// removed as soon as the table is ready.
const native = {
  fetch: window.fetch,
  instantiate: WebAssembly.instantiate,
  instantiateStreaming: WebAssembly.instantiateStreaming,
};

function urlOf(input) {
  try {
    return new URL(input instanceof Request ? input.url : String(input), location.href);
  } catch {
    return null;
  }
}

window.fetch = function (input, init) {
  const promise = native.fetch.call(this, input, init);
  const url = urlOf(input);
  if (booting() && url && url.origin === location.origin) {
    promise.then(
      (response) => {
        if (!response.ok && booting()) fail(`HTTP ${response.status} for ${url.href}`, "network");
      },
      (error) => {
        if (booting()) fail(`${describe(error)} (${url.href})`, "network");
      },
    );
  }
  return promise;
};

function watchWasm(name) {
  const original = native[name];
  if (typeof original !== "function") return;
  WebAssembly[name] = function (...args) {
    const promise = original.apply(this, args);
    promise.catch((error) => {
      if (!booting()) return;
      const kind = error instanceof WebAssembly.CompileError ? "corrupt" : "network";
      fail(`WebAssembly.${name}: ${describe(error)}`, kind);
    });
    return promise;
  };
}
watchWasm("instantiate");
watchWasm("instantiateStreaming");

function unwatch() {
  window.fetch = native.fetch;
  WebAssembly.instantiate = native.instantiate;
  if (native.instantiateStreaming) WebAssembly.instantiateStreaming = native.instantiateStreaming;
}

function onReady() {
  clearTimeout(timer);
  unwatch();
  setTimeout(registerServiceWorker, 0);
}

new MutationObserver(() => {
  if (root.dataset.state === "ready") onReady();
}).observe(root, { attributes: true, attributeFilter: ["data-state"] });

// A newer version has been installed while this page runs the old one: offer a
// reload (the match is saved after every move, so nothing is lost by it).
function offerUpdate() {
  if (document.getElementById("update-notice")) return;
  const box = document.createElement("div");
  box.id = "update-notice";
  box.className = "notices update-notices";
  box.setAttribute("role", "status");
  const note = document.createElement("div");
  note.className = "notice";
  const text = document.createElement("p");
  text.textContent = words().update;
  const reload = document.createElement("button");
  reload.type = "button";
  reload.className = "btn primary";
  reload.textContent = words().refresh;
  reload.addEventListener("click", () => location.reload());
  const close = document.createElement("button");
  close.type = "button";
  close.className = "x";
  close.setAttribute("aria-label", words().close);
  close.textContent = "×";
  close.addEventListener("click", () => box.remove());
  note.append(text, reload, close);
  box.append(note);
  document.body.append(box);
}

// Listened for from the start, not only once the table is up: the browser checks
// sw.js when the page loads, and a new version may take over while Python starts
// (it no longer holds the main thread). The first visit has no controller: no offer.
if ("serviceWorker" in navigator) {
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!hadController) return;
    root.dataset.update = "ready";
    offerUpdate();
  });
}

async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  if (params.get("sw") === "off") {
    for (const reg of await navigator.serviceWorker.getRegistrations()) await reg.unregister();
    return;
  }
  try {
    // Registered only once the table is up, so precaching never competes with
    // the start-up downloads (it mostly revalidates what the page just fetched).
    await navigator.serviceWorker.register("./sw.js", { scope: "./" });
  } catch (error) {
    console.warn("[burkozel] service worker not registered:", error);
  }
}
