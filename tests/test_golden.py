"""The first seeded golden games of every game and mode replay event for event (``bench/golden.py`` holds
every case; ``python bench/golden.py check`` replays them all)."""

from __future__ import annotations

import pytest

from bench.golden import CASES, QUICK, Case, digest, recorded


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_golden_games_replay_event_for_event(case: Case) -> None:
    known = recorded()[case.name]
    for seed in range(1, QUICK + 1):
        assert digest(case, seed) == known[str(seed)], f"{case.name} seed {seed}"
