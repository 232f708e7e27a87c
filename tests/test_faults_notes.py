"""A trial's findings about the words of saved-games faults.

3. The notes about the saved-games file are wrapped at the screen's width, at word boundaries (they broke
   mid-word at 80 columns: "it wa / s moved"), at start-up and during a session alike.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion.cli import app
from tests.test_cli_propuh_solo import play, script
from tests.test_store_fault_session import before_save, cut_short
from tests.test_store_faults import (
    FILE,
    no_fsync,  # noqa: F401 - autouse: no disk flush per input
    saved_game,
)


def wrapped(stderr: str, width: int) -> str:
    """The note's lines, checked (more than one; none wider than ``width``, but a lone long path), joined again
    with the spaces they were cut at."""
    lines = stderr.rstrip("\n").split("\n")
    assert len(lines) > 1, stderr
    for line in lines:
        assert (len(line) <= width or " " not in line) and line == line.strip(), line
    return " ".join(lines)


def test_the_start_up_note_is_wrapped_at_80_columns_at_word_boundaries(home: Path) -> None:
    home.mkdir(parents=True, exist_ok=True)
    (home / FILE).write_bytes(os.urandom(4096))
    run = CliRunner().invoke(app, ["history"], env={"COMPANION_HOME": str(home), "COLUMNS": "80"})
    assert run.exit_code == 0, run.output
    whole = wrapped(run.stderr, 80)
    (moved,) = home.glob("companion.damaged-*.sqlite3")
    assert whole.startswith("note: the saved-games file was damaged (not a database); it was moved to ")
    assert any(str(moved) in line for line in run.stderr.splitlines())  # the path whole, to be copied


def test_the_note_during_a_session_is_wrapped_too(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    saved_game(home, 2, seed=2)
    before_save(monkeypatch, 2, lambda store: cut_short(store.path))
    run = play(home, 1, script(1)[0][:4])  # run_cli: COLUMNS=100
    assert run.returncode == 0, run.stderr  # type: ignore[attr-defined]
    whole = wrapped(run.stderr, 100)  # type: ignore[attr-defined]
    assert whole.startswith("note: the saved-games file was damaged (")
    assert "game #2 was written into it whole (2 inputs)" in whole


def test_a_narrow_screen_gets_a_word_a_line_at_worst(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from companion.app import say_note

    monkeypatch.setenv("COLUMNS", "24")
    say_note("the saved-games file was damaged; it was moved to /tmp/x/companion.damaged-1.sqlite3 and")
    lines = capsys.readouterr().err.splitlines()
    assert lines == [
        "note: the saved-games",
        "file was damaged; it was",
        "moved to",
        "/tmp/x/companion.damaged-1.sqlite3",
        "and",
    ]
