"""A board that keeps to the screen: a table as a grid where it fits, else a line per row, and each line of text
broken between its parts with its rest indented.

A rich table narrower than its words cuts them short ("psyc…", "sco…"): on a phone beside the table, 40 to
60 columns, RIP's and Potra Bash's boards lost their headings and numbers. ``Grid`` holds the same cells and
prints them as a table where the table fits the width whole, else each row as one line of ``heading value``
pairs that wraps as text does (``Green: tokens 0M 0C · in play - · total 0 · …``). ``Board`` sets a board's
parts one under another and breaks each line of text wider than the screen itself, between its `` · `` parts
(a terminal's wrap starts the rest at the left edge, where it reads as a line of its own, and can part a
number from its word: "pile: 50⏎cards"). rich is imported only when a board is printed.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ai.lines import between
from ai.words import ptr

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, JustifyMethod
    from rich.table import Table
    from rich.text import Text

#: A cell: plain text, or a rich ``Text`` with its style (a family's colour).
Cell = Any


class Grid:
    """``rows`` under ``headings``, the first cell of each row its label. ``across``: each row printed as a
    column instead (RIP's ten mansions side by side, the headings down the left); ``justify``: how a heading's
    cells are set in the table (``"right"`` for numbers; across, ``"*"`` sets every row's column)."""

    def __init__(
        self,
        headings: Sequence[str],
        rows: Sequence[Sequence[Cell]],
        title: str | None = None,
        across: bool = False,
        justify: Mapping[str, JustifyMethod] | None = None,
    ) -> None:
        self.headings = list(headings)
        self.rows = [list(row) for row in rows]
        self.title = title
        self.across = across
        self.justify = dict(justify or {})

    def table(self) -> Table:
        from rich.table import Table

        table = Table(title=self.title, title_justify="left", pad_edge=False)
        if self.across:
            table.add_column(self.headings[0])
            for row in self.rows:
                table.add_column(row[0], justify=self.justify.get("*", "left"))
            for k, heading in enumerate(self.headings[1:], start=1):
                table.add_row(heading, *(row[k] for row in self.rows))
            return table
        for heading in self.headings:
            table.add_column(heading, justify=self.justify.get(heading, "left"))
        for row in self.rows:
            table.add_row(*row)
        return table

    def lines(self, width: int) -> list[Text]:
        """Each row as lines of at most ``width`` columns: its label, then ``heading value`` for every cell with
        something in it ("-" is nothing), broken only between two pairs, the lines after the first indented."""
        from rich.text import Text

        out = [Text(self.title, style="bold")] if self.title else []
        for row in self.rows:
            label = Text(f"{self.headings[0]} {_plain(row[0])}") if self.across else _text(row[0])
            items = [Text.assemble(label, ptr("after a label", ":"))]
            for heading, cell in zip(self.headings[1:], row[1:], strict=True):
                if _plain(cell).strip() not in ("", "-"):
                    items.append(Text.assemble(f"{heading} ", _text(cell)))
            line = items[0]
            for k, item in enumerate(items[1:]):
                sep = " " if k == 0 else " · "
                if line.cell_len + len(sep) + item.cell_len <= width:
                    line = Text.assemble(line, sep, item)
                    continue
                out.append(line)
                line = Text(INDENT)
                for piece in _pieces(
                    item, width - len(INDENT)
                ):  # too long for a line: broken, still indented
                    if line.cell_len > len(INDENT) and line.cell_len + 1 + piece.cell_len > width:
                        out.append(line)
                        line = Text(INDENT)
                    line = Text.assemble(line, " " if line.cell_len > len(INDENT) else "", piece)
            out.append(line)
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Any]:
        from rich.measure import Measurement

        table = self.table()
        # A table whose widest form fits is printed as it is, nothing wrapped or cut. Otherwise rich may cut a
        # word short when its columns cannot all shrink to fit ("Table/D…" at 40 columns) or wrap a cell over
        # lines, parting a count from its card ("1 legal, 1" / "illegal"): then the rows are printed as lines.
        widest = Measurement.get(console, options.update(max_width=ROOMY), table).maximum
        if widest <= options.max_width and not self._may_wrap_or_cut(options.max_width):
            yield table
            return
        drawn = console.render_lines(table, options, pad=False)
        roomy = console.render_lines(table, options.update(max_width=ROOMY), pad=False)
        if len(drawn) > len(roomy) or any(ELLIPSIS in segment.text for line in drawn for segment in line):
            yield from self.lines(options.max_width)
        else:
            yield table

    def _may_wrap_or_cut(self, width: int) -> bool:
        """Whether the title is wider than ``width`` or a heading or cell holds rich's ellipsis itself: then
        only a drawing tells a wrapped line or a cut word."""
        cells = [*self.headings, *(cell for row in self.rows for cell in row)]
        return len(self.title or "") > width or any(ELLIPSIS in _plain(cell) for cell in cells)


class Board:
    """A board's parts one under another, as rich's ``Group`` sets them, each drawn at the screen's width: a
    ``Grid`` or a table as it is, a ``Text`` with each of its lines kept to the width (``ai.lines.between``, its
    style kept), and a function of the width the text it lays out for it (Propuh's goals: a side a line when both do
    not fit)."""

    def __init__(self, *parts: Any) -> None:
        self.parts = list(parts)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Any]:
        from rich.text import Text

        width = options.max_width
        for part in self.parts:
            if callable(part):
                part = Text(part(width))
            if isinstance(part, Text) and not part.spans:
                text = "\n".join(between(line, width, PARTS) for line in part.plain.split("\n"))
                part = Text(text, style=part.style, end=part.end)
            yield part


#: Where a board's line of text breaks first: between its `` · `` parts, then between the items of a list
#: (``9 legal, 4 illegal, 1 lieutenant``: a count kept with its card).
PARTS = (" · ", ", ")

#: A width no board's table needs: the table as it is with nothing wrapped.
ROOMY = 10_000
#: What rich puts where it cuts a word short.
ELLIPSIS = "…"
#: The start of a row's second line and after, in the narrow form.
INDENT = "  "


def _pieces(item: Text, width: int) -> list[Text]:
    """``item`` whole if it fits ``width``, else cut between its parts (``2 illegal,`` ``1 captain``: after a
    comma, a count kept with its card), and a part still too long between its words."""
    if item.cell_len <= width:
        return [item]
    parts = item.split(", ", allow_blank=False) if ", " in item.plain else [item]
    pieces: list[Text] = []
    for k, part in enumerate(parts):
        part = part + "," if k < len(parts) - 1 else part
        pieces += [part] if part.cell_len <= width else part.split(" ", allow_blank=False)
    return pieces


def _text(cell: Cell) -> Text:
    from rich.text import Text

    return cell if isinstance(cell, Text) else Text(str(cell))


def _plain(cell: Cell) -> str:
    return cell.plain if hasattr(cell, "plain") else str(cell)
