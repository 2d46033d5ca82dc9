"""Benchmark hooks: time the table's bots on many positions — pure Python.

Why here and not in ``bench/``: the same code must run inside the page (Pyodide,
through ``window.burkozelBench``, which ``app.py`` defines only with ``?bench=1``)
and on CPython (``bench/bot_speed.py`` imports this file), so both time the very
same positions with the very same bots and the ratio between them is fair.

Positions come from seeded matches of one format, with every combination on,
played to the end by medium bots; every decision of a match is a position
(forced moves included: the player waits for those too), in match order,
until ``n`` are collected.  Nothing here touches the DOM.

    run({"level": "hard", "format": "pairs", "n": 150, "seed": 1})
    -> {"ms": [...], "moves": [...], "iterations": [...], "table_bots": "..."}
"""

from __future__ import annotations

import json
import time
from typing import Any, Callable

from burkozel import Match, SeatView, TableRules
from burkozel.bots import make_bot

from table.match import table_bots

from burkozel import FORMATS


_POSITIONS: dict[tuple[str, int, int | None], list[SeatView]] = {}


def positions(fmt: str, n: int, seed: int = 1, players: int | None = None) -> list[SeatView]:
    """The first ``n`` decisions of seeded matches of ``fmt`` (medium bots play);
    ``players``: the seat count where the table lets a match choose it."""
    have = _POSITIONS.get((fmt, seed, players), [])
    if len(have) >= n:
        return have[:n]
    rules = TableRules(fmt, players=players)
    out: list[SeatView] = []
    match_no = 0
    while len(out) < n:
        match = Match(rules, seed=f"bench/{seed}/{match_no}")
        bots = {s: make_bot("medium", seed=f"bench/{seed}/{match_no}/{s}") for s in range(rules.players)}
        while not match.is_over and len(out) < n:
            if match.round.is_over:
                match.next_round()
                continue
            seat = match.to_act
            view = match.view(seat)
            out.append(view)
            match.push(bots[seat].get_move(view), seat)
        match_no += 1
    _POSITIONS[(fmt, seed, players)] = out
    return out


class HintTimer:
    """«Подсказка» as a bot: the whole hint (``hint.run``: the table's hard bot's
    search with every rollout's outcome kept) for a view; its move is the hint's."""

    def __init__(self, seed: Any) -> None:
        self.bot = table_bots.TableHardBot(seed)
        self.last_iterations = 0

    def get_move(self, view: SeatView) -> Any:
        from table.coach import hint

        move = hint.run(view, self.bot).move
        self.last_iterations = self.bot.last_iterations
        return move


def bot_for(level: str, seed: Any, variant: str, options: dict[str, Any] | None = None) -> Any:
    """``level="hint"``: :class:`HintTimer` (what «Подсказка» costs).
    ``table`` = the bot the table builds (:func:`table_bots.table_bot`);
    ``reference`` = the same without its time cap (:func:`table_bots.reference_bot`);
    ``default`` = ``make_bot(level, seed, **options)`` (its own defaults: a time budget)."""
    if level == "hint":
        return HintTimer(seed)
    if variant == "table":
        return table_bots.table_bot(level, seed=seed)
    if variant == "reference":
        return table_bots.reference_bot(level, seed=seed)
    return make_bot(level, seed=seed, **(options or {}))


def time_decisions(level: str, views: list[SeatView], seed: Any = 0, variant: str = "table",
                   options: dict[str, Any] | None = None, clock: Callable[[], float] = time.perf_counter) -> dict[str, list]:
    """``get_move`` on every view, one fresh bot per seat (as the table has)."""
    ms: list[float] = []
    moves: list[str] = []
    iterations: list[int] = []
    bots: dict[int, Any] = {}
    for view in views:
        bot = bots.get(view.seat)
        if bot is None:
            bot = bots[view.seat] = bot_for(level, f"{seed}/{view.seat}", variant, options)
        if hasattr(bot, "last_iterations"):
            bot.last_iterations = 0  # a forced move returns before the bot sets it
        t0 = clock()
        move = bot.get_move(view)
        ms.append((clock() - t0) * 1000.0)
        moves.append(json.dumps(move.to_dict(), sort_keys=True))
        iterations.append(int(getattr(bot, "last_iterations", 0)))
    return {"ms": ms, "moves": moves, "iterations": iterations}


def run(args: dict[str, Any]) -> dict[str, Any]:
    """One benchmark request: ``level``, ``format``, ``players``, ``n``, ``seed``, ``variant``, ``options``,
    ``skip`` (positions ``skip…n`` are timed, so a long run can be split into calls) and
    ``clock`` (``"cpu"``: process time, for CPython; the default is wall time)."""
    level = str(args.get("level", "medium"))
    fmt = str(args.get("format", "pairs"))
    if fmt not in FORMATS:
        raise ValueError(f"format {fmt!r}")
    n = int(args.get("n", 50))
    skip = int(args.get("skip", 0))
    seed = int(args.get("seed", 1))
    players = args.get("players")
    if players is not None and type(players) is not int:
        raise ValueError(f"players {players!r}")
    views = positions(fmt, n, seed, players)[skip:]
    clock = time.process_time if args.get("clock") == "cpu" else time.perf_counter
    out: dict[str, Any] = time_decisions(level, views, seed=seed, variant=str(args.get("variant", "table")),
                                         options=args.get("options"), clock=clock)
    out["table_bots"] = table_bots.TABLE_BOTS_DOC
    return out


_GC_PAUSES: list[tuple[int, float]] | None = None


def gc_pauses() -> list[tuple[int, float]]:
    """``[generation, ms]`` of every garbage collection since the first call
    (Python's cyclic GC runs inside whatever step allocates; in Pyodide a full
    collection of a grown heap is slow)."""
    global _GC_PAUSES
    if _GC_PAUSES is None:
        import gc

        _GC_PAUSES = []
        started: list[float] = []

        def watch(phase: str, info: dict) -> None:
            if phase == "start":
                started[:] = [time.perf_counter()]
            elif started and _GC_PAUSES is not None and len(_GC_PAUSES) < 100_000:
                _GC_PAUSES.append((int(info.get("generation", -1)), (time.perf_counter() - started[0]) * 1000.0))

        gc.callbacks.append(watch)
    return list(_GC_PAUSES)


def signatures(n: int, clock: Callable[[], float] = time.perf_counter) -> dict[str, Any]:
    """What an open table's keys cost (``table.p2p.signing`` and ``public``, in online.zip: mounted
    first): ``n`` Ed25519 signatures made and checked on an announcement's size, ``n`` X25519 boxes
    (an ask's answer), and a finder's worst window — ``public.CHECK_BURST`` announcements of as many
    tables read by ``Listing.hear`` (each one's signature checked) — in ms each and in all."""
    from table.p2p import public, signing

    signer = signing.Signer.new(bytes(range(32)))
    message = json.dumps({"f": "pairs", "free": 3, "id": "0" * 16, "k": "1" * 64, "lg": "ru", "lv": "medium",
                          "n": 1, "p": 4, "s": signer.public.hex(), "t": "open", "tm": 30, "v": 1},
                         separators=(",", ":"), sort_keys=True).encode("ascii")
    sign_ms, verify_ms, box_ms = [], [], []
    for i in range(n):
        text = message + str(i).encode()
        t0 = clock()
        sig = signer.sign(text)
        t1 = clock()
        if not signing.verify(signer.public, text, sig):
            raise AssertionError("a signature did not verify")
        t2 = clock()
        public.box_key(public.Keys.new(bytes([i % 256]) * 32), signer.public)
        t3 = clock()
        sign_ms.append((t1 - t0) * 1000.0)
        verify_ms.append((t2 - t1) * 1000.0)
        box_ms.append((t3 - t2) * 1000.0)
    texts = [public.OpenTable(bytes([i]) * 32).announcement("pairs", 4, 3, "medium", "ru", 30, 0.0)
             for i in range(public.CHECK_BURST)]
    listing = public.Listing()
    t0 = clock()
    heard = sum(listing.hear(text, 1.0) for text in texts)
    burst_ms = (clock() - t0) * 1000.0
    return {"sign_ms": sign_ms, "verify_ms": verify_ms, "box_ms": box_ms, "burst": heard, "burst_ms": burst_ms,
            "announcement_chars": len(texts[0])}


def run_json(request: str) -> str:
    """JSON in, JSON out: what ``window.burkozelBench`` calls (``{"gc": true}``:
    :func:`gc_pauses` instead of a timing run; ``{"signatures": n}``: :func:`signatures`)."""
    args = json.loads(request)
    if args.get("gc"):
        return json.dumps(gc_pauses())
    if args.get("signatures"):
        return json.dumps(signatures(int(args["signatures"])))
    return json.dumps(run(args))


def wanted(query: str) -> bool:
    """Is ``?bench=1`` in the page's query?  (Never set by the table itself.)"""
    from urllib.parse import parse_qs

    try:
        return parse_qs(query.lstrip("?")).get("bench", ["0"])[-1] == "1"
    except ValueError:
        return False
