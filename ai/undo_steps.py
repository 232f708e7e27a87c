"""What every game's ``undo_steps`` shares: the events of an input taken back latest first, the words for a
card typed from a real deck (it stays where it was dealt; typing it again is the fix). An input that moved
nothing at the table (a pass) has no steps back; several inputs taken back together are the game's
``undo_span_steps`` (``ai.protocol.TableGame``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ai.protocol import Event
from ai.words import trn


def reversed_steps(events: Iterable[Event], back: Callable[[Event], list[str]]) -> list[str]:
    """Each event's steps back (``back``), the latest event first."""
    return [step for event in reversed(list(events)) for step in back(event)]


def leave_typed(n: int, where: str) -> str:
    """The step back of ``n`` cards typed as they were dealt: they stay ``where`` they are."""
    return trn(
        "Leave the card {where}; type it again when asked.",
        "Leave the {n} cards {where}; type them again when asked.",
        n,
        where=where,
    )
