"""Prohis's words typed in the language of the table: a long form of the catalogue (``ai.prohis.notation
.typed_words``) is read as the English word it stands for, and a close typo of it is suggested, through the real
command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import run_cli

#: Ann holds 3 legal, 1 illegal, a captain and an inspector (seed 22).
START = ["play", "prohis", "--seats", "Ann,Ben,bot", "--seed", "22", "--json"]


@pytest.mark.parametrize(
    ("lang", "typo", "word", "convoy"),
    [
        ("ru", "капитн", "капитан", "конвой товар контрабанда капитан"),
        ("fr", "capitane", "capitaine", "convoi légale illégale capitaine"),
    ],
)
def test_a_person_types_prohis_words_in_the_tables_language_and_a_typo_gets_the_word_suggested(
    home: Path, lang: str, typo: str, word: str, convoy: str
) -> None:
    first, *cards = convoy.split()
    typed = " ".join([first, *cards[:-1], typo])
    run = run_cli(home, [*START, "--lang", lang], [typed, convoy, "inspect i"])
    assert run.returncode == 0, run.stderr
    assert [(e["input"], e.get("suggestion")) for e in run.of("error")] == [(typed, word)]
    assert [(e["player"], e["size"]) for e in run.of("convoy")] == [("Ann", 3)]
    assert [(e["player"], e["controller"]) for e in run.of("commit")] == [("Ben", "inspector")]


def test_english_adds_no_long_form() -> None:
    from ai.prohis.notation import typed_words
    from ai.words import language

    with language("en"):
        assert typed_words() == {}
    with language("fr"):
        assert typed_words()["convoi"] == "convoy"
