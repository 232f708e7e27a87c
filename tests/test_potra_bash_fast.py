"""Potra Bash's mutable fast path plays the same games as the immutable rules, and the search gives the same
statistics whichever path its play-outs take."""

from __future__ import annotations

import random

import pytest

from ai.potra_bash.bots import hard
from ai.potra_bash.fast import FastPotra, to_action
from ai.potra_bash.game import GAME
from ai.potra_bash.rules import PotraConfig, PotraState

CONFIGS = [
    PotraConfig(players=3),
    PotraConfig(players=4),
    PotraConfig(players=5, triples="one"),
    PotraConfig(players=4, next_start="winner"),
    PotraConfig(players=3, next_start="left-of-winner", triples="one"),
]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.players}p-{c.next_start}-{c.triples}")
def test_random_games_are_the_same_game_on_both_paths(config: PotraConfig) -> None:
    for seed in range(60):
        state = GAME.initial_state(config, seed)
        dealt, copied = FastPotra.deal(config, seed), FastPotra(state)
        rng = random.Random(seed)
        while not GAME.is_over(state):
            legal = list(GAME.legal_actions(state))
            assert [to_action(m) for m in dealt.legal()] == legal == [to_action(m) for m in copied.legal()]
            i = rng.randrange(len(legal))
            dealt.apply(dealt.legal()[i])
            copied.apply(copied.legal()[i])
            state = GAME.apply(state, legal[i])
            assert dealt.over == copied.over == GAME.is_over(state)
            if not GAME.is_over(state):  # the fast game holds what the rules' state holds
                again = FastPotra(state)
                seats = range(config.players)
                assert [dealt.pile(s) for s in seats] == [sorted(p) for p in state.piles]
                assert [dealt.hand(s) for s in seats] == [sorted(h) for h in state.hands]
                assert dealt.centre == state.centre and dealt.field_cards() == sorted(state.field)
                assert dealt.deck == again.deck and dealt.piles == again.piles and dealt.hands == again.hands
        result = GAME.result(state)
        assert dealt.utilities() == [result.utility(s) for s in range(config.players)]


def midgame(seed: int) -> PotraState:
    state = GAME.initial_state(PotraConfig(players=4), seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(70)):
        if GAME.is_over(state):
            break
        state = GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))
    return state


def test_the_search_is_the_same_search_with_fast_play_outs() -> None:
    for seed in range(8):
        state = midgame(seed)
        if GAME.is_over(state):
            continue
        seat = GAME.to_move(state)
        obs, legal = GAME.observation(state, seat), GAME.legal_actions(state)
        slow = hard(GAME, iterations=80, fast=False).search(obs, legal, random.Random(seed))
        quick = hard(GAME, iterations=80).search(obs, legal, random.Random(seed))
        assert slow == quick and sum(v for v, _ in quick.values()) == 80


def test_only_dealer_mode_states() -> None:
    config = PotraConfig(players=3, physical=True)
    with pytest.raises(ValueError, match="dealer-mode"):
        FastPotra(GAME.initial_state(config, 1))
    with pytest.raises(ValueError, match="dealer-mode"):
        FastPotra.deal(config, 1)
