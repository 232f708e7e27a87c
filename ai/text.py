"""Words the games' messages share."""

from __future__ import annotations


def plural(n: int, noun: str) -> str:
    """A count and its noun: ``1 card``, ``2 cards``, ``0 cards`` (nouns that take an ``s``)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
