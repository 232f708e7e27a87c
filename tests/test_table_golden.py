"""The same inputs give the same screens: every golden table session (``bench/table_golden.py``), replayed
through the command line, prints exactly what it printed when it was recorded."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.table_golden import TRANSCRIPTS, recorder


def test_every_game_and_mode_has_a_transcript() -> None:
    names = {path.name.removesuffix(".golden.json") for path in TRANSCRIPTS}
    for scenario in recorder().SCENARIOS:
        assert {scenario, f"{scenario}.json"} <= names


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda path: path.name.removesuffix(".golden.json"))
def test_a_golden_session_prints_the_same(path: Path, tmp_path: Path) -> None:
    recorded = json.loads(path.read_text(encoding="utf-8"))
    assert any("undo" in step["input"] for step in recorded["steps"])
    replayed = recorder().replay(recorded, tmp_path / "home")
    for was, now in zip(recorded["steps"], replayed, strict=True):
        assert (now["argv"], now["exit"]) == (was["argv"], was["exit"])
        assert now["stderr"] == was["stderr"], now["argv"]
        assert now["stdout"] == was["stdout"], now["argv"]
