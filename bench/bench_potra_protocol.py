"""What Potra Bash's public protocol costs beside its engine (a script, not a test): microseconds of CPU per
random game, the same games three ways, after a warm-up (the engine's tables filled):

- ``protocol``: ``initial_state``, ``to_move``, ``legal_actions``, ``apply``, ``is_over`` on ``PotraState``
  (what ``bench/bench_engines.py --game potra-bash`` times, there from a cold start);
- ``engine + load``: the same calls on the engine itself (``Engine.deal``, ``turn``, ``apply``), taking a
  snapshot and loading a fresh engine from it before each step, as ``apply`` does when its state's engine has
  moved on (the search's tree; the arena's games play each step on the engine the state was taken from);
- ``engine``: the engine alone, changed in place: the floor of any protocol over it.

The three are run in turn, ``--rounds`` times, and each one's median is printed.

Run it from the repository root: ``python bench/bench_potra_protocol.py [--games 500] [--rounds 5]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ai.potra_bash import rules  # noqa: E402
from ai.potra_bash.engine import OVER, Engine  # noqa: E402

CONFIG = rules.PotraConfig()


def protocol(games: int) -> None:
    for seed in range(1, games + 1):
        rng = random.Random(seed)
        state = rules.initial_state(CONFIG, seed)
        while not rules.is_over(state):
            rules.to_move(state)
            legal = rules.legal_actions(state)
            state = rules.apply(state, legal[int(rng.random() * len(legal))])


def engine_loaded(games: int) -> None:
    for seed in range(1, games + 1):
        rng = random.Random(seed)
        e = Engine.deal(CONFIG, seed)
        while e.phase is not OVER:
            _, legal = e.turn()
            e = rules.load(rules.snapshot(e))
            e.apply(legal[int(rng.random() * len(legal))])


def engine(games: int) -> None:
    for seed in range(1, games + 1):
        rng = random.Random(seed)
        e = Engine.deal(CONFIG, seed)
        while e.phase is not OVER:
            _, legal = e.turn()
            e.apply(legal[int(rng.random() * len(legal))])


WAYS: dict[str, Callable[[int], None]] = {
    "protocol": protocol,
    "engine + load": engine_loaded,
    "engine": engine,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    for run in WAYS.values():  # the warm-up
        run(args.games // 2)
    spent: dict[str, list[float]] = {name: [] for name in WAYS}
    for _ in range(args.rounds):
        for name, run in WAYS.items():
            start = time.process_time()
            run(args.games)
            spent[name].append((time.process_time() - start) / args.games * 1e6)
    for name, figures in spent.items():
        print(f"{name}: {statistics.median(figures):.0f} µs of CPU a game")


if __name__ == "__main__":
    main()
