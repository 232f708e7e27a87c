"""A game's options saved with a session and read back: written once for every game's config dataclass.

A config is a frozen dataclass of plain values; a saved game keeps it as JSON. Tuples become lists, a value
with ``as_dict`` (RIP's extra psychic cards) its dict; reading back turns lists into tuples again, except a
field with its own reader. An unknown option is refused by name: a file written by a newer version, or by
hand, never loads half-understood.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

C = TypeVar("C")


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    as_dict = getattr(value, "as_dict", None)
    if callable(as_dict):
        return as_dict()
    return value


def config_to_dict(config: Any) -> dict[str, Any]:
    """Every field of ``config`` by name, as JSON-ready values."""
    return {f.name: _plain(getattr(config, f.name)) for f in dataclasses.fields(config)}


def config_from_dict(
    cls: type[C],
    data: Mapping[str, Any],
    title: str,
    readers: Mapping[str, Callable[[Any], Any]] | None = None,
) -> C:
    """A ``cls`` from ``config_to_dict``'s output: missing fields take their defaults, lists become tuples,
    a field in ``readers`` is read by its reader. ``ValueError`` names options ``cls`` does not have."""
    fields = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    unknown = set(data) - fields
    if unknown:
        raise ValueError(f"unknown {title} options: {', '.join(sorted(unknown))}")
    values: dict[str, Any] = {}
    for name, value in data.items():
        if readers and name in readers:
            values[name] = readers[name](value)
        elif isinstance(value, list):
            values[name] = tuple(value)
        else:
            values[name] = value
    return cls(**values)
