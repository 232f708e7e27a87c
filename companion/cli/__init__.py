"""The ``companion`` command: the typer app (``companion.cli.apps``), the general commands
(``companion.cli.root``) and one module per game (``companion.cli.commands``)."""

from __future__ import annotations

from typing import Any

__all__ = ["app", "main"]


def main() -> None:
    """The console script ``companion``."""
    from companion.cli.root import main as run

    run()


def __getattr__(name: str) -> Any:
    if name == "app":  # the app with every command registered
        from companion.cli.root import app

        return app
    raise AttributeError(name)
