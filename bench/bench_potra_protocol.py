"""What Potra Bash's public protocol costs beside its engine (a script, not a test): microseconds of CPU per
random game, the same games three ways, after a warm-up (the engine's tables filled):

- ``protocol``: ``initial_state``, ``to_move``, ``legal_actions``, ``apply``, ``is_over`` on ``PotraState``
  (what ``bench/bench_engines.py --game potra-bash`` times, there from a cold start);
- ``engine + load``: the same calls on the engine itself (``Engine.deal``, ``turn``, ``apply``), taking a
  snapshot and loading a fresh engine from it before each step, as ``apply`` does when its state's engine has
  moved on (the search's tree; the arena's games play each step on the engine the state was taken from);
- ``engine``: the engine alone, changed in place: the floor of any protocol over it.

The three are run in turn, ``--rounds`` times, and each one's median is printed (``bench/protocol_split.py``
times them).

Run it from the repository root: ``python bench/bench_potra_protocol.py [--games 500] [--rounds 5]``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from protocol_split import main, protocol_games  # noqa: E402  (beside this script; "bench" names bench/bench.py here)

from ai.potra_bash import rules  # noqa: E402
from ai.potra_bash.engine import OVER, Engine  # noqa: E402

CONFIG = rules.PotraConfig()


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
    "protocol": protocol_games(rules, CONFIG),
    "engine + load": engine_loaded,
    "engine": engine,
}


if __name__ == "__main__":
    main(__doc__.splitlines()[0], WAYS)
