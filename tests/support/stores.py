"""Shared test support."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any

import pytest

from companion.errors import GameLocked, StoreError
from companion.saves import file as storefile
from companion.saves.store import Store, Unsaved
from tests.conftest import Run
from tests.support.sessions import play, script

FILE = storefile.FILE_NAME


def saved_game(home: Path, inputs: int = 3, seed: int = 1) -> Path:
    lines, _ = script(seed)
    run = play(home, seed, lines[:inputs])
    assert run.returncode == 0, run.stderr
    return home / FILE


def snapshot(path: Path) -> tuple[Any, ...]:
    """Everything saved: the games and their moves (read with plain SQLite, not through the store)."""
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return tuple(db.execute("SELECT * FROM sessions ORDER BY id")), tuple(
            db.execute("SELECT * FROM moves ORDER BY session_id, seq")
        )
    finally:
        db.close()


def one_line(run: Run, *words: str) -> str:
    assert run.returncode == 2, (run.returncode, run.stdout[-300:], run.stderr)
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), run.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def edit(path: Path, sql: str, *args: Any) -> None:
    db = sqlite3.connect(path)
    with db:
        db.execute(sql, args)
    db.close()


#: The program of another window (see ``OtherWindow``): it runs the store's methods sent to it, one JSON line
#: each, and answers each with one line: the result or the error, and what the window was told meanwhile.
_WINDOW = """
import json, sys
from pathlib import Path
from companion.saves.store import Store

store = Store(Path(sys.argv[1]))
store.db.execute("PRAGMA synchronous = OFF")
said = []
store.on_notice(said.append)
print("{}", flush=True)
for line in sys.stdin:
    name, args = json.loads(line)
    try:
        answer = {"result": getattr(store, name)(*args)}
    except Exception as exc:
        answer = {"error": type(exc).__name__, "line": str(exc)}
    answer["said"], said[:] = list(said), []
    print(json.dumps(answer, default=str), flush=True)
"""


class OtherWindow:
    """Another running window on the saved-games file ``path``: a process of its own, which holds the games it
    opens until it closes them or ends (``kill`` ends it as ``kill -9`` does). Calling it runs one method of
    its :class:`Store` there; ``said``: what it was told about the file."""

    def __init__(self, path: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _WINDOW, str(path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.said: list[str] = []
        self._answer()

    def __call__(self, method: str, *args: Any) -> Any:
        """The method's result there; a store's error there is raised here, of the same class."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps([method, args]) + "\n")
        self.proc.stdin.flush()
        answer = self._answer()
        if "error" in answer:
            kind = {"GameLocked": GameLocked, "StoreError": StoreError, "Unsaved": Unsaved}
            raise kind.get(answer["error"], RuntimeError)(answer["line"])
        return answer["result"]

    def _answer(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert line, f"the other window ended (exit status {self.proc.wait(timeout=30)})"
        answer: dict[str, Any] = json.loads(line)
        self.said.extend(answer.get("said", []))
        return answer

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait(timeout=30)

    def __enter__(self) -> OtherWindow:
        return self

    def __exit__(self, *exc: type[BaseException] | BaseException | TracebackType | None) -> None:
        self.kill()


def cut_short(path: Path) -> None:
    """As ``truncate -s 10000`` in another shell."""
    os.truncate(path, 10_000)


def moves_page_garbled(path: Path) -> None:
    """The page of the moves' index garbled (the games' table still reads): the file's change counter moved on,
    as any writer moves it, so that an open connection reads the page again."""
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    (root,) = db.execute(
        "SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_moves_1'"
    ).fetchone()
    size = db.execute("PRAGMA page_size").fetchone()[0]
    db.close()
    with path.open("r+b") as file:
        file.seek(24)
        counter = int.from_bytes(file.read(4), "big")
        file.seek(24)
        file.write((counter + 1).to_bytes(4, "big"))
        file.seek((root - 1) * size)
        file.write(b"\xa5" * size)


def before_save(monkeypatch: pytest.MonkeyPatch, number: int, fault: Callable[[Store], None]) -> None:
    """``fault`` happens to the file just before the ``number``-th input of the run is saved."""
    original = Store.add_move
    calls = 0

    def add_move(self: Store, *args: Any) -> None:
        nonlocal calls
        calls += 1
        if calls == number:
            fault(self)
        original(self, *args)

    monkeypatch.setattr(Store, "add_move", add_move)


def notes(run: Run, width: int = 100) -> list[str]:
    """The notes and errors on standard error, each whole: a note is wrapped at the screen's width (``COLUMNS``
    is 100 in ``run_cli``), at spaces only; with ``--json``, the note events in the stream ("note: " and its
    text)."""
    stream = run.stdout.lstrip().startswith("{")
    said: list[str] = [f"note: {event['text']}" for event in run.of("note")] if stream else []
    for line in run.stderr.splitlines():
        assert len(line) <= width or " " not in line.strip(), line
        if line.startswith(("note: ", "error: ")) or not said:
            said.append(line)
        else:
            said[-1] += " " + line.strip()
    return said
