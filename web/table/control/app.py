"""The table's controller: events in, effects out, around ``match.table.Table``.

Why it looks like this: Python runs in a PyScript worker (``web/main.py``),
so the main thread never waits for the engine, the bots or the markup.  The
worker has no DOM: ``web/page/host.js`` forwards the player's input as small JSON
events (:meth:`App.handle`) and applies the answer, an ``effects.Effects``
batch (web/README.md lists its parts).  Everything decided here is plain
Python, tested on CPython; what is left in ``host.js`` is how a batch is put
on the page.  Every timed step is a page timer that comes back as a ``timer``
event; ``localStorage`` is read once at start and written through effects.
"""

from __future__ import annotations

import time
import sys
import traceback
from dataclasses import replace
from typing import Any, Callable

from burkozel import fair
from burkozel.trick import KINDS
from table.coach import share, stats, story
from table.control.effects import Effects, Env
from table.i18n import languages
from table.i18n.languages import DEFAULT_TEXTS as texts
from table.match import house, record, seats, storage
from table.match.screen import ScreenState
from table.match.table import Table
from table.p2p import codes as p2pcode
from table.p2p import view as peerview
from table.p2p.link import PeerLink
from table.view import coachview, earlymenu, render

INSTANT_SLICE_S = 0.012
"""At ``?speed=instant`` several bot moves share one task, up to this long."""


class Storage:
    """The page's ``localStorage`` as the worker knows it: read once at start
    (``Env.storage``), written through effects.  A write the browser refuses
    comes back as a ``storage-failed`` event (:meth:`failed`)."""

    def __init__(self, stored: dict[str, str] | None, fx: Effects) -> None:
        self.ok = stored is not None
        self.data = dict(stored or {})
        self.fx = fx
        self.full_reported = False

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value
        if self.ok:
            self.fx.store(key, value)

    def remove(self, key: str) -> None:
        self.data.pop(key, None)
        if self.ok:
            self.fx.store(key, None)

    def failed(self) -> str | None:
        """A write failed (full, or refused): the notice to show, once."""
        if not self.ok or self.full_reported:
            return None
        self.full_reported = True
        return texts.NOTICE_STORAGE_FULL


SHARED_DEALS = 5
"""How many finished deals «Поделиться раздачей» offers, the latest first."""


class App:
    """The running table: one per page, inside the worker."""

    def __init__(self, env: Env, bench: bool = False) -> None:
        self.env = env
        self.fx = Effects()
        self.params = storage.parse_params(env.search)
        self.store = Storage(env.storage, self.fx)
        early = earlymenu.EarlyMenu.from_json(env.early) if env.early else earlymenu.EarlyMenu()
        settings, notices = storage.load_settings(early.shown if early.changed
                                                  else self.store.get(storage.SETTINGS_KEY), languages.lang_for_browser(env.languages))
        saved, resumed, match_notices = (None, None, [])
        self.shared: share.SharedDeal | None = None
        """A shared deal the page was opened with, played instead of the saved match."""
        link_notices: list[str] = []
        try:
            self.shared = None if self.params["autoplay"] else share.parse(env.search)
        except share.ImpossibleDeal:
            link_notices = [texts.NOTICE_SHARED_STACKS]  # the saved match goes on
        if not self.params["autoplay"]:
            saved, resumed, match_notices = storage.read_match(self.store.get(storage.MATCH_KEY))
        if self.shared is not None and saved is not None and resumed is not None \
                and share.in_play(self.shared, resumed[0], record.info_of(saved)):
            # A deal not over in this browser's match: opening it would show its cards early.
            self.shared, link_notices = None, [texts.NOTICE_SHARED_IN_PLAY]
        if self.shared is not None:
            share.settings_for(self.shared, settings)
            saved, resumed, match_notices = None, None, []  # the shared deal is played instead
        self.table = Table(settings, speed=self.params["speed"], seed=self.params["seed"],
                           autoplay=self.params["autoplay"])
        self.table.notices.extend(notices + link_notices + match_notices)
        if not self.store.ok:
            self.table.notices.append(texts.NOTICE_STORAGE_OFF)
        self.stats, dropped = stats.load(self.store.get(stats.STATS_KEY))
        if dropped:
            self.table.notices.append(texts.NOTICE_STATS_BROKEN)
        self.dialogs: list[str] = []
        self.cache: dict[str, str] = {}
        """The markup the page shows, by element id (a region, a dialog's body)."""
        self.attrs: dict[str, str] = {}
        self.timer_gen = 0
        """The page timer ``step`` armed last; an older one coming back is stale."""
        self.timer_id: int | None = None
        self.scheduled_for: tuple | None = None  # what the timer is for (Table.timer_key)
        self.steps: list[tuple[float, float]] | None = [] if bench else None
        """With ``?bench=1``: ms of each timed step (the move, then the redraw)."""
        self.page_now: float | None = None
        """The page's clock when it sent the event handled now (its ``now``, ms), if it said."""

        self.peer = PeerLink(self)
        """Play with a friend (web/table/p2p/link.py): this page is the host, a guest, or neither."""
        self.panel: dict[str, Any] = {"kind": None}
        """What the ``#info`` dialog shows: the last trick, the deal's review (and its step), …"""

        if self.params["autoplay"]:
            self.table.new_match()
        elif self.shared is not None:
            sh = self.shared
            self.table.start(share.info_of(sh))
            if not sh.check:
                self.save_settings()
                self.fx.url(self.base() + share.strip(env.search))
        elif saved is not None and self.table.restore(saved, resumed):
            if self.table.phase() in ("play", "clearing"):
                self.dialogs = ["menu"]
        else:
            if saved is not None or match_notices:
                self.store.remove(storage.MATCH_KEY)
            self.dialogs = ["menu"]
        if link_notices:
            self.fx.url(self.base() + share.strip(env.search))
        if not self.params["autoplay"]:
            self.adopt(early)
        if p2pcode.JOIN_KEY in env.hash:
            self.peer.online.join(env.hash)  # opened from an invite link: the link stays in the address
        elif p2pcode.WATCH_KEY in env.hash:
            self.peer.online.watch(env.hash)  # a watch link: the table's public state, never a seat
        elif self.peer.online_resume(saved, resumed):
            self.dialogs = []  # back at the online table: the guests come back by themselves
        elif p2pcode.LINK_KEY in env.hash:
            # Opened from the host's QR code: the join dialog, the code filled in.
            self.fx.url(env.href.split("#", 1)[0])
            self.peer.dialog = {"step": "guest-paste", "prefill": p2pcode.clean(env.hash)}
            self.dialogs = ["p2p"]
        self.refresh()

    def take(self) -> dict[str, Any]:
        """The effects gathered since the last call (what ``host.js`` applies)."""
        return self.fx.take()

    def adopt(self, early: earlymenu.EarlyMenu) -> None:
        """Carry on from the menu shown before Python (``earlymenu``): its
        settings are kept, a match asked for starts now, open dialogs stay
        open, and its markup stays when ours would be the same."""
        if early.changed:
            self.save_settings()
        if early.action == "new":
            self.table.new_match()
        self.dialogs = early.dialogs_after(self.dialogs, self.table.phase() in ("play", "clearing"))
        if early.action in earlymenu.LINK_ACTIONS:
            self._click_link(early.action, {"action": early.action})
        if "menu" in self.dialogs:
            markup = render.menu_html(self.table.settings, self.menu_ui())
            if early.menu_markup_kept(markup):
                self.cache["menu"] = markup

    # --- drawing ------------------------------------------------------------------

    @property
    def screen(self) -> Any:
        """What the table draws and plays: the guest's screen, or this page's table."""
        return self.peer.guest if self.peer.guest is not None else self.table

    def ui(self) -> ScreenState:
        """The screen's state, with the page's language, its notices, the fair-play line and
        the device's switches."""
        t = self.table
        fair = sharer = None
        if self.peer.guest is not None:
            fair = self.fair_ui()
        elif t.info is not None and t.match is not None:
            fair = self.fair_ui()
            sh, key = self.shared, t.match.key_for(t.match.round_no)
            if sh is not None and sh.sharer is not None and key is not None and sh.key == key.hex():
                sharer = sh.sharer
        verdict = share.verdict(self.shared) if self.shared is not None and self.shared.check else None
        return replace(self.screen.ui(), lang=t.texts.LANG, notices=tuple(t.notices), fair=fair,
                       sharer=sharer, verdict=verdict, rematch=self.peer.host is not None and self.peer.playing_online,
                       **{name: bool(t.settings.get(name, True)) for name in storage.SIGNALS})

    def fair_ui(self) -> dict[str, Any] | None:
        """What the table tells of its deals' keys: the commitment of the deal in play
        (or of the next one, between deals), and a finished deal's key with its check
        link.  A key is here only once its deal is over; a match dealt from an old seed
        has neither (``None``)."""
        if self.peer.guest is not None:
            return self.peer.guest.fair_ui()  # the host's commitment, as this page was shown it
        t = self.table
        assert t.info is not None and t.match is not None
        m, now = t.match, t.match.round_no
        committed = m.commitment(now)
        if committed is None:
            return None
        joint = self.peer.host.table.fair_facts() if self.peer.host is not None else None
        if joint is not None:  # friends' values join the host's part: the part's commitment was shown
            committed = joint["commit"]
        out: dict[str, Any] = {"deal": t.info.first_deal + now, "commit": fair.short(committed)}
        if m.round.is_over and (joint is None or "part" in joint):
            key = m.key_for(now)
            assert key is not None
            out["key"] = key.hex()
            if joint is None:
                out["check"] = self.base() + share.query(share.of_match(t.info, m, now, check=True))
            else:  # (a check link compares a key with its own commitment: here the part's was shown,
                # and every friend's page has checked the part against it by itself)
                out.update(joint=True, part=joint["part"])
            if not m.is_over:
                out["next"] = fair.short(m.commitment(now + 1))
        elif joint is not None:
            out["joint"] = True
        return out

    def base(self) -> str:
        return self.env.origin + self.env.pathname

    def menu_ui(self) -> dict[str, Any]:
        t = self.table
        info = t.info
        s = t.settings
        pending = False
        if info is not None:
            chosen = (s["format"], s["difficulty"], storage.chosen_combos(s), storage.table_settings(s)["discard"],
                      seats.chosen(s), storage.chosen_house(s))
            pending = chosen != (info.format, info.difficulty, tuple(info.combos), info.discard, info.seating,
                                 info.house)
        return {"levels": t.levels, "can_continue": self.screen.phase() in ("play", "clearing"),
                "p2p": self.peer.active,
                "settings_pending": pending, "seed": t.seed_override,
                "fair": self.fair_ui() if t.match is not None or self.peer.guest is not None else None}

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
        """Send what changed, sync the dialogs, save, and schedule the next step."""
        view = self.screen.display()
        ui = self.ui()
        # data-rules: the table «Правила этого стола» is about (the menu's choice while it is open, else the match's)
        rules = {"data-rules": view["format"] if view and "menu" not in self.dialogs else self.table.settings["format"]}
        for name, value in {**render.table_attrs(view, ui), **rules}.items():
            if self.attrs.get(name) != value:
                self.fx.attr("table", name, value)
                self.attrs[name] = value
        for selector, attrs in render.frame_attrs(self.table.texts).items():
            for name, value in attrs.items():
                if self.attrs.get(selector + name) != value:
                    self.fx.attr(selector, name, value)
                    self.attrs[selector + name] = value
        for region, markup in render.regions(view, ui).items():
            self._draw(region, self.peer.decorate(region, markup, view, list(ui.get("names") or [])))
        self._record_stats()
        self._sync_dialogs()
        bar, peer_state = self.peer.sync()
        self._draw("peer-bar", bar)
        self.fx.attr("html", "data-peer", peer_state)
        if not self.dialogs:
            self.fx.focus("handover")  # «Я — …» is one key away whenever the hand-over screen is on top
        self._save()
        self._schedule()
        self.fx.attr("html", "data-matches", str(self.table.matches_done))

    # --- what the link controllers may ask (``p2p.face.LinkApp``) ---------------------------

    def use_table(self, table: Table) -> None:
        self.table = table
        self.redraw()

    def redraw(self) -> None:
        self.cache.clear()

    def notice(self, text: str) -> None:
        if text not in self.table.notices:
            self.table.notices.append(text)

    def open_dialog(self, name: str, alone: bool = False) -> None:
        self.dialogs = [] if alone else [d for d in self.dialogs if d != name]
        self.dialogs.append(name)

    def close_dialogs(self, *names: str) -> None:
        self.dialogs = [d for d in self.dialogs if d not in names]

    def link_op(self, op: dict[str, Any]) -> None:
        self.fx.p2p(op)

    def timer(self, name: str, gen: int, ms: int | None) -> None:
        self.fx.timer(name, gen, ms)

    def set_url(self, url: str) -> None:
        self.fx.url(url)

    def _draw(self, element_id: str, markup: str) -> None:
        """Send ``markup`` for the element with this id unless the page shows it already."""
        if self.cache.get(element_id) != markup:
            self.fx.region(element_id, markup)
            self.cache[element_id] = markup

    def no_cancel(self) -> list[str]:
        """Esc on a dialog: the menu closes only if there is a match to return to;
        the round result never closes by itself (it has its own buttons)."""
        kept = ["result", "p2p"]
        if self.screen.phase() not in ("play", "clearing"):
            kept.append("menu")
        return kept

    def _sync_dialogs(self) -> None:
        wanted = self.wanted_dialogs()
        if "menu" in wanted:
            self._draw("menu", render.menu_html(self.table.settings, self.menu_ui()))
        if "p2p" in wanted and self.peer.dialog is not None:
            self._draw("p2p", peerview.dialog_html(self.peer.dialog_state(), self.table.texts))
        if "info" in wanted:
            self._draw("info-body", self.panel_html())
        self.fx.dialogs(wanted, self.no_cancel())
        self.dialogs = [d for d in wanted if d != "result"]

    # --- saving -------------------------------------------------------------------------

    def _save(self) -> None:
        if self.peer.guest is not None:
            return  # a guest's page holds no match: the host keeps it
        saved = self.table.saved()
        if saved is None or (self.shared is not None and self.shared.check):
            # A deal re-dealt to check it never replaces the match saved in this browser.
            return
        self.store.set(storage.MATCH_KEY, storage.dump_match(saved))

    def save_settings(self) -> None:
        self.store.set(storage.SETTINGS_KEY, storage.dump_settings(self.table.settings))

    # --- timers -------------------------------------------------------------------------

    def paused(self) -> bool:
        return self.peer.guest is not None or any(d in self.dialogs for d in ("menu", "rules", "p2p", "info"))

    # --- the coach's panels (web/table/view/coachview.py) ---------------------------------------------

    def open_panel(self, kind: str, **extra: Any) -> None:
        self.panel = {"kind": kind, **extra}
        if "info" not in self.dialogs:
            self.dialogs.append("info")

    def panel_html(self) -> str:
        kind = self.panel.get("kind")
        guest = self.peer.guest
        names = list(guest.names()) if guest is not None else list(self.table.names)
        words = self.table.texts
        if kind == "last":
            return coachview.last_trick_panel(self.screen.display(), names, words)
        if guest is not None and kind in ("share", "review"):
            return self._guest_panel(kind, names)
        if kind == "stats":
            t = self.table
            key = self.panel.get("key") or (stats.table_key(t.info.format, t.bot_level or t.info.difficulty,
                                                            t.info.house.changed())
                                            if t.info is not None else
                                            stats.table_key(t.settings["format"], t.settings["difficulty"],
                                                            storage.chosen_house(t.settings).changed()))
            # A guest's deals are the host's table's: this device's record does not count them.
            note = words.STATS_GUEST if guest is not None and not self.peer.watching else None
            return coachview.stats_panel(self.stats, key, words, note)
        if kind == "share":
            return coachview.share_panel(self.share_links(), self.fair_ui() if self.table.match else None, words,
                                         self.env.share, self.panel.get("said"))
        if kind == "review":
            return coachview.review_panel(self.panel.get("frames", []), self.panel.get("step", 0), names, words)
        return ""

    def _guest_panel(self, kind: str, names: list[str]) -> str:
        """A guest's review and share of the deal just finished, as the host sent it
        (``peer.HostTable.finished_deal``), or why not yet."""
        guest, words = self.peer.guest, self.table.texts
        assert guest is not None
        deal = guest.finished()
        over = guest.phase() in ("round_end", "match_end")
        title = words.SHARE if kind == "share" else words.STORY_REVIEW
        if self.peer.watching:
            return coachview.panel(title, f'<p data-guest-deal="watcher">{words.ONLINE_WATCH_NO_DEAL}</p>', t=words)
        if deal is None:
            reason = words.GUEST_DEAL_WAIT if over else words.GUEST_SHARE_PLAYED
            return coachview.panel(title, f'<p role="status" data-guest-deal="wait">{reason}</p>', t=words)
        if kind == "review":
            return coachview.review_panel(guest.review_frames(), self.panel.get("step", 0), names, words)
        if deal["share"] is None:  # (a match dealt from an old seed: its link would tell the deals to come)
            return coachview.panel(words.SHARE, f'<p data-guest-deal="later">{words.SHARE_OLD_SEED}</p>', t=words)
        return coachview.share_panel([(deal["deal"], self.base() + deal["share"])], None, words, self.env.share,
                                     self.panel.get("said"))

    def share_links(self) -> list[tuple[int, str]]:
        """«Поделиться раздачей»: the finished deals of the match, the latest first (with
        the player's result in it), as (deal number, link); never the deal in play."""
        t = self.table
        if t.info is None or t.match is None:
            return []
        out = []
        for r in share.finished(t.match)[:SHARED_DEALS]:
            sharer = None
            if r == t.match.round_no:
                view = t.view()
                if view is not None and view.round_points is not None:
                    sharer = (view.round_points[view.side], view.round_penalties[view.side])
            link = self.base() + share.query(share.of_match(t.info, t.match, r, sharer))
            out.append((t.info.first_deal + r, link))
        return out

    def _record_stats(self) -> None:
        """Once a deal is over, add it to the record of its table and bot level (once)."""
        t = self.table
        if t.autoplay or t.info is None or t.match is None or t.phase() not in ("round_end", "match_end"):
            return
        view = t.display()  # as drawn: with what the pot held when it was taken
        if view is None:
            return
        # Recorded once: a reload on the result dialog meets the same id.
        deal_id = f"{t.deal_id()}/{len(t.match.moves)}"
        won = view["match_over"] and view["side"] in view["winners"]
        if stats.record_deal(self.stats, stats.table_key(t.info.format, t.bot_level or t.info.difficulty,
                                                         t.info.house.changed()), deal_id,
                             stats.outcome(view, t.coach.used, t.rounds[-1]), view["match_over"], won):
            self._save_stats()

    def _save_stats(self) -> None:
        self.store.set(stats.STATS_KEY, stats.dump(self.stats))

    def storage_failed(self) -> None:
        """The page could not store what it was asked to (full, or refused)."""
        problem = self.store.failed()
        if problem and problem not in self.table.notices:
            self.table.notices.append(problem)
            self.refresh()

    def review_frames(self) -> list[Any]:
        t = self.table
        if t.info is None:
            return []
        return story.frames(t.info.rules, t.info.seed, t.rounds, t.info.first_deal, fresh=t.info.fresh_match())

    def now(self) -> float:
        """Seconds on the page's clock (``performance.now()``, sent with every event): the
        clock its timers run on, so a guest's silence or absence is measured on the same
        clock as the page timer that checks it.  An event without it (CPython tests) reads
        this process's monotonic clock."""
        return self.page_now / 1000 if self.page_now is not None else time.monotonic()

    def handle(self, event: dict[str, Any]) -> dict[str, Any]:
        """One event from the page (``web/page/host.js``); returns the effects to apply.

        A failure is logged (the worker's console) and never leaves the table stuck."""
        kind = event.get("type")
        now = event.get("now")
        self.page_now = float(now) if isinstance(now, (int, float)) and not isinstance(now, bool) else None
        handler = {
            "click": self.on_click, "change": self.on_change, "close": self.on_close, "key": self.on_key,
            "timer": self.on_timer, "storage-failed": lambda _e: self.storage_failed(),
            "p2p": self.peer.on_p2p, "p2p-done": self.peer.on_done,
            "online": self.peer.on_online, "shared": self.on_shared,
        }.get(kind)
        if handler is not None:
            try:
                handler(event)
            except Exception:  # noqa: BLE001
                print(f"[burkozel] {kind} failed:\n" + traceback.format_exc(), file=sys.stderr)
        return self.take()

    def on_shared(self, event: dict[str, Any]) -> None:
        """A link was copied, or not (``host.js``): a finished deal's is said under it in
        «Поделиться раздачей» (a share sheet has spoken for itself), an invite's in the lobby."""
        key = str(event.get("seat") or "")
        if not key.startswith("deal-"):
            self.peer.on_shared(event)
            return
        if self.panel.get("kind") == "share":
            words = self.table.texts
            self.panel["said"] = None if event.get("how") == "share" else {
                "key": key, "text": words.SHARE_COPIED if event.get("ok") else words.SHARE_COPY_FAILED}
            self.refresh()

    def on_key(self, event: dict[str, Any]) -> None:
        """L (or Д, the same key on a Russian layout): the last trick, when no dialog is open.
        (The page sends only those keys, without Ctrl/⌘, outside text inputs.)"""
        if str(event.get("key") or "").lower() not in ("l", "д") or self.wanted_dialogs():
            return
        if self.table.view() is not None:
            self.open_panel("last")
            self.refresh()

    def _schedule(self) -> None:
        """Schedule the table's next timed step once: a refresh that leaves the
        step and its position as they were (a card selected while a bot is
        to move) keeps the timer running, so the game's pace never depends
        on the player's clicks."""
        key = None if self.paused() else self.table.timer_key()
        if self.timer_id is not None:
            if key is not None and key == self.scheduled_for:
                return
            self.fx.timer("step", self.timer_id, None)
            self.timer_id = None
        self.scheduled_for = key
        if key is None:
            return
        due = self.table.next_timer()
        if self.params["matches"] and due[0] == "new_match" and self.table.matches_done + 1 >= self.params["matches"]:
            self.table.matches_done += 1
            self.fx.attr("html", "data-matches", str(self.table.matches_done))
            self.fx.attr("html", "data-autoplay", "done")
            return
        self.timer_gen += 1
        self.timer_id = self.timer_gen
        self.fx.timer("step", self.timer_id, due[1])

    def on_timer(self, event: dict[str, Any]) -> None:
        if event.get("name") == "away":
            self.peer.on_away(event.get("gen"))
            return
        if event.get("name") == "find":  # «Найти игру»: the list drawn again, an ask timed
            self.peer.online.open_tables.on_timer(event.get("gen"))
            self.refresh()
            return
        if event.get("name") in ("online", "move", "count", "phrase"):
            if not self.peer.playing_online:
                return
            if event.get("name") == "phrase":
                self.peer.online.on_phrase_timer(event.get("gen"))
            elif event.get("name") == "online":
                self.peer.online.on_tick(event.get("gen"))
            elif event.get("name") == "count":
                self.peer.online.on_count(event.get("gen"))
            else:
                self.peer.online.on_move_timer(event.get("gen"))
            self.refresh()
            return
        if event.get("gen") != self.timer_id:
            return  # cleared or re-armed since
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
            print("[burkozel] step failed:\n" + traceback.format_exc(), file=sys.stderr)
        stepped = time.perf_counter()
        self.refresh()
        if self.steps is not None and len(self.steps) < 10_000:
            self.steps.append((round((stepped - started) * 1000, 1), round((time.perf_counter() - stepped) * 1000, 1)))

    # --- events -------------------------------------------------------------------------

    def on_click(self, event: dict[str, Any]) -> None:
        """A click on a card of the hand (``card``) or on an enabled button
        (``action``, with its ``data-key``/``data-index``/``data-seat`` as ``key``,
        ``index``, ``seat``, and the link dialog's code as ``code``): the
        action's handler (:data:`CLICKS`) changes the state, and the table is
        drawn again unless it answers ``False`` (nothing changed, or it drew)."""
        card = event.get("card")
        if card is not None:
            self.peer.online_touched()
            if self.screen.toggle(str(card)):
                self.refresh()
            return
        action = str(event.get("action") or "")
        if action.startswith(("p2p", "online-")):
            handler = App._click_link
        else:
            handler = App._click_move if action in KINDS else CLICKS.get(action)
        if handler is None or handler(self, action, event) is False:
            return
        self.refresh()
        if action in ("new", "next") and self.table.handover() is None:
            self.fx.focus("#hand button[data-card]")  # the deal's first move is made from the hand

    # --- the clicks' handlers (CLICKS): each answers False when nothing is to be drawn ---

    def _click_link(self, action: str, event: dict[str, Any]) -> None:
        self.peer.click(action, event)
        if action == "online-phrases" and self.peer.phrases_open:
            self.table.coach.dismiss()  # one sheet over the hand at a time: «Фразы» opened folds the hint

    def _click_move(self, action: str, event: dict[str, Any]) -> None:
        if self.peer.guest is not None:
            self.peer.guest_act(action)
        else:
            self.table.act(action)

    def _click_hint(self, action: str, event: dict[str, Any]) -> None:
        self.table.request_hint()
        self.peer.fold_phrases()  # one sheet over the hand at a time: the hint asked folds «Фразы»

    def _click_hint_close(self, action: str, event: dict[str, Any]) -> None:
        self.table.coach.dismiss()

    def _click_panel(self, action: str, event: dict[str, Any]) -> None:
        """«Последняя взятка», «Статистика», «Поделиться раздачей»: their panel opens (a guest's
        share asks the host for the deal just finished)."""
        if action == "share" and self.peer.guest is not None:
            self.peer.guest_ask_deal()
        self.open_panel(PANELS[action])

    def _click_review(self, action: str, event: dict[str, Any]) -> None:
        if self.peer.guest is not None:
            self.peer.guest_ask_deal()  # (a guest's review comes from the host: ``_guest_panel``)
            self.open_panel("review", step=0)
        else:
            self.open_panel("review", frames=self.review_frames(), step=0)

    def _click_review_step(self, action: str, event: dict[str, Any]) -> None:
        frames = self.peer.guest.review_frames() if self.peer.guest is not None else self.panel.get("frames", [])
        step = self.panel.get("step", 0) + (1 if action == "review-next" else -1)
        self.panel["step"] = max(0, min(step, len(frames) - 1))

    def _click_stats_show(self, action: str, event: dict[str, Any]) -> None:
        key = str(event.get("key") or "")
        if stats.valid_key(key):
            self.panel["key"] = key

    def _click_stats_reset(self, action: str, event: dict[str, Any]) -> None:
        key = str(event.get("key") or "")
        if stats.valid_key(key):
            stats.reset(self.stats, key)
            self._save_stats()

    def _click_close(self, action: str, event: dict[str, Any]) -> None:
        """«close-info», «close-rules»: that dialog closes."""
        self.dialogs = [d for d in self.dialogs if d != action.removeprefix("close-")]

    def _click_menu(self, action: str, event: dict[str, Any]) -> None:
        if "menu" not in self.dialogs:
            self.dialogs = [d for d in self.dialogs if d != "rules"] + ["menu"]

    def _click_rules(self, action: str, event: dict[str, Any]) -> None:
        if "rules" not in self.dialogs:
            self.dialogs.append("rules")

    def _click_continue(self, action: str, event: dict[str, Any]) -> None:
        if self.screen.phase() in ("play", "clearing"):
            self.dialogs = [d for d in self.dialogs if d != "menu"]

    def _click_new(self, action: str, event: dict[str, Any]) -> None:
        if self.peer.guest is not None:
            self.peer.leave()
        t = self.table
        t.notices = [n for n in t.notices if n != texts.NOTICE_BOT_FALLBACK]
        t.new_match()
        self.dialogs = []

    def _click_next(self, action: str, event: dict[str, Any]) -> bool:
        if self.peer.guest is not None:
            return False  # the host starts the next deal
        t = self.table
        if t.phase() == "match_end" and self.peer.host is not None and self.peer.playing_online:
            self.peer.online.offer_rematch()  # «Ещё партию»: the same people, asked at the same links
            return True
        if t.phase() == "match_end":
            t.notices = [n for n in t.notices if n != texts.NOTICE_BOT_FALLBACK]
        t.next_round()
        self.dialogs = []
        return True

    def _click_handover(self, action: str, event: dict[str, Any]) -> bool:
        if self.table.confirm_handover():
            self.refresh()
            self.fx.focus("#hand button[data-card]")  # keyboard play goes on from the hand
        return False

    def _click_dismiss(self, action: str, event: dict[str, Any]) -> None:
        try:
            del self.table.notices[int(str(event.get("index")))]
        except (ValueError, IndexError):
            pass

    def on_change(self, event: dict[str, Any]) -> None:
        """A menu input changed: ``name``, ``value``, ``checked``."""
        name = str(event.get("name") or "")
        value = str(event.get("value") or "")
        if name == "online-timer":
            if self.peer.playing_online:
                self.peer.online.set_timer(value)
            self.refresh()
            return
        if name == "online-open":  # «Открытый стол» in the host's lobby
            if self.peer.playing_online:
                self.peer.online.open_tables.set_open(event.get("checked") is True)
            self.refresh()
            return
        s = self.table.settings
        mine = storage.table_settings(s)
        if name in ("format", "difficulty", "speed", "lang"):
            allowed = {"format": tuple(storage.FORMATS), "difficulty": storage.LEVELS, "speed": storage.SPEEDS,
                       "lang": languages.LANGS}[name]
            if value in allowed:
                s[name] = value
            if name == "lang" and self.peer.guest is not None:
                self.peer.guest.texts = self.table.texts
        elif name in storage.SIGNALS:
            s[name] = bool(event.get("checked"))
        elif name == "seed":
            self.table.seed_override = share.parse_seed(value)
            self.refresh()
            return
        elif name == "discard":
            if value in storage.FORMATS[s["format"]].discard_faces:
                mine["discard"] = value
        elif name in mine["combos"]:
            mine["combos"][name] = bool(event.get("checked"))
            if mine["combos"][name]:
                house.exclusive(mine["combos"], name)
        elif name.startswith(house.PREFIX):
            if not house.change(s["format"], mine.get("house", {}), name, value, bool(event.get("checked"))):
                return
        elif name in mine.get("switches", {}):
            mine["switches"][name] = bool(event.get("checked"))
        elif not seats.apply_change(s, name, value):
            return
        self.save_settings()
        self.refresh()

    def on_close(self, event: dict[str, Any]) -> None:
        """A dialog closed on the page (Esc, or its form)."""
        name = str(event.get("id") or "")
        if name in self.dialogs:
            self.dialogs.remove(name)
            self.refresh()


PANELS = {"last-trick": "last", "stats": "stats", "share": "share"}
"""The buttons that open a coach's panel, and the panel each opens."""

CLICKS: dict[str, Callable[[App, str, dict[str, Any]], bool | None]] = {
    "hint": App._click_hint, "hint-close": App._click_hint_close,
    **dict.fromkeys(PANELS, App._click_panel),
    "review": App._click_review, "review-prev": App._click_review_step, "review-next": App._click_review_step,
    "stats-show": App._click_stats_show, "stats-reset": App._click_stats_reset,
    "close-info": App._click_close, "close-rules": App._click_close,
    "menu": App._click_menu, "rules": App._click_rules, "continue": App._click_continue,
    "new": App._click_new, "next": App._click_next, "handover": App._click_handover,
    "dismiss": App._click_dismiss,
}
"""The buttons' ``data-action`` and what a click on each does (the moves' kinds and
the links' ``p2p…``/``online-…`` actions are dispatched by kind and prefix)."""
