"""``hard``'s play-outs on the fast path (``ai.prohis.playout``) play what the search's play-outs on the public
rules play: the same pruned moves, the card's rules on integers choosing what the rule list chooses (dice
rolled from the same generator), the same estimate, and so the same search."""

from __future__ import annotations

import random

import pytest

from ai.prohis.bots import FRONT, evaluate, hard_chance, own_rollout, rollout, verdict
from ai.prohis.card import RULES, choose
from ai.prohis.fast import Fast, to_action
from ai.prohis.game import GAME
from ai.prohis.observation import observe
from ai.prohis.playout import DEPTH, card_move, make_simulate, model_move, pruned
from ai.prohis.playout import evaluate as fast_evaluate
from ai.prohis.rules import (
    Act,
    Phase,
    ProhisConfig,
    ProhisState,
    apply,
    initial_state,
    legal_actions,
    to_move,
)

CONFIGS = [
    ProhisConfig(players=3),
    ProhisConfig(players=4),
    ProhisConfig(players=5, seed_values=True),
    ProhisConfig(players=6, pass_any_time=True),
]


#: The game as the search sees it (``bots._Pruned``: its candidate moves).
SEARCHED = GAME.make_player("hard", 0, ProhisConfig(), iterations=1).game


def search_moves(state: ProhisState) -> list[Act]:
    return list(SEARCHED.legal_actions(state))


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.players}p")
def test_the_card_on_integers_chooses_what_the_rule_list_chooses(config: ProhisConfig) -> None:
    """Decision by decision over games played by the search's play-out policy: the same candidate moves in the
    same order, the same estimate, and the card's move with the same die rolled from the same generator."""
    for seed in range(12):
        state = initial_state(config, seed)
        rng = random.Random(seed)
        while state.phase != Phase.OVER:
            f = Fast.from_state(state)
            legal = search_moves(state)
            codes = pruned(f)
            assert [to_action(c) for c in codes] == legal
            assert fast_evaluate(f) == evaluate(state)
            die, fast_die = random.Random(state.turn), random.Random(state.turn)
            _, act, _ = choose(RULES, observe(state, to_move(state)), legal, die)
            assert to_action(card_move(f, codes, fast_die)) == act, state
            assert die.random() == fast_die.random()  # as many rolls on both
            # hard's own seat: its rules (FRONT) in front of the card's, its own judging
            die, fast_die = random.Random(state.turn), random.Random(state.turn)
            obs = observe(state, to_move(state))
            if state.phase == Phase.JUDGE:
                expected = verdict(obs, die.random() < hard_chance(obs))
            else:
                expected = choose(FRONT, obs, legal, die)[1]
            assert to_action(model_move(f, codes, fast_die, to_move(state))) == expected, state
            assert die.random() == fast_die.random()
            state = apply(state, rollout(state, legal, rng))


def test_a_play_out_on_the_fast_path_is_the_play_out_on_the_rules() -> None:
    """From deals of a seat's observation anywhere in a game (mid-convoy, mid-bribe too): ``DEPTH`` moves of
    ``bots.rollout`` among the search's moves (``bots.own_rollout`` for the searching seat, half the time),
    then the result or ``bots.evaluate``, equal ``simulate``'s."""
    played = 0
    for seed in range(150):
        config = CONFIGS[seed % 4]
        walk = random.Random(seed)
        state = initial_state(config, seed)
        for _ in range(walk.randrange(0, 160)):
            if state.phase == Phase.OVER:
                break
            state = apply(state, walk.choice(legal_actions(state)))
        if state.phase == Phase.OVER:
            continue
        seat = to_move(state)
        state = leaf = GAME.determinize(GAME.observation(state, seat), walk)
        own = seat if seed % 2 else None
        simulate = make_simulate(seat=own)
        rng, fast_rng = random.Random(seed), random.Random(seed)
        steps = 0
        while state.phase != Phase.OVER and steps < DEPTH:
            policy = own_rollout if to_move(state) == own else rollout
            state = apply(state, policy(state, search_moves(state), rng))
            steps += 1
        if state.phase == Phase.OVER:
            result = GAME.result(state)
            expected = [result.utility(s) for s in range(state.n)]
        else:
            expected = evaluate(state)
        assert simulate(leaf, fast_rng) == expected
        assert rng.random() == fast_rng.random()
        played += 1
    assert played > 100


@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_search_with_the_fast_play_outs_is_the_same_search(players: int) -> None:
    """``hard`` plays out on the fast path; with the public loop instead, every statistic is the same."""
    config = ProhisConfig(players=players)
    for seed in range(3):
        state = initial_state(config, seed)
        walk = random.Random(seed)
        for _ in range(4 + 9 * seed):  # the opening, and later (a convoy on its way, perhaps)
            state = apply(state, walk.choice(legal_actions(state)))
        seat = to_move(state)
        fast = GAME.make_player("hard", seat, config, iterations=60)
        slow = GAME.make_player("hard", seat, config, iterations=60)
        slow.player.simulate = None  # type: ignore[attr-defined]
        obs, legal = observe(state, seat), legal_actions(state)
        stats = fast.search(obs, legal, random.Random(seed))  # type: ignore[attr-defined]
        assert sum(visits for visits, _ in stats.values()) == 60
        assert stats == slow.search(obs, legal, random.Random(seed))  # type: ignore[attr-defined]
