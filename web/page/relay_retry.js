// Relay sockets that come back by themselves, however long their relays were out of reach.
//
// Why: Trystero retries a closed relay socket after a random wait under a period that
// doubles from 3.3 s, and once the period would reach a minute it gives that relay up for
// good (leaving and joining a room again does not revive it); only the browser's offline
// and online events spare it. A line that drops behind a Wi-Fi that stays up, or a relay
// that restarts, fires neither, and the match would stall until the page is reloaded.
// So this page keeps the schedule: it holds Trystero's reconnection lock from the start
// (a closed socket then waits on the lock, its period unchanged), and while a room is open
// it lifts the lock for a moment whenever a closed relay's wait is over: 2 s doubling to
// 30 s, jittered, for each relay, from 2 s again once that relay's socket has opened, and
// at once when the browser says it is online. (relay.js sets `manualReconnection`, so
// Trystero's own offline/online handling leaves the lock to this file.)
// While every relay socket is closed (an outage of this device's line, most likely, or
// of every relay) the backed-off schedule would find the way back up to 30 s late, and a
// direct connection lost meanwhile is signalled only once the sockets are open again. So
// then one relay a turn is knocked at every few seconds by a socket of this file's own,
// opened and closed at once (one connection, not the whole list's), and the moment one
// answers every closed socket tries again.

const FIRST_MS = 2_000;
const LAST_MS = 30_000;
const POLL_MS = 1_000;
const LIFTED_TICKS = 8;
const PROBE_MS = 3_000; // while every relay socket is closed: one relay knocked at this often
const PROBE_WAIT_MS = 10_000; // a knock that neither opens nor fails by then has failed
const OPEN = 1;
const CLOSED = 3;

/** Take `nostr`'s reconnection lock now; `wake()` while a room is open, `sleep()` when none is.
 *  `lifted`: called once the sockets that waited on the lock have been made (still connecting). */
export function relayRetry(nostr, { lifted = () => {} } = {}) {
  nostr.pauseRelayReconnection();
  const waits = new Map(); // relay url -> {ms, due}: its next try, while its socket is closed
  let timer = null;
  let probe = null; // the knocking socket, while one is out
  let probeDue = 0;
  let probeTurn = 0;
  let outage = false; // every socket closed at the last tick

  async function lift() {
    nostr.resumeRelayReconnection();
    // Trystero lets go of the lock a microtask later and only then starts the sockets that
    // waited on it; a lock taken from then on holds each of them that closes again.
    for (let i = 0; i < LIFTED_TICKS; i++) {
      await null;
      nostr.pauseRelayReconnection();
    }
    lifted();
  }

  /** Knock at one relay of `urls` (in turn); if it answers, every closed socket tries now. */
  function knock(urls) {
    const socket = new WebSocket(urls[probeTurn++ % urls.length]);
    probe = socket;
    const done = (answered) => {
      if (probe !== socket) return;
      probe = null;
      clearTimeout(giveUp);
      probeDue = Date.now() + PROBE_MS;
      if (answered && timer !== null) {
        waits.clear();
        tick();
      }
    };
    const giveUp = setTimeout(() => {
      socket.close();
      done(false);
    }, PROBE_WAIT_MS);
    socket.onopen = () => {
      socket.close();
      done(true);
    };
    socket.onclose = () => done(false);
  }

  function tick() {
    const now = Date.now();
    const closed = [];
    const all = Object.entries(nostr.getRelaySockets());
    for (const [url, socket] of all) {
      if (socket.readyState === OPEN) waits.delete(url);
      else if (socket.readyState === CLOSED) closed.push(url);
    }
    const wasOut = outage;
    outage = all.length > 0 && closed.length === all.length;
    if (outage && !wasOut) probeDue = now + PROBE_MS; // (the schedule's own first try is now)
    if (outage && probe === null && now >= probeDue && navigator.onLine !== false) knock(closed);
    if (!closed.some((url) => !waits.has(url) || now >= waits.get(url).due)) return;
    for (const url of closed) { // every closed socket tries now: each one's wait grows
      const ms = waits.has(url) ? Math.min(waits.get(url).ms * 2, LAST_MS) : FIRST_MS;
      waits.set(url, { ms, due: now + ms * (0.5 + Math.random() / 2) });
    }
    lift();
  }

  function wake() {
    if (timer !== null) return;
    waits.clear();
    timer = setInterval(tick, POLL_MS);
    tick();
  }

  function sleep() {
    clearInterval(timer);
    timer = null;
  }

  addEventListener("online", () => {
    waits.clear();
    if (timer !== null) tick();
  });
  return { wake, sleep };
}
