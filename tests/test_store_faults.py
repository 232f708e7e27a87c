"""Issue 16, the saved-games file: every fault is one line and exit status 2, and nothing saved is changed.

Damaged and foreign files, a newer schema, records that no longer replay, read-only files, a full disk, a file
held by another program, COMPANION_HOME at a file, the file being a directory.
"""

from __future__ import annotations

import os
import random
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ai.prudh.components import DARK
from companion.saves import file as storefile
from companion.saves.store import Store, Unsaved
from tests.conftest import run_cli
from tests.support.prudh import script as prudh_script
from tests.support.sessions import script
from tests.support.stores import FILE, edit, one_line, saved_game, snapshot

# -- damaged, foreign, newer --


def test_random_bytes_are_moved_aside_untouched_and_a_new_file_is_started(home: Path) -> None:
    home.mkdir(parents=True)
    junk = random.Random(1).randbytes(20_000)
    (home / FILE).write_bytes(junk)
    run = run_cli(home, ["history"])
    assert run.returncode == 0
    assert run.stderr.startswith("note: the saved-games file was damaged (not a database); it was moved to")
    (moved,) = home.glob("companion.damaged-*.sqlite3")
    assert moved.read_bytes() == junk
    assert saved_game(home).exists()  # and play goes on in the new file


@pytest.mark.parametrize("keep", [0.3, 0.5, 0.8])
def test_a_truncated_file_is_moved_aside_or_read_never_a_traceback(home: Path, keep: float) -> None:
    path = saved_game(home)
    data = path.read_bytes()
    cut = data[: int(len(data) * keep)]
    path.write_bytes(cut)
    run = run_cli(home, ["history", "--json"])
    assert run.returncode == 0, run.stderr
    moved = list(home.glob("companion.damaged-*.sqlite3"))
    said = [e["text"] for e in run.of("note")]  # under --json the note is an event in the stream
    assert run.stderr == ""
    if moved:
        assert "damaged" in said[0] and moved[0].read_bytes() == cut
    else:  # what was cut off held nothing the checks need
        assert said == []


def test_a_foreign_database_is_refused_and_never_written_to(home: Path) -> None:
    home.mkdir(parents=True)
    db = sqlite3.connect(home / FILE)
    db.execute("CREATE TABLE photos (name TEXT)")
    db.commit()
    db.close()
    before = (home / FILE).read_bytes()
    for args in (["resume"], ["history"], ["play", "prudh", "--seed", "1"], ["abandon", "1"]):
        one_line(
            run_cli(home, args, ["quit"]), "not a companion saved-games file", "photos", "COMPANION_HOME"
        )
        assert (home / FILE).read_bytes() == before


def test_a_file_from_a_newer_companion_is_refused_untouched(home: Path) -> None:
    path = saved_game(home)
    edit(path, f"PRAGMA user_version = {storefile.SCHEMA_VERSION + 1}")
    before = path.read_bytes()
    one_line(run_cli(home, ["resume"]), "newer companion")
    assert path.read_bytes() == before


def test_a_file_from_before_the_schema_version_is_ours_and_kept(home: Path) -> None:
    path = saved_game(home)
    edit(path, "DROP TABLE locks")
    edit(path, "PRAGMA user_version = 0")
    games, moves = snapshot(path)
    run = run_cli(home, ["resume", "--json"], ["quit"])
    assert run.returncode == 0, run.stderr
    assert sum(run.of("resume")[0][k] for k in ("inputs", "bot_moves")) == len(moves) > 0
    assert snapshot(path) == (games, moves)


def _as_version_1(path: Path) -> tuple[Any, ...]:
    """The file as companion wrote it before inputs were kept as typed (no ``moves.typed``); its snapshot."""
    edit(path, "ALTER TABLE moves DROP COLUMN typed")
    edit(path, "PRAGMA user_version = 1")
    return snapshot(path)


def test_a_file_from_before_inputs_were_kept_as_typed_gains_the_column_and_keeps_every_input(
    home: Path,
) -> None:
    path = saved_game(home, inputs=2)
    games, moves = _as_version_1(path)
    last = max(i for i, move in enumerate(moves) if move[2] == "human")
    again = moves[last][3]
    run = run_cli(home, ["resume", "--json"], ["undo", again.upper(), "undo", "quit"])
    assert run.returncode == 0, run.stderr
    first, second = run.of("undo")
    assert first["typed"] == first["undone"] == again  # saved before: repeated in the notation
    assert (second["undone"], second["typed"]) == (again, again.upper())
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == storefile.SCHEMA_VERSION
    kept = db.execute("SELECT session_id, seq, actor, text, reason, typed FROM moves ORDER BY seq").fetchall()
    assert kept == [(*move, None) for move in moves[:last]]
    assert db.execute("SELECT * FROM sessions").fetchall()[0][:5] == games[0][:5]
    db.close()


def test_a_read_only_file_from_before_inputs_were_kept_as_typed_is_read_as_it_is(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = saved_game(home)
    before = _as_version_1(path)
    monkeypatch.setattr(storefile, "writable", lambda _path: False)
    store = Store(path)
    assert [(m.actor, m.text, m.typed) for m in store.moves(1)] == [(m[2], m[3], None) for m in before[1]]
    store.close()
    assert run_cli(home, ["history", "--json"]).events[0]["games"][0]["id"] == 1
    assert snapshot(path) == before


def test_a_damaged_file_from_before_inputs_were_kept_as_typed_is_read_back(tmp_path: Path) -> None:
    from companion.saves.salvage import Salvaged, salvage

    old = Store(tmp_path / "old.sqlite3")
    game = old.create("propuh", {}, ["human", "automaton"], 1, "one")
    for seq, text in enumerate(["b3 t", "s2"]):
        old.add_move(game, seq, "human", text, None, typed=text.upper())
    old.close()
    _as_version_1(tmp_path / "old.sqlite3")
    new = Store(tmp_path / "new.sqlite3")
    assert salvage(tmp_path / "old.sqlite3", new.db, str) == Salvaged(games=1, inputs=2)
    assert [(m.text, m.typed) for m in new.moves(game)] == [("b3 t", None), ("s2", None)]


# -- records that no longer make a game --


@pytest.mark.parametrize(
    ("column", "value", "words"),
    [
        ("game", "chess", ("'chess'", "does not know")),
        ("seats", '["human", "superbot"]', ("cannot be resumed", "left as it was")),
        ("config", '{"colour": "plaid"}', ("cannot be resumed", "left as it was")),
        ("config", "{broken", ("cannot be resumed", "unreadable", "companion abandon 1")),
        ("label", b"\xc6 damaged", ("cannot be resumed", "a field is damaged")),
        ("summary", "[1, 2", ("cannot be resumed", "its summary is not valid JSON", "companion abandon 1")),
    ],
)
def test_a_record_that_does_not_make_a_game_is_one_line_and_history_still_lists_the_rest(
    home: Path, column: str, value: str | bytes, words: tuple[str, ...]
) -> None:
    path = saved_game(home)
    saved_game(home, 2, seed=2)
    edit(path, f"UPDATE sessions SET {column} = ? WHERE id = 1", value)
    before = snapshot(path)
    one_line(run_cli(home, ["resume", "1"]), *words)
    assert snapshot(path) == before
    listed = run_cli(home, ["history", "--json"])
    assert listed.returncode == 0, listed.stderr
    assert [g["id"] for g in listed.events[0]["games"]] == [1, 2]
    assert listed.events[0]["games"][1]["result"] == "unfinished"
    assert run_cli(home, ["history"]).returncode == 0


def test_a_saved_move_that_no_longer_replays_is_named_and_left_as_it_was(home: Path) -> None:
    path = saved_game(home, 4)
    edit(path, "UPDATE moves SET text = 'zz 9' WHERE session_id = 1 AND seq = 2")
    before = snapshot(path)
    one_line(run_cli(home, ["resume", "1"]), "game #1 cannot be resumed", "saved input 3", "'zz 9'")
    assert snapshot(path) == before


def test_a_prudh_game_that_no_longer_replays_is_one_line_from_the_score_check_too(home: Path) -> None:
    # the score check replays the saved game too: one line, not the last-resort one; it says what it could
    # not do (check the count), not "resumed" (a trial), and the same reason resume gives
    lines, _ = prudh_script(1, "tika", DARK, DARK)
    run = run_cli(
        home, ["play", "prudh", "--variant", "tika", "--seed", "1", "--first", "me"], [lines[0], "quit"]
    )
    assert run.returncode == 0, run.stderr
    path = home / FILE
    edit(path, "UPDATE moves SET text = 'zz 9' WHERE session_id = 1 AND seq = 0")
    before = snapshot(path)
    line = one_line(run_cli(home, ["resume", "1"]), "game #1 cannot be resumed", "saved input 1", "'zz 9'")
    score = [
        "score",
        "prudh",
        "--dark",
        "0",
        "--light",
        "0",
        "--last",
        "dark",
        "--tallest",
        "1",
        "--game",
        "1",
    ]
    checked = one_line(run_cli(home, score), "game #1 cannot be checked against your count: saved input 1")
    assert "resume" not in checked
    reason = line.split("cannot be resumed: ", 1)[1].split("; it was left as it was", 1)[0]
    assert checked == f"error: game #1 cannot be checked against your count: {reason}; it was left as it was"
    assert snapshot(path) == before


# -- the file cannot be written, is busy, or is not where it should be --


def test_a_read_only_file_still_lists_history_and_refuses_a_new_game_untouched(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = saved_game(home)
    before = path.read_bytes()
    monkeypatch.setattr(storefile, "writable", lambda _path: False)  # as a person without write permission
    assert run_cli(home, ["history", "--json"]).events[0]["games"][0]["id"] == 1
    one_line(run_cli(home, ["play", "prudh", "--seed", "1"], ["quit"]), "read-only", "make it writable")
    one_line(run_cli(home, ["abandon", "1"]), "read-only")
    assert path.read_bytes() == before


def test_a_read_only_directory_is_named_not_the_file_in_it(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A trial made the directory read-only, the file writable, and was told to make the file writable."""
    import os

    path = saved_game(home)
    access = os.access
    monkeypatch.setattr(storefile, "writable", lambda _path: False)
    monkeypatch.setattr(storefile.os, "access", lambda p, mode: access(p, mode) and Path(p) != home)
    line = one_line(run_cli(home, ["resume", "1"], ["quit"]), "read-only")
    assert line.endswith(
        f"the directory {home} is read-only (the saved-games file's journal is written beside it): make it "
        "writable, or set COMPANION_HOME to another directory"
    )
    assert f"{path} is read-only" not in line


def test_a_damaged_file_moved_aside_is_named_after_its_note_too(home: Path) -> None:
    """A trial missed the one note (another window, a piped run) and was then told "No games yet"."""
    home.mkdir(parents=True)
    (home / FILE).write_bytes(os.urandom(4096))
    first = run_cli(home, ["history"])
    assert "moved to" in first.stderr and "none was read back" in first.stdout
    (moved,) = home.glob("companion.damaged-*.sqlite3")
    later = run_cli(home, ["history"])
    assert later.stderr == "" and later.stdout.strip() == (
        f"No games in the saved-games file; a damaged one was moved aside to {moved} (what could be read of it was "
        "read back then)."
    )
    resume = run_cli(home, ["resume"])
    assert (
        resume.stderr.strip()
        == f"error: no open game to resume (a damaged saved-games file was moved aside to {moved})"
    )


def test_an_empty_file_is_said_to_have_been_empty(home: Path) -> None:
    """A trial emptied the file (``: > companion.sqlite3``) and read "No games yet", as on a first run."""
    home.mkdir(parents=True)
    (home / FILE).write_bytes(b"")
    run = run_cli(home, ["history"])
    assert run.returncode == 0
    said = " ".join(run.stderr.split())  # wrapped at the screen's width
    assert (
        said == f"note: the saved-games file {home / FILE} was empty (0 bytes): it held no game to read back"
    )
    assert run.stdout.strip() == "No games: the saved-games file was empty (see the note above)."
    again = run_cli(home, ["history"])  # written since: nothing more to say
    assert again.stderr == "" and again.stdout.startswith("No games yet.")
    (home / FILE).write_bytes(b"")
    note = run_cli(home, ["play", "propuh", "--json"], ["quit"]).of("note")
    assert note[0]["empty"] is True and "was empty (0 bytes)" in note[0]["text"]


def _wrap_connect(monkeypatch: pytest.MonkeyPatch, after: Callable[[sqlite3.Connection], None]) -> None:
    import companion.saves.store as store_module

    original = store_module.connect

    def connect(path: Path, timeout: float) -> tuple[sqlite3.Connection, bool, list[str]]:
        db, readonly, notices = original(path, timeout)
        after(db)
        return db, readonly, notices

    monkeypatch.setattr(store_module, "connect", connect)


def test_sqlite_refusing_a_write_mid_game_is_one_line_and_the_game_is_kept(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = saved_game(home, 3)
    before = snapshot(path)
    _wrap_connect(monkeypatch, lambda db: db.execute("PRAGMA query_only = ON"))
    lines, _ = script(1)
    one_line(run_cli(home, ["resume", "1"], lines[3:5]), "read-only")
    assert snapshot(path) == before


@pytest.mark.skipif(
    not hasattr(__import__("os"), "geteuid") or __import__("os").geteuid() == 0, reason="root"
)
def test_a_real_read_only_directory(home: Path) -> None:
    path = saved_game(home)
    before = path.read_bytes()
    path.chmod(0o444)
    home.chmod(0o555)
    try:
        assert run_cli(home, ["history"]).returncode == 0
        one_line(run_cli(home, ["play", "prudh", "--seed", "1"]), "read-only")
    finally:
        home.chmod(0o755)
        path.chmod(0o644)
    assert path.read_bytes() == before


def test_a_full_disk_refuses_the_input_and_keeps_everything_before_it(tmp_path: Path) -> None:
    store = Store(tmp_path / FILE)
    sid = store.create("propuh", {}, ["human", "automaton"], 1, "test")
    store.add_move(sid, 0, "human", "b3 t", None)
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own "database or disk is full"
    with pytest.raises(Unsaved, match="disk is full") as caught:
        store.add_move(sid, 1, "human", "x" * 50_000, None)
    assert str(caught.value).endswith("it was not played: type it again once there is space")
    assert [m.text for m in store.moves(sid)] == ["b3 t"]


def test_a_full_disk_mid_game_through_the_cli(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = saved_game(home, 2)
    before = snapshot(path)
    original = Store.add_move

    def add_move(self: Store, *args: Any) -> None:
        # the disk is full: SQLite may not grow the file, and this input needs room (a long saved reason)
        self.db.execute(f"PRAGMA max_page_count = {self.db.execute('PRAGMA page_count').fetchone()[0]}")
        sid, seq, actor, text, reason, *finish = args
        original(self, sid, seq, actor, text, (reason or "") + " " * 100_000, *finish)

    monkeypatch.setattr(Store, "add_move", add_move)
    lines, _ = script(1)
    full = run_cli(home, ["resume", "1", "--json"], [lines[2], lines[2]])  # the disk stays full
    assert full.returncode == 0 and full.stderr == ""  # each input refused in one line; the session stays
    assert [e["message"] for e in full.of("error")] == [
        f"could not save the input {lines[2]!r}: the disk is full: free some space; it was not played: type "
        "it again once there is space"
    ] * 2
    assert full.of("saved")[0]["text"].endswith("companion resume 1")
    assert snapshot(path) == before
    monkeypatch.undo()
    after = run_cli(home, ["resume", "1", "--json"], lines[2:4])
    assert after.returncode == 0 and sum(after.of("resume")[0][k] for k in ("inputs", "bot_moves")) == len(
        before[1]
    )


def test_a_file_held_by_another_program_is_one_line_and_then_works(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import companion.saves.store as store_module

    path = saved_game(home)
    monkeypatch.setattr(store_module, "BUSY_SECONDS", 0.05)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        for args in (["history"], ["resume", "1"], ["play", "prudh", "--seed", "1"]):
            one_line(
                run_cli(home, args, ["quit"]),
                "another companion window (or another program) is writing to the saved-games file",
            )
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert run_cli(home, ["history"]).returncode == 0


def test_companion_home_at_a_file_and_the_saved_games_file_a_directory(tmp_path: Path) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine")
    one_line(run_cli(a_file, ["history"]), "is a file, not a directory")
    assert a_file.read_text() == "mine"
    home = tmp_path / "home"
    (home / FILE).mkdir(parents=True)
    one_line(run_cli(home, ["play", "prudh", "--seed", "1"]), "is a directory")
    assert list((home / FILE).iterdir()) == []


def test_what_a_damaged_file_still_holds_is_read_back_games_and_inputs_up_to_a_gap(tmp_path: Path) -> None:
    from companion.saves.salvage import Salvaged, salvage

    old = Store(tmp_path / "old.sqlite3")
    first = old.create("propuh", {}, ["human", "automaton"], 1, "one")
    second = old.create("prudh", {}, ["human", "random"], 2, "two")
    for seq, text in enumerate(["b3 t", "s2", "f b", "t1 s"]):
        old.add_move(first, seq, "human", text, None)
        old.add_move(second, seq, "human", text, None)
    with old.db:
        old.db.execute("DELETE FROM moves WHERE session_id = ? AND seq = 2", (second,))
    old.close()
    new = Store(tmp_path / "new.sqlite3")
    assert salvage(tmp_path / "old.sqlite3", new.db, str) == Salvaged(games=2, inputs=6, cut=(second,))
    assert [r.label for r in new.all()] == ["one", "two"]
    assert [m.text for m in new.moves(first)] == ["b3 t", "s2", "f b", "t1 s"]
    assert [m.text for m in new.moves(second)] == ["b3 t", "s2"]  # up to the first input it cannot read
    assert new.create("rip", {}, ["human", "random"], 3, "three") == 3  # numbers go on after the read-back


def test_a_save_fault_that_ends_the_session_names_the_resume_command_as_it_can_be_run(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write error that does not pass (a disk I/O error, a file-size limit) ends the session: its line
    says how to continue, with the command as it was started (not a bare `companion` off the PATH)."""
    import sys

    from companion.saves.open_file import SavedFile

    saved_game(home, 2)
    program = tmp_path / "venv" / "bin" / "companion"
    program.parent.mkdir(parents=True)
    program.write_text("")
    monkeypatch.setattr(sys, "argv", [str(program), "resume", "1"])
    attempt = SavedFile._attempt

    def failing(self: SavedFile, body: Callable[..., Any], *args: Any) -> Any:
        if "add_move" in body.__qualname__:
            raise sqlite3.OperationalError("disk I/O error")
        return attempt(self, body, *args)

    monkeypatch.setattr(SavedFile, "_attempt", failing)
    lines, _ = script(1)
    run = run_cli(home, ["resume", "1", "--json"], lines[2:3])
    one_line(run, "disk I/O error")  # the line on standard error is cut at 300 characters: the event is whole
    (error,) = run.of("error")
    assert error["kind"] == "fault"
    assert error["message"].endswith(
        f"the game is saved up to the input before: continue it with {program} resume 1"
    )


def test_a_saved_games_file_nobody_may_read_is_named_with_what_to_do(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`chmod 000` on the file: SQLite alone says "unable to open database file" and nothing to do. (Faked
    through os.access: the tests may run as root, who reads any file.)"""
    path = saved_game(home)
    before = snapshot(path)
    access = os.access
    monkeypatch.setattr(storefile.os, "access", lambda p, mode: access(p, mode) and Path(p) != path)
    for args in (["history"], ["resume", "1"], ["play", "prudh", "--seed", "1"]):
        line = one_line(run_cli(home, args, ["quit"]))
        assert line == (
            f"error: the saved-games file {path} cannot be read (no permission): give yourself permission to "
            "read and write it, or set COMPANION_HOME to another directory"
        )
    run = run_cli(home, ["resume", "1", "--json"], ["quit"])
    assert run.returncode == 2 and run.of("error")[0]["kind"] == "fault"
    assert snapshot(path) == before


def test_a_write_the_disk_refuses_over_a_quota_or_a_size_limit_passes_like_a_full_disk(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A trial limited the file size (prlimit --fsize): SQLite says SQLITE_IOERR_WRITE, not SQLITE_FULL (so
    does a disk quota), and the session ended. The input is refused in one line, the session goes on, and the
    same input typed again once there is room is taken."""
    from companion.saves.open_file import SavedFile

    path = saved_game(home, 2)
    before = snapshot(path)
    attempt = SavedFile._attempt
    refusals = [1]

    def refusing(self: SavedFile, body: Callable[..., Any], *args: Any) -> Any:
        if "add_move" in body.__qualname__ and refusals:
            refusals.pop()
            refused = sqlite3.OperationalError("disk I/O error")
            refused.sqlite_errorname = "SQLITE_IOERR_WRITE"
            raise refused
        return attempt(self, body, *args)

    monkeypatch.setattr(SavedFile, "_attempt", refusing)
    lines, _ = script(1)
    run = run_cli(home, ["resume", "1", "--json"], [lines[2], lines[2], "quit"])
    assert run.returncode == 0 and run.stderr == ""
    (error,) = run.of("error")
    assert error["kind"] == "unsaved" and error["input"] == lines[2]
    assert error["message"].endswith("it was not played: type it again once there is space")
    assert len(snapshot(path)[1]) > len(before[1])  # typed again, it was saved
