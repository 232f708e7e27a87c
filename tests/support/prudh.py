"""Shared test support."""

from __future__ import annotations

import random

from ai.prudh.game import GAME
from ai.prudh.rules import PrudhConfig, PrudhState


def script(seed: int, variant: str, me: int, first: int) -> tuple[list[str], PrudhState]:
    """What a person would type for a whole game against ``normal`` (random legal moves), and the final state."""
    config = PrudhConfig(variant=variant, first=first)
    state = GAME.initial_state(config, seed)
    bot = GAME.make_player("normal", 1 - me, config)
    rng = random.Random(seed)
    lines = []
    while not state.over:
        if state.to_move == me:
            move = rng.choice(state.legal)
            lines.append(GAME.format_action(state, move))
        else:
            dice = random.Random(f"{seed}/{state.plies}")  # the session's generator for the bot's move
            move = bot.decide(state, state.legal, dice).action
        state = GAME.apply(state, move)
    return lines, state
