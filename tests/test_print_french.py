"""French typography on paper: a no-break space before ":", ";", "?" and "!", so that no line of a French
sheet starts with one (a pill's action wraps like any text: it breaks at ordinary spaces only), and the
pads' name fields read "Vert :" like "Date :"."""

from __future__ import annotations

import re

import pytest

from ai.words import catalogues, i18n
from printables.pdf import Drawn, Pen, recording
from printables.registry import GAMES, KINDS, Options, game_docs

PUNCTUATION = ":;?!"
SPACES = " \u00a0\u202f"


def line_starts(pens: list[Pen]) -> list[str]:
    """The texts drawn at the start of a line that begin with a high punctuation mark. A line is drawn as
    runs of one font each; a run that starts where another ends on the same baseline continues a line."""
    found = []
    for pen in pens:

        def continues(d: Drawn, log: list[Drawn] = pen.log) -> bool:
            return any(
                o is not d and o.page == d.page and abs(o.y - d.y) < 0.01 and abs(o.x + o.width - d.x) < 0.6
                for o in log
            )

        for d in pen.log:
            head = d.text.lstrip(SPACES)
            if head[:1] in tuple(PUNCTUATION) and not continues(d):
                found.append(f"page {d.page}: {d.text!r}")
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_no_french_line_starts_with_high_punctuation(game: str, paper: str) -> None:
    docs = game_docs(game)
    for kind in KINDS:
        counts: list[int | None] = [None]
        if kind == "scorepad" and docs.players:
            counts = [docs.players[0], docs.players[1]]
        for n in counts:
            with recording() as pens:
                docs.documents[kind](Options(paper, players=n, pages=1, lang="fr"))
            assert line_starts(pens) == [], f"{game}-{kind}-{paper}-fr ({n} players)"


def test_french_catalogue_puts_a_no_break_space_before_high_punctuation() -> None:
    entries = {
        "\0".join(m.id) if m.pluralizable else m.id: "\0".join(m.string) if m.pluralizable else m.string
        for m in catalogues.read("fr")
        if any(m.string) and not m.fuzzy
    }
    ordinary = [m for m, s in entries.items() if m and re.search(r" [:;?!]", s)]
    # a mark followed by a word is not punctuation but notation, typed as written (12:30, bot:hard, exploit:{name})
    glued = [m for m, s in entries.items() if m and re.search(rf"[^{SPACES}][:;?!](?![\w{{])", s)]
    assert ordinary == [] and glued == [], (ordinary[:3], glued[:3])


@pytest.mark.parametrize("game", GAMES)
def test_french_pad_name_fields_end_like_the_date(game: str) -> None:
    with recording() as pens:
        game_docs(game).documents["scorepad"](Options("a4", pages=1, lang="fr"))
    labels = [b.label for pen in pens for b in pen.blanks]
    assert len(labels) >= (1 if game == "propuh" else 3), labels  # Propuh's pad: one player's name
    assert [label for label in labels if not label.endswith("\u00a0:")] == []


def broken_numbers(pens: list[Pen]) -> list[str]:
    """Numbers written in groups of three broken between two lines: a line that ends with a digit followed by
    one that opens with a group of three (a trial read the French card's "Inspecteur 5⏎000" as 5)."""
    found = []
    for pen in pens:
        for before, d in zip(pen.log, pen.log[1:], strict=False):
            new_line = before.page == d.page and d.y < before.y - 0.01
            if new_line and before.text.rstrip()[-1:].isdigit() and re.match(r"\d{3}(?!\d)", d.text):
                found.append(f"page {d.page}: {before.text!r} / {d.text!r}")
    return found


@pytest.mark.parametrize("lang", ["fr", "ru"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_number_breaks_between_its_groups_of_three(lang: str, paper: str) -> None:
    for game in GAMES:
        docs = game_docs(game)
        for kind in KINDS:
            with recording() as pens:
                docs.documents[kind](Options(paper, players=None, pages=1, lang=lang))
            assert broken_numbers(pens) == [], f"{game}-{kind}-{paper}-{lang}"


def test_typeset_keeps_numbers_and_french_punctuation_on_their_line() -> None:
    nbsp = "\u00a0"
    assert (
        i18n.typeset("fr", "Inspecteur 5 000 ; Capitaine 4 000.")
        == f"Inspecteur 5{nbsp}000{nbsp}; Capitaine 4{nbsp}000."
    )
    # a list an engine joined with "; " (the Propuh goals), and an entity left as it is
    assert i18n.typeset("fr", "la Table); faire &amp; x") == f"la Table){nbsp}; faire &amp; x"
    assert i18n.typeset("ru", "инспектор 5 000; капитан") == f"инспектор 5{nbsp}000; капитан"
    assert i18n.typeset("en", "inspector 5 000; captain") == "inspector 5 000; captain"
    assert i18n.typeset("fr", "mansions 1 2 3 and 12 34") == "mansions 1 2 3 and 12 34"


def test_french_catalogue_negates_aucun_with_ne() -> None:
    """A trial: the RIP aid read "Jouez autant de cartes que vous voulez — aucune est permis —", where French
    needs "ne" with "aucun" as a subject (or another turn of phrase: "y compris aucune")."""
    wrong = [
        m.id
        for m in catalogues.read("fr")
        if isinstance(m.string, str) and re.search(r"\baucune?s?\W*\s+(est|sont|a|ont|peut|doit)\b", m.string)
    ]
    assert wrong == []
