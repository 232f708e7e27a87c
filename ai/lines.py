"""Lines that fit 80 columns (or the screen's): items joined by a separator, broken only between items.

A terminal breaks a long line at any space, so a sum (``4 + 3 + 1``), a set of three (``-2 -2 -2``), a
player's cards (``Bot4 1 -2``) or a count of cards (``3 legal``) could be cut in two; here each item stays whole
on one line, and the lines after the first are indented. Shared by the games' status lines and score checks."""

from __future__ import annotations

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


def between(line: str, width: int = WIDTH, sep: str = " · ") -> str:
    """``line`` as it is if it fits ``width``, else broken between its parts (split at ``sep``, whose mark ends
    each line but the last: `` ·``, ``,``), a part still too long between its words (never at a no-break
    space), each line after the first indented two spaces more than ``line``. A word longer than a line stays
    whole."""
    if len(line) <= width:
        return line
    lead = line[: len(line) - len(line.lstrip(" "))]
    indent = lead + "  "
    parts = line[len(lead) :].split(sep)
    items: list[str] = []
    for k, part in enumerate(parts):
        piece = part + sep.rstrip() if k < len(parts) - 1 else part
        items += [piece] if len(indent) + len(piece) <= width else piece.split(" ")
    items[0] = lead + items[0]
    return fit(items, indent=indent, width=width)
