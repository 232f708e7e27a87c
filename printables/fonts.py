"""The fonts every printable uses: DejaVu Sans Condensed, regular and bold, shipped inside the package.

They cover French accents and Cyrillic, so player names in any of those languages print correctly. Both are
embedded (subset) in every PDF; the licence is ``printables/fonts/LICENSE``.
"""

from __future__ import annotations

import functools
import zlib
from pathlib import Path
from typing import Any

FONT_DIR = Path(__file__).with_name("fonts")
REGULAR = "DejaVuSansCondensed"
BOLD = "DejaVuSansCondensed-Bold"
FILES = {REGULAR: "DejaVuSansCondensed.ttf", BOLD: "DejaVuSansCondensed-Bold.ttf"}

_registered = False


def register() -> None:
    """Register both fonts with reportlab once per process."""
    global _registered
    if _registered:
        return
    from reportlab.pdfbase import pdfmetrics

    for name, file in FILES.items():
        pdfmetrics.registerFont(_font(name, str(FONT_DIR / file)))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=REGULAR, boldItalic=BOLD)
    _registered = True


#: The characters each document codes first in both fonts, by language, before it draws anything: a
#: document's subsets (the glyphs it embeds) are then the same for every document of its language, made,
#: compressed and formatted once per run instead of once per document (a character beyond them takes the
#: next code as it is drawn). Each file embeds the few dozen glyphs of its language it does not draw: about
#: a tenth larger, and a tenth of the CPU time of ``print all all --lang all --paper all`` saved.
_EVERY_LANGUAGE = "".join(map(chr, range(0x20, 0x7F))) + "–—‘’“”«»…•·→↔×−≤≥№°✓í"
FIRST = {
    "en": _EVERY_LANGUAGE,
    "fr": _EVERY_LANGUAGE + "àâæçéèêëîïôœùûüÿÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸ",
    "ru": _EVERY_LANGUAGE + "".join(map(chr, range(0x410, 0x450))) + "ёЁ\u0301",  # U+0301: the stress mark
}


def code_first(doc: Any, lang: str) -> None:
    """Give :data:`FIRST`'s characters of ``lang`` their codes in both fonts of ``doc``, in order."""
    from reportlab.pdfbase.pdfmetrics import getFont

    for name in FILES:
        getFont(name).splitString(FIRST.get(lang, _EVERY_LANGUAGE), doc)


#: The Flate level of every stream: zlib's fastest. Against zlib's default level the streams take half the
#: time to make and the files are a fourteenth larger (the pages' text a quarter, the fonts a twentieth);
#: the pages they draw are the same.
LEVEL = 1


class Deflate:
    """A Flate filter for reportlab's streams at :data:`LEVEL`; ``remember``: each content compressed once per
    process (a font's subset is the same in many documents of a run: a document on A4 and on Letter)."""

    pdfname = "FlateDecode"

    def __init__(self, remember: bool) -> None:
        self.remember = remember

    def encode(self, content: str | bytes) -> bytes:
        data = content.encode("utf8") if isinstance(content, str) else content
        return _deflated(data) if self.remember else zlib.compress(data, LEVEL)

    def decode(self, encoded: bytes) -> bytes:
        return zlib.decompress(encoded)


@functools.lru_cache(maxsize=256)
def _deflated(content: bytes) -> bytes:
    return zlib.compress(content, LEVEL)


#: The filter of the pages' streams (each compressed as it is written).
PAGES = Deflate(remember=False)
_SUBSETS = Deflate(remember=True)


@functools.lru_cache(maxsize=256)
def _widths(widths: tuple[float, ...]) -> bytes:
    """A subset's ``Widths`` array as reportlab formats it (a number at a time), once per process."""
    from reportlab.pdfbase import pdfdoc

    return bytes(pdfdoc.PDFArray(widths).format(None))


def _font(name: str, path: str) -> Any:
    """A reportlab TrueType font whose subsets (the glyphs one document uses) are made, compressed and their
    widths formatted once per process for all the documents that use the same glyphs."""
    from reportlab.pdfbase import pdfdoc
    from reportlab.pdfbase.ttfonts import TTFont

    class Formatted(pdfdoc.PDFObject):  # type: ignore[misc]
        """A PDF object already formatted: written as its bytes."""

        def __init__(self, data: bytes) -> None:
            self.data = data

        def format(self, document: Any) -> bytes:
            return self.data

    class SharedSubsets(TTFont):  # type: ignore[misc]
        def __init__(self, name: str, path: str) -> None:
            super().__init__(name, path)
            make = self.face.makeSubset
            remembered = functools.lru_cache(maxsize=64)(lambda glyphs: make(list(glyphs)))
            self.face.makeSubset = lambda subset: remembered(tuple(subset))

        def addObjects(self, doc: Any) -> None:
            before = set(doc.idToObject)
            super().addObjects(doc)
            for key in doc.idToObject.keys() - before:  # the subsets' objects just added
                added = doc.idToObject[key]
                if isinstance(added, pdfdoc.PDFStream):
                    added.filters = [_SUBSETS]
                elif isinstance(added, pdfdoc.PDFTrueTypeFont) and isinstance(added.Widths, pdfdoc.PDFArray):
                    added.Widths = Formatted(_widths(tuple(added.Widths.sequence)))

    return SharedSubsets(name, path)
