"""Random Prohis games per second: the public immutable API against the mutable fast path (a script).

    python bench/bench_prohis_fast.py [--seconds 3] [--check 2000] [--iterations 400]

A random game: every seat picks uniformly among the legal actions, 4 players, dealer mode (as
``bench/bench_prohis.py`` plays them). The public path is ``rules.initial_state`` / ``legal_actions`` / ``apply``;
the fast path is ``ai.prohis.fast`` (``Fast.deal``, ``Fast.legal`` and ``Fast.apply`` on integers). Both use one
generator per game, seeded with the game's number, so game ``i`` is the same game on both paths: ``--check N``
first plays N games per player count (3 to 6) both ways and stops if any differs (actions, final state, winners).
Then ``hard``'s play-outs per second with its play-outs on each path (``ai.prohis.playout``, the same
statistics either way): 4-player openings (games 1 to 4), ``--iterations`` deals each. One core: the rates count
this process's CPU time, not the wall clock.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

from ai.prohis.fast import OVER, Fast, to_action
from ai.prohis.game import GAME
from ai.prohis.rules import Act, Phase, ProhisConfig, ProhisState, apply, initial_state, legal_actions

CONFIG = ProhisConfig(players=4)


def public_game(seed: int, config: ProhisConfig = CONFIG) -> tuple[list[Act], ProhisState]:
    rng = random.Random(seed)
    state = initial_state(config, seed)
    actions = []
    while state.phase != Phase.OVER:
        action = rng.choice(legal_actions(state))
        actions.append(action)
        state = apply(state, action)
    return actions, state


def fast_game(seed: int, config: ProhisConfig = CONFIG, record: bool = False) -> tuple[list[Act], Fast]:
    rng = random.Random(seed)
    f = Fast.deal(config, seed)
    actions = []
    while f.phase != OVER:
        code = rng.choice(f.legal())
        if record:
            actions.append(to_action(code))
        f.apply(code)
    return actions, f


def same(seed: int, config: ProhisConfig) -> bool:
    actions, state = public_game(seed, config)
    fast_actions, f = fast_game(seed, config, record=True)
    result = GAME.result(state)
    utilities = [result.utility(s) for s in range(config.players)]
    return actions == fast_actions and f.to_state() == state and f.utilities() == utilities


def rate(play: Callable[[int], object], seconds: float) -> float:
    """Games per second of this process's CPU time (``process_time``: the figure for one core, even on a
    machine whose cores are shared with other jobs)."""
    games = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        play(games)
        games += 1
    return games / elapsed


def playouts(fast: bool, iterations: int) -> float:
    """``hard``'s play-outs (search iterations) per CPU second at the first decision of games 1 to 4."""
    elapsed = 0.0
    for seed in range(1, 5):
        state = initial_state(CONFIG, seed)
        seat = GAME.to_move(state)
        bot = GAME.make_player("hard", seat, CONFIG, iterations=iterations)
        if not fast:
            bot.player.simulate = None  # type: ignore[attr-defined]
        start = time.process_time()
        bot.decide(GAME.observation(state, seat), legal_actions(state), random.Random(seed))
        elapsed += time.process_time() - start
    return 4 * iterations / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--check", type=int, default=2000)
    parser.add_argument("--iterations", type=int, default=400)
    args = parser.parse_args()
    for players in (3, 4, 5, 6):
        config = ProhisConfig(players=players)
        for seed in range(args.check):
            if not same(seed, config):
                sys.exit(f"game {seed} differs ({players} players)")
    print(f"{args.check} random games per player count (3 to 6) identical on both paths")
    public = rate(public_game, args.seconds)
    fast = rate(fast_game, args.seconds)
    print(f"random 4-player games/s, public API: {public:,.0f}")
    print(f"random 4-player games/s, fast path:  {fast:,.0f} ({fast / public:.1f}x)")
    slow, quick = playouts(False, args.iterations), playouts(True, args.iterations)
    print(
        f"hard's play-outs/s (4 openings, {args.iterations} each): rules {slow:,.0f}, fast path {quick:,.0f} ({quick / slow:.1f}x)"
    )


if __name__ == "__main__":
    main()
