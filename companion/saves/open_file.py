"""The open saved-games file: its one connection, its write transactions, and the games open in this window,
kept as saved so that none is lost when the file fails under them.

Each write is one transaction, taken at once (``BEGIN IMMEDIATE``): it commits whole or not at all. Inside it,
after the write, the game it touched is read back (its record and every input) and kept in memory once the
transaction commits: the window always holds what the file holds of its own games.

Rulings:

- When SQLite finds the file damaged during a write, the file is moved aside as the start-up check moves a
  damaged file (``companion.saves.file``: the same notice, the other games it still holds read back into the new
  one), the games open in this window are written into the new file whole (record, seats, seed, options and
  every input), and the write is tried once more, in the same transaction as that copy: the input just typed is
  saved with its game or not at all. One notice says so and the session goes on.
- Before each write the file is checked to be the one opened: a file another window moved aside, or that a
  person replaced or deleted meanwhile, gets the games open here written whole into the file now at its path
  (checked first, as at start-up): a game another window read back from a damaged file is replaced by the
  whole one, never listed twice.
- If that second file fails too, the line says so and promises nothing (no ``resume`` of a game that is not
  there); a fault that passes (a full disk) leaves the games still to be written in memory, and the next write
  tries again, the copy first.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from ai.words import tr, trn
from companion.errors import Notice, StoreError, Unsaved
from companion.saves import locks
from companion.saves.columns import COLUMNS, MOVE_COLUMNS
from companion.saves.file import connect, damaged, identity, read_only, start_anew, translate

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Kept:
    """A game as saved: its ``sessions`` row and its inputs (``MOVE_COLUMNS``)."""

    row: tuple[Any, ...]
    moves: tuple[tuple[Any, ...], ...]

    @property
    def id(self) -> int:
        return int(self.row[0])

    @property
    def identity(self) -> tuple[Any, ...]:
        """What the game was started with (``locks.IDENTITY``): which game it is, whatever its number."""
        return tuple(self.row[i] for i in (1, 2, 3, 4, 7))


def read_game(db: sqlite3.Connection, session_id: int) -> Kept | None:
    row = db.execute(f"SELECT {COLUMNS} FROM sessions WHERE id = ?", (session_id,)).fetchone()
    if row is None:
        return None
    moves = db.execute(
        f"SELECT {MOVE_COLUMNS} FROM moves WHERE session_id = ? ORDER BY seq", (session_id,)
    ).fetchall()
    return Kept(tuple(row), tuple(map(tuple, moves)))


def write_game(db: sqlite3.Connection, kept: Kept) -> int:
    """``kept`` whole, and the number it has there: its own, replacing what is there when that is this very
    game (a copy read back from a damaged file); a new one when the file has another game under it."""
    there = db.execute(f"SELECT {locks.IDENTITY} FROM sessions WHERE id = ?", (kept.id,)).fetchone()
    number = kept.id
    if there is None or tuple(there) == kept.identity:
        db.execute("DELETE FROM moves WHERE session_id = ?", (kept.id,))
        db.execute(f"INSERT OR REPLACE INTO sessions ({COLUMNS}) VALUES ({', '.join('?' * 13)})", kept.row)
    else:
        columns = COLUMNS.removeprefix("id, ")
        cursor = db.execute(f"INSERT INTO sessions ({columns}) VALUES ({', '.join('?' * 12)})", kept.row[1:])
        assert cursor.lastrowid is not None
        number = cursor.lastrowid
    db.executemany(
        f"INSERT INTO moves (session_id, {MOVE_COLUMNS}) VALUES ({', '.join('?' * 6)})",
        [(number, *move) for move in kept.moves],
    )
    return number


class SavedFile:
    """One connection to the saved-games file at ``path`` and the games this window keeps."""

    def __init__(self, path: Path, db: sqlite3.Connection, readonly: bool, timeout: float) -> None:
        self.path, self.db, self.readonly, self.timeout = path, db, readonly, timeout
        self.on_disk = str(path) != ":memory:"
        self.opened = identity(path) if self.on_disk else None
        #: The games open in this window, as saved.
        self.kept: dict[int, Kept] = {}
        #: Kept games the file at ``path`` does not hold yet (it was started anew): written with the next write.
        self.unwritten: set[int] = set()
        #: Said once the next write has put the kept games into the new file.
        self.pending: list[str] = []
        #: What the person is told about the file (a damaged one moved aside) and not yet told.
        self.notices: list[str] = []
        #: A kept game's number in the file now, where writing it whole there gave it another (``number``).
        self.numbers: dict[int, int] = {}
        #: The game locks the write under way took (let go again if it fails).
        self.taken: list[Path] = []
        self._say: Callable[[str], None] = self.notices.append

    def on_notice(self, say: Callable[[str], None]) -> None:
        """From now on each notice is said the moment it is made (a file replaced during a session)."""
        for text in self.notices:
            say(text)
        self.notices.clear()
        self._say = say

    def close(self) -> None:
        self.db.close()

    def notice(self, text: str) -> None:
        self._say(text)

    def number(self, session_id: int) -> int:
        """The number game ``session_id`` (as this window opened it) has in the file now."""
        return self.numbers.get(session_id, session_id)

    def lock(self, db: sqlite3.Connection, number: int, refused: str) -> None:
        """Within a write: this window holds game ``number`` from now on (``companion.saves.locks``);
        :class:`GameLocked` (``refused``) if another running window has it open."""
        if self.on_disk:
            where = locks.of_game(db, self.path, number)
            if locks.take(where, number, refused):
                self.taken.append(where)

    def forget(self, session_id: int) -> None:
        self.kept.pop(self.number(session_id), None)
        self.unwritten.discard(self.number(session_id))

    def write(
        self,
        doing: str,
        body: Callable[[sqlite3.Connection], T],
        then: str = "",
        again: str | None = None,
        game: int | None = None,
        keep: bool = False,
    ) -> T:
        """``body`` in one transaction; ``game`` (or the number ``body`` returns), if kept or to ``keep`` from
        now on (it is open in this window), is read back in it and kept.
        SQLite's errors become one :class:`StoreError` line (``then``: what is kept; ``again``: what to do
        after a fault that passes, :class:`Unsaved`)."""
        if self.readonly:
            raise StoreError(tr("could not {doing}: {why}", doing=doing, why=read_only(self.path)))
        if self.on_disk and identity(self.path) != self.opened:
            self._reopen(doing, tr("the saved-games file was moved, replaced or deleted meanwhile"))
        try:
            return self._attempt(body, game, keep)
        except sqlite3.Error as exc:
            if not (self.on_disk and damaged(exc)):
                raise translate(exc, self.path, doing, then, again) from exc
            damage = str(exc)
        self.db.close()
        try:
            self.db, self.pending = start_anew(self.path, self.timeout, damage, self.kept)
        except StoreError as exc:
            raise StoreError(
                tr(
                    "could not {doing}: {path} is damaged ({damage}), and {failed}",
                    doing=doing,
                    path=self.path,
                    damage=damage,
                    failed=exc,
                )
            ) from None
        self._started()
        return self._again(doing, body, game, keep, again)

    def _reopen(self, doing: str, why: str) -> None:
        """The file at ``path`` is not the one opened: the kept games go whole into the one there now."""
        self.db.close()
        try:
            self.db, readonly, self.pending = connect(self.path, self.timeout, self.kept)
        except StoreError as exc:
            raise StoreError(
                tr("could not {doing}: {why}, and {failed}", doing=doing, why=why, failed=exc)
            ) from None
        if readonly:
            raise StoreError(
                tr("could not {doing}: {why}, and the file there now is read-only", doing=doing, why=why)
            )
        self.pending.insert(0, why)
        self._started()

    def _started(self) -> None:
        self.opened = identity(self.path)
        self.unwritten |= set(self.kept)

    def _again(
        self,
        doing: str,
        body: Callable[[sqlite3.Connection], T],
        game: int | None,
        keep: bool,
        again: str | None,
    ) -> T:
        """The write once more, in the new file, after the kept games (the second and last try)."""
        try:
            return self._attempt(body, game, keep)
        except sqlite3.Error as exc:
            lost = ", ".join(f"#{sid}" for sid in sorted(self.unwritten))
            for text in self.pending:  # what happened to the file stays true, whatever happens next
                self.notice(text)
            self.pending = []
            error = translate(exc, self.path, doing, "", again)
            if isinstance(error, Unsaved):  # kept in memory: the next write tries again, the copy first
                raise error from exc
            raise StoreError(
                tr(
                    "could not {doing}: the saved-games file was damaged and moved aside, and the new one failed "
                    "too ({failed}): game {lost} is not saved in it",
                    doing=doing,
                    failed=exc,
                    lost=lost,
                )
            ) from exc

    def _attempt(self, body: Callable[[sqlite3.Connection], T], game: int | None, keep: bool) -> T:
        """``body`` (which reads each game's number through ``number``, as it runs) after the kept games the
        file does not hold yet, in one transaction."""
        db = self.db
        numbers = dict(self.numbers)
        self.taken = []
        db.execute("BEGIN IMMEDIATE")
        try:
            written = {sid: write_game(db, self.kept[sid]) for sid in sorted(self.unwritten)}
            for sid, number in written.items():
                self.lock(db, number, locks.open_elsewhere(number))
                if number != sid:  # every name this window has for the game now means the new number
                    self.numbers.update({old: number for old, now in self.numbers.items() if now == sid})
                    self.numbers[sid] = number
            result = body(db)
            touched = self.number(game) if game is not None else result
            kept = isinstance(touched, int) and (keep or touched in self.kept or touched in written.values())
            snapshot = read_game(db, touched) if isinstance(touched, int) and kept else None
            db.commit()
        except BaseException:
            if db.in_transaction:
                db.rollback()
            self.numbers = numbers
            for where in self.taken:
                locks.drop(where)
            raise
        for sid, number in written.items():
            if number != sid:
                moved = self.kept.pop(sid)
                locks.drop(locks.lock_file(self.path, sid, moved.identity))  # a number it no longer has
                self.kept[number] = Kept((number, *moved.row[1:]), moved.moves)
        if snapshot is not None:
            self.kept[snapshot.id] = snapshot
        self.unwritten.clear()
        if written or self.pending:
            games = "; ".join(
                trn(
                    "game #{id} was written into it whole ({n} saved move)",
                    "game #{id} was written into it whole ({n} saved moves)",
                    len(self.kept[number].moves),
                    id=sid,
                )
                if number == sid
                else trn(
                    "game #{id} was written into it whole as game #{number} ({n} saved move; the file has a game "
                    "#{id} of its own): it goes on as game #{number}",
                    "game #{id} was written into it whole as game #{number} ({n} saved moves; the file has a game "
                    "#{id} of its own): it goes on as game #{number}",
                    len(self.kept[number].moves),
                    id=sid,
                    number=number,
                )
                for sid, number in written.items()
            )
            whole = [
                {"game": sid, "now": number, "moves": len(self.kept[number].moves)}
                for sid, number in written.items()
            ]
            said = Notice(games, written_whole=whole) if games else None
            self.notice(Notice.joined([*self.pending, *([said] if said else [])]))
            self.pending = []
        return result
