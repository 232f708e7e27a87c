"""Decision times of the two-player Propuh bots (a script, not a test).

Run it from the repository root::

    python bench/bench_propuh_bots.py [--think 1.0] [--positions 20]

It collects real positions for each role (two-player dealer games between the normal bots), then times each
level's decision on them: ``normal`` (and ``easy``) must stay under 5 ms, ``hard`` within its budget (p95 at
most 1.1 × ``--think``). On a machine shared with other work, times grow with the load: say so when you quote
them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

from ai.propuh.components import GRANNY, PROPUH, ROLE_NAMES
from ai.propuh.game import GAME
from ai.propuh.observation import PropuhObservation
from ai.propuh.rules import Action, Play, PropuhConfig

TWO = PropuhConfig(solo=False)


def positions(seat: int, count: int, seed: int = 1) -> list[tuple[PropuhObservation, Sequence[Action]]]:
    """``count`` positions where ``seat`` plays a card, from games between the normal bots."""
    found: list[tuple[PropuhObservation, Sequence[Action]]] = []
    players = [GAME.make_player("normal", s, TWO) for s in (GRANNY, PROPUH)]
    game = 0
    while len(found) < count:
        state = GAME.initial_state(TWO, seed * 10_000 + game)
        rng = random.Random(game)
        while not GAME.is_over(state):
            mover = GAME.to_move(state)
            obs, legal = GAME.observation(state, mover), GAME.legal_actions(state)
            if mover == seat and len(legal) > 1 and any(isinstance(a, Play) for a in legal):
                found.append((obs, legal))
            state = GAME.apply(state, players[mover].decide(obs, legal, rng).action)
        game += 1
    return random.Random(seed).sample(found, count)


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(q * (len(values) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--think", type=float, default=1.0, help="hard's budget per move, seconds")
    parser.add_argument("--positions", type=int, default=20, help="positions per role for hard")
    args = parser.parse_args()
    for seat in (GRANNY, PROPUH):
        pos = positions(seat, max(args.positions, 200))
        for level in ("normal", "easy", "hard"):
            player = GAME.make_player(level, seat, TWO, think=args.think)
            sample = pos if level != "hard" else pos[: args.positions]
            times = []
            for i, (obs, legal) in enumerate(sample):
                t0 = time.perf_counter()
                player.decide(obs, legal, random.Random(i))
                times.append(time.perf_counter() - t0)
            mean, p95 = statistics.fmean(times), percentile(times, 0.95)
            unit, scale = ("ms", 1e3)
            verdict = ""
            if level == "hard":
                verdict = "ok" if p95 <= 1.1 * args.think else "OVER BUDGET"
                verdict += f" (p95 / think = {p95 / args.think:.2f})"
            elif level == "normal":
                verdict = "ok" if p95 <= 0.005 else "OVER 5 ms"
            print(
                f"{ROLE_NAMES[seat]:7} {level:7} {len(sample):4} positions  "
                f"mean {mean * scale:9.3f} {unit}  p95 {p95 * scale:9.3f} {unit}  {verdict}"
            )


if __name__ == "__main__":
    main()
