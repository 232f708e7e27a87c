"""The fonts every printable uses: DejaVu Sans Condensed, regular and bold, shipped inside the package.

They cover French accents and Cyrillic, so player names in any of those languages print correctly. Both are
embedded (subset) in every PDF; the licence is ``printables/fonts/LICENSE``.
"""

from __future__ import annotations

from pathlib import Path

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
    from reportlab.pdfbase.ttfonts import TTFont

    for name, file in FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / file)))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=REGULAR, boldItalic=BOLD)
    _registered = True
