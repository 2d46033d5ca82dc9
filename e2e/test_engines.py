"""The table in every browser engine, not only Chromium: Firefox ESR (Gecko) and
WebKitGTK (Safari's engine). A smoke run per engine, in a Russian browser: it
boots in Russian, a whole deal is played by clicks, a reload resumes the same
hand, and with the server gone a reload boots from the service worker.

Why one module: the steps are written once and run per engine (engines.py);
they share one browser and one server per engine, in order (boot is the
expensive part), and the last step stops that server.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

import pytest

from engines import ENGINES, open_engine
from harness import SW_STATUS_JS, Server, app_url
from tablekit import MATCH_KEY, PLAY_TURN_JS

BOOT_TIMEOUT_MS = 150_000
TURN_TIMEOUT_MS = 60_000
FORMAT = "duel"

READY_JS = """async (timeoutMs) => {
  const t0 = performance.now();
  const root = document.documentElement;
  while (!['ready', 'error'].includes(root.dataset.state)) {
    if (performance.now() - t0 > timeoutMs) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const shown = (sel) => { const el = document.querySelector(sel); return !!el && el.getClientRects().length > 0; };
  return {
    state: root.dataset.state || null,
    bootMs: Math.round(performance.now()),
    error: (document.getElementById('boot-error-text') || {}).textContent || '',
    lang: root.lang,
    browserLang: navigator.language,
    menuOpen: document.getElementById('menu').open,
    newLabel: (document.querySelector('#menu [data-action=new]') || {}).textContent || null,
    canContinue: shown('#menu [data-action=continue]'),
  };
}"""

CLICK_JS = """async (selector) => {
  const el = document.querySelector(selector);
  if (!el) throw new Error(`nothing matches ${selector}`);
  el.click();
  await window.burkozelSettled();
  return true;
}"""

# Until the player is to move or the deal is over (bots answer in the worker).
TABLE_JS = """async (timeoutMs) => {
  const t0 = performance.now();
  const table = document.getElementById('table');
  const waits = () => table.dataset.turn === 'me' || ['round_end', 'match_end'].includes(table.dataset.phase);
  await window.burkozelSettled();
  while (!waits() && performance.now() - t0 < timeoutMs) {
    await new Promise((r) => setTimeout(r, 50));
    await window.burkozelSettled();
  }
  return {
    phase: table.dataset.phase, turn: table.dataset.turn || null,
    hand: [...document.querySelectorAll('#hand button[data-card]')].map((e) => e.dataset.card),
    resultOpen: document.getElementById('result').open,
    result: document.getElementById('result-body').textContent,
    saved: localStorage.getItem(%r),
  };
}""" % MATCH_KEY


# Until a service worker controls the page and both its caches are filled.
SW_READY_JS = f"""async () => {{
  for (let i = 0; i < 600; i++) {{
    const s = await ({SW_STATUS_JS})();
    if (s.controller && Object.keys(s.caches).length === 2 && Object.values(s.caches).every(Boolean)) return s;
    await new Promise((r) => setTimeout(r, 100));
  }}
  return null;
}}"""


@dataclass
class Session:
    """One engine, its own server (the offline step stops it) and what the steps hand on."""

    engine: object
    server: Server
    rng: random.Random = field(default_factory=lambda: random.Random(11))
    kept: dict = field(default_factory=dict)

    def ready(self) -> dict:
        for attempt in range(3):  # a reload may still be replacing the document the script ran in
            try:
                info = self.engine.evaluate(READY_JS, BOOT_TIMEOUT_MS)
                break
            except RuntimeError:
                if attempt == 2:
                    raise
        assert info["state"] == "ready", f"{self.engine.version}: boot ended in {info['state']!r}: {info['error']}"
        return info

    def click(self, selector: str) -> None:
        self.engine.evaluate(CLICK_JS, selector)

    def table(self) -> dict:
        return self.engine.evaluate(TABLE_JS, TURN_TIMEOUT_MS)

    def play_until_end(self, max_turns: int = 200) -> dict:
        for _ in range(max_turns):
            now = self.table()
            if now["phase"] in ("round_end", "match_end"):
                return now
            assert now["turn"] == "me", f"the table stopped waiting for nobody: {now}"
            self.engine.evaluate(PLAY_TURN_JS, self.rng.random())
        raise AssertionError("the deal did not end")

    def no_errors(self) -> None:
        assert self.engine.errors() == [], self.engine.version


@pytest.fixture(scope="module", params=sorted(ENGINES))
def session(request, site_dir):
    server = Server(site_dir)
    engine = None
    try:
        engine = open_engine(request.param, lang="ru")
        yield Session(engine, server)
    finally:
        if engine is not None:
            engine.close()
        server.stop()


def test_boots_in_the_browsers_language(session):
    session.engine.goto(app_url(session.server.url, seed=7, speed="instant"))
    info = session.ready()
    assert info["browserLang"].startswith("ru"), info
    assert info["lang"] == "ru"
    assert info["menuOpen"] and info["newLabel"] == "Новая партия"
    session.no_errors()


def test_a_whole_deal_by_clicks(session):
    session.click(f"input[name=format][value={FORMAT}]")
    session.click("#menu [data-action=new]")
    start = session.table()
    assert start["phase"] == "play" and start["turn"] == "me" and start["hand"], start
    end = session.play_until_end()
    assert end["resultOpen"] and end["result"].strip(), end
    assert json.loads(end["saved"])["format"] == FORMAT
    session.no_errors()


def test_a_reload_resumes_the_same_hand(session):
    session.click("#result [data-action=next]")  # the next deal (or a new match after the last)
    for _ in range(2):
        assert session.table()["turn"] == "me"
        session.engine.evaluate(PLAY_TURN_JS, session.rng.random())
    before = session.table()
    assert before["phase"] == "play" and before["hand"]
    session.engine.reload()
    info = session.ready()
    assert info["menuOpen"] and info["canContinue"], info  # «Продолжить партию»
    session.click("#menu [data-action=continue]")
    after = session.table()
    assert (after["hand"], after["saved"], after["phase"]) == (before["hand"], before["saved"], before["phase"])
    session.kept["resumed"] = after
    session.no_errors()


def test_an_offline_reload_boots_from_the_service_worker(session):
    assert session.engine.evaluate(SW_READY_JS), "no service worker took control with both caches filled"
    session.server.stop()
    session.engine.reload()
    info = session.ready()
    assert info["canContinue"], info
    assert session.engine.evaluate("async () => navigator.serviceWorker.controller !== null")
    session.click("#menu [data-action=continue]")
    before = session.table()
    assert before["hand"] == session.kept["resumed"]["hand"]
    session.engine.evaluate(PLAY_TURN_JS, session.rng.random())
    after = session.table()
    assert after["saved"] != before["saved"], "the move was not answered offline"
    session.no_errors()
