#!/usr/bin/env python3
"""A newcomer's deals on a phone, as issue #40's "Done when" has them: a real page (not the
engine) at a phone's size and language, motion on (speed «normal»), sound on, and at every
decision «Подсказка» tapped, its advice read, then either its «×» tapped (every third
decision) or the advised move played by tapping its cards and button. Every place the walk
could not go on by a tap as a player taps (something else takes the tap, no advice, advice that
names no legal move, a hint cut or outside the window) is counted as «stuck» and said. A
screenshot is kept at each new kind of decision and at the first end of a deal and of a match.
Nothing here asserts; it prints the walk's log (and the sounds counted, none before the first tap).

    .venv/bin/python bench/newcomer_walk.py [--size 390x844] [--locale ru-RU] [--fmt bura_pot]
        [--players 6] [--level medium] [--deals 10] [--shots /tmp/walk]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT, ROOT / "e2e", ROOT / "web"):
    sys.path.insert(0, str(p))

from harness import CHROMIUM_ARGS, SITE, chromium_path  # noqa: E402
from serve import serve_in_thread  # noqa: E402
from tablekit import choose, open_table, replay, saved, to_menu, wait_settled  # noqa: E402
from test_motion import COUNT_SOUNDS  # noqa: E402
from table.i18n import languages  # noqa: E402

HINT_STATE_JS = """() => {
  const hint = document.querySelector('#hint.open');
  if (!hint) return null;
  const h = hint.getBoundingClientRect();
  const out = [];
  if (h.top < -0.5 || h.left < -0.5 || h.bottom > innerHeight + 0.5 || h.right > innerWidth + 0.5)
    out.push(`outside the window ${Math.round(h.top)}..${Math.round(h.bottom)} of ${innerHeight}`);
  if (hint.scrollHeight > hint.clientHeight + 1) out.push(`cut: ${hint.scrollHeight} px in ${hint.clientHeight}`);
  return {out, height: Math.round(h.height), chars: hint.textContent.length};
}"""


COVERED_JS = """s => { const e = document.querySelector(s); if (!e) return false; const r = e.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!hit && !e.contains(hit) && !!hit.closest('#hint'); }"""
"""Is the element under the open hint's sheet (a phone upright: the sheet lies over the hand and the buttons)?"""


def tap(page, selector: str, log: list, what: str) -> None:
    """A tap as a player's; if something else would take it, that is a place the newcomer is stuck."""
    try:
        page.locator(selector).first.tap(timeout=8_000)
    except Exception as error:  # noqa: BLE001 - said, then the walk goes on with a click
        said = " | ".join(line.strip() for line in str(error).splitlines()[-4:])
        log.append(f"STUCK at {what}: {selector}: {said[:400]}")
        page.evaluate("s => document.querySelector(s).click()", selector)


def walk(browser, base: str, args) -> dict:
    w, h = map(int, args.size.split("x"))
    ctx = browser.new_context(viewport={"width": w, "height": h}, locale=args.locale, has_touch=True,
                              is_mobile=True, device_scale_factor=1)
    ctx.add_init_script(COUNT_SOUNDS)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_table(page, base, watch=False, speed=None)
    page.wait_for_timeout(500)
    before_tap = page.evaluate("window.__audio")
    t = languages.for_lang(args.locale[:2])
    to_menu(page)
    choose(page, args.fmt, args.level, combos={"dave": True} if args.fmt == "bura_pot" else None,
           speed="normal", players=args.players)
    if not page.is_checked("#signal-sound"):
        page.click("#menu label:has(#signal-sound)")
    tap(page, "#menu [data-action=new]", [], "new")
    shots = Path(args.shots)
    shots.mkdir(parents=True, exist_ok=True)
    seen_kinds: set = set()
    log: list[str] = []
    stuck: list[str] = []
    deals = decisions = hints = closed = under_sheet = 0
    waits: list[float] = []
    tag = f"{args.fmt}-{w}x{h}-{args.locale}"
    while deals < args.deals:
        phase = wait_settled(page, timeout=180_000)
        if phase in ("round_end", "match_end"):
            deals += 1
            title = page.text_content("#result-title")
            log.append(f"deal {deals} over: «{title}»")
            print(log[-1], flush=True)
            if phase not in seen_kinds:
                seen_kinds.add(phase)
                page.screenshot(path=str(shots / f"{tag}-{phase}.png"))
                log.append(f"  screenshot {tag}-{phase}.png")
            if deals >= args.deals:
                break
            tap(page, "#result [data-action=next]", stuck, f"deal {deals}'s result")
            continue
        view = replay(saved(page)).view(0)
        kinds = "+".join(sorted({m.kind for m in view.legal_moves}))
        decisions += 1
        tap(page, "#coach [data-action=hint]", stuck, f"«Подсказка» at {kinds}")
        hints += 1
        start = time.monotonic()
        page.wait_for_function("document.querySelector('#hint .advice, #hint.hint-failed') !== null", timeout=180_000)
        waits.append(time.monotonic() - start)
        state = page.evaluate(HINT_STATE_JS)
        advice = page.text_content("#hint .advice") or ""
        if state and state["out"]:
            stuck.append(f"hint at {kinds} (deal {deals + 1}, {state['chars']} chars, {state['height']} px): "
                         + "; ".join(state["out"]))
        if kinds not in seen_kinds:
            seen_kinds.add(kinds)
            name = f"{tag}-{kinds}.png"
            page.screenshot(path=str(shots / name))
            log.append(f"deal {deals + 1}: new decision {kinds}: «{advice}» — screenshot {name}")
        said = sorted(((t.hint_move(m.kind, [str(c) for c in m.cards], view.format), m) for m in view.legal_moves),
                      key=lambda x: -len(x[0]))
        move = next((m for s, m in said if s in advice), None)
        if move is None:
            stuck.append(f"the advice «{advice}» names no legal move at {kinds}")
            move = view.legal_moves[0]
        targets = [f'#hand button[data-card="{c}"]' for c in move.cards] + [f"#actions [data-action={move.kind}]"]
        under = any(page.evaluate(COVERED_JS, sel) for sel in targets)
        if decisions % 3 == 0 or under:  # read, then closed by its «×» (as a player must where it covers the hand)
            under_sheet += under
            tap(page, "#hint [data-action=hint-close]", stuck, f"the hint's × at {kinds}")
            page.wait_for_selector("#hint.open", state="detached", timeout=10_000)
            closed += 1
        for card in move.cards:
            tap(page, f'#hand button[data-card="{card}"]', stuck, f"card {card} at {kinds}")
            page.evaluate("window.burkozelSettled()")
        tap(page, f"#actions [data-action={move.kind}]", stuck, f"button {move.kind}")
    audio = page.evaluate("window.__audio")
    ctx.close()
    return {"tag": tag, "deals": deals, "decisions": decisions, "hints": hints, "closed": closed, "closed_to_reach_the_hand": under_sheet,
            "stuck": stuck, "log": log, "errors": errors, "audio_before_tap": before_tap, "audio": audio,
            "hint_wait_s": (min(waits), sorted(waits)[len(waits) // 2], max(waits)) if waits else None}


def main() -> None:
    from playwright.sync_api import sync_playwright

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="390x844")
    ap.add_argument("--locale", default="ru-RU")
    ap.add_argument("--fmt", default="bura_pot")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--level", default="medium")
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--shots", default="/tmp/walk")
    args = ap.parse_args()
    if args.players is None and args.fmt == "bura_pot":
        args.players = 6
    server, base = serve_in_thread(SITE)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            result = walk(browser, base, args)
            browser.close()
    finally:
        server.shutdown()
    for line in result.pop("log"):
        print(line)
    for k, v in result.items():
        print(f"{k}: {v}")


if __name__ == "__main__":
    main()
