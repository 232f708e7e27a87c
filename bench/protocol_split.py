"""The shared part of ``bench/bench_rip_protocol.py`` and ``bench/bench_potra_protocol.py``: random games through a
game's public protocol, and the timing of several ways of playing the same games (a module those scripts import,
not a script).

Each way is run in turn, ``--rounds`` times, after a warm-up of half as many games (the engine's tables filled),
and each one's median is printed in microseconds of CPU a game.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Mapping
from typing import Any


def protocol_games(rules: Any, config: Any) -> Callable[[int], None]:
    """Random games seeded 1, 2, ... through ``rules``' protocol (``initial_state``, ``to_move``,
    ``legal_actions``, ``apply``, ``is_over``) with ``config``: each move drawn by the game's own
    ``random.Random(seed)``, so every way of playing the games makes the same moves."""

    def protocol(games: int) -> None:
        for seed in range(1, games + 1):
            rng = random.Random(seed)
            state = rules.initial_state(config, seed)
            while not rules.is_over(state):
                rules.to_move(state)
                legal = rules.legal_actions(state)
                state = rules.apply(state, legal[int(rng.random() * len(legal))])

    return protocol


def main(description: str, ways: Mapping[str, Callable[[int], None]]) -> None:
    """Read ``--games`` and ``--rounds``, warm every way up, then print each way's median CPU time a game."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    for run in ways.values():  # the warm-up
        run(args.games // 2)
    spent: dict[str, list[float]] = {name: [] for name in ways}
    for _ in range(args.rounds):
        for name, run in ways.items():
            start = time.process_time()
            run(args.games)
            spent[name].append((time.process_time() - start) / args.games * 1e6)
    for name, figures in spent.items():
        print(f"{name}: {statistics.median(figures):.0f} µs of CPU a game")
