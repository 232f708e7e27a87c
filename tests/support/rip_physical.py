"""A RIP table against the paper automa with its real deck (``--physical``), scripted: what the person types."""

from __future__ import annotations

import random

from ai.protocol import CHANCE
from ai.rip.game import GAME
from ai.rip.rules import RipConfig, RipState

#: The person's seat (Green) and the automa's (Blue), as ``companion play rip --bot automa`` seats them.
PERSON, AUTOMA = 0, 1


def table_config(difficulty: int = 2, real: bool = True) -> RipConfig:
    """The config ``companion play rip --bot automa [--physical] --difficulty N`` plays."""
    config = RipConfig(physical=(PERSON,), automa_level=difficulty, automa_physical=real)
    return GAME.seat_levels(config, [None, "automa"])


def script(seed: int, difficulty: int = 2) -> tuple[list[str], RipState]:
    """What the person types for a whole game (their moves as the ``normal`` bot plays them, their draws and the
    automa's cards turned over at random among those possible), replaying the session's automa; the last state."""
    config = table_config(difficulty)
    state = GAME.initial_state(config, seed)
    automa = GAME.make_player("automa", AUTOMA, config)
    person = GAME.make_player("normal", PERSON, config)
    rng = random.Random(seed + 1)
    lines: list[str] = []
    entries = 0
    while not GAME.is_over(state):
        seat = GAME.to_move(state)
        legal = GAME.legal_actions(state)
        if seat == AUTOMA:
            observation = GAME.observation(state, seat)
            action = automa.decide(observation, legal, random.Random(f"{seed}/{entries}")).action
        else:
            if seat == CHANCE:
                action = rng.choice(list(legal))
            else:
                action = person.decide(GAME.observation(state, seat), legal, rng).action
            lines.append(GAME.format_action(state, action))
        state = GAME.apply(state, action)
        entries += 1
    return lines, state
