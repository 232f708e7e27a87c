"""A saved game as the file holds it, read back: its record (``SessionRecord``) and its inputs
(``MoveRecord``). A record the file holds damaged is read as ``unreadable`` with its ``problem``, listed but
never resumed. Changing them is ``companion.saves.store``."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Any

from ai.words import tr
from companion.errors import StoreError
from companion.saves.columns import COLUMNS, MOVE_COLUMNS
from companion.saves.file import translate
from companion.saves.open_file import SavedFile

#: SQLite's integers: a game number or a seed outside this range cannot be saved (nor looked up).
MAX_INT = 2**63 - 1
#: Status of a record the store cannot read (broken JSON in it); it is listed, never resumed.
UNREADABLE = "unreadable"


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
    #: Why the record cannot be read (its status is then ``unreadable``); ``None`` for a sound record.
    problem: str | None = None


@dataclass(frozen=True, slots=True)
class MoveRecord:
    seq: int
    actor: str
    text: str
    reason: str | None
    #: A person's input as it was typed (``None`` for a bot's move, and in a file from before it was kept).
    typed: str | None = None


class SavedGames(SavedFile):
    """Reading the saved games: each game's record and its inputs."""

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        try:
            return self.db.execute(sql, args).fetchall()
        except sqlite3.Error as exc:
            raise translate(exc, self.path, tr("read the saved games")) from exc
        except UnicodeDecodeError as exc:  # a damaged name SQLite hands over undecoded
            raise StoreError(
                tr(
                    "could not read the saved games: {path} is damaged ({why}): move it away, or set "
                    "COMPANION_HOME to another directory",
                    path=self.path,
                    why=exc.reason,
                )
            ) from exc

    def _read_columns(self) -> set[str]:
        """The columns of ``moves`` in the file as it is."""
        return {str(row[1]) for row in self._read("PRAGMA table_info(moves)")}

    def moves(self, session_id: int) -> list[MoveRecord]:
        # a read-only file from before ``typed`` was kept is read as it is
        columns = MOVE_COLUMNS if "typed" in self._read_columns() else MOVE_COLUMNS.replace("typed", "NULL")
        rows = self._read(
            f"SELECT {columns} FROM moves WHERE session_id = ? ORDER BY seq",
            (session_id,),
        )
        return [MoveRecord(*row) for row in rows]

    def get(self, session_id: int) -> SessionRecord | None:
        """The game numbered ``session_id`` (``None`` if there is none); a record that cannot be read is
        returned with its ``problem``."""
        if not 0 < session_id <= MAX_INT:
            return None
        rows = self._read(f"SELECT {COLUMNS} FROM sessions WHERE id = ?", (session_id,))
        return parse_record(rows[0]) if rows else None

    def latest_open(self) -> SessionRecord | None:
        rows = self._read(
            f"SELECT {COLUMNS} FROM sessions WHERE status = 'playing' ORDER BY updated DESC, id DESC LIMIT 1"
        )
        return parse_record(rows[0]) if rows else None

    def all(self) -> list[SessionRecord]:
        """Every game, oldest first; one that cannot be read is listed with its ``problem``."""
        return [parse_record(row) for row in self._read(f"SELECT {COLUMNS} FROM sessions ORDER BY id")]


def _plain(value: Any) -> str:
    return value if isinstance(value, str) else "?"


def parse_record(row: tuple[Any, ...]) -> SessionRecord:
    sid, game, config, seats, seed, options, label, created, updated, status, winner, reason, summary = row
    parsed: dict[str, Any] = {}
    kinds = {"config": dict, "seats": list, "options": dict, "summary": dict}
    texts = {"config": config, "seats": seats, "options": options, "summary": summary or "{}"}
    problem = None if isinstance(seed, int) else tr("the seed is not a number")
    texts_ok = all(isinstance(v, str) for v in (game, label, created, updated, status))
    if not texts_ok or not all(v is None or isinstance(v, str) for v in (winner, reason)):
        problem = tr("a field is damaged")
    for name, text in texts.items():
        try:
            parsed[name] = json.loads(text)
        except (ValueError, TypeError):
            problem = problem or tr("its {name} is not valid JSON", name=name)
            continue
        if not isinstance(parsed[name], kinds[name]):
            problem = problem or (
                tr("its {name} is not a JSON object", name=name)
                if kinds[name] is dict
                else tr("its {name} is not a JSON list", name=name)
            )
    if problem is not None:
        return SessionRecord(
            id=sid,
            game=_plain(game),
            config={},
            seats=[],
            seed=0,
            options={},
            label=_plain(label),
            created=_plain(created),
            updated=_plain(updated),
            status=UNREADABLE,
            winner=None,
            reason=None,
            summary={},
            problem=problem,
        )
    return SessionRecord(
        id=sid,
        game=game,
        config=parsed["config"],
        seats=parsed["seats"],
        seed=seed,
        options=parsed["options"],
        label=label,
        created=created,
        updated=updated,
        status=status,
        winner=winner,
        reason=reason,
        summary=parsed["summary"],
    )
