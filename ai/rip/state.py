"""RIP's state and actions: the cards, what a person or a bot may do (``Turn``, ``Draw``, ``Down``, ``Reveal``),
each family's cards (``Side``) and the setup options (``RipConfig``); the immutable ``RipState`` the table holds is
a snapshot of the engine, beside it in ``ai.rip.engine``."""

from __future__ import annotations

import dataclasses
import functools
import random
from collections import Counter
from dataclasses import dataclass, field
from enum import IntEnum
from typing import TypeVar

from ai.rip.components import (
    AUTOMA_LEVELS,
    LINE_LENGTH,
    STARTER_IDS,
    TOKEN_COUNTS,
    VALUES,
    PsychicCard,
    card_catalogue,
)

TERMINAL = -2

_T = TypeVar("_T")


def replace(obj: _T, **changes: object) -> _T:
    """``dataclasses.replace`` for RIP's states: a ``Side`` by a dictionary merge (without re-running ``__init__``),
    a dataclass as ``dataclasses`` does, a snapshot of the engine (``ai.rip.engine.RipState``) by its own
    ``replace``."""
    if not isinstance(obj, Side):
        if dataclasses.is_dataclass(obj):
            return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
        return obj.replace(**changes)  # type: ignore[attr-defined, no-any-return]
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
#: Each phase by its number (the engine keeps the number).
PHASES = (DRAW, PLAY, FACEDOWN, REVEAL, OVER)


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
    #: The hash, made once: the search keys its tree by actions and hashes each a few dozen times a play-out.
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.items, self.end)))

    def __hash__(self) -> int:
        return self._hash


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the ghost cards a person drew from their physical deck, or the cards of a real automa's deck the
    table turned over (``TURN_PILE``...)."""

    values: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Down:
    """The loser's face-down card: a ghost, a psychic card, ``None`` for none; ``hidden``: a secret ghost."""

    card: Card | None
    hidden: bool = False
    #: The hash, made once (as ``Turn``'s).
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.card, self.hidden)))

    def __hash__(self) -> int:
        return self._hash


@dataclass(frozen=True, slots=True)
class Reveal:
    """Round 10: the secret face-down ghost cards, named."""

    values: tuple[int, ...]


Action = Turn | Draw | Down | Reveal
#: What the table turns over for an automa whose cards are real (``RipConfig.automa_physical``), typed as a
#: ``Draw``: the top card of its hand pile (a ghost it plays), the top card of its deck (card 2), its face-down
#: ghost cards by the round-10 card (round 10).
TURN_PILE, TURN_DECK, TURN_BANKED = 1, 2, 3
END = Turn((), True)
SKIP = Down(None)
#: The automa's face-down card: the top card of its hand pile, unseen (a person's secret card is typed so too).
BANK = Down(None, hidden=True)
#: Card 6: the one ghost play of a hand the tool holds, a card at random.
BLIND = Turn((Blind(),), end=False)
#: One shared one-card play of each ghost value (the engine lists these and knows them at one look).
GHOST_PLAY: dict[int, Turn] = {v: Turn((Ghost(v),), end=False) for v in VALUES}


@dataclass(frozen=True, slots=True)
class InPlay:
    card: Card
    named: int = 0  # the value named by a named bonus (card 10)


# A ghost card of each value, made once and shared.
_GHOST_CARDS: dict[int, Card] = {v: Card(False, v) for v in VALUES}
#: One shared face-down choice of each ghost value.
GHOST_DOWN: dict[int, Down] = {v: Down(G(v)) for v in VALUES}


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
    #: Seats the paper automa plays: its hand is a face-down pile nobody sees, its ghost always the top card.
    automa: tuple[int, ...] = ()
    #: The automa's difficulty (``ai.rip.bots.automa.LEVELS``): its handicap at set-up.
    automa_level: int = 2
    #: The automa's cards are a real face-down deck at the table: the tool never knows them until the table turns
    #: one over and types it (its hand pile's top card, card 2's deck top, its face-down cards in round 10).
    automa_physical: bool = False

    def __post_init__(self) -> None:
        if any(s not in (0, 1) for s in self.physical):
            raise ValueError("physical seats are 0 (Green) and 1 (Blue)")
        if any(s not in (0, 1) for s in self.automa):
            raise ValueError("automa seats are 0 (Green) and 1 (Blue)")
        if set(self.automa) & set(self.physical):
            raise ValueError("the tool holds the automa's pile: an automa seat has no typed deck")
        if self.automa_level not in AUTOMA_LEVELS:
            raise ValueError(f"the automa's difficulty is {min(AUTOMA_LEVELS)} to {max(AUTOMA_LEVELS)}")
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
        return _numbers(self.extra_cards, self.named_both_sides)


@functools.lru_cache(maxsize=64)
def _catalogue(extra: tuple[PsychicCard, ...], named_both_sides: bool) -> dict[int, PsychicCard]:
    return card_catalogue(extra, named_both_sides)


@functools.lru_cache(maxsize=64)
def _numbers(extra: tuple[PsychicCard, ...], named_both_sides: bool) -> tuple[int, ...]:
    """The numbers of ``_catalogue``'s cards, in order (made once per catalogue: every deal shuffles them)."""
    return tuple(sorted(_catalogue(extra, named_both_sides)))


def step_rng(seed: int, nonce: int) -> random.Random:
    return random.Random(f"rip/{seed}/{nonce}")
