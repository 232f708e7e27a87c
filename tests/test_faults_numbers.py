"""Issue 16, numbers: every numeric option and argument is bounded at the command line (one message, exit
status 2), so no OverflowError, no 300-million-card deck and no bot thinking forever."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import run_cli

HUGE = "99999999999999999999"


@pytest.mark.parametrize(
    "args",
    [
        ["play", "prudh", "--seed", HUGE],
        ["play", "propuh", "--seed", "-1"],
        ["play", "rip", "--seed", HUGE],
        ["play", "potra-bash", "--seed", HUGE],
        ["play", "prohis", "--seed", HUGE],
        ["resume", HUGE],
        ["resume", "0"],
        ["abandon", HUGE],
        ["score", "prudh", "--dark", "1", "--light", "2", "--last", "dark", "--tallest", "1", "--game", HUGE],
        ["play", "prudh", "--think", "inf"],
        ["play", "prudh", "--think", "nan"],
        ["play", "prudh", "--think", "61"],
        ["arena", "prudh", "--games", HUGE],
        ["arena", "propuh", "--jobs", "100000"],
        ["arena", "propuh", "--think", "inf"],
        ["arena", "rip", "--iterations", HUGE],
        ["arena", "prohis", "--seed", HUGE],
    ],
)
def test_a_number_out_of_range_is_refused_at_the_command_line(home: Path, args: list[str]) -> None:
    run = run_cli(home, args)
    assert run.returncode == 2
    # one line: what is wrong and where to look, not click's usage line and "Try …" line
    assert run.stderr.startswith("error: Invalid value") and run.stderr.count("\n") == 1
    assert "--help lists what it takes" in run.stderr
    assert not (home / "companion.sqlite3").exists() or "play" not in args


def test_the_largest_seed_plays(home: Path) -> None:
    run = run_cli(home, ["play", "prudh", "--bot", "random", "--seed", str(2**63 - 1), "--json"], ["quit"])
    assert run.returncode == 0, run.stderr
    assert run.of("start")[0]["seed"] == 2**63 - 1
