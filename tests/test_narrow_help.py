"""A help page on a phone (40 columns): laid out for the screen, each option's text under it when a column
beside it would be too narrow, no line wider than the screen and no number cut inside."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion.cli.root import app
from tests.conftest import cli_env


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_help_page_keeps_to_a_narrow_screen(home: Path, lang: str) -> None:
    """A trial at 40 columns: click laid the page out for 50 (its least), the terminal cut its lines inside
    words, and the texts beside the options got a column of ten letters ("[0<=x<=92" / "23372036854775807")."""
    env = {**cli_env(home), "COLUMNS": "40"}
    run = CliRunner().invoke(app, ["play", "prohis", "--help", "--lang", lang], env=env)
    assert run.exit_code == 0, run.output
    lines = run.output.splitlines()
    assert all(len(line) <= 40 for line in lines), [line for line in lines if len(line) > 40]
    at = lines.index("  --seed <int range>" if lang == "en" else "  --seed <целое>")
    assert lines[at + 1].startswith("      ")
    assert "[0<=x<=9223372036854775807]" in run.output


def test_a_wide_screen_keeps_the_texts_beside_the_options(home: Path) -> None:
    run = CliRunner().invoke(app, ["play", "prohis", "--help"], env={**cli_env(home), "COLUMNS": "80"})
    assert any(line.startswith("  --seed <int range>  ") for line in run.output.splitlines())
