"""``--json`` names who acts as the prompts and the board do: a player's name beside every seat number, the
names in ``setup``, the convoy's ``owner`` in a Prohis ``turned`` event, cards as lists."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ai.prohis import rules as R
from ai.prohis.game import GAME
from tests.conftest import run_cli


def _events(config: R.ProhisConfig, seed: int, moves: int = 250) -> list:
    rng = random.Random(seed)
    state = GAME.initial_state(config, seed)
    out = list(GAME.setup_events(state))
    for _ in range(moves):
        legal = list(GAME.legal_actions(state))
        if GAME.is_over(state) or not legal:
            break
        state, events = GAME.step(state, rng.choice(legal))
        out += events
    return out


@pytest.mark.parametrize("physical", [False, True])
def test_prohis_events_name_the_actor_beside_its_seat(physical: bool) -> None:
    config = R.ProhisConfig(
        players=4, names=("Ann", "Bo", "Cy", "Di"), untracked=(0,) if physical else (0, 2), physical=physical
    )
    events = [e for seed in range(3) for e in _events(config, seed)]
    kinds = {e.kind for e in events}
    assert {"take", "convoy", "turned"} <= kinds
    for event in events:
        if "seat" in event.data:
            assert event.data["player"] == config.name(event.data["seat"]), event
        if event.kind == "turned":
            assert "seat" not in event.data and event.data["owner"] in config.names
        if event.kind in ("bribe_cards", "seized_cards"):
            assert isinstance(event.data["cards"], list) and all(len(c) == 1 for c in event.data["cards"])
    (setup,) = [e for e in events[:1] if e.kind == "setup"]
    assert setup.data["names"] == ["Ann", "Bo", "Cy", "Di"] and setup.data["players"] == 4


def test_a_bribe_offered_lists_its_cards() -> None:
    config = R.ProhisConfig(players=3, names=("Ann", "Bo", "Cy"), untracked=(0,))
    for seed in range(300):
        for event in _events(config, seed, 120):
            if event.kind == "bribe_cards":
                cards = event.data["cards"]
                assert isinstance(cards, list) and cards == sorted(cards) and set(cards) <= set("gxlci")
                assert event.data["player"] != event.data["to"] and event.private_to is not None
                return
    raise AssertionError("no bribe offered")


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (["prohis", "--seats", "Ann,bot,bot"], ["Ann", "Bot2", "Bot3"]),
        (["potra-bash", "--seats", "Ann,bot,bot"], ["Ann", "Bot2", "Bot3"]),
        (["propuh", "--as", "granny", "--bot", "random"], ["granny", "propuh"]),
        (["rip", "--bot", "random"], ["green", "blue"]),
        (["prudh", "--bot", "random"], ["dark", "light"]),
    ],
)
def test_every_game_lists_its_players_in_setup(home: Path, args: list[str], names: list[str]) -> None:
    run = run_cli(home, ["play", *args, "--seed", "2", "--json"], ["quit"])
    assert run.returncode == 0, run.stderr
    assert run.of("setup")[0]["names"] == names
    assert run.of("start")[0]["game"] == args[0]  # a script knows which game it reads
