"""Issue 16: one window per game, and the input that ends a game saved with its result.

Two processes on one game: the second is told the game is open in another window; a killed window (kill -9)
does not keep the game locked. The ending input and the result are one transaction; a game saved by an older
companion with its ending input but without its result is finished by ``resume``.
"""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from ai.games import get
from companion.saves.store import Finish, GameLocked, Store, StoreError
from companion.table.session import TableSession
from tests.conftest import run_cli
from tests.support.sessions import SOLO_TABLE, Quiet, open_window, play, script
from tests.support.stores import (
    FILE,
    OtherWindow,
    one_line,
    snapshot,
)

GAME = get("propuh")


def test_a_second_window_is_told_and_changes_nothing(tmp_path: Path) -> None:
    first = Store(tmp_path / FILE)
    sid = first.create("propuh", {}, ["human", "automaton"], 1, "test")
    first.add_move(sid, 0, "human", "b3 t", None)
    with OtherWindow(first.path) as second:
        with pytest.raises(GameLocked, match=f"game #{sid} is open in another window"):
            second("hold", sid)
        # both at the same move, or one undoing while the other moves: refused, never merged
        with pytest.raises(GameLocked):
            second("add_move", sid, 1, "human", "s2", None)
        with pytest.raises(GameLocked):
            second("truncate", sid, 0)
        with pytest.raises(GameLocked):
            second("abandon", sid)
        assert [m.text for m in first.moves(sid)] == ["b3 t"]
        first.add_move(sid, 1, "human", "s2", None)
        first.release(sid)
        second("hold", sid)  # closed in the first window: the second may open it
        with pytest.raises(GameLocked):
            first.add_move(sid, 2, "human", "s3", None)
        second.kill()  # as kill -9: the system lets its lock go
    first.hold(sid)
    first.add_move(sid, 2, "human", "s3", None)
    assert [m.text for m in first.moves(sid)] == ["b3 t", "s2", "s3"]


def test_a_closed_game_leaves_no_lock_file_in_the_data_directory(tmp_path: Path) -> None:
    store = Store(tmp_path / FILE)
    games = [store.create("propuh", {}, ["human", "automaton"], seed, "test") for seed in (1, 2)]
    assert len(list(tmp_path.glob("*game*"))) == 2  # one per open game
    for game in games:
        store.release(game)
    assert not list(tmp_path.glob("*game*"))


def test_the_same_move_saved_twice_is_one_line_not_an_integrity_error(tmp_path: Path) -> None:
    store = Store(tmp_path / FILE)
    sid = store.create("propuh", {}, ["human", "automaton"], 1, "test")
    store.add_move(sid, 0, "human", "b3 t", None)
    with pytest.raises(StoreError, match="changed by another window"):
        store.add_move(sid, 0, "human", "b2 t", None)
    assert [m.text for m in store.moves(sid)] == ["b3 t"]


def test_two_processes_one_game_and_a_killed_window_does_not_lock_it(home: Path) -> None:
    lines, _ = script(5)
    play(home, 5, lines[:2])
    window = open_window(home, "resume", "1")
    try:
        before = snapshot(home / FILE)
        for args in (["resume", "1"], ["resume"], ["abandon", "1"]):
            one_line(run_cli(home, args, lines[2:3]), "game #1 is open in another window")
        (locked,) = run_cli(home, ["resume", "1", "--json"]).events  # refused, not a fault of the file
        assert locked["kind"] == "refused" and "open in another window" in locked["message"]
        assert snapshot(home / FILE) == before
    finally:
        os.kill(window.pid, signal.SIGKILL)
        window.wait(timeout=10)
    resumed = run_cli(home, ["resume", "--json"], lines[2:3])
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.of("resume")[0]["inputs"] >= 2


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process state from /proc")
def test_a_killed_window_not_yet_reaped_does_not_lock_it(home: Path) -> None:
    """A window killed from tmux ends at once, but its process lingers as a zombie until its parent (here the
    system's first process, which may be slow) collects it: ``resume`` typed at once is not refused for it."""
    lines, _ = script(5)
    play(home, 5, lines[:2])
    window = open_window(home, "resume", "1")
    try:
        os.kill(window.pid, signal.SIGKILL)
        # not reaped yet: this test is its parent and waits only afterwards
        for _ in range(200):
            with open(f"/proc/{window.pid}/stat", encoding="ascii") as stat:
                if stat.read().rpartition(")")[2].split()[0] == "Z":
                    break
            time.sleep(0.01)
        resumed = run_cli(home, ["resume", "--json"], lines[2:3])
        assert resumed.returncode == 0, resumed.stderr
        assert resumed.of("resume")[0]["inputs"] >= 2
    finally:
        window.wait(timeout=10)


# -- the input that ends the game and the result --


class FailingStore(Store):
    """A store whose write of the game-ending input fails (a kill, a full disk at that very moment)."""

    def add_move(self, *args: Any) -> None:
        if len(args) > 5 and args[5] is not None:
            raise StoreError("could not save the input: the disk is full")
        super().add_move(*args)


def _to_the_last_input(store: Store, seed: int) -> tuple[TableSession, str]:
    lines, _ = script(seed)
    session = TableSession.new(GAME, SOLO_TABLE, ["human", "automaton"], seed, "test", store, Quiet())
    session.play_bots()
    for line in lines[:-1]:
        assert session.human(line)
        session.play_bots()
    return session, lines[-1]


def test_the_ending_input_and_the_result_are_saved_together_or_not_at_all(tmp_path: Path) -> None:
    store = FailingStore(tmp_path / FILE)
    session, last = _to_the_last_input(store, 3)
    before, saved = session.state, store.moves(session.id)
    with pytest.raises(StoreError):
        session.human(last)
    assert session.state == before and store.moves(session.id) == saved
    record = store.get(session.id)
    assert record is not None and record.status == "playing"
    again = TableSession(GAME, record, Store(tmp_path / FILE), Quiet())
    assert again.human(last) and GAME.is_over(again.state)
    finished = store.get(session.id)
    assert finished is not None and finished.status == "over" and finished.winner


def test_resume_finishes_a_game_whose_last_input_ended_it(home: Path) -> None:
    """An older companion saved the ending input and the result in two transactions; killed between them, the
    game stayed "playing". ``resume`` records the result (and the solo win rate counts it)."""
    for seed in (1, 2):
        lines, final = script(seed)
        assert play(home, seed, lines).returncode == 0
    store = Store(home / FILE)
    with store.db:
        store.db.execute("UPDATE sessions SET status = 'playing', winner = NULL, reason = NULL WHERE id = 2")
    rates = json.loads(run_cli(home, ["history", "--json"]).stdout)["solo_win_rates"]
    assert sum(row["games"] for row in rates.values()) == 1
    run = run_cli(home, ["resume", "--json"], [])
    assert run.returncode == 0 and run.of("resume")[0]["session"] == 2
    data = json.loads(run_cli(home, ["history", "--json"]).stdout)
    assert [g["status"] for g in data["games"]] == ["over", "over"]
    assert data["games"][1]["reason"] == final.reason
    assert sum(row["games"] for row in data["solo_win_rates"].values()) == 2
    one_line(run_cli(home, ["resume"]), "no open game")


def test_finish_is_one_transaction_with_the_move(tmp_path: Path) -> None:
    store = Store(tmp_path / FILE)
    sid = store.create("propuh", {}, ["human", "automaton"], 1, "test")
    store.db.execute("PRAGMA query_only = ON")  # the write fails as a whole
    with pytest.raises(StoreError):
        store.add_move(sid, 0, "human", "b3 t", None, Finish("Granny", "all goals", {}))
    store.db.execute("PRAGMA query_only = OFF")
    record = store.get(sid)
    assert store.moves(sid) == [] and record is not None and record.status == "playing"
