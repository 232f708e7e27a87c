"""Propuh's data: phases, actions, the config and the immutable snapshot the table holds (the rules are
``ai.propuh.engine``; ``ai.propuh.rules`` takes the snapshots).

An action is a small immutable value. A play, a move of the figurine, the removal's answer and a card drawn
exist once each (``Play(card, loc) is PLAYS[card.kind][loc]``), like the cards: they compare and hash by
identity, in C, and the engine lists legal actions without building them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Protocol

from ai.propuh.components import DIFFICULTY_TOKENS, KINDS, LOCS, STRONGER, Card, Loc

TERMINAL = -2

Tokens = tuple[tuple[int, int, int], tuple[int, int, int]]

# A seat's public record: how often it made each choice the other seat sees it make, counted by the engine as
# each card is played (from the card face up, where it lies and the board; never a card still in a hand). Its
# ``Record`` holds these counts in this order.
#: An unresolved card of the other seat lay on the board and this card countered it.
COUNTERED = 0
#: An unresolved card of the other seat lay on the board and this card did not counter it.
LET_STAND = 1
#: Nothing of the other seat's lay unresolved (the card leads) and this card's value is 1 or 2.
LED_LOW = 2
#: Nothing of the other seat's lay unresolved and this card's value is 3 or 4.
LED_HIGH = 3
#: The card was played on its own suit's location (a trump).
ON_SUIT = 4
#: The card was played on another location.
OFF_SUIT = 5
RECORD_SIZE = 6
#: The highest value that leads low.
LOW = 2

Record = tuple[tuple[int, ...], tuple[int, ...]]
NO_RECORD: Record = ((0,) * RECORD_SIZE, (0,) * RECORD_SIZE)


class Phase(IntEnum):
    PLAY = 0  # a seat plays a card; Granny may first move the figurine
    DRAW = 1  # chance: the card drawn for solo Propuh from a physical deck
    DEAL = 2  # chance: a card dealt from a physical deck to ``pending[0]``
    REMOVE = 3  # Granny decides whether the figurine removes a Propuh token
    OVER = 4


#: The phases as plain names (read at every move; see ``components.TABLE``).
PLAY, DRAW, DEAL, REMOVE, OVER = Phase.PLAY, Phase.DRAW, Phase.DEAL, Phase.REMOVE, Phase.OVER


#: The one instance of each decision, by its place in ``DECISIONS``.
_DECISIONS: dict[int, Play | MoveFigurine | Remove | Draw] = {}


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Play:
    card: Card
    loc: Loc
    #: Whether the card lies on its own suit's location: a trump (spec: card strength).
    trump: bool = field(repr=False)

    def __new__(cls, card: Card, loc: Loc | int) -> Play:
        key = card.kind * 3 + loc
        play = _DECISIONS.get(key)
        if play is None:
            play = object.__new__(cls)
            object.__setattr__(play, "card", Card(card.suit, card.value))
            object.__setattr__(play, "loc", LOCS[loc])
            object.__setattr__(play, "trump", card.suit == loc)
            _DECISIONS[key] = play
        return play  # type: ignore[return-value]

    def __reduce__(self) -> tuple[type[Play], tuple[Card, Loc]]:
        return Play, (self.card, self.loc)


@dataclass(frozen=True, slots=True, init=False, eq=False)
class MoveFigurine:
    loc: Loc

    def __new__(cls, loc: Loc | int) -> MoveFigurine:
        key = 36 + loc
        move = _DECISIONS.get(key)
        if move is None:
            move = object.__new__(cls)
            object.__setattr__(move, "loc", LOCS[loc])
            _DECISIONS[key] = move
        return move  # type: ignore[return-value]

    def __reduce__(self) -> tuple[type[MoveFigurine], tuple[Loc]]:
        return MoveFigurine, (self.loc,)


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Remove:
    """Whether the figurine removes a Propuh token at its location (the default is yes)."""

    yes: bool

    def __new__(cls, yes: bool) -> Remove:
        key = 39 if yes else 40
        remove = _DECISIONS.get(key)
        if remove is None:
            remove = object.__new__(cls)
            object.__setattr__(remove, "yes", bool(yes))
            _DECISIONS[key] = remove
        return remove  # type: ignore[return-value]

    def __reduce__(self) -> tuple[type[Remove], tuple[bool]]:
        return Remove, (self.yes,)


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Draw:
    """Chance: the card that came off a physical deck."""

    card: Card

    def __new__(cls, card: Card) -> Draw:
        key = 41 + card.kind
        draw = _DECISIONS.get(key)
        if draw is None:
            draw = object.__new__(cls)
            object.__setattr__(draw, "card", Card(card.suit, card.value))
            _DECISIONS[key] = draw
        return draw  # type: ignore[return-value]

    def __reduce__(self) -> tuple[type[Draw], tuple[Card]]:
        return Draw, (self.card,)


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


#: ``COUNTERS[loc][kind]``: the plays that counter a card of that kind lying unresolved on ``loc`` (a card played
#: there that beats it: ``components.STRONGER``). The engine settles each play by it and the rules find a
#: counter in it, by identity.
COUNTERS: tuple[tuple[frozenset[Play], ...], ...] = tuple(
    tuple(
        frozenset(PLAYS[k][loc] for k in range(len(KINDS)) if STRONGER[loc][k][kind])
        for kind in range(len(KINDS))
    )
    for loc in LOCS
)

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
    #: Per seat (Granny, Propuh) the counts of its public choices (``COUNTERED`` ... ``OFF_SUIT``).
    record: Record = NO_RECORD

    def hand_count(self, seat: int) -> int:
        return hand_count(self, seat)


class Holdings(Protocol):
    """What ``hand_count`` reads: a snapshot, or the engine."""

    @property
    def hands(self) -> Sequence[Sequence[Card]]: ...
    @property
    def hidden(self) -> Sequence[int]: ...
    @property
    def pending(self) -> Sequence[int]: ...


def hand_count(s: Holdings, seat: int) -> int:
    """How many cards ``seat`` holds: those the tool knows, those it only counts (an untracked hand), and
    those dealt from a real deck but not typed yet."""
    return len(s.hands[seat]) + s.hidden[seat] + s.pending.count(seat)
