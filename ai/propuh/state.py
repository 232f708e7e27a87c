"""Propuh's data: phases, actions, the config and the immutable state (rules in ``ai.propuh.rules``)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from ai.propuh.cards import DIFFICULTY_TOKENS, Card, Loc

TERMINAL = -2

Tokens = tuple[tuple[int, int, int], tuple[int, int, int]]


class Phase(IntEnum):
    PLAY = 0  # a seat plays a card; Granny may first move the figurine
    DRAW = 1  # chance: the card drawn for solo Propuh from a physical deck
    DEAL = 2  # chance: a card dealt from a physical deck to ``pending[0]``
    REMOVE = 3  # Granny decides whether the figurine removes a Propuh token
    OVER = 4


@dataclass(frozen=True, slots=True)
class Play:
    card: Card
    loc: Loc


@dataclass(frozen=True, slots=True)
class MoveFigurine:
    loc: Loc


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the card that came off a physical deck."""

    card: Card


@dataclass(frozen=True, slots=True)
class Remove:
    """Whether the figurine removes a Propuh token at its location (the default is yes)."""

    yes: bool


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance, typed on one line: several cards dealt from a physical deck to the seat due them."""

    cards: tuple[Card, ...]


Action = Play | MoveFigurine | Draw | Remove | Deal


@dataclass(frozen=True, slots=True)
class Unresolved:
    owner: int
    card: Card
    loc: Loc


@dataclass(frozen=True, slots=True)
class PropuhConfig:
    """How a game is set up. Defaults are the spec's; each automaton ruling has its option."""

    solo: bool = True
    difficulty: str = "3"
    random_cards: int = 2
    ignore_limit: bool = False
    skip_blocked: bool = False
    no_granny_from: str = "trump"
    physical: bool = False
    untracked: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.difficulty not in DIFFICULTY_TOKENS and self.difficulty != "random":
            raise ValueError(f"difficulty must be 1, 2, 3 or random, not {self.difficulty!r}")
        if not 1 <= self.random_cards <= 4:
            raise ValueError("random difficulty draws 1 to 4 difficulty cards")
        if self.no_granny_from not in ("trump", "last"):
            raise ValueError("no_granny_from is 'trump' or 'last'")
        if self.untracked and not self.physical:
            raise ValueError("only a physical deck can leave a hand untracked")


@dataclass(frozen=True, slots=True)
class PropuhState:
    config: PropuhConfig
    phase: Phase
    round: int
    plays: int
    figurine: Loc
    figurine_moved: bool
    tokens: Tokens
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    hidden: tuple[int, int]
    deck: tuple[Card, ...]
    deck_size: int
    removed: tuple[Card, ...]
    seen: tuple[int, ...]
    unresolved: Unresolved | None
    drawn: Card | None
    pending: tuple[int, ...]
    last_granny_loc: Loc | None
    difficulty_cards: tuple[tuple[Loc, int], ...]
    winner: int | None = None
    reason: str = ""

    def hand_count(self, seat: int) -> int:
        return len(self.hands[seat]) + self.hidden[seat] + self.pending.count(seat)
