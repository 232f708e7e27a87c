"""The ``companion`` command: the typer app (``companion.cli.apps``) run with its last safety net. Every
command is registered by its module in ``companion.cli.commands``, imported when the command line names it."""

from __future__ import annotations

import os
import sys

from ai.words import LANGS, chosen_language, language, tr
from companion.cli.apps import app
from companion.errors import clipped
from companion.messages import say_error

__all__ = ["app", "main"]


def main() -> None:
    """The command; the last safety net turns an exception no command expected into one line (each known
    fault is met at its cause first). ``COMPANION_DEBUG=1`` shows the traceback instead."""
    from companion.screen.charset import dumb_size, plain_fallback

    plain_fallback()
    dumb_size()
    try:
        app()
    except Exception as exc:
        if os.environ.get("COMPANION_DEBUG"):
            raise
        what = f"{type(exc).__name__}: {clipped(str(exc), 120)}"
        with language(_language()):
            _say_unexpected(what, _plays(sys.argv[1:]))
        sys.exit(1)


def _say_unexpected(what: str, plays: bool) -> None:
    """The safety net's line; that every input was saved is said only where a game was being played."""
    if plays:
        say_error(
            tr(
                "something unexpected went wrong ({what}); every input accepted before this was saved. "
                "Please report it (COMPANION_DEBUG=1 shows the details).",
                what=what,
            )
        )
    else:
        say_error(
            tr(
                "something unexpected went wrong ({what}); Please report it (COMPANION_DEBUG=1 shows the "
                "details).",
                what=what,
            )
        )


def _language() -> str:
    """The language the command line asked for, where its command could not say it (English if none is
    spoken)."""
    from companion.cli.apps import language_flag

    try:
        return chosen_language(language_flag(sys.argv[1:])[0])
    except ValueError:
        return LANGS[0]


def _plays(args: list[str]) -> bool:
    """Whether the command line plays a game (``play``, ``resume``): its inputs are being saved."""
    command = next((arg for arg in args if not arg.startswith("-")), None)
    return command in ("play", "resume")


if __name__ == "__main__":
    main()
