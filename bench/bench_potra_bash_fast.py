"""Potra Bash: the mutable fast path against the immutable rules (a script, not a test), on one core.

Run it from the repository root::

    python bench/bench_potra_bash_fast.py            # about a minute

First it plays ``CHECK`` random games per player count both ways and stops if any move, pile or result differs;
then it prints random games per second of CPU time on each path (the issue's target: 2,200 random 4-player games
a second, 5x its 440 on the rules) and the search's deals per second with its play-outs on each path (the
``hard`` bot, 4 players, the first move of a game, wall time: what ``--think`` buys).
"""

from __future__ import annotations

import random
import sys
import time

from ai.potra_bash.bots import hard
from ai.potra_bash.fast import FastPotra, to_action
from ai.potra_bash.game import GAME
from ai.potra_bash.rules import PotraConfig

CHECK = 2000
SECONDS = 3.0


def same_game(config: PotraConfig, seed: int) -> bool:
    state = GAME.initial_state(config, seed)
    fast = FastPotra.deal(config, seed)
    rng = random.Random(seed)
    while not GAME.is_over(state):
        legal = GAME.legal_actions(state)
        moves = fast.legal()
        if [to_action(m) for m in moves] != list(legal):
            return False
        i = rng.randrange(len(legal))
        state = GAME.apply(state, legal[i])
        fast.apply(moves[i])
    result = GAME.result(state)
    return fast.over and fast.utilities() == [result.utility(s) for s in range(config.players)]


def rate(play: object, config: PotraConfig) -> float:
    """Games per second of this process's CPU time (on a shared machine, wall time counts the others' work)."""
    games = 0
    start = time.process_time()
    while time.process_time() - start < SECONDS:
        play(config, games)  # type: ignore[operator]
        games += 1
    return games / (time.process_time() - start)


def slow_game(config: PotraConfig, seed: int) -> None:
    state = GAME.initial_state(config, seed)
    rng = random.Random(seed)
    while not GAME.is_over(state):
        state = GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))


def fast_game(config: PotraConfig, seed: int) -> None:
    fast = FastPotra.deal(config, seed)
    rng = random.Random(seed)
    while not fast.over:
        fast.apply(rng.choice(fast.legal()))


def deals_per_second(fast: bool) -> float:
    config = PotraConfig()
    state = GAME.initial_state(config, 1)
    seat = GAME.to_move(state)
    bot = hard(GAME, think=SECONDS, fast=fast)
    bot.decide(GAME.observation(state, seat), GAME.legal_actions(state), random.Random(1))
    return bot.last_iterations / SECONDS


def main() -> None:
    for players in (3, 4, 5):
        config = PotraConfig(players=players)
        if not all(same_game(config, seed) for seed in range(CHECK)):
            sys.exit(f"{players} players: the fast path played another game")
    print(f"{CHECK} random games per player count (3, 4, 5): identical on both paths")
    config = PotraConfig()
    slow, quick = rate(slow_game, config), rate(fast_game, config)
    print(f"random 4-player games/s: rules {slow:,.0f}, fast path {quick:,.0f} ({quick / slow:.1f}x)")
    slow_deals, quick_deals = deals_per_second(False), deals_per_second(True)
    print(
        f"hard's deals/s (first move, 4 players): rules play-outs {slow_deals:,.0f}, fast play-outs "
        f"{quick_deals:,.0f} ({quick_deals / slow_deals:.1f}x)"
    )


if __name__ == "__main__":
    main()
