"""One window per game: a window holds a lock on each game it has open, for as long as it has it open — a file
beside the saved-games file, locked with ``filelock`` (``flock`` on POSIX, ``msvcrt.locking`` on Windows). The
system drops the lock when the process ends, however it ends (``kill -9``, a closed terminal), so a window that
is gone never keeps a game. The locks belong to the process: every store a window opens shares them.

A lock names the game by its number and what it was started with (game, setup, seats, seed, time started): a
game of the same number in a file replaced meanwhile is another game, and a game read back from a damaged file
into a new one is the same game.
"""

from __future__ import annotations

import contextlib
import hashlib
import sqlite3
from collections.abc import Sequence
from pathlib import Path

from filelock import FileLock, Timeout

from ai.words import tr
from companion.errors import GameLocked, StoreError

#: The columns that say which game a saved game is (``companion.saves.open_file.write_game`` judges by them too).
IDENTITY = "game, config, seats, seed, created"

#: The locks this process holds, by lock file.
_HELD: dict[Path, FileLock] = {}


def lock_file(path: Path, number: int, identity: Sequence[object] | None) -> Path:
    """The lock file of game ``number`` of the saved-games file ``path``, started as ``identity``."""
    digest = hashlib.sha256(repr(tuple(identity or ())).encode()).hexdigest()[:12]
    path = path.resolve()
    return path.with_name(f"{path.name}.game-{number}-{digest}.lock")


def of_game(db: sqlite3.Connection, path: Path, number: int) -> Path:
    row = db.execute(f"SELECT {IDENTITY} FROM sessions WHERE id = ?", (number,)).fetchone()
    return lock_file(path, number, row)


def open_elsewhere(number: int) -> str:
    return tr(
        "game #{number} is open in another window: continue it there, or quit it there first", number=number
    )


def opened_meanwhile(number: int) -> str:
    return tr(
        "game #{number} was opened in another window meanwhile: this input was not saved; continue the game there",
        number=number,
    )


def take(where: Path, number: int, refused: str) -> bool:
    """This window holds the lock ``where`` of game ``number`` (``True`` if it did not already);
    :class:`GameLocked` (``refused``) if another running window holds it."""
    if where in _HELD:
        return False
    lock = FileLock(where, thread_local=False)
    try:
        lock.acquire(blocking=False)
    except Timeout:
        raise GameLocked(refused) from None
    except OSError as exc:
        raise StoreError(
            tr(
                "could not open game #{number}: its lock beside the saved-games file could not be made ({why}): "
                "make {directory} writable, or set COMPANION_HOME to another directory",
                number=number,
                why=exc.strerror or exc,
                directory=where.parent,
            )
        ) from None
    _HELD[where] = lock
    return True


def drop(where: Path) -> None:
    """The lock ``where`` released, if this window holds it."""
    lock = _HELD.pop(where, None)
    if lock is not None:
        # removed while still held, so that a closed game leaves no file behind: a window that opened it
        # meanwhile finds its lock on a removed file and takes a new one (Windows removes it on release)
        with contextlib.suppress(OSError):
            where.unlink()
        lock.release()


def release(path: Path, number: int) -> None:
    """This window closes game ``number`` of ``path``: every lock it holds on that number is released."""
    path = path.resolve()
    prefix = f"{path.name}.game-{number}-"
    for where in [w for w in _HELD if w.parent == path.parent and w.name.startswith(prefix)]:
        drop(where)
