"""Every document of every game, on A4 and Letter: a valid PDF of the right page size with its fonts
embedded, no text outside its box or the page, byte-identical when built twice, and printed from the engine's
data. All five games must print all four kinds: a game whose engine stops importing fails here, loudly."""

from __future__ import annotations

import pytest

from printables.pdf import Pen, page_size, recording
from printables.pdfcheck import inspect, layout_problems
from printables.registry import GAMES, KINDS, Options, game_docs

#: One test per game, document kind and paper size.
DOCS = [(game, kind) for game in GAMES for kind in KINDS]


def test_every_game_prints_every_kind() -> None:
    assert set(GAMES) == {"propuh", "rip", "potra-bash", "prudh", "prohis"}
    for game in GAMES:
        assert set(game_docs(game).documents) == set(KINDS), game


def check_texts(pens: list[Pen], width: float, height: float) -> int:
    """Measure every text drawn again, independently of the pen: it fits its box and the page."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    drawn = 0
    for pen in pens:
        for d in pen.log:
            w = stringWidth(d.text, d.font, d.size)
            assert w <= d.box_width + 0.01, f"{d.text!r} overflows its box"
            assert d.x >= 0 and d.x + w <= width + 0.01, f"{d.text!r} leaves the page"
            assert 0 < d.y < height, f"{d.text!r} leaves the page"
            assert d.size >= 5, f"{d.text!r} is too small to read"
            drawn += 1
    return drawn


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("game", "kind"), DOCS)
def test_document(game: str, kind: str, paper: str) -> None:
    builder = game_docs(game).documents[kind]
    options = Options(paper, pages=2 if kind in ("aid", "scorepad") else 1)
    with recording() as pens:
        data = builder(options)
    info = inspect(data)
    w, h = page_size(paper)
    assert info.pages >= 1
    assert kind not in ("aid", "scorepad") or info.pages == 2
    for box in info.media_boxes:
        assert box[:2] == (0, 0) and abs(box[2] - w) < 0.01 and abs(box[3] - h) < 0.01
    # every font is a DejaVu subset embedded in the file (French, Cyrillic): no standard-14 fallback
    assert info.fonts and all("+DejaVu" in f for f in info.fonts), info.fonts
    assert info.embedded == len(info.fonts)
    assert check_texts(pens, w, h) > 20
    # every page measured: nothing overlaps, frames not overfull, cards and columns filled, one body size
    # on cards, 9.5 pt body on rule sheets, name fields of at least 35 mm
    assert [p for pen in pens for p in layout_problems(pen, kind)] == []
    if paper == "a4":  # Letter runs the same code; building once more per document is enough
        assert builder(options) == data, "not deterministic"
