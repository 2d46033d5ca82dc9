// Online play: one room per guest seat on public Nostr relays, a direct WebRTC
// connection where one opens, and the relays themselves where none does.
//
// Why this file is JavaScript and on the page: WebSockets and RTCPeerConnection are
// browser objects, and a worker's sockets cannot be routed by the browser tests.
// It decides nothing and reads nothing: every frame is made, sealed with the
// seat's secret, numbered and checked by the table's Python
// (web/table/p2p/online.py, session.py, seal.py); here they are only carried.
// Loaded only when someone invites or joins (online.js, on the first room), with the
// relay client bundled at build time (vendor/trystero/nostr.js: Trystero's Nostr
// strategy), the one list of relays and STUN servers (relays.json) and the schedule
// that brings closed relay sockets back (relay_retry.js).
//
// Each room has an id (the host: the seat; a guest: "host"). What happens is told
// by a "burkozel-online" event on document with detail {id, kind, data, way}:
// kind "frame" (data: a sealed frame; way: "direct" or "relay") or "way" (data:
// "direct" when a DataChannel to the other side is open, else "relay").
//
// The direct way: Trystero's rooms (offers and answers travel over the relays,
// encrypted with the seat's secret), STUN from the list, no TURN. The relay way:
// each frame also goes out, when no direct peer is there, as an ephemeral Nostr
// event (kind 20000-29999, which relays pass on and do not keep) on a topic
// hashed from the room and the secret, and the room's subscription on every relay
// socket receives them. Relays repeat, drop and reorder: Python sorts that out.

// The three files it needs are fetched at once, not one after another: a guest's room
// opens (and its hello goes out) only once all of them are here.
const [list, nostr, { relayRetry }] = await Promise.all([
  fetch(new URL("./relays.json", import.meta.url)).then((response) => response.json()),
  import("../../vendor/trystero/nostr.js"),
  import("./relay_retry.js"),
]);
const retry = relayRetry(nostr);

const APP_ID = "burkozel-online-1";
const rooms = new Map();
const SEEN_KEPT = 4_000;
const POLL_MS = 1_000;
const CONNECTING = 0;
const OPEN = 1;

/** Every frame this page sent and received, in order (the tests' leak check reads them). */
export const frames = [];

function emit(id, kind, data, way = "") {
  document.dispatchEvent(new CustomEvent("burkozel-online", { detail: { id, kind, data, way } }));
}

async function sha256Hex(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function direct(room) {
  return Object.keys(room.trystero.getPeers()).length > 0;
}

function tellWay(id, room) {
  const way = direct(room) ? "direct" : "relay";
  if (way !== room.way) {
    room.way = way;
    emit(id, "way", way);
  }
}

// --- the relay way: our own subscription on each of Trystero's relay sockets ---------------------

function onRelayMessage(id, room, event) {
  let message;
  try {
    message = JSON.parse(String(event.data));
  } catch {
    return;
  }
  if (!Array.isArray(message) || message[0] !== "EVENT" || message[1] !== room.subId) return;
  const payload = message[2];
  if (!payload || typeof payload.content !== "string" || typeof payload.id !== "string") return;
  if (room.seen.has(payload.id)) return; // the same event from another relay
  room.seen.add(payload.id);
  if (room.seen.size > SEEN_KEPT) room.seen.delete(room.seen.values().next().value);
  frames.push({ id, dir: "in", way: "relay", data: payload.content });
  emit(id, "frame", payload.content, "relay");
}

function watchSockets(id, room) {
  for (const socket of Object.values(nostr.getRelaySockets())) {
    if (room.sockets.has(socket)) continue;
    room.sockets.add(socket);
    socket.addEventListener("message", (event) => onRelayMessage(id, room, event));
    const req = () => room.open && socket.send(nostr.subscribe(room.subId, room.topic));
    if (socket.readyState === OPEN) req();
    else socket.addEventListener("open", req, { once: true });
  }
}

// A frame sent while a relay's socket is still connecting goes out once it opens (after the
// room's subscription, asked for on the same "open"): a guest's hello is sent the moment its
// room opens, before any socket has, and dropped it would wait for the next heartbeat.
async function publish(room, frame) {
  const event = await nostr.createEvent(room.topic, frame);
  for (const socket of Object.values(nostr.getRelaySockets())) {
    if (socket.readyState === OPEN) socket.send(event);
    else if (socket.readyState === CONNECTING) {
      socket.addEventListener("open", () => room.open && socket.send(event), { once: true });
    }
  }
}

// --- rooms ---------------------------------------------------------------------------------

/** Enter the room of one seat (`room`, `secret`: hex from the link). */
export async function open(id, room, secret) {
  close(id);
  const config = {
    appId: APP_ID,
    password: secret,
    // All of them (both sides must share some); reconnecting is relay_retry.js's.
    relayConfig: { urls: list.relays.map((r) => r.url), manualReconnection: true },
    rtcConfig: { iceServers: [{ urls: list.stun.map((s) => s.url) }] },
  };
  const trystero = nostr.joinRoom(config, room);
  const action = trystero.makeAction("frame");
  const state = {
    trystero, action, way: "", open: true,
    topic: (await sha256Hex(`burkozel/relay/${room}/${secret}`)).slice(0, 40),
    subId: `b${Math.random().toString(36).slice(2, 14)}`,
    seen: new Set(), sockets: new WeakSet(), timer: null,
  };
  rooms.set(id, state);
  action.onMessage = (data) => {
    if (typeof data !== "string" || rooms.get(id) !== state) return;
    frames.push({ id, dir: "in", way: "direct", data });
    emit(id, "frame", data, "direct");
  };
  trystero.onPeerJoin = () => tellWay(id, state);
  trystero.onPeerLeave = () => tellWay(id, state);
  state.timer = setInterval(() => {
    watchSockets(id, state);
    tellWay(id, state);
  }, POLL_MS);
  watchSockets(id, state);
  tellWay(id, state);
  retry.wake();
}

/** Send a sealed frame: through the DataChannel when one is open, else through the relays;
 *  `both`: through the relays too (a room of many, the watchers', where some may have no
 *  DataChannel; they drop what they have already had). */
export function send(id, frame, both = false) {
  const room = rooms.get(id);
  if (!room) return false;
  const way = direct(room) ? "direct" : "relay";
  frames.push({ id, dir: "out", way, data: frame });
  if (way === "direct") room.action.send(frame).catch(() => both || publish(room, frame));
  if (way !== "direct" || both) publish(room, frame);
  return true;
}

export function close(id) {
  const room = rooms.get(id);
  if (!room) return;
  rooms.delete(id);
  room.open = false;
  if (rooms.size === 0) retry.sleep();
  clearInterval(room.timer);
  room.trystero.leave();
  for (const socket of Object.values(nostr.getRelaySockets())) {
    if (socket.readyState === OPEN) socket.send(JSON.stringify(["CLOSE", room.subId]));
  }
}

window.burkozelRelay = { open, send, close, frames };
