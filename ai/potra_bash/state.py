"""Potra Bash's state and actions: the table's configuration, what a move is, and the immutable snapshot of the
engine (``ai.potra_bash.engine``) that the table holds (``ai.potra_bash.rules`` takes the snapshots)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from ai.potra_bash.components import AUTOMA_HANDICAP, AUTOMA_LEVEL, CARDS, check_players

#: A pending typed card for the centre (physical mode).
CENTRE = -1
#: A pending typed card turned over from the top of the playing automa's hand pile (physical mode).
TURNED = -2
NEXT_START = ("next", "winner", "left-of-winner")

#: What the table has seen a seat do, as counted in ``PotraState.record`` (all face up at the table, never a
#: hidden card): in laps 2 and 3 it passed or played; a card it played was high (3 or 4) or low (a minus card;
#: a 1 is neither); a pick it chose (not forced, the eligible cards of more than one value) took a card of the
#: highest value it could or another.
PASSED, PLAYED, HIGH, LOW, TOOK_TOP, TOOK_OTHER = range(6)
NO_RECORD: tuple[int, ...] = (0,) * 6
#: The engine keeps a record as one int (``tally``): each count in a field of ``_BITS`` bits, seat by seat, so
#: that counting a choice is one addition (``COUNT[seat][choice]``).
_BITS = 32
_MASK = (1 << _BITS) - 1
COUNT = tuple(tuple(1 << (_BITS * (seat * 6 + choice)) for choice in range(6)) for seat in range(8))


def tally_of(record: tuple[tuple[int, ...], ...]) -> int:
    """``record`` as the engine keeps it (``COUNT``)."""
    code = 0
    for seat, counts in enumerate(record):
        for choice, count in enumerate(counts):
            if not 0 <= count <= _MASK:
                raise ValueError(f"a count out of range: {count}")
            code += count * COUNT[seat][choice]
    return code


def record_of(tally: int, players: int) -> tuple[tuple[int, ...], ...]:
    """The record, per seat, of ``players`` seats kept as ``tally``."""
    return tuple(
        tuple((tally >> (_BITS * (seat * 6 + choice))) & _MASK for choice in range(6))
        for seat in range(players)
    )


#: The values a play counts as high.
HIGH_VALUES = (3, 4)
TRIPLES = ("all", "one")


class Phase(IntEnum):
    PLAY = 0
    TAKE = 1
    OVER = 2


@dataclass(frozen=True, slots=True)
class PotraConfig:
    players: int = 4
    #: The names of the seats (default ``Seat 1`` …).
    names: tuple[str, ...] = ()
    physical: bool = False
    #: Physical mode: seats whose hands the tool never sees (people).
    untracked: tuple[int, ...] = ()
    next_start: str = "next"
    triples: str = "all"
    #: The scoring piles lie face up for all to see (an option; the rules put them face down, their owner may
    #: look): the board shows every card and each running score instead of how many cards each pile holds.
    open_piles: bool = False
    #: The seat the table chose to start the first round (the rules: "determine the starting player");
    #: ``None``: drawn at random from the game's seed.
    first: int | None = None
    #: The seats of the paper automa: its hand is a face-down pile nobody sees (not even the automa's rules),
    #: and it plays only the pile's top card (``PlayTop``). With a real deck those seats are ``untracked``.
    blind: tuple[int, ...] = ()
    #: The automa's difficulty: the handicap points each blind seat adds at the end
    #: (``ai.potra_bash.components.AUTOMA_HANDICAP``).
    automa_level: int = AUTOMA_LEVEL

    def __post_init__(self) -> None:
        check_players(self.players)
        if self.first is not None and not 0 <= self.first < self.players:
            raise ValueError("the starting player is not at the table")
        if self.names and len(self.names) != self.players:
            raise ValueError(f"{self.players} players need {self.players} names, not {len(self.names)}")
        if self.next_start not in NEXT_START:
            raise ValueError(f"next_start must be one of {', '.join(NEXT_START)}")
        if self.triples not in TRIPLES:
            raise ValueError(f"triples must be one of {', '.join(TRIPLES)}")
        if any(not 0 <= s < self.players for s in self.untracked):
            raise ValueError("an untracked seat is not at the table")
        if self.untracked and not self.physical:
            raise ValueError("only a physical game has hands the tool does not see")
        if any(not 0 <= s < self.players for s in self.blind):
            raise ValueError("an automa's seat is not at the table")
        if self.physical and not set(self.blind) <= set(self.untracked):
            raise ValueError("with a real deck nobody sees an automa's hand pile: its seat is untracked")
        if self.automa_level not in AUTOMA_HANDICAP:
            raise ValueError(f"the automa's difficulty is one of {', '.join(map(str, AUTOMA_HANDICAP))}")

    def name(self, seat: int) -> str:
        return self.names[seat] if self.names else f"Seat {seat + 1}"

    def handicap(self, seat: int) -> int:
        """The points ``seat`` adds to its score at the end: the automa's handicap, 0 for everyone else."""
        return AUTOMA_HANDICAP[self.automa_level] if seat in self.blind else 0


@dataclass(frozen=True, slots=True)
class Play:
    value: int


@dataclass(frozen=True, slots=True)
class Pass:
    pass


@dataclass(frozen=True, slots=True)
class PlayTop:
    """The automa's play: the top card of its face-down hand pile, turned over (its value is known once
    turned: the tool's deal, or typed with a real deck)."""


@dataclass(frozen=True, slots=True)
class Take:
    value: int
    owner: int


@dataclass(frozen=True, slots=True)
class Draw:
    """A card typed in physical mode: dealt to or drawn by a bot, or the new centre card."""

    value: int


@dataclass(frozen=True, slots=True)
class Deal:
    """Several cards typed on one line (physical mode): the cards dealt to the bot due them."""

    values: tuple[int, ...]


Action = Play | Pass | PlayTop | Take | Draw | Deal
PASS = Pass()
TOP = PlayTop()


#: What the protocol layer keeps on a snapshot, in one tuple: the seat to move, the legal actions and, in the
#: same order, the engine's moves for them (``ai.potra_bash.engine``); the engine the snapshot was taken from and
#: how many moves it had made then (while it has made no other, ``ai.potra_bash.rules`` plays the next move on it
#: rather than loading the snapshot into a new one); then the state's fields in ``PACKED_FIELDS`` order.
Moves = tuple[Any, ...]
#: Where ``Moves`` holds the seat, the actions, the engine's moves, the engine, its count of moves and the fields.
SEAT, ACTIONS, CODES, SOURCE, MADE, FIELDS = range(6)


@dataclass(frozen=True)
class PotraState:
    """A snapshot of the engine. Not slotted: ``ai.potra_bash.rules`` takes a snapshot by setting its
    ``__dict__`` at once, the cheapest way to build one (the search takes one at every step of its tree), to the
    phase and ``moves`` alone, which holds the other fields in ``PACKED_FIELDS`` order. The first read of one of
    those unpacks them all (``_Packed``); a step of the arena or the search reads none."""

    config: PotraConfig
    phase: Phase
    round: int
    lap: int
    starter: int
    #: Players who have acted in this lap.
    acted: int
    #: Known cards in each hand, sorted.
    hands: tuple[tuple[int, ...], ...]
    #: Cards in each hand the tool does not know (physical mode, people).
    hidden: tuple[int, ...]
    #: Dealer mode: the deck, top first. Physical mode: empty (only ``deck_size`` is known).
    deck: tuple[int, ...]
    deck_size: int
    #: Cards out of play the tool dealt nowhere (always empty: the 3-player deck is known, two of each value
    #: put away); kept for determinized states.
    removed: tuple[int, ...]
    centre: int | None
    #: This round's played cards, (owner, value) in the order played.
    field: tuple[tuple[int, int], ...]
    piles: tuple[tuple[int, ...], ...]
    picker: int
    centre_winner: int | None
    #: Physical mode: who gets the next typed card (``CENTRE`` for the centre card).
    pending: tuple[int, ...]
    #: Every play of the round so far, (owner, value) in order (the field shrinks during the picks).
    plays: tuple[tuple[int, int], ...] = ()
    #: Per seat, what the table has seen it do (``PASSED`` ... ``TOOK_OTHER``; empty: nothing yet, as in a state
    #: built by hand), kept over a session's games by ``ai.habits.Watcher``.
    record: tuple[tuple[int, ...], ...] = ()
    #: The seat to move, the legal actions and what the protocol layer needs to apply one (``Moves``), filled by
    #: ``ai.potra_bash.rules`` (``None``: not yet known; a state built by hand or by ``dataclasses.replace`` starts
    #: without them).
    moves: Moves | None = dataclasses.field(default=None, init=False, repr=False, compare=False)

    @property
    def n(self) -> int:
        return self.config.players

    def hand_count(self, seat: int) -> int:
        return len(self.hands[seat]) + self.hidden[seat]


#: The fields a snapshot keeps in its ``moves`` from ``FIELDS`` on, in their order (``ai.potra_bash.rules.snapshot``
#: packs them).
PACKED_FIELDS = (  # "record" packed as the engine's tally (``tally_of``), "field" and "deck" as the engine's
    "config",
    "round",
    "lap",
    "starter",
    "acted",
    "hands",
    "hidden",
    "deck",
    "deck_size",
    "removed",
    "centre",
    "field",
    "piles",
    "picker",
    "centre_winner",
    "pending",
    "plays",
    "record",
)


class _Packed:
    """A field of ``PotraState`` read from a snapshot whose fields are still packed: the first read unpacks them
    all into the instance's ``__dict__``, which later reads find first (a non-data descriptor)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, state: PotraState | None, owner: type | None = None) -> Any:
        if state is None:
            return self
        fields = state.__dict__
        moves = fields.get("moves")
        if moves is None:
            raise AttributeError(f"PotraState has no field {self.name!r} set")
        fields.update(zip(PACKED_FIELDS, moves[FIELDS:], strict=True))  # frozen values, unpacked once
        # packed as the engine keeps them: the record as its tally, the field as codes latest first, the deck
        # with the cards drawn at its head
        fields["record"] = record_of(fields["record"], fields["config"].players)
        fields["field"] = tuple([CARDS[code] for code in reversed(fields["field"])])
        deck_size = fields["deck_size"]
        fields["deck"] = fields["deck"][-deck_size:] if deck_size else ()
        return fields[self.name]


for _name in PACKED_FIELDS:
    setattr(PotraState, _name, _Packed(_name))
