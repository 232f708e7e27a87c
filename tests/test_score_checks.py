"""Every score command refuses an input no game can produce in one line, exit status 2, never a traceback:
counts far beyond the components are refused before anything is built."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import run_cli

HUGE = "9" * 5000  # past Python's 4,300 digits for int()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["prohis", f"A={HUGE}g", "B=g/c i", "C=g/c i"], "the box has 108 cards"),
        (["prohis", "A=g/c i", "B=g/c i", f"C={HUGE} g"], "the box has 108 cards"),
        (["prohis", "A=" + "g " * 200, "B=g", "C=g"], "the box has 108 cards"),
        (
            ["rip", "--green", "MMMCC", "--blue", "MMMC", "--green-down", "p" + HUGE, "--blue-down", ""],
            "not 'p",
        ),
        (
            ["rip", "--green", "MMMCC", "--blue", "MMMC", "--green-down", HUGE, "--blue-down", ""],
            "ghost values",
        ),
        (["potra-bash", "A=" + ",".join(["4"] * 99), "B=", "C="], "the whole deck has 60"),
        (["prudh", "--dark", HUGE[:30], "--light", "2", "--last", "dark", "--tallest", "2"], "more than 36"),
        (
            ["prudh", "--dark", "2", "--light", "2", "--last", "dark", "--tallest", "2", "--game", HUGE[:30]],
            "Invalid value for '--game'",
        ),
    ],
)
def test_out_of_range_counts_are_one_line(home: Path, args: list[str], message: str) -> None:
    run = run_cli(home, ["score", *args])
    assert run.returncode == 2 and run.stdout == ""
    assert message in run.stderr and "Traceback" not in run.stderr
