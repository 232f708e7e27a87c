"""Adapters: what the printables need from each game's engine, under one name per fact.

Engines are built by other people at the same time as the printables, so an adapter finds each fact by the names
the engine may give it (:func:`find`). An engine that is not built yet, or lacks a fact, makes its adapter fail
to import with :class:`ImportError`; the game is then "not available yet" rather than printed from retyped data.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any


def engine_modules(package: str, names: tuple[str, ...]) -> list[ModuleType]:
    """The engine's modules among ``names`` that import; ``ImportError`` if the package itself is missing."""
    importlib.import_module(package)
    found = []
    for name in names:
        try:
            found.append(importlib.import_module(f"{package}.{name}"))
        except ModuleNotFoundError as exc:
            if exc.name != f"{package}.{name}":
                raise
    return found


def find(modules: list[ModuleType], *names: str) -> Any:
    """The first of ``names`` defined by any of ``modules``; ``ImportError`` naming the fact if none is."""
    for name in names:
        for module in modules:
            if hasattr(module, name):
                return getattr(module, name)
    where = ", ".join(m.__name__ for m in modules) or "the engine"
    raise ImportError(f"{where} has no {' / '.join(names)} yet")
