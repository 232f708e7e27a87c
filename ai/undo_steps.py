"""What every game's ``undo_steps`` shares: the events of an input taken back latest first, the words for a
card typed from a real deck (it stays where it was dealt; typing it again is the fix), and the steps of several
inputs taken back together (``span_steps``). An input that moved nothing at the table (a pass) has no steps
back."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ai.protocol import Event


def reversed_steps(events: Iterable[Event], back: Callable[[Event], list[str]]) -> list[str]:
    """Each event's steps back (``back``), the latest event first."""
    return [step for event in reversed(list(events)) for step in back(event)]


def leave_typed(n: int, where: str) -> str:
    """The step back of ``n`` cards typed as they were dealt: they stay ``where`` they are."""
    them = "the card" if n == 1 else f"the {n} cards"
    return f"Leave {them} {where}; type {'it' if n == 1 else 'them'} again when asked."


def span_steps(game: Any, states: Sequence[Any], actions: Sequence[Any]) -> list[str] | None:
    """The steps that take ``actions`` back together (``actions[i]`` turned ``states[i]`` into
    ``states[i + 1]``), latest first: the game's ``undo_span_steps`` where it has one (a card one input played
    and the next discarded goes back in one step), else each input's ``undo_steps``; ``None`` when the game
    names no steps back."""
    span = getattr(game, "undo_span_steps", None)
    if span is not None:
        return list(span(states, actions))
    hook = getattr(game, "undo_steps", None)
    if hook is None:
        return None
    return [
        step for i in reversed(range(len(actions))) for step in hook(states[i], actions[i], states[i + 1])
    ]
