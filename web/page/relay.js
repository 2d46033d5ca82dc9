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
//
// Frugal on the relays (public relays limit events per connection and address, and
// refuse events over 4,096 characters; bench/README.md): frames for a room within
// BATCH_MS go as one event, split over several only past MAX_CONTENT, and a room sends at
// most one event every ROOM_GAP_MS (a watchers' room WATCH_GAP_MS): what comes sooner waits
// and goes with what follows (at people's pace a move's state goes at once; a bot's move
// right after it, the trick's clearing, a phrase, ride in one event); once the other
// side has been heard through relays lately, each event goes to SPREAD of them, the next
// ones in turn (so each relay socket carries SPREAD/k of a room's events over k relays, and
// one relay dropping an event, or the other side's socket to it dying, loses nothing: the
// other copy comes), else to every open one; a relay that answers "rate-limited" rests
// while the event goes to the next. Trystero's own announcements (one a minute on every
// relay, for every room, and backed off to 15 minutes by an outage) are not sent: this
// file announces a room on a few relays when it opens, when a relay socket (re)opens, when
// an offer and answer came to no connection (a room that was direct) and (a guest's room)
// on a schedule that backs off (on one relay, the next in turn each time), and never while
// the room is direct. A watchers' room is relays only. No relay socket gets a burst past
// its rate (a few events at once, then one every PACE_MS), and every subscription is
// confirmed by its relay or asked for again.
//
// Open tables (web/table/p2p/public.py): a table's announcement is not a room's frame but
// an addressable event (NIP-33, kind 30433) the relays keep, newest per author and `d`,
// until its NIP-40 expiration; `post` signs it (BIP-340, noble's schnorr from the bundle)
// with the table's own Nostr key, which Python derives from the table's secret, and sends
// it to every relay (again on any relay socket that (re)opens, unless it has expired: then
// the room is told, "expired", and its Python posts a fresh one). A finder's lobby room
// (`list`) subscribes to those events, so it reads every open table the relays kept at
// once. What the relays refuse (`OK false`) or warn of (NOTICE) is noted in `warned`.

// The three files it needs are fetched at once, not one after another: a guest's room
// opens (and its hello goes out) only once all of them are here.
const [list, nostr, { relayRetry }] = await Promise.all([
  fetch(new URL("./relays.json", import.meta.url)).then((response) => response.json()),
  import("../../vendor/trystero/nostr.js"),
  import("./relay_retry.js"),
]);
const retry = relayRetry(nostr, { lifted: () => watchSockets() });

const APP_ID = "burkozel-online-1";
const rooms = new Map();
const SEEN_KEPT = 4_000;
const POLL_MS = 1_000;
const CONNECTING = 0;
const OPEN = 1;
const BATCH_MS = 30;
const ROOM_GAP_MS = 1_500; // a seat's room: at most one event this often (the first after a pause at once)
const WATCH_GAP_MS = 4_000; // the watchers' room (they see the table a trick late anyway)
const MAX_CONTENT = 3_000;
const PARTS_KEPT = 64;
// Relays a room's events go to, once the other side has been heard on relays: each event on
// SPREAD of them, the next ones in turn. Two copies, so that one relay losing an event (or the
// other side's socket to it closing unseen) costs nothing; each of k relays then carries 2/k.
const SPREAD = 2;
// A relay the other side was heard on within this is one to send to (each side's events go
// round all its relays, so at one event every 10 s, a heartbeat's pace, each of eight relays
// hears it every 40 s). A lobby's topic is shared by strangers: there, only who spoke lately.
const HEARD_KEPT_MS = 120_000;
const HEARD_FRESH_MS = 12_000;
const ANNOUNCE_RELAYS = 3; // when a room or a relay socket opens; later ones on one relay, the next in turn
const ANNOUNCE_AFTER_MS = [5_000, 15_000, 30_000, 120_000, 600_000]; // (four tries in the first minute)
const ANNOUNCE_SOON_MS = 250;
const REST_FIRST_MS = 30_000;
const REST_LAST_MS = 600_000;
const RECENT_KEPT = 256;
const EXCHANGE_RETRIES = 3; // failed offer/answer exchanges answered by an announcement at once
const SUB_FIRST_MS = 5_000; // a subscription the relay has not confirmed (EOSE) by then is asked for again
const SUB_LAST_MS = 120_000;
const PACE_BURST = 3; // events one relay socket takes at once; past them, one every PACE_MS
const PACE_MS = 300; // (at most 6 in any second, 200 a minute: the tests' relay allows 8 and 240)
const REPEAT_MS = 5_000; // the same signal to the same peer on one socket within this goes once

/** Every frame this page sent and received, in order (the tests' leak check reads them). */
export const frames = [];
/** Every event this page published, Trystero's signals too (the tests read them): {url, size,
 *  at (ms since the epoch), room (its room's id, "" for none: an open table's post, a signal's
 *  own topic)}. */
export const published = [];
/** What the relays refused or warned of (`OK false` but a duplicate, NOTICE), for the benches: {url, what, why}. */
export const warned = [];
const WARNED_KEPT = 500;

const sockets = new WeakSet(); // relay sockets seen (each wrapped once)
const subscriptions = new WeakMap(); // relay socket -> Map(subscription id -> {text, at, wait, done})
const pacers = new WeakMap(); // relay socket -> {tokens, at, queue, timer, said: Map(text -> ms)}
const rawSend = new WeakMap(); // relay socket -> its own send (a page closing cannot wait for the pace)
const subRooms = new Map(); // subscription id -> room id
const rootTopics = new Set(); // rooms' announcement topics (Trystero's own announcements are dropped)
const mine = new Set(); // ids of events this file made
const recent = new Map(); // event id -> {text, tried: Set of urls}: what a rate limit makes us send elsewhere
const resting = new Map(); // relay url -> {ms, until}: answered "rate-limited"
const posts = new Map(); // room id -> its last addressable event (an open table's), sent again on a socket (re)opening
const listSubs = new Set(); // subscription ids of the open tables' kept events (not a room's topic)
let announced = 0; // announcements made: where the next one on a few relays begins

/** The tests' notes on what happened (only when a test set `window.burkozelRelayTrace` to a list). */
function note(...what) {
  globalThis.burkozelRelayTrace?.push([Math.round(performance.now()), ...what]);
}

/** A Trystero signal in a note: who, which offer, what kind (its SDP is sealed anyway). */
function signalNote(data) {
  try {
    const event = JSON.parse(data)[data.startsWith('["EVENT",{') ? 1 : 2];
    const body = JSON.parse(event.content);
    const kinds = ["offer", "answer", "candidate"].filter((k) => k in body);
    return `${String(body.peerId).slice(0, 6)} ${body.offerId ?? ""} ${kinds.join(",") || "announce"}`;
  } catch {
    return "";
  }
}

function emit(id, kind, data, way = "") {
  document.dispatchEvent(new CustomEvent("burkozel-online", { detail: { id, kind, data, way } }));
}

async function sha256Hex(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function direct(room) {
  return !room.quiet && Object.keys(room.trystero.getPeers()).length > 0;
}

function tellWay(id, room) {
  const way = direct(room) ? "direct" : "relay";
  if (way !== room.way) {
    const wasDirect = room.way === "direct";
    room.way = way;
    if (way === "direct") {
      room.wasDirect = true;
      room.exchangeRetries = 0;
    }
    note("way", id, way);
    emit(id, "way", way);
    if (wasDirect) announceFrom(room, 0); // the direct way closed: look for it again at once
  }
}

// --- peer connections: a stale offer replaced, never renewed -----------------------------------

/** The browser's RTCPeerConnection for Trystero, but an offer made ahead and never answered
 *  cannot be rolled back. Trystero renews a pooled offer older than 57 s in place (a rollback,
 *  an ICE restart, a new offer), and in Chromium that offer comes out with no data section:
 *  neither side gathers a candidate, no connection comes of it, and every pooled offer is as
 *  old (they are made together when the first room opens). So a direct way lost more than a
 *  minute after the room opened (a relay outage, a network change) never came back. Refused,
 *  the renewal fails and Trystero makes the offer on a fresh connection instead, as it does
 *  when its pool is empty (offer-pool.mjs's `checkout`). */
function FreshOffers(config) {
  const pc = new RTCPeerConnection(config);
  const setLocal = pc.setLocalDescription.bind(pc);
  pc.setLocalDescription = (...args) => {
    if (args[0]?.type === "rollback" && pc.signalingState === "have-local-offer" && !pc.remoteDescription) {
      note("stale offer refused");
      return Promise.reject(new DOMException("a stale offer is made anew, not renewed", "InvalidStateError"));
    }
    return setLocal(...args);
  };
  return pc;
}

// --- relay sockets: open ones in the list's order, resting ones last ---------------------------

function rests(url) {
  const rest = resting.get(url);
  return rest !== undefined && Date.now() < rest.until;
}

/** Open sockets, the list's order (both sides share it), any resting ones at the end. */
function openSockets() {
  const open = Object.entries(nostr.getRelaySockets()).filter(([, s]) => s.readyState === OPEN);
  return [...open.filter(([url]) => !rests(url)), ...open.filter(([url]) => rests(url))];
}

function rest(url) {
  if (rests(url)) return; // (one burst refused is one refusal: the rest does not grow with it)
  const before = resting.get(url);
  const ms = before ? Math.min(before.ms * 2, REST_LAST_MS) : REST_FIRST_MS;
  resting.set(url, { ms, until: Date.now() + ms });
}

function sendOn(url, socket, text) {
  socket.send(text);
}

function remember(text, url) {
  const id = JSON.parse(text)[1].id;
  mine.add(id);
  if (mine.size > RECENT_KEPT * 4) mine.delete(mine.values().next().value);
  const entry = recent.get(id) ?? { text, tried: new Set() };
  entry.tried.add(url);
  recent.set(id, entry);
  if (recent.size > RECENT_KEPT) recent.delete(recent.keys().next().value);
}

/** A relay said no to one of our events for its rate: it rests, the event goes to the next one. */
function rateLimited(url, eventId) {
  rest(url);
  const entry = recent.get(eventId);
  if (!entry) return;
  const next = openSockets().find(([u]) => !entry.tried.has(u) && !rests(u));
  if (next) {
    entry.tried.add(next[0]);
    sendOn(next[0], next[1], entry.text);
  }
}

function onRelayMessage(url, socket, event) {
  let message;
  try {
    message = JSON.parse(String(event.data));
  } catch {
    return;
  }
  if (!Array.isArray(message)) return;
  if ((message[0] === "OK" && message[2] === false) || message[0] === "NOTICE") {
    const why = String(message[0] === "OK" ? message[3] ?? "" : message[1] ?? "");
    // (not "duplicate:": the same event had come by another way, as it does when relays share a store)
    if (!why.startsWith("duplicate:")) warned.push({ url, what: message[0], why });
    if (warned.length > WARNED_KEPT) warned.shift();
  }
  if (message[0] === "EOSE" || message[0] === "CLOSED") {
    subscribed(url, socket, message);
    return;
  }
  if (message[0] === "OK" && message[2] === false && String(message[3] ?? "").startsWith("rate-limited")) {
    rateLimited(url, message[1]);
    return;
  }
  if (message[0] !== "EVENT") return;
  if (globalThis.burkozelRelayTrace && !subRooms.has(message[1])) note("signal in", url, signalNote(String(event.data)));
  const id = subRooms.get(message[1]);
  const room = rooms.get(id);
  const payload = message[2];
  if (!room || !payload || typeof payload.content !== "string" || typeof payload.id !== "string") return;
  // (the other side publishes there; a kept open table's event says nothing of where its host listens)
  if (!mine.has(payload.id) && !listSubs.has(message[1])) room.heard.set(url, Date.now());
  if (room.seen.has(payload.id)) return; // the same event from another relay
  room.seen.add(payload.id);
  if (room.seen.size > SEEN_KEPT) room.seen.delete(room.seen.values().next().value);
  // (a kept open table's event is one message, never split: a hostile one is one frame to refuse)
  for (const piece of listSubs.has(message[1]) ? [payload.content] : payload.content.split(" ")) {
    const frame = piece.startsWith("~") ? joinPart(room, piece) : piece;
    if (!frame) continue;
    frames.push({ id, dir: "in", way: "relay", data: frame });
    emit(id, "frame", frame, "relay");
  }
}

/** Trystero announces every room on every relay once a minute: dropped here (see `announce`). */
function isTrysteroAnnouncement(data) {
  if (typeof data !== "string" || !data.startsWith('["EVENT"')) return false;
  try {
    const event = JSON.parse(data)[1];
    return !mine.has(event.id) && event.tags.some((t) => t[0] === "x" && rootTopics.has(t[1]));
  } catch {
    return false;
  }
}

// --- subscriptions: each one confirmed by the relay, or asked for again ------------------------
//
// A relay past its rate answers a subscription with a NOTICE (nostr-relay) or a CLOSED, and
// keeps the socket open with nothing subscribed: the room would hear nothing on that relay,
// while the other side, having heard this page there, sends it its frames there alone. So
// every REQ on a socket (the rooms' and Trystero's own) waits for its EOSE; one that gets a
// CLOSED or no answer is sent again, at SUB_FIRST_MS doubling to SUB_LAST_MS. Trystero
// gives a relay up for good on any CLOSED: one for a subscription of this file's or for
// rate is not its to see.

/** A REQ or CLOSE going out on `socket`: its subscription noted, or forgotten. */
function subscribing(socket, data) {
  if (typeof data !== "string" || !(data.startsWith('["REQ"') || data.startsWith('["CLOSE"'))) return;
  const list = subscriptions.get(socket);
  let subId;
  try {
    subId = String(JSON.parse(data)[1]);
  } catch {
    return;
  }
  if (data.startsWith('["CLOSE"')) {
    list.delete(subId);
    return;
  }
  const before = list.get(subId);
  list.set(subId, { text: data, at: Date.now(), wait: before && !before.done ? before.wait : SUB_FIRST_MS, done: false });
}

/** The relay's EOSE (the subscription holds) or CLOSED (it does not: asked for again later). */
function subscribed(url, socket, message) {
  const entry = subscriptions.get(socket)?.get(String(message[1]));
  if (!entry) return;
  if (message[0] === "EOSE") entry.done = true;
  else {
    entry.done = false;
    entry.at = Date.now();
    note("subscription closed", url, String(message[2] ?? ""));
  }
}

/** Every subscription on an open socket that its relay has not confirmed in time, again. */
function resubscribe() {
  const now = Date.now();
  for (const [url, socket] of Object.entries(nostr.getRelaySockets())) {
    if (socket.readyState !== OPEN || !subscriptions.has(socket)) continue;
    for (const entry of [...subscriptions.get(socket).values()]) {
      if (entry.done || now - entry.at < entry.wait) continue;
      note("subscribe again", url, entry.wait);
      const wait = Math.min(entry.wait * 2, SUB_LAST_MS);
      socket.send(entry.text);
      const again = subscriptions.get(socket).get(JSON.parse(entry.text)[1]);
      if (again) again.wait = wait;
    }
  }
}

/** Whether Trystero may see a relay's message: not a CLOSED for a subscription of ours or for rate. */
function forTrystero(event) {
  const data = String(event.data);
  if (!data.startsWith('["CLOSED"')) return true;
  try {
    const [, subId, reason] = JSON.parse(data);
    return !subRooms.has(String(subId)) && !String(reason ?? "").startsWith("rate-limited");
  } catch {
    return true;
  }
}

// --- pacing: no burst past a relay's rate ------------------------------------------------------
//
// A relay counts events per connection (nostr-relay: so many a second, then "rate-limited" and
// a connection it slows down for good). Bursts come at a guest's (re)joining: the host's
// frames, Trystero's offer and candidates, and its answer to each announcement it hears (one
// per copy heard). So each socket sends PACE_BURST events at once and then one every
// PACE_MS, in order, and a signal repeated word for word to the same peer within REPEAT_MS
// (Trystero's answer to another copy of an announcement) goes once.

/** A Trystero signal already sent on this socket lately (not a room's announcement: ours go where and when meant). */
function repeated(pacer, data) {
  let event;
  try {
    event = JSON.parse(data)[1];
  } catch {
    return false;
  }
  const topic = event.tags?.find((t) => t[0] === "x")?.[1];
  if (!topic || rootTopics.has(topic) || !String(event.content).startsWith("{")) return false;
  const key = `${topic} ${event.content}`;
  const now = Date.now();
  for (const [text, at] of pacer.said) if (now - at >= REPEAT_MS) pacer.said.delete(text);
  if (pacer.said.has(key)) return true;
  pacer.said.set(key, now);
  return false;
}

/** An event out on `socket` now if its burst allows, else after the ones waiting. */
function paced(socket, out, data) {
  const pacer = pacers.get(socket);
  if (repeated(pacer, data)) return;
  const now = performance.now();
  pacer.tokens = Math.min(PACE_BURST, pacer.tokens + (now - pacer.at) / PACE_MS);
  pacer.at = now;
  if (!pacer.queue.length && pacer.tokens >= 1) {
    pacer.tokens -= 1;
    out(data);
    return;
  }
  pacer.queue.push(data);
  pacer.timer ??= setTimeout(() => drain(socket, out), PACE_MS);
}

function drain(socket, out) {
  const pacer = pacers.get(socket);
  pacer.timer = null;
  if (socket.readyState !== OPEN) {
    pacer.queue = []; // (a closed socket loses them as it would have)
    return;
  }
  const now = performance.now();
  pacer.tokens = Math.min(PACE_BURST, pacer.tokens + (now - pacer.at) / PACE_MS);
  pacer.at = now;
  while (pacer.queue.length && pacer.tokens >= 1) {
    pacer.tokens -= 1;
    out(pacer.queue.shift());
  }
  if (pacer.queue.length) pacer.timer = setTimeout(() => drain(socket, out), PACE_MS);
}

function watchSockets() {
  for (const [url, socket] of Object.entries(nostr.getRelaySockets())) {
    if (sockets.has(socket)) continue;
    sockets.add(socket);
    subscriptions.set(socket, new Map());
    pacers.set(socket, { tokens: PACE_BURST, at: performance.now(), queue: [], timer: null, said: new Map() });
    const send = socket.send.bind(socket);
    const out = (data) => {
      published.push({ url, size: data.length, at: Date.now(), room: roomOf(data) });
      if (globalThis.burkozelRelayTrace && data.includes('\\"peerId\\"')) note("signal out", url, signalNote(data));
      send(data);
    };
    rawSend.set(socket, send);
    socket.send = (data) => {
      if (isTrysteroAnnouncement(data)) return;
      subscribing(socket, data);
      if (typeof data === "string" && data.startsWith('["EVENT"')) paced(socket, out, data);
      else send(data);
    };
    const theirs = socket.onmessage;
    if (theirs) socket.onmessage = (event) => forTrystero(event) && theirs.call(socket, event);
    socket.addEventListener("message", (event) => onRelayMessage(url, socket, event));
    const opened = () => {
      note("socket open", url);
      for (const room of rooms.values()) {
        if (room.open) socket.send(nostr.subscribe(room.subId, room.topic));
        if (room.open && room.list) socket.send(listing(room));
        announceSoon(room);
      }
      for (const [id, event] of posts) {
        // Past its NIP-40 expiration (the device slept through the renewals) the relays refuse
        // it and the table is off their lists: it goes nowhere, and the room's Python, told,
        // signs a fresh one at once (what the table says now), sent to every open socket.
        if (expired(event)) {
          posts.delete(id);
          note("post expired", id);
          emit(id, "expired");
        } else socket.send(event);
      }
    };
    if (socket.readyState === OPEN) opened();
    else socket.addEventListener("open", opened, { once: true });
  }
}

/** Whether a signed event's NIP-40 expiration is past, or a few seconds off. */
function expired(event) {
  const at = /\["expiration","(\d+)"\]/.exec(event)?.[1];
  return at !== undefined && Number(at) - 5 <= Date.now() / 1000;
}

/** The id of the room whose topic (or announcement topic) an outgoing event carries, else "". */
function roomOf(data) {
  const topic = /"x","([0-9a-z]+)"/.exec(data)?.[1];
  for (const [id, room] of rooms) if (topic && (topic === room.topic || topic === room.rootTopic)) return id;
  return "";
}

// --- announcing: a few relays, backed off, never while direct ---------------------------------

async function announce(room, relays) {
  if (!room.open || room.quiet || !room.directWay || direct(room)) return;
  const open = openSockets();
  const awake = open.filter(([url]) => !rests(url));
  const targets = inTurn(awake.length ? awake : open, announced, relays);
  if (!targets.length) return;
  announced = (announced + 1) % 1_000_000; // (the next on one relay goes to the next relay)
  const event = await nostr.createEvent(room.rootTopic, JSON.stringify({ peerId: nostr.selfId }));
  mine.add(JSON.parse(event)[1].id);
  note("announce", targets.map(([url]) => url).join(" "));
  for (const [url, socket] of targets) sendOn(url, socket, event);
}

/** Announce now and then after each of ANNOUNCE_AFTER_MS from `step` on (the last repeating). */
function announceFrom(room, step) {
  clearTimeout(room.announceTimer);
  if (!room.open || room.quiet) return;
  announce(room, step ? 1 : ANNOUNCE_RELAYS); // (each announcement seen starts an offer on its relay)
  if (!room.retries) return;
  const wait = ANNOUNCE_AFTER_MS[Math.min(step, ANNOUNCE_AFTER_MS.length - 1)];
  room.announceTimer = setTimeout(() => announceFrom(room, step + 1), wait);
}

/** Trystero gave a peer connection up after its offer and answer had been exchanged (no
 *  connection came of them: a candidate lost, a half-made connection after an outage). Until
 *  this moment it ignored that peer's announcements (23 s), so a room that has been direct
 *  and is not now announces at once rather than at its schedule's next step, which may be
 *  minutes away (the host's rooms have none). A few times, until direct again: a device that
 *  can no longer connect directly (a new network) is not signalled at every 23 s. */
function exchangeFailed(room, error) {
  note("join error", String(error).slice(0, 60), room.wasDirect, direct(room), room.exchangeRetries);
  if (!String(error).startsWith("could not connect")) return;
  if (!room.open || !room.wasDirect || direct(room) || room.exchangeRetries >= EXCHANGE_RETRIES) return;
  room.exchangeRetries += 1;
  announce(room, ANNOUNCE_RELAYS);
}

/** A relay socket opened (at first, or back after an outage): announce there shortly. */
function announceSoon(room) {
  clearTimeout(room.soonTimer);
  room.soonTimer = setTimeout(() => room.open && announceFrom(room, 0), ANNOUNCE_SOON_MS);
}

// --- the relay way: batched frames, spread over the relays the other side is heard on -------

/** Frames into event contents: joined by spaces, each content at most MAX_CONTENT long;
 *  a frame longer than that goes in parts "~id.i.n.text" (a sealed frame is base64url). */
function contents(queue) {
  const out = [];
  let current = "";
  for (const frame of queue) {
    if (frame.length > MAX_CONTENT) {
      const id = Math.random().toString(36).slice(2, 10);
      const n = Math.ceil(frame.length / MAX_CONTENT);
      for (let i = 0; i < n; i++) out.push(`~${id}.${i}.${n}.${frame.slice(i * MAX_CONTENT, (i + 1) * MAX_CONTENT)}`);
    } else if (current && current.length + 1 + frame.length > MAX_CONTENT) {
      out.push(current);
      current = frame;
    } else {
      current = current ? `${current} ${frame}` : frame;
    }
  }
  if (current) out.push(current);
  return out;
}

function joinPart(room, piece) {
  const match = /^~([a-z0-9]{1,12})\.(\d{1,3})\.(\d{1,3})\.(.*)$/s.exec(piece);
  if (!match) return null;
  const [, id, i, n, text] = match;
  const parts = room.parts.get(id) ?? new Array(Number(n)).fill(null);
  if (parts.length !== Number(n) || Number(i) >= parts.length) return null;
  parts[Number(i)] = text;
  room.parts.set(id, parts);
  if (room.parts.size > PARTS_KEPT) room.parts.delete(room.parts.keys().next().value);
  if (parts.some((p) => p === null)) return null;
  room.parts.delete(id);
  return parts.join("");
}

async function flush(room) {
  room.batchTimer = null;
  room.flushedAt = Date.now();
  const queue = room.queue;
  room.queue = [];
  if (!room.open || !queue.length) return;
  for (const content of contents(queue)) {
    const event = await nostr.createEvent(room.topic, content);
    const spread = spreadOver(room);
    if (spread) {
      note("spread", spread.map(([url]) => url).join(" "));
      for (const [url, socket] of spread) {
        remember(event, url);
        sendOn(url, socket, event);
      }
      continue;
    }
    // Not heard lately: every relay. A socket still connecting sends it once open (after the
    // room's subscription, asked for on the same "open"): a guest's hello goes out the moment
    // its room opens, before any socket has, and dropped it would wait for the next heartbeat.
    const all = Object.entries(nostr.getRelaySockets());
    const awake = all.filter(([url]) => !rests(url));
    for (const [url, socket] of awake.length ? awake : all) {
      if (socket.readyState === OPEN) {
        remember(event, url);
        sendOn(url, socket, event);
      } else if (socket.readyState === CONNECTING) {
        socket.addEventListener("open", () => {
          if (!room.open) return;
          remember(event, url);
          sendOn(url, socket, event);
        }, { once: true });
      }
    }
  }
}

/** The `n` entries of `list` from `turn` on, going round (fewer when it is shorter). */
function inTurn(list, turn, n) {
  return list.slice(0, n).map((_, j) => list[(turn + j) % list.length]);
}

/** The relay sockets a room's next event goes to: SPREAD open ones the other side was heard on
 *  lately, the next in turn after the last event's (too few heard: others open in turn make up
 *  the number, and the other side, hearing this page there, comes to send there too); null
 *  when it has been heard on none lately (or on resting ones only): then every relay. */
function spreadOver(room) {
  const now = Date.now();
  const kept = room.quiet ? HEARD_FRESH_MS : HEARD_KEPT_MS;
  const awake = openSockets().filter(([url]) => !rests(url));
  const heard = awake.filter(([url]) => now - (room.heard.get(url) ?? -Infinity) < kept);
  if (!heard.length) return null;
  const turn = room.turn;
  room.turn = (room.turn + SPREAD) % 1_000_000;
  const chosen = inTurn(heard, turn, SPREAD);
  return [...chosen, ...inTurn(awake.filter((s) => !chosen.includes(s)), turn, SPREAD - chosen.length)];
}

/** Milliseconds before a frame queued now goes: BATCH_MS, or until the room's gap since its last event is over. */
function delay(room, now = Date.now()) {
  const gap = room.quiet ? 0 : room.directWay ? ROOM_GAP_MS : WATCH_GAP_MS;
  return Math.max(BATCH_MS, room.flushedAt + gap - now);
}

function publish(room, frame) {
  room.queue.push(frame);
  room.batchTimer ??= setTimeout(() => flush(room), delay(room));
}

// --- rooms ---------------------------------------------------------------------------------

/** Enter the room of one seat (`room`, `secret`: hex from the link). `quiet`: the open tables'
 *  lobby, a public topic everyone shares: no announcements, never a direct connection (an event's
 *  author is not told: it proves nothing there, only a table's own signature does, public.py).
 *  `direct` false: the relays only, never WebRTC — a watchers' room, which many share: Trystero
 *  would connect every two of its pages directly, and so show each watcher the others' network
 *  addresses and the host's. Such a room (and a quiet one) still needs Trystero's relay sockets,
 *  so it joins a Trystero room of this page's alone (nobody else knows its name) and announces
 *  nothing. `retries` false: announced only when it opens, a relay socket (re)opens or the
 *  direct way closes, not on the backed-off schedule (one side's retries are enough: the host's
 *  rooms leave them to the guests, and an idle table on the relays costs half as much).
 *  `list` (a Nostr filter) and `back` (seconds): a finder's lobby also subscribes to the open
 *  tables' kept events of the last `back` seconds (each subscription asks anew from its own now). */
export async function open(id, room, secret,
  { quiet = false, direct: directWay = !quiet, retries = true, list: kept = null, back = 0 } = {}) {
  close(id);
  const meeting = directWay && !quiet ? room : `${room}/alone/${nostr.selfId}/${Math.random().toString(36).slice(2)}`;
  const config = {
    appId: APP_ID,
    password: secret,
    // All of them (both sides must share some); reconnecting is relay_retry.js's.
    relayConfig: { urls: list.relays.map((r) => r.url), manualReconnection: true },
    rtcConfig: { iceServers: [{ urls: list.stun.map((s) => s.url) }] },
    rtcPolyfill: FreshOffers,
  };
  const [topic, rootTopic] = await Promise.all([
    sha256Hex(`burkozel/relay/${room}/${secret}`).then((hex) => hex.slice(0, 40)),
    nostr.sha1(`Trystero@${APP_ID}@${meeting}`),
  ]);
  rootTopics.add(rootTopic); // (before Trystero's first announcement of it)
  const trystero = nostr.joinRoom(config, meeting, {
    onJoinError: ({ error }) => rooms.get(id) === state && exchangeFailed(state, error),
  });
  const action = trystero.makeAction("frame");
  const state = {
    trystero, action, way: "", open: true, topic, rootTopic, quiet, directWay, retries,
    wasDirect: false, exchangeRetries: 0,
    subId: `b${Math.random().toString(36).slice(2, 14)}`,
    list: kept, back, listSubId: kept ? `l${Math.random().toString(36).slice(2, 14)}` : null,
    seen: new Set(), parts: new Map(), queue: [], batchTimer: null, flushedAt: 0, heard: new Map(), turn: 0,
    timer: null, announceTimer: null, soonTimer: null,
  };
  rooms.set(id, state);
  subRooms.set(state.subId, id);
  if (state.listSubId) {
    subRooms.set(state.listSubId, id);
    listSubs.add(state.listSubId);
  }
  action.onMessage = (data) => {
    if (typeof data !== "string" || rooms.get(id) !== state) return;
    frames.push({ id, dir: "in", way: "direct", data });
    emit(id, "frame", data, "direct");
  };
  trystero.onPeerJoin = () => tellWay(id, state);
  trystero.onPeerLeave = () => tellWay(id, state);
  state.timer = setInterval(() => {
    watchSockets();
    resubscribe();
    tellWay(id, state);
  }, POLL_MS);
  watchSockets();
  for (const [, socket] of Object.entries(nostr.getRelaySockets())) {
    if (socket.readyState === OPEN) socket.send(nostr.subscribe(state.subId, state.topic));
    if (socket.readyState === OPEN && state.list) socket.send(listing(state));
  }
  tellWay(id, state);
  if (!quiet) announceFrom(state, 0);
  retry.wake();
}

/** Send a sealed frame: through the DataChannel when one is open, else through the relays;
 *  `loud`: through the relays as well (a refusal, for a device that is not the direct peer). */
export function send(id, frame, loud = false) {
  const room = rooms.get(id);
  if (!room) return false;
  const way = direct(room) ? "direct" : "relay";
  frames.push({ id, dir: "out", way, data: frame });
  if (way === "direct") room.action.send(frame).catch(() => publish(room, frame));
  if (way === "relay" || loud) publish(room, frame);
  return true;
}

export function close(id) {
  const room = rooms.get(id);
  if (!room) return;
  clearTimeout(room.batchTimer);
  if (room.queue.length) flush(room); // (what was sent just before, an open table's refusal say, still goes)
  rooms.delete(id);
  posts.delete(id);
  subRooms.delete(room.subId);
  subRooms.delete(room.listSubId);
  listSubs.delete(room.listSubId);
  room.open = false;
  if (rooms.size === 0) retry.sleep();
  clearInterval(room.timer);
  clearTimeout(room.announceTimer);
  clearTimeout(room.soonTimer);
  room.trystero.leave();
  for (const socket of Object.values(nostr.getRelaySockets())) {
    if (socket.readyState === OPEN) socket.send(JSON.stringify(["CLOSE", room.subId]));
    if (socket.readyState === OPEN && room.listSubId) socket.send(JSON.stringify(["CLOSE", room.listSubId]));
  }
}

// --- open tables: addressable events the relays keep ------------------------------------------

const toHex = (bytes) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
const fromHex = (hex) => Uint8Array.from(hex.match(/../g), (h) => parseInt(h, 16));

/** The open tables' subscription of a finder's room: what the relays kept of the last `back` seconds. */
function listing(room) {
  const since = Math.floor(Date.now() / 1000) - room.back;
  return JSON.stringify(["REQ", room.listSubId, { ...room.list, since }]);
}

/** A Nostr event (NIP-01) signed with `key` (hex, BIP-340): {key, kind, tags, created, text} as
 *  public.py's `OpenTable.event` makes it. */
async function signed({ key, kind, tags, created, text }) {
  const secret = fromHex(key);
  const pubkey = toHex(nostr.schnorr.getPublicKey(secret));
  const id = await sha256Hex(JSON.stringify([0, pubkey, created, kind, tags, text]));
  const sig = toHex(await nostr.schnorr.signAsync(fromHex(id), secret));
  mine.add(id);
  return JSON.stringify(["EVENT", { id, pubkey, created_at: created, kind, tags, content: text, sig }]);
}

/** An open table's announcement or withdrawal: on every relay now (paced), and again on any
 *  relay socket that opens later while the room is open (the relays keep the newest). */
export async function post(id, spec) {
  const event = await signed(spec);
  if (rooms.has(id)) posts.set(id, event);
  note("post", spec.kind, spec.created);
  for (const [, socket] of openSockets()) socket.send(event);
}

/** What a room says if the page closes (an open table's withdrawal, `spec` as for `post`),
 *  signed now so that pagehide can send it at once, best-effort, on every open socket; a
 *  `spec` with no text takes it back. */
export async function farewell(id, spec) {
  const room = rooms.get(id);
  if (!room) return;
  const mark = (room.farewellMark = (room.farewellMark ?? 0) + 1);
  const event = spec?.text ? await signed(spec) : null;
  if (room.farewellMark === mark) room.farewell = event;
}

addEventListener("pagehide", () => {
  for (const room of rooms.values()) {
    if (!room.open || !room.farewell) continue;
    for (const [, socket] of openSockets()) (rawSend.get(socket) ?? socket.send.bind(socket))(room.farewell);
  }
});

/** A room's way now ("direct", "relay"; "" before the first poll or for no such room). */
export function way(id) {
  return rooms.get(id)?.way ?? "";
}

window.burkozelRelay = {
  open, send, close, way, post, farewell, frames, published, warned,
  farewellReady: (id) => Boolean(rooms.get(id)?.farewell), // (the tests wait for it before a reload)
};
