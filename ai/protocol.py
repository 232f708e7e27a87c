"""The small protocol every game implements.

A game is a set of pure functions over immutable states (OpenSpiel's Game/State split, pgx's pure rules):
an initial state from a config and a seed, whose turn it is, the legal actions, apply, what one seat may
know (its observation), whether it is over, and the result. Notation lives beside the rules: every action
parses from text and formats back to the same text.

Players never receive a state: they choose from an observation and the legal actions of their seat.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from ai import rng as seeded

#: ``to_move`` returns this when the next thing to happen is chance (a card drawn from a real deck that the
#: person types in). In dealer mode the deck order is part of the state and chance never asks.
CHANCE = -1

S = TypeVar("S")
A = TypeVar("A")
C = TypeVar("C")
O_co = TypeVar("O_co", covariant=True)
O_contra = TypeVar("O_contra", contravariant=True)


class InputError(ValueError):
    """Text that cannot become an action here. The message is one line meant for the person."""

    def __init__(self, message: str, suggestion: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.suggestion = suggestion

    def __str__(self) -> str:
        if self.suggestion:
            return f"{self.message} (did you mean {self.suggestion!r}?)"
        return self.message


class ParseError(InputError):
    """Bad syntax: the text is not a move in this game's notation."""


class IllegalError(InputError):
    """Well formed, but not possible now (out of turn, a card that is gone, a full location)."""


class HandNeeded(ParseError):
    """``hint`` at a real deck: the tool does not see the person's cards, so they must be typed after it. With
    several people at one screen the session says no hint instead (typed there, the others would read them)."""


def not_in_hand(name: str) -> str:
    """The refusal of a card a seat does not hold, worded without the hand: the screen is shared, so saying
    "Ann holds no 1" would tell the table what Ann's hidden hand lacks. ``hand`` shows the cards at
    once to the only person at the table, behind a gate when there are several."""
    return f"{name} cannot play that card now: `hand` shows {name}'s cards"


class AmbiguousError(InputError):
    """Several actions fit the text; the message names them."""


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Facts about a game, declared as data."""

    name: str
    title: str
    min_players: int
    max_players: int
    perfect_information: bool
    has_chance: bool
    max_length: int
    seat_names: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended: the winning seats (several for a shared win), and why."""

    winners: tuple[int, ...]
    reason: str
    scores: tuple[float, ...] | None = None

    def utility(self, seat: int) -> float:
        """1 for a sole win, 1/k for a win shared by k seats, 0 otherwise."""
        if seat in self.winners:
            return 1.0 / len(self.winners)
        return 0.0


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened at the table: machine-readable ``data`` and a sentence for people."""

    kind: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)
    #: A seat that alone may see this (a hand dealt, a bribe offered); ``None`` for everyone at the table.
    private_to: int | None = None
    #: A private event shown only behind an "only NAME looks" prompt, even to the only person at the table
    #: (a bribe a bot offers: the issue's "only the inspector looks").
    screened: bool = False
    #: What the hands at the table do after this event, as plain steps in order ("Put Granny's Bed 3 on the
    #: Table.", "Take 2 cards from the deck for Blue."). Each game decides its steps; the session prints them
    #: and ``--json`` carries them as the field ``table``. Empty when the table does nothing.
    table: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"event": self.kind, **self.data}
        if self.text:  # an event of facts alone (Propuh's token count after a round) has no sentence
            out["text"] = self.text
        if self.table:
            out["table"] = list(self.table)
        return out


@dataclass(frozen=True, slots=True)
class Decision(Generic[A]):
    """A player's choice and, where it has one, the reason (a rule that fired, an estimated win chance)."""

    action: A
    #: What the table may read: built from public facts only (a rule is named only when its condition reads
    #: nothing hidden). The session prints it beside the move.
    reason: str | None = None
    value: float | None = None
    #: Anything that depends on the seat's hidden cards (a win chance, search statistics, a rule label whose
    #: condition reads the hand): never printed at the table; ``--json --reveal-bots`` shows it for debugging.
    debug: str | None = None


class Game(Protocol[S, A, O_co, C]):
    """What every game module provides. States, actions, observations and configs are immutable."""

    info: GameInfo

    def default_config(self) -> C: ...

    def config_to_dict(self, config: C) -> dict[str, Any]: ...

    def config_from_dict(self, data: Mapping[str, Any]) -> C: ...

    def initial_state(self, config: C, seed: int) -> S: ...

    def num_players(self, state: S) -> int: ...

    def to_move(self, state: S) -> int: ...

    def legal_actions(self, state: S) -> Sequence[A]: ...

    def apply(self, state: S, action: A) -> S: ...

    def step(self, state: S, action: A) -> tuple[S, list[Event]]: ...

    def observation(self, state: S, seat: int) -> O_co: ...

    def is_over(self, state: S) -> bool: ...

    def result(self, state: S) -> Result: ...

    def seat_name(self, state: S, seat: int) -> str: ...

    def parse_action(self, state: S, text: str) -> A: ...

    def format_action(self, state: S, action: A) -> str: ...

    def prompt(self, state: S) -> str: ...

    def input_help(self, state: S) -> str: ...

    # Optional, looked up with ``getattr`` by the session:
    #
    # ``undo_steps(before: S, action: A, after: S) -> list[str]``: what the hands at the table do to take
    # ``action`` back (from ``after`` to ``before``), as plain steps in order, public facts only. The session
    # lists them for every input and bot answer an ``undo`` takes back, the latest first.
    #
    # ``undo_span_steps(states: Sequence[S], actions: Sequence[A]) -> list[str]``: the same for the inputs an
    # ``undo`` takes back together (``actions[i]`` from ``states[i]`` to ``states[i + 1]``), latest first; the
    # session uses it instead where a game has it (Propuh: a card one input played and a bot's answer
    # discarded goes back in one step).
    #
    # ``hint_needs_hand(state: S, seat: int) -> bool``: whether a hint for ``seat`` needs its hand typed (a
    # real deck the tool does not see); with several people at the screen the session then gives no hint.


class HiddenInformationGame(Game[S, A, O_co, C], Protocol):
    """A game with hidden cards also says how to deal the unseen cards again (for information-set search)."""

    def determinize(self, observation: Any, rng: random.Random) -> S:
        """A full state consistent with ``observation``: everything its seat has not seen dealt at random.

        Searching players call this; it is how they plan without ever receiving the real state.
        """
        ...


class Player(Protocol[O_contra, A]):
    """Chooses an action from what its seat may know."""

    name: str

    def decide(self, observation: O_contra, legal: Sequence[A], rng: random.Random) -> Decision[A]: ...


class RandomPlayer:
    """Picks uniformly among the legal actions."""

    name = "random"

    def decide(self, observation: object, legal: Sequence[A], rng: random.Random) -> Decision[A]:
        return Decision(seeded.choice(rng, list(legal)), reason="random")
