// Two browsers on one Wi-Fi: a WebRTC DataChannel with no server, no STUN, no TURN.
//
// Why this file is JavaScript: RTCPeerConnection and the camera are browser
// objects. Everything else — the short codes (web/table/p2p/codes.py), who may see
// what (web/table/p2p/peer.py) — is Python, tested on CPython. Loaded only when a player
// chooses «Играть с другом» (boot.js: window.burkozelLoadP2P).
//
// Each link has an id (the host: one per guest seat; the guest: "host").
// What happens on a link is told by a "burkozel-p2p" event on document with
// detail {id, kind, data}: kind is "open", "message" (data: the text),
// "closed" (the other side left or the link broke) or "failed" (it never
// connected: usually not the same network, or a guest Wi-Fi isolating devices).
//
// Only host candidates are gathered (iceServers: []), so nothing is sent to
// any server; WebRTC is not governed by the page's CSP connect-src.

const links = new Map();
const CONNECT_TIMEOUT_MS = 30_000;
const GATHER_TIMEOUT_MS = 4_000;

/** The messages received on any link, in order (the tests' leak check reads them); the last 20 000. */
export const received = [];
const RECEIVED_KEPT = 20_000;

function emit(id, kind, data = "") {
  document.dispatchEvent(new CustomEvent("burkozel-p2p", { detail: { id, kind, data } }));
}

function gathered(pc) {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve();
    const timer = setTimeout(resolve, GATHER_TIMEOUT_MS); // use what has been gathered by then
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

function open(id) {
  close(id);
  const pc = new RTCPeerConnection({ iceServers: [] });
  // Negotiated: both sides make the same channel; no in-band announcement needed.
  const channel = pc.createDataChannel("burkozel", { negotiated: true, id: 0, ordered: true });
  const link = { pc, channel, up: false, ended: false, timer: null };
  links.set(id, link);
  const end = (kind) => {
    if (link.ended || links.get(id) !== link) return;
    link.ended = true;
    clearTimeout(link.timer);
    emit(id, link.up ? "closed" : kind);
  };
  channel.addEventListener("open", () => {
    link.up = true;
    clearTimeout(link.timer);
    emit(id, "open");
  });
  channel.addEventListener("message", (event) => {
    received.push({ id, data: String(event.data) });
    if (received.length > RECEIVED_KEPT) received.shift();
    emit(id, "message", String(event.data));
  });
  channel.addEventListener("close", () => end("failed"));
  pc.addEventListener("connectionstatechange", () => {
    if (pc.connectionState === "failed" || pc.connectionState === "closed") end("failed");
  });
  return link;
}

function waitForOpen(id, link) {
  link.timer = setTimeout(() => {
    if (!link.up && !link.ended && links.get(id) === link) {
      link.ended = true;
      emit(id, "failed");
    }
  }, CONNECT_TIMEOUT_MS);
}

/** Host: a new link and its offer (SDP with every host candidate). */
export async function offer(id) {
  const link = open(id);
  await link.pc.setLocalDescription(await link.pc.createOffer());
  await gathered(link.pc);
  return link.pc.localDescription.sdp;
}

/** Guest: answer the host's offer; returns the answer's SDP. */
export async function answer(id, sdp) {
  const link = open(id);
  await link.pc.setRemoteDescription({ type: "offer", sdp });
  await link.pc.setLocalDescription(await link.pc.createAnswer());
  await gathered(link.pc);
  waitForOpen(id, link);
  return link.pc.localDescription.sdp;
}

/** Host: the guest's answer; the link opens by itself if the two can reach each other. */
export async function accept(id, sdp) {
  const link = links.get(id);
  if (!link) throw new Error(`no link ${id}`);
  await link.pc.setRemoteDescription({ type: "answer", sdp });
  waitForOpen(id, link);
}

export function send(id, text) {
  const link = links.get(id);
  if (!link || link.channel.readyState !== "open") return false;
  link.channel.send(text);
  return true;
}

export function close(id) {
  const link = links.get(id);
  if (!link) return;
  links.delete(id);
  link.ended = true;
  clearTimeout(link.timer);
  link.channel.close();
  link.pc.close();
}

// --- scanning a code with the camera (where the browser can read QR codes) ---------------

let scanning = null;

export function canScan() {
  return "BarcodeDetector" in window && !!navigator.mediaDevices?.getUserMedia;
}

/** Show the camera in `video` until a QR code is read; resolves with its text. */
export async function scan(video) {
  stopScan();
  const detector = new window.BarcodeDetector({ formats: ["qr_code"] });
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
  const state = { stream, stopped: false };
  scanning = state;
  video.srcObject = stream;
  video.classList.add("on");
  await video.play();
  try {
    while (!state.stopped) {
      const codes = await detector.detect(video);
      if (codes.length) return codes[0].rawValue;
      await new Promise((r) => setTimeout(r, 250));
    }
    return "";
  } finally {
    stopScan();
  }
}

export function stopScan() {
  if (!scanning) return;
  scanning.stopped = true;
  for (const track of scanning.stream.getTracks()) track.stop();
  scanning = null;
}

window.burkozelP2P = { offer, answer, accept, send, close, received, canScan, scan, stopScan };
