// Firefox ESR for the Python smoke tests: puppeteer-core drives Debian's
// firefox-esr over WebDriver BiDi (no driver to download), and this bridge
// takes one JSON command a line on stdin and answers one JSON line on stdout.
//
// Why a bridge: the smoke steps are written once in Python (e2e/engines.py) for
// every engine; only this thin transport is JavaScript, since Playwright's
// Python package cannot drive a stock Firefox.
//
//   node e2e/firefox_bridge.mjs [--binary /usr/bin/firefox-esr] [--lang ru-RU]
//   {"op": "goto", "url": "…"}  {"op": "reload"}  {"op": "version"}  {"op": "close"}
//   {"op": "evaluate", "fn": "async (arg) => …", "arg": …}   → {"ok": value} | {"error": "…"}
//   {"op": "errors"}  console errors and uncaught exceptions since the last call
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import puppeteer from "puppeteer-core";

const { values: opts } = parseArgs({
  options: { binary: { type: "string", default: "/usr/bin/firefox-esr" }, lang: { type: "string", default: "ru-RU" } },
});

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: opts.binary,
  headless: true,
  // A first start of a fresh profile on a loaded 2-core machine has taken over
  // puppeteer's default 30 s; the browser is not at fault.
  timeout: 120_000,
  // The browser's language is what the table follows when nothing is saved.
  extraPrefsFirefox: { "intl.accept_languages": opts.lang, "intl.locale.requested": opts.lang },
});
const page = (await browser.pages())[0] ?? (await browser.newPage());
await page.setViewport({ width: 1280, height: 800 });
let errors = [];
page.on("console", (msg) => { if (msg.type() === "error") errors.push(msg.text()); });
page.on("pageerror", (err) => errors.push(`uncaught: ${err.message ?? err}`));

const ops = {
  goto: async ({ url }) => { await page.goto(url, { waitUntil: "load" }); return true; },
  reload: async () => { await page.reload({ waitUntil: "load" }); return true; },
  evaluate: async ({ fn, arg }) => page.evaluate(`(${fn})(${JSON.stringify(arg ?? null)})`),
  version: async () => browser.version(),
  errors: async () => { const seen = errors; errors = []; return seen; },
  close: async () => { await browser.close(); process.exit(0); },
};

const answer = (reply) => process.stdout.write(JSON.stringify(reply) + "\n");
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  try {
    const command = JSON.parse(line);
    const op = ops[command.op];
    if (!op) throw new Error(`unknown op ${JSON.stringify(command.op)}`);
    answer({ ok: (await op(command)) ?? null });
  } catch (err) {
    answer({ error: String(err?.message ?? err) });
  }
}
await browser.close();
