"""A plain, mutable Propuh for play-outs, with the moves chosen on it: what the search and the tests use.

The fast path is split by concept: the game on small integers (what it holds, ``ai.propuh.fast_state``; the
end of a card and of a round, ``fast_rounds``; its copy, deal and moves, ``fast_game``) and who moves on it
(the solo automaton, the quick play-out policies and the whole play-out, ``ai.propuh.fast_policy``). ``Fast``
is the game with those choices callable as its methods (``f.automaton_move()`` is
``fast_policy.automaton_move(f)``), and the names of those modules are importable from here.
"""

from __future__ import annotations

from ai.propuh import fast_policy
from ai.propuh.fast_game import FastGame
from ai.propuh.fast_policy import playout
from ai.propuh.fast_state import (
    FIGURINE,
    OVER,
    PLAY,
    REASONS,
    REMOVE,
    REMOVE_NO,
    REMOVE_YES,
    STRONGER,
    from_action,
    stronger,
    to_action,
    unresolved,
)

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
