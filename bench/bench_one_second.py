"""What one second of thought buys ``hard`` in each game (a script, not a test): issue 17's "the play-out count that
1 s buys on this machine", the count the ladders are run at.

For each game, at ``--positions`` opening positions (seeds 1, 2, ...; ``normal`` plays until each seat has a
decision with more than one legal move that ``hard`` searches: ``NO_SEARCH``), ``hard`` searches ``--iterations``
play-outs (deals) for that seat and the script divides by the CPU time it took: play-outs per CPU second, per
seat, and their median. CPU time, so the figure holds on a loaded machine better than wall time would (a
time-bound ``hard`` at the table searches ``(1 - ai.search.RESERVE)`` of ``--think`` of wall time, less while
other work shares the core; RIP's and Granny's turns share it among their decisions). Propuh is measured in the
two-player game. Another checkout's code is measured by the same script with ``PYTHONPATH`` on that checkout.

Run it from the repository root: ``python bench/bench_one_second.py [--iterations 1000] [--positions 4]``; about
``positions x seats x iterations / rate`` seconds a game, some 20 s in all.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import time

from ai.games import get

GAMES = ("propuh", "rip", "potra-bash", "prohis")
#: CPU seconds under which a decision ran no search: ``hard`` answers some decisions by a rule alone (Prohis's
#: answer to a bribe at most openings) in some microseconds, where ``iterations`` play-outs take tens of
#: milliseconds at the least; such a decision measures no play-out and is passed over.
NO_SEARCH = 0.002


def rates(name: str, iterations: int, positions: int) -> dict[int, list[float]]:
    """Play-outs per CPU second of ``hard`` at opening positions, by seat."""
    game = get(name)
    config = game.default_config()
    if name == "propuh":
        config = dataclasses.replace(config, solo=False)
    found: dict[int, list[float]] = {}
    for seed in range(1, positions + 1):
        state = game.initial_state(config, seed)
        seats = game.num_players(state)
        normal = [game.make_player("normal", seat, config) for seat in range(seats)]
        rng = random.Random(seed)
        measured: set[int] = set()
        while not game.is_over(state) and len(measured) < seats:
            seat, legal = game.to_move(state), game.legal_actions(state)
            observation = game.observation(state, seat)
            if len(legal) > 1 and seat not in measured:
                hard = game.make_player("hard", seat, config, iterations=iterations)
                start = time.process_time()
                hard.decide(observation, legal, random.Random(seed))
                took = time.process_time() - start
                if took >= NO_SEARCH:  # else a rule decided alone: this seat's next decision is measured
                    measured.add(seat)
                    found.setdefault(seat, []).append(iterations / took)
            state = game.apply(state, normal[seat].decide(observation, legal, rng).action)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--game", choices=GAMES, action="append")
    args = parser.parse_args()
    for name in args.game or GAMES:
        by_seat = rates(name, args.iterations, args.positions)
        every = [rate for seat_rates in by_seat.values() for rate in seat_rates]
        seats = ", ".join(
            f"seat {seat + 1} {statistics.median(r):,.0f}" for seat, r in sorted(by_seat.items())
        )
        print(f"{name}: {statistics.median(every):,.0f} play-outs per CPU second at the opening ({seats})")


if __name__ == "__main__":
    main()
