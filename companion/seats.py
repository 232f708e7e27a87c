"""Who sits where: a seat spec is ``human`` or ``human:Ann`` for a person, otherwise a bot's level."""

from __future__ import annotations

HUMAN = "human"


def is_human(spec: str) -> bool:
    """Seat specs: ``human`` or ``human:Ann`` for a person, otherwise a bot's name (``normal``, ``hard``)."""
    return spec == HUMAN or spec.startswith(HUMAN + ":")
