"""The saved-games file itself: where it lives, the checks made before anything is written to it, and the one
line a person reads when the file cannot be used.

Rulings:

- A file that is not a readable SQLite database of ours — random bytes, a truncated copy, pages that fail
  ``PRAGMA quick_check`` — is *damaged*: it is renamed, byte for byte, to ``companion.damaged-<time>.sqlite3``
  beside it (nothing in it is changed, so it can still be rescued) and a new file is started, with one line
  saying so. A person at the table expects to go on playing; refusing would leave them no way to.
- A healthy SQLite file that is not ours (other tables, or a schema version from a newer ``companion``) is
  *foreign*: it belongs to someone else, so it is neither renamed nor written to; the command stops with one
  line saying what to do.
- Nothing is written before these checks pass: the schema is created only in a new file or in one of ours.
- Windows that open the file at one moment take turns at these checks (a ``filelock`` on a file beside it,
  ``companion.sqlite3.lock``), so that none reads another's half-made file as not ours, nor moves a damaged file
  aside twice. The schema is made in one transaction. Writers of the file itself take turns through SQLite's own
  locking (a write waits up to its timeout); a file swapped under a window is found before each write
  (``companion.saves.open_file``).
- A damaged file is moved back where it was when the new one cannot be made or filled (a full disk): the next
  run reads it back.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Collection, Iterator
from datetime import UTC, datetime
from pathlib import Path

from filelock import FileLock, Timeout

from ai.words import LANGS, current, tr, trn
from companion.errors import Notice, StoreError, Unsaved

FILE_NAME = "companion.sqlite3"
#: ``PRAGMA user_version`` of the file this code writes; 0 is version 1's tables before the version was set;
#: version 2 adds ``moves.typed`` (a person's input as typed; ``text`` is the game's notation, which replays).
SCHEMA_VERSION = 2
#: Versions this code reads and brings up to ``SCHEMA_VERSION`` (their columns added; nothing removed).
OLDER_VERSIONS = (0, 1)
HEADER = b"SQLite format 3\x00"

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
    typed TEXT,
    PRIMARY KEY (session_id, seq)
);
-- the windows' locks as older companions kept them (their process ids), made for them: this one locks each open
-- game with a file beside the saved-games file (companion.saves.locks)
CREATE TABLE IF NOT EXISTS locks (
    session_id INTEGER PRIMARY KEY,
    pid INTEGER NOT NULL,
    started TEXT NOT NULL
);
"""
OUR_TABLES = {"sessions", "moves", "locks", "sqlite_sequence"}
SESSION_COLUMNS = {
    "id", "game", "config", "seats", "seed", "options", "label", "created", "updated", "status", "winner",
    "reason", "summary",
}  # fmt: skip


class Damaged(Exception):
    """Raised inside the checks: the file is not a readable database of ours."""


def data_dir() -> Path:
    """``$COMPANION_HOME``, else the platform's user data directory for ``companion`` (platformdirs: the XDG
    data directory on Linux, Application Support on macOS, the local AppData on Windows)."""
    home = os.environ.get("COMPANION_HOME")
    if home:
        return Path(home).expanduser()
    from platformdirs import user_data_path

    return user_data_path("companion", appauthor=False)


def default_path() -> Path:
    """The saved-games file in :func:`data_dir`, the directory made if need be."""
    directory = data_dir()
    if directory.exists() and not directory.is_dir():
        raise StoreError(
            tr(
                "COMPANION_HOME ({directory}) is a file, not a directory: point COMPANION_HOME at a directory",
                directory=directory,
            )
            if os.environ.get("COMPANION_HOME")
            else tr(
                "the data directory ({directory}) is a file, not a directory: point COMPANION_HOME at a directory",
                directory=directory,
            )
        )
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(
            tr(
                "cannot make the directory for saved games ({directory}): {why}; set COMPANION_HOME to a "
                "directory you can write to",
                directory=directory,
                why=exc.strerror or exc,
            )
        ) from exc
    return directory / FILE_NAME


def read_only(path: Path) -> str:
    """Why ``path`` cannot be written, and what to do: the file, or the directory it is in (SQLite writes its
    journal beside the file: a read-only directory is named, not the file)."""
    if not os.access(path.parent, os.W_OK):
        return tr(
            "the directory {directory} is read-only (the saved-games file's journal is written beside it): "
            "make it writable, or set COMPANION_HOME to another directory",
            directory=path.parent,
        )
    return tr("{path} is read-only: make it writable, or set COMPANION_HOME to another directory", path=path)


def writable(path: Path) -> bool:
    """Whether the file (or, before it exists, its directory) may be written, journal included."""
    directory = path.parent
    if not os.access(directory, os.W_OK):
        return False
    return not path.exists() or os.access(path, os.W_OK)


@contextlib.contextmanager
def turn(path: Path, timeout: float) -> Iterator[None]:
    """This process's turn at the checks of ``path`` (a lock on a file beside it): another window checking,
    moving aside or preparing the file at the same moment waits for it (up to ``timeout``). Turns nest (a
    damaged file's new one is checked inside the turn that moved it aside). Where no lock file can be made (a
    read-only directory) nothing is written either, and no turn is needed."""
    lock = None
    if str(path) != ":memory:":
        lock = FileLock(path.with_name(path.name + ".lock"), thread_local=False, is_singleton=True)
        try:
            lock.acquire(timeout=timeout)
        except Timeout:
            raise StoreError(
                tr(
                    "could not open the saved-games file: another window is preparing it: try again in a moment"
                )
            ) from None
        except OSError:
            lock = None
    try:
        yield
    finally:
        if lock is not None:
            lock.release()


def connect(
    path: Path, timeout: float, keep: Collection[int] = ()
) -> tuple[sqlite3.Connection, bool, list[str]]:
    """A checked connection to ``path``, whether it is read-only, and notices for the person (a damaged file
    moved aside, with what it still holds read back but the games ``keep``, which the caller writes whole).
    Raises :class:`StoreError` for a file that must not be used."""
    with turn(path, timeout):
        return _connect(path, timeout, keep)


def _connect(
    path: Path, timeout: float, keep: Collection[int] = ()
) -> tuple[sqlite3.Connection, bool, list[str]]:
    moved: Path | None = None
    if path.is_dir():
        raise StoreError(
            tr(
                "the saved-games file {path} is a directory: move it away, or set COMPANION_HOME elsewhere",
                path=path,
            )
        )
    if path.exists() and not os.access(path, os.R_OK):  # SQLite would only say "unable to open database file"
        raise StoreError(
            tr(
                "the saved-games file {path} cannot be read (no permission): give yourself permission to read "
                "and write it, or set COMPANION_HOME to another directory",
                path=path,
            )
        )
    readonly = not writable(path)
    emptied = identity(path)
    if readonly and not path.exists():
        raise StoreError(
            tr(
                "cannot create the saved-games file in {directory} (not writable): make it writable, or set "
                "COMPANION_HOME to a directory you can write to",
                directory=path.parent,
            )
        )
    try:
        db = _open(path, timeout, readonly)
        try:
            _check(db, path)
        except BaseException:
            db.close()
            raise
    except Damaged as why:
        if readonly:
            if not os.access(path.parent, os.W_OK):  # it cannot be moved away either
                refused = tr(
                    "the saved-games file {path} is damaged ({why}) and its directory {directory} is read-only: "
                    "make it writable, or set COMPANION_HOME to another directory",
                    path=path,
                    why=said_damage(str(why)),
                    directory=path.parent,
                )
            else:
                refused = tr(
                    "the saved-games file {path} is damaged ({why}) and read-only: move it away, or set "
                    "COMPANION_HOME to another directory",
                    path=path,
                    why=said_damage(str(why)),
                )
            raise StoreError(refused) from None
        moved, damage = _move_aside(path), str(why)
        db, notice = _fresh(path, timeout, moved, damage, keep)
        return db, False, [notice]
    if not readonly and _version(db) != SCHEMA_VERSION:  # a new file, or one from before the version
        try:
            _prepare(db)
        except sqlite3.Error as exc:
            db.close()
            raise translate(exc, path, tr("prepare the saved-games file")) from exc
    if (
        emptied is not None and emptied[2] and not keep
    ):  # 0 bytes: emptied, or never written; under an open game (``keep``) the window already says the file changed under it
        said = tr("the saved-games file {path} was empty (0 bytes): it held no game to read back", path=path)
        return db, readonly, [Notice(said, empty=True)]
    return db, readonly, []


def _prepare(db: sqlite3.Connection) -> None:
    """The tables, an older file's new columns and the version, in one transaction: another program never sees
    half of them."""
    columns = move_columns(db)
    added = "ALTER TABLE moves ADD COLUMN typed TEXT;" if columns and "typed" not in columns else ""
    try:
        db.executescript(f"BEGIN IMMEDIATE;{SCHEMA}{added}PRAGMA user_version = {SCHEMA_VERSION};COMMIT;")
    except BaseException:
        if db.in_transaction:
            db.rollback()
        raise


def _fresh(
    path: Path, timeout: float, moved: Path, damage: str, keep: Collection[int]
) -> tuple[sqlite3.Connection, str]:
    """A new file at ``path`` for the damaged one ``moved`` aside, filled with what that still holds (but the
    games ``keep``); the notice. If it cannot be made or filled (a full disk), the damaged file goes back
    where it was, to be read back by the next run, and the line says so."""
    db: sqlite3.Connection | None = None
    try:
        db = _open(path, timeout, False)
        _prepare(db)
        return db, _read_back(moved, damage, db, keep)
    except (sqlite3.Error, StoreError) as exc:
        if db is not None:
            db.close()
        why = exc if isinstance(exc, StoreError) else translate(exc, path, tr("start a new saved-games file"))
        put_back = _put_back(moved, path)
        raise StoreError(
            tr(
                "the saved-games file is damaged ({damage}) and {why}; {put_back}",
                damage=said_damage(damage),
                why=why,
                put_back=put_back,
            )
        ) from None


def _put_back(moved: Path, path: Path) -> str:
    """The damaged file ``moved`` back at ``path`` (the new one there removed); what became of it, in words."""
    try:
        for suffix in ("", *SIDE_FILES):
            path.with_name(path.name + suffix).unlink(missing_ok=True)
        _rename(moved, path)
    except OSError:
        return tr("it stays at {moved}", moved=moved)
    return tr("it was left where it was, to be read back then")


def start_anew(
    path: Path, timeout: float, damage: str, keep: Collection[int]
) -> tuple[sqlite3.Connection, list[str]]:
    """The file SQLite found damaged while a game was open (``damage``: what it said) is moved aside as the
    start-up check moves it, and a new one started with what it still holds but the games ``keep`` (the window
    writes them whole). ``path`` is ours, already closed; raises :class:`StoreError` if this fails too."""
    with turn(path, timeout):
        if not writable(path):
            raise StoreError(
                tr(
                    "a new saved-games file could not be started in {directory} (not writable)",
                    directory=path.parent,
                )
            )
        moved = _move_aside(path)
        db, notice = _fresh(path, timeout, moved, damage, keep)
        return db, [notice]


def identity(path: Path) -> tuple[int, int, bool] | None:
    """Which file ``path`` is now (device, inode) and whether it is empty: another one if it was moved aside or
    replaced meanwhile, or emptied in place."""
    try:
        found = path.stat()
    except OSError:
        return None
    return found.st_dev, found.st_ino, found.st_size == 0


def _read_back(moved: Path, damage: str, db: sqlite3.Connection, keep: Collection[int]) -> str:
    """What the damaged file ``moved`` still holds, read back into ``db`` (but the games ``keep``); the notice.

    Ruling: when anything could not be read, the notice says how many games were read back (0 too) and that
    what could not be read stays in the moved file."""
    from companion.saves.salvage import salvage  # only a damaged file is read back

    found = salvage(moved, db, _text, skip=keep)
    games = (
        trn("{n} other game", "{n} other games", found.games)
        if keep
        else trn("{n} game", "{n} games", found.games)
    )
    if found.games:
        games = trn("{games} ({n} input)", "{games} ({n} inputs)", found.inputs, games=games)
    facts = {
        "damage": damage,
        "moved_to": str(moved),
        "games_read_back": found.games,
        "read_whole": found.whole,
    }
    if found.whole and found.games:
        return Notice(
            tr(
                "the saved-games file was damaged ({damage}); it was moved to {moved} and a new one started with "
                "the {games} it held",
                damage=said_damage(damage),
                moved=moved,
                games=games,
            ),
            **facts,
        )
    if found.whole:
        return Notice(
            tr(
                "the saved-games file was damaged ({damage}); it was moved to {moved} and a new one started",
                damage=said_damage(damage),
                moved=moved,
            ),
            **facts,
        )
    return Notice(
        tr(
            "the saved-games file was damaged ({damage}); it was moved to {moved} and a new one started with "
            "{games} read back from it; what could not be read ({left}) stays in the moved file",
            damage=said_damage(damage),
            moved=moved,
            games=games,
            left=found.left_behind(),
        ),
        **facts,
    )


def _open(path: Path, timeout: float, readonly: bool) -> sqlite3.Connection:
    try:
        if readonly:
            db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=timeout)
        else:
            db = sqlite3.connect(path, timeout=timeout)
    except sqlite3.Error as exc:
        raise translate(exc, path, tr("open the saved-games file")) from exc
    db.text_factory = _text
    return db


def _text(data: bytes) -> str:
    """Text as SQLite holds it; a damaged byte reads as U+FFFD (the record is then judged, not a crash)."""
    return data.decode("utf-8", "replace")


def _check(db: sqlite3.Connection, path: Path) -> None:
    """Damaged, foreign or too new: raise. Reads only."""
    if path.exists() and path.stat().st_size > 0:
        with path.open("rb") as file:
            if file.read(len(HEADER)) != HEADER:
                raise Damaged("not a database")
    try:
        problems = [row[0] for row in db.execute("PRAGMA quick_check")]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = {str(row[0]) for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        columns = {str(row[1]) for row in db.execute("PRAGMA table_info(sessions)")}
    except sqlite3.OperationalError as exc:
        if _name(exc) in ("SQLITE_CORRUPT", "SQLITE_NOTADB"):
            raise Damaged(str(exc)) from exc
        raise translate(exc, path, tr("read the saved-games file")) from exc
    except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
        raise Damaged(str(exc)) from exc
    if problems != ["ok"]:
        raise Damaged(
            trn("{n} problem found by quick_check", "{n} problems found by quick_check", len(problems))
        )
    if version > SCHEMA_VERSION:
        raise StoreError(
            tr(
                "the saved-games file {path} was written by a newer companion (schema {version}): update "
                "companion, or set COMPANION_HOME to another directory",
                path=path,
                version=version,
            )
        )
    ours = {"sessions", "moves"} <= tables and tables <= OUR_TABLES and columns == SESSION_COLUMNS
    if version == SCHEMA_VERSION and not ours:  # a file this code wrote, its tables changed since
        raise Damaged(tr("its tables are not as companion wrote them"))
    if (tables and not ours) or version not in (*OLDER_VERSIONS, SCHEMA_VERSION):
        raise StoreError(
            tr(
                "{path} is not a companion saved-games file (it holds {tables}); it was left as it is: move it "
                "away, or set COMPANION_HOME to another directory",
                path=path,
                tables=", ".join(sorted(tables)),
            )
            if tables
            else tr(
                "{path} is not a companion saved-games file (it holds no tables); it was left as it is: move it "
                "away, or set COMPANION_HOME to another directory",
                path=path,
            )
        )


def move_columns(db: sqlite3.Connection) -> set[str]:
    """The columns of the file's ``moves`` (none before it is made; an older file's lack ``typed``)."""
    return {str(row[1]) for row in db.execute("PRAGMA table_info(moves)")}


def _version(db: sqlite3.Connection) -> int:
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def _move_aside(path: Path) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
    target = path.with_name(f"companion.damaged-{stamp}.sqlite3")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"companion.damaged-{stamp}-{n}.sqlite3")
    try:
        _rename(path, target)
    except OSError as exc:
        raise StoreError(
            tr(
                "the saved-games file {path} is damaged and could not be moved aside ({why}): move it away "
                "yourself, or set COMPANION_HOME to another directory",
                path=path,
                why=exc.strerror or exc,
            )
        ) from exc
    return target


def moved_aside(path: Path) -> list[Path]:
    """The damaged files moved aside beside ``path``, the newest last."""
    return sorted(path.parent.glob("companion.damaged-*.sqlite3"), key=lambda p: p.stat().st_mtime)


#: SQLite's files beside a database, which go where it goes.
SIDE_FILES = ("-journal", "-wal", "-shm")


def _rename(source: Path, target: Path) -> None:
    """``source`` renamed ``target``, with its side files (a journal SQLite may still need)."""
    source.rename(target)
    for suffix in SIDE_FILES:
        extra = source.with_name(source.name + suffix)
        if extra.exists():
            extra.rename(target.with_name(target.name + suffix))


def _name(exc: sqlite3.Error) -> str:
    return str(getattr(exc, "sqlite_errorname", ""))


#: What SQLite says of a damaged file, as the table's language says it (the facts of a note keep SQLite's words).
_DAMAGE = (
    ("not a database", "not a database file"),
    ("malformed", "its contents are malformed"),
)


def said_damage(damage: str) -> str:
    """SQLite's words for a damaged file in the table's language, when they are known; else as SQLite wrote
    them (in English always: the note names the file's fault as SQLite does)."""
    if current() == LANGS[0]:
        return damage
    for words, said in _DAMAGE:
        if words in damage.lower():
            return tr(said)
    return damage


def damaged(exc: sqlite3.Error) -> bool:
    """SQLite says the file is damaged (not the disk, a lock or a permission)."""
    return _name(exc).startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB"))


def translate(
    exc: sqlite3.Error, path: Path, doing: str, then: str = "", again: str | None = None
) -> StoreError:
    """The one line for an SQLite error met while ``doing`` something (an infinitive clause in the table's
    language: "save the undo"); ``then`` says what is kept. With ``again`` (what the person does, "type it
    again"), a fault that passes — a full disk, a file another program holds, made read-only — is
    :class:`Unsaved`, saying when to do it instead of ``then``."""
    name = _name(exc)
    text = str(exc)
    when = None
    busy = False
    if name.startswith("SQLITE_FULL") or "disk is full" in text:
        why, when = tr("the disk is full: free some space"), tr("once there is space")
    elif name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text:
        why, when = (
            tr("another companion window (or another program) is writing to the saved-games file"),
            tr("in a moment"),
        )
        busy = True
    elif name == "SQLITE_IOERR_WRITE":  # a quota (EDQUOT) or a file-size limit (EFBIG); ENOSPC is SQLITE_FULL
        why, when = (
            tr("the disk refused the write (full, over a quota or a file-size limit): free some space"),
            tr("once there is space"),
        )
    elif name.startswith("SQLITE_READONLY") or "readonly" in text:
        why, when = read_only(path), tr("once it is writable")
    elif damaged(exc):
        why = tr(
            "{path} is damaged ({text}): run the command again to start a new file beside it",
            path=path,
            text=text,
        )
    elif isinstance(exc, sqlite3.IntegrityError):
        why = tr("the saved game was changed by another window meanwhile")
    else:
        why = f"{text} ({path})"
    if when is not None and again is not None:
        return Unsaved(
            tr("could not {doing}: {why}; {again} {when}", doing=doing, why=why, again=again, when=when)
        )
    if busy:
        why = tr("{why}: try again in a moment", why=why)
    return StoreError(tr("could not {doing}: {why}{then}", doing=doing, why=why, then=then))
