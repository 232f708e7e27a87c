"""Prohis's bot levels, in order, for every seat. ``normal`` and ``hard`` keep what they saw each seat do over
the games of a session (``ai.habits.Watcher``): their rules and their search read it in the observation's
``record``."""

from __future__ import annotations

from typing import Any

from ai.habits import Watcher
from ai.levels import Level, Request
from ai.prohis.bots.automa import automa
from ai.prohis.bots.card import TablePlayer, smuggler
from ai.prohis.observation import records, with_records
from ai.prohis.state import ProhisConfig
from ai.protocol import Player, RandomPlayer


def _hard(request: Request[ProhisConfig]) -> Player[Any, Any]:
    """The search, imported only when a searching bot is seated: a table of rule bots never loads it."""
    from ai.prohis.bots.hard import hard

    return watching(hard(request))


def watching(player: Player[Any, Any]) -> Player[Any, Any]:
    """``player`` keeping what it saw each seat do over the games of a session."""
    return Watcher(player, records, with_records)


LEVELS: tuple[Level[ProhisConfig], ...] = (
    Level("random", "picks any legal move", lambda r: RandomPlayer()),
    Level(
        "easy",
        "the normal bot's card with a 25% chance of a random move",
        lambda r: TablePlayer(smuggler(noise=0.25, name="easy")),
    ),
    Level(
        "normal",
        "priority rules read from its own hand (hint explains them): contraband with a lieutenant, the "
        "highest controller forward, bribes and inspections on a die roll, contraband dumped before the end",
        lambda r: watching(TablePlayer(smuggler(noise=0.0, name="normal"))),
    ),
    Level(
        "hard",
        "information-set search (ISMCTS) over deals of the unseen cards, bounded by --think",
        _hard,
    ),
    Level(
        "automa",
        "the paper automa (companion print automa prohis): no hand it reads; its stock face down, its office "
        "face up, the top cards sent on a count and a die; difficulty from --difficulty",
        lambda r: automa(r.config),
    ),
)
