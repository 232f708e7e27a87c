"""RIP's words typed in the language of the table: a long form of the catalogue (``ai.rip.notation.TYPED``) is read
as the English word it stands for, and a close typo of it is suggested, through the real command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import run_cli

START = ["play", "rip", "--bot", "normal", "--first", "me", "--seed", "16", "--json"]


@pytest.mark.parametrize(
    ("lang", "typo", "word", "more"),
    [("ru", "пасс", "пас", "ещё"), ("fr", "pase", "passe", "encore")],
)
def test_a_person_types_rips_words_in_the_tables_language_and_a_typo_gets_the_word_suggested(
    home: Path, lang: str, typo: str, word: str, more: str
) -> None:
    run = run_cli(home, [*START, "--lang", lang], ["draw 1 2 5 5 6", typo, word])
    assert run.returncode == 0, run.stderr
    errors = run.of("error")
    assert [(e["input"], e.get("suggestion")) for e in errors] == [(typo, word)]
    assert [e["player"] for e in run.of("leave")] == ["green"]  # the word passed: Green left round 1

    # the same game with "more" typed in the language: the card is played and the turn kept
    again = run_cli(home, [*START, "--lang", lang], ["draw 1 2 5 5 6", f"2 {more}"])
    assert again.returncode == 0, again.stderr
    assert again.of("error") == []
    assert [e["card"] for e in again.of("play") if e["player"] == "green"] == ["2"]
    assert again.of("turn") == [] and again.of("leave") == []


def test_english_keeps_its_words_only() -> None:
    from ai.rip.notation import typed_words
    from ai.words import language

    with language("en"):
        assert typed_words() == {}
    with language("ru"):
        assert typed_words()["пас"] == "pass"


def test_two_letters_swapped_suggest_the_word_with_those_letters(home: Path) -> None:
    """`drwa` is as alike to `drew` as to `draw` by difflib's ratio; it is `draw` with two letters swapped."""
    run = run_cli(home, ["play", "rip", "--seed", "3"], ["drwa", "quit"])
    assert "✗ unknown word 'drwa' (did you mean 'draw'?)" in run.stdout


@pytest.mark.parametrize(
    ("lang", "one", "three"),
    [
        ("en", "Green's deck holds only one 6", "Green's deck holds only 3 4s"),
        ("ru", "в колоде Зелёного всего 1 карта 6", "в колоде Зелёного всего 3 карты 4"),
        ("fr", "le paquet de Vert n'a qu'une carte 6", "le paquet de Vert n'a que 3 cartes 4"),
    ],
)
def test_a_draw_past_what_a_whole_deck_holds_says_so_once(
    home: Path, lang: str, one: str, three: str
) -> None:
    """A trial: two 6s drawn were refused "Green's deck has only one 6 left; Green's only 6: in the deck"."""
    run = run_cli(home, ["play", "rip", "--seed", "3", "--lang", lang, "--json"], ["6 6 1 1 2", "4 4 4 4 1"])
    assert [e["message"] for e in run.of("error")] == [one, three]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "undo stops here: Blue's move has been seen"),
        ("ru", "отмена не идёт дальше: ход Синего уже видели"),
        ("fr", "l'annulation s'arrête ici\u00a0: on a déjà vu le coup de Bleu"),
    ],
)
def test_an_undo_stopped_by_a_bots_move_names_the_seat_in_the_tables_language(
    home: Path, lang: str, said: str
) -> None:
    """The bot's seat named in the table's language, declined where the sentence needs it: «ход Синего», not
    «ход Blue» (English) nor «ход (Синий)» (the name in brackets, as for a person's name that cannot decline)."""
    run = run_cli(
        home, ["play", "rip", "--lang", lang, "--seed", "5", "--json"], ["1 1 2 3 5", "2 pass", "undo"]
    )
    assert [e["message"] for e in run.of("error")] == [said]


def test_a_russian_table_shows_and_types_the_tokens_by_the_editions_words(home: Path) -> None:
    """У for усадьба and З for замок on the board, in the set-up and in ``score rip``, which reads the program's M
    and C too and the Cyrillic М and С a Russian keyboard types for them; ``--json`` keeps its M and C."""
    run = run_cli(home, ["play", "rip", "--lang", "ru", "--seed", "3"], ["board", "quit"])
    assert "с жетонами З У У У У У З З З У." in " ".join(run.stdout.split())
    assert "(У — усадьба, З — замок)" in " ".join(run.stdout.split())
    assert "│жетон      │  З  │ У  │ У │" in run.stdout and "│ 0У 0З " in run.stdout
    data = run_cli(home, ["play", "rip", "--lang", "ru", "--seed", "3", "--json"], ["quit"])
    assert data.of("setup")[0]["tokens"] == "CMMMMMCCCM"  # as the board's "tokens", whatever the language

    for green, blue in (("УУУУ", "УЗ"), ("MMMM", "MC"), ("мммм", "мс")):
        said = run_cli(home, ["score", "rip", "--lang", "ru", "--green", green, "--blue", blue])
        assert said.returncode == 0 and said.stdout.startswith("Побеждает Зелёный"), (green, said.stdout)
    refused = run_cli(home, ["score", "rip", "--lang", "ru", "--green", "УУУУ", "--blue", "УX"])
    assert "Синий: жетоны — буквы У (усадьба) и З (замок), а не «X»" in refused.stderr
    english = run_cli(home, ["score", "rip", "--green", "MMMM", "--blue", "MУ"])
    assert "Blue: tokens are letters M (manor) and C (castle), not 'У'" in english.stderr


def test_the_boards_round_winners_are_in_their_familys_colour(home: Path) -> None:
    """At a Russian table Green's «З» in the row of round winners is also the castle's letter in the row above:
    the winner's letter takes the family's colour, as its name does in the families' table."""
    from typer.testing import CliRunner

    from companion.cli.root import app

    env = {"COMPANION_HOME": str(home), "FORCE_COLOR": "1", "NO_COLOR": "", "COLUMNS": "100"}
    args = ["play", "rip", "--lang", "ru", "--seed", "5"]
    result = CliRunner().invoke(app, args, input="1 1 2 3 5\n1\nпас\n1 1\nquit\n", env=env)
    row = [line for line in result.stdout.splitlines() if "выиграл" in line][-1]
    assert "\x1b[32mЗ\x1b[0m" in row  # Green won round 1


def test_a_word_of_another_prompt_is_quoted_as_the_table_typed_it(home: Path) -> None:
    """A trial: «нет» (none: no card face down) typed at a play prompt was refused as «none», a word nobody typed."""
    run = run_cli(home, ["play", "rip", "--lang", "ru", "--seed", "5", "--json"], ["1 1 2 3 5", "нет"])
    assert run.of("error")[0]["message"].startswith("«нет» нельзя сыграть")


def test_score_rip_reads_the_tokens_as_the_board_writes_them(home: Path) -> None:
    """A trial: the Russian board shows «2У 3З», which `score rip` refused («а не «2»»); its refusals named the
    castle by the Latin C and said «4 замков»."""
    said = run_cli(home, ["score", "rip", "--lang", "ru", "--green", "2У 3З", "--blue", "0У 0З"])
    assert said.returncode == 0 and said.stdout.startswith("Побеждает Зелёный: Зелёный собрал 3 замка.")
    too_many = run_cli(home, ["score", "rip", "--lang", "ru", "--green", "УУЗЗЗ", "--blue", "УЗЗ"])
    assert "жетонов З всего 4, а не 5" in too_many.stderr
    held = run_cli(home, ["score", "rip", "--lang", "ru", "--green", "ЗЗЗЗ", "--blue", "У"])
    assert "Зелёный не может собрать 4 замка:" in held.stderr
    digit = run_cli(home, ["score", "rip", "--lang", "ru", "--green", "УУЗЗ3", "--blue", "У"])
    assert "а не «3»" in digit.stderr
    english = run_cli(home, ["score", "rip", "--green", "4M 1C", "--blue", "MCC"])
    assert english.returncode == 0 and english.stdout.startswith("Green wins"), english.stderr
