"""The registry of games, imported lazily so that starting the CLI stays cheap."""

from __future__ import annotations

import importlib
from typing import Any

#: Game name -> module that defines ``GAME``.
MODULES: dict[str, str] = {
    "propuh": "ai.propuh.game",
}


def names() -> list[str]:
    return list(MODULES)


def get(name: str) -> Any:
    """The game object for ``name``; raises ``KeyError`` with the known names."""
    try:
        module = MODULES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(MODULES)}") from None
    return importlib.import_module(module).GAME
