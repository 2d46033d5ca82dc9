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

import coachview
import earlymenu
import p2pcode
import peerview
import render
import seats
import share
import storage
import stats
import story
import texts
from game import ACTIONS, MatchInfo, Table
from peerlink import PeerLink
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
                                                  else self.store.get(storage.SETTINGS_KEY), browser_lang())
        saved, match_notices = (None, [])
        self.shared = None if self.params["autoplay"] else share.parse(str(window.location.search or ""))
        """A shared deal the page was opened with (``share.SharedDeal``), played instead of the saved match."""
        if self.shared is not None:
            share.settings_for(self.shared, settings)
        elif not self.params["autoplay"]:
            saved, match_notices = storage.load_match(self.store.get(storage.MATCH_KEY))
        self.table = Table(settings, speed=self.params["speed"], seed=self.params["seed"],
                           autoplay=self.params["autoplay"])
        self.table.notices.extend(notices + match_notices)
        if not self.store.ok:
            self.table.notices.append(texts.NOTICE_STORAGE_OFF)
        self.stats, dropped = stats.load(self.store.get(stats.STATS_KEY))
        if dropped:
            self.table.notices.append(texts.NOTICE_STATS_BROKEN)
        self.dialogs: list[str] = []
        self.cache: dict[str, str] = {}
        self.attrs: dict[str, str] = {}
        self.menu_cache = ""
        self.timer_id: Any = None
        self.scheduled_for: tuple | None = None  # what the timer is for (Table.timer_key)
        self.heap_marks = 0
        self.steps: list[tuple[float, float]] | None = None
        """With ``?bench=1``: ms of each timed step (the move, then the redraw)."""

        self.p2p_cache = ""

        self.root = document.getElementById("table")
        if _is_none(self.root.querySelector("#hand")):  # the build writes the frame in (tools/prerender.py)
            self.root.innerHTML = render.skeleton()
        self.el = {r: document.getElementById(r) for r in render.REGIONS}
        self.dlg = {d: document.getElementById(d) for d in ("menu", "rules", "result", "p2p", "info")}
        self.peer = PeerLink(self, document.getElementById("peer-bar"))
        """Play with a friend (web/peerlink.py): this page is the host, a guest, or neither."""
        self.panel: dict[str, Any] = {"kind": None}
        """What the ``#info`` dialog shows: the last trick, the deal's review (and its step), …"""
        self.info_cache = ""

        # One proxy each for the page's whole life: nothing is created per event or per move.
        self._on_click = create_proxy(self.on_click)
        self._on_change = create_proxy(self.on_change)
        self._on_timer = create_proxy(self.on_timer)
        self._on_cancel = create_proxy(self.on_cancel)
        self._on_close = create_proxy(self.on_close)
        self._on_key = create_proxy(self.on_key)
        document.addEventListener("keydown", self._on_key)
        self.root.addEventListener("click", self._on_click)
        self.root.addEventListener("change", self._on_change)
        for d in self.dlg.values():
            d.addEventListener("cancel", self._on_cancel)
            d.addEventListener("close", self._on_close)

        if self.params["autoplay"]:
            self.table.new_match()
        elif self.shared is not None:
            sh = self.shared
            self.table.start(MatchInfo(sh.format, sh.combos, sh.difficulty, sh.seed, sh.discard, sh.deal))
            if not sh.check:
                self.save_settings()
                window.history.replaceState(None, "", self.base() + share.strip(str(window.location.search or "")))
        elif saved is not None and self.table.restore(saved):
            if self.table.phase() in ("play", "clearing"):
                self.dialogs = ["menu"]
        else:
            if saved is not None or match_notices:
                self.store.remove(storage.MATCH_KEY)
            self.dialogs = ["menu"]
        if not self.params["autoplay"]:
            self.adopt(early)
        joining = str(window.location.hash or "")
        if p2pcode.LINK_KEY in joining:
            # Opened from the host's QR code: the join dialog, the code filled in.
            window.history.replaceState(None, "", str(window.location.href).split("#", 1)[0])
            self.peer.dialog = {"step": "guest-paste", "prefill": p2pcode.clean(joining)}
            self.dialogs = ["p2p"]
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

    @property
    def screen(self) -> Any:
        """What the table draws and plays: the guest's screen, or this page's table."""
        return self.peer.guest if self.peer.guest is not None else self.table

    def ui(self) -> dict[str, Any]:
        ui = self.screen.ui()
        ui["lang"] = self.table.texts.LANG
        ui["notices"] = list(self.table.notices)
        t = self.table
        if t.info is not None and t.match is not None:
            deal = t.info.first_deal + t.match.round_no
            ui["fair"] = {"seed": t.info.seed, "deal": deal,
                          "check": self.base() + share.query(share.of_match(t.info, deal, check=True))}
            sh = self.shared
            if sh is not None and sh.sharer is not None and (sh.seed, sh.deal) == (t.info.seed, deal):
                ui["sharer"] = sh.sharer
        return ui

    def base(self) -> str:
        return str(window.location.origin) + str(window.location.pathname)

    def menu_ui(self) -> dict[str, Any]:
        t = self.table
        info = t.info
        s = t.settings
        pending = False
        if info is not None:
            chosen = (s["format"], s["difficulty"], storage.chosen_combos(s), storage.table_settings(s)["discard"],
                      seats.chosen(s))
            pending = chosen != (info.format, info.difficulty, tuple(info.combos), info.discard, info.seating)
        return {"levels": t.levels, "can_continue": self.screen.phase() in ("play", "clearing"),
                "p2p": self.peer.active,
                "settings_pending": pending, "seed": t.seed_override}

    def wanted_dialogs(self) -> list[str]:
        """The dialogs that should be open, bottom to top."""
        wanted = [d for d in self.dialogs if d != "p2p" or self.peer.dialog is not None]
        if self.peer.dialog is not None and "p2p" not in wanted:
            wanted.append("p2p")
        phase = self.screen.phase()
        if phase in ("round_end", "match_end") and not self.table.autoplay and "result" not in wanted:
            wanted.insert(0, "result")
        if phase not in ("round_end", "match_end") and "result" in wanted:
            wanted.remove("result")
        return wanted

    def refresh(self) -> None:
        """Redraw what changed, sync the dialogs, save, and schedule the next step."""
        view = self.screen.display()
        ui = self.ui()
        for name, value in render.table_attrs(view, ui).items():
            if self.attrs.get(name) != value:
                self.root.setAttribute(name, value)
                self.attrs[name] = value
        for selector, attrs in render.frame_attrs(self.table.texts).items():
            for name, value in attrs.items():
                if self.attrs.get(selector + name) != value:
                    document.querySelector(selector).setAttribute(name, value)
                    self.attrs[selector + name] = value
                    if selector == "html":  # the title and boot screen follow <html lang> (web/boot.js)
                        window.burkozelBoot.relabel()
        for region, markup in render.regions(view, ui).items():
            if self.cache.get(region) != markup:
                self._replace(self.el[region], markup)
                self.cache[region] = markup
        self._record_stats()
        self._sync_dialogs()
        self.peer.sync()
        self._focus_handover()
        self._save()
        self._schedule()
        root = document.documentElement
        root.setAttribute("data-matches", str(self.table.matches_done))

    def _focus_handover(self) -> None:
        """«Я — …» is one key away whenever the hand-over screen is on top."""
        slot = self.el["handover-slot"]
        button = slot.querySelector("button")
        if button is None or _is_none(button) or self.dialogs:
            return
        active = document.activeElement
        if active is None or _is_none(active) or not slot.contains(active):
            button.focus()

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
        if "p2p" in wanted and self.peer.dialog is not None:
            markup = peerview.dialog_html(self.peer.dialog, self.table.texts)
            if markup != self.p2p_cache:
                self._replace(self.dlg["p2p"], markup)
                self.p2p_cache = markup
        if "info" in wanted:
            markup = self.panel_html()
            if markup != self.info_cache:
                self._replace(document.getElementById("info-body"), markup)
                self.info_cache = markup
        # Close from the top what should not be open, then open in order.
        for name in ("p2p", "info", "rules", "menu", "result"):
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
        if self.peer.guest is not None:
            return  # a guest's page holds no match: the host keeps it
        saved = self.table.saved()
        if saved is None or (self.shared is not None and self.shared.check):
            # A deal re-dealt to check it never replaces the match saved in this browser.
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
        return self.peer.guest is not None or any(d in self.dialogs for d in ("menu", "rules", "p2p", "info"))

    # --- the coach's panels (web/coachview.py) ---------------------------------------------

    def open_panel(self, kind: str, **extra: Any) -> None:
        self.panel = {"kind": kind, **extra}
        if "info" not in self.dialogs:
            self.dialogs.append("info")

    def panel_html(self) -> str:
        kind = self.panel.get("kind")
        names = list(self.table.names)
        words = self.table.texts
        if kind == "last":
            return coachview.last_trick_panel(self.table.display(), names, words)
        if kind == "stats":
            t = self.table
            key = self.panel.get("key") or (stats.table_key(t.info.format, t.bot_level or t.info.difficulty)
                                            if t.info is not None else
                                            stats.table_key(t.settings["format"], t.settings["difficulty"]))
            return coachview.stats_panel(self.stats, key, words)
        if kind == "share":
            return coachview.share_panel(self.share_link(), words)
        if kind == "review":
            return coachview.review_panel(self.panel.get("frames", []), self.panel.get("step", 0), names, words)
        return ""

    def share_link(self) -> str:
        """«Поделиться раздачей»: the deal in play (or just played, with the player's result)."""
        t = self.table
        if t.info is None or t.match is None:
            return ""
        view = t.view()
        sharer = None
        if view is not None and view.round_over and view.round_points is not None:
            sharer = (view.round_points[view.side], view.round_penalties[view.side])
        return self.base() + share.query(share.of_match(t.info, t.info.first_deal + t.match.round_no, sharer))

    def _record_stats(self) -> None:
        """Once a deal is over, add it to the record of its table and bot level (once)."""
        t = self.table
        if t.autoplay or t.info is None or t.match is None or t.phase() not in ("round_end", "match_end"):
            return
        view = t.view().to_dict()
        # Recorded once: a reload on the result dialog meets the same id.
        deal_id = f"{t.info.format}/{t.info.seed}/{t.info.first_deal + t.match.round_no}/{len(t.match.moves)}"
        won = view["match_over"] and view["side"] in view["winners"]
        if stats.record_deal(self.stats, stats.table_key(t.info.format, t.bot_level or t.info.difficulty), deal_id,
                             stats.outcome(view, t.coach.used), view["match_over"], won):
            self._save_stats()

    def _save_stats(self) -> None:
        problem = self.store.set(stats.STATS_KEY, stats.dump(self.stats))
        if problem and problem not in self.table.notices:
            self.table.notices.append(problem)

    def review_frames(self) -> list[Any]:
        t = self.table
        if t.info is None:
            return []
        return story.frames(t.info.rules, t.info.seed, t.rounds, t.info.first_deal)

    def on_key(self, event: Any) -> None:
        """L (or Д, the same key on a Russian layout): the last trick, when no dialog is open."""
        try:
            key = str(event.key or "")
            if key.lower() not in ("l", "д") or self.wanted_dialogs() or event.ctrlKey or event.metaKey:
                return
            target = event.target
            if target is not None and not _is_none(target) and str(getattr(target, "tagName", "")) == "INPUT":
                return
            if self.table.view() is not None:
                self.open_panel("last")
                self.refresh()
        except Exception:  # noqa: BLE001
            window.console.warn("[burkozel] key failed:\n" + traceback.format_exc())

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
            if self.screen.toggle(str(card.getAttribute("data-card"))):
                self.refresh()
            return
        button = target.closest("[data-action]")
        if button is None or _is_none(button) or button.disabled:
            return
        action = str(button.getAttribute("data-action"))
        t = self.table
        if action.startswith("p2p"):
            self.peer.click(action, button)
        elif action in ACTIONS and self.peer.guest is not None:
            self.peer.guest_act(action)
        elif action in ACTIONS:
            t.act(action)
        elif action == "hint":
            t.request_hint()
        elif action == "hint-close":
            t.coach.dismiss()
        elif action == "last-trick":
            self.open_panel("last")
        elif action == "review":
            self.open_panel("review", frames=self.review_frames(), step=0)
        elif action in ("review-prev", "review-next"):
            frames = self.panel.get("frames", [])
            step = self.panel.get("step", 0) + (1 if action == "review-next" else -1)
            self.panel["step"] = max(0, min(step, len(frames) - 1))
        elif action == "stats":
            self.open_panel("stats")
        elif action == "share":
            self.open_panel("share")
        elif action == "stats-show":
            key = str(button.getAttribute("data-key") or "")
            if stats.valid_key(key):
                self.panel["key"] = key
        elif action == "stats-reset":
            key = str(button.getAttribute("data-key") or "")
            if stats.valid_key(key):
                stats.reset(self.stats, key)
                self._save_stats()
        elif action == "close-info":
            self.dialogs = [d for d in self.dialogs if d != "info"]
        elif action == "menu":
            if "menu" not in self.dialogs:
                self.dialogs = [d for d in self.dialogs if d != "rules"] + ["menu"]
        elif action == "rules":
            if "rules" not in self.dialogs:
                self.dialogs.append("rules")
        elif action == "close-rules":
            self.dialogs = [d for d in self.dialogs if d != "rules"]
        elif action == "continue":
            if self.screen.phase() in ("play", "clearing"):
                self.dialogs = [d for d in self.dialogs if d != "menu"]
        elif action == "next" and self.peer.guest is not None:
            return  # the host starts the next deal
        elif action == "new":
            if self.peer.guest is not None:
                self.peer.leave()
                t = self.table
            t.notices = [n for n in t.notices if n != texts.NOTICE_BOT_FALLBACK]
            t.new_match()
            self.dialogs = []
        elif action == "next":
            if t.phase() == "match_end":
                t.notices = [n for n in t.notices if n != texts.NOTICE_BOT_FALLBACK]
            t.next_round()
            self.dialogs = []
        elif action == "handover":
            if t.confirm_handover():
                self.refresh()
                card = document.querySelector("#hand button[data-card]")
                if card is not None and not _is_none(card):
                    card.focus()  # keyboard play goes on from the hand
            return
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
            if name in ("format", "difficulty", "speed", "lang"):
                value = str(target.value)
                allowed = {"format": tuple(storage.FORMATS), "difficulty": storage.LEVELS, "speed": storage.SPEEDS,
                           "lang": texts.LANGS}[name]
                if value in allowed:
                    s[name] = value
                if name == "lang" and self.peer.guest is not None:
                    self.peer.guest.texts = self.table.texts
            elif name == "seed":
                self.table.seed_override = share.parse_seed(str(target.value or ""))
                self.refresh()
                return
            elif name == "discard":
                value = str(target.value)
                if value in storage.FORMATS[s["format"]].discard_faces:
                    mine["discard"] = value
            elif name in mine["combos"]:
                mine["combos"][name] = bool(target.checked)
            elif not seats.apply_change(s, name, str(target.value)):
                return
            self.save_settings()
            self.refresh()
        except Exception:  # noqa: BLE001
            window.console.warn("[burkozel] setting failed:\n" + traceback.format_exc())

    def on_cancel(self, event: Any) -> None:
        """Esc on a dialog: the menu closes only if there is a match to return to;
        the round result never closes by itself (it has its own buttons)."""
        name = str(event.target.id)
        if name in ("result", "p2p") or (name == "menu" and self.screen.phase() not in ("play", "clearing")):
            event.preventDefault()

    def on_close(self, event: Any) -> None:
        name = str(event.target.id)
        if name in self.dialogs:
            self.dialogs.remove(name)
            self.refresh()


def browser_lang() -> str:
    """The language ``navigator.languages`` asks for (``texts.lang_for_browser``)."""
    nav = window.navigator
    languages = [str(x) for x in (nav.languages or [])] or [str(nav.language or "")]
    return texts.lang_for_browser(languages)


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
