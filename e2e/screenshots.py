#!/usr/bin/env python3
"""Make the README screenshots of the table mid-round:
docs/table-desktop.png (1280×800) and docs/table-phone.png (390×844) of пары,
docs/table-bura31.png (1280×800) of Бура «31», docs/table-hint.png (1280×800):
пары with «Подсказка» open, docs/table-pot.png (1280×800): «Бура на кон» at six.

Run after `make site`:  python e2e/screenshots.py  [--out docs]

Why a script: the pictures must show the real table and stay reproducible —
a fixed seed, the same clicks, the same moment (a later round, a trick on the
table with several answers, your turn to answer with a card picked).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

SEED = 2024


def reach(page, base_url: str, fmt: str, scene, **menu) -> None:
    """Play ``fmt`` from a fixed seed until ``scene(page)`` (the player's turn)
    picks its cards and says the moment has come; then pose it as at normal speed."""
    from harness import app_url, boot
    from tablekit import new_match, play_turn, wait_settled

    boot(page, app_url(base_url, seed=SEED, speed="instant", sw="off"))
    new_match(page, fmt, "medium", **menu)
    rng = random.Random(SEED)
    for _ in range(400):
        phase = wait_settled(page)
        if phase == "round_end":
            page.click("#result [data-action=next]")
            continue
        if phase == "match_end":
            raise SystemExit(f"screenshots: the {fmt} match ended before the scene was found")
        if scene(page):
            # Shown as at normal speed (instant mode switches motion off).
            page.evaluate("document.getElementById('table').dataset.speed = 'normal'")
            page.mouse.move(0, 0)
            page.wait_for_timeout(400)
            return
        play_turn(page, rng)
    raise SystemExit(f"screenshots: no suitable moment found in {fmt}")


def _answering(page) -> bool:
    return "idle" in (page.get_attribute("[data-action=lead]", "class") or "")


def _hand(page) -> list[str]:
    return page.eval_on_selector_all("#hand button[data-card]", "els => els.map(e => e.dataset.card)")


def _deal(page) -> int:
    """The deal's number in the score bar («Раздача N»)."""
    found = re.search(r"Раздача (\d+)", page.text_content("#score") or "")
    return int(found.group(1)) if found else 0


def pairs_scene(page) -> bool:
    """A round after the first, a trick on the table with several answers, one face down;
    a card picked, as a player about to answer would."""
    plays = page.locator("#trick .play").count()
    discards = page.locator("#trick .play.kind-discard").count()
    faces = page.locator("#trick .play:not(.kind-discard)").count()
    if not (_deal(page) >= 2 and _answering(page) and plays >= 3 and discards >= 1
            and faces >= 2 and page.locator("#deck .count").count()):
        return False
    cards = _hand(page)
    for c in cards:
        page.click(f'#hand [data-card="{c}"]')
        if page.is_enabled("[data-action=beat]"):
            break
        page.click(f'#hand [data-card="{c}"]')
    else:
        page.click(f'#hand [data-card="{cards[0]}"]')
    return True


def bura31_scene(page) -> bool:
    """Бура «31», second deal: the opponent has led, a card of the answer picked."""
    if not (_answering(page) and page.locator("#trick .play").count() == 1
            and "Раздача 2" in page.text_content("#score")):
        return False
    page.click(f'#hand [data-card="{_hand(page)[-1]}"]')
    return True


def pot_scene(page) -> bool:
    """«Бура на кон» at six, a later deal (stacks apart, the pot fed): two or more cards
    on the table and the player's answer picked."""
    stacks = set(page.eval_on_selector_all("#felt [data-chips]", "els => els.map(e => e.dataset.chips)"))
    if not (_answering(page) and page.locator("#trick .play").count() >= 2 and len(stacks) >= 3):
        return False
    page.click(f'#hand [data-card="{_hand(page)[0]}"]')
    return True


def hint_scene(page) -> bool:
    """The pairs scene, nothing picked, with «Подсказка» asked and shown."""
    if not pairs_scene(page):
        return False
    for c in _hand(page):
        if page.get_attribute(f'#hand [data-card="{c}"]', "aria-pressed") == "true":
            page.click(f'#hand [data-card="{c}"]')
    page.click("#coach [data-action=hint]")
    page.wait_for_selector("#hint .advice", timeout=60_000)
    return True


def main(argv: list[str] | None = None) -> int:
    from harness import CHROMIUM_ARGS, Server, chromium_path
    from playwright.sync_api import sync_playwright

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=HERE.parent / "docs")
    ap.add_argument("--only", default="", help="comma-separated shot names (desktop, phone, bura31, hint, pot)")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with Server() as srv, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        pot = {"players": 6, "combos": {"dave": True}}
        shots = (("desktop", (1280, 800), 1, "pairs", pairs_scene, {}),
                 ("phone", (390, 844), 2, "pairs", pairs_scene, {}),
                 ("bura31", (1280, 800), 1, "bura31", bura31_scene, {}),
                 ("hint", (1280, 800), 1, "pairs", hint_scene, {}),
                 ("pot", (1280, 800), 1, "bura_pot", pot_scene, pot))
        for name, (w, h), scale, fmt, scene, menu in shots:
            if args.only and name not in args.only.split(","):
                continue
            ctx = browser.new_context(viewport={"width": w, "height": h}, device_scale_factor=scale,
                                      locale="ru-RU", is_mobile=name == "phone", has_touch=name == "phone")
            page = ctx.new_page()
            reach(page, srv.url, fmt, scene, **menu)
            path = args.out / f"table-{name}.png"
            page.screenshot(path=str(path))
            print(f"wrote {path}")
            ctx.close()
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
