"""Speed figures for the engine, the automaton and the command line (a script, not a test).

Run it from the repository root with the project installed (``pip install -e .``)::

    python bench/bench.py

It prints, on one core: full random solo Propuh games per second (a random Granny against the automaton,
and random legal actions for both seats), the median time of one automaton decision on real game positions,
and the cold start of ``python -m companion --help`` (median of 10 fresh interpreters; "not available" if the
CLI does not import yet). Standard library only, plus the project.
"""

from __future__ import annotations

import functools
import random
import statistics
import subprocess
import sys
import time
import timeit
from collections.abc import Sequence

from ai.propuh.bots.automaton import automaton
from ai.propuh.components import PROPUH
from ai.propuh.game import GAME
from ai.propuh.observation import PropuhObservation
from ai.propuh.rules import Action, PropuhConfig

CONFIG = PropuhConfig(solo=True, difficulty="1")  # the longest games: Propuh starts with no token
SECONDS = 2.0


def random_game(seed: int, with_automaton: bool) -> int:
    """Play one dealer-mode solo game; return the number of decisions."""
    rng = random.Random(seed)
    bot = automaton(CONFIG)
    state = GAME.initial_state(CONFIG, seed)
    steps = 0
    while not GAME.is_over(state):
        legal = GAME.legal_actions(state)
        if with_automaton and GAME.to_move(state) == PROPUH:
            action = bot.decide(GAME.observation(state, PROPUH), legal, rng).action
        else:
            action = rng.choice(legal)
        state = GAME.apply(state, action)
        steps += 1
    return steps


def games_per_second(with_automaton: bool) -> tuple[float, float]:
    """Games and decisions per second, playing for about ``SECONDS``."""
    games = steps = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < SECONDS:
        steps += random_game(games, with_automaton)
        games += 1
    return games / elapsed, steps / elapsed


def automaton_positions(count: int) -> list[tuple[PropuhObservation, Sequence[Action]]]:
    """Propuh's observations and legal actions from real games (a random Granny against the automaton)."""
    rng = random.Random(1)
    bot = automaton(CONFIG)
    positions: list[tuple[PropuhObservation, Sequence[Action]]] = []
    seed = 0
    while len(positions) < count:
        state = GAME.initial_state(CONFIG, seed)
        seed += 1
        while not GAME.is_over(state):
            legal = GAME.legal_actions(state)
            if GAME.to_move(state) == PROPUH:
                obs = GAME.observation(state, PROPUH)
                positions.append((obs, legal))
                action = bot.decide(obs, legal, rng).action
            else:
                action = rng.choice(legal)
            state = GAME.apply(state, action)
    return positions[:count]


def automaton_decision_us(positions: int = 300, number: int = 200) -> float:
    """Median over positions of the mean time of one decision there (timeit, ``number`` repeats)."""
    bot = automaton(CONFIG)
    rng = random.Random(0)
    times = []
    for obs, legal in automaton_positions(positions):
        timer = timeit.Timer(functools.partial(bot.decide, obs, legal, rng))
        times.append(min(timer.repeat(repeat=3, number=number)) / number)
    return statistics.median(times) * 1e6


def cli_start_ms(runs: int = 10) -> float | None:
    """Median wall time of ``python -m companion --help`` in a fresh interpreter; None if it fails."""
    command = [sys.executable, "-m", "companion", "--help"]
    warm = subprocess.run(command, capture_output=True, check=False)  # fills the OS file cache, not timed
    if warm.returncode != 0:
        return None
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.run(command, capture_output=True, check=False)
        times.append(time.perf_counter() - start)
        if proc.returncode != 0:
            return None
    return statistics.median(times) * 1000


def line(label: str, value: str) -> None:
    print(f"{label:<32}{value}")


def main() -> None:
    print(
        f"Python {sys.version.split()[0]}; solo Propuh, difficulty {CONFIG.difficulty}, dealer mode; one core"
    )
    gps, dps = games_per_second(with_automaton=True)
    line("random Granny vs automaton:", f"{gps:8.0f} games/s ({dps:,.0f} decisions/s)")
    gps, dps = games_per_second(with_automaton=False)
    line("random vs random:", f"{gps:8.0f} games/s ({dps:,.0f} decisions/s)")
    line("one automaton decision:", f"{automaton_decision_us():8.2f} µs (median over 300 real positions)")
    start = cli_start_ms()
    line(
        "companion --help cold start:",
        "not available" if start is None else f"{start:8.1f} ms (median of 10)",
    )


if __name__ == "__main__":
    main()
