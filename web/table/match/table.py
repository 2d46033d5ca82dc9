"""The table's controller logic, without a browser: match lifecycle, selection,
turning clicks into moves, pacing, saving and restoring (what a save holds:
``record``; the bots it seats: ``table_bots``; what a screen shows: ``screen``).

Why apart from ``app.py``: everything here is plain Python on top of the
engine, so a whole match — clicks, bots, trick clearing, reloads — runs in
``tests/test_game.py`` on CPython.  The table never decides a rule: legality
comes from ``SeatView.check``, the moves played from the engine's ``Match``,
and the renderer reads only the viewer's ``SeatView.to_dict()``.

With several people at the device the viewer is the person to act (or who
acted last); before it changes, the table shows the hand-over screen
(:meth:`Table.handover`) and draws nothing private until «Я — …».
"""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any, Callable

from burkozel import IllegalMoveError, Match, Move, SeatView, TableRules, fair
from burkozel.trick import KINDS
from table.coach import hint
from table.i18n import languages
from table.match import record, seats, storage
from table.match.screen import (
    HUMAN, ScreenState, button_states, dave_answers, display_hand, move_for, seat_positions, shown, standing,
    table_prompt,
)
from table.match.record import MatchInfo
from table.i18n.languages import DEFAULT_TEXTS as texts
from table.match.seats import Seat
from table.match.table_bots import TableHardBot, table_bot

PAUSES: dict[str, dict[str, int]] = {
    # per speed, in milliseconds: a bot's move, the finished trick staying on
    # the table, the pause before the round dialog.
    "normal": {"bot": 850, "clear": 3000, "round": 400},
    "fast": {"bot": 320, "clear": 1200, "round": 200},
    "instant": {"bot": 0, "clear": 0, "round": 0},
}

class Table:
    """One browser table: the settings chosen in the menu and the match in play.

    ``bot_factory`` is :func:`table_bot` (tests may pass another); ``levels`` are the
    bot levels that can really be built (others fall back to ``easy``).
    """

    def __init__(self, settings: dict[str, Any], *, speed: str | None = None, seed: int | None = None,
                 autoplay: bool = False, bot_factory: Callable[..., Any] = table_bot,
                 rng: random.Random | None = None) -> None:
        self.settings = settings
        self.speed_override = speed
        self.seed_override = seed
        self.autoplay = autoplay
        self.bot_factory = bot_factory
        self.rng = rng or random.Random()
        self.levels = self._available_levels()
        self.match: Match | None = None
        self.info: MatchInfo | None = None
        self.bots: dict[int, Any] = {}
        self.thinking: tuple[Any, ...] | None = None
        """A bot's search under way: (match, moves played, seat, view, search)."""
        self.selection: list[str] = []
        self.clearing = False
        self.before: SeatView | None = None
        """Seat 0's view just before the last move: what the hand looked like
        before the draw, shown while the finished trick is still on the table."""
        self.message: str | None = None
        self.notices: list[str] = []
        self.matches_done = 0
        self.matches_started = 0
        """Matches this table has started (a resumed one counted): the screen's match key."""
        self.bot_level: str | None = None
        self.shown: int | None = None
        """The person who said «Я — …» and whose view is drawn (see :meth:`handover`)."""
        self.coach = hint.Coach()
        """«Подсказка»: the hard bot's search from the acting person's own view (web/table/coach/hint.py)."""

    # --- settings ----------------------------------------------------------------

    def _available_levels(self) -> tuple[str, ...]:
        """The bot levels that exist in this build (medium/hard may not yet)."""
        out = []
        for level in ("easy", "medium", "hard"):
            try:
                self.bot_factory(level, seed="probe")
            except ValueError:
                continue
            out.append(level)
        return tuple(out) or ("easy",)

    @property
    def texts(self) -> ModuleType:
        """The words of the language the settings name (``languages.for_lang``)."""
        return languages.for_lang(self.settings.get("lang"))

    @property
    def speed(self) -> str:
        return self.speed_override or self.settings.get("speed", "normal")

    def delays(self) -> dict[str, int]:
        return PAUSES[self.speed]

    # --- the match ------------------------------------------------------------------

    def new_match(self, seating: tuple[Seat, ...] | None = None, fmt: str | None = None,
                  players: int | None = None) -> None:
        """Start a match with the menu's current settings (RULES.md §8); ``seating``
        overrides the menu's seats (e.g. a seat played from another device), ``fmt`` and
        ``players`` the menu's table and count (another match at the same links: only the
        switches may change)."""
        s = self.settings
        fmt = fmt or s["format"]
        rules = TableRules(fmt, storage.chosen_combos(s, fmt), storage.table_settings(s, fmt)["discard"],
                           players or seats.chosen_players(s, fmt), dave=storage.switch_on(s, "dave", fmt),
                           house=storage.chosen_house(s, fmt))
        self.start(MatchInfo(fmt, rules.combos, s["difficulty"], None, rules.discard,
                             seats=seating if seating is not None else seats.chosen(s, fmt), dave=rules.dave,
                             players=rules.players if rules.players != seats.players_of(fmt, None) else None,
                             secret=self.new_secret().hex(), house=rules.house))

    def new_secret(self) -> bytes:
        """The next match's secret: from the system's randomness, or from the seed the
        menu or the address chose (then the same deals at every start — the person who
        chose the seed knows them anyway; under autoplay each match takes the next seed)."""
        if self.seed_override is None:
            return fair.new_secret()
        seed = self.seed_override + (self.matches_done if self.autoplay else 0)
        return fair.seeded_secret(seed)

    def start(self, info: MatchInfo) -> None:
        """Start the match ``info`` (the menu's, or a shared deal's)."""
        self._start(info)

    def _start(self, info: MatchInfo) -> None:
        self.info = info
        self.matches_started += 1
        self.match = info.fresh_match()
        level = info.difficulty if info.difficulty in self.levels else "easy"
        if level != info.difficulty and texts.NOTICE_BOT_FALLBACK not in self.notices:
            self.notices.append(texts.NOTICE_BOT_FALLBACK)
        self.bot_level = level
        seating = info.seating
        self.thinking = None
        self.bots = {s: None for s in range(self.match.rules.players) if self.autoplay or seating[s].is_bot}
        self._seat_bots()
        self.selection = []
        self.clearing = False
        self.before = None
        self.message = None
        self._nobody_shown()
        self.coach.new_deal()

    def restore(self, saved: dict[str, Any], resumed: record.Resumed | None = None) -> bool:
        """Replay a saved match (see ``storage.load_match``), or take the replay
        ``storage.read_match`` already made of it (``resumed``); ``False`` and a
        notice if its moves no longer replay — the table is then left empty."""
        try:
            self._start(record.info_of(saved))
            self.match, befores = resumed if resumed is not None else record.resume(saved)
            self._seat_bots()
            self.before = befores[HUMAN] if befores else None
            self.clearing = bool(saved.get("clearing")) and bool(befores) and self._last_move_finished_trick()
            self.before = befores[self.viewer] if self.clearing else None
            return True
        except (IllegalMoveError, ValueError, TypeError, KeyError, AssertionError, IndexError):
            self.match = None
            self.info = None
            self.bots = {}
            self.before = None
            self.clearing = False
            self.notices.append(texts.NOTICE_MATCH_REPLAY)
            return False

    def bot_seed(self, seat: int) -> str:
        """The seed of the bot at ``seat`` (or of the hint given there) in this deal: from
        the deal's key by a label of its own (``fair.bot_seed``), so the bots' choices
        neither tell nor change a deck; a match dealt from an old seed: from the seed."""
        assert self.match is not None and self.info is not None
        key = self.match.key_for(self.match.round_no)
        if key is not None and self.info.turn and self.match.round_no < len(self.info.keys):
            seat = (seat + self.info.turn) % self.match.rules.players  # (a shared deal, turned: its seeds)
        return f"{self.info.seed}/{seat}" if key is None else fair.bot_seed(key, seat)

    def _seat_bots(self) -> None:
        """The bots of this deal's seats, seeded for it (a new deal, a resumed match)."""
        level = self.bot_level or "easy"
        self.thinking = None
        self.bots = {s: self.bot_factory(level, seed=self.bot_seed(s)) for s in self.bots}

    def deal_id(self) -> str:
        """The current deal among every deal this browser records, telling none of its
        cards: its commitment (an old match: its seed and number)."""
        assert self.match is not None and self.info is not None
        committed = self.match.commitment(self.match.round_no)
        if committed is None:
            return f"{self.info.format}/{self.info.seed}/{self.info.first_deal + self.match.round_no}"
        return f"{self.info.format}/{committed[:32]}"

    def _last_move_finished_trick(self) -> bool:
        assert self.match is not None and self.before is not None
        return len(self.match.view(HUMAN).history) > len(self.before.history)

    def saved(self) -> dict[str, Any] | None:
        """What ``localStorage`` keeps (``record.saved_of``), or ``None`` if nothing is to be kept."""
        if self.match is None or self.info is None or self.autoplay:
            return None
        return record.saved_of(self.info, self.match, self.clearing)

    # --- state queries ---------------------------------------------------------------

    @property
    def rounds(self) -> list[list[list[Any]]]:
        """Every deal's moves as saved (``[seat, move dict]``), from the engine's record."""
        return [] if self.match is None else [[[seat, move.to_dict()] for seat, move in moves]
                                              for moves in self.match.moves_by_round]

    def deal_moves(self) -> list[list[Any]]:
        """The current deal's moves as saved (the last of :attr:`rounds`)."""
        if self.match is None:
            return []
        return [[seat, move.to_dict()] for seat, move in self.match.moves_by_round[-1]]

    def view(self) -> SeatView | None:
        """The viewer's view (:attr:`viewer`): what the table draws and plays from."""
        return self.match.view(self.viewer) if self.match is not None else None

    # --- who is looking: the seat model at the table ------------------------------------

    @property
    def people(self) -> tuple[int, ...]:
        """The seats played by persons at this device (none under autoplay)."""
        if self.autoplay or self.info is None:
            return ()
        return seats.people(self.info.seating)

    @property
    def hot_seat(self) -> bool:
        """Several people share this device: hand-overs and their names on the table."""
        return len(self.people) > 1

    def _nobody_shown(self) -> None:
        """A new deal or a resumed match: with several people nobody is looking yet."""
        people = self.people
        self.shown = people[0] if len(people) == 1 else None

    def wanted_viewer(self) -> int:
        """Whose view should be drawn now: the person to act; else the one looking;
        else (new deal, resume) the first person to play from the seat to act on."""
        people = self.people
        if not people or self.match is None:
            return HUMAN
        to_act = self.match.to_act
        if self.phase() == "play" and to_act in people:
            return to_act
        if self.shown is not None:
            return self.shown
        start = to_act if to_act is not None else HUMAN
        n = self.match.rules.players
        return next(s for s in ((start + k) % n for k in range(n)) if s in people)

    def handover(self) -> str | None:
        """The name of the person the device must go to before anything private
        is drawn, or ``None``.  Only with several people at the device, and only
        while a deal is being played: a deal's result is for everyone."""
        if not self.hot_seat or self.match is None or self.phase() not in ("play", "clearing"):
            return None
        wanted = self.wanted_viewer()
        return None if wanted == self.shown else self.seat_names()[wanted]

    def confirm_handover(self) -> bool:
        """«Я — …»: the named person has the device; their view is drawn from now on."""
        if self.handover() is None:
            return False
        self.shown = self.wanted_viewer()
        self.selection = []
        self.message = None
        return True

    @property
    def viewer(self) -> int:
        """The seat whose view is drawn (during a hand-over: the one it goes to,
        though nothing of it is drawn until they confirm)."""
        if not self.people:
            return HUMAN
        return self.wanted_viewer()

    def positions(self) -> tuple[str, ...]:
        """Where each seat sits on the screen: the viewer at the bottom, the others clockwise."""
        n = self.match.rules.players if self.match is not None else len(self.seat_names())
        return seat_positions(n, self.viewer)

    def answers(self) -> dict[str, Any] | None:
        """The «даве» being answered (or just answered) and who said what, for the status and the seats."""
        raiser, said = dave_answers(self.deal_moves(), self.view())
        if raiser is None or not said:
            return None
        return {"raiser": raiser, "said": [[seat, chips] for seat, chips in said]}

    @property
    def named_seats(self) -> bool:
        """More than one seat is played by people (here or elsewhere): seats go by
        their names; with one person and bots, by the single-play names."""
        return (self.info is not None and not self.autoplay
                and sum(not s.is_bot for s in self.info.seating) > 1)

    def seat_names(self) -> tuple[str, ...]:
        """What the table calls each seat, for everyone (single play: «Вы», «Запад»…)."""
        fmt = self.info.format if self.info else self.settings["format"]
        if self.info is None:
            return self.texts.SEATS_BY_COUNT[seats.chosen_players(self.settings, fmt)]
        if not self.named_seats:
            return self.texts.SEATS_BY_COUNT[seats.players_of(self.info.format, self.info.players)]
        return seats.table_names(fmt, self.info.seating, self.texts)

    @property
    def names(self) -> tuple[str, ...]:
        """The seat names as the viewer reads them: the viewer is «Вы»."""
        names = self.seat_names()
        if not self.named_seats:
            return names
        viewer = self.viewer
        return tuple(self.texts.YOU if s == viewer else n for s, n in enumerate(names))

    def phase(self) -> str:
        """``none`` (no match), ``clearing``, ``play``, ``round_end`` or ``match_end``."""
        if self.match is None:
            return "none"
        if self.clearing:
            return "clearing"
        if self.match.round.is_over:
            return "match_end" if self.match.is_over else "round_end"
        return "play"

    def human_to_act(self) -> bool:
        """The person looking at the screen is to act (and nobody is being handed the device)."""
        return (self.phase() == "play" and self.match is not None and self.match.to_act in self.people
                and self.match.to_act == self.shown)

    # --- input: selection and actions ---------------------------------------------------

    def toggle(self, card: Any) -> bool:
        """Select or unselect a card of the hand; anything else is ignored.
        Returns whether something changed."""
        view = self.view()
        if view is None or self.phase() not in ("play", "clearing") or self.handover() is not None:
            return False
        picked = view.pick(self.selection, card, self._display_hand(view))
        if picked is None:
            return False
        self.selection = picked
        self.message = None
        return True

    def clear_selection(self) -> None:
        self.selection = []
        self.message = None

    def actions(self) -> dict[str, dict[str, Any]]:
        """For each button: whether it is enabled and, if not, a short reason (:func:`button_states`)."""
        return button_states(self.view(), self.phase(), self.human_to_act(), self.selection, self.texts)

    def act(self, kind: Any) -> str | None:
        """Play the selection as ``kind`` for the human (``declare``: «31», the
        selection ignored).  Returns ``None`` on success, or one short Russian
        error — and then nothing has changed."""
        if kind not in KINDS:
            return self._refuse(self.texts.ANY_MOVE_REFUSED)
        if not self.human_to_act():
            return self._refuse(self.texts.reason("not_your_turn", kind=kind, size=None, selected=0,
                                             actor=self._actor_name()))
        action = self.actions().get(kind)
        if action is None or not action["enabled"]:
            return self._refuse(action["reason"] if action and action["reason"] else self.texts.ANY_MOVE_REFUSED)
        view = self.view()
        assert view is not None
        try:
            view.check(move_for(kind, self.selection))
            self._push(view.seat, move_for(kind, self.selection))
        except (IllegalMoveError, ValueError) as e:
            return self._refuse(self.texts.reason(getattr(e, "code", "bad_move"), kind=kind,
                                             size=view.trick.size if view.trick else None, selected=0))
        self.selection = []
        self.message = None
        return None

    def _actor_name(self) -> str | None:
        if self.match is None or self.match.to_act is None:
            return None
        return self.names[self.match.to_act]

    def play_for(self, seat: int, move: Move) -> str | None:
        """Play ``move`` for person ``seat`` when it is their turn, after the
        engine's check on that seat's own view (for input that does not come
        through this device's selection, e.g. a player on another device).
        Returns ``None`` on success, or the engine's refusal code — and then
        nothing has changed."""
        if self.phase() != "play" or self.match is None or self.match.to_act != seat or seat in self.bots:
            return "not_your_turn"
        try:
            self.match.view(seat).check(move)
            self._push(seat, move)
        except (IllegalMoveError, ValueError) as e:
            return getattr(e, "code", "bad_move")
        return None

    def _refuse(self, text: str) -> str:
        self.message = text
        return text

    def _push(self, seat: int, move: Move) -> None:
        """Push a move (raises, changing nothing, if illegal) and record it."""
        assert self.match is not None
        viewer = self.viewer
        before = self.match.view(viewer)
        self.match.push(move, seat)
        self.message = None
        after_history = len(self.match.round.tricks)
        self.before = before
        self.clearing = after_history > len(before.history)
        if not self.clearing:
            self.before = None
        # Forget selected cards that left the hand.
        hand = {str(c) for c in self.match.view(viewer).hand}
        self.selection = [c for c in self.selection if c in hand]

    def _position(self) -> tuple:
        return (id(self.match), len(self.match.moves) if self.match is not None else -1)

    def request_hint(self) -> bool:
        """«Подсказка»: start the hard bot's search on the acting person's own
        view (sliced like a bot's turn, see :meth:`run_timer`); only on their turn."""
        if not self.human_to_act() or self.info is None:
            return False
        return self.coach.request(self._position(), self.view(), TableHardBot(self.bot_seed(self.viewer)))

    # --- pacing: what happens next by itself ---------------------------------------------

    def next_timer(self) -> tuple[str, int] | None:
        """The next thing that happens without the player, and after how many ms."""
        phase = self.phase()
        d = self.delays()
        if self.handover() is not None:
            return None  # nothing moves until the device is in the right hands
        if phase == "clearing":
            return ("clear", d["clear"])
        if phase == "play":
            assert self.match is not None
            if self.match.to_act in self.bots:
                return ("bot", 0 if self._search_under_way() else d["bot"])
            return ("hint", 0) if self.coach.pending(self._position()) else None
        if self.autoplay and phase == "round_end":
            return ("next_round", 0)
        if self.autoplay and phase == "match_end":
            return ("new_match", 0)
        return None

    def timer_key(self) -> tuple | None:
        """What the next timed step is for: the step, its delay and the position
        it acts on.  While it stays the same, a scheduled step stays scheduled:
        the player's clicks (selecting cards during others' turns) re-render
        the table but never put the game's next step off."""
        due = self.next_timer()
        if due is None:
            return None
        moves = len(self.match.moves) if self.match is not None else -1
        rounds = len(self.match.rounds) if self.match is not None else -1
        return due + (id(self.match), moves, rounds, self.clearing, self.matches_done)

    def run_timer(self, kind: str) -> bool:
        """Do the timed step ``kind`` if it is still due; returns whether it ran."""
        due = self.next_timer()
        if due is None or due[0] != kind:
            return False
        if kind == "clear":
            self.clearing = False
            self.before = None
        elif kind == "bot":
            self.bot_move()
        elif kind == "hint":
            self.coach.step()
        elif kind == "next_round":
            self.next_round()
        elif kind == "new_match":
            self.matches_done += 1
            self.new_match()
        return True

    def _search_under_way(self) -> bool:
        t = self.thinking
        return t is not None and t[0] is self.match and t[1] == len(self.match.moves) \
            and t[2] == self.match.to_act

    def bot_move(self) -> None:
        """One step of the bot of the seat to act (it sees only its own view).

        A bot that can think in slices (``think``, the hard bot) gets one slice
        per call and :meth:`next_timer` asks for the next one at once, so the
        page paints between slices and no task runs long; the move is played
        when the search is done.  Slicing never changes the move."""
        assert self.match is not None
        seat = self.match.to_act
        assert seat is not None and seat in self.bots
        if not self._search_under_way():
            view = self.match.view(seat)
            think = getattr(self.bots[seat], "think", None)
            self.thinking = (self.match, len(self.match.moves), seat, view,
                             think(view) if callable(think) else None)
        view, search = self.thinking[3], self.thinking[4]
        try:
            if search is None:
                move = self.bots[seat].get_move(view)
            else:
                try:
                    next(search)
                    return  # more to think about
                except StopIteration as done:
                    move = done.value
            view.check(move)
        except (IllegalMoveError, ValueError, TypeError, AttributeError):
            move = Move.discard()  # a bot must never stall the table; auto-discard is always legal
            if view.trick is None:
                move = view.legal_moves[0]
        self.thinking = None
        self._push(seat, move)

    def next_round(self) -> bool:
        """«Следующий раунд» (or «Новая партия» once the match is over)."""
        phase = self.phase()
        if phase == "round_end":
            assert self.match is not None
            self.match.next_round()
            self._seat_bots()
            self.coach.new_deal()
            self.selection = []
            self.message = None
            self._nobody_shown()
            return True
        if phase == "match_end":
            self.new_match()
            return True
        return False

    # --- what the renderer gets ------------------------------------------------------------

    def _display_hand(self, view: SeatView) -> list[Any]:
        return display_hand(view, self.before if self.clearing else None)

    def display(self) -> dict[str, Any] | None:
        """Seat 0's view as a dict, adjusted while a finished trick is still shown
        (see :func:`shown`)."""
        view = self.view()
        if view is None or self.handover() is not None:
            return None
        return shown(view, self.before if self.clearing else None)

    @property
    def match_key(self) -> str | None:
        """What tells this match from another on the screen (``#pot-box[data-match]``, which
        web/page/chips.js compares so that no coins fly from the last match's stacks): how
        many this table has started, never the seed — a guest is sent it, and a seed deals
        every card (a new match at the same seed is another match too)."""
        return str(self.matches_started) if self.info else None

    def ui(self) -> ScreenState:
        """Everything the renderer needs besides the view."""
        view = self.view()
        phase = self.phase()
        names = self.names
        handover = self.handover()
        prompt, thinking, announce = table_prompt(view, phase, names, self.human_to_act(), self.texts)
        if handover is not None:
            prompt, thinking, announce = "", None, None
        return ScreenState(
            lang=self.texts.LANG,
            phase=phase,
            names=tuple(names),
            positions=self.positions(),
            selection=() if handover else tuple(self.selection),
            actions=self.actions(),
            prompt=prompt,
            message=self.message,
            thinking=thinking,
            announce=announce,
            speed=self.speed,
            difficulty=self.info.difficulty if self.info else None,
            bot_level=self.bot_level,
            autoplay=self.autoplay,
            my_turn=self.human_to_act(),
            round_no=self.match.round_no if self.match is not None else None,
            handover=handover,
            hot_seat=self.hot_seat,
            named_seats=self.named_seats,
            viewer=self.viewer,
            seat_names=tuple(self.seat_names()),
            bot_seats=tuple(sorted(self.bots)) if self.named_seats else (),
            format=self.info.format if self.info else None,
            players=self.match.rules.players if self.match is not None else None,
            answers=self.answers(),
            match_key=self.match_key,
            hint=self.coach.shown(self._position()) if self.human_to_act() else None,
            count_in_head=storage.switch_on(self.settings, "count_in_head", self.info.format) if self.info else False,
            house=(self.info.house if self.info else storage.chosen_house(self.settings)).changed(),
            **standing(self.match),
        )
