"""Where sessions live: one SQLite file under the user data directory (``COMPANION_HOME`` overrides it).

Every input is written and committed the moment it is accepted, so a killed terminal loses nothing; a session
is rebuilt by replaying its moves from the seed.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    seats TEXT NOT NULL,
    seed INTEGER NOT NULL,
    options TEXT NOT NULL DEFAULT '{}',
    label TEXT NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'playing',
    winner TEXT,
    reason TEXT,
    summary TEXT
);
CREATE TABLE IF NOT EXISTS moves (
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    seq INTEGER NOT NULL,
    actor TEXT NOT NULL,
    text TEXT NOT NULL,
    reason TEXT,
    PRIMARY KEY (session_id, seq)
);
"""


def data_dir() -> Path:
    """``$COMPANION_HOME``, else the platform's user data directory plus ``companion``."""
    home = os.environ.get("COMPANION_HOME")
    if home:
        return Path(home).expanduser()
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "companion"


@dataclass(frozen=True, slots=True)
class SessionRecord:
    id: int
    game: str
    config: dict[str, Any]
    seats: list[str]
    seed: int
    options: dict[str, Any]
    label: str
    created: str
    updated: str
    status: str
    winner: str | None
    reason: str | None
    summary: dict[str, Any]


@dataclass(frozen=True, slots=True)
class MoveRecord:
    seq: int
    actor: str
    text: str
    reason: str | None


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Store:
    def __init__(self, path: Path | None = None) -> None:
        if path is None:
            directory = data_dir()
            directory.mkdir(parents=True, exist_ok=True)
            path = directory / "companion.sqlite3"
        self.path = path
        self.db = sqlite3.connect(path)
        self.db.executescript(SCHEMA)
        self.db.commit()

    def close(self) -> None:
        self.db.close()

    def create(
        self,
        game: str,
        config: dict[str, Any],
        seats: list[str],
        seed: int,
        label: str,
        options: dict[str, Any] | None = None,
    ) -> int:
        now = _now()
        cursor = self.db.execute(
            "INSERT INTO sessions (game, config, seats, seed, options, label, created, updated)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (game, json.dumps(config), json.dumps(seats), seed, json.dumps(options or {}), label, now, now),
        )
        self.db.commit()
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def add_move(self, session_id: int, seq: int, actor: str, text: str, reason: str | None) -> None:
        with self.db:
            self.db.execute(
                "INSERT INTO moves (session_id, seq, actor, text, reason) VALUES (?, ?, ?, ?, ?)",
                (session_id, seq, actor, text, reason),
            )
            self.db.execute("UPDATE sessions SET updated = ? WHERE id = ?", (_now(), session_id))

    def truncate(self, session_id: int, seq: int) -> None:
        """Forget the moves from ``seq`` on (an undo); a finished game becomes open again."""
        with self.db:
            self.db.execute("DELETE FROM moves WHERE session_id = ? AND seq >= ?", (session_id, seq))
            self.db.execute(
                "UPDATE sessions SET status = 'playing', winner = NULL, reason = NULL, updated = ?"
                " WHERE id = ?",
                (_now(), session_id),
            )

    def finish(self, session_id: int, winner: str, reason: str, summary: dict[str, Any]) -> None:
        with self.db:
            self.db.execute(
                "UPDATE sessions SET status = 'over', winner = ?, reason = ?, summary = ?, updated = ?"
                " WHERE id = ?",
                (winner, reason, json.dumps(summary), _now(), session_id),
            )

    def moves(self, session_id: int) -> list[MoveRecord]:
        rows = self.db.execute(
            "SELECT seq, actor, text, reason FROM moves WHERE session_id = ? ORDER BY seq", (session_id,)
        )
        return [MoveRecord(*row) for row in rows]

    def get(self, session_id: int) -> SessionRecord | None:
        row = self.db.execute(f"SELECT {_COLUMNS} FROM sessions WHERE id = ?", (session_id,)).fetchone()
        return None if row is None else _record(row)

    def latest_open(self) -> SessionRecord | None:
        row = self.db.execute(
            f"SELECT {_COLUMNS} FROM sessions WHERE status = 'playing' ORDER BY updated DESC, id DESC LIMIT 1"
        ).fetchone()
        return None if row is None else _record(row)

    def all(self) -> list[SessionRecord]:
        rows = self.db.execute(f"SELECT {_COLUMNS} FROM sessions ORDER BY id")
        return [_record(row) for row in rows]


_COLUMNS = "id, game, config, seats, seed, options, label, created, updated, status, winner, reason, summary"


def _record(row: tuple[Any, ...]) -> SessionRecord:
    sid, game, config, seats, seed, options, label, created, updated, status, winner, reason, summary = row
    return SessionRecord(
        id=sid,
        game=game,
        config=json.loads(config),
        seats=json.loads(seats),
        seed=seed,
        options=json.loads(options),
        label=label,
        created=created,
        updated=updated,
        status=status,
        winner=winner,
        reason=reason,
        summary=json.loads(summary) if summary else {},
    )
