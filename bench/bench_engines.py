"""Random games per CPU second through the public protocol, the path the arena, the tests and the table use.

For each card game, ``--games`` seeded games in dealer mode (the tool deals; two players for Propuh): every
seat picks uniformly among ``legal_actions``; ``initial_state``, ``to_move``, ``legal_actions``, ``apply``
and ``is_over`` are what is timed (CPU seconds, so a loaded machine moves the figure less than wall time).
Run from the repository root, on this checkout or another one to compare the two in one sitting:

    python bench/bench_engines.py [--games 200] [--game rip ...] [--against OTHER_CHECKOUT [--pairs 9]]

With ``--against``, each game is measured in ``--pairs`` pairs of fresh processes, this checkout's and the other
one's (its own ``.venv/bin/python`` running its own copy of this script), alternating, ``nice 5``; it prints the
median of the pairs' ratios with its quartiles, and each side's median: the issue's target is a ratio to
b5e99e4, measured in one sitting on a machine whose speed drifts from one minute to the next.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
import re
import statistics
import subprocess
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


def rate(python: Path, checkout: Path, name: str, games: int) -> float:
    """Random games per CPU second of ``name`` in a fresh process of ``checkout``'s own script."""
    run = subprocess.run(
        [str(python), str(checkout / "bench" / "bench_engines.py"), "--game", name, "--games", str(games)],
        capture_output=True,
        text=True,
        cwd=checkout,
        check=True,
    )
    found = re.search(r": ([\d,]+) random games per CPU second", run.stdout)
    if found is None:
        raise SystemExit(f"no figure in {checkout}'s output: {run.stdout!r}")
    return float(found.group(1).replace(",", ""))


def paired(name: str, games: int, other: Path, pairs: int) -> None:
    """``pairs`` alternating runs of this checkout and ``other``: the median ratio with its quartiles."""
    mine, theirs = [], []
    for _ in range(pairs):
        mine.append(rate(Path(sys.executable), ROOT, name, games))
        theirs.append(rate(other / ".venv" / "bin" / "python", other, name, games))
    ratios = [a / b for a, b in zip(mine, theirs, strict=True)]
    q1, median, q3 = statistics.quantiles(ratios, n=4)
    print(
        f"{name}: {statistics.median(mine):,.0f} against {statistics.median(theirs):,.0f} random games per CPU "
        f"second (medians of {pairs} pairs); ratio {median:.2f}x [{q1:.2f}, {q3:.2f}]"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--game", choices=GAMES, action="append")
    parser.add_argument("--against", type=Path, help="another checkout with its own .venv (e.g. b5e99e4's)")
    parser.add_argument("--pairs", type=int, default=9, help="with --against: runs of each, alternating")
    args = parser.parse_args()
    if args.against is not None:
        os.nice(5)
        for name in args.game or GAMES:
            paired(name, args.games, args.against.resolve(), args.pairs)
        return
    for name in args.game or GAMES:
        seconds, steps = random_games(name, args.games)
        print(
            f"{name}: {args.games / seconds:,.0f} random games per CPU second "
            f"({steps / seconds:,.0f} steps per CPU second, {steps / args.games:.0f} steps a game)"
        )


if __name__ == "__main__":
    main()
