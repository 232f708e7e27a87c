"""The registry of games, imported lazily so that starting the CLI stays cheap."""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from ai.protocol import TableGame

#: Game name -> module that defines ``GAME``.
MODULES: dict[str, str] = {
    "propuh": "ai.propuh.game",
    "rip": "ai.rip.game",
    "potra-bash": "ai.potra_bash.game",
    "prudh": "ai.prudh.game",
    "prohis": "ai.prohis.game",
}


def _available(module: str) -> bool:
    return importlib.util.find_spec(module.rsplit(".", 1)[0]) is not None


def names() -> list[str]:
    """The games whose engine is installed, in the order of the box."""
    return [name for name, module in MODULES.items() if _available(module)]


def get(name: str) -> TableGame[Any, Any, Any, Any]:
    """The game object for ``name``; raises ``KeyError`` with the known names."""
    module = MODULES.get(name)
    if module is None or not _available(module):
        raise KeyError(f"unknown game {name!r}; known: {', '.join(names())}")
    game: TableGame[Any, Any, Any, Any] = importlib.import_module(module).GAME
    return game
