"""Evidence when an online test fails: every peer connection's life and each page's console.

Why: a test of the direct way that fails now and then under load left nothing to read but
"60 s waiting for direct".  ``TRACE`` (an init script) records, per RTCPeerConnection in the
page, its offers and answers, local and remote candidates, ICE, gathering, signalling and
connection states, with the page's milliseconds; it also turns on relay.js's own notes
(``window.burkozelRelayTrace``: way changes, announcements, failed exchanges, sockets opened).
``Traced`` collects the consoles and, on failure (or always, with BURKOZEL_TRACE=1 in the
environment and pytest's ``-s``), prints all of it per page.

  traced = Traced({"host": host, "guest": guest})   # after the init script, before the test
  with traced: ... traced.mark("outage") ...        # on an exception: the dump, then re-raised
"""

from __future__ import annotations

import json
import os

TRACE = """(() => {
  const Real = window.RTCPeerConnection;
  const trace = (window.__rtcTrace = []);
  window.burkozelRelayTrace = [];
  let made = 0;
  const at = () => Math.round(performance.now());
  const ufrag = (sdp) => (/a=ice-ufrag:(\\S+)/.exec(sdp || "") || [])[1] || "";
  window.RTCPeerConnection = function (config) {
    const pc = new Real(config);
    const n = ++made;
    const log = (what, extra = "") => trace.push([at(), n, what, String(extra)]);
    log("new");
    for (const kind of ["signalingstatechange", "iceconnectionstatechange", "connectionstatechange",
                        "icegatheringstatechange", "negotiationneeded"]) {
      pc.addEventListener(kind, () => log(kind, `sig=${pc.signalingState} ice=${pc.iceConnectionState} ` +
        `conn=${pc.connectionState} gather=${pc.iceGatheringState}`));
    }
    pc.addEventListener("icecandidate", (e) => log("local-candidate", e.candidate ? e.candidate.candidate : "(end)"));
    pc.addEventListener("datachannel", (e) => log("datachannel", e.channel.label));
    const wrap = (name, describe) => {
      const real = pc[name].bind(pc);
      pc[name] = (...args) => {
        log(name, describe(...args));
        const result = real(...args);
        if (result && typeof result.then === "function") {
          result.then(() => log(name + " ok", name.endsWith("Description") ? ufrag(pc.localDescription?.sdp) +
            "/" + ufrag(pc.remoteDescription?.sdp) : ""), (error) => log(name + " FAILED", error));
        }
        return result;
      };
    };
    wrap("setLocalDescription", (d) => (d ? d.type : "(implicit)"));
    wrap("setRemoteDescription", (d) => `${d && d.type} ${ufrag(d && d.sdp)}`);
    wrap("addIceCandidate", (c) => `${c && c.candidate} ufrag=${c && c.usernameFragment}`);
    wrap("createOffer", (o) => JSON.stringify(o || {}));
    wrap("close", () => "");
    wrap("restartIce", () => "");
    return pc;
  };
  window.RTCPeerConnection.prototype = Real.prototype;
})();"""


class Traced:
    """Pages whose consoles are kept and whose traces are printed if the block raises."""

    def __init__(self, pages: dict[str, object]) -> None:
        self.pages = pages
        self.consoles: dict[str, list[str]] = {name: [] for name in pages}
        for name, page in pages.items():
            page.on("console", lambda msg, name=name: self.consoles[name].append(
                f"{msg.type}: {msg.text}"))

    def mark(self, what: str) -> None:
        """A line of the test's own in every page's notes (an outage begins, ends…)."""
        for page in self.pages.values():
            page.evaluate("(what) => window.burkozelRelayTrace?.push([Math.round(performance.now()), 'TEST', what])",
                          what)

    def dump(self) -> str:
        out = []
        for name, page in self.pages.items():
            try:
                data = page.evaluate("() => ({now: Math.round(performance.now()), rtc: window.__rtcTrace || [],"
                                     " relay: window.burkozelRelayTrace || []})")
            except Exception as error:  # noqa: BLE001 - a page that is gone still has its console
                data = {"now": None, "rtc": [], "relay": [], "error": str(error)}
            out.append(f"===== {name}: page time {data['now']} ms =====")
            out += ["relay.js: " + json.dumps(entry) for entry in data["relay"]]
            out += ["rtc: " + " ".join(str(x) for x in entry) for entry in data["rtc"]]
            out += ["console " + line for line in self.consoles[name]]
        return "\n".join(out)

    def __enter__(self) -> Traced:
        return self

    def __exit__(self, kind, error, tb) -> None:
        if kind is not None or os.environ.get("BURKOZEL_TRACE"):
            print(self.dump())
