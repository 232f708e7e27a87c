"""Every document of every game, in English, Russian and French, on A4 and Letter: a valid PDF of the right
page size with its fonts embedded, every page measured (no text outside its box or the page, no overlap,
frames filled), byte-identical when built twice, printed from the engine's data, and no English left in a
Russian or French document. All five games must print all four kinds: a game whose engine stops importing
fails here, loudly."""

from __future__ import annotations

from pathlib import Path

import pytest

from printables.layoutcheck import layout_problems
from printables.pdf import Pen, page_size, recording
from printables.pdfcheck import inspect
from printables.registry import GAMES, KINDS, Options, game_docs

#: One test per game, document kind, paper size and language.
DOCS = [(game, kind) for game in GAMES for kind in KINDS]
#: Games whose rule sheet is one page in every language and on both papers (RIP's, with its psychic cards,
#: is two).
ONE_PAGE_RULES = {"propuh", "potra-bash", "prudh", "prohis"}

#: Latin words a Russian document may print: game, publisher and variant names, as on the components.
NAMES = {
    "companion", "Propuh", "RIP", "Rest", "in", "Peace", "Potra", "Bash", "Prudh", "Prohis", "Ordinary",
    "Traditional", "Tika", "Tomío", "Interhuman", "Blue", "Cocker", "Lunchtime", "Games", "Crab", "Fragment",
    "Labs", "Major", "min",
}  # fmt: skip
#: Words that only English prints: one of them in a French document is an untranslated sentence.
ENGLISH = {"the", "and", "of", "your", "with", "from", "player", "players", "card", "cards", "round", "when"}


def untranslated(pens: list[Pen], lang: str) -> list[str]:
    """The words of a ``lang`` document that are English (Russian: any Latin word of 3 letters or more that
    is not a name; French: an English-only word)."""
    import re

    found = []
    for pen in pens:
        for d in pen.log:
            for word in re.findall(r"[A-Za-zÀ-ÿ']+", d.text):
                if lang == "ru" and len(word) >= 3 and word not in NAMES:
                    found.append(f"{word!r} in {d.text!r}")
                if lang == "fr" and word.lower() in ENGLISH:
                    found.append(f"{word!r} in {d.text!r}")
    return found


def foreign(pens: list[Pen]) -> list[str]:
    """The texts of an English document that another catalogue wrote: Cyrillic letters, or French typography
    (a no-break space before high punctuation or inside « »)."""
    import re

    return [
        d.text for pen in pens for d in pen.log if re.search("[\u0400-\u04ff]|\u00a0[:;?!»]|«\u00a0", d.text)
    ]


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


@pytest.mark.parametrize("lang", ["en", "ru", "fr"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("game", "kind"), DOCS)
def test_document(game: str, kind: str, paper: str, lang: str) -> None:
    builder = game_docs(game).documents[kind]
    options = Options(paper, pages=2 if kind in ("aid", "scorepad") else 1, lang=lang)
    with recording() as pens:
        data = builder(options)
    info = inspect(data)
    w, h = page_size(paper)
    assert info.pages >= 1
    assert kind not in ("aid", "scorepad") or info.pages == 2
    assert kind != "rules" or game not in ONE_PAGE_RULES or info.pages == 1, f"{info.pages} pages"
    for box in info.media_boxes:
        assert box[:2] == (0, 0) and abs(box[2] - w) < 0.01 and abs(box[3] - h) < 0.01
    # every font is a DejaVu subset embedded in the file (French, Cyrillic): no standard-14 fallback
    assert info.fonts and all("+DejaVu" in f for f in info.fonts), info.fonts
    assert info.embedded == len(info.fonts)
    assert check_texts(pens, w, h) > 20
    # every page measured: nothing overlaps, frames not overfull, cards and columns filled, one body size
    # on cards, 9.5 pt body on rule sheets, name fields of at least 35 mm
    assert [p for pen in pens for p in layout_problems(pen, kind)] == []
    if lang == "en":
        assert foreign(pens) == []
    else:
        assert untranslated(pens, lang) == []
    if paper == "a4" and lang == "en":  # the others run the same code: building once more is enough
        assert builder(options) == data, "not deterministic"


@pytest.mark.parametrize("lang", ["en", "ru", "fr"])
@pytest.mark.parametrize("game", ["potra-bash", "prohis"])
def test_a_score_pad_for_every_player_count_is_readable(game: str, lang: str) -> None:
    """A trial measured 5.0–5.8 pt headers and "How to score" boxes on Russian and French pads; more players
    narrow the columns: every count, both papers, keeps its text at 6.5 pt or more and laid out."""
    docs = game_docs(game)
    assert docs.players is not None
    for n in range(docs.players[0], docs.players[1] + 1):
        for paper in ("a4", "letter"):
            with recording() as pens:
                docs.documents["scorepad"](Options(paper, players=n, lang=lang))
            assert [p for pen in pens for p in layout_problems(pen, "scorepad")] == [], (n, paper)


def test_every_sentence_has_a_russian_and_a_french_translation() -> None:
    """Every text the documents ask for in English (every game, kind, paper and player count), including
    the engines' own (goals, bot rules, psychic cards, rulings), is in both catalogues."""
    from printables import i18n

    with i18n.collecting() as seen:
        for game in GAMES:
            docs = game_docs(game)
            for kind, builder in docs.documents.items():
                counts: list[int | None] = [None]
                if kind == "scorepad" and docs.players:
                    counts = list(range(docs.players[0], docs.players[1] + 1))
                for n in counts:
                    builder(Options("a4", players=n, pages=2))
    words = sorted(m for m in seen if any(c.isalpha() for c in m) and m not in NAMES)
    assert len(words) > 400
    for lang in ("ru", "fr"):
        missing = [m for m in words if not i18n.has(lang, m)]
        assert missing == [], (
            f"{lang}: {len(missing)} sentences without a translation, e.g. {missing[:3]}: add them to "
            f"ai/words/locale/{lang}/LC_MESSAGES/messages.po"
        )


def test_the_catalogues_compile_as_msgfmt_compiles_them(tmp_path: Path) -> None:
    """The ``.po`` is compiled in memory; the result is what GNU ``msgfmt`` makes of the same file."""
    import gettext
    import shutil
    import subprocess

    from ai.words import catalogues

    msgfmt = shutil.which("msgfmt")
    for lang in ("ru", "fr"):
        ours = catalogues.translations(lang)
        catalog: dict[object, str] = dict(ours._catalog)  # type: ignore[attr-defined]
        assert len(catalog) > 400
        assert ours.ngettext("{n} castle", "{n} castles", 1) != "{n} castle"
        assert ours.ngettext("{n} castle", "{n} castles", 5) != ours.ngettext("{n} castle", "{n} castles", 1)
        if msgfmt is not None:
            mo = tmp_path / f"{lang}.mo"
            subprocess.run([msgfmt, "-o", str(mo), str(catalogues.po_path(lang))], check=True)
            with mo.open("rb") as file:
                theirs = dict(gettext.GNUTranslations(file)._catalog)  # type: ignore[attr-defined]
            # the header is rewritten by whichever compiler: the translations are the same
            catalog.pop(""), theirs.pop("")
            assert catalog == theirs


def test_each_shipped_mo_is_what_its_po_compiles_to() -> None:
    """The ``.mo`` beside each ``.po`` is read at run time: one not compiled again after an edit of the ``.po``
    fails here (``python -m ai.words.compile`` compiles them)."""
    import gettext
    import io

    from ai.words import catalogues

    for lang in catalogues.LANGS[1:]:
        with catalogues.mo_path(lang).open("rb") as file:
            shipped = dict(gettext.GNUTranslations(file)._catalog)  # type: ignore[attr-defined]
        fresh = dict(gettext.GNUTranslations(io.BytesIO(catalogues.compiled(lang)))._catalog)  # type: ignore[attr-defined]
        (
            shipped.pop(""),
            fresh.pop(""),
        )  # the header names the compiler's version: the translations are what count
        assert shipped == fresh, (
            f"{catalogues.mo_path(lang)} is not what {catalogues.po_path(lang)} compiles to: "
            "run python -m ai.words.compile"
        )


def test_a_catalogue_entry_marked_fuzzy_or_left_blank_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ai.words import catalogues

    po = tmp_path / "ru" / "LC_MESSAGES" / f"{catalogues.DOMAIN}.po"
    po.parent.mkdir(parents=True)
    po.write_text(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Deal"\nmsgstr "Раздайте"\n\n'
        '#, fuzzy\nmsgid "Draw"\nmsgstr "Тяните"\n\n'
        'msgid "Pass"\nmsgstr ""\n\n'
        'msgid "Long "\n"text"\nmsgstr "Длинный "\n"текст"\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(catalogues, "LOCALE_DIR", tmp_path)
    catalogues.translations.cache_clear()
    try:
        ru = catalogues.translations("ru")
        assert [ru.gettext(m) for m in ("Deal", "Draw", "Pass", "Long text")] == [
            "Раздайте",
            "Draw",
            "Pass",
            "Длинный текст",
        ]
        assert [catalogues.has("ru", m) for m in ("Deal", "Draw", "Pass")] == [True, False, False]
    finally:
        catalogues.translations.cache_clear()


def test_words_a_table_said_back_as_typed_are_still_translated_on_a_card() -> None:
    from ai.words import language, tr

    with language("ru"):
        tr("{typed}", typed="no bribe")  # an undo at a Russian table names the input as it was typed
    with recording() as pens:
        game_docs("prohis").documents["automa"](Options("a4", pages=1, lang="ru"))
    assert untranslated(pens, "ru") == []
