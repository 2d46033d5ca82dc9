"""The bots choose the same moves on the same views as the record made before
the engine kept what each seat has seen in one place (``tests/botplay.py``
says how the record is made)."""

from __future__ import annotations

import json

import pytest

from tests.botplay import CASES, DATA, case_name, play_case

RECORD = json.loads(DATA.read_text())


@pytest.mark.parametrize("case", CASES, ids=[case_name(*c) for c in CASES])
def test_the_bots_play_the_recorded_moves(case):
    name = case_name(*case)
    played = play_case(*case)
    first = next((i for i, (a, b) in enumerate(zip(played, RECORD[name])) if a != b), None)
    assert played == RECORD[name], f"{name}: move {first} differs"


def test_the_record_covers_every_table_and_the_stake():
    tables = {fmt for fmt, _, _ in CASES}
    assert tables == {"pairs", "four", "three", "duel", "bura31", "bura_pot"}
    moves = [m for ms in RECORD.values() for m in ms]
    for kind in ("lead", "beat", "discard", "declare", "dave", "accept", "fold"):
        assert any(f":{kind}" in m for m in moves), kind
