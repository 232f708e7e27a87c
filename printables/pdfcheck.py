"""A small reader for the PDFs we write, independent of reportlab: structure, pages and their sizes, fonts.

It checks what a viewer relies on: the header and trailer, that every cross-reference entry points at its
object, the page count from the page tree, every page's ``/MediaBox``, and that fonts are embedded.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


class InvalidPdf(ValueError):
    pass


@dataclass(frozen=True)
class PdfInfo:
    pages: int
    media_boxes: tuple[tuple[float, float, float, float], ...]
    fonts: tuple[str, ...]
    embedded: int  # font files embedded
    title: str


def inspect(data: bytes) -> PdfInfo:
    """Parse ``data``; raises :class:`InvalidPdf` if it is not a well-formed PDF."""
    if not data.startswith(b"%PDF-1."):
        raise InvalidPdf("no %PDF header")
    if not data.rstrip().endswith(b"%%EOF"):
        raise InvalidPdf("no %%EOF at the end")
    start = re.findall(rb"startxref\s+(\d+)\s+%%EOF", data)
    if not start:
        raise InvalidPdf("no startxref")
    offset = int(start[-1])
    if data[offset : offset + 4] != b"xref":
        raise InvalidPdf(f"startxref {offset} does not point at the xref table")
    head = re.match(rb"xref\s+(\d+)\s+(\d+)\s+", data[offset:])
    if head is None:
        raise InvalidPdf("malformed xref table")
    first, count = int(head.group(1)), int(head.group(2))
    pos = offset + head.end()
    for n in range(first, first + count):
        entry = data[pos : pos + 20]
        pos += 20
        m = re.match(rb"(\d{10}) (\d{5}) ([nf])", entry)
        if m is None:
            raise InvalidPdf(f"malformed xref entry {n}")
        if m.group(3) == b"n":
            at = int(m.group(1))
            if not re.match(rb"%d 0 obj" % n, data[at : at + 20]):
                raise InvalidPdf(f"xref entry {n} does not point at object {n}")
    trailer = data[pos : data.index(b"startxref", pos)]
    if not re.search(rb"/Size %d\b" % (first + count), trailer):
        raise InvalidPdf("trailer /Size does not match the xref table")
    kids = re.search(rb"/Type /Pages[^>]*?/Count (\d+)|/Count (\d+)[^>]*?/Type /Pages", data)
    if kids is None:
        raise InvalidPdf("no page tree")
    pages = int(kids.group(1) or kids.group(2))
    page_objs = re.findall(rb"<<([^<>]*(?:<<[^<>]*>>[^<>]*)*)>>", data)
    boxes = []
    for body in page_objs:
        if re.search(rb"/Type /Page\b(?!s)", body):
            m = re.search(rb"/MediaBox \[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]", body)
            if m is None:
                raise InvalidPdf("a page without /MediaBox")
            x0, y0, x1, y1 = (float(v) for v in m.groups())
            boxes.append((x0, y0, x1, y1))
    if len(boxes) != pages:
        raise InvalidPdf(f"the page tree counts {pages} pages, {len(boxes)} page objects found")
    fonts = tuple(sorted({f.decode() for f in re.findall(rb"/BaseFont /([\w+-]+)", data)}))
    title = re.search(rb"/Title \(([^)]*)\)", data)
    return PdfInfo(
        pages,
        tuple(boxes),
        fonts,
        len(re.findall(rb"/FontFile2 ", data)),
        title.group(1).decode("latin-1") if title else "",
    )
