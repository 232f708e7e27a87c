"""Long work shows a bar at a terminal and nothing in a pipe (a trial: four arenas showed a blank screen until
they finished)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import run_cli
from tests.test_line_history import drive


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
