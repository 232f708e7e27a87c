"""Speed figures for RIP (a script, not a test): random games per second, ``normal``'s decision time,
``hard``'s time per play-out and per game against ``normal``.

Run it from the repository root: ``python bench/bench_rip.py``. It uses one core for about 15 seconds.
"""

from __future__ import annotations

import random
import statistics
import time

from ai.rip.bots.hard import HardPlayer
from ai.rip.game import GAME
from ai.rip.rules import RipConfig

CONFIG = RipConfig()
SECONDS = 2.0


def random_games() -> tuple[int, int]:
    games = steps = 0
    deadline = time.perf_counter() + SECONDS
    while time.perf_counter() < deadline:
        rng = random.Random(games)
        state = GAME.initial_state(CONFIG, games)
        while not GAME.is_over(state):
            state = GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))
            steps += 1
        games += 1
    return games, steps


def normal_times(games: int = 40) -> list[float]:
    times = []
    for seed in range(games):
        state = GAME.initial_state(CONFIG, seed)
        players = [GAME.make_player("normal", seat, CONFIG) for seat in (0, 1)]
        rng = random.Random(seed)
        while not GAME.is_over(state):
            seat = GAME.to_move(state)
            observation, legal = GAME.observation(state, seat), GAME.legal_actions(state)
            start = time.perf_counter()
            action = players[seat].decide(observation, legal, rng).action
            times.append(time.perf_counter() - start)
            state = GAME.apply(state, action)
    return times


def hard_per_playout(iterations: int = 100, positions: int = 5) -> float:
    player = HardPlayer(iterations=iterations)
    spent = 0.0
    for seed in range(positions):
        state = GAME.initial_state(CONFIG, seed)
        seat = GAME.to_move(state)
        start = time.perf_counter()
        player.decide(GAME.observation(state, seat), GAME.legal_actions(state), random.Random(seed))
        spent += time.perf_counter() - start
    return spent / (iterations * positions)


def hard_game_seconds(games: int = 2, iterations: int = 50) -> float:
    """CPU seconds of one ``hard`` (``iterations`` play-outs a move) against ``normal`` game, seats swapped."""
    spent = 0.0
    for seed in range(games):
        for hard_seat in (0, 1):
            names = ["normal", "normal"]
            names[hard_seat] = "hard"
            players = [
                GAME.make_player(n, seat, CONFIG, iterations=iterations) for seat, n in enumerate(names)
            ]
            state = GAME.initial_state(CONFIG, seed)
            rng = random.Random(seed)
            start = time.process_time()
            while not GAME.is_over(state):
                seat = GAME.to_move(state)
                action = players[seat].decide(GAME.observation(state, seat), GAME.legal_actions(state), rng)
                state = GAME.apply(state, action.action)
            spent += time.process_time() - start
    return spent / (2 * games)


def worst_turn(think: float = 1.0, games: int = 3) -> tuple[float, int]:
    """The longest whole turn of a time-bound ``hard`` (several cards, one decision each) against ``normal``,
    wall seconds, and how many turns were timed: the issue's bound is ``think`` per turn."""
    worst, turns = 0.0, 0
    for seed in range(games):
        state = GAME.initial_state(CONFIG, seed)
        players = [GAME.make_player("hard", 0, CONFIG, think=think), GAME.make_player("normal", 1, CONFIG)]
        rng = random.Random(seed)
        spent, previous = 0.0, None
        while not GAME.is_over(state):
            seat = GAME.to_move(state)
            start = time.perf_counter()
            action = (
                players[seat].decide(GAME.observation(state, seat), GAME.legal_actions(state), rng).action
            )
            if seat == 0:
                if previous != 0:
                    spent, turns = 0.0, turns + 1
                spent += time.perf_counter() - start
                worst = max(worst, spent)
            previous = seat
            state = GAME.apply(state, action)
    return worst, turns


def main() -> None:
    games, steps = random_games()
    print(f"random games: {games / SECONDS:,.0f} games/s ({steps / SECONDS:,.0f} actions/s)")
    times = sorted(normal_times())
    p95 = times[int(0.95 * len(times))]
    print(
        f"normal: median {statistics.median(times) * 1e3:.2f} ms, p95 {p95 * 1e3:.2f} ms, max {times[-1] * 1e3:.2f} ms"
    )
    print(f"hard: {hard_per_playout() * 1e3:.2f} ms per play-out (determinize + tree walk + play-out)")
    print(f"hard (50 play-outs a move) against normal: {hard_game_seconds():.2f} s of CPU a game")
    worst, turns = worst_turn(think=0.5)
    print(f"hard --think 0.5: the longest of {turns} whole turns took {worst:.3f} s")


if __name__ == "__main__":
    main()
