"""Propuh's protocol layer over immutable snapshots: ``initial_state``, ``to_move``, ``legal_actions`` and
``apply`` (a new snapshot; the old one unchanged). Every rule is ``ai.propuh.engine``'s: a step loads the
snapshot into the engine, applies there and takes a snapshot after."""

from __future__ import annotations

from ai.propuh.engine import (
    Engine,
    check,
    due_now,
    legal_actions,
    playable_cards,
    setup_tokens,
    to_move,
    unknown_counts,
)
from ai.propuh.score import end_lines, tokens_data
from ai.propuh.state import (
    TERMINAL,
    Action,
    Deal,
    Draw,
    MoveFigurine,
    Phase,
    Play,
    PropuhConfig,
    PropuhState,
    Remove,
    Tokens,
    Unresolved,
)
from ai.protocol import Event

__all__ = [
    "TERMINAL",
    "Action",
    "Deal",
    "Draw",
    "MoveFigurine",
    "Phase",
    "Play",
    "PropuhConfig",
    "PropuhState",
    "Remove",
    "Tokens",
    "Unresolved",
    "apply",
    "check",
    "due_now",
    "end_lines",
    "initial_state",
    "legal_actions",
    "playable_cards",
    "setup_tokens",
    "to_move",
    "tokens_data",
    "unknown_counts",
]


def initial_state(config: PropuhConfig, seed: int) -> PropuhState:
    return Engine.deal(config, seed).freeze()


def apply(state: PropuhState, action: Action, events: list[Event] | None = None) -> PropuhState:
    """The state after ``action``. Appends what happened to ``events`` when given. Raises on an illegal action."""
    check(state, action)
    engine = Engine.load(state, events)
    engine.apply(action)
    return engine.freeze()
