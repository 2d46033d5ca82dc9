"""The browser engines besides Chromium, behind one small interface, for the smoke tests.

Why this shape: the smoke steps (test_engines.py) are written once and run in
every engine; an engine only has to open a URL, reload, and run an async
script in the page. Firefox ESR is driven by puppeteer-core over WebDriver
BiDi (firefox_bridge.mjs), WebKitGTK by Selenium through Debian's
WebKitWebDriver and MiniBrowser on a private Xvfb display. Both are the
distribution's own binaries: nothing is downloaded at test time.

  open_engine("firefox" | "webkit", lang="ru")   an Engine, or pytest.fail with the make target to run
  engine.goto(url) / .reload() / .evaluate("async (arg) => …", arg) / .errors() / .close()
  A script the page's navigation cuts short raises RuntimeError (as does any script error).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
# BURKOZEL_FIREFOX may name another Firefox (e.g. the one on GitHub's Ubuntu runners, which lack firefox-esr).
FIREFOX = os.environ.get("BURKOZEL_FIREFOX") or "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
SCRIPT_TIMEOUT_S = 180
LOCALES = {"ru": ("ru-RU", "ru_RU.UTF-8"), "en": ("en-US", "en_US.UTF-8")}


def _require(path: str, target: str) -> None:
    if not Path(path).is_file():
        pytest.fail(f"{path} is missing: run `make {target}`", pytrace=False)


class FirefoxEngine:
    """Debian's firefox-esr through e2e/firefox_bridge.mjs (one JSON line each way)."""

    name = "firefox"

    def __init__(self, lang: str):
        _require(FIREFOX, "firefox")
        if not (ROOT / "node_modules" / "puppeteer-core").is_dir():
            pytest.fail("node_modules/puppeteer-core is missing: run `make node`", pytrace=False)
        cmd = [shutil.which("node") or "node", str(HERE / "firefox_bridge.mjs"),
               "--binary", FIREFOX, "--lang", LOCALES[lang][0]]
        self.proc = subprocess.Popen(cmd, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.version = "Firefox " + self._call("version").split("/", 1)[-1]

    def _call(self, op: str, **fields):
        self.proc.stdin.write(json.dumps({"op": op, **fields}) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the Firefox bridge ended (exit code {self.proc.wait()})")
        reply = json.loads(line)
        if "error" in reply:
            raise RuntimeError(f"Firefox: {reply['error']}")
        return reply["ok"]

    def goto(self, url: str) -> None:
        self._call("goto", url=url)

    def reload(self) -> None:
        self._call("reload")

    def evaluate(self, fn: str, arg=None):
        return self._call("evaluate", fn=fn, arg=arg)

    def errors(self) -> list[str]:
        return self._call("errors")

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self._call("close")
            except (RuntimeError, BrokenPipeError, ValueError):
                pass
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()


# Classic WebDriver reports no console messages (this WebKitWebDriver has no BiDi):
# the page records its own from the load event on (what comes earlier shows as
# a failed boot, data-state="error").
RECORD_ERRORS_JS = """() => {
  if (window.__engineErrors) return;
  const seen = window.__engineErrors = [];
  const error = console.error.bind(console);
  console.error = (...args) => { seen.push(args.map(String).join(' ')); error(...args); };
  addEventListener('error', (e) => seen.push(`uncaught: ${e.message}`));
  addEventListener('unhandledrejection', (e) => seen.push(`unhandled rejection: ${e.reason}`));
}"""


class WebKitEngine:
    """Debian's WebKitGTK MiniBrowser through WebKitWebDriver, on an Xvfb display of its own.

    The browser's language comes from the locale environment it is started in."""

    name = "webkit"

    def __init__(self, lang: str):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        _require(WEBKIT_DRIVER, "webkit")
        _require(MINIBROWSER, "webkit")
        if not shutil.which("Xvfb"):
            pytest.fail("Xvfb is missing: run `make webkit`", pytrace=False)
        read, write = os.pipe()
        self.xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24",
                                      "-nolisten", "tcp"], pass_fds=(write,), stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as display:
            number = display.readline().strip()
        self.driver = None
        self.locales = tempfile.TemporaryDirectory(prefix="burkozel-locale-")
        env = {k: v for k, v in os.environ.items() if not k.startswith("LC_")}
        env.update(_locale_env(LOCALES[lang][1], Path(self.locales.name)), DISPLAY=f":{number}")
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")  # the driver passes only these arguments on
        service = Service(executable_path=WEBKIT_DRIVER, env=env)  # an explicit driver: nothing is fetched
        try:
            self.driver = webdriver.WebKitGTK(options=options, service=service)
        except Exception:
            self.xvfb.terminate()
            self.locales.cleanup()
            raise
        self.driver.set_script_timeout(SCRIPT_TIMEOUT_S)
        self.driver.set_window_size(1280, 800)
        caps = self.driver.capabilities
        self.version = f"WebKitGTK {caps.get('browserVersion', '?')} ({caps.get('browserName', '?')})"

    def goto(self, url: str) -> None:
        self.driver.get(url)  # returns after the load event
        self.evaluate(RECORD_ERRORS_JS)

    def reload(self) -> None:
        self.driver.refresh()
        self.evaluate(RECORD_ERRORS_JS)

    def evaluate(self, fn: str, arg=None):
        from selenium.common.exceptions import WebDriverException

        try:  # WebDriver's Execute Script awaits a returned promise.
            return self.driver.execute_script(f"return ({fn})(arguments[0]);", arg)
        except WebDriverException as err:
            raise RuntimeError(f"WebKit: {err.msg}") from err

    def errors(self) -> list[str]:
        return self.evaluate("() => (window.__engineErrors || []).splice(0)")

    def close(self) -> None:
        try:
            if self.driver is not None:
                self.driver.quit()
        finally:
            self.xvfb.terminate()
            self.xvfb.wait(timeout=10)
            self.locales.cleanup()


def _locale_env(name: str, scratch: Path) -> dict[str, str]:
    """LANG (and LANGUAGE) for a browser that takes its language from the C library's
    locale: WebKitGTK falls back to en-US unless the locale really exists, and a
    stock machine has only C.UTF-8, so the locale is compiled into ``scratch``
    (LOCPATH) from the locales package's sources when the system lacks it."""
    env = {"LANG": name, "LANGUAGE": name.split(".")[0]}
    have = subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout.split()
    if name.lower().replace("-", "") in {loc.lower().replace("-", "") for loc in have}:
        return env
    territory, charset = name.split(".")
    made = subprocess.run(["localedef", "-i", territory, "-f", charset, str(scratch / name)],
                          capture_output=True, text=True)
    if made.returncode not in (0, 1) or not (scratch / name).is_dir():  # 1: made, with warnings
        pytest.fail(f"cannot make the {name} locale (Debian package `locales`): {made.stderr.strip()}",
                    pytrace=False)
    return {**env, "LOCPATH": str(scratch)}


ENGINES = {"firefox": FirefoxEngine, "webkit": WebKitEngine}


def open_engine(name: str, lang: str = "ru"):
    return ENGINES[name](lang)
