#!/usr/bin/env python3
"""Draw the app icon (two fanned cards on green felt, a red heart on top).

Why a script: the icon is ours, drawn from a few shapes, and the SVG and the
PNGs (192 and 512 px, for the web app manifest) must show the same picture.
Both are produced here from one geometry, with the standard library only
(PNG written with zlib). The outputs are committed in web/icons/, so the
normal build does not need to run this; rerun it after changing the drawing:

    python3 tools/make_icons.py
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "web" / "icons"

# Geometry in a 100 x 100 design space.
FELT = (0x13, 0x6B, 0x3C)
FELT_EDGE = (0x0B, 0x44, 0x26)
BACK = (0xE8, 0xC3, 0x5A)        # gold card back
BACK_INNER = (0xB8, 0x3A, 0x2E)  # red pattern field on the back
FACE = (0xFB, 0xF8, 0xEF)        # card face
HEART = (0xC8, 0x1D, 0x25)
OUTLINE = (0x2A, 0x21, 0x00)

CARD_W, CARD_H, CARD_R = 46.0, 64.0, 6.0
BACK_CARD = dict(cx=41.0, cy=52.0, angle=-14.0)
FRONT_CARD = dict(cx=57.0, cy=50.0, angle=9.0)
HEART_SCALE = 1.05  # heart curve units -> design units


def heart_polygon(cx: float, cy: float, scale: float, angle: float, n: int = 96) -> list[tuple[float, float]]:
    """The classic parametric heart, as a polygon in design space."""
    pts = []
    a = math.radians(angle)
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        x, y = x * scale, y * scale
        pts.append((cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a)))
    return pts


def heart_for(card: dict) -> list[tuple[float, float]]:
    return heart_polygon(card["cx"], card["cy"] + 1.5, HEART_SCALE * 0.78, card["angle"])


def in_rounded_rect(x: float, y: float, card: dict, w: float, h: float, r: float) -> bool:
    a = math.radians(-card["angle"])
    dx, dy = x - card["cx"], y - card["cy"]
    lx = dx * math.cos(a) - dy * math.sin(a)
    ly = dx * math.sin(a) + dy * math.cos(a)
    qx, qy = abs(lx) - (w / 2 - r), abs(ly) - (h / 2 - r)
    if qx <= 0 or qy <= 0:
        return qx <= r and qy <= r
    return qx * qx + qy * qy <= r * r


def in_polygon(x: float, y: float, poly: list[tuple[float, float]]) -> bool:
    inside = False
    j = len(poly) - 1
    for i in range(len(poly)):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def colour_at(x: float, y: float, heart: list[tuple[float, float]], box: tuple[float, float, float, float]) -> tuple[int, int, int]:
    """Painter's algorithm over the few shapes, front to back."""
    # front card: outline, face, heart
    if in_rounded_rect(x, y, FRONT_CARD, CARD_W, CARD_H, CARD_R):
        if not in_rounded_rect(x, y, FRONT_CARD, CARD_W - 2.4, CARD_H - 2.4, CARD_R - 1.2):
            return OUTLINE
        if box[0] <= x <= box[2] and box[1] <= y <= box[3] and in_polygon(x, y, heart):
            return HEART
        return FACE
    if in_rounded_rect(x, y, BACK_CARD, CARD_W, CARD_H, CARD_R):
        if not in_rounded_rect(x, y, BACK_CARD, CARD_W - 2.4, CARD_H - 2.4, CARD_R - 1.2):
            return OUTLINE
        if in_rounded_rect(x, y, BACK_CARD, CARD_W - 12, CARD_H - 12, CARD_R - 3):
            return BACK_INNER
        return BACK
    # felt with a soft darker rim
    d = math.hypot(x - 50, y - 45) / 70.0
    t = min(1.0, max(0.0, d))
    return tuple(round(FELT[k] * (1 - t) + FELT_EDGE[k] * t) for k in range(3))


def render_png(size: int, samples: int = 3) -> bytes:
    heart = heart_for(FRONT_CARD)
    xs = [p[0] for p in heart]
    ys = [p[1] for p in heart]
    box = (min(xs), min(ys), max(xs), max(ys))
    rows = []
    scale = 100.0 / size
    offsets = [(i + 0.5) / samples for i in range(samples)]
    for py in range(size):
        row = bytearray([0])  # filter type 0
        for px in range(size):
            acc = [0, 0, 0]
            for oy in offsets:
                for ox in offsets:
                    c = colour_at((px + ox) * scale, (py + oy) * scale, heart, box)
                    acc[0] += c[0]
                    acc[1] += c[1]
                    acc[2] += c[2]
            n = samples * samples
            row += bytes((round(acc[0] / n), round(acc[1] / n), round(acc[2] / n)))
        rows.append(bytes(row))
    raw = b"".join(rows)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def hexc(c: tuple[int, int, int]) -> str:
    return "#%02x%02x%02x" % c


def card_svg(card: dict, inner: str) -> str:
    w, h, r = CARD_W, CARD_H, CARD_R
    return (
        f'<g transform="rotate({card["angle"]} {card["cx"]} {card["cy"]}) translate({card["cx"] - w / 2} {card["cy"] - h / 2})">'
        f'<rect width="{w}" height="{h}" rx="{r}" fill="{hexc(OUTLINE)}"/>'
        f"{inner}</g>"
    )


TURN_DOT = (80.0, 20.0, 17.0)
"""The gold dot of the icon a hidden tab shows on the player's turn (icon-turn.svg): x, y, radius."""


def render_svg(turn: bool = False) -> str:
    """The icon; ``turn``: with the gold dot that says «ваш ход» in a tab's corner."""
    w, h, r = CARD_W, CARD_H, CARD_R
    back_inner = (
        f'<rect x="1.2" y="1.2" width="{w - 2.4}" height="{h - 2.4}" rx="{r - 1.2}" fill="{hexc(BACK)}"/>'
        f'<rect x="6" y="6" width="{w - 12}" height="{h - 12}" rx="{r - 3}" fill="{hexc(BACK_INNER)}"/>'
    )
    front_inner = f'<rect x="1.2" y="1.2" width="{w - 2.4}" height="{h - 2.4}" rx="{r - 1.2}" fill="{hexc(FACE)}"/>'
    heart = " ".join(f"{x:.2f},{y:.2f}" for x, y in heart_for(FRONT_CARD))
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="512" height="512">'
        '<title>Буркозёл</title>'
        f'<defs><radialGradient id="felt" cx="50%" cy="45%" r="70%">'
        f'<stop offset="0" stop-color="{hexc(FELT)}"/><stop offset="1" stop-color="{hexc(FELT_EDGE)}"/></radialGradient></defs>'
        '<rect width="100" height="100" fill="url(#felt)"/>'
        + card_svg(BACK_CARD, back_inner)
        + card_svg(FRONT_CARD, front_inner)
        + f'<polygon points="{heart}" fill="{hexc(HEART)}"/>'
        + (f'<circle cx="{TURN_DOT[0]:g}" cy="{TURN_DOT[1]:g}" r="{TURN_DOT[2]:g}" fill="{hexc(BACK)}" '
           f'stroke="{hexc(OUTLINE)}" stroke-width="4"/>' if turn else "")
        + "</svg>\n"
    )


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "icon.svg").write_text(render_svg(), encoding="utf-8")
    (OUT / "icon-turn.svg").write_text(render_svg(turn=True), encoding="utf-8")
    for size in (192, 512):
        (OUT / f"icon-{size}.png").write_bytes(render_png(size))
        print(f"wrote {OUT / f'icon-{size}.png'}")


if __name__ == "__main__":
    main()
