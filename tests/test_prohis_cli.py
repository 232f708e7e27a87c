"""Prohis through the real command line: score checks, a whole piped game with people and bots (dealer and
physical), the inspection of a person's face-down convoy, bribes, bad input, undo."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from ai.prohis import rules as R
from ai.prohis.game import GAME
from companion.commands.prohis import parse_seats
from companion.session import JsonOutput, TableSession
from companion.store import Store
from tests.conftest import run_cli

# -- score --


def test_score_text_breakdown_totals_winner(home: Path) -> None:
    run = run_cli(home, ["score", "prohis", "Ann=12g 3x l/c i", "Ben=10g 2x c/x i", "Cy=5g/l"])
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith("Ann: 12 legal stored +12,000, 3 illegal stored +12,000")
    assert lines[0].endswith("= 32,000")
    assert "1 illegal in hand -4,000" in lines[1] and lines[1].endswith("= 21,000")
    assert lines[-1] == "Ann wins with 32,000."


def test_score_json_shared_win_and_seed_values(home: Path) -> None:
    run = run_cli(home, ["score", "prohis", "--json", "Ann=2g x", "Ben=2x/c", "Cy=i"])
    data = json.loads(run.stdout)
    assert [p["total"] for p in data["scores"]] == [6000, 10000, 5000]
    assert data["scores"][1]["breakdown"]["captain"] == {"warehouse": 0, "hand": 2000}
    assert data["winners"] == ["Ben"] and not data["shared"]
    data = json.loads(
        run_cli(home, ["score", "prohis", "--json", "--seed-values", "Ann=2g x", "Ben=2x/c", "Cy=i"]).stdout
    )
    assert [p["total"] for p in data["scores"]] == [3000, 4000, 3000]
    data = json.loads(run_cli(home, ["score", "prohis", "--json", "A=4g", "B=x", "C=2g/c"]).stdout)
    assert data["winners"] == ["A", "B", "C"] and data["shared"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["A=41g", "B=g", "C=g"], "43 legal cards counted, but a 3-player game has only 40"),
        (["A=4c", "B=g", "C=g"], "4 captain cards counted, but a 3-player game has only 3"),
        (["A=g z", "B=g", "C=g"], "'z' is not a card"),
        (["A 4g", "B=g", "C=g"], "NAME=WAREHOUSE/HAND"),
        (["A=3", "B=g", "C=g"], "name every card"),
        (["A=g", "a=g", "C=g"], "two players are called 'a'"),
        (["A=g", "B=g"], "3 to 6 players, not 2"),
    ],
)
def test_score_refusals(home: Path, args: list[str], message: str) -> None:
    run = run_cli(home, ["score", "prohis", *args])
    assert run.returncode == 2
    assert message in run.stderr


def test_score_lines_from_stdin(home: Path) -> None:
    run = run_cli(home, ["score", "prohis"], ["A=5g", "B=g/x", "C=l", ""])
    assert run.returncode == 0 and run.stdout.splitlines()[-1] == "A wins with 5,000."


# -- a whole game --


def test_parse_seats() -> None:
    assert parse_seats("Ann,bot,bot:hard,Ben") == (
        ["human:Ann", "normal", "hard", "human:Ben"],
        ["Ann", "Bot2", "Bot3", "Ben"],
    )
    for bad in ("Ann,bot", "bot,bot,bot", "Ann,Ann,bot", "Ann,bot:great,bot"):
        with pytest.raises(ValueError):
            parse_seats(bad)


def script(home: Path, seats: str, seed: int, physical: bool) -> list[str]:
    """Play a whole game in-process through the session, people choosing at random among what they could type;
    returns the lines they typed."""
    specs, names = parse_seats(seats)
    humans = tuple(s for s, spec in enumerate(specs) if spec.startswith("human"))
    config = R.ProhisConfig(players=len(specs), names=tuple(names), physical=physical, untracked=humans)
    home.mkdir(parents=True, exist_ok=True)
    store = Store(home / "script.db")
    out = JsonOutput()
    session = TableSession.new(GAME, config, specs, seed, "script", store, out, {"think": 0.01})
    rng = random.Random(seed)
    lines: list[str] = []

    def read() -> str | None:
        state = session.state
        if GAME.is_over(state):
            return None
        act = rng.choice(list(GAME.legal_actions(state)))
        line = GAME.format_action(state, act)
        lines.append(line)
        return line

    session.run(read)
    assert GAME.is_over(session.state)
    return lines


@pytest.mark.parametrize("physical", [False, True])
def test_whole_piped_game_people_and_bots(
    home: Path, physical: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    seats = "Ann,bot,bot:easy,Ben"
    lines = script(home, seats, 11, physical)
    capsys.readouterr()
    args = ["play", "prohis", "--seats", seats, "--seed", "11", "--json"] + (
        ["--physical"] if physical else []
    )
    run = run_cli(home, args, lines)
    assert run.returncode == 0, run.stderr
    events = run.events
    assert not run.of("error")
    end = run.of("end")
    assert len(end) == 1 and "companion score prohis" in end[0]["text"]  # people's cards are physical
    kinds = {e["event"] for e in events}
    assert {"convoy", "commit", "inspector"} <= kinds
    # a bot's hand or a bribe to a bot never reaches the output
    for event in events:
        if event.get("private_to"):
            assert event["private_to"] in ("Ann", "Ben")


def test_bot_inspects_person_convoy_names_positions(home: Path) -> None:
    """Ann's convoy stays face down: the tool names the card to turn over; Ann types what it shows."""
    config = R.ProhisConfig(players=3, names=("Ann", "Bot2", "Bot3"), untracked=(0,))
    for seed in range(60):
        state = GAME.initial_state(config, seed)
        if state.active == 0:
            break
    lines = ["convoy 3"]
    state = GAME.apply(state, GAME.parse_action(state, "convoy 3"))
    run = run_cli(
        home, ["play", "prohis", "--seats", "Ann,bot,bot", "--seed", str(seed), "--json"], [*lines, "quit"]
    )
    prompts = [e["expects"] for e in run.of("prompt")]
    inspected = [e for e in run.of("inspector")]
    if inspected:  # a bot put a controller forward
        assert any("bribe" in p for p in prompts)
        run = run_cli(
            home,
            ["play", "prohis", "--seats", "Ann,bot,bot", "--seed", str(seed), "--json"],
            ["convoy 3", "no bribe", "q"],
        )
        expects = [e["expects"] for e in run.of("prompt")]
        if any("turn over card" in p for p in expects):
            run = run_cli(
                home,
                ["play", "prohis", "--seats", "Ann,bot,bot", "--seed", str(seed), "--json"],
                ["convoy 3", "no bribe", "c", "quit"],
            )
            turned = run.of("turned")
            assert turned and turned[0]["card"] == "captain"
            assert run.of("informant") and run.of("passed")


def test_bad_input_one_line_and_undo(home: Path) -> None:
    config = R.ProhisConfig(players=3, names=("Ann", "Bot2", "Bot3"), untracked=(0,))
    seed = next(s for s in range(100) if GAME.initial_state(config, s).active == 0)
    args = ["play", "prohis", "--seats", "Ann,bot,bot", "--seed", str(seed), "--json"]
    run = run_cli(home, args, ["convoy 9", "conovy 2", "take z", "pile", "undo", "board", "quit"])
    errors = [e["message"] for e in run.of("error")]
    assert errors[0] == "a convoy has 2 to 4 cards, not 9"
    assert "did you mean 'convoy'" in errors[1]
    assert "'z' is not a card" in errors[2]
    assert run.of("undo")[0]["undone"] == "pile"
    boards = run.of("board")
    assert boards[-1]["active"] == "Ann" and boards[-1]["hands"]["Ann"] == 6
