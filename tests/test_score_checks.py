"""Every score command refuses an input no game can produce in one line, exit status 2, never a traceback:
counts far beyond the components are refused before anything is built."""

from __future__ import annotations

import json
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


@pytest.mark.parametrize(
    ("args", "refused"),
    [
        (["rip", "--green", "MMMCC", "--blue", "MMCC", "--green-down", "3", "--blue-down", "1"], False),
        (["rip", "--green", "MMMMM", "--blue", "MMCC", "--green-down", "", "--blue-down", ""], True),
        (["prudh", "--dark", "10", "--light", "12", "--last", "dark", "--tallest", "3"], False),
        (["prudh", "--dark", "1", "--light", "10", "--last", "dark", "--tallest", "4"], True),
        (
            [
                "potra-bash",
                "Ann=1,1,3,-2,-2,-2",
                "Ben=4,4,4,3,1",
                "Cy=" + "-3," * 10 + "4," * 6 + "3," * 6 + "-2," * 6 + "1,1",
            ],
            False,
        ),
        (["potra-bash", "Ann=1,1,3,-2,-2,-2", "Ben=4,4,4,3", "Cy="], True),
        (["prohis", "Ann=2g/c i", "Ben=2g/c i", "Cy=3g/c i"], False),
        (["prohis", "Ann=2g c i", "Ben=2g/c i", "Cy=3g/c i"], True),
    ],
)
def test_every_score_json_is_one_event_with_the_same_fields(
    home: Path, args: list[str], refused: bool
) -> None:
    """A trial: Potra Bash's and Prohis's --json had no `event` (Prohis no `reason` or `text` either), and a
    refusal under --json left standard output empty: now a `score` event with `winners`, `reason` and `text` in
    every game, and an `error` event with the refusal's `message` (the line on stderr as before)."""
    run = run_cli(home, ["score", *[a.rstrip(",") for a in args], "--json"])
    (line,) = run.stdout.splitlines()
    data = json.loads(line)
    if refused:
        assert run.returncode == 2 and data["event"] == "error" and data["message"] in run.stderr
    else:
        assert run.returncode == 0, run.stderr
        assert data["event"] == "score" and data["winners"] and data["reason"] and data["text"]


@pytest.mark.parametrize(
    ("args", "missing"),
    [
        (["rip"], "missing --green, --blue (all of --green, --blue are needed, e.g. --green MMC --blue MCC)"),
        (["rip", "--blue", "MC"], "missing --green (all of"),
        (
            ["prudh", "--dark", "3"],
            "missing --light, --last, --tallest (all of --dark, --light, --last, --tallest",
        ),
    ],
)
def test_every_missing_option_is_named_at_once(home: Path, args: list[str], missing: str) -> None:
    """A trial: RIP's and Prudh's score named one missing option a run (--green, then --blue, then …)."""
    run = run_cli(home, ["score", *args])
    assert run.returncode == 2 and run.stderr.startswith(f"error: {missing}")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["score", "prudh", "--dark", "10", "--light", "8", "--last", "drak", "--tallest", "3"],
            "'drak' is not one of 'dark', 'light' (did you mean 'dark'?)",
        ),
        (["play", "rip", "--bot", "nromal"], "(did you mean 'normal'?)"),
        (
            ["score", "rip", "--green", "MMMC", "--blue", "MCCMM", "--green-down", "5 7", "--blue-down", ""],
            "not '7' (did you mean 'p7'?)",
        ),
    ],
)
def test_a_close_typo_of_a_listed_value_gets_a_suggestion(home: Path, args: list[str], message: str) -> None:
    """A trial: `--last drak`, a RIP face-down `7` for `p7` were refused with no suggestion."""
    run = run_cli(home, args)
    assert run.returncode == 2 and message in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1


def test_a_value_close_to_nothing_listed_names_the_help(home: Path) -> None:
    run = run_cli(home, ["play", "rip", "--bot", "zzz"])
    assert (
        run.returncode == 2
        and "did you mean" not in run.stderr
        and "--help lists what it takes" in run.stderr
    )


@pytest.mark.parametrize(
    "args",
    [
        ["rip", "--green", "MMCCC", "--blue", "MCM", "--green-down", "5", "--blue-down", "3"],
        ["rip", "--green", "MMMCC", "--blue", "MMMC", "--green-down", "5 p10", "--blue-down", "4 4", "--lang", "fr"],
        ["prudh", "--dark", "10", "--light", "12", "--last", "dark", "--tallest", "2", "--first", "dark"],
        ["prudh", "--dark", "14", "--light", "16", "--last", "light", "--tallest", "1", "--variant", "tomio",
         "--pit", "2", "--lang", "fr"],
    ],
)  # fmt: skip
def test_a_score_sentence_is_wrapped_at_the_screens_width(home: Path, args: list[str]) -> None:
    """A trial: 'companion score rip' and 'score prudh' printed their sentences on one line, which an 80-column
    terminal cut inside a word ("Bleu gagne la 10e man / che"); the tests' screen is 100 columns wide."""
    run = run_cli(home, ["score", *args])
    assert run.returncode == 0, run.stderr
    assert max(len(line) for line in run.stdout.splitlines()) <= 100, run.stdout
