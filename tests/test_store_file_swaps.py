"""A trial's findings about saved-games files swapped, emptied or damaged under open windows.

1. A file replaced while a window has a game open, and another window has meanwhile started its own game of
   that number in the new file: the kept game goes in under a new number, said once, and goes on as it; the
   other game is never written over (it was, silently), and the window is not shut out by that game's lock.
2. A file emptied in place (``: > companion.sqlite3``) gets the open game written whole (it ended the session
   with "no such table: locks" and a false promise to resume).
3. A damaged file whose new file cannot be made or filled (a full disk) is put back where it was, and the
   next run reads it back (it stayed moved aside and every game was out of sight).
4. A game open in a window stays open there when another window moves the damaged file aside and reads it
   back (the lock was lost, and both windows played it).
5. Windows opening the file at one moment take turns (one read another's half-made file as not ours).
6. A game read back only in part says so on resume and in history (it resumed earlier without a word).
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from companion.errors import GameLocked, StoreError
from companion.saves.store import Store
from tests.conftest import cli_env, run_cli
from tests.support.stores import (
    FILE,
    OtherWindow,
    moves_page_garbled,
)


def _playing(path: Path, label: str) -> tuple[Store, int, list[str]]:
    """A window with a solo game open, one input typed, and what it is told from now on."""
    store = Store(path)
    game = store.create("propuh", {"solo": True}, ["human", "automaton"], 9, label)
    store.add_move(game, 0, "human", "b3 t", None)
    said: list[str] = []
    store.on_notice(said.append)
    return store, game, said


def test_a_kept_game_never_writes_over_another_windows_game_of_its_number(tmp_path: Path) -> None:
    path = tmp_path / FILE
    first, mine, said = _playing(path, "mine")
    path.unlink()  # deleted while the game is open
    with OtherWindow(path) as second:
        theirs = second(
            "create", "prudh", {}, ["human", "normal"], 4, "theirs"
        )  # #1 in the new file, held there
        assert theirs == mine == 1
        first.add_move(mine, 1, "human", "s2", None)
        assert said == [
            "the saved-games file was moved, replaced or deleted meanwhile; game #1 was written into it whole as "
            "game #2 (2 saved moves; the file has a game #1 of its own): it goes on as game #2"
        ]
        assert first.number(mine) == 2
        first.add_move(mine, 2, "human", "f b", None)  # the window goes on under the new number
        fresh = Store(path)
        assert [(r.id, r.label) for r in fresh.all()] == [(1, "theirs"), (2, "mine")]
        assert [m.text for m in fresh.moves(1)] == []
        assert [m.text for m in fresh.moves(2)] == ["b3 t", "s2", "f b"]
        first.release(mine)
        with pytest.raises(GameLocked):  # their game is still theirs
            fresh.hold(1)
        second("hold", 2)  # and mine was closed


def test_the_session_says_its_new_number_when_it_stops(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.support.stores import before_save

    others: list[OtherWindow] = []

    def swapped(store: Store) -> None:
        store.path.unlink()
        others.append(OtherWindow(store.path))
        others[0]("create", "prudh", {}, ["human", "normal"], 4, "theirs")  # held there while this one plays

    before_save(monkeypatch, 2, swapped)
    try:
        run = run_cli(
            home, ["play", "propuh", "--solo", "--difficulty", "1", "--seed", "9"], ["b3 t", "s2", "quit"]
        )
    finally:
        for other in others:
            other.kill()
    assert run.returncode == 0, run.stderr
    assert "it goes on as game #2" in " ".join(run.stderr.split())
    said = " ".join(run.stdout.split())  # a long command (a venv's python -m companion) goes on its own line
    assert "Continue it with: " in said and said.endswith("resume 2")


def test_a_file_emptied_in_place_gets_the_open_game_whole(tmp_path: Path) -> None:
    path = tmp_path / FILE
    store, game, said = _playing(path, "solo")
    os.truncate(path, 0)  # `: > companion.sqlite3`, the same file
    store.add_move(game, 1, "human", "s2", None)
    assert said == [
        "the saved-games file was moved, replaced or deleted meanwhile; game #1 was written into it whole (2 saved moves)"
    ]
    assert [m.text for m in Store(path).moves(game)] == ["b3 t", "s2"]


def _garbled_with_games(path: Path) -> None:
    store = Store(path)
    for seed in (1, 2):
        game = store.create("propuh", {"solo": True}, ["human", "automaton"], seed, f"game {seed}")
        for seq, text in enumerate(["b3 t", "s2", "f b"]):
            store.add_move(game, seq, "human", text, None)
        store.release(game)
    store.close()
    moves_page_garbled(path)


def test_a_damaged_file_goes_back_when_its_new_file_cannot_be_filled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / FILE
    _garbled_with_games(path)
    damaged = path.read_bytes()

    def full(*args: Any, **kwargs: Any) -> Any:
        raise sqlite3.OperationalError("database or disk is full")

    with monkeypatch.context() as patch:
        patch.setattr("companion.saves.salvage.salvage", full)
        with pytest.raises(StoreError) as refused:
            Store(path)
    assert str(refused.value).startswith("the saved-games file is damaged (")
    assert "the disk is full: free some space; it was left where it was, to be read back then" in str(
        refused.value
    )
    assert path.read_bytes() == damaged and not list(tmp_path.glob("companion.damaged-*"))
    again = Store(path)  # room again: read back
    assert [r.label for r in again.all()] == ["game 1", "game 2"]
    assert again.notices and "moved to" in again.notices[0]


def test_a_game_open_in_a_window_stays_open_there_when_its_damaged_file_is_read_back(tmp_path: Path) -> None:
    path = tmp_path / FILE
    with OtherWindow(path) as first:  # a running window with game #1 open
        game = first("create", "propuh", {"solo": True}, ["human", "automaton"], 3, "open")
        first("add_move", game, 0, "human", "b3 t", None)
        first("close")
        moves_page_garbled(path)
        second = Store(path)  # moves the file aside and reads it back
        assert second.started_anew
        with pytest.raises(GameLocked):
            second.hold(game)


def test_windows_opening_the_file_at_one_moment_take_turns(home: Path) -> None:
    from companion.saves.file import turn

    home.mkdir(parents=True, exist_ok=True)
    path = home / FILE
    with turn(path, 5.0):  # this window is preparing the file
        other = subprocess.Popen(
            [sys.executable, "-m", "companion", "history"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=cli_env(home),
        )
        time.sleep(1.5)
        assert other.poll() is None  # it waits for its turn
    out, err = other.communicate(timeout=60)
    assert other.returncode == 0 and "No games yet" in out and err == ""


def test_a_game_read_back_in_part_says_so_on_resume_and_in_history(home: Path) -> None:
    path = home / FILE
    run = run_cli(
        home, ["play", "propuh", "--solo", "--difficulty", "1", "--seed", "5"], ["b3 t", "s2", "quit"]
    )
    assert run.returncode == 0
    db = sqlite3.connect(path)
    db.execute("DELETE FROM moves WHERE seq >= 1")  # as if the damage had taken every input after the first
    db.execute(
        'UPDATE sessions SET options = json_set(options, \'$.read_back\', json(\'{"inputs": 1, "file": '
        '"companion.damaged-x.sqlite3"}\'))'
    )
    db.commit()
    db.close()
    history = run_cli(home, ["history"])
    assert "unfinished, read back in part" in history.stdout
    resumed = run_cli(home, ["resume"], ["quit"])
    said = " ".join(resumed.stdout.split())
    assert (
        "Game #1 came back from a damaged saved-games file with its first 1 saved move only (the rest stays in "
        "companion.damaged-x.sqlite3): if the table is further on, put it back as the board shows, or end the "
        "game with"
    ) in said
    again = run_cli(home, ["resume"], ["s2", "quit"])
    assert "came back from a damaged" in again.stdout
    assert "came back from a damaged" not in run_cli(home, ["resume"], ["quit"]).stdout  # typed on since
    assert "read back in part" not in run_cli(home, ["history"]).stdout


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "en",
            "Game #1 came back from a damaged saved-games file with none of its saved moves (they stay in ",
        ),
        (
            "fr",
            "La partie nº 1 est revenue d'un fichier de parties abîmé sans aucun de ses coups sauvegardés",
        ),
    ],
)
def test_a_game_read_back_with_none_of_its_moves_says_none_not_its_first_0(
    home: Path, lang: str, words: str
) -> None:
    """A trial overwrote the middle of the file: the game came back 'with its first 0 saved moves only' (in
    French, 'son premier coup sauvegardé seulement (0)')."""
    path = home / FILE
    run = run_cli(home, ["play", "propuh", "--solo", "--difficulty", "1", "--seed", "5"], ["b3 t", "quit"])
    assert run.returncode == 0
    db = sqlite3.connect(path)
    db.execute("DELETE FROM moves")
    db.execute(
        'UPDATE sessions SET options = json_set(options, \'$.read_back\', json(\'{"inputs": 0, "file": '
        '"companion.damaged-x.sqlite3"}\'))'
    )
    db.commit()
    db.close()
    said = " ".join(run_cli(home, ["resume", "--lang", lang], ["quit"]).stdout.split())
    assert words in said and "first 0" not in said and "(0)" not in said
