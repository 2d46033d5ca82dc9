"""Soak: 20 bot-only matches in the browser at ?speed=instant with no
console error, and the JS heap after the last match within 1.5× of the heap
after the first (GC forced through the DevTools protocol before each reading)."""

from __future__ import annotations

import json

from harness import app_url, boot
from tablekit import SETTINGS_KEY

MATCHES = 20


def heap(cdp) -> int:
    cdp.send("HeapProfiler.collectGarbage")
    cdp.send("HeapProfiler.collectGarbage")
    return cdp.send("Runtime.getHeapUsage")["usedSize"]


def test_twenty_bot_matches_without_errors_or_leaks(page, base_url):
    settings = {"v": 1, "format": "four", "difficulty": "easy", "speed": "normal",
                "combos": {c: True for c in ("golden_moscow", "bura", "four_ends", "molodka", "moscow",
                                             "small_moscow")}}
    page.add_init_script(f"localStorage.setItem({SETTINGS_KEY!r}, {json.dumps(json.dumps(settings))});")
    cdp = page.context.new_cdp_session(page)
    cdp.send("HeapProfiler.enable")
    boot(page, app_url(base_url, seed=100, speed="instant", autoplay=1, matches=MATCHES))
    page.wait_for_function("Number(document.documentElement.dataset.matches) >= 1", timeout=120_000)
    first = heap(cdp)
    page.wait_for_selector("html[data-autoplay=done]", state="attached", timeout=600_000)
    last = heap(cdp)
    assert page.get_attribute("html", "data-matches") == str(MATCHES)
    assert last <= 1.5 * first, (first, last)
    # Autoplay never touches the player's saved match.
    assert page.evaluate("localStorage.getItem('burkozel.match')") is None
