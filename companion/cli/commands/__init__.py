"""One module per game (and ``print``): each registers its ``play``/``arena``/``score`` commands on import."""

from __future__ import annotations

import importlib
import importlib.util
import inspect

#: Command modules, imported when the CLI starts; a module that is not there yet is skipped.
COMMAND_MODULES = ("propuh", "rip", "potra_bash", "prudh", "prohis", "print")


def register_all() -> None:
    for name in COMMAND_MODULES:
        module = f"companion.cli.commands.{name}"
        if importlib.util.find_spec(module) is not None:
            importlib.import_module(module)
    _one_line_summaries()


def _one_line_summaries() -> None:
    """A command listed in its group shows the first paragraph of its docstring as one flowing line (the
    docstrings are wrapped at the source's width, not the terminal's)."""
    from companion.cli.apps import app, arena_app, play_app, score_app

    for group in (app, play_app, arena_app, score_app):
        for command in group.registered_commands:
            doc = command.help or (command.callback.__doc__ if command.callback else None)
            if command.short_help is None and doc:
                first = inspect.cleandoc(doc).partition("\n\n")[0]
                command.short_help = " ".join(first.split())
