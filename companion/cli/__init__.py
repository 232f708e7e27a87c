"""The ``companion`` command: the typer app (``companion.cli.apps``), run by ``companion.cli.root``, and its
commands, one module per command of the saved games and the bots and one per game (``companion.cli.commands``)."""

from __future__ import annotations

from typing import Any

__all__ = ["app", "main"]


def main() -> None:
    """The console script ``companion``."""
    from companion.cli.root import main as run

    run()


def __getattr__(name: str) -> Any:
    if name == "app":  # the app, whose commands register when named
        from companion.cli.root import app

        return app
    raise AttributeError(name)
