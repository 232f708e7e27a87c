"""A trial's three findings about the saved-games file failing while a game is open.

1. A file damaged mid-game (cut short, overwritten, a table's page garbled) loses nothing: it is moved aside
   as the start-up check moves it, the open game is written whole into a new file with the input just typed,
   one note says so, and the session goes on; the other games are read back, none twice.
2. A full disk mid-game refuses the input (the game as it was) in one line and the session goes on: the input
   typed again once there is room is taken; a bot's move that could not be saved is tried again on Enter.
3. ``history`` calls an unfinished game that no longer replays ``unreadable``, as ``resume`` refuses it.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.errors import StoreError
from companion.saves.store import Store
from tests.conftest import run_cli
from tests.support.sessions import play, script
from tests.support.stores import (
    FILE,
    OtherWindow,
    before_save,
    cut_short,
    edit,
    moves_page_garbled,
    notes,
    one_line,
    saved_game,
)


def overwritten(path: Path) -> None:
    """The whole file overwritten with random bytes, in place."""
    path.write_bytes(os.urandom(path.stat().st_size))


def saved_inputs(home: Path, game: int) -> list[str]:
    db = sqlite3.connect(home / FILE)
    try:
        return [
            row[0] for row in db.execute("SELECT text FROM moves WHERE session_id = ? ORDER BY seq", (game,))
        ]
    finally:
        db.close()


def clean_run(tmp_path: Path, seed: int, lines: list[str]) -> list[str]:
    """The inputs a run saves when nothing goes wrong (the reference)."""
    home = tmp_path / "clean"
    assert play(home, seed, lines).returncode == 0  # type: ignore[attr-defined]
    return saved_inputs(home, 1)


# -- 1. damaged while a game is open --


@pytest.mark.parametrize("damage", [cut_short, overwritten, moves_page_garbled])
def test_a_file_damaged_mid_game_loses_nothing_and_the_session_goes_on(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: Callable[[Path], None]
) -> None:
    lines = script(1)[0][:6]
    before_save(monkeypatch, 3, lambda store: damage(store.path))
    run = play(home, 1, lines)
    assert run.returncode == 0, run.stderr  # type: ignore[attr-defined]
    assert not run.of("error")  # type: ignore[attr-defined]
    (note,) = notes(run)  # type: ignore[arg-type]
    assert note.startswith("note: the saved-games file was damaged (")
    assert "it was moved to" in note and "game #1 was written into it whole (3 saved moves)" in note
    assert len(list(home.glob("companion.damaged-*.sqlite3"))) == 1
    monkeypatch.undo()
    assert saved_inputs(home, 1) == clean_run(tmp_path, 1, lines)  # every input, the one typed then included
    resumed = run_cli(home, ["resume", "1", "--json"], ["quit"])
    assert resumed.returncode == 0 and resumed.stderr == ""
    assert sum(resumed.of("resume")[0][k] for k in ("inputs", "bot_moves")) == len(saved_inputs(home, 1))
    listed = run_cli(home, ["history", "--json"]).events[0]["games"]
    assert [(g["id"], g["result"]) for g in listed] == [(1, "unfinished")]


def test_a_file_damaged_after_the_last_input_gets_the_game_whole_when_it_is_closed(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = script(1)[0][:4]
    original = Store.release

    def release(self: Store, session_id: int) -> None:  # damaged after the last input, before quit
        overwritten(self.path)
        original(self, session_id)

    monkeypatch.setattr(Store, "release", release)
    run = play(home, 1, [*lines, "quit"])
    assert run.returncode == 0, run.stderr  # type: ignore[attr-defined]
    (note,) = notes(run)  # type: ignore[arg-type]
    assert "game #1 was written into it whole" in note
    monkeypatch.undo()
    assert saved_inputs(home, 1) == clean_run(tmp_path, 1, lines)


def test_the_other_games_are_read_back_and_none_twice(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved_game(home, 2, seed=2)  # game 1, closed
    lines = script(1)[0][:5]
    before_save(monkeypatch, 2, lambda store: moves_page_garbled(store.path))
    run = play(home, 1, lines)
    assert run.returncode == 0, run.stderr  # type: ignore[attr-defined]
    (note,) = notes(run)  # type: ignore[arg-type]
    # the moves' index is garbled: game 1's record is read back, its inputs are not; game 2 is written whole
    assert (
        "with 1 other game (0 inputs) read back from it; what could not be read (part of the inputs of game #1) "
        "stays in the moved file; game #2 was written into it whole (2 saved moves)"
    ) in note
    monkeypatch.undo()
    listed = run_cli(home, ["history", "--json"]).events[0]["games"]
    assert [g["id"] for g in listed] == [1, 2]
    assert saved_inputs(home, 1) == []
    assert saved_inputs(home, 2) == clean_run(tmp_path, 1, lines)


def test_two_windows_on_a_file_damaged_under_them_keep_both_games_whole_and_once(tmp_path: Path) -> None:
    path = tmp_path / FILE
    first = Store(path)
    one = first.create("propuh", {}, ["human", "automaton"], 1, "one")
    with OtherWindow(path) as second:  # another running window
        two = second("create", "prudh", {}, ["human", "random"], 2, "two")
        for seq, text in enumerate(["b3 t", "s2", "f b"]):
            first.add_move(one, seq, "human", text, None)
            second("add_move", two, seq, "human", text, None)
        said: list[str] = []
        first.on_notice(said.append)
        moves_page_garbled(path)
        first.add_move(
            one, 3, "human", "t1 s", None
        )  # moves the file aside; game two is read back, its record only
        second("add_move", two, 3, "human", "t1 s", None)  # its file was replaced: game two goes in whole
        said += second.said
    assert len(said) == 2 and "game #1 was written into it whole (4 saved moves)" in said[0]
    assert said[1].startswith(
        "the saved-games file was moved, replaced or deleted meanwhile; game #2 was written"
    )
    fresh = Store(path)
    assert [r.label for r in fresh.all()] == ["one", "two"]
    for game in (one, two):
        assert [m.text for m in fresh.moves(game)] == ["b3 t", "s2", "f b", "t1 s"]
    assert len(list(tmp_path.glob("companion.damaged-*.sqlite3"))) == 1


def test_a_file_deleted_mid_game_gets_the_game_whole_at_the_next_save(tmp_path: Path) -> None:
    path = tmp_path / FILE
    store = Store(path)
    game = store.create("propuh", {"solo": True}, ["human", "automaton"], 7, "solo", {"think": 0.5})
    store.add_move(game, 0, "human", "b3 t", None)
    said: list[str] = []
    store.on_notice(said.append)
    path.unlink()
    store.add_move(game, 1, "human", "s2", "why")
    assert said == [
        "the saved-games file was moved, replaced or deleted meanwhile; game #1 was written into it whole (2 saved moves)"
    ]
    fresh = Store(path)
    (record,) = fresh.all()
    assert (record.seed, record.seats, record.config, record.options) == (
        7,
        ["human", "automaton"],
        {"solo": True},
        {"think": 0.5},
    )
    assert [(m.text, m.reason) for m in fresh.moves(game)] == [("b3 t", None), ("s2", "why")]


def test_a_second_fault_is_one_line_that_promises_no_resume(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: Any) -> Any:
        raise StoreError("cannot create the saved-games file in /x (not writable)")

    monkeypatch.setattr("companion.saves.open_file.start_anew", refuse)
    before_save(monkeypatch, 3, lambda store: cut_short(store.path))
    run = play(home, 1, script(1)[0][:6])
    line = one_line(run, "is damaged (", "cannot create the saved-games file")  # type: ignore[arg-type]
    assert "resume" not in line


# -- 2. a full disk --


def no_room_once(monkeypatch: pytest.MonkeyPatch, when: Callable[[int, str], bool]) -> list[str]:
    """The first save ``when(seq, actor)`` holds finds the disk full (SQLite may not grow the file, and this
    input needs room: a long saved reason); then there is room again. Returns what was refused."""
    original = Store.add_move
    refused: list[str] = []

    def add_move(self: Store, sid: int, seq: int, actor: str, text: str, *rest: Any) -> None:
        if when(seq, actor) and not refused:
            refused.append(text)
            self.db.execute(f"PRAGMA max_page_count = {self.db.execute('PRAGMA page_count').fetchone()[0]}")
            try:
                original(self, sid, seq, actor, text, "x" * 100_000, *rest[1:])
            finally:
                self.db.execute("PRAGMA max_page_count = 1073741823")
        original(self, sid, seq, actor, text, *rest)

    monkeypatch.setattr(Store, "add_move", add_move)
    return refused


def test_a_full_disk_refuses_the_input_and_the_session_goes_on(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = script(1)[0][:6]
    refused = no_room_once(monkeypatch, lambda seq, actor: actor == "human" and seq > 0)  # the second input
    run = play(home, 1, [*lines[:2], *lines[1:]])  # the refused input typed again, once there is room
    assert run.returncode == 0, run.stderr  # type: ignore[attr-defined]
    (error,) = run.of("error")  # type: ignore[attr-defined]
    assert error["message"] == (
        f"could not save the input {refused[0]!r}: the disk is full: free some space; it was not played: "
        "type it again once there is space"
    )
    monkeypatch.undo()
    assert saved_inputs(home, 1) == clean_run(tmp_path, 1, lines)


def test_the_input_a_full_disk_refused_is_quoted_as_typed(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A trial typed ``a1 ne`` and read "could not save the input 'a1-b2'", with no ``input`` field."""
    no_room_once(monkeypatch, lambda seq, actor: actor == "human")
    run = run_cli(home, ["play", "propuh", "--seed", "3", "--json"], ["Bed 4 on Bed", "undo", "quit"])
    (error, nothing) = run.of("error")
    assert error["kind"] == "unsaved" and error["input"] == "Bed 4 on Bed"
    assert error["message"].startswith("could not save the input 'Bed 4 on Bed': the disk is full")
    assert nothing == {"event": "error", "message": "nothing to undo", "kind": "refused", "input": "undo"}


def test_a_bots_move_the_full_disk_refused_is_tried_again_on_enter(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = script(1)[0][:6]
    refused = no_room_once(monkeypatch, lambda seq, actor: actor != "human")
    run = play(home, 1, [*lines[:2], "", *lines[2:]])  # Enter after the move the bot could not save
    assert run.returncode == 0, run.stderr  # type: ignore[attr-defined]
    assert refused
    (error,) = run.of("error")  # type: ignore[attr-defined]
    assert error["message"] == (
        "could not save the bot's move: the disk is full: free some space; it was not played: press Enter to "
        "let the bot move again once there is space"
    )
    prompts = [p["expects"] for p in run.of("prompt")]  # type: ignore[attr-defined]
    # one bot: in the singular (a trial read "the bots move again" in Prudh)
    assert "Enter: the bot moves again; undo takes back the last input; quit stops." in prompts
    monkeypatch.undo()
    assert saved_inputs(home, 1) == clean_run(tmp_path, 1, lines)


def test_a_move_typed_before_the_bots_move_again_is_refused_not_taken_for_the_enter(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A trial: a move typed at "Enter: the bots move again" let the bot move and the move was lost unsaid (the
    person had moved on the real board, the tool had not)."""
    lines = script(1)[0][:6]
    no_room_once(monkeypatch, lambda seq, actor: actor != "human")
    run = play(home, 1, [*lines[:2], lines[2], "board", "", *lines[2:]])
    assert run.returncode == 0, run.stderr  # type: ignore[attr-defined]
    errors = [e["message"] for e in run.of("error")]  # type: ignore[attr-defined]
    assert errors[1:] == ["not played: the bot moves first: press Enter to let it, then type it again"]
    monkeypatch.undo()
    assert saved_inputs(home, 1) == clean_run(tmp_path, 1, lines)


# -- 3. history agrees with resume --


def test_history_calls_an_unfinished_game_that_no_longer_replays_unreadable(home: Path) -> None:
    path = saved_game(home, 4)
    saved_game(home, 2, seed=2)
    edit(path, "UPDATE moves SET text = CAST(? AS TEXT) WHERE session_id = 1 AND seq = 2", b"\xff\xfejunk")
    refused = one_line(run_cli(home, ["resume", "1"]), "game #1 cannot be resumed", "saved input 3")
    listed = run_cli(home, ["history", "--json"]).events[0]["games"]
    assert [(g["id"], g["status"]) for g in listed] == [(1, "unreadable"), (2, "playing")]
    assert listed[0]["result"].startswith("unreadable: saved input 3 (")
    assert listed[0]["result"].split(": ", 1)[1] in refused
    assert listed[1]["result"] == "unfinished"
    shown = run_cli(home, ["history"])
    assert shown.returncode == 0 and "unreadable" in shown.stdout and "unfinished" in shown.stdout
