"""Prohis speed figures (a script, not a test): random games, bot decision times, hard's deals per second.

Run it from the repository root (one process, about 15 s)::

    python bench/bench_prohis.py
    python bench/bench_prohis.py --players 5 --seconds 3

It prints random games per second with their mean length in actions, the mean and 95th-percentile decision
time of the normal bot over whole games, and how many deals (iterations) the hard bot searches in one second
from the first decision of a game.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from ai.prohis import rules as R
from ai.prohis.game import GAME


def random_games(players: int, seconds: float) -> tuple[float, float]:
    games = actions = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        rng = random.Random(games)
        state = R.initial_state(R.ProhisConfig(players=players), games)
        while state.phase != R.Phase.OVER:
            state = R.apply(state, rng.choice(R.legal_actions(state)))
            actions += 1
        games += 1
    return games / elapsed, actions / max(games, 1)


def normal_times(players: int, seconds: float) -> tuple[float, float, int]:
    config = R.ProhisConfig(players=players)
    bot = GAME.make_player("normal", 0, config)
    times: list[float] = []
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        state = GAME.initial_state(config, seed)
        rng = random.Random(seed)
        while not GAME.is_over(state):
            seat = GAME.to_move(state)
            t = time.perf_counter()
            decision = bot.decide(GAME.observation(state, seat), GAME.legal_actions(state), rng)
            times.append(time.perf_counter() - t)
            state = GAME.apply(state, decision.action)
        seed += 1
    times.sort()
    return statistics.mean(times) * 1e3, times[int(0.95 * len(times))] * 1e3, seed


def hard_deals(players: int) -> int:
    config = R.ProhisConfig(players=players)
    state = GAME.initial_state(config, 1)
    seat = GAME.to_move(state)
    bot = GAME.make_player("hard", seat, config, think=1.0)
    bot.decide(GAME.observation(state, seat), GAME.legal_actions(state), random.Random(1))
    return int(bot.last_iterations)  # type: ignore[attr-defined]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    rate, length = random_games(args.players, args.seconds)
    print(f"random games: {rate:.1f} per second, {length:.0f} actions each ({args.players} players)")
    mean, p95, games = normal_times(args.players, args.seconds)
    print(f"normal bot: {mean:.3f} ms per decision (p95 {p95:.3f} ms) over {games} games")
    print(f"hard bot: {hard_deals(args.players)} deals searched in 1 s (first decision)")


if __name__ == "__main__":
    main()
