"""Shared test support."""

from __future__ import annotations

import random

from ai.rip.components import BLUE, DECK, GREEN
from ai.rip.rules import (
    Ghost,
    RipConfig,
    RipState,
    Side,
    Turn,
    apply,
    initial_state,
    replace,
)


def _round(green_played: int, blue_hand: tuple[int, ...], tokens: str) -> RipState:
    """Round 1: Green has played ``green_played`` and ended ahead; Blue holds ``blue_hand``."""
    state = initial_state(RipConfig(first=GREEN, tokens=tokens), 1)
    deck = list(DECK)
    for v in blue_hand:
        deck.remove(v)
    green = Side(hand=(green_played,), deck=state.sides[GREEN].deck)
    blue = Side(hand=blue_hand, deck=tuple(deck))
    state = replace(state, sides=(green, blue))
    return apply(state, Turn((Ghost(green_played),), end=True))


def _redeal(state: RipState, keep: list[int], rng: random.Random) -> RipState:
    """The same state with the bot's (Blue's) hidden cards dealt again: hand, deck order and face-down ghosts,
    keeping the cards in ``keep`` in its hand."""
    side = state.sides[BLUE]
    ghosts_down = [c.n for c in side.down if not c.psychic]
    pool = [*side.hand, *side.deck, *ghosts_down]
    for v in keep:
        pool.remove(v)
    rng.shuffle(pool)
    hand = sorted([*keep, *pool[: len(side.hand) - len(keep)]])
    pool = pool[len(side.hand) - len(keep) :]
    down = [c for c in side.down if c.psychic]
    new_down = tuple(replace(c, n=pool.pop()) if not c.psychic else c for c in side.down)
    del down
    new = Side(
        hand=tuple(hand),
        deck=tuple(pool),
        down=new_down,
        owned=side.owned,
        table=side.table,
        played=side.played,
        discarded=side.discarded,
        tokens=side.tokens,
    )
    return replace(state, sides=(state.sides[GREEN], new))
