"""One module per command of the saved games and the bots (``resume``, ``abandon``, ``history``, ``bots``), one
per game and ``print``: each registers its commands on import (a game's ``play``/``arena``/``score``), each named
after its module (``potra_bash``: ``potra-bash``). A command line imports only the module of the command it names
(``companion.cli.lazy``); a group's listing imports those that register on it."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from typing import Any

#: Command modules, in the order ``companion --help`` lists their commands; one not there yet is skipped.
COMMAND_MODULES = (
    "resume",
    "abandon",
    "history",
    "bots",
    "propuh",
    "rip",
    "potra_bash",
    "prudh",
    "prohis",
    "print",
)


def load(name: str) -> None:
    """The command module of the command ``name`` imported, if there is one."""
    module = name.replace("-", "_")
    if module in COMMAND_MODULES:
        _import(module)


#: The command modules that register on the root app; every other one registers a game's ``play``, ``arena`` and
#: ``score``.
GENERAL = ("resume", "abandon", "history", "bots", "print")


def load_all(general: bool | None = None) -> None:
    """Every command module imported; with ``general``, only those that register on the root app (``True``) or
    only the games' (``False``): a group's listing imports the modules that add to it, not the others."""
    for name in COMMAND_MODULES:
        if general is None or (name in GENERAL) == general:
            _import(name)


def _import(name: str) -> None:
    module = f"{__name__}.{name}"
    if importlib.util.find_spec(module) is not None:
        importlib.import_module(module)


def rank(callback: Callable[..., Any] | None) -> int:
    """Where a command's function is listed: the general commands first, then the command modules' in order."""
    module = getattr(callback, "__module__", "").rpartition(".")
    if module[0] == __name__ and module[2] in COMMAND_MODULES:
        return 1 + COMMAND_MODULES.index(module[2])
    return 0
