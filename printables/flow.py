"""Flowing layout of text measured as drawn (:mod:`printables.measure`).

Blocks (headings, paragraphs, bullet lists, tables, rulings)
are laid out into :class:`Unit` s — a line or a table row with its height and drawing operations — that a page
fills column by column, or that a box shrinks until they fit (:func:`fit`). Nothing is ever drawn wider than
its box: a word too wide for its box raises :class:`Overflow`, and so does a box whose text cannot fit even at
the smallest size; the pen checks every line again when it draws.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from printables import fonts, i18n
from printables.measure import (
    EPSILON,
    Overflow,
    Word,
    segments,
    text_width,
    widest_word,
    wrap,
)

if TYPE_CHECKING:
    from printables.pdf import Pen

Color = tuple[float, float, float]
INK: Color = (0.1, 0.1, 0.12)
ACCENT: Color = (0.55, 0.12, 0.1)
HEAD_FILL: Color = (0.86, 0.87, 0.9)
ZEBRA: Color = (0.95, 0.95, 0.96)
RULING_FILL: Color = (0.98, 0.94, 0.82)
RULING_BAR: Color = (0.8, 0.6, 0.1)


# -- drawing operations and units --------------------------------------------------------------------------


class TextOp(NamedTuple):
    """A line of words; ``dy`` is the baseline's distance below the unit's top."""

    dx: float
    dy: float
    line: tuple[Word, ...]
    size: float
    box: float
    align: str = "left"
    color: Color = INK


class RectOp(NamedTuple):
    dx: float
    dy: float  # top edge below the unit's top
    w: float
    h: float
    fill: Color | None = None
    stroke: Color | None = None


class FigureOp(NamedTuple):
    """A drawing made by a function of the pen, its left x, its top y and its width."""

    dx: float
    dy: float
    w: float
    draw: Callable[[Pen, float, float, float], None]


Op = TextOp | RectOp | FigureOp


@dataclass
class Unit:
    """Something that is never split: a line of text or a table row."""

    height: float
    ops: list[Op] = field(default_factory=list)
    keep_with_next: bool = False
    #: A table row's header: where the table is cut between columns, it is drawn again above the rest.
    header: Unit | None = None


def draw_units(pen: Pen, x: float, top: float, units: Sequence[Unit]) -> float:
    """Draw ``units`` one below the other from ``top``; return the y below the last."""
    y = top
    for unit in units:
        draw_ops(pen, x, y, unit.ops)
        y -= unit.height
    return y


def draw_ops(pen: Pen, x: float, top: float, ops: Sequence[Op]) -> None:
    for op in ops:
        if not isinstance(op, TextOp):
            if isinstance(op, FigureOp):
                op.draw(pen, x + op.dx, top - op.dy, op.w)
            else:
                pen.rect(x + op.dx, top - op.dy - op.h, op.w, op.h, stroke=op.stroke, fill=op.fill, width=0.5)
            continue
        runs, w = _runs(op.line, op.size)
        if w > op.box + EPSILON:
            raise Overflow(f"a line {w:.1f} pt wide in a box of {op.box:.1f} pt")
        left = x + op.dx
        if op.align == "center":
            left += (op.box - w) / 2
        elif op.align == "right":
            left += op.box - w
        right = x + op.dx + op.box
        for text, font, advance in runs:
            pen.text(left, top - op.dy, text, font, op.size, right - left, color=op.color)
            left += advance


@functools.lru_cache(maxsize=65536)
def _runs(line: tuple[Word, ...], size: float) -> tuple[tuple[tuple[str, str, float], ...], float]:
    """The runs of one font a line is drawn in (:func:`printables.measure.segments`), each with its width at
    ``size``, and the line's width (their sum): remembered, as a line is drawn on A4 and on Letter."""
    runs = tuple((text, font, text_width(text, font, size)) for text, font in segments(line))
    return runs, sum(advance for _, _, advance in runs)


# -- blocks ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Heading:
    text: str
    level: int = 1


@dataclass(frozen=True)
class Para:
    """A paragraph; ``keep`` holds it with the block after it (a caption above its table or figure; a
    paragraph ending in a colon always is)."""

    text: str
    scale: float = 1.0
    color: Color = INK
    keep: bool = False


@dataclass(frozen=True)
class Bullets:
    items: tuple[str, ...]
    numbered: bool = False


@dataclass(frozen=True)
class Ruling:
    """One of our rulings, drawn on a tinted band and labelled so."""

    text: str


@dataclass(frozen=True)
class Table:
    header: tuple[str, ...]  # () for none: the heading above says what the table lists
    rows: tuple[tuple[str, ...], ...]
    widths: tuple[float, ...]  # relative
    align: tuple[str, ...] = ()


@dataclass(frozen=True)
class Space:
    height: float = 4.0


@dataclass(frozen=True)
class Figure:
    """A drawing ``height`` points tall (at most ``width`` wide, centred), made by ``draw(pen, x, top, w)``."""

    height: float
    width: float
    draw: Callable[[Pen, float, float, float], None]


@dataclass(frozen=True)
class Keep:
    """Blocks kept in one column when they fit one (a section of rulings under its heading)."""

    blocks: tuple[Block, ...]


Block = Heading | Para | Bullets | Ruling | Table | Space | Figure | Keep


#: Line spacing as a multiple of the size; :func:`spacing` tightens it to save a page.
_LEADING = [1.22]


def leading(size: float) -> float:
    return size * _LEADING[-1]


@contextlib.contextmanager
def spacing(factor: float) -> Iterator[None]:
    """Lay out with lines ``factor`` × the size apart inside the ``with`` block."""
    _LEADING.append(factor)
    try:
        yield
    finally:
        _LEADING.pop()


def _heading_size(size: float, level: int) -> float:
    return size * (1.3 if level == 1 else 1.08)


#: How a heading's size follows the body size; :func:`headings` changes it (a bot card's type scale).
_HEADINGS: list[Callable[[float, int], float]] = [_heading_size]


@contextlib.contextmanager
def headings(size_of: Callable[[float, int], float]) -> Iterator[None]:
    """Lay out headings at ``size_of(body size, level)`` inside the ``with`` block."""
    _HEADINGS.append(size_of)
    try:
        yield
    finally:
        _HEADINGS.pop()


def text_units(
    text: str,
    size: float,
    width: float,
    indent: float = 0.0,
    first: str = "",
    bold: bool = False,
    color: Color = INK,
) -> list[Unit]:
    """Wrapped lines of a paragraph; ``first`` (a bullet) hangs in the indent of the first line."""
    box = width - indent
    height = leading(size)
    units = [
        Unit(height, [TextOp(indent, size, line, size, box, "left", color)], True)
        for line in wrap(text, size, box, bold)
    ]
    if units:
        if first:
            units[0].ops.append(TextOp(0, size, (((first, fonts.REGULAR),),), size, indent))
        units[-1].keep_with_next = False  # a paragraph or an item is never split
    return units


def column_widths(table: Table, size: float, width: float, pad: float) -> list[float]:
    """The table's relative widths scaled to ``width``, but never narrower than a column's widest word."""
    need = [0.0] * len(table.widths)
    for r, row in enumerate((table.header, *table.rows)):
        for c, text in enumerate(row):
            widest = widest_word(text, size, r == 0 and bool(table.header))
            if widest is not None:
                need[c] = max(need[c], widest + 2 * pad + EPSILON)
    if sum(need) > width:
        raise Overflow(f"a table needs {sum(need):.0f} pt, its column is {width:.0f} pt")
    fixed: dict[int, float] = {}
    while True:
        free = [c for c in range(len(need)) if c not in fixed]
        room = width - sum(fixed.values())
        weight = sum(table.widths[c] for c in free)
        cols = {c: room * table.widths[c] / weight for c in free}
        short = [c for c in free if cols[c] < need[c]]
        if not short:
            return [fixed.get(c, cols.get(c, 0.0)) for c in range(len(need))]
        for c in short:
            fixed[c] = need[c]


#: Tables of at most this many rows are not split between columns (:func:`splitting` allows it).
KEEP_ROWS = [8]


@contextlib.contextmanager
def splitting() -> Iterator[None]:
    """Let every table be cut between columns (under its header again) inside the ``with`` block: for a
    sheet that would otherwise need another page."""
    KEEP_ROWS.append(0)
    try:
        yield
    finally:
        KEEP_ROWS.pop()


def table_units(table: Table, size: float, width: float) -> list[Unit]:
    pad = 2.5
    cols = column_widths(table, size, width, pad)
    units: list[Unit] = []
    headed = bool(table.header)  # a table without a header (``()``) under a heading that says what it lists
    for r, row in enumerate((table.header, *table.rows) if headed else ("", *table.rows)):
        header = r == 0
        if header and not headed:
            continue
        cells = []
        for c, text in enumerate(row):
            align = table.align[c] if c < len(table.align) else "left"
            cells.append((wrap(text, size, cols[c] - 2 * pad, bold=header), align))
        n = max(len(lines) for lines, _ in cells) if cells else 1
        height = n * leading(size) + 2 * pad
        ops: list[Op] = []
        fill = HEAD_FILL if header else ZEBRA if r % 2 == 0 else None
        if fill is not None:
            ops.append(RectOp(0, 0, width, height, fill=fill))
        x = 0.0
        for c, (lines, align) in enumerate(cells):
            for i, line in enumerate(lines):
                dy = pad + size + i * leading(size)
                ops.append(TextOp(x + pad, dy, tuple(line), size, cols[c] - 2 * pad, align))
            x += cols[c]
        # a short table moves as one (a few rows split from their header are read wrongly at the table); a
        # longer one keeps its header with two rows and is cut where a column is full, its header drawn again
        keep = len(table.rows) <= KEEP_ROWS[-1] or r < 2
        units.append(
            Unit(height, ops, keep_with_next=keep, header=None if header or not headed else units[0])
        )
    if units:
        last = units[-1]
        units[-1] = Unit(last.height + size * 0.5, last.ops, header=last.header)
    return units


def layout(blocks: Sequence[Block], width: float, size: float) -> list[Unit]:
    """All blocks as units for a column ``width`` wide, body text at ``size``, in the current language.

    Remembered per language, line spacing, heading sizes and table splitting: the layout searches lay the
    same blocks out at the same width and size again and again. The units are shared: no caller may change
    them (a new list is returned each time)."""
    return list(_remembered(tuple(blocks), width, size, _LEADING[-1], _HEADINGS[-1], KEEP_ROWS[-1]))


@i18n.remembered
def _remembered(
    blocks: tuple[Block, ...],
    width: float,
    size: float,
    spacing: float,
    heading_size: Callable[[float, int], float],
    keep_rows: int,
) -> list[Unit]:
    """:func:`_layout` for the settings in force (the key of what is remembered)."""
    return _layout(blocks, width, size)


def _layout(blocks: Sequence[Block], width: float, size: float) -> list[Unit]:
    """:func:`layout`, made anew: its units are fresh, and may be changed by the caller."""
    units: list[Unit] = []
    for block in map(translated, blocks):
        if isinstance(block, Heading):
            hsize = _HEADINGS[-1](size, block.level)
            gap = size * (0.6 if block.level == 1 else 0.35)
            lines = text_units(block.text, hsize, width, bold=True, color=ACCENT if block.level == 1 else INK)
            lines[0] = Unit(lines[0].height + gap, [_shift(op, gap) for op in lines[0].ops])
            for u in lines:
                u.keep_with_next = True
            units.extend(lines)
        elif isinstance(block, Para):
            s = size * block.scale
            lines = text_units(block.text, s, width, color=block.color)
            # a paragraph ending in a colon introduces what follows (a caption, a list): kept with it
            keep = block.keep or block.text.rstrip().endswith(":")
            units.extend(lines)
            units.append(Unit(s * 0.35, keep_with_next=keep))
            if keep and lines:
                lines[-1].keep_with_next = True
        elif isinstance(block, Keep):
            kept = _layout(block.blocks, width, size)
            for u in kept[:-1]:
                u.keep_with_next = True
            units.extend(kept)
        elif isinstance(block, Bullets):
            indent = size * (1.5 if block.numbered else 1.0)
            for i, item in enumerate(block.items):
                mark = f"{i + 1}." if block.numbered else "•"
                units.extend(text_units(item, size, width, indent, mark))
                units.append(Unit(size * 0.15))
            units.append(Unit(size * 0.2))
        elif isinstance(block, Ruling):
            lines = text_units(i18n.tr("**Ruling:**") + " " + block.text, size, width, indent=size * 0.7)
            for u in lines:
                u.ops.insert(0, RectOp(0, 0, width, u.height, fill=RULING_FILL))
                u.ops.insert(1, RectOp(0, 0, size * 0.25, u.height, fill=RULING_BAR))
            units.extend(lines)
            units.append(Unit(size * 0.4))
        elif isinstance(block, Table):
            units.extend(table_units(block, size, width))
        elif isinstance(block, Figure):
            w = min(block.width, width)
            units.append(Unit(block.height + size * 0.5, [FigureOp((width - w) / 2, 0, w, block.draw)]))
        else:
            units.append(Unit(block.height))
    return units


@i18n.remembered
def translated(block: Block) -> Block:
    """``block`` with its texts in the current language (:func:`printables.i18n.text`)."""
    if isinstance(block, Heading):
        return Heading(i18n.text(block.text), block.level)
    if isinstance(block, Para):
        return Para(i18n.text(block.text), block.scale, block.color, block.keep)
    if isinstance(block, Bullets):
        return Bullets(tuple(map(i18n.text, block.items)), block.numbered)
    if isinstance(block, Ruling):
        return Ruling(i18n.text(block.text))
    if isinstance(block, Table):
        rows = tuple(tuple(map(i18n.text, row)) for row in block.rows)
        return Table(tuple(map(i18n.text, block.header)), rows, block.widths, block.align)
    return block


def _shift(op: Op, dy: float) -> Op:
    if isinstance(op, TextOp):
        return TextOp(op.dx, op.dy + dy, op.line, op.size, op.box, op.align, op.color)
    if isinstance(op, FigureOp):
        return FigureOp(op.dx, op.dy + dy, op.w, op.draw)
    return RectOp(op.dx, op.dy + dy, op.w, op.h, op.fill, op.stroke)


def height(units: Sequence[Unit]) -> float:
    return sum(u.height for u in units)


def fit(
    blocks: Sequence[Block], width: float, box_height: float, size: float, min_size: float = 5.5
) -> tuple[float, list[Unit]]:
    """The largest body size from ``size`` down to ``min_size`` (0.25 pt steps, :func:`first_fit`: smaller
    text never needs more room) at which the blocks fit the box, and the units at it."""

    def attempt(k: int) -> tuple[float, list[Unit]] | None:
        s = size - k * 0.25
        try:
            units = layout(blocks, width, s)
        except Overflow:
            return None
        return (s, units) if units and height(units) <= box_height + EPSILON else None

    best = first_fit(attempt, int((size - min_size) / 0.25 + EPSILON) + 1)
    if best is None:
        raise Overflow(f"the text does not fit a {width:.0f} × {box_height:.0f} pt box even at {min_size} pt")
    return best


_T = TypeVar("_T")


def first_fit(attempt: Callable[[int], _T | None], count: int, near: int | None = None) -> _T | None:
    """``attempt(k)`` at the least ``k`` of ``range(count)`` where it fits (is not ``None``), for steps where
    fitting at ``k`` means fitting at every ``k`` after it (the sizes of a search, largest first: a smaller
    size never needs more room); ``None`` if none fits. ``near`` is tried first, then steps 1, 2, 4… away
    from it on the side still open until one answers the other way, then bisection between: where the
    answer is ``near`` or a step away (the size the same document found on the other paper or in another
    language), two attempts settle it, where a bisection of the whole range takes four or five."""
    low, high = 0, count  # fits at k for every k >= the answer; high == count: none fits
    best = None

    def fits(k: int) -> bool:
        nonlocal best, low, high
        found = attempt(k)
        if found is None:
            low = k + 1
            return False
        best, high = found, k
        return True

    if near is not None and count:
        guess = min(max(near, 0), count - 1)
        first = fits(guess)
        step = 1
        # 1, 2, 4… steps from the guess itself, towards the side still open, until one answers the other way
        while low < high and fits(max(guess - step, low) if first else min(guess + step, high - 1)) == first:
            step *= 2
    while low < high:
        fits((low + high) // 2)
    return best


def columns(units: Sequence[Unit], heights: Sequence[float]) -> list[list[Unit]]:
    """Distribute units over columns of the given heights (more columns are repeated from the last); a unit
    marked ``keep_with_next`` moves with the next one, unless the group is taller than a whole column: then
    it is cut where the column is full (a table's header drawn again at the top of the next column). Leading
    gaps at a column top are dropped."""
    return _Groups(units).columns(heights)


class _Groups:
    """Units with the heights above each and the groups they move in: measured once for every set of column
    heights :func:`balanced` tries."""

    def __init__(self, units: Sequence[Unit]) -> None:
        self.units = units = list(units)
        n = len(units)
        self.top = top = [0.0]  # top[k]: the height of units[:k]
        for u in units:
            top.append(top[-1] + u.height)
        self.ends = ends = [0] * n  # ends[k]: the last unit of the group that starts at k
        for k in range(n - 1, -1, -1):
            ends[k] = k if k == n - 1 or not units[k].keep_with_next else ends[k + 1]

    def columns(self, heights: Sequence[float]) -> list[list[Unit]]:
        """:func:`columns` of these units."""
        units, top, ends = self.units, self.top, self.ends
        n = len(units)
        out: list[list[Unit]] = [[]]
        room = heights[0]
        repeated = False  # the column holds only a table's header, drawn again: the rest of the table follows
        i = 0
        while i < n:
            j = ends[i]
            need = top[j + 1] - top[i]
            column = out[-1]
            if not column and not units[i].ops:
                i += 1
                continue
            if need > room + EPSILON and column and not repeated:
                room, repeated = _next_column(out, heights, units[i])
                continue
            if need > room + EPSILON:  # taller than a whole column: cut it where the column is full
                cut = 0
                while i + cut <= j and top[i + cut + 1] - top[i] <= room + EPSILON:
                    cut += 1
                if cut == 0:
                    raise Overflow(f"a block {need:.0f} pt tall does not fit a column of {room:.0f} pt")
                column.extend(units[i : i + cut])
                i += cut
                room, repeated = _next_column(out, heights, units[i] if i < n else None)
                continue
            column.extend(units[i : j + 1])
            room -= need
            repeated = False
            i = j + 1
        return out


def _next_column(out: list[list[Unit]], heights: Sequence[float], first: Unit | None) -> tuple[float, bool]:
    """A new column in ``out`` for ``first`` and what follows: its room, and whether it starts with a table's
    header drawn again (``first`` is a row of a table cut at this column)."""
    out.append([])
    room = heights[min(len(out) - 1, len(heights) - 1)]
    header = first.header if first is not None else None
    if header is None:
        return room, False
    out[-1].append(header)
    return room - header.height, True


def balanced(units: Sequence[Unit], height_: float) -> list[list[Unit]]:
    """Two-column pages of ``height_``: full columns, and the last page's text shared evenly between its two
    columns (the shortest left column that leaves the rest no taller)."""
    cols = columns(units, [height_])
    last = len(cols) - (2 if len(cols) % 2 == 0 else 1)
    before = cols[:last]
    rest = [u for col in cols[last:] for u in col]
    low, high = height(rest) / 2 - EPSILON, height_
    best = cols[last:]
    groups = _Groups(rest)
    while high - low > 0.05:  # a twentieth of a point: closer changes no unit's column
        mid = (low + high) / 2
        try:
            split = groups.columns([mid])
        except Overflow:
            split = []
        if split and len(split) <= 2:
            best, high = split, mid
        else:
            low = mid
    # The least height that works is a column's height: the height of a run of units from either end. Those
    # within the last bracket are tried in order, so that a window narrower than the bisection's step is not
    # missed (left 99.19 / right 69.16 where 69.19 / 99.16 was the even split).
    tops = groups.top
    total = tops[-1]
    for mid in sorted(
        {t for t in tops if low < t <= high} | {total - t for t in tops if low < total - t <= high}
    ):
        try:
            split = groups.columns([mid + EPSILON / 10])
        except Overflow:
            continue
        if split and len(split) <= 2:
            best = split
            break
    return [*before, *best]
