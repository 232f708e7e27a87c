"""Text measured as drawn: reportlab's font metrics, the ``**bold**`` markup, and greedy word wrap.

A word too wide for its box, or a line that cannot fit even at the smallest size, raises :class:`Overflow`;
:mod:`printables.flow` lays the wrapped lines out into blocks and columns.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from itertools import repeat

from printables import fonts

EPSILON = 0.01


class Overflow(ValueError):
    """Text that does not fit its box."""


@functools.lru_cache(maxsize=65536)
def text_width(text: str, font: str, size: float) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    fonts.register()
    return float(stringWidth(text, font, size))


def fit_size(text: str, width: float, size: float, min_size: float, bold: bool = False) -> float:
    """The largest size from ``size`` down to ``min_size`` (0.25 pt steps) at which one line fits ``width``."""
    font = fonts.BOLD if bold else fonts.REGULAR
    s = size
    while s >= min_size - EPSILON:
        if text_width(text, font, s) <= width:
            return s
        s -= 0.25
    raise Overflow(f"{text!r} does not fit {width:.1f} pt even at {min_size} pt")


# -- words and lines ---------------------------------------------------------------------------------------

Fragment = tuple[str, str]  # text, font
Word = tuple[Fragment, ...]


def parse(text: str, bold: bool = False) -> list[Fragment]:
    """Split ``**bold**`` markup into (text, font) fragments."""
    out: list[Fragment] = []
    for i, piece in enumerate(re.split(r"\*\*", text)):
        if piece:
            out.append((piece, fonts.BOLD if bold or i % 2 else fonts.REGULAR))
    return out


def words(fragments: Sequence[Fragment]) -> list[Word]:
    """Words (split at spaces), each a tuple of fragments so that a word may change font inside."""
    result: list[Word] = []
    current: list[Fragment] = []
    for text, font in fragments:
        # break at ordinary spaces only: a no-break space (French "carte :") keeps its neighbours together
        for piece in re.split(r"([ \t\n]+)", text):
            if not piece:
                continue
            if piece.isspace():
                if current:
                    result.append(tuple(current))
                    current = []
            else:
                current.append((piece, font))
    if current:
        result.append(tuple(current))
    return result


@functools.lru_cache(maxsize=65536)
def word_width(word: Word, size: float) -> float:
    return sum(text_width(t, f, size) for t, f in word)


@functools.lru_cache(maxsize=16384)
def words_of(text: str, bold: bool = False) -> tuple[Word, ...]:
    """:func:`words` of the marked-up ``text``, remembered."""
    return tuple(words(parse(text, bold)))


Line = tuple[Word, ...]


def wrap(text: str, size: float, width: float, bold: bool = False) -> tuple[Line, ...]:
    """Greedy word wrap of marked-up ``text`` into lines no wider than ``width`` (measured as drawn). A word
    wider than ``width`` raises :class:`Overflow`."""
    return _wrap(text, size, width, bold)


@functools.lru_cache(maxsize=65536)
def _wrap(text: str, size: float, width: float, bold: bool) -> tuple[Line, ...]:
    """:func:`wrap`, remembered: the layouts that look for the largest size that fits wrap the same text at
    the same size and width many times."""
    found = words_of(text, bold)
    widths, spaces = _widths(text, bold, size)
    limit = width + EPSILON
    if not widths:
        return ()
    if max(widths) > limit:
        word = "".join(t for t, _ in found[next(i for i, w in enumerate(widths) if w > limit)])
        raise Overflow(f"the word {word!r} is wider than {width:.1f} pt")
    lines: list[Line] = []
    start = 0
    used = widths[0]
    for i in range(1, len(widths)):
        wider = used + spaces[i - 1] + widths[i]
        if wider > limit:
            lines.append(found[start:i])
            start, used = i, widths[i]
        else:
            used = wider
    lines.append(found[start:])
    return tuple(lines)


def widest_word(text: str, size: float, bold: bool = False) -> float | None:
    """The width of the widest word of the marked-up ``text`` at ``size`` (``None``: it has no word)."""
    widths = _widths(text, bold, size)[0]
    return max(widths) if widths else None


@functools.lru_cache(maxsize=16384)
def _widths(text: str, bold: bool, size: float) -> tuple[list[float], list[float]]:
    """The width of each word of ``text`` at ``size`` and of the space after it: a space takes the font of
    the text before it, as :func:`segments` draws it. Each fragment's width is reportlab's ``stringWidth``
    (its advances summed, ``/ 1000 * size``: :func:`_advances`), and a word's the sum of its fragments'."""
    words, spaces = _advances(text, bold)
    widths = [w / 1000 * size if isinstance(w, float) else sum(a / 1000 * size for a in w) for w in words]
    return widths, [a / 1000 * size for a in spaces]


@functools.lru_cache(maxsize=16384)
def _advances(text: str, bold: bool) -> tuple[list[float | tuple[float, ...]], list[float]]:
    """For each word of ``text``, the sum of its characters' advances (in thousandths of the size), a tuple of
    one sum per fragment for a word that changes font; and the advance of the space after it. A width at
    any size follows from them as reportlab's ``stringWidth`` computes it, without measuring each word
    again at each size the layout searches try."""
    found = words_of(text, bold)
    advance = _advance_tables()
    words: list[float | tuple[float, ...]] = []
    for word in found:
        sums = tuple(
            float(sum(map(advance[font][0], map(ord, t), repeat(advance[font][1])))) for t, font in word
        )
        words.append(sums[0] if len(sums) == 1 else sums)
    spaces = [float(advance[word[-1][1]][0](32, advance[word[-1][1]][1])) for word in found]
    return words, spaces


@functools.cache
def _advance_tables() -> dict[str, tuple[Callable[[int, float], float], float]]:
    """Each font's advance of a character (``get(code, default)``) and its default advance: what reportlab's
    ``stringWidth`` sums."""
    from reportlab.pdfbase.pdfmetrics import getFont

    fonts.register()
    out = {}
    for name in (fonts.REGULAR, fonts.BOLD):
        face = getFont(name).face
        out[name] = (face.charWidths.get, face.defaultWidth)
    return out


def segments(line: Sequence[Word]) -> list[Fragment]:
    """A line as the runs of one font that are drawn: words joined by spaces, a space taking the font of the
    text before it."""
    out: list[list[str]] = []
    out_fonts: list[str] = []
    for i, word in enumerate(line):
        if i:
            out[-1].append(" ")
        for text, font in word:
            if out_fonts and out_fonts[-1] == font:
                out[-1].append(text)
            else:
                out.append([text])
                out_fonts.append(font)
    return [("".join(parts), font) for parts, font in zip(out, out_fonts, strict=True)]


def line_width(line: Sequence[Word], size: float) -> float:
    return sum(text_width(t, f, size) for t, f in segments(line))
