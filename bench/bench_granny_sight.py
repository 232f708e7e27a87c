"""What Granny's hidden information costs her (a script, not a test): issue 17 asks `hard` to win 60% as Granny
against the `normal` Propuh; this measures how far a Granny who could see more would get, with the same search.

Granny is ``hard`` (``ai.propuh.bots.hard``) at ``--iterations`` play-outs a decision, two players, against the
``normal`` Propuh, over ``--games`` deals from ``--seed``. What she searches over:

- ``fair``: deals of what she has not seen (``determinize``), as at the table, anchored on her rules;
- ``hand``: the true state with the deck reshuffled in every deal: she sees Propuh's hand, never the deck order
  (the most that reading his plays could ever tell her), no anchor;
- ``all``: the true state, the deck order too (no fair player knows it), no anchor.

Every mode plays the same deals from the same seeds. The bot here is handed the true state outside the
protocol, on purpose: this is a measurement of the game, not a player.

Run it from the repository root: ``python bench/bench_granny_sight.py --sees hand [--iterations 2000]
[--games 100] [--seed 1]``; about ``games x 20 x iterations / 5,000`` CPU seconds.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
from typing import Any

from ai.arena import wilson_interval
from ai.games import get
from ai.levels import Request
from ai.propuh.bots.hard import hard
from ai.propuh.components import GRANNY
from ai.propuh.engine import Engine


def granny_wins(sees: str, iterations: int, games: int, seed: int) -> float:
    """Granny's wins (shared wins count their share) over ``games`` deals."""
    game = get("propuh")
    config = dataclasses.replace(game.default_config(), solo=False)
    wins = 0.0
    truth: list[Any] = [None]  # the state as it stands, read by the seeing Granny's deals

    def sample(observation: Any, rng: random.Random) -> Any:
        if sees == "all":
            return Engine.load(truth[0])
        deck = list(truth[0].deck)
        rng.shuffle(deck)
        return Engine.load(dataclasses.replace(truth[0], deck=tuple(deck)))

    for deal in range(seed, seed + games):
        state = game.initial_state(config, deal)
        granny: Any = hard(Request("hard", GRANNY, config, iterations=iterations))
        if sees != "fair":
            granny.anchors = {}
            granny.sample = sample  # type: ignore[method-assign]
        propuh = game.make_player("normal", 1 - GRANNY, config)
        rng = random.Random(deal)
        while not game.is_over(state):
            seat, legal = game.to_move(state), game.legal_actions(state)
            truth[0] = state
            player = granny if seat == GRANNY else propuh
            state = game.apply(state, player.decide(game.observation(state, seat), legal, rng).action)
        wins += game.result(state).utility(GRANNY)
    return wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sees", choices=("fair", "hand", "all"), default="hand")
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    wins = granny_wins(args.sees, args.iterations, args.games, args.seed)
    low, high = wilson_interval(wins, args.games)
    print(
        f"Granny sees {args.sees}, {args.iterations} play-outs a decision: {wins:g}/{args.games} = "
        f"{wins / args.games:.1%} [{low:.1%}, {high:.1%}] against the normal Propuh"
    )


if __name__ == "__main__":
    main()
