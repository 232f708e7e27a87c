"""What RIP's public protocol costs beside its engine (a script, not a test): microseconds of CPU per random game,
the same games three ways, after a warm-up (the engine's tables filled):

- ``protocol``: ``initial_state``, ``to_move``, ``legal_actions``, ``apply``, ``is_over`` on ``RipState`` (what
  ``bench/bench_engines.py --game rip`` times, there from a cold start);
- ``engine + copy``: the same calls on the engine itself (``Engine.deal``, ``to_move``, ``legal``, ``step``),
  copying it before each step as ``apply`` does;
- ``engine``: the engine alone, changed in place: the floor of any protocol over it.

The three are run in turn, ``--rounds`` times, and each one's median is printed (``bench/protocol_split.py``
times them).

Run it from the repository root: ``python bench/bench_rip_protocol.py [--games 500] [--rounds 5]``.
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

from ai.rip import rules  # noqa: E402
from ai.rip.engine import OVER, Engine  # noqa: E402

CONFIG = rules.RipConfig()


def engine_copied(games: int) -> None:
    for seed in range(1, games + 1):
        rng = random.Random(seed)
        e = Engine.deal(CONFIG, seed)
        while e.phase != OVER:
            e.to_move()
            legal = e.legal()
            e = e.copy()
            e.step(legal[int(rng.random() * len(legal))])


def engine(games: int) -> None:
    for seed in range(1, games + 1):
        rng = random.Random(seed)
        e = Engine.deal(CONFIG, seed)
        while e.phase != OVER:
            e.to_move()
            legal = e.legal()
            e.step(legal[int(rng.random() * len(legal))])


WAYS: dict[str, Callable[[int], None]] = {
    "protocol": protocol_games(rules, CONFIG),
    "engine + copy": engine_copied,
    "engine": engine,
}


if __name__ == "__main__":
    main(__doc__.splitlines()[0], WAYS)
