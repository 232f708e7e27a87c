"""Issue 15 item 6: history tells the person's story (date, seat, bots, result), filters by game, and
``abandon`` ends an unfinished game so that plain ``resume`` no longer offers it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.conftest import run_cli
from tests.support.sessions import play, script
from tests.support.stores import (
    one_line,
)


def games(home: Path, *args: str) -> list[dict[str, object]]:
    run = run_cli(home, ["history", "--json", *args])
    assert run.returncode == 0, run.stderr
    rows: list[dict[str, object]] = json.loads(run.stdout)["games"]
    return rows


def test_each_game_says_your_seat_the_bots_and_your_result(home: Path) -> None:
    lines, final = script(1)
    play(home, 1, lines)  # a whole solo game
    run_cli(home, ["play", "prudh", "--bot", "random", "--colour", "light", "--seed", "4"], ["quit"])
    solo, prudh = games(home)
    assert solo["you"] == "Granny" and solo["against"] == "automaton, difficulty 3"
    assert solo["result"] == ("won" if final.winner == 0 else "lost")
    assert prudh["you"] == "Light" and prudh["against"] == "random" and prudh["result"] == "unfinished"
    assert str(solo["date"]).count("-") == 2
    assert [g["game"] for g in games(home, "--game", "prudh")] == ["prudh"]
    assert [g["game"] for g in games(home, "--game", "Propuh")] == ["propuh"]
    one_line(run_cli(home, ["history", "--game", "chess"]), "unknown game 'chess'")


def test_several_people_at_the_table_are_all_named(home: Path) -> None:
    run_cli(home, ["play", "potra-bash", "--seats", "Ann,bot:hard,Ben,bot", "--seed", "2"], ["quit"])
    (game,) = games(home)
    assert game["you"] == "Ann, Ben" and game["against"] == "hard, normal"


def test_abandon_ends_a_game_plain_resume_skips_it_and_resume_by_number_reopens_it(home: Path) -> None:
    lines, _ = script(2)
    play(home, 2, lines[:2])
    play(home, 3, script(3)[0][:1])
    quit_game = run_cli(home, ["resume", "--json"], ["quit"])
    assert quit_game.of("resume")[0]["session"] == 2  # quit keeps it resumable
    run = run_cli(home, ["abandon", "2"])
    assert run.returncode == 0 and "abandoned" in run.stdout
    assert [g["result"] for g in games(home)] == ["unfinished", "abandoned"]
    assert run_cli(home, ["resume", "--json"], ["quit"]).of("resume")[0]["session"] == 1
    one_line(run_cli(home, ["abandon", "2"]), "game #2 is abandoned already")
    one_line(run_cli(home, ["abandon", "9"]), "no game #9")
    reopened = run_cli(home, ["resume", "2", "--json"], ["quit"])
    assert reopened.returncode == 0 and reopened.of("resume")[0]["session"] == 2
    assert [g["result"] for g in games(home)] == ["unfinished", "unfinished"]


def test_a_finished_game_cannot_be_abandoned(home: Path) -> None:
    lines, _ = script(1)
    play(home, 1, lines)
    one_line(run_cli(home, ["abandon", "1"]), "game #1 is over already")


def test_history_fits_80_columns_and_shows_typed_names_as_written(home: Path) -> None:
    run_cli(home, ["play", "potra-bash", "--seats", "Ann [bold],bot,Ben [/x],bot", "--seed", "2"], ["quit"])
    play(home, 1, script(1)[0])
    from typer.testing import CliRunner

    from companion.cli.root import app

    env = {"COMPANION_HOME": str(home), "NO_COLOR": "1", "COLUMNS": "80"}
    result = CliRunner().invoke(app, ["history"], env=env)
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.stdout.splitlines()) <= 80
    assert "[bold]" in result.stdout and "[/x]" in result.stdout


def test_history_narrower_than_its_table_lists_a_game_a_line_without_breaking_words(home: Path) -> None:
    """A trial at 40 columns: the table broke "prud/h" and "agai/nst"; narrower than the table, each game is a
    line, wrapped between words."""
    run_cli(home, ["play", "prudh", "--bot", "normal", "--seed", "2"], ["quit"])
    from typer.testing import CliRunner

    from companion.cli.root import app

    env = {"COMPANION_HOME": str(home), "NO_COLOR": "1", "COLUMNS": "40"}
    result = CliRunner().invoke(app, ["history"], env=env)
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert "#1 " in text and " prudh: Ordinary · you " in text and "against normal · unfinished" in text
    assert "┏" not in result.stdout and max(len(line) for line in result.stdout.splitlines()) <= 40


def test_history_names_each_games_variant_and_the_options_that_change_play(home: Path) -> None:
    """A Prudh variant, a scoring option, the values Prohis counts, a RIP ruling, an automaton's deck: each in
    the game's column; a game of the published rules with no option shows its name alone."""
    games = [
        (["play", "prudh", "--variant", "tomio", "--bot", "easy"], "Tomío"),
        (["play", "potra-bash", "--seats", "Ann,bot,bot", "--one-set"], "one set per value"),
        (["play", "prohis", "--seats", "Ann,bot,bot", "--seed-values"], "the French summary's values"),
        (["play", "rip", "--bot", "easy", "--card10-own-side"], "card 10 own side only"),
        (["play", "propuh", "--solo", "--dealer", "--ignore-limit"], "ignore-limit, the tool's deck"),
        (["play", "potra-bash", "--seats", "Ann,bot,bot"], ""),
    ]
    for args, _ in games:
        assert run_cli(home, [*args, "--seed", "3"], ["quit"]).returncode == 0
    rows = json.loads(run_cli(home, ["history", "--json"]).stdout)["games"]
    assert [row["variant"] for row in rows] == [variant for _, variant in games]
    text = run_cli(home, ["history"]).stdout
    assert "prudh: Tomío" in text and "propuh: ignore-limit, the tool's deck" in text
    assert "#6 " in text and "potra-bash:" not in text.split("#6 ")[1]


def test_a_command_to_type_is_never_broken_over_two_lines_at_80_columns(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A trial at an 80-column terminal read '… companion play propuh' / '--solo' from `history`, and
    '/work/…/.venv/bin/com' / 'panion resume 1 reopens it.' from `abandon`."""
    import sys

    from companion.cli.root import app

    program = tmp_path / "games-evening" / ".venv" / "bin" / "companion"
    program.parent.mkdir(parents=True)
    program.write_text("")
    monkeypatch.setattr(sys, "argv", [str(program)])
    env = {"COMPANION_HOME": str(home), "NO_COLOR": "1", "COLUMNS": "80"}
    empty = CliRunner().invoke(app, ["history"], env=env).stdout.splitlines()
    assert f"{program} play propuh --solo" in [line.strip() for line in empty]
    run_cli(home, ["play", "prudh", "--seed", "1"], ["quit"])
    abandoned = CliRunner().invoke(app, ["abandon", "1"], env=env).stdout.splitlines()
    assert f"{program} resume 1 reopens it." in [line.strip() for line in abandoned]
    for line in [*empty, *abandoned]:
        assert len(line) <= 80 or str(program) in line, line
