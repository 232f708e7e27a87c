"""How long a time-bound ``hard`` takes for a turn, in every game (a script, not a test): issue 17's "a bot's turn
takes at most ``--think`` in all".

``hard`` sits in seat 0 against ``normal`` in the others, thinking ``--think`` seconds (wall time), for ``--games``
games each. A turn is the seat's decisions in a row before another seat decides (RIP plays a turn card by card;
Propuh's Granny may move the figurine, then play): the longest turn and the 95th percentile, in seconds. In Potra
Bash and Prohis, whose turns are one decision each, a seat may decide twice in a row across a round's end (the
last pick of a lap, then the first of the next): those count as one here, so their longest "turn" can be two.

Run it from the repository root: ``python bench/bench_think.py [--think 1.0] [--games 1]``; about ``think`` seconds
per decision of ``hard``, some 25 to 45 a game.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import time

from ai.games import get

GAMES = ("propuh", "rip", "potra-bash", "prohis", "prudh")


def turns(name: str, think: float, games: int) -> list[float]:
    """Wall seconds of each whole turn of ``hard`` (seat 0) against ``normal``."""
    game = get(name)
    config = game.default_config()
    if name == "propuh":  # two players: the automaton plays solo
        config = dataclasses.replace(config, solo=False)
    spent: list[float] = []
    for seed in range(games):
        state = game.initial_state(config, seed)
        seats = game.num_players(state)
        players = [game.make_player("hard", 0, config, think=think)]
        players += [game.make_player("normal", seat, config) for seat in range(1, seats)]
        rngs = [random.Random(seed * 10 + seat) for seat in range(seats)]
        previous = None
        while not game.is_over(state):
            seat = game.to_move(state)
            start = time.perf_counter()
            decision = players[seat].decide(
                game.observation(state, seat), game.legal_actions(state), rngs[seat]
            )
            if seat == 0:
                if previous != 0:
                    spent.append(0.0)
                spent[-1] += time.perf_counter() - start
            previous = seat
            state = game.apply(state, decision.action)
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--game", choices=GAMES, action="append")
    args = parser.parse_args()
    for name in args.game or GAMES:
        times = sorted(turns(name, args.think, args.games))
        p95 = times[int(0.95 * (len(times) - 1))]
        print(
            f"{name}: {len(times)} turns of hard at --think {args.think:g}: longest {times[-1]:.3f} s, "
            f"95th percentile {p95:.3f} s"
        )


if __name__ == "__main__":
    main()
