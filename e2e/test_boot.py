"""The page boots to a usable state, or says clearly (in Russian) that it could not."""

from __future__ import annotations

import io
import urllib.request
import zipfile

import pytest

from harness import ROOT, app_url, boot, wait_state

pytestmark = pytest.mark.first_visit  # its subject is the first visit (conftest's seeded snapshot left out)

ARTIFACTS = ROOT / "e2e" / "artifacts"  # screenshots for people to look at (git-ignored)
ARTIFACTS.mkdir(exist_ok=True)


def test_boots_to_ready_in_russian(page, base_url):
    # With the UI's URL parameters, which must never get in the way of booting.
    boot(page, app_url(base_url, seed=7, speed="instant"))
    assert page.get_attribute("html", "lang") == "ru"
    assert page.title() == "Буркозёл — четыре листа"
    assert page.is_hidden("#boot")
    assert page.is_visible("#table")
    page.screenshot(path=str(ARTIFACTS / "ready.png"))


def test_first_paint_is_static_html(base_url):
    """The felt and the progress line are in the HTML itself, before any script runs."""
    html = urllib.request.urlopen(base_url).read().decode("utf-8")
    assert 'data-state="loading"' in html
    assert 'id="boot-status"' in html and "Загружаем" in html
    assert 'id="table"' in html and 'id="boot"' in html
    assert "Перезагрузить" in html


def test_blocked_runtime_shows_error_and_reload_recovers(page, base_url, guard):
    guard.allow_console_errors = True  # the blocked download is logged by the browser
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto(base_url)
    assert wait_state(page) == "error"
    page.screenshot(path=str(ARTIFACTS / "boot-error.png"))
    assert page.is_visible("#boot-error-text")
    assert "Не удалось загрузить файлы игры" in page.text_content("#boot-error-text")
    button = page.get_by_role("button", name="Перезагрузить")
    assert button.is_visible()
    # Once the file can be fetched again, the button gets the player into the game.
    page.unroute("**/pyodide.asm.wasm")
    with page.expect_navigation():
        button.click()
    assert wait_state(page) == "ready"


def test_corrupt_runtime_shows_error(page, base_url, guard):
    guard.allow_console_errors = True
    page.route(
        "**/pyodide.asm.wasm",
        lambda route: route.fulfill(status=200, body=b"not wasm at all", headers={"Content-Type": "application/wasm"}),
    )
    page.goto(base_url)
    assert wait_state(page) == "error"
    assert page.is_visible("#boot-reload")


def test_python_exception_at_start_shows_error(page, base_url, guard):
    """web.zip with a table/control/app.py that raises: the player sees the Russian error, developers the traceback."""
    guard.allow_console_errors = True
    real = zipfile.ZipFile(io.BytesIO(urllib.request.urlopen(base_url + "web.zip").read()))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name in real.namelist():
            if name not in ("table/control/app.py", "table/control/app.pyc"):  # imported from the zip, a .pyc comes before its .py
                zf.writestr(name, real.read(name))
        zf.writestr("table/control/app.py", "raise RuntimeError('table exploded on purpose')\n")
    page.route("**/web.zip", lambda route: route.fulfill(status=200, body=buf.getvalue(), headers={"Content-Type": "application/zip"}))
    page.goto(base_url)
    assert wait_state(page) == "error"
    assert "Движок игры не смог запуститься" in page.text_content("#boot-error-text")
    assert "table exploded on purpose" in page.text_content("#boot-error-details")


def test_start_up_timeout_shows_error(page, base_url):
    page.goto(app_url(base_url, boot_timeout=1))
    assert wait_state(page) == "error"
    assert "слишком долго" in page.text_content("#boot-error-text")
    # A late "ready" from Python must not hide the error screen it already shows.
    page.wait_for_selector("html[data-py=done]", state="attached", timeout=90_000)
    assert page.get_attribute("html", "data-state") == "error"


FRAMES = """
(() => {
  // Each frame, before it is painted: the page's state and the boxes this frame will paint.
  window.__frames = [];
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__shifts.push({ t: e.startTime, value: e.value });
  }).observe({ type: "layout-shift", buffered: true });
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.x, r.y, r.width, r.height].map(Math.round); };
  const tick = (t) => {
    const root = document.documentElement;
    if (root.dataset.state === "ready") {
      const cards = [...document.querySelectorAll("#hand .card")];
      window.__frames.push({
        t,
        seats: document.querySelectorAll("#felt .seat").length,
        felt: ["trick", "status", "deck", "hand"].map((id) => box(document.getElementById(id))),
        cards: cards.map(box),
        faces: cards.filter((c) => c.querySelector("svg")?.checkVisibility()).length,
      });
    }
    if (window.__frames.length < 6) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();
"""


def test_first_drawing_is_painted_in_two_frames_without_a_shift(page, base_url):
    """The table's first drawing is two frames (web/page/host.js): the felt's regions first with
    the hand's cards as blank boxes of their own size, then their faces, so neither frame is one
    long task on a phone; and nothing moves between the two."""
    page.add_init_script(FRAMES)
    boot(page, app_url(base_url, seed=7, autoplay=1))
    page.wait_for_function("window.__frames.length >= 6")
    frames = page.evaluate("window.__frames")
    first, later = frames[0], frames[-1]
    assert first["seats"] > 0 and first["cards"], "the first frame draws the seats and the hand's boxes"
    assert first["faces"] == 0, "the hand's faces come a frame after the rest of the table"
    shown = next(i for i, f in enumerate(frames) if f["faces"])
    assert frames[shown]["faces"] == len(frames[shown]["cards"])
    assert frames[shown]["cards"] == first["cards"] and frames[shown]["felt"] == first["felt"], "nothing moved"
    assert later["faces"] == len(later["cards"])
    window = [s for s in page.evaluate("window.__shifts") if first["t"] - 20 <= s["t"] <= frames[shown]["t"] + 20]
    assert window == [], f"layout shifts between the two frames: {window}"
