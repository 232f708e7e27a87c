"""Document setup: paper sizes, a canvas with deterministic output, and the pen every drawing goes through.

Deterministic: the canvas is made with ``invariant=1`` (fixed creation date and document id), the fonts are
subset in a fixed order and nothing random is written, so the same input gives a byte-identical PDF.

The :class:`Pen` draws text only into a box of known width and refuses text that would overflow it
(:class:`printables.measure.Overflow`), and keeps a log of every text it drew so tests can check the boxes.
"""

from __future__ import annotations

import contextlib
import functools
import io
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.rl_accel import escapePDF, fp_str

from printables import fonts, i18n
from printables.measure import EPSILON, Overflow, text_width

MM = 72 / 25.4
#: The paper names the command accepts.
PAPERS = ("a4", "letter")
MARGIN = 14 * MM
INK = (0.1, 0.1, 0.12)
GREY = (0.45, 0.45, 0.5)
LIGHT = (0.9, 0.9, 0.92)
ACCENT = (0.55, 0.12, 0.1)


def draw_string(canvas: Any, x: float, y: float, text: str) -> None:
    """``canvas.drawString(x, y, text)`` in the canvas's TrueType font, left to right and unshaped, as every
    printable draws: the same operators (``tests/test_print_framework.py`` compares them with reportlab's),
    without the text object, the bidirectional pass and the width that reportlab makes for each string (a
    tenth of the CPU time of the 120 PDFs of ``print all all --lang all --paper all``)."""
    doc = canvas._doc
    size = _size_operators(canvas._fontsize, canvas._leading)
    known = _first_subsets.get(canvas._fontname)
    if known is not None and known.doc is doc and text and known.chars.issuperset(text):
        # every character already has its code in the first subset: reportlab's one chunk
        chunk = text.translate(known.codes)
        canvas._code.append(f"BT 1 0 0 1 {fp_str(x, y)} Tm {known.name} {size} ({escapePDF(chunk)}) Tj T* ET")
        return
    font = _font(canvas._fontname)
    parts = []
    current = -1
    for subset, chunk in font.splitString(text, doc):
        if subset != current:
            parts.append(f"{font.getSubsetInternalName(subset, doc)} {size}")
            current = subset
        parts.append(f"({escapePDF(chunk)}) Tj")
    canvas._code.append(f"BT 1 0 0 1 {fp_str(x, y)} Tm {' '.join(parts)} T* ET")
    state = font.state.get(doc)
    if state is None or state.internalName is None:
        return
    if known is None or known.doc is not doc:
        _first_subsets[canvas._fontname] = _Subset.of(
            doc, font.getSubsetInternalName(0, doc), state.assignments
        )
    else:
        known.learn(text, state.assignments)


@dataclass
class _Subset:
    """A font's first subset in the document last drawn in: the characters it codes so far and their codes
    (reportlab's, which it gives as they are first drawn; a code under 256 is in the first subset). A string
    of characters all in it is written without asking reportlab to split it."""

    doc: Any
    name: str
    chars: set[str]
    codes: dict[int, int]

    @classmethod
    def of(cls, doc: Any, name: str, assignments: dict[int, int]) -> _Subset:
        """The subset from reportlab's codes of ``doc`` (``assignments``: by character)."""
        codes = {point: code for point, code in assignments.items() if code < 256}
        if 32 in codes:  # reportlab draws a no-break space as a space
            codes[0xA0] = codes[32]
        return cls(doc, name, set(map(chr, codes)), codes)

    def learn(self, text: str, assignments: dict[int, int]) -> None:
        """Add the characters of ``text`` that reportlab has just coded in the first subset."""
        for char in set(text).difference(self.chars):
            code = assignments.get(32 if char == "\xa0" else ord(char))
            if code is not None and code < 256:
                self.chars.add(char)
                self.codes[ord(char)] = code


#: Per font, its first subset in the document last drawn in.
_first_subsets: dict[str, _Subset] = {}


@functools.cache
def _font(name: str) -> Any:
    """reportlab's font of that name (``pdfmetrics.getFont``), looked up once."""
    from reportlab.pdfbase.pdfmetrics import getFont

    return getFont(name)


@functools.lru_cache(maxsize=256)
def _size_operators(size: float, leading: float) -> str:
    """The font size and leading operands as reportlab writes them, formatted once per pair."""
    return f"{fp_str(size)} Tf {fp_str(leading)} TL"


def page_size(paper: str, landscape: bool = False) -> tuple[float, float]:
    """The page size for ``paper`` (``a4`` or ``letter``), from reportlab's own table."""
    from reportlab.lib.pagesizes import A4, LETTER

    size = {"a4": A4, "letter": LETTER}.get(paper)
    if size is None:
        raise ValueError(f"unknown paper {paper!r}; choose a4 or letter")
    w, h = float(size[0]), float(size[1])
    return (h, w) if landscape else (w, h)


@dataclass
class Drawn:
    """One text the pen drew: where, in which box, at which size."""

    page: int
    text: str
    font: str
    size: float
    x: float
    y: float
    box_width: float
    width: float


@dataclass(frozen=True)
class Frame:
    """A box that text was laid into (a rule-sheet column, a card's body, a panel) and how much of its
    height the content used: the tests check that no page is left half empty."""

    page: int
    kind: str
    x: float
    top: float
    width: float
    height: float
    used: float


@dataclass(frozen=True)
class Blank:
    """A line to write on (a name, a date)."""

    page: int
    label: str
    x: float
    y: float
    width: float
    name: bool


@dataclass
class Pen:
    """A reportlab canvas with the checks: text must fit its box and stay on the page."""

    canvas: Any
    width: float
    height: float
    page: int = 1
    log: list[Drawn] = field(default_factory=list)
    frames: list[Frame] = field(default_factory=list)
    blanks: list[Blank] = field(default_factory=list)
    #: The graphics state last set on this page (fill, stroke, line width, dash, font), so that each operator
    #: is written only when it changes: smaller files, faster builds. Cleared by :meth:`new_page`.
    _state: dict[str, object] = field(default_factory=dict)

    def _set(self, key: str, value: object) -> bool:
        """Record ``value`` for ``key``; ``True`` if it changed (the operator must be written)."""
        if self._state.get(key) == value:
            return False
        self._state[key] = value
        return True

    def set_fill(self, color: tuple[float, float, float]) -> None:
        if self._set("fill", color):
            self.canvas.setFillColorRGB(*color)

    def _stroke(self, color: tuple[float, float, float], width: float, dash: tuple[float, ...]) -> None:
        c = self.canvas
        if self._set("stroke", color):
            c.setStrokeColorRGB(*color)
        if self._set("width", width):
            c.setLineWidth(width)
        if self._set("dash", dash):
            c.setDash(list(dash) if dash else [])

    def text(
        self,
        x: float,
        y: float,
        text: str,
        font: str,
        size: float,
        box_width: float,
        align: str = "left",
        color: tuple[float, float, float] = INK,
    ) -> None:
        """Draw one line of text with its baseline at ``y`` inside a box ``box_width`` wide starting at ``x``."""
        w = text_width(text, font, size)
        if w > box_width + EPSILON:
            raise Overflow(f"{text!r} is {w:.1f} pt wide, its box {box_width:.1f} pt")
        left = x if align == "left" else x + (box_width - w) / 2 if align == "center" else x + box_width - w
        if left < -EPSILON or left + w > self.width + EPSILON or y < 0 or y > self.height:
            raise Overflow(f"{text!r} leaves the page at ({left:.1f}, {y:.1f})")
        c = self.canvas
        state = self._state  # set_fill and _set written out: this runs for every string drawn
        if state.get("fill") != color:
            state["fill"] = color
            c.setFillColorRGB(*color)
        if state.get("font") != (font, size):
            state["font"] = (font, size)
            c.setFont(font, size)
        draw_string(c, left, y, text)
        self.log.append(Drawn(self.page, text, font, size, left, y, box_width, w))

    def line(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        width: float = 0.6,
        color: tuple[float, float, float] = INK,
        dash: tuple[float, ...] = (),
    ) -> None:
        self._stroke(color, width, dash)
        self.canvas.line(x1, y1, x2, y2)

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        stroke: tuple[float, float, float] | None = INK,
        fill: tuple[float, float, float] | None = None,
        width: float = 0.6,
        radius: float = 0,
        dash: tuple[float, ...] = (),
    ) -> None:
        """A rectangle with its lower-left corner at (x, y)."""
        c = self.canvas
        if stroke is not None:
            self._stroke(stroke, width, dash)
        if fill is not None:
            self.set_fill(fill)
        if radius:
            c.roundRect(x, y, w, h, radius, stroke=int(stroke is not None), fill=int(fill is not None))
        else:
            c.rect(x, y, w, h, stroke=int(stroke is not None), fill=int(fill is not None))

    def circle(
        self,
        x: float,
        y: float,
        r: float,
        fill: tuple[float, float, float],
        stroke: tuple[float, float, float],
    ) -> None:
        self._stroke(stroke, 0.5, ())
        self.set_fill(fill)
        self.canvas.circle(x, y, r, stroke=1, fill=1)

    def arrow(self, x1: float, y1: float, x2: float, y2: float, width: float = 0.9) -> None:
        """A straight arrow from (x1, y1) to (x2, y2) with a filled head."""
        import math

        self.line(x1, y1, x2, y2, width)
        angle = math.atan2(y2 - y1, x2 - x1)
        size = 3.0 + 3.0 * width
        c = self.canvas
        path = c.beginPath()
        path.moveTo(x2, y2)
        for side in (-1, 1):
            a = angle + math.pi + side * 0.42
            path.lineTo(x2 + size * math.cos(a), y2 + size * math.sin(a))
        path.close()
        self.set_fill(INK)
        c.drawPath(path, stroke=0, fill=1)

    def frame(self, kind: str, x: float, top: float, width: float, height: float, used: float) -> None:
        """Record a frame filled to ``used`` of its ``height`` (nothing is drawn)."""
        self.frames.append(Frame(self.page, kind, x, top, width, height, used))

    def blank(self, label: str, x: float, y: float, width: float, name: bool = True) -> None:
        """A line to write on, ``width`` long (``name``: for a name), recorded for the tests."""
        self.line(x, y, x + width, y, 0.5, GREY)
        self.blanks.append(Blank(self.page, label, x, y, width, name))

    def new_page(self) -> None:
        self.canvas.showPage()
        self._state.clear()  # a new page starts from the default graphics state
        self.page += 1


#: While :func:`recording` is active, every new document's pen is appended here (for the overflow tests).
_recorders: list[list[Pen]] = []


@contextlib.contextmanager
def recording() -> Iterator[list[Pen]]:
    """Collect the pens of the documents made inside the ``with`` block: their logs hold every text drawn."""
    pens: list[Pen] = []
    _recorders.append(pens)
    try:
        yield pens
    finally:
        _recorders.remove(pens)


@dataclass
class Document:
    """A PDF being written into memory: ``pen`` draws, ``finish`` returns the bytes."""

    pen: Pen
    buffer: io.BytesIO

    def finish(self) -> bytes:
        self.pen.canvas.showPage()
        self.pen.canvas.save()
        return self.buffer.getvalue()


def new_scratch_pen() -> Pen:
    """A pen over a page that is never saved nor recorded: to measure what a drawing function needs. The
    pens share one canvas, whose fonts have coded the characters already drawn; what the last pen drew on it is
    dropped."""
    canvas = _scratch_canvas()
    canvas._code.clear()
    return Pen(canvas, 1000, 1000)


@functools.cache
def _scratch_canvas() -> Any:
    from reportlab.pdfgen.canvas import Canvas

    fonts.register()
    return Canvas(io.BytesIO(), pagesize=(1000, 1000), invariant=1)


def new_document(paper: str, title: str, subject: str = "", landscape: bool = False) -> Document:
    """An empty document on ``paper``, with the fonts registered and deterministic settings."""
    from reportlab import rl_config
    from reportlab.pdfgen.canvas import Canvas

    rl_config.useA85 = 0  # binary (Flate only) streams: a quarter smaller, and no slow pure-Python encoding
    fonts.register()
    width, height = page_size(paper, landscape)
    buffer = io.BytesIO()
    # reportlab leaves the streams to the document's default filter, ours: Flate at the fastest level
    canvas = Canvas(
        buffer,
        pagesize=(width, height),
        invariant=1,
        pageCompression=0,
        initialFontName=fonts.REGULAR,
        initialFontSize=10,
    )
    canvas._doc.defaultStreamFilters = [fonts.PAGES]
    fonts.code_first(canvas._doc, i18n.current())
    canvas.setTitle(i18n.text(title))
    canvas.setAuthor("companion")
    canvas.setCreator("companion print")
    canvas.setSubject(subject or title)
    pen = Pen(canvas, width, height)
    for pens in _recorders:
        pens.append(pen)
    return Document(pen, buffer)
