"""One word for one thing: a translated document names a thing as the game's other documents and the table
(`companion play GAME --lang ...`) name it, and a card's numbers read the same on the pad beside it."""

from __future__ import annotations

import re

import pytest

from printables.pdf import recording
from printables.registry import Options, game_docs


def _text(game: str, kind: str, lang: str) -> str:
    with recording() as pens:
        game_docs(game).documents[kind](Options("a4", pages=1, lang=lang))
    return " ".join(" ".join(d.text for pen in pens for d in pen.log).split())


def test_potra_bash_automa_card_writes_each_handicap_as_the_pad_does() -> None:
    """The card's difficulty table read "1: –" where the pad's "How to score" reads "difficulty 1: +0"."""
    from ai.potra_bash.components import AUTOMA_HANDICAP

    card, pad = _text("potra-bash", "automa", "en"), _text("potra-bash", "scorepad", "en")
    for level, points in AUTOMA_HANDICAP.items():
        assert f"difficulty {level}: +{points}" in pad
        assert re.search(rf"\b{level}( \(default\))? \+{points}\b", card), (level, points)


@pytest.mark.parametrize("kind", ["rules", "aid", "automa"])
def test_french_rip_calls_a_familys_deck_its_paquet(kind: str) -> None:
    """The rules, the aid and the table say "paquet"; the automa's set-up said "sa pioche de fantômes"."""
    text = _text("rip", kind, "fr")
    assert not re.search(r"\b(sa|la|de|une|son) pioche\b", text), re.findall(r".{30}\bpioche\b.{20}", text)


def test_french_potra_bash_automa_draws_from_the_pioche() -> None:
    """The rules, the aid and the table call Potra Bash's deck "la pioche"; the automa's set-up said "paquet"."""
    text = _text("potra-bash", "automa", "fr")
    assert "paquet" not in text and "carte du dessus de la pioche" in text


@pytest.mark.parametrize(
    ("lang", "role", "wrong"), [("fr", "contrôleur", "inspecteur"), ("ru", "досматривающ", "")]
)
def test_prohis_names_the_inspecting_player_as_the_table_does(lang: str, role: str, wrong: str) -> None:
    """The table says "Comme contrôleur" / "Досматривающий"; the rules and the aid said "l'inspecteur" /
    "инспектор" (a word a reader takes for the Inspector card) and the Russian automa "проверяющий"."""
    for kind in ("rules", "aid", "automa"):
        text = _text("prohis", kind, lang)
        assert role in text, kind
        assert not re.search(r"\bинспектор|проверя", text), kind
        if wrong:
            assert not re.search(rf"\b{wrong}", text), kind  # the card, Inspecteur, is capitalised


@pytest.mark.parametrize(
    ("lang", "imperative", "infinitive"),
    [("fr", "lancez le dé", "lancer le dé"), ("ru", "бросьте кубик", "бросить кубик")],
)
def test_prohis_automa_actions_are_infinitives_like_the_others(
    lang: str, imperative: str, infinitive: str
) -> None:
    """Every other action in a pill is an infinitive ("envoyer…", "garder ses contrôleurs"); three read "lancez"."""
    text = _text("prohis", "automa", lang)
    assert imperative not in text and infinitive in text


def test_russian_cards_say_default_in_one_word() -> None:
    """RIP's and Potra Bash's difficulty tables read "2 (по умолчанию)"; Prohis's list read "Уровень 2 (обычный)"."""
    for game in ("rip", "potra-bash", "prohis"):
        text = _text(game, "automa", "ru")
        assert "(по умолчанию)" in text and "(обычный)" not in text, game


@pytest.mark.parametrize("lang", ["en", "ru", "fr"])
def test_prohis_automa_can_be_run_by_one_person(lang: str) -> None:
    """Alone with the box (you and two automas, as Potra Bash's card says), nobody else can roll the die for a
    bribe you offer, and an automa's bribe to the other automa has no reader but the table: the card says both."""
    text = _text("prohis", "automa", lang)
    solo, alone, face_up = {
        "en": ("Solo: you and two automas", "(alone: they roll it)", "turned face up to be read"),
        "ru": ("Соло: вы и два автомата", "(играя один — он сам)", "открывают лицом вверх, чтобы прочесть"),
        "fr": (
            "En solo : vous et deux automates",
            "(seul : il le lance lui-même)",
            "retourné face visible",
        ),
    }[lang]
    assert solo in text and alone in text and face_up in text


def test_rip_table_says_the_automas_reach_as_its_russian_card_does() -> None:
    """The card: "ваша сумма не больше его суммы + его досягаемости" (the automa, «он»); the table's rule-6 line
    read "ваши 3 против её 2 + 6 + кубик", a feminine «её» with nothing to stand for."""
    from ai.words.i18n import language, tr

    with language("ru"):
        line = tr("your {yours} against its {total} + {reach} + the die", yours=3, total=2, reach=6)
    assert line == "ваши 3 против его 2 + 6 + кубик"
    assert "его суммы + его досягаемости" in _text("rip", "automa", "ru")


@pytest.mark.parametrize(
    ("lang", "capitalised"), [("fr", r"marchandise (I|L)"), ("ru", r"(?<!: )(Нел|Л)егальный товар")]
)
def test_prohis_automa_writes_goods_in_a_sentence_as_the_rules_do(lang: str, capitalised: str) -> None:
    """The rules and the glossary write "marchandises légales / illégales" (a card's name, Lieutenant, keeps its
    capital); the automa's draw pills read "une marchandise Illégale … une marchandise Légale"."""
    text = _text("prohis", "automa", lang)
    assert not re.search(capitalised, text), re.findall(rf".{{20}}{capitalised}.{{20}}", text)


@pytest.mark.parametrize(
    ("lang", "label"), [("fr", "nombre de 1 (départage)"), ("ru", "единицы (при ничьей)")]
)
def test_potra_bash_pad_tie_break_row_says_what_to_count(lang: str, label: str) -> None:
    """English: "1s (tie-break)". The French row read "1 (départage)", a value rather than a count of 1s, and
    the Russian "единицы (ничья)", "(a draw)" rather than what breaks one."""
    assert label in _text("potra-bash", "scorepad", lang)
