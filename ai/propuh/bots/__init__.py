"""Propuh's bot levels, per role: the official solo automaton, a random player, the heuristic rule lists
(``card``) with and without noise, and the search (``hard``)."""

from __future__ import annotations

from typing import Any

from ai.levels import Level, Request
from ai.propuh.bots.automaton import automaton
from ai.propuh.components import GRANNY, PROPUH
from ai.propuh.observation import records, with_records
from ai.propuh.state import PropuhConfig
from ai.protocol import Player, RandomPlayer

_GRANNY = frozenset({GRANNY})
_PROPUH = frozenset({PROPUH})


def watching(player: Player[Any, Any]) -> Player[Any, Any]:
    """``player`` keeping what it saw each seat do over the games of a session (the solo automaton does not)."""
    from ai.habits import Watcher

    return Watcher(player, records, with_records)


def _rules(request: Request[PropuhConfig]) -> Player[Any, Any]:
    noise = 0.25 if request.level == "easy" else 0.0
    from ai.propuh.bots.card import granny, propuh  # the rule lists: a solo table seats only the automaton

    player = (granny if request.seat == GRANNY else propuh)(noise=noise, name=request.level)
    return watching(player) if request.level == "normal" else player


def _hard(request: Request[PropuhConfig]) -> Player[Any, Any]:
    """The search, imported only when a searching bot is seated: a table of rule bots never loads it."""
    from ai.propuh.bots.hard import hard

    return watching(hard(request))


#: The bot levels of each role, in order.
LEVELS: tuple[Level[PropuhConfig], ...] = (
    Level(
        "automaton",
        "the official solo automaton (counter, trump, clockwise)",
        lambda r: automaton(r.config),
        _PROPUH,
    ),
    Level("random", "picks any legal move", lambda r: RandomPlayer()),
    Level("easy", "the heuristic Granny with a 25% chance of a random move", _rules, _GRANNY),
    Level("easy", "the heuristic Propuh (two players) with a 25% chance of a random move", _rules, _PROPUH),
    Level(
        "normal",
        "the heuristic Granny: priority rules, looking one round ahead at the automaton in solo",
        _rules,
        _GRANNY,
    ),
    Level("normal", "the heuristic Propuh (two players): counter, last card, clean, dump", _rules, _PROPUH),
    Level(
        "hard",
        "information-set search (ISMCTS) over deals of the unseen cards, heuristic play-outs, "
        "Propuh's moves by his rules (the automaton in solo), overruling the normal rules only when clearly "
        "better; bounded by --think",
        _hard,
        _GRANNY,
    ),
    Level(
        "hard",
        "information-set search (ISMCTS) over deals of the unseen cards, heuristic play-outs; bounded by --think",
        _hard,
        _PROPUH,
    ),
)
