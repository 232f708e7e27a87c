"""RIP's state and actions: the cards, what a person or a bot may do (``Turn``, ``Draw``, ``Down``, ``Reveal``),
each family's cards (``Side``), the setup options (``RipConfig``) and the immutable ``RipState``."""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import IntEnum
from typing import TypeVar

from ai.rip.cards import (
    LINE_LENGTH,
    ROUNDS,
    STARTER_IDS,
    TOKEN_COUNTS,
    VALUES,
    PsychicCard,
    card_catalogue,
)
from ai.rip.effects import card_info

TERMINAL = -2

_T = TypeVar("_T")


def replace(obj: _T, **changes: object) -> _T:
    """``dataclasses.replace`` for this module's frozen states (``Side``, ``RipState``: plain ``__dict__``
    classes for this), without re-running ``__init__``: a dictionary merge, many times faster (the search
    applies hundreds of thousands of actions)."""
    new = object.__new__(type(obj))
    object.__setattr__(new, "__dict__", {**obj.__dict__, **changes})
    return new


class Phase(IntEnum):
    DRAW = 0  # chance: a physical deck's draw, typed by its person
    PLAY = 1  # a turn of rounds 1-9
    FACEDOWN = 2  # the round's loser may put one card face down by the round-10 card
    REVEAL = 3  # round 10: a person names the face-down ghost cards they kept secret
    OVER = 4


# The phases as plain names: ``phase == PLAY`` is several times quicker than ``phase == Phase.PLAY`` (an enum
# attribute lookup), and the search compares phases a few million times a game.
DRAW, PLAY, FACEDOWN, REVEAL, OVER = Phase.DRAW, Phase.PLAY, Phase.FACEDOWN, Phase.REVEAL, Phase.OVER


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A ghost card (``psychic=False``, ``n`` its value) or a psychic card (``n`` its number)."""

    psychic: bool
    n: int

    def __str__(self) -> str:
        return f"p{self.n}" if self.psychic else str(self.n)

    @property
    def long(self) -> str:
        return f"psychic card {self.n}" if self.psychic else f"a {self.n}"


def G(value: int) -> Card:
    card = _GHOST_CARDS.get(value)
    return card if card is not None else Card(False, value)


def P(number: int) -> Card:
    return Card(True, number)


@dataclass(frozen=True, slots=True, order=True)
class Ghost:
    """A ghost card from hand."""

    value: int


@dataclass(frozen=True, slots=True, order=True)
class Blind:
    """A ghost card taken at random from a virtual hand (card 6)."""


@dataclass(frozen=True, slots=True, order=True)
class Psychic:
    """An owned psychic card; ``arg`` is the value named (card 10), fetched (card 2) or the target (card 11)."""

    number: int
    arg: Card | None = None


Item = Ghost | Blind | Psychic


@dataclass(frozen=True, slots=True)
class Turn:
    """Cards played in order; with ``end`` the turn ends after them."""

    items: tuple[Item, ...]
    end: bool = True


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the ghost cards a person drew from their physical deck."""

    values: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Down:
    """The loser's face-down card: a ghost, a psychic card, ``None`` for none; ``hidden``: a secret ghost."""

    card: Card | None
    hidden: bool = False


@dataclass(frozen=True, slots=True)
class Reveal:
    """Round 10: the secret face-down ghost cards, named."""

    values: tuple[int, ...]


Action = Turn | Draw | Down | Reveal
END = Turn((), True)
SKIP = Down(None)
_BLIND_PLAY = (Turn((Blind(),), end=False),)


@dataclass(frozen=True, slots=True)
class InPlay:
    card: Card
    named: int = 0  # the value named by a named bonus (card 10)


# Immutable objects made once and shared (a card, a card in play, a one-card play of a ghost).
_GHOST_CARDS: dict[int, Card] = {v: Card(False, v) for v in VALUES}
_GHOST_IN_PLAY: dict[int, InPlay] = {v: InPlay(_GHOST_CARDS[v]) for v in VALUES}


@dataclass(frozen=True)
class Side:
    """One family's cards."""

    hand: tuple[int, ...] = ()  # sorted ghost values (a person's: with the secret face-down ones)
    deck: tuple[int, ...] = ()  # virtual: top first; physical: sorted contents
    pending: int = 0  # physical: cards drawn but not typed yet
    hidden_down: int = 0  # physical: secret face-down ghost cards still counted in ``hand``
    secrets: tuple[tuple[int, ...], ...] = ()  # what may lie face down unnamed (``ai.rip.secret``)
    down: tuple[Card, ...] = ()  # known face-down cards (a bot's are secret to the other seat)
    owned: tuple[int, ...] = ()  # psychic cards owned and not played
    table: tuple[InPlay, ...] = ()  # in play this round
    played: tuple[Card, ...] = ()  # played in earlier rounds, face up
    discarded: tuple[Card, ...] = ()
    tokens: tuple[str, ...] = ()

    @property
    def hand_size(self) -> int:
        return len(self.hand) - self.hidden_down

    @property
    def down_count(self) -> int:
        return len(self.down) + self.hidden_down

    def tokens_of(self, kind: str) -> int:
        return self.tokens.count(kind)


@dataclass(frozen=True, slots=True)
class RipConfig:
    """How a game is set up. ``physical``: seats whose real deck the person keeps (draws are typed)."""

    tutorial: bool = False
    physical: tuple[int, ...] = ()
    first: int | None = None  # None: drawn at random from the seed
    named_both_sides: bool = True  # card 10 ruling; False: own side only
    extra_cards: tuple[PsychicCard, ...] = ()
    line: tuple[int, ...] = ()  # a fixed line of 9 psychic cards (default: dealt from the seed)
    tokens: str = ""  # a fixed token layout, 10 letters M/C (default: dealt from the seed)

    def __post_init__(self) -> None:
        if any(s not in (0, 1) for s in self.physical):
            raise ValueError("physical seats are 0 (Green) and 1 (Blue)")
        if self.first not in (None, 0, 1):
            raise ValueError("first is 0, 1 or None")
        cards = self.catalogue()
        if self.line:
            if len(self.line) != LINE_LENGTH or len(set(self.line)) != LINE_LENGTH:
                raise ValueError(f"the line is {LINE_LENGTH} different psychic cards")
            unknown = [n for n in self.line if n not in cards]
            if unknown:
                raise ValueError(f"psychic card {unknown[0]} is not known (add it with a card file)")
            if self.tutorial and set(self.line) != set(STARTER_IDS):
                raise ValueError("the tutorial line is the 9 starter cards")
        if self.tokens and Counter(self.tokens) != Counter(TOKEN_COUNTS):
            raise ValueError("the tokens are 10 letters: 6 M (manors) and 4 C (castles)")
        if not self.tutorial and not self.line and len(self.pool()) < LINE_LENGTH:
            raise ValueError("fewer than 9 psychic cards to deal")

    def catalogue(self) -> dict[int, PsychicCard]:
        return _catalogue(self.extra_cards, self.named_both_sides)

    def pool(self) -> tuple[int, ...]:
        """The psychic cards shuffled for the line."""
        if self.tutorial:
            return STARTER_IDS
        return tuple(sorted(self.catalogue()))


@dataclass(frozen=True)
class RipState:
    config: RipConfig
    seed: int
    nonce: int  # how many shuffles and random picks so far (each from ``(seed, nonce)``)
    phase: Phase
    round: int  # 1-9, 10 once the turns are over
    line: tuple[int, ...]
    tokens: tuple[str, ...]  # on the line's 10 cards; tokens[k-1] is round k's
    revealed: int  # psychic cards of the line face up (tutorial)
    first: int  # who started this round
    mover: int
    turn_plays: int
    blind: tuple[bool, bool]  # the seat's next ghost is taken at random (card 6)
    sides: tuple[Side, Side]
    loser: int = -1  # the last round's loser (who may put a card face down)
    round10: tuple[int, int] | None = None  # the round-10 totals, once revealed
    winners: tuple[int, ...] = ()
    reason: str = ""
    won: tuple[int, ...] = ()  # who won each round so far (-1: round 10 tied)
    cards: Mapping[int, PsychicCard] = field(default_factory=dict, compare=False, hash=False, repr=False)

    def card(self, number: int) -> PsychicCard:
        return self.cards[number]

    def round_card(self) -> int | None:
        """The psychic card of the round being fought (None in round 10)."""
        return self.line[self.round - 1] if self.round <= ROUNDS else None

    def peeking(self, seat: int) -> bool:
        table = self.sides[seat].table
        if not table:
            return False
        info = card_info(self.cards)
        return any(x.card.psychic and "peek" in info[x.card.n].kinds for x in table)

    def min_plays(self, seat: int) -> int:
        """The least number of cards ``seat`` must play in a turn if it plays any (card 14), else 0."""
        best = 0
        info = None
        for x in self.sides[1 - seat].table:
            if x.card.psychic:
                if info is None:
                    info = card_info(self.cards)
                best = max(best, info[x.card.n].min_plays)
        return best


@functools.lru_cache(maxsize=64)
def _catalogue(extra: tuple[PsychicCard, ...], named_both_sides: bool) -> dict[int, PsychicCard]:
    return card_catalogue(extra, named_both_sides)


def step_rng(seed: int, nonce: int) -> random.Random:
    return random.Random(f"rip/{seed}/{nonce}")
