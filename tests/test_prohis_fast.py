"""The mutable fast path (``ai.prohis.fast``) plays the same games as the public immutable rules."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.prohis.fast import OVER, Fast, code_of, to_action
from ai.prohis.game import GAME
from ai.prohis.rules import Phase, ProhisConfig, ProhisState, apply, initial_state, legal_actions

CONFIGS = [
    ProhisConfig(players=3),
    ProhisConfig(players=4),
    ProhisConfig(players=5, seed_values=True),
    ProhisConfig(players=6, pass_any_time=True),
]


def walk(state: ProhisState, steps: int, rng: random.Random) -> ProhisState:
    for _ in range(steps):
        if state.phase == Phase.OVER:
            break
        state = apply(state, rng.choice(legal_actions(state)))
    return state


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.players}p")
def test_random_games_are_the_same_game_on_both_paths(config: ProhisConfig) -> None:
    """A generator's choices among the listed legal actions give the same game, step by step (every field of
    the state, the legal actions in their order), on the public rules and on the fast path, from ``Fast.deal``
    as from ``initial_state``; and the same winners."""
    for seed in range(60):
        state = initial_state(config, seed)
        f = Fast.deal(config, seed)
        assert f.to_state() == state
        rng = random.Random(seed)
        while state.phase != Phase.OVER:
            legal = legal_actions(state)
            codes = f.legal()
            assert [to_action(c) for c in codes] == legal
            i = rng.randrange(len(legal))
            state = apply(state, legal[i])
            f.apply(codes[i])
            assert f.to_state() == state
        result = GAME.result(state)
        assert f.phase == OVER
        assert f.utilities() == [result.utility(s) for s in range(config.players)]
        assert f.scores() == [int(s) for s in result.scores or ()]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 200), players=st.integers(3, 6))
def test_a_copy_holds_the_state_and_plays_on_as_the_rules_do(seed: int, steps: int, players: int) -> None:
    """From any position of a game (a deal of the search's, mid-convoy, mid-bribe), ``from_state`` copies the
    state exactly and a move played on the copy gives the state the rules give."""
    config = ProhisConfig(players=players)
    state = walk(initial_state(config, seed), steps, random.Random(seed))
    if state.phase != Phase.OVER:
        seat = GAME.to_move(state)
        state = GAME.determinize(GAME.observation(state, seat), random.Random(seed))
    f = Fast.from_state(state)
    assert f.to_state() == state
    if state.phase != Phase.OVER:
        act = random.Random(seed).choice(legal_actions(state))
        f.apply(code_of(act))
        assert f.to_state() == apply(state, act)


def test_only_dealer_mode_is_copied() -> None:
    config = ProhisConfig(players=4, physical=True, untracked=(0,))
    with pytest.raises(ValueError, match="dealer-mode"):
        Fast.from_state(initial_state(config, 1))
    with pytest.raises(ValueError, match="dealer-mode"):
        Fast.deal(config, 1)
