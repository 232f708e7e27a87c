"""Prohis's state and actions: the verbs a player's action can take (``Act``), the setup options (``ProhisConfig``),
the immutable ``ProhisState``, and card counts (a tuple of one count per kind)."""

from __future__ import annotations

import operator
from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, NamedTuple

from ai.prohis.components import (
    LETTERS,
    SLOTS,
    amount,
    check_players,
)
from ai.words import ptr

Counts = tuple[int, ...]
ZERO: Counts = (0,) * SLOTS
NOBODY = -2


class Phase(IntEnum):
    TURN = 0
    SECOND = 1  # after a first display pick: another display card, the pile's top, or stop
    COMMIT = 2
    BRIBE = 3
    JUDGE = 4
    REVEAL = 5  # a person's face-down card is turned over: they type what it shows
    OVER = 6
    COUNT = 7  # play is over; the cards the tool did not see are counted (``ai.prohis.score``)
    PICK = 8  # a person inspector chooses the next face-down convoy card to turn over


# verbs
TAKE = "take"  # cards=(kind,) a display card
PILE = "pile"
STOP = "stop"
CONVOY = "convoy"  # cards: the convoy (UNKNOWN for a person's unseen card)
COMMIT = "commit"  # cards=(controller,)
NO_COMMIT = "nocommit"
BRIBE = "bribe"
NO_BRIBE = "nobribe"
ACCEPT = "accept"
REFUSE = "refuse"
INSPECT = "inspect"
DECLINE = "decline"
REVEAL = "reveal"  # cards=(kind,)
TOP_CONVOY = "topconvoy"  # cards=(n,): an automa sends the top n cards of its stock, unseen
TOP_BRIBE = "topbribe"  # an automa offers the top card of its stock, seen by the inspector alone
TURN_OVER = (
    "turn"  # cards=(position,): a person inspector's pick, the 0-based place in the row (0 = leftmost)
)
DEAL = "deal"  # cards=(kind,) a typed card from the real deck
PASS = "pass"

#: What the table has seen a seat do, as counted in ``ProhisState.record`` (all said aloud at the table): judging a
#: convoy, it inspected, declined, refused or accepted a bribe; its own convoy, inspected, was caught (seized) or
#: cleared (it passed); asked about another player's convoy before the end (``record.near_the_end``), it put a
#: controller forward or not while it may hold one that outranks those forward (``held``: public), and the same
#: near the end; its convoy facing an inspector, it offered a bribe or none.
(
    INSPECTED,
    DECLINED,
    REFUSED,
    ACCEPTED,
    CAUGHT,
    CLEARED,
    STEPPED_EARLY,
    STOOD_EARLY,
    STEPPED_LATE,
    STOOD_LATE,
    BRIBED,
    UNBRIBED,
) = range(12)
JUDGEMENTS = {INSPECT: INSPECTED, DECLINE: DECLINED, REFUSE: REFUSED, ACCEPT: ACCEPTED}
NO_RECORD: tuple[int, ...] = (0,) * 12


class Act(NamedTuple):
    """One action; ``cards`` is a sorted tuple of card types where the verb takes cards (a person's convoy: as
    typed, the order its cards lie in face down, left to right). A small tuple: the engine compares and hashes
    thousands a second."""

    verb: str
    cards: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class ProhisConfig:
    players: int = 4
    names: tuple[str, ...] = ()
    physical: bool = False
    #: The seats of people. Physical mode: the tool never sees their cards. Dealer mode: the tool deals and keeps
    #: their cards like a bot's (nothing physical moves for them: they look with ``hand``); see ``ai.prohis.steps``.
    untracked: tuple[int, ...] = ()
    seed_values: bool = False
    pass_any_time: bool = False
    #: The seat the table chose to play first (the rules: "un premier joueur est désigné"); ``None``: drawn at
    #: random from the game's seed.
    first: int | None = None
    #: The seats of the paper automa (``ai.prohis.bots.automa``): its goods lie face down as its *stock*, which
    #: nobody sees, itself included; its controllers lie face up as its *office*. Every action it takes from
    #: its stock takes the top cards (``TOP_CONVOY``, ``TOP_BRIBE``).
    blind: tuple[int, ...] = ()
    #: The automa's difficulty (``ai.prohis.bots.automa.LEVELS``): its handicap at set-up and at the end.
    automa_level: int = 2

    def __post_init__(self) -> None:
        check_players(self.players)
        if self.first is not None and not 0 <= self.first < self.players:
            raise ValueError("the first player is not at the table")
        if self.names and len(self.names) != self.players:
            raise ValueError(f"{self.players} players need {self.players} names, not {len(self.names)}")
        if any(not 0 <= s < self.players for s in self.untracked):
            raise ValueError("an untracked seat is not at the table")
        if any(not 0 <= s < self.players for s in self.blind):
            raise ValueError("an automa seat is not at the table")
        if set(self.blind) & set(self.untracked):
            raise ValueError("a person's seat cannot be the automa's")
        if not 1 <= self.automa_level <= 4:
            raise ValueError(f"the automa's difficulty is 1 to 4, not {self.automa_level}")

    def name(self, seat: int) -> str:
        return self.names[seat] if self.names else f"Seat {seat + 1}"


@dataclass(frozen=True)
class ProhisState:
    """A snapshot of the engine (``ai.prohis.engine``), of the same fields. Not slotted: the engine loads one and
    takes one by copying its ``__dict__`` whole, the cheapest way (the arena and the search's tree take one at
    every step)."""

    config: ProhisConfig
    seed: int
    hands: tuple[Counts, ...]
    warehouses: tuple[Counts, ...]
    #: The part of each warehouse every player has seen go in (turned cards, controllers put there openly).
    public: tuple[Counts, ...]
    display: tuple[int | None, ...]
    #: The draw pile, top last (``UNKNOWN`` cards in physical mode).
    pile: tuple[int, ...]
    active: int
    phase: Phase = Phase.TURN
    convoy: tuple[int, ...] = ()
    #: The order in which the convoy's positions are turned over: drawn when the convoy is laid (a bot inspector
    #: follows it); a person inspector's picks move each chosen position to the front of what is left.
    order: tuple[int, ...] = ()
    turned: int = 0
    commits: tuple[int | None, ...] = ()
    asking: int = NOBODY
    inspector: int = NOBODY
    bribe: Counts = ZERO
    offered: bool = False
    #: Typed cards awaited (physical mode): a seat's hand (>= 0) or display slot ``-1 - slot``.
    pending: tuple[int, ...] = ()
    passes: int = 0
    #: Turns left once the pile has emptied (the final round); ``None`` before.
    final_left: int | None = None
    turn: int = 0
    reason: str = ""
    #: Per seat, what the table has seen it do (``INSPECTED`` ... ``CLEARED``): ``hard`` judges a seat's convoy
    #: by it and models each other seat's judging by it (``ai.prohis.bots.playout``).
    record: tuple[tuple[int, ...], ...] = ()
    #: Per seat, the captains and inspectors the table has seen it hold (public): one each dealt, plus those it
    #: took into hand openly (given back, or won with a convoy that passed), minus those it put forward and did
    #: not get back and those turned over in its convoys. Hands take captains and inspectors in only openly (the
    #: deck holds none), so this bounds the hand; one hidden in a convoy or a bribe leaves unseen and stays
    #: counted. ``observation.determinize`` deals by it.
    held: tuple[Counts, ...] = ()
    #: Per seat, display cards the table has seen it take that are certainly still in its hand (public): a take
    #: adds one (not a lieutenant an automa lays face up in its office: it is seen there, in ``office``); cards laid face down (a convoy, a bribe) may be any of the hand's, so each kind drops by their
    #: number (never below 0), and a lieutenant put forward drops the lieutenants by one. The card takes
    #: illegal goods from the display first, so this says where contraband is; ``observation.determinize``
    #: deals these cards into that hand.
    taken: tuple[Counts, ...] = ()
    #: Per seat, the controllers lying face up in an automa's office (``ProhisConfig.blind``; ``ZERO`` for
    #: every other seat, whose hand is one). An automa's stock is its hand less its office.
    office: tuple[Counts, ...] = ()

    @property
    def n(self) -> int:
        return self.config.players

    def tracked(self, seat: int) -> bool:
        """Whether the tool knows ``seat``'s cards: every seat's in dealer mode, only the bots' in physical mode."""
        return not (self.config.physical and seat in self.config.untracked)

    def person(self, seat: int) -> bool:
        return seat in self.config.untracked

    def hand_size(self, seat: int) -> int:
        return sum(self.hands[seat])


#: Sets a state's fields at once: its ``__dict__`` (being frozen, it refuses to set one attribute at a time).
_SET_FIELDS = vars(ProhisState)["__dict__"].__set__


def of_fields(fields: dict[str, Any]) -> ProhisState:
    """The state of ``fields`` (every field by name, taken as they are: not checked, not copied)."""
    new = object.__new__(ProhisState)
    _SET_FIELDS(new, fields)
    return new


def replace(state: ProhisState, **changes: Any) -> ProhisState:
    """``dataclasses.replace`` for states without checking the fields' names, several times as fast."""
    return of_fields({**state.__dict__, **changes})


# -- counts --


def add(counts: Counts, cards: Iterable[int]) -> Counts:
    out = list(counts)
    for card in cards:
        out[card] += 1
    return tuple(out)


def plus(a: Counts, b: Counts) -> Counts:
    return tuple(map(operator.add, a, b))


def minus(a: Counts, b: Counts) -> Counts:
    return tuple(map(operator.sub, a, b))


def counts_of(cards: Iterable[int]) -> Counts:
    return add(ZERO, cards)


def cards_of(counts: Counts) -> tuple[int, ...]:
    return tuple(kind for kind, n in enumerate(counts) for _ in range(n))


def cards_text(cards: Iterable[int]) -> str:
    """``2 legal, 1 illegal`` (long), for sentences."""
    counts = counts_of(cards)
    parts = [amount(n, k) for k, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else ptr("prohis", "nothing")


def short(cards: Iterable[int]) -> str:
    return " ".join(letters(cards))


def letters(cards: Iterable[int]) -> list[str]:
    """Cards as their letters, sorted: a hand's or a convoy's cards in ``--json`` (``["g", "g", "x"]``)."""
    return [LETTERS[c] for c in sorted(cards)]
