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
from ai.words import as_typed, ptr, tr

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

    def __init__(
        self,
        message: str,
        suggestion: str | None = None,
        facts: Mapping[str, Any] | None = None,
        more: str = "",
    ) -> None:
        super().__init__(message)
        self.message = message
        self.suggestion = suggestion
        #: What the message says, as fields for a program (``--json``); ``kind`` names a question.
        self.facts: dict[str, Any] = dict(facts or {})
        #: What the input should look like, said after the message only when no suggestion is: a typo of a
        #: command gets its one line (``unknown word 'hnt' (did you mean 'hint'?)``), not an example of a move.
        self.more = more

    def __str__(self) -> str:
        if self.suggestion:
            return tr("{refused} (did you mean {command!r}?)", refused=self.message, command=self.suggestion)
        return tr("{refused}: {more}", refused=self.message, more=self.more) if self.more else self.message


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
    return tr("{name} cannot play that card now: type hand to see {name}'s cards", name=name)


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
    #: (a bribe a bot offers: only the inspector looks).
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


class TableGame(Game[S, A, O_co, C], Protocol):
    """A game as the table plays it: the protocol, its bots, what the screen shows, and the table's optional
    questions, each with the answer of a game that has nothing to add. Every game's class subclasses it (and so
    inherits those answers) and overrides what its table needs; the session calls every method directly."""

    # -- bots --

    def bots(self, seat: int) -> dict[str, str]:
        """The bot levels ``seat`` may take, each with what it does (``companion bots``)."""
        ...

    def make_player(
        self, name: str, seat: int, config: C, think: float = 1.0, iterations: int | None = None
    ) -> Player[Any, Any]:
        """The bot ``name`` for ``seat``: a level of ``bots`` or an exploiter (``exploit:NAME``)."""
        ...

    def seat_levels(self, config: C, levels: Sequence[str | None]) -> C:
        """``config`` for a table where seat ``i`` is played by the bot level ``levels[i]`` (``None``: a
        person). A game whose paper opponent changes the components (an ``automa`` holds its hand face down,
        unseen by everyone) marks those seats here, before the deal; the answer of a game without one is
        ``config`` unchanged. The table and the arena call it with the seats they seat; the same levels give
        the same config, however often it is called."""
        return config

    # -- what the screen shows --

    def describe(self, config: C) -> str:
        """A short label of a game with these options, for the history list."""
        ...

    def setup_events(self, state: S) -> list[Event]:
        """What the table lays out before the first move (a hand dealt privately to its seat)."""
        ...

    def board_data(self, state: S, seat: int | None = None) -> dict[str, Any]:
        """The board as data (``--json``); with ``seat``, that seat's own hand too, never another's."""
        ...

    def render(self, state: S, seat: int | None = None) -> Any:
        """A rich renderable of the board as ``seat`` sees it (its own hand shown), or as the table does."""
        ...

    # -- the table's optional questions --

    def variant(self, config: C) -> str:
        """The variant and every option that changes play, briefly, for the history list (the players and the
        bots are in its other columns); empty for the published rules with no option."""
        return ""

    def status(self, state: S, seat: int | None = None) -> str | None:
        """One line for the screen between boards; ``None``: the session makes one from ``board_data``."""
        return None

    def round(self, state: S) -> int | None:
        """The round being played, for a game of rounds (the board is shown anew when it changes)."""
        return None

    def undo_steps(self, before: S, action: A, after: S) -> list[str] | None:
        """What the hands at the table do to take ``action`` back (from ``after`` to ``before``), as plain steps
        in order, public facts only; ``None``: the game names no steps back."""
        return None

    def undo_span_steps(self, states: Sequence[S], actions: Sequence[A]) -> list[str] | None:
        """The steps that take ``actions`` back together (``actions[i]`` turned ``states[i]`` into
        ``states[i + 1]``), latest first: each input's ``undo_steps`` unless the game joins them (Propuh: a card
        one input played and a bot's answer discarded goes back in one step)."""
        steps: list[str] = []
        for i in reversed(range(len(actions))):
            one = self.undo_steps(states[i], actions[i], states[i + 1])
            if one is None:
                return None
            steps += one
        return steps

    def reveals(self, before: S, action: A, after: S, by_bot: bool) -> str | None:
        """What the step showed that only the tool knew (a card of a deck it shuffled, a bot's hidden card or
        choice), in public words, for the undo that stops at it ("Propuh's move"); ``None``: nothing, and an
        undo may take the step back. ``by_bot``: a bot made the move. Here: a bot's move in a game of hidden
        cards (it came from the bot's hand); a game overrides this where the tool also deals from its own deck,
        or where a bot holds nothing hidden. The session asks only where a bot sits at the table."""
        if by_bot and not self.info.perfect_information:
            # a seat's name in Russian stands in parentheses: a person's name cannot take the case the sentence needs
            return ptr("seen", "{name}'s move", name=self.seat_name(before, self.to_move(before)))
        return None

    def reveals_in_private(self, before: S, action: A, after: S) -> bool:
        """Whether all that a person's ``action`` showed that only the tool knew (``reveals``) is in that person's
        own private news (a card the tool drew for them): an ``undo`` typed at the gate before that news, nobody
        having seen it, takes the step back. Here: never."""
        return False

    def has_hand_to_show(self, state: S, seat: int) -> bool:
        """Whether ``hand`` has something of ``seat``'s own to show: here always; a game overrides it where the
        tool does not know a person's hand (a real deck), and the session then says so in one line, no gate."""
        return True

    def hint_needs_hand(self, state: S, seat: int) -> bool:
        """Whether a hint for ``seat`` needs its hand typed (a real deck the tool does not see); with several
        people at the screen the session then gives no hint."""
        return False

    def no_hint(self, state: S) -> str | None:
        """Why no bot decides this step (RIP's round-10 reveal), or ``None``."""
        return None

    def hint(self, state: S, seat: int, text: str, think: float) -> Decision[Any] | None:
        """The game's own hint for ``seat`` (``text``: what followed ``hint``, a hand typed at a real deck);
        ``None``: the session asks the strongest level of ``bots`` from the seat's observation."""
        return None

    def seat_fact(self, state: S, seat: int) -> str:
        """A seat as ``--json``'s facts name it (``to_move``, ``player``), the same in every event of the stream:
        here its name (a person's, as typed); RIP, Propuh and Prudh name their fixed seats in lower case."""
        return self.seat_name(state, seat)

    def as_typed(self, state: S, action: A) -> str:
        """``action`` as a person at this table types it, in the prompt's words (a hint says it so): here the
        notation's English words in the table's first forms (``passe``, ``да``); Prudh says a run's direction in
        its own words. The session shows it only when it reads back as ``action``."""
        return as_typed(self.format_action(state, action))

    def parse_typed(self, state: S, text: str) -> Any:
        """A line a person typed now, as ``parse_action`` reads it, or the game's question about an input it does
        not apply without one word more (an ``InputError`` whose ``facts`` name the answers: RIP's cards that
        leave the mansion). A saved move replays through ``parse_action``: what was answered is not asked again."""
        return self.parse_action(state, text)

    def secret_input(self, state: S) -> bool:
        """Whether the input asked now names hidden cards (a Prohis convoy), so that with several people at
        the screen it is typed behind the gate of its person."""
        return False

    def secret_reminder(self, state: S, seat: int) -> str | None:
        """What ``seat``'s person is shown behind the gate before typing a secret input, or ``None``."""
        return None


class Player(Protocol[O_contra, A]):
    """Chooses an action from what its seat may know."""

    name: str

    def decide(self, observation: O_contra, legal: Sequence[A], rng: random.Random) -> Decision[A]: ...


class RandomPlayer:
    """Picks uniformly among the legal actions."""

    name = "random"

    def decide(self, observation: object, legal: Sequence[A], rng: random.Random) -> Decision[A]:
        return Decision(seeded.choice(rng, list(legal)), reason=tr("random"))


#: A game as the table holds it, whatever its types (the session plays every game alike).
AnyGame = TableGame[Any, Any, Any, Any]
