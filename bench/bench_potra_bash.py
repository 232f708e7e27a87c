"""Potra Bash speed figures (a script, not a test), on one core.

Run it from the repository root::

    python bench/bench_potra_bash.py              # engine, bots' decision times, hard's deals/s (about 15 s)

It prints random games per second (and moves per second through ``rules.apply``) for 3, 4 and 5 players,
the ``normal`` bot's decision time, and how many deals the ``hard`` bot searches in one second from the
first move of a 4-player game. Win shares come from ``companion arena potra-bash`` (see the README).
"""

from __future__ import annotations

import random
import statistics
import time

from ai.potra_bash.game import GAME
from ai.potra_bash.rules import PotraConfig

SECONDS = 2.0


def random_games(players: int) -> tuple[float, float]:
    config = PotraConfig(players=players)
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        state = GAME.initial_state(config, games)
        rng = random.Random(games)
        while not GAME.is_over(state):
            state = GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))
            moves += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / elapsed


def normal_decisions() -> tuple[float, float]:
    config = PotraConfig()
    bot = GAME.make_player("normal", 0, config)
    times: list[float] = []
    for seed in range(30):
        state = GAME.initial_state(config, seed)
        rng = random.Random(seed)
        while not GAME.is_over(state):
            seat = GAME.to_move(state)
            legal = GAME.legal_actions(state)
            observation = GAME.observation(state, seat)
            start = time.perf_counter()
            action = bot.decide(observation, legal, rng).action
            times.append(time.perf_counter() - start)
            state = GAME.apply(state, action)
    times.sort()
    return statistics.mean(times) * 1e3, times[int(0.95 * len(times))] * 1e3


def hard_deals() -> int:
    config = PotraConfig()
    state = GAME.initial_state(config, 1)
    seat = GAME.to_move(state)
    bot = GAME.make_player("hard", seat, config, think=1.0)
    bot.decide(GAME.observation(state, seat), GAME.legal_actions(state), random.Random(1))
    return int(bot.last_iterations)  # type: ignore[attr-defined]


def main() -> None:
    for players in (3, 4, 5):
        games, moves = random_games(players)
        print(f"{players} players: {games:,.0f} random games/s, {moves:,.0f} moves/s")
    mean, p95 = normal_decisions()
    print(f"normal: {mean:.3f} ms per decision (p95 {p95:.3f} ms)")
    print(f"hard: {hard_deals()} deals searched in 1 s from the first move (4 players)")


if __name__ == "__main__":
    main()
