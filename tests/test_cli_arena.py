"""``companion arena`` and ``companion bots`` through the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import run_cli


def test_arena_json_summary_per_difficulty(home: Path) -> None:
    run = run_cli(home, ["arena", "propuh", "--granny", "normal", "--games", "5", "--seed", "4", "--json"])
    assert run.returncode == 0, run.stderr
    summary = json.loads(run.stdout)
    assert set(summary["difficulties"]) == {"1", "2", "3", "random"}
    for report in summary["difficulties"].values():
        granny, propuh = report["seats"]
        assert granny["player"] == "normal" and propuh["player"] == "automaton"
        assert granny["wins"] + propuh["wins"] == 5
        low, high = granny["ci95"]
        assert low <= granny["win_rate"] <= high
        assert granny["p95_us"] >= 0 and propuh["mean_us"] > 0
    again = run_cli(home, ["arena", "propuh", "--granny", "normal", "--games", "5", "--seed", "4", "--json"])
    wins = [r["seats"][0]["wins"] for r in json.loads(again.stdout)["difficulties"].values()]
    assert wins == [r["seats"][0]["wins"] for r in summary["difficulties"].values()]


def test_arena_table_for_one_difficulty(home: Path) -> None:
    run = run_cli(home, ["arena", "propuh", "--granny", "random", "--difficulty", "2", "--games", "10"])
    assert run.returncode == 0, run.stderr
    assert "95% interval" in run.stdout
    assert "random Granny against the automaton" in run.stdout


def test_arena_refuses_an_unknown_bot(home: Path) -> None:
    run = run_cli(home, ["arena", "propuh", "--granny", "genius", "--games", "5"])
    assert run.returncode == 2
    assert run.stderr.strip() == "error: no Granny bot named 'genius'; choose from random, easy, normal, hard"


def test_bots_lists_each_seat(home: Path) -> None:
    run = run_cli(home, ["bots", "propuh"])
    assert run.returncode == 0
    assert "Granny:" in run.stdout and "automaton" in run.stdout
    assert run.stdout.count("hard") >= 2  # a searching bot for each role
    assert run_cli(home, ["bots", "chess"]).returncode == 2


def test_two_player_arena_across_levels(home: Path) -> None:
    args = ["arena", "propuh", "--granny", "easy", "--propuh", "normal", "--games", "16", "--json"]
    run = run_cli(home, args)
    assert run.returncode == 0, run.stderr
    summary = json.loads(run.stdout)
    report = summary["two_players"]
    assert [s["player"] for s in report["seats"]] == ["easy", "normal"]
    assert sum(s["wins"] for s in report["seats"]) == 16
    assert summary["jobs"] == 1
    table = run_cli(home, [*args[:-1], "--jobs", "2"])
    assert table.returncode == 0, table.stderr
    assert "easy Granny against normal Propuh" in table.stdout
    wins = f"{report['seats'][0]['win_rate']:.1%}"
    assert wins in table.stdout


def test_two_player_arena_refuses_an_unknown_propuh(home: Path) -> None:
    run = run_cli(home, ["arena", "propuh", "--propuh", "genius", "--games", "5"])
    assert run.returncode == 2
    assert "no Propuh bot named 'genius'" in run.stderr


def test_arena_counts_think_on_the_cpu_clock_when_asked(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import ai.search

    # in this process, as a run would: the switch is put back afterwards
    monkeypatch.setattr(ai.search, "_cpu_clock", False)
    monkeypatch.setenv(ai.search.CPU_CLOCK, "0")
    args = ["arena", "potra-bash", "--strong", "hard", "--players", "3", "--games", "1", "--think", "0.02"]
    wall = json.loads(run_cli(home, [*args, "--json"]).stdout)
    cpu = json.loads(run_cli(home, [*args, "--cpu-clock", "--json"]).stdout)
    assert (wall["clock"], cpu["clock"]) == ("wall", "cpu")
    assert cpu["games"] == 1 and cpu["strong_mean_ms"] > 0
