"""Propuh's data: phases, actions, the config and the immutable snapshot the table holds (the rules are
``ai.propuh.engine``; ``ai.propuh.rules`` takes the snapshots).

An action is a small immutable value; the decisions exist once each (``PLAYS``, ``MOVES``, ``REMOVES``,
``DRAWS``), so that the engine lists legal actions without building them, and they hash as small integers."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from ai.propuh.components import DIFFICULTY_TOKENS, KINDS, LOCS, Card, Loc

TERMINAL = -2

Tokens = tuple[tuple[int, int, int], tuple[int, int, int]]


class Phase(IntEnum):
    PLAY = 0  # a seat plays a card; Granny may first move the figurine
    DRAW = 1  # chance: the card drawn for solo Propuh from a physical deck
    DEAL = 2  # chance: a card dealt from a physical deck to ``pending[0]``
    REMOVE = 3  # Granny decides whether the figurine removes a Propuh token
    OVER = 4


#: The phases as plain names (read at every move; see ``components.TABLE``).
PLAY, DRAW, DEAL, REMOVE, OVER = Phase.PLAY, Phase.DRAW, Phase.DEAL, Phase.REMOVE, Phase.OVER


@dataclass(frozen=True, slots=True)
class Play:
    card: Card
    loc: Loc

    def __hash__(self) -> int:
        return self.card.kind * 3 + self.loc


@dataclass(frozen=True, slots=True)
class MoveFigurine:
    loc: Loc

    def __hash__(self) -> int:
        return 36 + self.loc


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the card that came off a physical deck."""

    card: Card

    def __hash__(self) -> int:
        return 42 + self.card.kind


@dataclass(frozen=True, slots=True)
class Remove:
    """Whether the figurine removes a Propuh token at its location (the default is yes)."""

    yes: bool

    def __hash__(self) -> int:
        return 40 + self.yes


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance, typed on one line: several cards dealt from a physical deck to the seat due them."""

    cards: tuple[Card, ...]


Action = Play | MoveFigurine | Draw | Remove | Deal

#: ``PLAYS[kind]``: the plays of the card of that kind, on the Table, the Stove and the Bed.
PLAYS: tuple[tuple[Play, Play, Play], ...] = tuple(
    (Play(card, LOCS[0]), Play(card, LOCS[1]), Play(card, LOCS[2])) for card in KINDS
)
MOVES: tuple[MoveFigurine, ...] = tuple(MoveFigurine(loc) for loc in LOCS)
REMOVE_YES = Remove(True)
REMOVE_NO = Remove(False)
REMOVES: tuple[Remove, Remove] = (REMOVE_YES, REMOVE_NO)
DRAWS: tuple[Draw, ...] = tuple(Draw(card) for card in KINDS)


@dataclass(frozen=True, slots=True)
class Unresolved:
    owner: int
    card: Card
    loc: Loc


#: ``UNRESOLVED[owner][kind][loc]``: every card that can lie unresolved, once each.
UNRESOLVED: tuple[tuple[tuple[Unresolved, ...], ...], ...] = tuple(
    tuple(tuple(Unresolved(owner, card, loc) for loc in LOCS) for card in KINDS) for owner in (0, 1)
)


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


@dataclass(frozen=True)
class PropuhState:
    """A snapshot of a game at the table (``ai.propuh.engine.Engine.freeze`` takes them): the engine's fields,
    tuples for its lists, the cards in each hand sorted."""

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
