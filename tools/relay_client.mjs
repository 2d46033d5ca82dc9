// The relay client web/page/relay.js imports, bundled by tools/build_site.py
// (esbuild) into one file, site/vendor/trystero/nostr.js, from the pinned npm
// packages: Trystero's Nostr strategy (WebRTC signalling over public relays)
// and the Schnorr signatures the relay-only way signs its own events with; its
// reconnection lock is web/page/relay_retry.js's to hold and lift. `sha1` names a
// room's announcement topic (relay.js announces on its own schedule, not Trystero's).
// `schnorr` (noble's BIP-340, the one Trystero signs with: bundled once) signs an open
// table's addressable event with the table's own Nostr key.
export {
  joinRoom, selfId, createEvent, subscribe, getRelaySockets, pauseRelayReconnection, resumeRelayReconnection,
} from "@trystero-p2p/nostr";
export { sha1 } from "@trystero-p2p/core";
export { schnorr } from "@noble/secp256k1";
