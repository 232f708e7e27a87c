"""What Potra Bash's printables read from ``ai.potra_bash``: values, copies per player count, hand size, the
set size, the values never discarded in sets, and the scoring function (its worked examples are computed by
``ai.potra_bash.rules.score_pile``, never retyped)."""

from __future__ import annotations

from collections.abc import Iterable
from types import ModuleType

from ai.potra_bash import components as cards
from ai.potra_bash import rules
from ai.potra_bash.bots import automa

#: The piles of the specification's scoring examples: inputs only, the scores come from the engine.
EXAMPLES: tuple[tuple[int, ...], ...] = (
    (4, 4, 4, 3, 1, 1, -2),
    (-3, -3, -3, -2, -2, -2, -2, 1),
    (3, 3, 3, 3, 3, 3, 4),
)

HAND_SIZE: int = cards.HAND_SIZE
SET_SIZE: int = cards.SET_SIZE
#: The tie-break counts the 1s (``PileScore.ones``); 1 is also the value never discarded in sets.
TIE_VALUE: int = 1
NO_SET_VALUES: frozenset[int] = cards.NO_SET_VALUES


AUTOMA_HANDICAP: dict[int, int] = cards.AUTOMA_HANDICAP
AUTOMA_LEVEL: int = cards.AUTOMA_LEVEL
automa_rules = automa.automa_rules
automa_terms = automa.terms
automa_setup = automa.setup_steps


def default_config() -> rules.PotraConfig:
    return rules.PotraConfig()


def modules() -> list[ModuleType]:
    return [cards, rules, automa]


def player_range() -> tuple[int, int]:
    return (cards.MIN_PLAYERS, cards.MAX_PLAYERS)


def values() -> tuple[int, ...]:
    """The values, highest first and the negative ones last: 4, 3, 1, −2, −3."""
    return tuple(sorted(cards.VALUES, key=lambda v: (v < 0, -v)))


def copies(value: int, players: int) -> int:
    return cards.deck(players).count(value)


def score(pile: Iterable[int]) -> tuple[tuple[int, ...], int]:
    """(the cards left after the discards, the score) of ``pile``, by the engine's scoring."""
    result = rules.score_pile(tuple(pile))
    return result.kept, result.total
