// Lighthouse runs for bench/lighthouse.py: one headless Chromium per profile
// (mobile, desktop), three pages each, one JSON summary a run on stdout.
//
// Why this order: the first visit of the menu installs the service worker, and
// the second visit, with storage kept, is what a returning player gets; the
// table in play (?autoplay=1: bots in every seat, dealing at once) is measured
// from a clean profile like the first visit.
//
//   node bench/lighthouse.mjs --base http://127.0.0.1:PORT/ --chrome /usr/bin/chromium [--runs N]
//       [--profiles mobile,desktop] [--pages menu,second,play] [--trace-dir DIR]
// --trace-dir keeps each run's Chrome trace (DIR/<profile>-<page>-<run>.json) for bench/trace_tasks.py.
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

const { values: opts } = parseArgs({
  options: {
    base: { type: "string" },
    chrome: { type: "string", default: process.env.CHROME_PATH || "/usr/bin/chromium" },
    runs: { type: "string", default: "1" },
    flags: { type: "string", default: "" },
    profiles: { type: "string", default: "mobile,desktop" },
    pages: { type: "string", default: "menu,second,play" },
    "trace-dir": { type: "string", default: "" },
  },
});
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = {
  fcp: "first-contentful-paint", lcp: "largest-contentful-paint", tbt: "total-blocking-time",
  cls: "cumulative-layout-shift", si: "speed-index", bytes: "total-byte-weight",
};
const PAGES = [
  { key: "menu", page: "menu, first visit", path: "", keep: false },
  { key: "second", page: "second visit (service worker)", path: "", keep: true },
  { key: "play", page: "table in play (?autoplay=1)", path: "?autoplay=1", keep: false },
].filter(({ key }) => opts.pages.split(",").includes(key));

// What a failed audit points at: the first few elements (with their font size) or files.
function where(audit) {
  const items = audit.details?.items ?? [];
  return items.slice(0, 4).map((item) => {
    const node = item.node ?? item.subItems?.items?.[0]?.relatedNode;
    const selector = node?.selector ?? (typeof item.selector === "string" ? item.selector : item.selector?.selector);
    const source = item.source?.url !== undefined
      ? `${item.source.url}${item.source.line === undefined ? "" : `:${item.source.line + 1}`}` : item.source;
    return [selector, source ?? item.url, item.fontSize, item.coverage]
      .filter((x) => x !== undefined && x !== null && x !== "").join(" ").replaceAll(opts.base, "/");
  }).filter(Boolean);
}

function summary(lhr) {
  const failed = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && ["binary", "numeric", "metricSavings"].includes(a.scoreDisplayMode))
    .map((a) => ({ id: a.id, score: a.score, value: a.displayValue || "", where: where(a),
                   savings: a.metricSavings ?? null }));
  // What the blocking time is made of: Lighthouse's long tasks (simulated on mobile: 4x the
  // trace's) with the script each is charged to, and the main thread's work by script and kind.
  const items = (id) => lhr.audits[id]?.details?.items ?? [];
  const short = (url) => String(url ?? "").replaceAll(opts.base, "/");
  return {
    longTasks: items("long-tasks").map((t) => ({ url: short(t.url), start: Math.round(t.startTime), ms: Math.round(t.duration) })),
    bootup: items("bootup-time").slice(0, 8).map((t) => ({ url: short(t.url), total: Math.round(t.total),
      scripting: Math.round(t.scripting), parse: Math.round(t.scriptParseCompile) })),
    breakdown: items("mainthread-work-breakdown").map((t) => ({ group: t.groupLabel ?? t.group, ms: Math.round(t.duration) })),
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])),
    metrics: Object.fromEntries(Object.entries(METRICS).map(([k, id]) => [k, lhr.audits[id]?.numericValue ?? null])),
    failed,
    lighthouse: lhr.lighthouseVersion,
    userAgent: lhr.environment?.hostUserAgent,
    warnings: lhr.runWarnings,
  };
}

const chromeFlags = ["--headless=new", ...opts.flags.split(" ").filter(Boolean)];
for (const profile of opts.profiles.split(",")) {
  const config = profile === "desktop" ? desktopConfig : undefined;
  for (let run = 0; run < Number(opts.runs); run++) {
    const chrome = await chromeLauncher.launch({ chromePath: opts.chrome, chromeFlags });
    try {
      for (const { key, page, path, keep } of PAGES) {
        const flags = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES,
                        disableStorageReset: keep };
        const result = await lighthouse(opts.base + path, flags, config);
        if (opts["trace-dir"]) {
          writeFileSync(`${opts["trace-dir"]}/${profile}-${key}-${run}.json`, JSON.stringify(result.artifacts.Trace));
        }
        process.stdout.write(JSON.stringify({ profile, page, run, ...summary(result.lhr) }) + "\n");
      }
    } finally {
      await chrome.kill();
    }
  }
}
