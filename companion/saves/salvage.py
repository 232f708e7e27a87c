"""What a damaged saved-games file still holds, read back into the new one.

A damaged file is moved aside unchanged (``companion.saves.file``); this reads it (read-only, never writing to it)
row by row and copies every game it can read into the new file, with its inputs from the first up to the first
one it cannot read, so ``history`` still lists them and ``resume`` continues them from there. Games keep their
numbers. Nothing is guessed: a row SQLite cannot read is left behind, and said to be (:class:`Salvaged`: the
games the file's list or its counter of game numbers names but that could not be read, the games read back
only in part), so that the note about the file never implies it held nothing more.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ai.words import tr, trn
from companion.saves.columns import COLUMNS, MOVE_COLUMNS, READ_BACK

#: Where a damaged table cannot even list its rows, game numbers are tried one by one up to this.
PROBE_IDS = 2000
#: And a game's inputs up to this many.
PROBE_MOVES = 5000


@dataclass(frozen=True, slots=True)
class Salvaged:
    """What was read back from a damaged file: games and inputs copied, and what was left behind in it."""

    games: int = 0
    inputs: int = 0
    #: Games the file held (its list of games, else its counter of numbers) that could not be read.
    unread: tuple[int, ...] = ()
    #: Games read back whose inputs could be read only in part (up to the first one that could not).
    cut: tuple[int, ...] = ()
    #: Whether it is known which games the file held (its list of games, else its counter of numbers, could
    #: be read); if not, some may be missing that ``unread`` cannot name.
    known: bool = True

    @property
    def whole(self) -> bool:
        """Everything the file held (but the games skipped) was read back."""
        return self.known and not self.unread and not self.cut

    def left_behind(self) -> str:
        """What could not be read, in a few words ("game #1", "part of the inputs of game #3")."""
        parts = []
        if self.unread:
            parts.append(
                trn("game {numbers}", "games {numbers}", len(self.unread), numbers=_numbers(self.unread))
            )
        elif not self.known:
            parts.append(tr("its list of games"))
        if self.cut:
            parts.append(
                trn(
                    "part of the inputs of game {numbers}",
                    "part of the inputs of games {numbers}",
                    len(self.cut),
                    numbers=_numbers(self.cut),
                )
            )
        return "; ".join(parts) or tr("part of it")


def _numbers(games: tuple[int, ...]) -> str:
    return ", ".join(f"#{game}" for game in games)


def salvage(
    damaged: Path, into: sqlite3.Connection, text: Callable[[bytes], str], skip: Collection[int] = ()
) -> Salvaged:
    """Copy what ``damaged`` still holds into ``into`` (one transaction) but the games numbered in ``skip``
    (open in this window: it writes them whole itself); returns what was read back and what was not. A game
    already in ``into`` under its number is left as it is there: read back twice, it is listed once."""
    try:
        source = sqlite3.connect(f"{damaged.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return Salvaged(known=False)
    source.text_factory = text
    try:
        # what cannot be read stays behind; what cannot be written (a full disk) raises: the caller puts the
        # damaged file back rather than leave its games out of sight
        games, listed, highest = _games(source)
        copied = moves = 0
        cut: list[int] = []
        with into:
            for row in games:
                if not isinstance(row[0], int) or row[0] in skip:
                    continue
                kept, whole = _moves(source, row[0])
                row = row if whole else _marked(row, len(kept), damaged.name)
                added = into.execute(
                    f"INSERT OR IGNORE INTO sessions ({COLUMNS}) VALUES ({', '.join('?' * 13)})", row
                )
                if added.rowcount != 1:
                    continue
                into.executemany(
                    f"INSERT OR IGNORE INTO moves (session_id, {MOVE_COLUMNS}) VALUES ({', '.join('?' * 6)})",
                    [(row[0], *move) for move in kept],
                )
                copied += 1
                moves += len(kept)
                if not whole:
                    cut.append(row[0])
        found = {row[0] for row in games}
        unread = tuple(n for n in range(1, highest + 1) if n not in found and n not in skip)
        return Salvaged(copied, moves, unread, tuple(cut), listed or highest > 0)
    except (UnicodeDecodeError, ValueError):
        return Salvaged(known=False)
    finally:
        source.close()


def _marked(row: tuple[Any, ...], inputs: int, file: str) -> tuple[Any, ...]:
    """A game read back in part: its options say how many inputs came back and which file keeps the rest, so
    that ``resume`` and ``history`` can say the table may be ahead of the tool."""
    try:
        options = json.loads(row[5])
    except (TypeError, ValueError):
        return row
    if not isinstance(options, dict):
        return row
    options[READ_BACK] = {"inputs": inputs, "file": file}
    return (*row[:5], json.dumps(options), *row[6:])


def _query(source: sqlite3.Connection, sql: str, args: tuple[Any, ...] = ()) -> list[Any] | None:
    """The rows, or ``None`` where the damage stops SQLite reading them."""
    try:
        return source.execute(sql, args).fetchall()
    except (sqlite3.DatabaseError, UnicodeDecodeError):
        return None


def _games(source: sqlite3.Connection) -> tuple[list[tuple[Any, ...]], bool, int]:
    """The games' rows that can be read, whether the list itself could be read, and the highest number the
    file ever gave a game (its counter; 0 if that cannot be read either), by which a game never listed is
    missed aloud. Games are never deleted, so every number up to it was a game."""
    counter = _query(source, "SELECT seq FROM sqlite_sequence WHERE name = 'sessions'")
    highest = counter[0][0] if counter and isinstance(counter[0][0], int) else 0
    listed = _query(source, f"SELECT {COLUMNS} FROM sessions ORDER BY id")
    if listed is not None:
        numbers = [row[0] for row in listed if isinstance(row[0], int)]
        return listed, True, max([highest, *numbers])
    found = []
    for number in range(1, (min(highest, PROBE_IDS) if highest else PROBE_IDS) + 1):
        found.extend(_query(source, f"SELECT {COLUMNS} FROM sessions WHERE id = ?", (number,)) or [])
    return found, False, highest


def _moves(source: sqlite3.Connection, game: int) -> tuple[list[tuple[Any, ...]], bool]:
    """The game's inputs from the first, contiguous, up to the first that cannot be read; and whether that was
    all of them."""
    # a file from before schema version 2 has no ``typed``: its inputs come back without it
    older = "typed" not in {row[1] for row in _query(source, "PRAGMA table_info(moves)") or []}
    columns = MOVE_COLUMNS.replace("typed", "NULL") if older else MOVE_COLUMNS
    sql = f"SELECT {columns} FROM moves WHERE session_id = ?"
    rows = _query(source, sql + " ORDER BY seq", (game,))
    whole = rows is not None
    if rows is None:
        rows = []
        for seq in range(PROBE_MOVES):
            one = _query(source, sql + " AND seq = ?", (game, seq))
            if not one:
                whole = one is not None and _query(source, sql + " AND seq > ?", (game, seq)) == []
                break
            rows.extend(one)
    kept: list[tuple[Any, ...]] = []
    for expected, row in enumerate(rows):
        if row[0] != expected:
            return kept, False
        kept.append(row)
    return kept, whole
