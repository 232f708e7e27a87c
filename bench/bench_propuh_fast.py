"""Random Propuh games per second: the public immutable API against the mutable fast path (a script).

    python bench/bench_propuh_fast.py [--seconds 3] [--check 2000]

A random solo game: a random Granny (a uniform choice among the legal actions) against the automaton, dealt
in dealer mode at difficulty 1 (the longest games). The public path is ``rules.initial_state`` /
``legal_actions`` / ``apply`` with ``automaton`` deciding from its observation (as ``bench/bench.py``); the fast
path is ``ai.propuh.fast`` (``Fast.deal`` and ``Fast.apply`` on integers, ``automaton_move``). Both use one
generator per game, seeded with the game's number, so game ``i`` is the same game on both paths: ``--check N``
first plays N games both ways and stops if any differs (actions, winner, reason, tokens). One core: the rates
count this process's CPU time, not the wall clock.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from ai.propuh.automaton import automaton
from ai.propuh.cards import GRANNY, PROPUH
from ai.propuh.fast import OVER, REASONS, Fast, to_action
from ai.propuh.observation import observe
from ai.propuh.rules import Phase, PropuhConfig, apply, initial_state, legal_actions

CONFIG = PropuhConfig(solo=True, difficulty="1")


def public_game(seed: int, config: PropuhConfig = CONFIG) -> tuple[list[object], int | None, str]:
    rng = random.Random(seed)
    bot = automaton(config)
    state = initial_state(config, seed)
    actions: list[object] = []
    while state.phase != Phase.OVER:
        legal = legal_actions(state)
        if config.solo and state.phase == Phase.PLAY and state.plays % 2 == PROPUH:
            action = bot.decide(observe(state, PROPUH), legal, rng).action
        else:
            action = rng.choice(legal)
        actions.append(action)
        state = apply(state, action)
    return actions, state.winner, state.reason


def fast_game(
    seed: int, config: PropuhConfig = CONFIG, record: bool = False
) -> tuple[list[object], int, str]:
    rng = random.Random(seed)
    f = Fast.deal(config, random.Random(seed))
    actions: list[object] = []
    solo = f.solo
    while f.phase != OVER:
        if solo and f.phase == 0 and f.plays % 2 == PROPUH:
            code = f.automaton_move()
        else:
            code = rng.choice(f.legal())
        if record:
            actions.append(to_action(code))
        f.apply(code)
    return actions, f.winner, REASONS[f.reason]


def rate(play: object, seconds: float) -> float:
    """Games per second of this process's CPU time (``process_time``: the figure for one core, even on a
    machine whose cores are shared with other jobs)."""
    games = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        play(games)  # type: ignore[operator]
        games += 1
    return games / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--check", type=int, default=2000)
    args = parser.parse_args()
    for config in (CONFIG, PropuhConfig(solo=False)):
        for seed in range(args.check):
            if public_game(seed, config) != fast_game(seed, config, record=True):
                sys.exit(f"game {seed} differs ({config})")
    print(f"{args.check} games per mode (solo, two players) identical on both paths")
    public = rate(public_game, args.seconds)
    fast = rate(fast_game, args.seconds)
    print(f"random solo games/s, public API: {public:,.0f}")
    print(f"random solo games/s, fast path:  {fast:,.0f} ({fast / public:.1f}x)")
    assert GRANNY == 0


if __name__ == "__main__":
    main()
