"""Potra Bash's scoring piles lie face down (the rules: the owner may look): the shared board counts them, the
owner sees theirs on their own screen, the end counts every pile; ``--open-piles`` lays them face up."""

from __future__ import annotations

import dataclasses
import io
import json
import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from ai.potra_bash.game import GAME
from ai.potra_bash.rules import Phase, PotraConfig, PotraState
from tests.conftest import run_cli
from tests.support.potra_bash import script

NAMES = ("Ann", "Ben", "Cat", "Dan")


def _text(renderable: object) -> str:
    console = Console(file=io.StringIO(), width=80, color_system=None)
    console.print(renderable)
    return console.file.getvalue()  # type: ignore[attr-defined, no-any-return]


def _played(seed: int, steps: int, open_piles: bool = False) -> PotraState:
    """A dealer-mode game after ``steps`` random legal moves (stopping before its end)."""
    state = GAME.initial_state(PotraConfig(players=4, names=NAMES, open_piles=open_piles), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        after = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        if GAME.is_over(after):
            break
        state = after
    return state


def _shuffled_piles(state: PotraState, rng: random.Random) -> PotraState:
    """The same table with the cards of the piles dealt out again among them, each pile keeping its size."""
    cards = [v for pile in state.piles for v in pile]
    rng.shuffle(cards)
    piles, at = [], 0
    for pile in state.piles:
        piles.append(tuple(sorted(cards[at : at + len(pile)])))
        at += len(pile)
    return dataclasses.replace(state, piles=tuple(piles))


def _shared(state: PotraState) -> tuple[str, str, str]:
    return (
        _text(GAME.render(state, None)),
        json.dumps(GAME.board_data(state, None), sort_keys=True),
        GAME.status(state, None),
    )


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(20, 200), shuffle=st.integers(0, 100))
def test_the_shared_board_does_not_depend_on_what_lies_in_face_down_piles(
    seed: int, steps: int, shuffle: int
) -> None:
    state = _played(seed, steps)
    twin = _shuffled_piles(state, random.Random(shuffle))
    assert _shared(twin) == _shared(state)
    data = GAME.board_data(state, None)
    assert data["pile_sizes"] == {NAMES[s]: len(state.piles[s]) for s in range(4)}
    assert "piles" not in data and "scores" not in data and "unseen" not in data


def test_open_piles_show_every_card_and_each_running_score() -> None:
    state = _played(3, 60, open_piles=True)
    assert any(state.piles)
    data = GAME.board_data(state, None)
    assert data["piles"] == {NAMES[s]: list(state.piles[s]) for s in range(4)}
    assert set(data["scores"]) == set(NAMES)
    board = _text(GAME.render(state, None))
    assert "scoring pile" in board and "Not yet face up" in board
    twin = _shuffled_piles(state, random.Random(1))
    assert twin.piles != state.piles and _shared(twin)[1] != _shared(state)[1]


def test_a_seat_sees_its_own_pile_and_no_other() -> None:
    state = _played(5, 60)
    seat = next(s for s in range(4) if state.piles[s])
    own = " ".join(str(v) for v in sorted(state.piles[seat], reverse=True))
    assert f"Your scoring pile ({NAMES[seat]}): {own} (scores" in _text(GAME.render(state, seat))
    data = GAME.board_data(state, seat)
    assert data["pile"] == list(state.piles[seat]) and "piles" not in data
    # the owner's view depends on the owner's pile only
    others = dataclasses.replace(
        state, piles=tuple(p if s == seat else (1,) * len(p) for s, p in enumerate(state.piles))
    )
    assert GAME.board_data(others, seat) == data


def test_the_end_counts_every_pile() -> None:
    state = GAME.initial_state(PotraConfig(players=4, names=NAMES), 7)
    rng = random.Random(7)
    while not GAME.is_over(state):
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    assert state.phase == Phase.OVER
    data = GAME.board_data(state, None)
    assert data["piles"] == {NAMES[s]: list(state.piles[s]) for s in range(4)}
    assert "scoring pile" in _text(GAME.render(state, None))


def test_json_takes_and_boards_carry_no_pile_of_another_seat(home: Path) -> None:
    seats = "Ann,Ben,bot,bot"
    lines, _ = script(3, seats)
    args = ["play", "potra-bash", "--seats", seats, "--seed", "3", "--json"]
    run = run_cli(home, args, [*lines[:40], "board", *lines[40:]])
    starts = run.of("setup")
    assert starts and "Scoring piles lie face down" in starts[0]["text"]
    boards = run.of("board")
    assert boards and any(sum(b["pile_sizes"].values()) for b in boards)
    assert run.of("end") and "scores" in run.of("end")[0]
    for event in run.events:
        if "private_to" not in event and event["event"] != "end" and event.get("phase") != "over":
            assert "piles" not in event and "scores" not in event and "pile" not in event, event


def test_open_piles_is_saved_with_the_game_and_named_at_the_start(home: Path) -> None:
    args = ["play", "potra-bash", "--seats", "Ann,bot,bot", "--seed", "4", "--open-piles"]
    run = run_cli(home, args, ["quit"])
    assert "Scoring piles lie face up (--open-piles)" in run.stdout
    assert "scoring pile" in run.stdout and "Not yet face up" in run.stdout
    resumed = run_cli(home, ["resume", "1"], ["board", "quit"])
    assert resumed.returncode == 0, resumed.stderr
    assert "scoring pile" in resumed.stdout and "Not yet face up" in resumed.stdout
    history = json.loads(run_cli(home, ["history", "--json"]).stdout)["games"]
    assert "open scoring piles" in json.dumps(history)
    plain = run_cli(home, ["play", "potra-bash", "--seats", "Ann,bot,bot", "--seed", "4"], ["quit"])
    assert "Scoring piles lie face down" in plain.stdout and "Not yet face up" not in plain.stdout


def test_typing_pile_points_to_the_private_view(home: Path) -> None:
    run = run_cli(home, ["play", "potra-bash", "--seats", "Ann,Ben,bot", "--seed", "4"], ["pile", "quit"])
    assert "✗ hand NAME shows a player's own hand and scoring pile, on their own screen" in run.stdout
