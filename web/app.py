"""The PyScript glue: DOM, events, timers and ``localStorage`` around ``game.Table``.

Why so thin: PyScript is in maintenance mode upstream, so everything that can
be plain Python lives in ``game.py`` (rules flow), ``render.py`` (markup) and
``storage.py`` (saved data), all tested on CPython.  This module only:

- puts the skeleton in ``<main id="table">`` and refreshes the regions whose
  markup changed (keeping focus on the same card or button);
- listens once on ``#table`` (click, change) and on the dialogs (close, cancel),
  and finds the target with ``closest()`` — elements are re-rendered freely;
- runs every timed step (a bot's move, a trick leaving) in its own
  ``setTimeout`` task through one long-lived proxy, so the page paints between
  moves and nothing is leaked per move;
- reads and writes ``localStorage`` defensively (it may be full, disabled, or
  hold anything at all).
"""

from __future__ import annotations

import json
import time
import traceback
from typing import Any

import earlymenu
import render
import storage
import texts
from game import ACTIONS, Table
from pyscript import document, window
from pyscript.ffi import create_proxy

try:
    from pyscript.ffi import is_none as _is_none
except ImportError:  # pragma: no cover - older PyScript: JS null arrives as None
    def _is_none(value: Any) -> bool:
        return value is None

INSTANT_SLICE_S = 0.012
"""At ``?speed=instant`` several bot moves share one task, up to this long."""


class Storage:
    """``localStorage`` that never raises: failures become notices."""

    def __init__(self) -> None:
        self.ok = True
        self.full_reported = False

    def get(self, key: str) -> str | None:
        try:
            value = window.localStorage.getItem(key)
        except Exception:  # noqa: BLE001 - SecurityError in private mode, storage disabled…
            self.ok = False
            return None
        if _is_none(value) or value is None:
            return None
        return str(value)

    def set(self, key: str, value: str) -> str | None:
        """Store ``value``; returns a notice if that failed (once per kind)."""
        try:
            window.localStorage.setItem(key, value)
            return None
        except Exception:  # noqa: BLE001 - QuotaExceededError, SecurityError
            if not self.ok:
                return None  # already said storage is off
            if self.full_reported:
                return None
            self.full_reported = True
            return texts.NOTICE_STORAGE_FULL

    def remove(self, key: str) -> None:
        try:
            window.localStorage.removeItem(key)
        except Exception:  # noqa: BLE001
            pass


class App:
    """The running table page."""

    def __init__(self) -> None:
        self.params = storage.parse_params(str(window.location.search or ""))
        self.store = Storage()
        early = take_over_early_menu()
        settings, notices = storage.load_settings(early.shown if early.changed
                                                  else self.store.get(storage.SETTINGS_KEY))
        saved, match_notices = (None, [])
        if not self.params["autoplay"]:
            saved, match_notices = storage.load_match(self.store.get(storage.MATCH_KEY))
        self.table = Table(settings, speed=self.params["speed"], seed=self.params["seed"],
                           autoplay=self.params["autoplay"])
        self.table.notices.extend(notices + match_notices)
        if not self.store.ok:
            self.table.notices.append(texts.NOTICE_STORAGE_OFF)
        self.dialogs: list[str] = []
        self.cache: dict[str, str] = {}
        self.attrs: dict[str, str] = {}
        self.menu_cache = ""
        self.timer_id: Any = None
        self.scheduled_for: tuple | None = None  # what the timer is for (Table.timer_key)
        self.heap_marks = 0
        self.steps: list[tuple[float, float]] | None = None
        """With ``?bench=1``: ms of each timed step (the move, then the redraw)."""

        self.root = document.getElementById("table")
        if _is_none(self.root.querySelector("#hand")):  # the build writes the frame in (tools/prerender.py)
            self.root.innerHTML = render.skeleton()
        self.el = {r: document.getElementById(r) for r in render.REGIONS}
        self.dlg = {d: document.getElementById(d) for d in ("menu", "rules", "result")}

        # One proxy each for the page's whole life: nothing is created per event or per move.
        self._on_click = create_proxy(self.on_click)
        self._on_change = create_proxy(self.on_change)
        self._on_timer = create_proxy(self.on_timer)
        self._on_cancel = create_proxy(self.on_cancel)
        self._on_close = create_proxy(self.on_close)
        self.root.addEventListener("click", self._on_click)
        self.root.addEventListener("change", self._on_change)
        for d in self.dlg.values():
            d.addEventListener("cancel", self._on_cancel)
            d.addEventListener("close", self._on_close)

        if self.params["autoplay"]:
            self.table.new_match()
        elif saved is not None and self.table.restore(saved):
            if self.table.phase() in ("play", "clearing"):
                self.dialogs = ["menu"]
        else:
            if saved is not None or match_notices:
                self.store.remove(storage.MATCH_KEY)
            self.dialogs = ["menu"]
        if not self.params["autoplay"]:
            self.adopt(early)
        self.refresh()

    def adopt(self, early: earlymenu.EarlyMenu) -> None:
        """Carry on from the menu shown before Python (``earlymenu``): its
        settings are kept, a match asked for starts now, open dialogs stay
        open, and its markup stays when ours would be the same."""
        if early.changed:
            self.save_settings()
        if early.action == "new":
            self.table.new_match()
        self.dialogs = early.dialogs_after(self.dialogs, self.table.phase() in ("play", "clearing"))
        if "menu" in self.dialogs:
            markup = render.menu_html(self.table.settings, self.menu_ui())
            if early.menu_markup_kept(markup):
                self.menu_cache = markup

    # --- drawing ------------------------------------------------------------------

    def ui(self) -> dict[str, Any]:
        ui = self.table.ui()
        ui["notices"] = list(self.table.notices)
        return ui

    def menu_ui(self) -> dict[str, Any]:
        t = self.table
        info = t.info
        s = t.settings
        pending = False
        if info is not None:
            chosen = (s["format"], s["difficulty"], storage.chosen_combos(s), storage.table_settings(s)["discard"])
            pending = chosen != (info.format, info.difficulty, tuple(info.combos), info.discard)
        return {"levels": t.levels, "can_continue": t.phase() in ("play", "clearing"),
                "settings_pending": pending}

    def wanted_dialogs(self) -> list[str]:
        """The dialogs that should be open, bottom to top."""
        wanted = list(self.dialogs)
        if self.table.phase() in ("round_end", "match_end") and not self.table.autoplay and "result" not in wanted:
            wanted.insert(0, "result")
        if self.table.phase() not in ("round_end", "match_end") and "result" in wanted:
            wanted.remove("result")
        return wanted

    def refresh(self) -> None:
        """Redraw what changed, sync the dialogs, save, and schedule the next step."""
        view = self.table.display()
        ui = self.ui()
        for name, value in render.table_attrs(view, ui).items():
            if self.attrs.get(name) != value:
                self.root.setAttribute(name, value)
                self.attrs[name] = value
        for region, markup in render.regions(view, ui).items():
            if self.cache.get(region) != markup:
                self._replace(self.el[region], markup)
                self.cache[region] = markup
        self._sync_dialogs()
        self._save()
        self._schedule()
        root = document.documentElement
        root.setAttribute("data-matches", str(self.table.matches_done))

    def _replace(self, node: Any, markup: str) -> None:
        """Swap a region's markup, keeping keyboard focus on the same control."""
        active = document.activeElement
        key = None
        if active is not None and not _is_none(active) and node.contains(active):
            for attr in ("id", "data-card", "data-action"):
                value = active.getAttribute(attr)
                if value is not None and not _is_none(value) and str(value):
                    key = (attr, str(value))
                    break
        node.innerHTML = markup
        if key is not None:
            target = node.querySelector(f'[{key[0]}="{key[1]}"]')
            if target is None or _is_none(target):
                target = node.querySelector("button:not([disabled])")
            if target is not None and not _is_none(target):
                target.focus()

    def _sync_dialogs(self) -> None:
        wanted = self.wanted_dialogs()
        if "menu" in wanted:
            markup = render.menu_html(self.table.settings, self.menu_ui())
            if markup != self.menu_cache:
                self._replace(self.dlg["menu"], markup)
                self.menu_cache = markup
        # Close from the top what should not be open, then open in order.
        for name in ("rules", "menu", "result"):
            d = self.dlg[name]
            if name not in wanted and d.open:
                d.close()
        for name in wanted:
            d = self.dlg[name]
            if not d.open:
                d.showModal()
        self.dialogs = [d for d in wanted if d != "result"]

    # --- saving -------------------------------------------------------------------------

    def _save(self) -> None:
        saved = self.table.saved()
        if saved is None:
            return
        problem = self.store.set(storage.MATCH_KEY, storage.dump_match(saved))
        if problem and problem not in self.table.notices:
            self.table.notices.append(problem)
            self.cache.pop("notices", None)

    def save_settings(self) -> None:
        problem = self.store.set(storage.SETTINGS_KEY, storage.dump_settings(self.table.settings))
        if problem and problem not in self.table.notices:
            self.table.notices.append(problem)

    # --- timers -------------------------------------------------------------------------

    def paused(self) -> bool:
        return any(d in self.dialogs for d in ("menu", "rules"))

    def _schedule(self) -> None:
        """Schedule the table's next timed step once: a refresh that leaves the
        step and its position as they were (a card selected while a bot is
        to move) keeps the timer running, so the game's pace never depends
        on the player's clicks."""
        key = None if self.paused() else self.table.timer_key()
        if self.timer_id is not None:
            if key is not None and key == self.scheduled_for:
                return
            window.clearTimeout(self.timer_id)
            self.timer_id = None
        self.scheduled_for = key
        if key is None:
            return
        due = self.table.next_timer()
        if self.params["matches"] and due[0] == "new_match" and self.table.matches_done + 1 >= self.params["matches"]:
            self.table.matches_done += 1
            document.documentElement.setAttribute("data-matches", str(self.table.matches_done))
            document.documentElement.setAttribute("data-autoplay", "done")
            return
        self.timer_id = window.setTimeout(self._on_timer, due[1])

    def on_timer(self, *_args: Any) -> None:
        self.timer_id = None
        started = time.perf_counter()
        try:
            due = self.table.next_timer()
            if due is None or self.paused():
                return
            if self.table.speed == "instant":
                start = time.perf_counter()
                while due is not None and due[1] == 0 and time.perf_counter() - start < INSTANT_SLICE_S:
                    if due[0] == "new_match" and self.params["matches"] and \
                            self.table.matches_done + 1 >= self.params["matches"]:
                        break
                    self.table.run_timer(due[0])
                    due = self.table.next_timer()
                    if due is not None and due[0] in ("next_round", "new_match"):
                        break  # let the page paint each round's end
            else:
                self.table.run_timer(due[0])
        except Exception:  # noqa: BLE001 - never leave the table stuck without a word
            window.console.warn("[burkozel] step failed:\n" + traceback.format_exc())
        stepped = time.perf_counter()
        self.refresh()
        if self.steps is not None and len(self.steps) < 10_000:
            self.steps.append((round((stepped - started) * 1000, 1), round((time.perf_counter() - stepped) * 1000, 1)))

    # --- events -------------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        try:
            self._click(event)
        except Exception:  # noqa: BLE001
            window.console.warn("[burkozel] click failed:\n" + traceback.format_exc())

    def _click(self, event: Any) -> None:
        target = event.target
        if target is None or _is_none(target) or not hasattr(target, "closest"):
            return
        card = target.closest("#hand [data-card]")
        if card is not None and not _is_none(card):
            if self.table.toggle(str(card.getAttribute("data-card"))):
                self.refresh()
            return
        button = target.closest("[data-action]")
        if button is None or _is_none(button) or button.disabled:
            return
        action = str(button.getAttribute("data-action"))
        t = self.table
        if action in ACTIONS:
            t.act(action)
        elif action == "menu":
            if "menu" not in self.dialogs:
                self.dialogs = [d for d in self.dialogs if d != "rules"] + ["menu"]
        elif action == "rules":
            if "rules" not in self.dialogs:
                self.dialogs.append("rules")
        elif action == "close-rules":
            self.dialogs = [d for d in self.dialogs if d != "rules"]
        elif action == "continue":
            if t.phase() in ("play", "clearing"):
                self.dialogs = [d for d in self.dialogs if d != "menu"]
        elif action == "new":
            t.notices = [n for n in t.notices if n != texts.NOTICE_BOT_FALLBACK]
            t.new_match()
            self.dialogs = []
        elif action == "next":
            if t.phase() == "match_end":
                t.notices = [n for n in t.notices if n != texts.NOTICE_BOT_FALLBACK]
            t.next_round()
            self.dialogs = []
        elif action == "dismiss":
            index = button.getAttribute("data-index")
            try:
                del t.notices[int(str(index))]
            except (ValueError, IndexError):
                pass
        else:
            return
        self.refresh()

    def on_change(self, event: Any) -> None:
        try:
            target = event.target
            name = str(target.name or "")
            s = self.table.settings
            mine = storage.table_settings(s)
            if name in ("format", "difficulty", "speed"):
                value = str(target.value)
                allowed = {"format": tuple(storage.FORMATS), "difficulty": storage.LEVELS, "speed": storage.SPEEDS}[name]
                if value in allowed:
                    s[name] = value
            elif name == "discard":
                value = str(target.value)
                if value in storage.FORMATS[s["format"]].discard_faces:
                    mine["discard"] = value
            elif name in mine["combos"]:
                mine["combos"][name] = bool(target.checked)
            else:
                return
            self.save_settings()
            self.refresh()
        except Exception:  # noqa: BLE001
            window.console.warn("[burkozel] setting failed:\n" + traceback.format_exc())

    def on_cancel(self, event: Any) -> None:
        """Esc on a dialog: the menu closes only if there is a match to return to;
        the round result never closes by itself (it has its own buttons)."""
        name = str(event.target.id)
        if name == "result" or (name == "menu" and self.table.phase() not in ("play", "clearing")):
            event.preventDefault()

    def on_close(self, event: Any) -> None:
        name = str(event.target.id)
        if name in self.dialogs:
            self.dialogs.remove(name)
            self.refresh()


def take_over_early_menu() -> earlymenu.EarlyMenu:
    """Stop web/menu.js and learn what the player did there (nothing if it never ran)."""
    hook = getattr(window, "burkozelMenu", None)
    if hook is None or _is_none(hook):
        return earlymenu.EarlyMenu()
    try:
        return earlymenu.EarlyMenu.from_json(str(hook.takeOver()))
    except Exception:  # noqa: BLE001 - a broken early menu must not stop the table
        window.console.warn("[burkozel] early menu hand-over failed:\n" + traceback.format_exc())
        return earlymenu.EarlyMenu()


APP: App | None = None
_BENCH_PROXY: Any = None


def install_bench_hook() -> None:
    """With ``?bench=1`` only: ``window.burkozelBench(json) -> json`` times the
    table's bots inside the page (``benchhooks.run``; used by bench/bot_speed.py
    and e2e/test_bots_browser.py); it reads no state of the table.
    ``window.burkozelSteps() -> json`` lists ``[move_ms, redraw_ms]`` of every
    timed step since the page opened (what a long task during play is made of)."""
    global _BENCH_PROXY
    import benchhooks

    if not benchhooks.wanted(str(window.location.search or "")):
        return
    _BENCH_PROXY = create_proxy(benchhooks.run_json)
    window.burkozelBench = _BENCH_PROXY
    if APP is not None:
        APP.steps = []
        window.burkozelSteps = create_proxy(lambda: json.dumps(APP.steps))


def start() -> None:
    """Called by ``web/main.py``; any exception propagates there and shows the
    error screen with «Перезагрузить» instead of a blank page."""
    global APP
    APP = App()
    install_bench_hook()
