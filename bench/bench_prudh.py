"""Prudh speed figures (a script, not a test): move generation and random games, on one core.

Run it from the repository root::

    python bench/bench_prudh.py            # perft and random games (about 10 s)
    python bench/bench_prudh.py --arena 20 --think 0.1   # also hard against normal, 20 games per colour

It prints perft-style move generation speed (positions generated and played per second, depth 3 from the
start, Ordinary) on the fast core the search uses and through the protocol layer (``rules.apply``), random
games per second in every variant, and the hard bot's search speed from the opening. With ``--arena N`` it
plays hard against normal N games with hard as Dark and N with hard as Light (the first player is random).
"""

from __future__ import annotations

import argparse
import random
import time

from ai.prudh.bots.hard import AlphaBetaPlayer
from ai.prudh.components import VARIANTS
from ai.prudh.perft import perft
from ai.prudh.rules import PrudhConfig, apply, initial_state

SECONDS = 2.0


def core_perft() -> tuple[int, float]:
    start = time.perf_counter()
    counts = perft("ordinary", 3)
    return sum(counts["perft"]), time.perf_counter() - start


def protocol_perft(depth: int = 3) -> tuple[int, float]:
    start = time.perf_counter()
    nodes = 0

    def walk(state: object, left: int) -> None:
        nonlocal nodes
        for move in state.legal:  # type: ignore[attr-defined]
            child = apply(state, move)  # type: ignore[arg-type]
            nodes += 1
            if left > 1:
                walk(child, left - 1)

    walk(initial_state(PrudhConfig(first=0)), depth)
    return nodes, time.perf_counter() - start


def random_games(variant: str) -> tuple[float, float]:
    """Random games per second and their mean length in plies, playing for about ``SECONDS``."""
    games = plies = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < SECONDS:
        rng = random.Random(games)
        state = initial_state(PrudhConfig(variant=variant), games)
        while not state.over:
            state = apply(state, rng.choice(state.legal))
        plies += state.plies
        games += 1
    return games / elapsed, plies / games


def search_speed(think: float = 1.0) -> str:
    state = initial_state(PrudhConfig(first=0))
    start = time.perf_counter()
    result = AlphaBetaPlayer(think=think).search(state)
    elapsed = time.perf_counter() - start
    return f"{result.nodes / elapsed:,.0f} positions/s, depth {result.depth} in {think:g} s from the opening"


def arena(games: int, think: float, variant: str) -> None:
    from ai.arena import run_arena, wilson_interval
    from ai.prudh.game import GAME

    config = PrudhConfig(variant=variant)

    def make(level: str, seat: int) -> object:
        return lambda: GAME.make_player(level, seat, config, think=think)

    a = run_arena(GAME, config, [make("hard", 0), make("normal", 1)], games, 1)  # type: ignore[list-item]
    b = run_arena(GAME, config, [make("normal", 0), make("hard", 1)], games, 2)  # type: ignore[list-item]
    wins = a.seats[0].wins + b.seats[1].wins
    low, high = wilson_interval(wins, 2 * games)
    print(
        f"hard ({think:g} s) vs normal, {variant}: {wins:g}/{2 * games} = {wins / (2 * games):.1%} "
        f"(95% {low:.1%}-{high:.1%}), {a.seconds + b.seconds:.0f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arena", type=int, default=0, help="games per colour of hard against normal")
    parser.add_argument("--think", type=float, default=0.1)
    parser.add_argument("--variant", default="tika", choices=VARIANTS)
    args = parser.parse_args()
    nodes, seconds = core_perft()
    print(f"perft 3 (core): {nodes:,} positions in {seconds:.2f} s = {nodes / seconds:,.0f} positions/s")
    nodes, seconds = protocol_perft()
    print(
        f"perft 3 (rules.apply): {nodes:,} positions in {seconds:.2f} s = {nodes / seconds:,.0f} positions/s"
    )
    for variant in VARIANTS:
        rate, plies = random_games(variant)
        print(f"random games, {variant}: {rate:,.0f} games/s (mean {plies:.1f} plies)")
    print("hard search:", search_speed())
    if args.arena:
        arena(args.arena, args.think, args.variant)


if __name__ == "__main__":
    main()
