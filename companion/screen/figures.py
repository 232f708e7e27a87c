"""A table of figures on a screen of any width: a rich table where it fits, else a row a line (its first cell,
then each other column's name and value), wrapped between those parts, so no figure is ever cut ("100.…" at 40
columns) nor parted from its column's name."""

from __future__ import annotations

import textwrap
from typing import Any

#: Between the words of one part: the lines are wrapped between parts, never inside a figure ("5.9 / 9.3").
_KEEP = "\u00a0"


def fits(console: Any, table: Any) -> bool:
    """Whether ``table`` (a ``rich.table.Table``) at its widest fits ``console``'s width: no cell is cut."""
    return bool(console.measure(table, options=console.options.update_width(10_000)).maximum <= console.width)


def print_table(console: Any, table: Any) -> None:
    """``table`` (a ``rich.table.Table``) on ``console`` as a table when its widest form fits, else as lines."""
    from rich.text import Text

    if fits(console, table):
        console.print(table)
        return
    width = max(console.width, 20)
    if table.title:
        for line in textwrap.wrap(str(table.title), width):
            console.print(Text(line))
    columns = table.columns
    for cells in zip(*(list(column.cells) for column in columns), strict=True):
        first, *rest = (str(cell).strip() for cell in cells)
        parts = [
            first,
            *(f"{column.header} {cell}" for column, cell in zip(columns[1:], rest, strict=True) if cell),
        ]
        # textwrap breaks at ASCII spaces only: a column's name and its figure stay on one line
        kept = " · ".join(part.replace(" ", _KEEP) for part in parts if part)
        for line in textwrap.wrap(kept, width, subsequent_indent="  ", break_long_words=False):
            line = line.replace(_KEEP, " ")
            # a part wider than the screen: broken between its own words, never inside one
            for piece in textwrap.wrap(line, width, subsequent_indent="  ", break_long_words=False) or [line]:
                console.print(Text(piece))
