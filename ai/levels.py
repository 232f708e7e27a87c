"""A game's bot levels as a table, and the one ``make_player`` that reads it.

Each game declares its levels in order (``random``, ``easy``, ``normal``, ``hard``, and any of its own such
as Propuh's ``automaton``): a name, the line ``companion bots`` prints, the seats that may take it, and a
factory. Every factory takes the same ``Request``, so the searching bot of every game has one signature.
An exploiter (``companion arena … --exploiter``) is a fixed habit a person could follow from one sentence,
kept by each game in ``ai/<game>/bots/exploiters.py`` as ``EXPLOITERS`` and
seated under the level name ``exploit:NAME``, so the arena, its worker processes and a table session seat one
like any bot; its module is imported only when one is asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ai.protocol import Player
from ai.words import tr

C = TypeVar("C")

#: The level name that seats an exploiter: ``exploit:clean-bribe``.
PREFIX = "exploit:"


@dataclass(frozen=True, slots=True)
class Request(Generic[C]):
    """What a level's factory is given: the seat it plays, the game's options, and the searching bot's budget
    (``think`` seconds a move, or exactly ``iterations`` play-outs or positions, which makes it reproducible)."""

    level: str
    seat: int
    config: C
    think: float = 1.0
    iterations: int | None = None


@dataclass(frozen=True, slots=True)
class Level(Generic[C]):
    """One bot level: its name, what it does (one line), the seats that may take it (``None``: every seat)."""

    name: str
    summary: str
    make: Callable[[Request[C]], Player[Any, Any]]
    seats: frozenset[int] | None = None

    def plays(self, seat: int) -> bool:
        return self.seats is None or seat in self.seats


def names(levels: Sequence[Level[Any]], seat: int) -> list[str]:
    """The levels ``seat`` may take, in order."""
    return [level.name for level in levels if level.plays(seat)]


def make_player(
    game: str,
    who: str,
    levels: Sequence[Level[C]],
    name: str,
    seat: int,
    config: C,
    think: float = 1.0,
    iterations: int | None = None,
) -> Player[Any, Any]:
    """The bot ``name`` for ``seat`` of the game registered as ``game``; ``who`` names the seat in the refusal
    of an unknown level ("no Granny bot named 'x'")."""
    if is_exploiter(name):
        return make_exploiter(game, name, seat, config)
    for level in levels:
        if level.name == name and level.plays(seat):
            return level.make(Request(name, seat, config, think, iterations))
    raise ValueError(
        tr(
            "no {who} bot named {name!r}; choose from {names}",
            who=who,
            name=name,
            names=", ".join(names(levels, seat)),
        )
    )


@dataclass(frozen=True, slots=True)
class Exploiter:
    """A fixed strategy: its name, the habit in one sentence, the seats it can take, and how to make it."""

    name: str
    habit: str
    make: Callable[[int, Any], Player[Any, Any]]
    #: Seats it plays (Propuh's roles differ: an exploiter of Granny sits in Propuh's seat); ``None``: any.
    seats: tuple[int, ...] | None = None


def is_exploiter(level: str) -> bool:
    return level.startswith(PREFIX)


def exploiters(game_name: str) -> Mapping[str, Exploiter]:
    """The game's exploiters by name (``ai/<game>/bots/exploiters.py``, which every game has)."""
    import importlib

    from ai.games import MODULES

    package = MODULES[game_name].rsplit(".", 1)[0]
    found: Mapping[str, Exploiter] = importlib.import_module(package + ".bots.exploiters").EXPLOITERS
    return found


def make_exploiter(game_name: str, level: str, seat: int, config: Any) -> Player[Any, Any]:
    """The player for ``exploit:NAME`` in ``seat``; ``KeyError`` naming the known ones otherwise."""
    name = level.removeprefix(PREFIX)
    known = exploiters(game_name)
    if name not in known:
        raise KeyError(
            tr("unknown exploiter {name!r}; known: {known}", name=name, known=", ".join(known))
            if known
            else tr("unknown exploiter {name!r}; known: none", name=name)
        )
    exploiter = known[name]
    if exploiter.seats is not None and seat not in exploiter.seats:
        raise KeyError(tr("exploiter {name!r} does not play seat {seat}", name=name, seat=seat))
    return exploiter.make(seat, config)


def summaries(levels: Sequence[Level[Any]], seat: int) -> dict[str, str]:
    """What ``companion bots`` lists for ``seat``: each level it may take and what that level does, in the
    table's language."""
    return {level.name: tr(level.summary) for level in levels if level.plays(seat)}
