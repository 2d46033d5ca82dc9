// Online play's side of the page («Пригласить по ссылке»), loaded by host.js only when
// someone first invites or joins by link, like everything else of online play: its
// Python (online.zip, mounted into the worker), its styles (online.css), the relay
// client (relay.js, on the first room). A visit that never plays online downloads
// none of it, and the service worker precaches none of it.
//
// It decides nothing: it carries the worker's `online-*` operations to relay.js and
// relay.js's events back (host.js copies or shares a link: a finished deal's too, offline).

let relay = null;
let files = null;

function styles() {
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = new URL("./online.css", import.meta.url).href;
    link.onload = link.onerror = () => resolve(); // unstyled is still playable
    document.head.append(link);
  });
}

/** online.zip's bytes and the styles, asked for once: a page opened from a link asks while
 *  the interpreter is still loading (host.js), so `mount` has them when the worker is there.
 *  A failure is forgotten, so the next `mount` asks again (and says what went wrong). */
export function fetchFiles() {
  files ??= Promise.all([
    fetch(new URL("../../online.zip", import.meta.url)).then((response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status} for online.zip`);
      return response.arrayBuffer();
    }),
    styles(),
  ]);
  files.catch(() => (files = null));
  return files;
}

/** online.zip into the worker (`worker.sync.mount`, base64) and the styles; rejects if the zip does not load. */
export async function mount(worker) {
  const [bytes] = await fetchFiles();
  let text = "";
  const view = new Uint8Array(bytes);
  for (let i = 0; i < view.length; i += 0x8000) text += String.fromCharCode(...view.subarray(i, i + 0x8000));
  return worker.sync.mount(btoa(text));
}

async function loadRelay(send) {
  if (!relay) {
    relay = await import("./relay.js");
    document.addEventListener("burkozel-online", (event) => {
      const { id, kind, data, way } = event.detail;
      send({ type: "online", id, kind, data: data ?? "", way: way ?? "" });
    });
  }
  return relay;
}

/** One of the worker's `online-open` / `-send` / `-post` / `-close` / `-farewell`; a relay client that does not load is told as `unavailable`. */
export async function run(op, send) {
  let js;
  try {
    js = await loadRelay(send);
  } catch (error) {
    console.warn("[burkozel] the relay client did not load:", error);
    send({ type: "online", id: op.id, kind: "unavailable", data: "", way: "" });
    return;
  }
  if (op.op === "online-open") {
    await js.open(op.id, op.room, op.secret, {
      quiet: op.quiet === true, direct: op.direct !== false && op.quiet !== true, retries: op.retries !== false,
      list: op.list ?? null, back: op.back ?? 0,
    });
  }
  else if (op.op === "online-send") js.send(op.id, op.text, op.loud === true);
  else if (op.op === "online-post") await js.post(op.id, op);
  else if (op.op === "online-close") js.close(op.id);
  else if (op.op === "online-farewell") js.farewell(op.id, op);
}
