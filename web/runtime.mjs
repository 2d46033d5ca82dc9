// Pyodide for the Python worker (web/host.js names this module as PyScript's
// interpreter), with its failures made loud.
//
// Why: Pyodide 314 only logs a warning and then waits forever when its wasm
// cannot be fetched or compiled. On the page, web/boot.js watched those calls;
// in the worker nothing did, so a blocked or corrupt runtime hung until the
// boot timeout. Here loadPyodide rejects instead, with "[network]" or
// "[corrupt]" at the start of the message, which host.js passes on to the
// Russian error screen.

import { loadPyodide as load, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;

export async function loadPyodide(options = {}) {
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
