"""One window per game: a row in ``locks`` names the process that has a game open (:class:`Owner`, its pid
and start time). A window takes the lock when it opens or saves a game; a lock whose process has ended (a
killed window, a zombie) is stale and taken over. These run inside the store's write transactions."""

from __future__ import annotations

import sqlite3

from companion.errors import GameLocked
from companion.saves.owner import Owner


def holder(db: sqlite3.Connection, session_id: int) -> Owner | None:
    row = db.execute("SELECT pid, started FROM locks WHERE session_id = ?", (session_id,)).fetchone()
    return None if row is None else Owner(int(row[0]), str(row[1]))


def take(db: sqlite3.Connection, session_id: int, owner: Owner) -> None:
    """``owner`` opens the game; :class:`GameLocked` if another running window has it open."""
    held = holder(db, session_id)
    if held is not None and held != owner and held.alive():
        raise GameLocked(
            f"game #{session_id} is open in another window (process {held.pid}): "
            "continue it there, or quit it there first"
        )
    db.execute(
        "INSERT OR REPLACE INTO locks (session_id, pid, started) VALUES (?, ?, ?)",
        (session_id, owner.pid, owner.started),
    )


def still_ours(db: sqlite3.Connection, session_id: int, owner: Owner) -> None:
    """Before a save: :class:`GameLocked` if another running window opened the game meanwhile (this input is
    not saved); a stale or missing lock is taken back."""
    held = holder(db, session_id)
    if held is not None and held != owner and held.alive():
        raise GameLocked(
            f"game #{session_id} was opened in another window meanwhile: this input was not saved; "
            "continue the game there"
        )
    if held != owner:
        take(db, session_id, owner)


def release(db: sqlite3.Connection, session_id: int, owner: Owner) -> None:
    """``owner`` closes the game (its own lock only)."""
    db.execute(
        "DELETE FROM locks WHERE session_id = ? AND pid = ? AND started = ?",
        (session_id, owner.pid, owner.started),
    )
