"""The end of every game: the ``end`` event carries ``winners``, ``scores`` and ``breakdown`` as data fields
(``--json`` prints them), not only in its text. Games are played by random legal moves through the protocol."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ai.games import get
from ai.protocol import CHANCE, Event


def play_out(name: str, seed: int) -> tuple[Any, Any, list[Event]]:
    game = get(name)
    config = game.default_config()
    state = game.initial_state(config, seed)
    rng = random.Random(seed)
    events: list[Event] = []
    for _ in range(game.info.max_length * 4):
        if game.is_over(state):
            break
        legal = list(game.legal_actions(state))
        assert legal, f"{name}: no legal action at {game.to_move(state)}"
        state, new = game.step(state, rng.choice(legal))
        events += new
    assert game.is_over(state)
    return game, state, events


@pytest.mark.parametrize("name", ["propuh", "rip", "potra-bash", "prudh", "prohis"])
@pytest.mark.parametrize("seed", [1, 2])
def test_the_end_event_carries_winners_scores_and_breakdown(name: str, seed: int) -> None:
    game, state, events = play_out(name, seed)
    ends = [e for e in events if e.kind == "end"]
    assert len(ends) == 1 and ends[-1] is events[-1]
    data = ends[0].as_json()
    result = game.result(state)
    names = [game.seat_name(state, s).lower() for s in range(game.num_players(state))]
    assert [w.lower() for w in data["winners"]] == [names[w] for w in result.winners]
    assert isinstance(data["scores"], dict) and {k.lower() for k in data["scores"]} == set(names)
    assert isinstance(data["breakdown"], dict) and {k.lower() for k in data["breakdown"]} == set(names)
    assert game.to_move(state) != CHANCE
