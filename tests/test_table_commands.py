"""The table's commands in the language of the table: a person at a Russian or French table types them in their
own words (the catalogue's ``input`` forms) or in English, and a typo of one is answered with the word of their
language."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import run_cli

PLAY = ["play", "prudh", "--bot", "normal", "--first", "me", "--seed", "5", "--think", "0.01"]
ENGLISH = ["help", "board", "undo", "hint", "quit"]
#: Each language's words for ``ENGLISH``, in that order.
WORDS = {
    "ru": ["помощь", "доска", "отмена", "подсказка", "выход"],
    "fr": ["aide", "plateau", "annuler", "indice", "quitter"],
}


#: How each language's hint begins (the hint itself comes from a search in a given time: it may differ).
HINT = {"ru": "Подсказка:", "fr": "Indice\u00a0:"}


def _said(stdout: str) -> list[str]:
    """What the table said, without the echo of what was typed, and each hint cut to its first word."""
    lines = [line for line in stdout.splitlines() if not line.startswith("> ")]
    return [next((hint for hint in HINT.values() if line.startswith(hint)), line) for line in lines]


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_a_command_typed_in_the_language_of_the_table_does_what_the_english_word_does(
    tmp_path: Path, lang: str
) -> None:
    english = run_cli(tmp_path / "en", [*PLAY, "--lang", lang], ENGLISH)
    own = run_cli(tmp_path / lang, [*PLAY, "--lang", lang], WORDS[lang])
    assert own.returncode == english.returncode == 0
    assert _said(own.stdout) == _said(english.stdout)
    said = "\n".join(_said(own.stdout))
    # the undo had nothing to take back, the hint named a move, quit saved the game: each in the table's words
    assert {"ru": "отменять нечего", "fr": "rien à annuler"}[lang] in said
    assert HINT[lang] in said
    assert {"ru": "партия №1 сохранена", "fr": "la partie nº\u00a01 est sauvegardée"}[lang] in said


@pytest.mark.parametrize(
    ("lang", "typo", "meant"), [("ru", "подсказк", "«подсказка»"), ("fr", "indic", "«\u00a0indice\u00a0»")]
)
def test_a_typo_of_a_command_is_answered_with_the_word_of_the_table(
    tmp_path: Path, lang: str, typo: str, meant: str
) -> None:
    run = run_cli(tmp_path, [*PLAY, "--lang", lang], [typo, "quit"])
    assert meant in run.stdout
    assert "did you mean" not in run.stdout


def test_an_english_table_takes_no_other_language_s_words(tmp_path: Path) -> None:
    run = run_cli(tmp_path, PLAY, ["отмена", "annuler", "quit"])
    assert "nothing to undo" not in run.stdout
    assert run.stdout.count("✗") == 2


@pytest.mark.parametrize("lang", ("ru", "fr"))
def test_no_command_word_is_a_word_of_a_move(lang: str) -> None:
    """A line's first word is read as a command first: a command's word that is also a game's word (Propuh's
    Table is «стол», « table ») would turn a move into a command."""
    from ai.potra_bash.notation import TYPED as POTRA
    from ai.prohis.notation import TYPED_WORDS as PROHIS
    from ai.propuh.notation import TYPED as PROPUH
    from ai.prudh.notation import TYPED as PRUDH
    from ai.rip.notation import TYPED as RIP
    from ai.words import language, typed_forms
    from companion.table.game import COMMANDS

    with language(lang):
        commands = {form for word in COMMANDS for form in typed_forms(word)}
        moves = {
            form for words in (POTRA, PROPUH, PROHIS, PRUDH, RIP) for w in words for form in typed_forms(w)
        }
    assert commands and moves
    assert commands & moves == set()
