"""A French table read as a French-speaking newcomer reads it: the seats' own names in French wherever the
screen says them (an undo, the history), words quoted back in « », and no line broken at a no-break space
(before ``:`` or inside « »)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion.cli.root import app


def _run(home: Path, args: list[str], lines: Sequence[str] = ()) -> str:
    env = {"COMPANION_HOME": str(home), "NO_COLOR": "1", "COLUMNS": "80"}
    result = CliRunner().invoke(app, [*args, "--lang", "fr"], input="".join(f"{x}\n" for x in lines), env=env)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.stdout + result.stderr


def test_an_undo_and_the_history_name_the_seats_in_french(tmp_path: Path) -> None:
    play = _run(
        tmp_path, ["play", "prudh", "--bot", "normal", "--first", "me", "--seed", "20"], ["b6-a5", "undo"]
    )
    assert "Annulé\u00a0: «\u00a0b6-a5\u00a0», et ensuite le tour de Clair" in play
    history = _run(tmp_path, ["history"])
    assert "Sombre" in history and "Dark" not in history
    assert "prudh\u00a0: Ordinary" in history


def test_a_bot_move_the_undo_stops_at_is_named_in_french(tmp_path: Path) -> None:
    args = ["play", "propuh", "--as", "propuh", "--bot", "easy", "--seed", "14"]
    said = _run(tmp_path, args, ["t3 s", "undo", "undo"])
    assert "Mamie" in said and "Granny" not in said


def test_a_word_quoted_back_is_in_french_quotes(tmp_path: Path) -> None:
    for game in (["propuh", "--solo"], ["rip", "--bot", "normal"], ["potra-bash", "--seats", "Ann,bot,bot"]):
        said = _run(tmp_path / game[0], ["play", *game, "--seed", "3"], ["helo"])
        assert "mot inconnu «\u00a0helo\u00a0»" in said, said


def test_no_french_line_breaks_at_a_no_break_space(tmp_path: Path) -> None:
    args = ["play", "rip", "--bot", "normal", "--first", "me", "--seed", "16"]
    said = _run(tmp_path, args, ["draw 1 2 5 5 6", "pass", "draw 1 1"])
    lines = [line.strip() for line in said.splitlines() if line.strip()]
    assert lines
    assert not [line for line in lines if line.endswith("«") or line.startswith(("»", ":", ";", "?", "!"))]


def test_a_mistyped_command_line_is_refused_in_french(tmp_path: Path) -> None:
    said = _run(tmp_path, ["plya", "rip"])
    assert said.startswith(
        "erreur\u00a0: Commande inconnue «\u00a0plya\u00a0» (vouliez-vous dire «\u00a0play\u00a0»\u00a0?)"
    )
    assert _run(tmp_path, ["play", "rip", "--bott", "normal"]).startswith("erreur\u00a0: Option inconnue")


def test_the_bots_of_every_game_are_described_in_french(tmp_path: Path) -> None:
    for game in ("propuh", "rip", "potra-bash", "prohis"):
        said = _run(tmp_path, ["bots", game])
        assert "recherche sur ensembles d'information (ISMCTS)" in said
        assert "priority rules" not in said and "random move" not in said
        assert "Exploiteurs" in said and "every" not in said and "your" not in said


def test_a_french_percentage_has_its_decimal_comma_and_its_space() -> None:
    from ai.words import language, tr

    with language("fr"):
        assert tr("{said} ({reason}).", said="hard", reason="67.6% sur 8") == "hard (67,6\u00a0% sur 8)."
    with language("en"):
        assert tr("{said} ({reason}).", said="hard", reason="67.6% of 8") == "hard (67.6% of 8)."


def test_an_undo_at_a_table_of_people_quotes_the_input_alone(tmp_path: Path) -> None:
    said = _run(tmp_path, ["play", "potra-bash", "--seats", "Ann,Ben,Cy", "--seed", "13"], ["1", "undo"])
    assert "Annulé\u00a0: «\u00a01\u00a0», tapé par Ben" in said


def test_french_elides_de_before_a_name_that_starts_with_a_vowel(tmp_path: Path) -> None:
    lines = ["-3", "-2", "pass", "1 from Bot3"]
    said = _run(tmp_path, ["play", "potra-bash", "--seats", "Ann,bot,bot:easy", "--seed", "17"], lines)
    assert "sur la pile de score d'Ann." in said and "de Ann" not in said


def test_a_searching_bot_gives_its_reason_in_french(tmp_path: Path) -> None:
    args = ["play", "propuh", "--as", "propuh", "--bot", "hard", "--think", "0.05", "--seed", "14"]
    said = _run(tmp_path, args, [])
    # the move a search finds depends on its time: only the words are asserted
    assert "recherche" in said and "search" not in said


def test_french_elides_que_before_a_name_that_starts_with_a_vowel(tmp_path: Path) -> None:
    lines = ["4 -2 1", "3 3 -3", "4", "3", "undo"]
    args = ["play", "potra-bash", "--seats", "Ann,bot,bot", "--physical", "--first", "Ann", "--seed", "3"]
    said = _run(tmp_path, args, lines)
    assert "Remettez la carte qu'Ann vient de piocher sur la pioche." in said and "que Ann" not in said


@pytest.mark.parametrize("game", ["prohis", "potra-bash"])
def test_the_start_line_names_the_paper_automas_seats_as_every_game_does(tmp_path: Path, game: str) -> None:
    """A trial: Prohis read «Bot2 et Bot3 l'automate» where Potra Bash reads «Bot2 et Bot3 : l'automate»."""
    raw = _run(tmp_path, ["play", game, "--seats", "Ann,automa,automa", "--seed", "2"], ["quit"])
    said = raw.replace("\n  ", " ")  # a wrapped line goes on indented
    assert "Bot2 et Bot3\u00a0: l'automate (difficulté 2\u00a0:" in said, said
