"""The mutable fast path (``ai.propuh.fast``) plays the same games as the public immutable rules, and its
play-out policies choose what the bots' rule lists choose."""

from __future__ import annotations

import random

import pytest

from ai.propuh.automaton import automaton
from ai.propuh.cards import GRANNY, PROPUH
from ai.propuh.fast import OVER, REASONS, Fast, from_action, playout, to_action, unresolved
from ai.propuh.hard import hard
from ai.propuh.observation import observe
from ai.propuh.rules import Phase, PropuhConfig, PropuhState, apply, initial_state, legal_actions
from ai.propuh.search_view import PUBLIC, PlayOut

CONFIGS = [
    PropuhConfig(solo=True, difficulty="1"),
    PropuhConfig(solo=True, difficulty="3"),
    PropuhConfig(solo=True, difficulty="random", random_cards=3),
    PropuhConfig(solo=True, difficulty="2", ignore_limit=True, no_granny_from="last"),
    PropuhConfig(solo=True, difficulty="3", skip_blocked=True),
    PropuhConfig(solo=False),
]


def same(state: PropuhState, f: Fast) -> None:
    """Everything the fast copy holds agrees with the public state."""
    assert f.phase == (OVER if state.phase == Phase.OVER else 1 if state.phase == Phase.REMOVE else 0)
    assert (f.round, f.plays, f.figurine, f.moved) == (
        state.round,
        state.plays,
        state.figurine,
        state.figurine_moved,
    )
    assert (tuple(f.green), tuple(f.red)) == state.tokens
    assert [[c.kind for c in h] for h in state.hands] == f.hands
    assert [c.kind for c in state.deck] == f.deck[::-1] and f.seen == list(state.seen)
    assert unresolved(f) == state.unresolved
    assert f.drawn == (state.drawn.kind if state.drawn is not None else -1)
    if state.phase == Phase.OVER:
        assert f.winner == state.winner and REASONS[f.reason] == state.reason
    else:
        assert [to_action(c) for c in f.legal()] == legal_actions(state)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"solo{c.difficulty}" if c.solo else "two")
def test_random_games_are_the_same_game_on_both_paths(config: PropuhConfig) -> None:
    """A generator's choices among the listed legal actions (the automaton for Propuh in solo) give the same
    game, step by step, on the public rules and on the fast path, from ``Fast.deal`` as from ``initial_state``."""
    bot = automaton(config)
    for seed in range(60):
        state = initial_state(config, seed)
        f = Fast.deal(config, random.Random(seed))
        same(state, f)
        rng = random.Random(seed)
        while state.phase != Phase.OVER:
            legal = legal_actions(state)
            if config.solo and state.phase == Phase.PLAY and state.plays % 2 == PROPUH:
                action = bot.decide(observe(state, PROPUH), legal, rng).action
                assert f.automaton_move() == from_action(action)
            else:
                action = rng.choice(legal)
            state = apply(state, action)
            f.apply(from_action(action))
            same(state, f)


@pytest.mark.parametrize("config", [CONFIGS[2], CONFIGS[5]], ids=["solo", "two"])
def test_play_outs_follow_the_bots_rule_lists(config: PropuhConfig) -> None:
    """From any position of a game, ``fast.playout`` plays what ``bots.PlayOut`` plays with the same generator
    (the quick rule lists deciding from each seat's observation, with the same noise), to the same winner."""
    policy = PlayOut(config, noise=0.1)
    fixed = automaton(config)
    for seed in range(40):
        state = initial_state(config, seed)
        walk = random.Random(seed)
        for _ in range(walk.randrange(0, 12)):  # start somewhere in the game
            if state.phase == Phase.OVER:
                break
            state = apply(state, walk.choice(legal_actions(state)))
        f = Fast.from_state(state)
        rng = random.Random(seed)
        while state.phase != Phase.OVER:
            legal = legal_actions(state)
            if config.solo and state.phase == Phase.PLAY and state.plays % 2 == PROPUH:
                action = fixed.decide(observe(state, PROPUH), legal, rng).action
            else:
                action = policy(state, legal, rng)
            state = apply(state, action)
        assert playout(f, random.Random(seed), 0.1) == state.winner
        assert f.winner == state.winner and REASONS[f.reason] == state.reason
        assert (tuple(f.green), tuple(f.red)) == state.tokens


def test_the_policies_choose_what_the_rule_lists_choose() -> None:
    """Decision by decision, without noise, on positions from random two-player and solo games."""
    for config in (CONFIGS[0], CONFIGS[5]):
        policy = PlayOut(config, noise=0.0)
        for seed in range(40):
            state = initial_state(config, seed)
            rng = random.Random(seed)
            while state.phase != Phase.OVER:
                legal = legal_actions(state)
                f = Fast.from_state(state)
                seat = f.mover()
                if config.solo and seat == PROPUH:
                    code = f.automaton_move()
                else:
                    code = f.granny_policy() if seat == GRANNY else f.propuh_policy()
                if len(legal) > 1 or not (config.solo and seat == PROPUH):
                    expected = (
                        automaton(config).decide(observe(state, PROPUH), legal, rng).action
                        if (config.solo and seat == PROPUH)
                        else policy(state, legal, rng)
                    )
                    assert to_action(code) == expected, (seed, state)
                state = apply(state, rng.choice(legal))


@pytest.mark.parametrize("config", [CONFIGS[0], CONFIGS[5]], ids=["solo", "two"])
def test_the_search_on_the_fast_path_is_the_same_search(config: PropuhConfig) -> None:
    """``hard``'s tree walks and plays out on the fast path (``search_view.FAST``); on the public rules
    (``search_view.PUBLIC``: its tree, its models of the other seat and its play-out loop) every statistic is
    the same, for Granny and for the two-player Propuh."""
    from ai.propuh.game import GAME

    searched = set()
    for seed in range(8):
        state = initial_state(config, seed)
        walk = random.Random(seed)
        for _ in range(3 + seed):
            state = apply(state, walk.choice(legal_actions(state)))
        seat = GRANNY if config.solo else seed % 2  # the two-player Propuh at odd seeds
        while GAME.to_move(state) != seat:
            state = apply(state, walk.choice(legal_actions(state)))
        fast = hard(config, iterations=60)
        slow = hard(config, iterations=60, view=PUBLIC)
        obs, legal = observe(state, seat), legal_actions(state)
        stats = fast.search(obs, legal, random.Random(seed))  # type: ignore[attr-defined]
        assert sum(visits for visits, _ in stats.values()) == 60
        assert set(stats) <= set(legal)
        assert stats == slow.search(obs, legal, random.Random(seed))  # type: ignore[attr-defined]
        searched.add(seat)
    assert searched == ({GRANNY} if config.solo else {GRANNY, PROPUH})
