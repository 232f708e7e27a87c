"""One module per game (and ``print``): each registers its ``play``/``arena``/``score`` commands on import."""

from __future__ import annotations

import importlib
import importlib.util

#: Command modules, imported when the CLI starts; a module that is not there yet is skipped.
COMMAND_MODULES = ("propuh", "rip", "potra_bash", "prudh", "prohis", "print")


def register_all() -> None:
    for name in COMMAND_MODULES:
        module = f"companion.commands.{name}"
        if importlib.util.find_spec(module) is not None:
            importlib.import_module(module)
