// Pyodide for the Python worker (host.js names this module as PyScript's
// interpreter): failures made loud, and the start from a memory snapshot.
//
// Why the failures: Pyodide 314 only logs a warning and then waits forever when
// its wasm cannot be fetched or compiled. On the page, boot.js watched those
// calls; in the worker nothing did, so a blocked or corrupt runtime hung until
// the boot timeout. Here loadPyodide rejects instead, with "[network]" or
// "[corrupt]" at the start of the message, which host.js passes on to the
// Russian error screen.
//
// Why the snapshot: most of a start is CPython initialising itself and
// importing our modules (≈ 2.5 s here), the same work on every visit. On a visit
// without a snapshot, this module puts our zips on sys.path and imports
// web/table/worker/service.py as soon as Pyodide is up, then keeps a memory snapshot of the
// interpreter in the browser's Cache Storage, keyed by the runtime's version and
// the zips' bytes. The next visit restores it (≈ 0.4 s) instead and writes the
// same zips back where the snapshot's sys.path expects them (a module imported
// later reads its file); PyScript then runs web/main.py, whose import of the
// service finds it already loaded.
// Anything wrong with a snapshot only costs the normal start.

import { loadPyodide as load, version } from "../../vendor/pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("../../vendor/pyodide/", import.meta.url).href;
// Our Python as tools/build_site.py zips it, imported from the zips themselves
// (zipimport: written as two files, never unpacked), by this module rather than
// PyScript's [files].
const ZIPS = ["../../burkozel.zip", "../../web.zip"].map((path) => new URL(path, import.meta.url).href);
const SNAPSHOT_CACHE = "python-snapshot"; // not "burkozel-…": sw.js deletes those it does not know
const SERVICE = "from table.worker import service";
// Part of the snapshot's key beside the runtime's version and the zips: how this module
// prepares the interpreter before the snapshot (where the zips go, what sys.path holds).
// Change it with that preparation, or a snapshot made the old way would be restored.
const PREPARATION = "zips-on-sys.path-2";

function now() {
  return performance.timeOrigin + performance.now();
}

async function snapshotKey(zips) {
  const parts = [new TextEncoder().encode(`${version} ${PREPARATION}`), ...zips];
  const joined = new Uint8Array(parts.reduce((n, p) => n + p.length + 1, 0));
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length + 1;
  }
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", joined));
  const hex = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
  return new URL(`../../python-snapshot/${hex}`, import.meta.url).href;
}

async function hasSnapshot() {
  try {
    return (await caches.has(SNAPSHOT_CACHE)) && (await (await caches.open(SNAPSHOT_CACHE)).keys()).length > 0;
  } catch {
    return false;
  }
}

async function readSnapshot(key) {
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    const response = await cache.match(key);
    return response ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch {
    return null; // no Cache Storage (private mode, an opaque origin): start as usual
  }
}

async function writeSnapshot(key, snapshot) {
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    for (const request of await cache.keys()) {
      if (request.url !== key) await cache.delete(request); // the app or the runtime changed
    }
    await cache.put(key, new Response(snapshot, { headers: { "Content-Type": "application/octet-stream" } }));
  } catch (error) {
    console.warn("[burkozel] the Python snapshot was not kept:", String(error));
  }
}

async function forgetSnapshot() {
  try {
    await caches.delete(SNAPSHOT_CACHE);
  } catch {}
}

/** loadPyodide made to reject on a blocked or corrupt runtime instead of hanging. */
async function loudly(options) {
  let failed;
  const failure = new Promise((_, reject) => {
    failed = reject;
  });
  const native = {
    fetch: globalThis.fetch,
    instantiate: WebAssembly.instantiate,
    instantiateStreaming: WebAssembly.instantiateStreaming,
  };
  globalThis.fetch = function (input, init) {
    const promise = native.fetch.call(this, input, init);
    const url = input instanceof Request ? input.url : String(input);
    promise.then(
      (response) => {
        if (!response.ok) failed(new Error(`[network] HTTP ${response.status} for ${url}`));
      },
      (error) => failed(new Error(`[network] ${error} (${url})`)),
    );
    return promise;
  };
  for (const name of ["instantiate", "instantiateStreaming"]) {
    const original = native[name];
    if (typeof original !== "function") continue;
    WebAssembly[name] = function (...args) {
      const promise = original.apply(this, args);
      promise.catch((error) => {
        const kind = error instanceof WebAssembly.CompileError ? "corrupt" : "network";
        failed(new Error(`[${kind}] WebAssembly.${name}: ${error}`));
      });
      return promise;
    };
  }
  try {
    // indexURL: PyScript would derive it from this module's URL (web/), not Pyodide's.
    return await Promise.race([load({ ...options, indexURL: INDEX_URL }), failure]);
  } finally {
    globalThis.fetch = native.fetch;
    WebAssembly.instantiate = native.instantiate;
    if (native.instantiateStreaming) WebAssembly.instantiateStreaming = native.instantiateStreaming;
  }
}

async function fetchZip(url) {
  let response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new Error(`[network] ${error} (${url})`);
  }
  if (!response.ok) throw new Error(`[network] HTTP ${response.status} for ${url}`);
  return new Uint8Array(await response.arrayBuffer());
}

export async function loadPyodide(options = {}) {
  // bench/startup.py's breakdown (read back by web/main.py): epoch ms, and the snapshot's fate.
  const times = (globalThis.burkozelRuntimeTimes = { called: now(), loaded: null, snapshot: "none", service_ms: null });
  const zips = Promise.all(ZIPS.map(fetchZip)); // while Pyodide starts
  zips.catch(() => {}); // its failure is thrown below, once Pyodide is up or has failed first
  const key = zips.then(snapshotKey).catch(() => null);
  // A first visit has no snapshot: it calls loadPyodide at once rather than after the
  // zips (the key is their hash), which cost a round trip and more on a slow link.
  const snapshot = (await hasSnapshot()) ? await key.then((k) => (k ? readSnapshot(k) : null)) : null;
  let pyodide = null;
  if (snapshot) {
    try {
      pyodide = await loudly({ ...options, _loadSnapshot: snapshot });
      times.snapshot = "used";
    } catch (error) {
      if (/\[(network|corrupt)\]/.test(String(error?.message ?? error))) throw error;
      console.warn("[burkozel] the Python snapshot did not load; starting afresh:", String(error));
      await forgetSnapshot();
    }
  }
  pyodide ??= await loudly({ ...options, _makeSnapshot: true });
  times.loaded = now();
  const paths = ZIPS.map((url) => `${pyodide.FS.cwd()}/${url.split("/").pop()}`);
  (await zips).forEach((zip, i) => pyodide.FS.writeFile(paths[i], zip));
  if (times.snapshot === "used") return pyodide; // its sys.path names them already
  pyodide.runPython(`import sys; sys.path[:0] = ${JSON.stringify(paths)}`);
  try {
    const started = now();
    pyodide.runPython(SERVICE);
    times.service_ms = now() - started;
    const made = pyodide.makeMemorySnapshot();
    times.snapshot = "made";
    const k = await key;
    if (k) writeSnapshot(k, made); // not awaited: the table does not wait for the disk
  } catch (error) {
    // A failing import is reported by web/main.py, which PyScript runs next.
    times.snapshot = "failed";
    console.warn("[burkozel] no Python snapshot:", String(error));
  }
  return pyodide;
}
