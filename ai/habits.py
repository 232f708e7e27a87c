"""What a bot has seen each seat do, kept over the consecutive games of one table session.

A game keeps, in every seat's observation, a public record of each seat's choices: per seat a tuple of counts
(Prohis's ``record``: how often it inspected, declined, put a controller forward, offered a bribe...), each count
of a choice said aloud at the table, never of a hidden card. ``Watcher`` carries those counts from one game to
the next: wrapped round a bot, it adds the counts of the session's earlier games to the record of every
observation the bot is given, and when a game ends the table (or the arena) hands it that game's last
observation (``game_over``), whose record joins the session's. So the bot, its rules and its search read one
record and still decide from their observation alone; and the counts follow from the inputs of the session's
games: replayed, the same inputs give the same records.

Reading the counts, every bot estimates a seat's chance of a choice the same way (``shrunk``): the ``normal``
rules' chance, worth ``PRIOR`` of the seat's own choices, pulled toward what the seat was seen doing as its
counts grow. A model that plays the seat's choices (a search's play-outs) draws from that estimate as a mixture
(``habit``): with the weight of the evidence it follows the seat's own record, otherwise the rules.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from ai.protocol import Decision, Player

Obs = TypeVar("Obs")
A = TypeVar("A")

Counts = tuple[int, ...]
#: Reads the public record of every seat from an observation.
Read = Callable[[Any], Sequence[Counts]]
#: The observation with its record replaced by the one given.
Write = Callable[[Any, tuple[Counts, ...]], Any]

#: How many of a seat's own choices the ``normal`` rules' chance weighs as: a seat seen choosing three times
#: is read half by its record, half by the rules.
PRIOR = 3


def shrunk(prior: float, yes: float, no: float, weight: float = PRIOR) -> float:
    """The chance of a choice seen ``yes`` times against ``no`` times, where the rules choose it with chance
    ``prior`` (worth ``weight`` counts)."""
    return (weight * prior + yes) / (weight + yes + no)


def habit(rng: random.Random, yes: float, no: float, weight: float = PRIOR) -> bool | None:
    """One draw of a seat's choice from its record, as a mixture: ``None`` (play the rules) with the rules' share
    ``weight / (weight + yes + no)``, else ``True`` (the choice) with the seat's own rate ``yes / (yes + no)``.
    Over the draws the choice comes with ``shrunk``'s chance. No counts: ``None`` without drawing, so a
    record with nothing in it leaves the rules' play exactly as it was."""
    seen = yes + no
    if not seen:
        return None
    if rng.random() * (weight + seen) < weight:
        return None
    return rng.random() * seen < yes


def plus(a: Sequence[Counts], b: Sequence[Counts]) -> tuple[Counts, ...]:
    """Two records added seat by seat, count by count."""
    return tuple(tuple(x + y for x, y in zip(p, q, strict=True)) for p, q in zip(a, b, strict=True))


#: The fields a :class:`Watcher` keeps for itself.
_OWN = frozenset({"player", "name", "read", "write", "past", "games"})


class Watcher(Generic[Obs, A]):
    """A bot that keeps what it saw over the games of one session (the module's docstring): ``decide`` hands
    ``player`` the observation with the session's earlier counts added to its record; ``game_over`` adds a
    finished game's record to them. Any other attribute is the wrapped player's."""

    def __init__(self, player: Player[Obs, A], read: Read, write: Write) -> None:
        self.player = player
        self.name: str = player.name
        self.read = read
        self.write = write
        #: The counts of the session's finished games (``None``: this is its first game).
        self.past: tuple[Counts, ...] | None = None
        #: How many of the session's games have ended.
        self.games = 0

    def __getattr__(self, name: str) -> Any:
        if name == "player":  # not set yet (a copy being made): no wrapped player to ask
            raise AttributeError(name)
        return getattr(self.player, name)

    def __setattr__(self, name: str, value: Any) -> None:
        # the watcher's own fields stay here; any other is the wrapped player's (a clock, a budget set on the
        # bot reaches the bot that reads it, as a read of it does)
        if name in _OWN:
            object.__setattr__(self, name, value)
        else:
            setattr(self.player, name, value)

    def seen(self, observation: Obs) -> Obs:
        """``observation`` with the session's earlier counts in its record."""
        if self.past is None:
            return observation
        return self.write(observation, plus(self.past, self.read(observation)))  # type: ignore[no-any-return]

    def decide(self, observation: Obs, legal: Sequence[A], rng: random.Random) -> Decision[A]:
        return self.player.decide(self.seen(observation), legal, rng)

    def game_over(self, observation: Obs) -> None:
        """A game of the session has ended with ``observation`` (this seat's last): its counts join the past."""
        counts = tuple(self.read(observation))
        self.past = counts if self.past is None else plus(self.past, counts)
        self.games += 1
        inner = getattr(self.player, "game_over", None)
        if inner is not None:
            inner(observation)


def game_over(player: Any, observation: Any) -> None:
    """Tell ``player`` a game of its session has ended, if it keeps anything between games."""
    hook = getattr(player, "game_over", None)
    if hook is not None:
        hook(observation)


__all__ = ["PRIOR", "Watcher", "game_over", "habit", "plus", "shrunk"]
