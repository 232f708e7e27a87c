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
