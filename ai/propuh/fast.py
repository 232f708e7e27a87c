"""A plain, mutable Propuh for play-outs, with the moves chosen on it: what the search and the tests use.

The fast path is split by concept: the game on small integers (its deal, moves, rounds and end,
``ai.propuh.fast_game``) and who moves on it (the solo automaton, the quick play-out policies and the whole
play-out, ``ai.propuh.fast_policy``). ``Fast`` is the game with those choices callable as its methods
(``f.automaton_move()`` is ``fast_policy.automaton_move(f)``), and the names of both modules are importable
from here.
"""

from __future__ import annotations

from ai.propuh import fast_policy
from ai.propuh.fast_game import (
    FIGURINE,
    OVER,
    PLAY,
    REASONS,
    REMOVE,
    REMOVE_NO,
    REMOVE_YES,
    STRONGER,
    FastGame,
    from_action,
    stronger,
    to_action,
    unresolved,
)
from ai.propuh.fast_policy import playout

__all__ = [
    "FIGURINE",
    "OVER",
    "PLAY",
    "REASONS",
    "REMOVE",
    "REMOVE_NO",
    "REMOVE_YES",
    "STRONGER",
    "Fast",
    "from_action",
    "playout",
    "stronger",
    "to_action",
    "unresolved",
]


class Fast(FastGame):
    """One game in play, mutable (``FastGame``), and the moves its seats would choose."""

    __slots__ = ()

    automaton_move = fast_policy.automaton_move
    granny_policy = fast_policy.granny_policy
    propuh_policy = fast_policy.propuh_policy
