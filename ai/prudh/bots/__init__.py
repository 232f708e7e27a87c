"""Prudh's bot levels, in order, for either colour. ``normal`` and ``hard`` keep what they saw each player do over
the games of a session (``ai.habits.Watcher``), in the state's ``record`` (``ai.prudh.record``)."""

from __future__ import annotations

from typing import Any

from ai.habits import Watcher
from ai.levels import Level, Request
from ai.protocol import Player, RandomPlayer
from ai.prudh.bots.card import normal
from ai.prudh.record import records, with_records
from ai.prudh.state import PrudhConfig

EASY_NOISE = 2 / 6  # a die roll of 1 or 2: what a person holding the card can do


def _hard(request: Request[PrudhConfig]) -> Player[Any, Any]:
    """The search, imported only when a searching bot is seated: a table of rule bots never loads it."""
    from ai.prudh.bots.hard import hard

    return watching(hard(request))


def watching(player: Player[Any, Any]) -> Player[Any, Any]:
    """``player`` keeping what it saw each player do over the games of a session."""
    return Watcher(player, records, with_records)


#: The bot levels, in order, for either colour. ``hard`` searches ``iterations`` positions when given one
#: (reproducible: the arena passes it), ``think`` seconds otherwise.
LEVELS: tuple[Level[PrudhConfig], ...] = (
    Level("random", "picks any legal move", lambda r: RandomPlayer()),
    Level(
        "easy",
        "the card of normal, but on a die roll of 1 or 2 any legal move, picked with dice as equal moves are",
        lambda r: normal(noise=EASY_NOISE, name="easy"),
    ),
    Level(
        "normal",
        "the bot card, one move ahead: win now, break the mirror, safe capture, good trade, rescue, "
        "safe build, otherwise your largest open stack smallest; equal moves picked with dice",
        lambda r: watching(normal(noise=0.0, name="normal")),
    ),
    Level(
        "hard",
        "alpha-beta search (iterative deepening, move ordering, transposition table) in --think seconds; "
        "solves the endgame exactly",
        _hard,
    ),
)
