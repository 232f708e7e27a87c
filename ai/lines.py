"""Lines that fit 80 columns (or the screen's): items joined by a separator, broken only between items.

A terminal breaks a long line at any space, so a sum (``4 + 3 + 1``), a set of three (``-2 -2 -2``), a
player's cards (``Bot4 1 -2``) or a count of cards (``3 legal``) could be cut in two; here each item stays whole
on one line, and the lines after the first are indented. Shared by the games' status lines and score checks."""

from __future__ import annotations

import re
from collections.abc import Sequence

WIDTH = 80


def fit(items: Sequence[str], sep: str = " ", indent: str = "", width: int = WIDTH) -> str:
    """``items`` joined by ``sep`` in lines of at most ``width`` columns where an item fits, breaking only
    between items; a line after the first starts with ``indent``. An item longer than a line stays whole. An
    item's leading spaces (a wider gap before it) are dropped at the start of a line."""
    lines: list[str] = []
    line = ""
    for item in items:
        if not line:
            line = indent + item.lstrip() if lines else item
        elif len(line) + len(sep) + len(item) <= width:
            line += sep + item
        else:
            lines.append(line.rstrip())
            line = indent + item.lstrip()
    if line or not lines:
        lines.append(line)
    return "\n".join(lines)


def between(line: str, width: int = WIDTH, seps: Sequence[str] = (" · ",)) -> str:
    """``line`` as it is if it fits ``width``, else broken between its parts (split at the first of ``seps``,
    whose mark ends each line but the last: `` ·``, ``,``), a part still too long at the next of ``seps``, at
    last between its words (never at a no-break space, nor inside a short run of cards: :data:`CARDS`), each
    line after the first indented two spaces more than ``line``. A word longer than a line stays whole."""
    if len(line) <= width:
        return line
    lead = line[: len(line) - len(line.lstrip(" "))]
    indent = lead + "  "
    items = _items(line[len(lead) :], width - len(indent), tuple(seps))
    items[0] = lead + items[0]
    return fit(items, indent=indent, width=width)


def _items(text: str, room: int, seps: tuple[str, ...]) -> list[str]:
    if len(text) <= room:
        return [text]
    if not seps:
        return [word.replace(JOINED, " ") for word in held(text, room // 2).split(" ") if word]
    sep, rest = seps[0], seps[1:]
    parts = text.split(sep)
    out: list[str] = []
    for k, part in enumerate(parts):
        out += _items(part + sep.rstrip() if k < len(parts) - 1 else part, room, rest)
    return out


def held(text: str, longest: int) -> str:
    """``text`` with the spaces inside each run of :data:`CARDS` of at most ``longest`` characters made
    :data:`JOINED`, which no wrap breaks at (a longer run, a whole deck listed, may break), and the space before
    a dash too: a line never starts with a dash, which reads as a list's item (``1`` / ``— слева``)."""
    text = CARDS.sub(lambda run: run[0].replace(" ", JOINED) if len(run[0]) <= longest else run[0], text)
    return _DASH.sub(JOINED, text)


#: Two or more cards or numbers in a row, each a word of up to 3 characters with a digit in it (``-2``,
#: ``p14``, ``b3``, ``4g``; a comma ends a run), one space apart, and the word after them (``b3 t``, ``c3 ne``,
#: ``2 leave``, ``1 lieutenant``): a break inside would read as two inputs, or part a count from its card; and
#: a word with the number that ends a clause after it (``mansion 1.``, ``inspector 5,000)``, ``Bed 2`` last).
_CARD = r"[^\s,]{0,2}\d[^\s,]{0,2}"
_WORD = r"[^\W\d_]{1,12}"
_RUN = rf"{_CARD}(?:(?: {_CARD})+(?: {_WORD})?| {_WORD})[^\w\s]{{0,2}}(?!\S)"
_LAST = rf"[^\w\s]?{_WORD} [+\-−]?\d[\d,.\u00a0]*(?:[^\w\s]{{1,2}}(?!\S)|$)"
CARDS = re.compile(rf"(?<!\S)(?:{_RUN}|{_LAST})")
#: The space before a dash that stands as a word (``1 — слева``, ``14 — This round``).
_DASH = re.compile(r" (?=[—–](?:\s|$))")
#: What holds a run of cards together while it is wrapped: a character that is not a space to a wrap.
JOINED = "\x1f"
