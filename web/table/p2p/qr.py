"""QR codes (ISO/IEC 18004, byte mode, levels L and M) drawn as SVG markup.

Why our own, in Python: the table's markup is made by Python (``render.py``),
so a QR code made here is one more SVG string, tested on CPython like the rest
(``tests/test_qr.py`` reads every size back with a real decoder), and the site
needs no JavaScript library, no vendored file and no build step for it.  The
codes we draw are short (a join link of about 200 characters), so byte mode
and versions 1–20 are all that is needed; the masking penalty is the
standard's.  The steps follow the standard as Project Nayuki's reference
implementation lays them out (MIT), in our own code.

>>> qr = make("HELLO")
>>> qr.version, qr.size
(1, 21)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

LEVELS = {"L": 1, "M": 0}
"""The error correction levels offered, with their format-bit codes."""

# Per version 1–20 (index 0 unused): error correction codewords per block, and number of blocks.
ECC_PER_BLOCK = {
    "L": (0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28),
    "M": (0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26),
}
BLOCKS = {
    "L": (0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8),
    "M": (0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16),
}
MAX_VERSION = 20


@dataclass(frozen=True)
class QR:
    """A finished symbol: ``modules[y][x]`` is ``True`` for a dark module."""

    version: int
    level: str
    mask: int
    modules: tuple[tuple[bool, ...], ...]

    @property
    def size(self) -> int:
        return len(self.modules)

    def svg(self, label: str = "", quiet: int = 4) -> str:
        """The symbol as an ``<svg>``: one path of dark runs on a light square
        (the quiet zone included), scaled by CSS; no inline style."""
        n = self.size + 2 * quiet
        runs = []
        for y, row in enumerate(self.modules):
            x = 0
            while x < self.size:
                if row[x]:
                    start = x
                    while x < self.size and row[x]:
                        x += 1
                    runs.append(f"M{start + quiet} {y + quiet}h{x - start}v1h-{x - start}z")
                else:
                    x += 1
        aria = f' role="img" aria-label="{label}"' if label else ' aria-hidden="true"'
        return (f'<svg class="qr" viewBox="0 0 {n} {n}" shape-rendering="crispEdges"{aria}>'
                f'<rect class="qr-light" width="{n}" height="{n}"/>'
                f'<path class="qr-dark" d="{"".join(runs)}"/></svg>')


# --- Reed–Solomon over GF(256) ----------------------------------------------------------


def _gf_mul(x: int, y: int) -> int:
    z = 0
    for i in range(7, -1, -1):
        z = ((z << 1) ^ ((z >> 7) * 0x11D)) & 0xFF
        z ^= ((y >> i) & 1) * x
    return z


def _rs_divisor(degree: int) -> list[int]:
    result = [0] * (degree - 1) + [1]
    root = 1
    for _ in range(degree):
        for j in range(degree):
            result[j] = _gf_mul(result[j], root)
            if j + 1 < degree:
                result[j] ^= result[j + 1]
        root = _gf_mul(root, 0x02)
    return result


def _rs_remainder(data: list[int], divisor: list[int]) -> list[int]:
    result = [0] * len(divisor)
    for b in data:
        factor = b ^ result.pop(0)
        result.append(0)
        for i, coef in enumerate(divisor):
            result[i] ^= _gf_mul(coef, factor)
    return result


# --- sizes --------------------------------------------------------------------------------


def _raw_modules(version: int) -> int:
    """Modules left for data and error correction once the function patterns are drawn."""
    result = (16 * version + 128) * version + 64
    if version >= 2:
        align = version // 7 + 2
        result -= (25 * align - 10) * align - 55
        if version >= 7:
            result -= 36
    return result


def capacity(version: int, level: str) -> int:
    """Data codewords of a symbol."""
    return _raw_modules(version) // 8 - ECC_PER_BLOCK[level][version] * BLOCKS[level][version]


def _alignment_positions(version: int) -> list[int]:
    if version == 1:
        return []
    count = version // 7 + 2
    step = (version * 8 + count * 3 + 5) // (count * 4 - 4) * 2
    size = version * 4 + 17
    return [6] + sorted(size - 7 - i * step for i in range(count - 1))


# --- building the symbol -------------------------------------------------------------------


def _data_codewords(data: bytes, version: int, level: str) -> list[int]:
    bits: list[int] = []

    def put(value: int, length: int) -> None:
        bits.extend((value >> i) & 1 for i in range(length - 1, -1, -1))

    put(0b0100, 4)
    put(len(data), 8 if version <= 9 else 16)
    for b in data:
        put(b, 8)
    room = capacity(version, level) * 8
    put(0, min(4, room - len(bits)))
    put(0, -len(bits) % 8)
    words = [int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, len(bits), 8)]
    pad = 0xEC
    while len(words) < capacity(version, level):
        words.append(pad)
        pad ^= 0xEC ^ 0x11
    return words


def _interleave(data: list[int], version: int, level: str) -> list[int]:
    blocks_n = BLOCKS[level][version]
    ecc_len = ECC_PER_BLOCK[level][version]
    raw = _raw_modules(version) // 8
    short_n = blocks_n - raw % blocks_n
    short_len = raw // blocks_n
    divisor = _rs_divisor(ecc_len)
    blocks, k = [], 0
    for i in range(blocks_n):
        take = short_len - ecc_len + (0 if i < short_n else 1)
        chunk = data[k:k + take]
        k += take
        ecc = _rs_remainder(chunk, divisor)
        if i < short_n:
            chunk = chunk + [0]  # a placeholder, skipped below
        blocks.append(chunk + ecc)
    out = []
    for i in range(len(blocks[0])):
        for j, block in enumerate(blocks):
            if i != short_len - ecc_len or j >= short_n:
                out.append(block[i])
    return out


class _Grid:
    def __init__(self, version: int) -> None:
        self.size = version * 4 + 17
        self.dark = [[False] * self.size for _ in range(self.size)]
        self.fixed = [[False] * self.size for _ in range(self.size)]

    def put(self, x: int, y: int, dark: bool) -> None:
        self.dark[y][x] = dark
        self.fixed[y][x] = True


def _function_patterns(grid: _Grid, version: int) -> None:
    size = grid.size
    for i in range(size):
        grid.put(6, i, i % 2 == 0)
        grid.put(i, 6, i % 2 == 0)
    for cx, cy in ((3, 3), (size - 4, 3), (3, size - 4)):
        for dy in range(-4, 5):
            for dx in range(-4, 5):
                x, y = cx + dx, cy + dy
                if 0 <= x < size and 0 <= y < size:
                    grid.put(x, y, max(abs(dx), abs(dy)) not in (2, 4))
    pos = _alignment_positions(version)
    last = len(pos) - 1
    for i, ax in enumerate(pos):
        for j, ay in enumerate(pos):
            if (i, j) in ((0, 0), (0, last), (last, 0)):
                continue
            for dy in range(-2, 3):
                for dx in range(-2, 3):
                    grid.put(ax + dx, ay + dy, max(abs(dx), abs(dy)) != 1)
    _format_bits(grid, "L", 0)  # reserved now, the real bits once the mask is chosen
    if version >= 7:
        rem = version
        for _ in range(12):
            rem = (rem << 1) ^ ((rem >> 11) * 0x1F25)
        bits = version << 12 | rem
        for i in range(18):
            bit = (bits >> i) & 1 == 1
            a, b = size - 11 + i % 3, i // 3
            grid.put(a, b, bit)
            grid.put(b, a, bit)


def _format_bits(grid: _Grid, level: str, mask: int) -> None:
    data = LEVELS[level] << 3 | mask
    rem = data
    for _ in range(10):
        rem = (rem << 1) ^ ((rem >> 9) * 0x537)
    bits = (data << 10 | rem) ^ 0x5412
    size = grid.size

    def bit(i: int) -> bool:
        return (bits >> i) & 1 == 1

    for i in range(6):
        grid.put(8, i, bit(i))
    grid.put(8, 7, bit(6))
    grid.put(8, 8, bit(7))
    grid.put(7, 8, bit(8))
    for i in range(9, 15):
        grid.put(14 - i, 8, bit(i))
    for i in range(8):
        grid.put(size - 1 - i, 8, bit(i))
    for i in range(8, 15):
        grid.put(8, size - 15 + i, bit(i))
    grid.put(8, size - 8, True)


def _place(grid: _Grid, codewords: list[int]) -> None:
    size = grid.size
    i, total = 0, len(codewords) * 8
    right = size - 1
    while right >= 1:
        if right == 6:
            right = 5
        upward = (right + 1) & 2 == 0
        for vert in range(size):
            y = size - 1 - vert if upward else vert
            for x in (right, right - 1):
                if not grid.fixed[y][x] and i < total:
                    grid.dark[y][x] = (codewords[i >> 3] >> (7 - (i & 7))) & 1 == 1
                    i += 1
        right -= 2


MASKS = (
    lambda x, y: (x + y) % 2 == 0,
    lambda x, y: y % 2 == 0,
    lambda x, y: x % 3 == 0,
    lambda x, y: (x + y) % 3 == 0,
    lambda x, y: (x // 3 + y // 2) % 2 == 0,
    lambda x, y: x * y % 2 + x * y % 3 == 0,
    lambda x, y: (x * y % 2 + x * y % 3) % 2 == 0,
    lambda x, y: ((x + y) % 2 + x * y % 3) % 2 == 0,
)


def _masked(grid: _Grid, mask: int) -> list[list[bool]]:
    test = MASKS[mask]
    return [[d != (not f and test(x, y)) for x, (d, f) in enumerate(zip(row, frow))]
            for y, (row, frow) in enumerate(zip(grid.dark, grid.fixed))]


def _penalty(m: list[list[bool]]) -> int:
    """The standard's four penalty rules (runs, 2×2 blocks, finder look-alikes, balance)."""
    size = len(m)
    score = 0
    lines = m + [list(col) for col in zip(*m)]
    for line in lines:
        run, prev = 0, None
        for v in line:
            if v == prev:
                run += 1
            else:
                if run >= 5:
                    score += run - 2
                run, prev = 1, v
        if run >= 5:
            score += run - 2
        text = "".join("1" if v else "0" for v in line)
        padded = "0000" + text + "0000"
        score += 40 * (padded.count("00001011101") + padded.count("10111010000"))
    for y in range(size - 1):
        for x in range(size - 1):
            if m[y][x] == m[y][x + 1] == m[y + 1][x] == m[y + 1][x + 1]:
                score += 3
    dark = sum(map(sum, m))
    total = size * size
    score += 10 * (abs(dark * 20 - total * 10) // total)
    return score


@lru_cache(maxsize=32)
def make(text: str | bytes, level: str = "L", mask: int | None = None) -> QR:
    """The smallest symbol of ``level`` holding ``text`` (UTF-8), with the best
    mask (or ``mask``, for tests); kept, since the lobby is drawn again at every tick
    with a code per waiting seat (eight masks scored each time took ~0.1 s a code)."""
    data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
    for version in range(1, MAX_VERSION + 1):
        header = 4 + (8 if version <= 9 else 16)
        if header + 8 * len(data) <= capacity(version, level) * 8:
            break
    else:
        raise ValueError(f"{len(data)} bytes do not fit a version-{MAX_VERSION} QR code")
    grid = _Grid(version)
    _function_patterns(grid, version)
    _place(grid, _interleave(_data_codewords(data, version, level), version, level))
    best = None
    for m in range(8) if mask is None else (mask,):
        _format_bits(grid, level, m)
        candidate = _masked(grid, m)
        score = _penalty(candidate)
        if best is None or score < best[0]:
            best = (score, m, candidate)
    assert best is not None
    return QR(version, level, best[1], tuple(tuple(row) for row in best[2]))
