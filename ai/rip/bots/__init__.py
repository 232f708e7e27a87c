"""RIP's bot levels, the same for both families: a name, what it does, and how it is made. ``normal`` and ``hard``
keep what they saw each family do over the games of a session (``ai.habits.Watcher``), in the observation's
``record``. The card reads it (rule 8a: no face-down card against a family that fights for nearly every manor), and
``hard`` through the card's move it starts from; its play-outs do not: a play-out model drawn from the record lost
strength against the exploiters (docs/strength.md, RIP)."""

from __future__ import annotations

from typing import Any

from ai.habits import Watcher
from ai.levels import Level, Request
from ai.protocol import Player, RandomPlayer
from ai.rip.bots.automa import automa
from ai.rip.bots.card import normal
from ai.rip.observation import RipObservation, records, with_records
from ai.rip.state import Action, RipConfig


def _normal(request: Request[RipConfig]) -> Player[RipObservation, Action]:
    player = normal(noise=0.25 if request.level == "easy" else 0.0, name=request.level)
    return player if request.level == "easy" else watching(player)


def _hard(request: Request[RipConfig]) -> Player[Any, Any]:
    """The search, imported only when a searching bot is seated: a table of rule bots never loads it."""
    from ai.rip.bots.hard import hard

    return watching(hard(request))


def watching(player: Player[Any, Any]) -> Player[Any, Any]:
    """``player`` keeping what it saw each family do over the games of a session."""
    return Watcher(player, records, with_records)


#: The bot levels, in order, for either family.
LEVELS: tuple[Level[RipConfig], ...] = (
    Level("random", "picks any legal card or pass", lambda r: RandomPlayer()),
    Level("easy", "the normal priority rules with a 25% chance of a random move", _normal),
    Level(
        "normal",
        "priority rules: fight for castles and game-deciding tokens, concede cheap manors, "
        "bank high cards for round 10, none before round 9 against a family that fights for every manor",
        _normal,
    ),
    Level(
        "hard",
        "information-set search (ISMCTS) over the person's unseen cards, heuristic play-outs; bounded by --think",
        _hard,
    ),
    Level(
        "automa",
        "the paper automa: no hand (it turns the top card of a face-down pile), a die, a handicap by --difficulty",
        lambda r: automa(),
    ),
)
