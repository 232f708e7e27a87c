"""What a damaged saved-games file still holds, read back into the new one.

A damaged file is moved aside unchanged (``companion.storefile``); this reads it (read-only, never writing to it)
row by row and copies every game it can read into the new file, with its inputs from the first up to the first
one it cannot read, so ``history`` still lists them and ``resume`` continues them from there. Games keep their
numbers. Nothing is guessed: a row SQLite cannot read is left behind.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

COLUMNS = "id, game, config, seats, seed, options, label, created, updated, status, winner, reason, summary"
#: Where a damaged table cannot even list its rows, game numbers are tried one by one up to this.
PROBE_IDS = 2000
#: And a game's inputs up to this many.
PROBE_MOVES = 5000


def salvage(
    damaged: Path, into: sqlite3.Connection, text: Callable[[bytes], str], skip: Collection[int] = ()
) -> tuple[int, int]:
    """Copy what ``damaged`` still holds into ``into`` (one transaction) but the games numbered in ``skip``
    (open in this window: it writes them whole itself); returns (games read back, inputs). A game already in
    ``into`` under its number is left as it is there: read back twice, it is listed once."""
    try:
        source = sqlite3.connect(f"{damaged.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return 0, 0
    source.text_factory = text
    try:
        games = _games(source)
        copied = moves = 0
        with into:
            for row in games:
                if not isinstance(row[0], int) or row[0] in skip:
                    continue
                added = into.execute(
                    f"INSERT OR IGNORE INTO sessions ({COLUMNS}) VALUES ({', '.join('?' * 13)})", row
                )
                if added.rowcount != 1:
                    continue
                kept = _moves(source, row[0])
                into.executemany(
                    "INSERT OR IGNORE INTO moves (session_id, seq, actor, text, reason) VALUES (?, ?, ?, ?, ?)",
                    [(row[0], *move) for move in kept],
                )
                copied += 1
                moves += len(kept)
        return copied, moves
    except (sqlite3.Error, UnicodeDecodeError, ValueError):
        return 0, 0
    finally:
        source.close()


def _query(source: sqlite3.Connection, sql: str, args: tuple[Any, ...] = ()) -> list[Any] | None:
    """The rows, or ``None`` where the damage stops SQLite reading them."""
    try:
        return source.execute(sql, args).fetchall()
    except (sqlite3.DatabaseError, UnicodeDecodeError):
        return None


def _games(source: sqlite3.Connection) -> list[tuple[Any, ...]]:
    listed = _query(source, f"SELECT {COLUMNS} FROM sessions ORDER BY id")
    if listed is not None:
        return listed
    found = []
    for number in range(1, PROBE_IDS + 1):
        found.extend(_query(source, f"SELECT {COLUMNS} FROM sessions WHERE id = ?", (number,)) or [])
    return found


def _moves(source: sqlite3.Connection, game: int) -> list[tuple[Any, ...]]:
    """The game's inputs from the first, contiguous, up to the first that cannot be read."""
    sql = "SELECT seq, actor, text, reason FROM moves WHERE session_id = ?"
    rows = _query(source, sql + " ORDER BY seq", (game,))
    if rows is None:
        rows = []
        for seq in range(PROBE_MOVES):
            one = _query(source, sql + " AND seq = ?", (game, seq))
            if not one:
                break
            rows.extend(one)
    kept = []
    for expected, row in enumerate(rows):
        if row[0] != expected:
            break
        kept.append(row)
    return kept
