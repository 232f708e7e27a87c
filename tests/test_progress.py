"""Long work shows a bar at a terminal and nothing in a pipe (a trial: four arenas showed a blank screen until
they finished)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import run_cli
from tests.support.terminal import drive


@pytest.mark.parametrize("game", ["potra-bash", "prohis"])
def test_an_arena_shows_its_games_on_a_bar_at_a_terminal_and_not_in_a_pipe(home: Path, game: str) -> None:
    args = ["arena", game, "--strong", "normal", "--weak", "random", "--games", "40"]
    shown = "".join(drive(home, args, [("%", "")], settle=0.5))
    assert "━" in shown and "games" in shown  # the bar, drawn while the games are played
    piped = run_cli(home, args)
    assert piped.returncode == 0 and "━" not in piped.stdout + piped.stderr


def test_ctrl_c_in_an_arena_says_how_far_it_came(home: Path) -> None:
    """A trial: Ctrl-C left an arena with exit 130 and not a word."""
    args = ["arena", "prudh", "--a", "normal", "--b", "random", "--games", "5000"]
    shown = drive(home, args, [("━", "\x03"), ("Stopped after", "")], settle=0.5)
    assert " of 10000 games; nothing is reported for a run cut short." in "".join(shown)


def test_a_terminal_that_cannot_redraw_gets_plain_lines(home: Path, tmp_path: Path) -> None:
    """A trial with ``TERM=dumb``: rich drew no bar and no spinner, so print and a thinking bot showed nothing."""
    dumb = {"TERM": "dumb"}
    args = ["print", "all", "propuh", "--paper", "all", "--out", str(tmp_path)]
    shown = "".join(drive(home, args, [("wrote", "")], settle=1.0, env=dumb))
    assert "printing: 8 files to do…" in shown and "… 4 of 8 files" in shown and "━" not in shown
    play = ["play", "prudh", "--seed", "1", "--bot", "hard", "--think", "0.5", "--first", "me"]
    shown = "".join(drive(home, play, [("> ", "c3 ne\r"), ("thinking", "quit\r")], settle=1.0, env=dumb))
    assert "Light is thinking… (up to 0.5 s; Ctrl-C stops and saves)" in shown


def test_a_terminal_that_cannot_redraw_gets_plain_lines_in_the_tables_language(
    home: Path, tmp_path: Path
) -> None:
    dumb = {"TERM": "dumb"}
    args = ["print", "all", "propuh", "--paper", "all", "--lang", "ru", "--out", str(tmp_path)]
    shown = "".join(drive(home, args, [("записан", "")], settle=1.0, env=dumb))
    assert "печать: 8 файлов впереди…" in shown and "… 4 из 8 файлов" in shown
