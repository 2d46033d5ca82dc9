"""The QR codes the table draws (web/table/p2p/qr.py) read back with a real decoder
(zxing-cpp, a test tool in requirements-dev.txt): every version and level we
may draw, every mask, and the join link of a real offer."""

from __future__ import annotations

import random

import pytest

import webpath  # noqa: F401

from table.p2p import qr

zxingcpp = pytest.importorskip("zxingcpp", reason="zxing-cpp is installed by `make venv` (requirements-dev.txt)")


def image(symbol: qr.QR, scale: int = 3, quiet: int = 4) -> memoryview:
    """The symbol as a grayscale bitmap, dark modules black on white."""
    n = (symbol.size + 2 * quiet) * scale
    px = bytearray([255]) * (n * n)
    for y, row in enumerate(symbol.modules):
        for x, dark in enumerate(row):
            if dark:
                for dy in range(scale):
                    start = ((y + quiet) * scale + dy) * n + (x + quiet) * scale
                    px[start:start + scale] = bytes(scale)
    return memoryview(bytes(px)).cast("B", (n, n))


def decoded(symbol: qr.QR) -> str | None:
    found = zxingcpp.read_barcodes(image(symbol), formats=zxingcpp.BarcodeFormat.QRCode)
    return found[0].text if found else None


@pytest.mark.parametrize("level", sorted(qr.LEVELS))
def test_every_version_reads_back_full_and_nearly_full(level):
    rng = random.Random(level)
    for version in range(1, qr.MAX_VERSION + 1):
        room = qr.capacity(version, level) - (2 if version <= 9 else 3)
        for length in sorted({max(1, room - 7), room}):
            text = "".join(rng.choice("ABCdef0123456789-_/:#=.?") for _ in range(length))
            symbol = qr.make(text, level)
            assert symbol.version == version, (level, length)
            assert decoded(symbol) == text, (level, version, length)


@pytest.mark.parametrize("mask", range(8))
def test_every_mask_reads_back(mask):
    text = "https://example.org/burkozel/#p2p=" + "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567" * 4
    symbol = qr.make(text, "M", mask=mask)
    assert symbol.mask == mask
    assert decoded(symbol) == text


def test_one_more_byte_takes_the_next_version_and_too_much_is_refused():
    room = qr.capacity(3, "L") - 2
    assert qr.make("x" * room).version == 3
    assert qr.make("x" * (room + 1)).version == 4
    with pytest.raises(ValueError):
        qr.make("x" * 2000)


def test_a_link_drawn_again_is_the_symbol_already_made():
    """The host's lobby is drawn again at every tick, a code per waiting seat."""
    link = "https://example.org/burkozel/#join=" + "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567" * 2
    assert qr.make(link, "L") is qr.make(link, "L")


def test_svg_has_no_inline_style_and_labels_itself():
    svg = qr.make("HELLO").svg(label="Код для друга")
    assert "style=" not in svg
    assert 'aria-label="Код для друга"' in svg
    assert svg.startswith('<svg class="qr" viewBox="0 0 29 29"')
