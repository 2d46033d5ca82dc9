/* Burkozel service worker: makes the table work offline after one visit.
 *
 * Why it looks like this:
 * - Two caches named after what they hold. The vendored runtime (~13 MB) is keyed
 *   by the Pyodide/PyScript versions, so an app update does not re-download it;
 *   the app cache is keyed by a hash of every app file, so any change renames it.
 * - tools/build_site.py replaces the BUILD line below with the real names and
 *   file lists; the bytes of sw.js therefore change on every app change, which
 *   is what makes the browser install the new worker.
 * - Cache-first, storing the original responses, so `application/wasm` survives
 *   and Pyodide keeps streaming compilation and the V8 code cache.
 * - App files are precached with cache: "reload", skipping the HTTP cache
 *   (GitHub Pages sends max-age=600, which could otherwise mix an old file into
 *   a new cache). Vendor files are versioned by their cache name, so they use
 *   cache: "no-cache": still checked with the server, but a 304 reuses the
 *   copy the page has just downloaded instead of fetching 13 MB twice.
 * - All URLs are relative to this file, so the site works under /<repo>/.
 */
"use strict";

const BUILD = null; // replaced by tools/build_site.py with {vendorCache, appCache, vendor, app}

const OWN_PREFIX = "burkozel-";
const CACHES_IN_USE = [BUILD.appCache, BUILD.vendorCache];

async function precache(cacheName, urls, httpCacheMode) {
  const cache = await caches.open(cacheName);
  // Skip what is already there (the vendor cache survives app updates).
  const missing = [];
  for (const url of urls) {
    if (!(await cache.match(url))) missing.push(url);
  }
  // addAll is all-or-nothing: a single failed file fails the install, so a
  // half-filled cache can never become the one that serves the app.
  await cache.addAll(missing.map((url) => new Request(url, { cache: httpCacheMode })));
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    Promise.all([
      precache(BUILD.vendorCache, BUILD.vendor, "no-cache"),
      precache(BUILD.appCache, BUILD.app, "reload"),
    ]).then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(OWN_PREFIX) && !CACHES_IN_USE.includes(name)) {
          await caches.delete(name);
        }
      }
      await self.clients.claim();
    })(),
  );
});

async function fromCaches(request, options) {
  for (const name of CACHES_IN_USE) {
    const cache = await caches.open(name);
    const hit = await cache.match(request, options);
    if (hit) return hit;
  }
  return undefined;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // The page may carry ?seed=…&speed=…: a navigation to it (as "./" or
  // "./index.html", any query) is answered with the cached "./".
  const home = new URL("./", self.location).pathname;
  const isPage =
    request.mode === "navigate" &&
    (url.pathname === home || url.pathname === home + "index.html");
  event.respondWith(
    (async () => {
      const hit = isPage
        ? await fromCaches(new URL("./", self.location).href, { ignoreSearch: true })
        : await fromCaches(request, { ignoreSearch: false });
      if (hit) return hit;
      return fetch(request);
    })(),
  );
});
