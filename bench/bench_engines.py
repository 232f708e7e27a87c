"""Random games per CPU second through the public protocol, the path the arena, the tests and the table use.

For each card game, ``--games`` seeded games in dealer mode (the tool deals; two players for Propuh): every
seat picks uniformly among ``legal_actions``; ``initial_state``, ``to_move``, ``legal_actions``, ``apply``
and ``is_over`` are what is timed (CPU seconds, so a loaded machine moves the figure less than wall time).
Run from the repository root, on this checkout or another one to compare the two in one sitting:

    python bench/bench_engines.py [--games 200] [--game rip ...]
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ai.games import get  # noqa: E402

GAMES = ("propuh", "rip", "potra-bash", "prohis", "prudh")


def random_games(name: str, games: int) -> tuple[float, int]:
    """CPU seconds for ``games`` random games of ``name``, and the steps they took."""
    game = get(name)
    config = game.default_config()
    if name == "propuh":
        config = dataclasses.replace(config, solo=False)
    steps = 0
    start = time.process_time()
    for seed in range(1, games + 1):
        rng = random.Random(seed)
        state = game.initial_state(config, seed)
        while not game.is_over(state):
            game.to_move(state)
            legal = game.legal_actions(state)
            state = game.apply(state, legal[int(rng.random() * len(legal))])
            steps += 1
    return time.process_time() - start, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--game", choices=GAMES, action="append")
    args = parser.parse_args()
    for name in args.game or GAMES:
        seconds, steps = random_games(name, args.games)
        print(
            f"{name}: {args.games / seconds:,.0f} random games per CPU second "
            f"({steps / seconds:,.0f} steps per CPU second, {steps / args.games:.0f} steps a game)"
        )


if __name__ == "__main__":
    main()
