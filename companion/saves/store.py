"""Where sessions live: one SQLite file under the user data directory (``COMPANION_HOME`` overrides it).

Every input is written and committed the moment it is accepted, so a killed terminal loses nothing; a session
is rebuilt by replaying its moves from the seed. The input that ends a game and the game's result are one
transaction: a kill can leave the game before that input or finished, never "playing" after its last move.
A game is open in one window at a time (a lock file per open game, ``companion.saves.locks``). Opening the file checks
it first (``companion.saves.file``); every SQLite error becomes a :class:`StoreError`, one line for the person;
a fault that passes (a full disk) is :class:`Unsaved`, and the session asks for the input again. The file's
connection, its transactions and the games open in this window (kept whole, so that a file damaged mid-game
is replaced without losing them) are ``companion.saves.open_file``.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ai.words import ptr, tr
from companion.errors import GameLocked, StoreError, Unsaved
from companion.messages import command_name
from companion.saves import locks
from companion.saves.columns import COLUMNS
from companion.saves.file import SCHEMA, connect, data_dir, default_path
from companion.saves.records import MAX_INT, UNREADABLE, MoveRecord, SavedGames, SessionRecord, parse_record
from companion.seats import HUMAN

__all__ = [
    "Finish",
    "GameLocked",
    "MoveRecord",
    "SessionRecord",
    "Store",
    "StoreError",
    "Unsaved",
    "data_dir",
]

#: How long a write waits for another program that holds the file before it gives up with one line.
BUSY_SECONDS = 5.0


@dataclass(frozen=True, slots=True)
class Finish:
    """A game's result, saved in the same transaction as the input that ended it."""

    winner: str
    reason: str
    summary: dict[str, Any] = field(default_factory=dict)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Store(SavedGames):
    """The saved games, changed: a game started, each input, an undo, its result; the window that holds it.
    Reading them is :class:`SavedGames`, the file itself :class:`~companion.saves.open_file.SavedFile`."""

    def __init__(self, path: Path | None = None, timeout: float | None = None) -> None:
        path = default_path() if path is None else path
        timeout = BUSY_SECONDS if timeout is None else timeout
        notices: list[str] = []
        if str(path) == ":memory:":
            db, readonly = sqlite3.connect(":memory:"), False
            db.executescript(SCHEMA)
        else:
            db, readonly, notices = connect(path, timeout)
        super().__init__(path, db, readonly, timeout)
        self.notices.extend(notices)
        #: A damaged file was moved aside as this opened it, and a new one started (its notice says what was
        #: read back): a list with no game then does not say there were none.
        self.started_anew = any("moved_to" in getattr(n, "facts", {}) for n in notices)
        #: The file was empty (0 bytes) as this opened it: emptied, or never written.
        self.emptied = any(getattr(n, "facts", {}).get("empty") for n in notices)

    # -- games --

    def create(
        self,
        game: str,
        config: dict[str, Any],
        seats: list[str],
        seed: int,
        label: str,
        options: dict[str, Any] | None = None,
    ) -> int:
        """A new game, open in this window (its lock is taken in the same transaction)."""
        if not 0 <= seed <= MAX_INT:
            raise ValueError(f"the seed must be between 0 and {MAX_INT}")
        now = _now()
        texts = (json.dumps(config), json.dumps(seats), seed, json.dumps(options or {}), label, now, now)

        def body(db: sqlite3.Connection) -> int:
            cursor = db.execute(
                "INSERT INTO sessions (game, config, seats, seed, options, label, created, updated)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (game, *texts),
            )
            assert cursor.lastrowid is not None
            self.lock(db, cursor.lastrowid, locks.open_elsewhere(cursor.lastrowid))
            return cursor.lastrowid

        return self.write(tr("start a new game"), body, keep=True)

    def add_move(
        self,
        session_id: int,
        seq: int,
        actor: str,
        text: str,
        reason: str | None,
        finish: Finish | None = None,
        typed: str | None = None,
    ) -> None:
        """Save one input (``text`` in the game's notation, ``typed`` as the person typed it); with ``finish``,
        the game's result in the same transaction. A fault that passes (a full disk) is :class:`Unsaved`: the
        input was not saved, and the session asks for it again."""

        def body(db: sqlite3.Connection) -> None:
            sid = self.number(session_id)  # as it runs: writing the kept games whole may renumber one
            self.lock(db, sid, locks.opened_meanwhile(sid))
            db.execute(
                "INSERT INTO moves (session_id, seq, actor, text, reason, typed) VALUES (?, ?, ?, ?, ?, ?)",
                (sid, seq, actor, text, reason, typed),
            )
            if finish is None:
                db.execute("UPDATE sessions SET updated = ? WHERE id = ?", (_now(), sid))
            else:
                self._finish(db, sid, finish)

        then = tr(
            "; the game is saved up to the input before: continue it with {command} resume {number}",
            command=command_name(),
            number=self.number(session_id),
        )
        if actor != HUMAN:  # a bot's move is not named: it may be a hidden card (a convoy laid face down)
            doing = tr("save the bot's move")
            again = tr("it was not played: press Enter to let the bot move again")
            self.write(doing, body, then, again, game=session_id)
            return
        said = typed if typed is not None else text  # as typed
        doing, again = (
            tr("save the input {input!r}", input=_short(said)),
            tr("it was not played: type it again"),
        )
        try:
            self.write(doing, body, then, again, game=session_id)
        except Unsaved as exc:
            exc.input = said
            raise

    def truncate(self, session_id: int, seq: int, remember: dict[str, dict[str, Any]] | None = None) -> None:
        """Forget the moves from ``seq`` on (an undo); a finished game becomes open again. ``remember``: entries
        merged into the game's options in the same transaction (``{key: {...}}``, each dict merged with what is
        there: the bot moves an undo took back, ``companion.table.entries``)."""

        def body(db: sqlite3.Connection) -> None:
            sid = self.number(session_id)
            self.lock(db, sid, locks.opened_meanwhile(sid))
            db.execute("DELETE FROM moves WHERE session_id = ? AND seq >= ?", (sid, seq))
            if remember:
                _merge_options(db, sid, remember)
            db.execute(
                "UPDATE sessions SET status = 'playing', winner = NULL, reason = NULL, updated = ?"
                " WHERE id = ?",
                (_now(), sid),
            )

        then = tr("; nothing was undone in game #{number}", number=self.number(session_id))
        self.write(
            tr("save the undo"), body, then, tr("nothing was undone: type undo again"), game=session_id
        )

    def finish(self, session_id: int, winner: str, reason: str, summary: dict[str, Any]) -> None:
        """Record the result of a game whose last saved input ended it."""
        self.write(
            tr("save the result"),
            lambda db: self._finish(db, self.number(session_id), Finish(winner, reason, summary)),
            game=session_id,
        )

    @staticmethod
    def _finish(db: sqlite3.Connection, session_id: int, finish: Finish) -> None:
        db.execute(
            "UPDATE sessions SET status = 'over', winner = ?, reason = ?, summary = ?, updated = ? WHERE id = ?",
            (finish.winner, finish.reason, json.dumps(finish.summary), _now(), session_id),
        )

    def abandon(self, session_id: int) -> SessionRecord:
        """End an unfinished game without a result: plain ``resume`` no longer offers it."""

        def body(db: sqlite3.Connection) -> SessionRecord:
            row = db.execute(f"SELECT {COLUMNS} FROM sessions WHERE id = ?", (session_id,)).fetchone()
            if row is None:
                raise StoreError(tr("no game #{number}", number=session_id))
            record = parse_record(row)
            if record.status not in ("playing", UNREADABLE):
                raise StoreError(
                    tr(
                        "game #{number} is {status} already",
                        number=session_id,
                        status=ptr("result", record.status),
                    )
                )
            self.lock(db, session_id, locks.open_elsewhere(session_id))
            db.execute(
                "UPDATE sessions SET status = 'abandoned', updated = ? WHERE id = ?", (_now(), session_id)
            )
            return record

        record = self.write(tr("abandon game #{number}", number=session_id), body)
        locks.release(self.path, session_id)
        return record

    def reopen(self, session_id: int) -> None:
        """An abandoned game resumed by its number is open again."""
        self.write(
            tr("reopen game #{number}", number=session_id),
            lambda db: db.execute(
                "UPDATE sessions SET status = 'playing', updated = ? WHERE id = ? AND status = 'abandoned'",
                (_now(), self.number(session_id)),
            ),
            game=session_id,
        )

    def set_option(self, session_id: int, key: str, value: Any) -> None:
        """One entry of the game's options set (``None``: removed), in its own transaction."""

        def body(db: sqlite3.Connection) -> None:
            sid = self.number(session_id)
            options = _options(db, sid)
            if options is None:  # a damaged record is left as it is
                return
            if value is None:
                options.pop(key, None)
            else:
                options[key] = value
            _save_options(db, sid, options)

        self.write(tr("save game #{number}", number=self.number(session_id)), body, game=session_id)

    # -- one window per game --

    def hold(self, session_id: int) -> None:
        """Open the game in this window; :class:`GameLocked` if another running window has it open."""
        self.write(
            tr("open game #{number}", number=session_id),
            lambda db: self.lock(db, self.number(session_id), locks.open_elsewhere(self.number(session_id))),
            game=session_id,
            keep=True,
        )

    def release(self, session_id: int) -> None:
        """This window closes the game and lets its lock go (a killed window's goes with its process). A file
        found damaged now, the game typed to the end is written whole into a new one, as on any write."""
        try:
            self.write(tr("close game #{number}", number=self.number(session_id)), lambda db: None)
        except StoreError as exc:  # the lock goes anyway
            # but the game the file lost could not be written again: say so
            if self.number(session_id) in self.unwritten:
                self.notice(str(exc))
        finally:
            locks.release(self.path, self.number(session_id))
            self.forget(session_id)


def _options(db: sqlite3.Connection, session_id: int) -> dict[str, Any] | None:
    """The game's options as saved; ``None`` where they are not a JSON object (a damaged record)."""
    row = db.execute("SELECT options FROM sessions WHERE id = ?", (session_id,)).fetchone()
    try:
        options = json.loads(row[0]) if row else {}
    except (TypeError, ValueError):
        return None
    return options if isinstance(options, dict) else None


def _save_options(db: sqlite3.Connection, session_id: int, options: dict[str, Any]) -> None:
    db.execute("UPDATE sessions SET options = ? WHERE id = ?", (json.dumps(options), session_id))


def _merge_options(db: sqlite3.Connection, session_id: int, remember: dict[str, dict[str, Any]]) -> None:
    options = _options(db, session_id) or {}
    for key, entries in remember.items():
        old = options.get(key)
        options[key] = {**(old if isinstance(old, dict) else {}), **entries}
    _save_options(db, session_id, options)


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:40] + "…"
