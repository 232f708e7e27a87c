"""Output on a stream whose encoding lacks some of the characters the tool prints (a Windows code page when the
output goes to a file, e.g. ``PYTHONIOENCODING=cp1252``, which lacks the minus sign U+2212). Those characters are written as their nearest plain form instead, a letter with an accent as its
letter, and anything else unencodable as ``?``: the line is still read, never lost. And a dumb terminal
(``TERM=dumb``), which takes no control sequences and whose size rich does not read: both read before anything is
printed, at every start."""

from __future__ import annotations

import codecs
import os
import sys

#: The tool's own non-ASCII characters and what stands in for them.
PLAIN = {
    "−": "-",
    "·": "|",
    "×": "x",
    "→": "->",
    "←": "<-",
    "✗": "x",
    "✓": "v",
    "…": "...",
    "◀": "<",
    "♟": "*",
    "↔": "<->",
    "≤": "<=",
    "≥": ">=",
    "µ": "u",
    "–": "-",
    "—": "-",
    "«": '"',
    "»": '"',
    "“": '"',
    "”": '"',
    "‘": "'",
    "’": "'",
    "\u00a0": " ",
    "\u202f": " ",
}

HANDLER = "companion-plain"


def _plain(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    bad = error.object[error.start : error.end]
    return "".join(_plain_char(c) for c in bad), error.end


def _plain_char(char: str) -> str:
    """A character in its plain form: ours from ``PLAIN``, a letter with an accent as its letter (French on an
    ASCII screen: ``é`` as ``e``, one column as before, so a table keeps its columns), anything else ``?``."""
    if char in PLAIN:
        return PLAIN[char]
    import unicodedata  # only on a screen that lacks a character: not on every start

    base = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode("ascii")
    return base if len(base) == 1 else "?"


codecs.register_error(HANDLER, _plain)


def plain_fallback() -> None:
    """Let standard output and error write what their encoding lacks in its plain form (``PLAIN``)."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        encoding = getattr(stream, "encoding", None) or "ascii"
        if reconfigure is not None and codecs.lookup(encoding).name != "utf-8":
            reconfigure(errors=HANDLER)


def dumb() -> bool:
    """Whether the terminal says it knows no control sequences (``TERM=dumb``, as rich reads it): there the
    tool writes none, which would show as text."""
    return os.environ.get("TERM", "").lower() in ("dumb", "unknown")


def dumb_size() -> None:
    """At a dumb terminal rich lays everything out for 80 columns and 25 rows, whatever its size, unless
    ``COLUMNS`` and ``LINES`` both say otherwise: where they do not, they are set to the terminal's own size (at
    40 columns the lines laid out for 80 would be cut by the terminal inside words)."""
    if not dumb():
        return
    columns, lines = 0, 0
    for stream in (sys.stdout, sys.stderr):
        try:
            columns, lines = os.get_terminal_size(stream.fileno())
        except (AttributeError, OSError, ValueError):
            continue
        break
    if columns > 0:
        os.environ.setdefault("COLUMNS", str(columns))
    os.environ.setdefault("LINES", str(lines if lines > 0 else 25))
