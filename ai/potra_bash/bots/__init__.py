"""Potra Bash's bot levels, in order, for every seat. ``normal`` and ``hard`` keep what they saw each seat do
over the games of a session (``ai.habits.Watcher``), in the observation's ``record``; the card reads it (rule 6a: a
player who keeps passing), the search through its anchor on the card."""

from __future__ import annotations

from typing import Any

from ai.habits import Watcher
from ai.levels import Level, Request
from ai.potra_bash.bots.card import rule_bot
from ai.potra_bash.observation import records, with_records
from ai.potra_bash.state import PotraConfig
from ai.protocol import Player, RandomPlayer

#: The paper automa's level name (``PotraBashGame.seat_levels`` makes its seats' hands face-down piles).
AUTOMA = "automa"


def _automa(request: Request[PotraConfig]) -> Player[Any, Any]:
    from ai.potra_bash.bots.automa import AutomaPlayer

    if request.seat not in request.config.blind:
        raise ValueError("the automa plays only a seat whose hand is a face-down pile (seat it with --seats)")
    return AutomaPlayer(request.config)


def _hard(request: Request[PotraConfig]) -> Player[Any, Any]:
    """The search, imported only when a searching bot is seated: a table of rule bots never loads it."""
    from ai.potra_bash.bots.hard import hard

    return watching(hard(request))


def watching(player: Player[Any, Any]) -> Player[Any, Any]:
    """``player`` keeping what it saw each seat do over the games of a session."""
    return Watcher(player, records, with_records)


LEVELS: tuple[Level[PotraConfig], ...] = (
    Level("random", "plays and takes any legal card", lambda r: RandomPlayer()),
    Level(
        "easy",
        "the priority rules with a 25% chance of a random move",
        lambda r: rule_bot(noise=0.25, name="easy"),
    ),
    Level(
        "normal",
        "the printed bot card: best card for its pile, no set of 3s or 4s, the centre card taken "
        "with a lead, minus cards dumped unless another player keeps passing",
        lambda r: watching(rule_bot(noise=0.0, name="normal")),
    ),
    Level(
        "hard",
        "information-set search (ISMCTS) over deals of the unseen cards, greedy play-outs; bounded by --think",
        _hard,
    ),
    Level(
        AUTOMA,
        "the paper automa (a face-down hand pile: it turns its top card; rules read the table; handicap "
        "points from --difficulty)",
        _automa,
    ),
)
