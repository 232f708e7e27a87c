"""Words the games' messages share."""

from __future__ import annotations


def plural(n: int, noun: str) -> str:
    """A count and its noun: ``1 card``, ``2 cards``, ``0 cards`` (nouns that take an ``s``)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def empty_item(text: str) -> str | None:
    """A score line's list of cards with an empty item (``1,1,,3``, ``1,3,``: a card left out or a comma too
    many): the words refusing it, else ``None``."""
    items = text.replace(";", ",").split(",")
    if len(items) > 1 and any(not item.strip() for item in items):
        return f"an empty card between commas in {text.strip()!r}; type each card once"
    return None
