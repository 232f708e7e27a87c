"""What a start loads: ``companion --help`` and a solo Propuh game to its first prompt import only what they
use (no rich for help; nothing of the search, the arena or the exploiters for the game; no printables), as
typer's own tests check that a plain app does not import rich. Which modules, not how long: the times are
``bench/bench_start.py``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

#: Run in a fresh interpreter: the command with standard input empty (a game stops at its first prompt), then
#: every module it loaded, as JSON on standard error's last line.
PROBE = """
import sys
sys.argv = ["companion", *sys.argv[1:]]
from companion.cli import main
try:
    main()
except SystemExit:
    pass
modules = sorted(sys.modules)
import json
print(json.dumps(modules), file=sys.stderr)
"""

#: Modules a solo game never uses: the searching bots, the arena, the exploiters, the printables.
UNUSED_IN_A_SOLO_GAME = ("ai.search", "ai.arena", "ai.exploit", "ai.propuh.bots.hard", "printables")


def loaded(home: Path, *args: str, code: str = PROBE) -> set[str]:
    env = {**os.environ, "COMPANION_HOME": str(home), "NO_COLOR": "1"}
    run = subprocess.run(
        [sys.executable, "-c", code, *args], input="", capture_output=True, text=True, env=env, timeout=60
    )
    return set(json.loads(run.stderr.strip().splitlines()[-1]))


def _unused(modules: set[str]) -> set[str]:
    return {
        m
        for m in modules
        if m.startswith(UNUSED_IN_A_SOLO_GAME) or m.endswith(".exploiters") or m == "companion.cli.exploiters"
    }


def test_help_imports_no_rich_no_game_and_no_saved_games(tmp_path: Path) -> None:
    modules = loaded(tmp_path, "--help")
    assert "typer" in modules  # the probe ran the command
    # of ``ai`` only its words: the help speaks the table's language
    assert not {
        m
        for m in modules
        if m.split(".")[0] in ("rich", "ai", "printables", "sqlite3", "json")
        and m != "ai"
        and not m.startswith("ai.words")
    }
    assert not {
        m for m in modules if m.startswith(("companion.table", "companion.saves", "companion.screen.figures"))
    }


def test_a_solo_game_loads_no_search_arena_or_exploiter(tmp_path: Path) -> None:
    modules = loaded(tmp_path, "play", "propuh", "--solo", "--json")
    assert (
        "companion.table.session" in modules and "ai.propuh.bots.automaton" in modules
    )  # it reached the prompt
    assert _unused(modules) == set()
    assert (
        not {  # --json draws no board: neither rich nor the board's layout (ai.grid) is needed
            m
            for m in modules
            if m.startswith(("rich", "ai.grid", "companion.saves.history", "companion.screen.progress"))
        }
    )
    assert "companion.saves.salvage" not in modules  # a sound saved-games file is not read back
    # the automaton keeps no habits, and a game on its own has no earlier games
    assert "ai.habits" not in modules


def test_a_command_line_builds_only_the_command_it_names(tmp_path: Path) -> None:
    """The solo game imports the command module of ``play propuh`` alone, not the other games' (nor ``print``);
    a group's help imports the modules that register on it: ``play --help`` every game's, the root's help the
    general commands' and ``print``'s, none of a game's (they register on ``play``, ``arena`` and ``score``)."""
    games = {f"companion.cli.commands.{name}" for name in ("propuh", "rip", "potra_bash", "prudh", "prohis")}
    solo = loaded(tmp_path, "play", "propuh", "--solo", "--json")
    assert "companion.table.session" in solo  # it reached the prompt
    assert solo & games == {"companion.cli.commands.propuh"}
    assert "companion.cli.commands.print" not in solo
    general = {f"companion.cli.commands.{name}" for name in ("resume", "abandon", "history", "bots")}
    assert solo & general == set()  # nor the commands on saved games and bots, each in its own module
    assert loaded(tmp_path, "play", "--help") >= games  # a group's help lists every game's command
    root = loaded(tmp_path, "--help")
    assert general | {"companion.cli.commands.print"} <= root and root & games == set()
