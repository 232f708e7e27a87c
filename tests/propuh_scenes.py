"""Propuh scenes for the rule tests (``test_propuh_rules``, ``test_propuh_rounds``): cards in the game's
short notation, dealt states, a two-player table with given hands and board, moves typed in the notation."""

from __future__ import annotations

import random
from dataclasses import replace

from ai.propuh.components import (
    Card,
    Loc,
)
from ai.propuh.game import GAME
from ai.propuh.rules import (
    PropuhConfig,
    PropuhState,
    Unresolved,
)

T, S, B = Loc.TABLE, Loc.STOVE, Loc.BED


def card(text: str) -> Card:
    """``b3`` -> Bed 3."""
    return Card(Loc("tsb".index(text[0])), int(text[1]))


def cards(text: str) -> tuple[Card, ...]:
    return tuple(sorted(card(word) for word in text.split()))


def solo(seed: int = 0, **options: object) -> PropuhState:
    return GAME.initial_state(PropuhConfig(**options), seed)


def two(seed: int = 0, **options: object) -> PropuhState:
    return GAME.initial_state(PropuhConfig(solo=False, **options), seed)


def table(
    granny: str,
    propuh: str,
    *,
    plays: int = 0,
    tokens: tuple[tuple[int, int, int], tuple[int, int, int]] = ((0, 0, 0), (0, 0, 0)),
    unresolved: Unresolved | None = None,
    figurine: Loc = S,
    figurine_moved: bool | None = None,
    seed: int = 0,
    **changes: object,
) -> PropuhState:
    """A two-player dealer state with the given hands, board and turn."""
    return replace(
        two(seed),
        hands=(cards(granny), cards(propuh)),
        plays=plays,
        tokens=tokens,
        unresolved=unresolved,
        figurine=figurine,
        figurine_moved=plays > 0 if figurine_moved is None else figurine_moved,
        **changes,
    )


def run(state: PropuhState, *texts: str) -> PropuhState:
    """Apply actions typed in the game's notation."""
    for text in texts:
        state = GAME.apply(state, GAME.parse_action(state, text))
    return state


def events(state: PropuhState, text: str) -> tuple[PropuhState, list[str]]:
    after, evs = GAME.step(state, GAME.parse_action(state, text))
    return after, [e.kind for e in evs]


def play_out(state: PropuhState, rng: random.Random) -> PropuhState:
    while not GAME.is_over(state):
        state = GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))
    return state
