"""A trial's findings about the words of saved-games faults.

1. A damaged file whose other games SQLite cannot read back: the note says how many it read back (0 too) and
   that what it could not read stays in the moved file (it named only the game written whole), and ``history``
   finding no game after such a note does not say "No games yet".
2. A game that cannot be replayed: ``score prudh --game`` says it is the check that cannot be done, not a
   resume; ``resume`` names the way past it (``abandon`` ends it, another open game to resume); ``history``
   gives one clean reason ("unreadable: the record is unreadable: …" said it twice).
3. The notes about the saved-games file are wrapped at the screen's width, at word boundaries (they broke
   mid-word at 80 columns: "it wa / s moved"), at start-up and during a session alike.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion.cli.root import app
from companion.saves.salvage import Salvaged, salvage
from companion.saves.store import Store
from tests.conftest import Run, run_cli
from tests.support.sessions import play, script
from tests.support.stores import (
    FILE,
    before_save,
    cut_short,
    edit,
    notes,
    one_line,
    saved_game,
)


def wrapped(stderr: str, width: int) -> str:
    """The note's lines, checked (more than one; none wider than ``width``, but a lone long path; each after the
    first indented, as the rest of every wrapped screen line is), joined again with the spaces they were cut at."""
    lines = stderr.rstrip("\n").split("\n")
    assert len(lines) > 1, stderr
    assert lines[0] == lines[0].strip(), lines[0]
    for line in lines[1:]:
        assert line.startswith("  ") and line[2:] == line.strip(), line
    for line in lines:
        assert len(line) <= width or " " not in line.strip(), line
    return " ".join(line.strip() for line in lines)


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
    run = play(home, 1, script(1)[0][:4])  # --json: the note is an event in the stream, whole
    assert run.returncode == 0, run.stderr  # type: ignore[attr-defined]
    assert run.stderr == ""  # type: ignore[attr-defined]
    (note,) = run.of("note")  # type: ignore[attr-defined]
    assert note["text"].startswith("the saved-games file was damaged (")
    assert "game #2 was written into it whole (2 saved moves)" in note["text"]
    # the facts as fields (a trial: the moved-to path and the games read back were in the sentence alone)
    (moved,) = home.glob("companion.damaged-*.sqlite3")
    assert note["moved_to"] == str(moved) and f"moved to {moved}" in note["text"]
    assert isinstance(note["games_read_back"], int) and isinstance(note["read_whole"], bool)
    assert note["written_whole"] == [{"game": 2, "now": 2, "moves": 2}]
    text = run_cli(home, ["resume", "1"], ["quit"])  # at a screen (COLUMNS=100): notes wrapped at spaces
    assert all(len(line) <= 100 for line in text.stderr.splitlines())


def test_a_narrow_screen_gets_a_word_a_line_at_worst(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from companion.messages import say_note

    monkeypatch.setenv("COLUMNS", "24")
    say_note("the saved-games file was damaged; it was moved to /tmp/x/companion.damaged-1.sqlite3 and")
    lines = capsys.readouterr().err.splitlines()
    assert lines == [
        "note: the saved-games",
        "  file was damaged; it",
        "  was moved to",
        "  /tmp/x/companion.damaged-1.sqlite3",
        "  and",
    ]


def test_resumes_note_of_two_other_open_games_at_60_columns_goes_on_indented(home: Path) -> None:
    """The note naming the other open games went on at the left edge at 60 columns ('#2 Prudh (Ordinary);'
    read as a line of its own), while the command after it was indented."""
    for game in ("prudh", "propuh", "rip"):
        assert (
            run_cli(home, ["play", game, *(["--solo"] if game == "propuh" else [])], ["quit"]).returncode == 0
        )
    env = {"COMPANION_HOME": str(home), "NO_COLOR": "1", "COLUMNS": "60"}
    run = CliRunner().invoke(app, ["resume"], input="quit\n", env=env)
    assert run.exit_code == 0, run.output
    first, *rest = run.stderr.rstrip("\n").split("\n")
    assert first.startswith("note: other open games: #1 Prudh") and len(first) <= 60
    assert len(rest) >= 2 and all(line.startswith("  ") and line[2:] == line.strip() for line in rest), rest
    whole = " ".join(line.strip() for line in [first, *rest])
    assert "#2 Propuh (solo, difficulty 3); " in whole and whole.endswith("resume N continues one of them")


# -- 1. what a damaged file could not give back is said --


def two_games_then_cut(home: Path, monkeypatch: pytest.MonkeyPatch) -> Run:
    """Game 1 (Propuh solo) quit; game 2 open, its file cut short (``truncate -s 10000``) before its 3rd input."""
    saved_game(home, 2, seed=2)
    before_save(monkeypatch, 3, lambda store: cut_short(store.path))
    run = play(home, 1, script(1)[0][:5])
    assert run.returncode == 0, run.stderr  # type: ignore[attr-defined]
    monkeypatch.undo()
    return run  # type: ignore[return-value]


def test_a_game_the_damaged_file_could_not_give_back_is_not_passed_over(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = two_games_then_cut(home, monkeypatch)
    (note,) = notes(run)
    (moved,) = home.glob("companion.damaged-*.sqlite3")
    assert f"it was moved to {moved} and a new one started with 0 other games read back from it; " in note
    assert "what could not be read (" in note and ") stays in the moved file" in note
    assert note.endswith("game #2 was written into it whole (3 saved moves)")
    listed = run_cli(home, ["history", "--json"]).events[0]["games"]
    assert [g["id"] for g in listed] == [2]  # game 1 is in the moved file only


def test_history_on_a_damaged_file_that_gave_nothing_back_does_not_say_no_games_yet(
    home: Path, tmp_path: Path
) -> None:
    path = saved_game(home, 2)
    cut_short(path)
    run = run_cli(home, ["history"])
    assert run.returncode == 0, run.stderr
    (note,) = notes(run)
    assert "a new one started with 0 games read back from it; what could not be read (" in note
    assert "No games yet" not in run.stdout
    assert run.stdout.split() == [
        "No",
        "games",
        "in",
        "the",
        "new",
        "saved-games",
        "file:",
        "none",
        "was",
        "read",
        "back",
        "from",
        "the",
        "damaged",
        "one",
        "(see",
        "the",
        "note",
        "above).",
    ]
    # no note again, but while the new file has no game the one moved aside is named (trialJ: a person who
    # missed the one note was then told "No games yet")
    run = run_cli(home, ["history"])
    assert run.stderr == "" and " ".join(run.stdout.split()).startswith(
        "No games in the saved-games file; a damaged one was moved aside to "
    )


def test_the_counter_of_game_numbers_names_a_game_the_list_lost(tmp_path: Path) -> None:
    old = Store(tmp_path / "old.sqlite3")
    for seed in (1, 2, 3):
        old.create("propuh", {}, ["human", "automaton"], seed, f"game {seed}")
    with old.db:
        old.db.execute("DELETE FROM sessions WHERE id = 2")  # as a row SQLite cannot read any more
    old.close()
    new = Store(tmp_path / "new.sqlite3")
    found = salvage(tmp_path / "old.sqlite3", new.db, str, skip=(3,))
    assert found == Salvaged(games=1, inputs=0, unread=(2,))
    assert not found.whole and found.left_behind() == "game #2"
    assert salvage(tmp_path / "nothing.sqlite3", new.db, str) == Salvaged(known=False)


# -- 2. the words for a game that cannot be replayed --


def test_plain_resume_stopping_at_a_game_it_cannot_replay_names_the_way_past_it(home: Path) -> None:
    from companion.messages import command_name

    def said(
        run: Run,
    ) -> str:  # in the words a person at a terminal reads (this process's own name: companion)
        return one_line(run).replace(command_name(), "companion")

    path = saved_game(home, 3)  # game 1, sound
    saved_game(home, 3, seed=2)
    saved_game(home, 4, seed=3)  # game 3, the latest: its third input no longer replays
    edit(path, "UPDATE moves SET text = 'zz 9' WHERE session_id = 3 AND seq = 2")
    edit(path, "UPDATE sessions SET config = '{broken' WHERE id = 2")
    edit(path, "UPDATE sessions SET updated = '2000-01-0' || id")  # game 3 the latest, then 2, then 1
    line = said(run_cli(home, ["resume"]))
    assert line.startswith("error: game #3 cannot be resumed: saved input 3 ('zz 9') no longer replays")
    assert line.endswith(
        "; it was left as it was: companion abandon 3 ends it (plain resume then skips it), or companion resume 1 "
        "continues game #1 (Propuh)"  # game 2, later than 1, would stop too: not offered
    )
    line = said(run_cli(home, ["resume", "2"]))
    assert line == (
        "error: game #2 cannot be resumed: its record is unreadable (its config is not valid JSON); it was left "
        "as it was: companion abandon 2 ends it (plain resume then skips it), or companion resume 1 continues "
        "game #1 (Propuh)"
    )
    assert run_cli(home, ["abandon", "3"]).returncode == 0
    line = said(run_cli(home, ["resume", "3"]))
    assert "left as it was: plain resume skips it, or companion resume 1 continues game #1" in line
    assert run_cli(home, ["abandon", "1"]).returncode == 0
    assert said(run_cli(home, ["resume", "2"])).endswith(
        "left as it was: companion abandon 2 ends it (plain resume then skips it)"
    )


def test_history_gives_one_clean_reason_for_an_unreadable_record(home: Path) -> None:
    path = saved_game(home, 2)
    edit(path, "UPDATE sessions SET config = '{broken' WHERE id = 1")
    (listed,) = run_cli(home, ["history", "--json"]).events[0]["games"]
    assert listed["result"] == "unreadable: its config is not valid JSON"
    shown = run_cli(home, ["history"]).stdout
    assert shown.count("unreadable") == 1 and "JSON" in shown


def test_an_unreadable_records_reason_in_russian_agrees_with_the_game_it_belongs_to(home: Path) -> None:
    """«партия» and «запись» are feminine: «её config», not «его config»."""
    path = saved_game(home, 2)
    edit(path, "UPDATE sessions SET config = '{broken' WHERE id = 1")
    shown = " ".join(run_cli(home, ["history", "--lang", "ru"]).stdout.split())
    assert "её config — некорректный JSON" in shown and "его" not in shown


def test_an_error_at_a_terminal_is_wrapped_at_its_width_and_one_line_in_a_pipe(home: Path) -> None:
    """At a terminal an error broke mid-word as the notes did; piped (a log, a script) it stays one line."""
    pty = pytest.importorskip("pty")
    import fcntl
    import struct
    import subprocess
    import sys
    import termios

    from tests.conftest import cli_env

    env = {k: v for k, v in cli_env(home).items() if k != "COLUMNS"}
    command = [sys.executable, "-m", "companion", "play", "prudh", "--reveal-bots"]
    piped = subprocess.run(
        command, capture_output=True, text=True, env=env, timeout=60, stdin=subprocess.DEVNULL
    )
    (line,) = piped.stderr.splitlines()
    assert (
        piped.returncode == 2 and line.startswith("error: --reveal-bots goes with --json") and len(line) > 80
    )
    main, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 45, 80, 0, 0))
    shown = subprocess.run(
        command, stdout=subprocess.DEVNULL, stderr=terminal, env=env, timeout=60, stdin=subprocess.DEVNULL
    )
    os.close(terminal)
    out = b""
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:  # the terminal's other end is closed: all was read
            break
        if not chunk:
            break
        out += chunk
    os.close(main)
    assert shown.returncode == 2
    assert wrapped(out.decode().replace("\r\n", "\n"), 80) == line


def test_history_json_on_a_damaged_file_says_so_in_its_stream(home: Path) -> None:
    """A trial scripting `history --json` on a damaged file read only '{"games": []}': the note that the file
    was moved aside went to standard error as wrapped text. It is a note event, as under play and resume."""
    home.mkdir(parents=True)
    (home / "companion.sqlite3").write_bytes(os.urandom(8192))
    run = run_cli(home, ["history", "--json"])
    assert run.returncode == 0 and run.stderr == ""
    note, listed = run.events
    (moved,) = home.glob("companion.damaged-*.sqlite3")
    assert note["event"] == "note" and note["moved_to"] == str(moved) and note["games_read_back"] == 0
    assert listed["event"] == "history" and listed["games"] == []


def test_a_usage_errors_help_command_at_an_80_column_terminal_stays_whole(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 80 columns a Russian table's unknown game broke its help command as '(companion play' / '--help',
    which read as two things to type."""
    import sys

    import companion.messages as messages

    class Terminal:
        """The module's ``sys`` with a standard error that is a terminal."""

        stderr = type("Stderr", (), {"isatty": staticmethod(lambda: True)})()

        def __getattr__(self, name: str) -> object:
            return getattr(sys, name)

    monkeypatch.setattr(messages, "sys", Terminal())
    env = {"COMPANION_HOME": str(home), "NO_COLOR": "1", "COLUMNS": "80"}
    run = CliRunner().invoke(
        app, ["play", "xyzzyqwertyuiopasdfghjklzxcvbn", "--lang", "ru"], env=env, prog_name="companion"
    )
    assert run.exit_code == 2
    lines = run.stderr.rstrip("\n").split("\n")
    assert len(lines) == 2 and all(len(line) <= 80 for line in lines), lines
    assert lines[1].startswith("  (companion play --help "), lines
