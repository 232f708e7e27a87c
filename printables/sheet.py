"""Page layouts shared by every game: the rule sheet (two flowing columns), cut-out cards in a grid, and
score-pad grids. They draw only through the checked :class:`printables.pdf.Pen`."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from printables import flow, fonts, i18n, measure
from printables.flow import Block
from printables.i18n import tr
from printables.measure import Overflow
from printables.pdf import GREY, INK, LIGHT, MARGIN, MM, Document, Pen

#: The body text of rule sheets: one size, never shrunk.
BODY = 9.5
SHADE = (0.8, 0.8, 0.83)
GUTTER = 16.0


def header(pen: Pen, title: str, subtitle: str, margin: float = MARGIN) -> float:
    """The title band at the top of a page; returns the y below it."""
    title, subtitle = i18n.text(title), i18n.text(subtitle)
    top = pen.height - margin
    width = pen.width - 2 * margin
    size = measure.fit_size(title, width * 0.55, 17, 10, bold=True)
    pen.text(margin, top - size, title, fonts.BOLD, size, width * 0.55, color=flow.ACCENT)
    sub = measure.fit_size(subtitle, width * 0.43, 8.5, 5.5)
    pen.text(margin + width * 0.57, top - size, subtitle, fonts.REGULAR, sub, width * 0.43, "right", GREY)
    y = top - size - 5
    pen.line(margin, y, pen.width - margin, y, 1.2, flow.ACCENT)
    return y - 8


def footer(pen: Pen, foot: str, margin: float = MARGIN) -> None:
    width = pen.width - 2 * margin
    label = f"{i18n.text(foot)} · {tr('page {n}', n=pen.page)}"
    size = measure.fit_size(label, width, 6.5, 5)
    pen.text(margin, margin * 0.55, label, fonts.REGULAR, size, width, "center", GREY)


def rule_sheet(
    doc: Document, title: str, subtitle: str, foot: str, blocks: Sequence[Block], back: bool = False
) -> None:
    """Blocks flowed over two columns at the body size, page after page, each page with its header and
    footer; the last page's two columns are balanced. ``back``: a deliberate back, begun on a new page after
    the sheet before it (whose last page may then be short: its columns are balanced, and the back's are
    ``back`` frames)."""
    pen = doc.pen
    if back:
        pen.new_page()
    column = (pen.width - 2 * SHEET_MARGIN - GUTTER) / 2
    top = pen.height - SHEET_MARGIN - 31
    bottom = SHEET_MARGIN + 6

    # the loosest line spacing that needs no more pages than the tightest (a last page with two lines on it
    # helps nobody); drawing happens at the spacing chosen
    # and short tables in one piece, unless that needs another page: then cut, under their header again
    def pages(factor: float, split: bool) -> int:
        with flow.spacing(factor), flow.splitting() if split else contextlib.nullcontext():
            return (len(flow.columns(flow.layout(blocks, column, BODY), [top - bottom])) + 1) // 2

    loosest = pages(LEADINGS[0], False)
    fewest = loosest if loosest == 1 else pages(LEADINGS[-1], True)  # one page is the fewest there are
    factor, split = next((f, s) for s in (False, True) for f in LEADINGS if pages(f, s) == fewest)
    with flow.spacing(factor), flow.splitting() if split else contextlib.nullcontext():
        cols = flow.balanced(flow.layout(blocks, column, BODY), top - bottom)
        _draw_columns(pen, title, subtitle, foot, cols, column, top, bottom, "back" if back else "column")


#: Line spacings a rule sheet may use, loosest first.
LEADINGS = (1.22, 1.18, 1.14, 1.1)
#: A rule sheet's page margin: narrower than the other documents' (a sheet is all text, read in the hand;
#: 12 mm is still clear of any home printer's unprintable edge), so that a one-page rule sheet stays one page
#: in Russian and French, which run longer than English.
SHEET_MARGIN = 12 * MM


def _draw_columns(
    pen: Pen,
    title: str,
    subtitle: str,
    foot: str,
    cols: list[list[flow.Unit]],
    column: float,
    top: float,
    bottom: float,
    kind: str = "column",
) -> None:
    for i, col in enumerate(cols):
        if i % 2 == 0:
            if i:
                pen.new_page()
            subtitle_i = i18n.text(subtitle) if i == 0 else f"{i18n.text(subtitle)} ({tr('continued')})"
            header(pen, title, subtitle_i, SHEET_MARGIN)
            footer(pen, foot, SHEET_MARGIN)
        x = SHEET_MARGIN + (i % 2) * (column + GUTTER)
        flow.draw_units(pen, x, top, col)
        pen.frame(kind, x, top, column, top - bottom, flow.height(col))


@dataclass(frozen=True)
class Card:
    """A cut-out card: a title band and blocks, in ``columns`` columns on a wide card."""

    title: str
    blocks: tuple[Block, ...]
    tag: str = ""
    columns: int = 1


#: The largest body size on cards; every card of a document shares one size (the largest at which all fit).
CARD_BODY = 11.0
_PAD = 9.0
_BAND = 20.0


def _card_units(card: Card, inner: float, body_h: float, size: float) -> list[list[flow.Unit]] | None:
    """The card's columns at ``size``, or ``None`` if it does not fit."""
    col_w = (inner - (card.columns - 1) * GUTTER) / card.columns
    try:
        units = flow.layout(card.blocks, col_w, size)
        cols = flow.balanced(units, body_h) if card.columns == 2 else flow.columns(units, [body_h])
    except Overflow:
        return None
    return cols if len(cols) <= card.columns else None


def card_size(cards: Sequence[Card], w: float, h: float, size: float = CARD_BODY) -> float:
    """The largest body size (0.25 pt steps down to 6 pt, :func:`printables.flow.first_fit`: smaller text never
    needs more room) at which every card fits a ``w`` × ``h`` cell; the search starts at the size the same
    cards took last (on the other paper, in another language)."""
    inner, body_h = w - 2 * _PAD, h - _PAD / 2 - _BAND - 6 - _PAD
    key = tuple(card.title for card in cards)
    near = _CARD_SIZES.get(key)

    def fits(k: int) -> float | None:
        s = size - k * 0.25
        return s if all(_card_units(card, inner, body_h, s) is not None for card in cards) else None

    found = flow.first_fit(
        fits, int((size - 6) / 0.25) + 1, None if near is None else round((size - near) / 0.25)
    )
    if found is None:
        raise Overflow("the cards do not fit their cells even at 6 pt")
    _CARD_SIZES[key] = found
    return found


#: The body size :func:`card_size` found last for each set of cards, by their titles.
_CARD_SIZES: dict[tuple[str, ...], float] = {}


def card_grid(doc: Document, cards: Sequence[Card], cols: int, rows: int, foot: str, pages: int = 1) -> None:
    """Cards in a ``cols`` × ``rows`` grid with dashed cut lines, repeated to fill every page, all at one
    body size."""
    pen = doc.pen
    per_page = cols * rows
    w = (pen.width - 2 * MARGIN) / cols
    h = (pen.height - 2 * MARGIN) / rows
    size = card_size(cards, w, h)
    for page in range(pages):
        if page:
            pen.new_page()
        for i in range(per_page):
            card = cards[(page * per_page + i) % len(cards)]
            x = MARGIN + (i % cols) * w
            y = pen.height - MARGIN - (i // cols) * h
            draw_card(pen, card, x, y, w, h, size)
        for c in range(cols + 1):
            pen.line(MARGIN + c * w, MARGIN, MARGIN + c * w, pen.height - MARGIN, 0.4, GREY, (3, 3))
        for r in range(rows + 1):
            y = pen.height - MARGIN - r * h
            pen.line(MARGIN, y, pen.width - MARGIN, y, 0.4, GREY, (3, 3))
        footer_text = f"{i18n.text(foot)} · {tr('cut along the dashed lines')}"
        fsize = measure.fit_size(footer_text, pen.width - 2 * MARGIN, 6.5, 5)
        pen.text(
            MARGIN, MARGIN * 0.45, footer_text, fonts.REGULAR, fsize, pen.width - 2 * MARGIN, "center", GREY
        )


def draw_card(pen: Pen, card: Card, x: float, top: float, w: float, h: float, size: float) -> None:
    pad, band = _PAD, _BAND
    card = Card(i18n.text(card.title), card.blocks, i18n.text(card.tag) if card.tag else "", card.columns)
    pen.rect(x + pad / 2, top - pad / 2 - band, w - pad, band, stroke=None, fill=flow.ACCENT, radius=3)
    inner = w - 2 * pad
    tag_w = inner * 0.3 if card.tag else 0.0
    tsize = measure.fit_size(card.title, inner - tag_w, 11, 6, bold=True)
    pen.text(
        x + pad, top - pad / 2 - band + 6.5, card.title, fonts.BOLD, tsize, inner - tag_w, color=(1, 1, 1)
    )
    if card.tag:
        gsize = measure.fit_size(card.tag, tag_w, 7.5, 5)
        pen.text(
            x + pad + inner - tag_w,
            top - pad / 2 - band + 7,
            card.tag,
            fonts.REGULAR,
            gsize,
            tag_w,
            "right",
            (1, 1, 1),
        )
    body_top = top - pad / 2 - band - 6
    body_h = body_top - (top - h) - pad
    columns = _card_units(card, inner, body_h, size)
    if columns is None:
        raise Overflow(f"the card {card.title!r} does not fit at {size} pt")
    col_w = (inner - (card.columns - 1) * GUTTER) / card.columns
    for c, units in enumerate(columns):
        flow.draw_units(pen, x + pad + c * (col_w + GUTTER), body_top, units)
    used = max((flow.height(units) for units in columns), default=0.0)
    pen.frame("card", x + pad, body_top, inner, body_h, used)


# -- score pads --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Column:
    label: str
    weight: float = 1.0
    group: str = ""  # columns with the same non-empty group get a spanning header


@dataclass(frozen=True)
class Grid:
    """A score-pad table: labelled rows (or blank rows when ``rows`` holds empty strings) under columns."""

    columns: tuple[Column, ...]
    rows: tuple[str, ...]
    row_height: float = 18.0
    bold_rows: tuple[int, ...] = ()
    cells: tuple[tuple[str, ...], ...] = ()  # per row, the texts of its leading columns (default: its label)
    shaded: frozenset[tuple[int, int]] = frozenset()  # (row, column) cells not to write in: filled grey


def label_in(
    pen: Pen,
    text: str,
    x: float,
    y: float,
    w: float,
    h: float,
    size: float,
    bold: bool = False,
    align: str = "center",
    color: tuple[float, float, float] = INK,
    fixed: bool = False,
) -> None:
    """One line of text centred vertically in a cell, shrunk to its width (wrapped to two lines if needed);
    ``fixed``: at ``size`` exactly (``column_size``), on one line if it fits, else wrapped."""
    text = i18n.text(text)
    pad = 2.0
    font = fonts.BOLD if bold else fonts.REGULAR
    if fixed:
        lines = _lines(text, w, h, size, bold)
        if lines is None:
            raise Overflow(f"{text!r} does not fit a {w:.0f} × {h:.0f} pt cell at {size} pt")
        if len(lines) == 1:
            pen.text(x + pad, y - h / 2 - size * 0.35, text, font, size, w - 2 * pad, align, color)
        else:
            _lines_in(pen, lines, x, y, w, h, size, align, color)
        return
    # one line down to 85%, else two lines at 85% if the cell is tall enough, else one line down to 70%, else
    # smaller lines ("10: face-down" was one line at 6 pt where two lines at 6.8 pt fit)
    for low, wrapped in (
        (0.85, None),
        (None, wrapped_size(size)),
        (0.7, None),
        (None, size * 0.75),
        (None, 5.0),
    ):
        if low is not None:
            try:
                s = measure.fit_size(text, w - 2 * pad, size, max(5.0, size * low), bold)
            except Overflow:
                continue
            pen.text(x + pad, y - h / 2 - s * 0.35, text, font, s, w - 2 * pad, align, color)
            return
        lines = _lines(text, w, h, wrapped or 5.0, bold)
        if lines is not None:
            _lines_in(pen, lines, x, y, w, h, wrapped or 5.0, align, color)
            return
    raise Overflow(f"{text!r} does not fit a {w:.0f} × {h:.0f} pt cell")


def _lines(text: str, w: float, h: float, s: float, bold: bool) -> tuple[measure.Line, ...] | None:
    """``text`` wrapped at ``s`` into a ``w`` × ``h`` cell, or ``None`` if the lines do not fit."""
    pad = 2.0
    try:
        lines = measure.wrap(text, s, w - 2 * pad, bold)
    except Overflow:
        return None
    return lines if len(lines) * flow.leading(s) <= h - pad else None


def _lines_in(
    pen: Pen,
    lines: tuple[measure.Line, ...],
    x: float,
    y: float,
    w: float,
    h: float,
    s: float,
    align: str,
    color: tuple[float, float, float],
) -> None:
    pad = 2.0
    top = y - (h - len(lines) * flow.leading(s)) / 2
    for i, line in enumerate(lines):
        op = flow.TextOp(pad, s + i * flow.leading(s) - s * 0.2, tuple(line), s, w - 2 * pad, align, color)
        flow.draw_ops(pen, x, top, [op])


def column_size(labels: Sequence[tuple[str, bool]], w: float, h: float, size: float) -> float | None:
    """One size for a column of row labels (text, bold), the largest from ``size`` down to ``WRAPPED_TEXT`` at
    which each fits its ``w`` × ``h`` cell on one line or wrapped; ``None`` if none does. One size for all:
    a long French or Russian label is not set smaller than the short ones beside it."""
    texts = [(i18n.text(text), bold) for text, bold in labels if text]
    s = size
    while s >= WRAPPED_TEXT:
        if all(_lines(text, w, h, s, bold) is not None for text, bold in texts):
            return s
        s -= 0.25
    return None


#: The smallest size a label is wrapped at before it is shrunk further (a score pad's smallest text).
WRAPPED_TEXT = 6.5


def wrapped_size(size: float) -> float:
    """The size a label too wide for one line is wrapped at: 85% of ``size``, not below ``WRAPPED_TEXT``."""
    return max(size * 0.85, WRAPPED_TEXT)


#: A grid's header row at least, and its group row above (when columns are grouped by player).
HEAD_ROW = 22.0
GROUP_ROW = 16.0


def _widths(columns: Sequence[Column], width: float) -> list[float]:
    total = sum(c.weight for c in columns)
    return [width * c.weight / total for c in columns]


def head_height(columns: Sequence[Column], width: float, size: float = 8.0) -> float:
    """How high the grid's header stands above its rows: the group row, and a header row tall enough for each
    label on one line or wrapped (``wrapped_size``: a long label, "№ карты экстрасенса", gets the lines it
    needs rather than a smaller size), never less than ``HEAD_ROW``."""
    pad = 2.0
    need = HEAD_ROW
    for column, w in zip(columns, _widths(columns, width), strict=True):
        label = i18n.text(column.label)
        if not label or measure.text_width(label, fonts.BOLD, size * 0.85) <= w - 2 * pad:
            continue
        with contextlib.suppress(Overflow):  # a word wider than its column: ``label_in`` shrinks it
            lines = measure.wrap(label, wrapped_size(size), w - 2 * pad, True)
            need = max(need, len(lines) * flow.leading(wrapped_size(size)) + pad + 0.5)
    return need + (GROUP_ROW if any(c.group for c in columns) else 0.0)


def draw_grid(pen: Pen, grid: Grid, x: float, top: float, width: float, size: float = 8.0) -> float:
    """Draw the grid from ``top``; returns the y below it (its header: ``head_height``)."""
    widths = _widths(grid.columns, width)
    has_groups = any(c.group for c in grid.columns)
    head = head_height(grid.columns, width, size) - (GROUP_ROW if has_groups else 0.0)
    y = top
    if has_groups:
        i = 0
        cx = x
        while i < len(grid.columns):
            group = grid.columns[i].group
            j = i
            while j + 1 < len(grid.columns) and group and grid.columns[j + 1].group == group:
                j += 1
            span = sum(widths[i : j + 1])
            if group:
                pen.rect(cx, y - GROUP_ROW, span, GROUP_ROW, stroke=INK, fill=flow.HEAD_FILL)
                label_in(pen, group, cx, y, span, GROUP_ROW, size + 0.5, bold=True)
            cx += span
            i = j + 1
        y -= GROUP_ROW
    cx = x
    for column, w in zip(grid.columns, widths, strict=True):
        pen.rect(cx, y - head, w, head, stroke=INK, fill=LIGHT)
        label_in(pen, column.label, cx, y, w, head, size, bold=True)
        cx += w
    y -= head
    firsts = [
        ((grid.cells[r] if grid.cells else (row,))[0], r in grid.bold_rows) for r, row in enumerate(grid.rows)
    ]
    first_size = column_size(firsts, widths[0], grid.row_height, size)  # the row labels alike
    for r, row in enumerate(grid.rows):
        cx = x
        bold = r in grid.bold_rows
        for c, w in enumerate(widths):
            fill = flow.HEAD_FILL if bold else (flow.ZEBRA if r % 2 else None)
            if (r, c) in grid.shaded:
                fill = SHADE
            pen.rect(cx, y - grid.row_height, w, grid.row_height, stroke=INK, fill=fill, width=0.5)
            texts = grid.cells[r] if grid.cells else (row,)
            if c == 0 and texts[0] and first_size is not None:
                label_in(pen, texts[0], cx, y, w, grid.row_height, first_size, bold, "left", fixed=True)
            elif c < len(texts) and texts[c]:
                align = "left" if c == 0 else "center"
                label_in(pen, texts[c], cx, y, w, grid.row_height, size, bold=bold, align=align)
            cx += w
        y -= grid.row_height
    return y


def write_line(
    pen: Pen, label: str, x: float, y: float, width: float, size: float = 8.5, name: bool = True
) -> None:
    """A label followed by a line to write on, e.g. "Date: ______" (``name``: a name is written there)."""
    label = i18n.text(label)
    lw = measure.text_width(label, fonts.BOLD, size)
    if lw > width * 0.6:
        raise Overflow(f"label {label!r} too wide")
    pen.text(x, y, label, fonts.BOLD, size, lw + 0.5)
    pen.blank(label, x + lw + 4, y - 1.5, width - lw - 4, name)


#: The shortest line a name is written on.
NAME_FIELD = 40 * MM


def name_fields(
    pen: Pen, labels: Sequence[str], x: float, y: float, width: float, size: float = 8.5
) -> float:
    """``label ______`` fields for names, as many on a line as fit with a line of at least
    :data:`NAME_FIELD` each; returns the baseline of the last line."""
    widths = [measure.text_width(label, fonts.BOLD, size) + 4 + NAME_FIELD for label in labels]
    per_line = len(labels)
    while per_line > 1 and sum(sorted(widths)[-per_line:]) + 10 * (per_line - 1) > width:
        per_line -= 1
    cell = (width - 10 * (per_line - 1)) / per_line
    for i, label in enumerate(labels):
        row, col = divmod(i, per_line)
        write_line(pen, label, x + col * (cell + 10), y - row * 18, cell, size)
    return y - ((len(labels) - 1) // per_line) * 18


#: The smallest text of a score pad's "How to score" box that a pad leaves room for (``note_height``).
NOTE_TEXT = 7.0


def note_height(title: str, blocks: Sequence[Block], w: float, size: float = 8.0) -> float:
    """How high ``note_box`` draws the box with its text at ``size``."""
    pad = 6.0
    tsize = measure.fit_size(i18n.text(title), w - 2 * pad, size + 1.5, 6, bold=True)
    return pad + tsize + 4 + flow.height(flow.layout(blocks, w - 2 * pad, size)) + pad + 2


def note_box(
    pen: Pen, title: str, blocks: Sequence[Block], x: float, top: float, w: float, h: float, size: float = 8.0
) -> None:
    """A framed box with a bold title and blocks shrunk to fit ("How to score"); at most ``h`` high, less when
    the text needs less."""
    pad = 6.0
    title = i18n.text(title)
    tsize = measure.fit_size(title, w - 2 * pad, size + 1.5, 6, bold=True)
    with contextlib.suppress(Overflow):  # too big at ``size``: the whole box, and ``fit`` shrinks the text
        h = min(h, note_height(title, blocks, w, size))
    pen.rect(x, top - h, w, h, stroke=INK, fill=None, width=0.6, radius=3)
    pen.text(x + pad, top - pad - tsize, title, fonts.BOLD, tsize, w - 2 * pad, color=flow.ACCENT)
    body_top = top - pad - tsize - 4
    _, units = flow.fit(blocks, w - 2 * pad, body_top - (top - h) - pad, size)
    flow.draw_units(pen, x + pad, body_top, units)


def pads(
    doc: Document,
    pages: int,
    per_page: int,
    draw_pad: Callable[[Pen, float, float, float, float], None],
    foot: str,
) -> None:
    """``per_page`` pads one above the other on each page, separated by a dashed cut line."""
    pen = doc.pen
    width = pen.width - 2 * MARGIN
    slot = (pen.height - 2 * MARGIN) / per_page
    for page in range(pages):
        if page:
            pen.new_page()
        for i in range(per_page):
            top = pen.height - MARGIN - i * slot
            if i:
                pen.line(MARGIN / 2, top + 4, pen.width - MARGIN / 2, top + 4, 0.4, GREY, (3, 3))
            draw_pad(pen, MARGIN, top - (8 if i else 0), width, slot - 14)
        footer(pen, foot)


def pad_head(pen: Pen, title: str, names: Sequence[str], x: float, top: float, width: float) -> float:
    """A pad's title and date on the first line, its name fields below; returns the top of the grid."""
    pen.text(x, top - 12, i18n.text(title), fonts.BOLD, 12, width * 0.6)
    write_line(pen, tr("Date:"), x + width * 0.72, top - 12, width * 0.28, name=False)
    last = name_fields(pen, [tr("{label}:", label=i18n.text(n)) for n in names], x, top - 30, width)
    return last - 10
