"""The lines every command says to a person or a program: notes, errors, a refusal that ends the command
(``fail``), and how to run this program again (``command_name``). A leaf: it imports nothing of ours but
``companion.errors`` and the words (``ai.words``), so any layer may speak through it."""

from __future__ import annotations

import os
import sys

import typer

from ai.words import tr
from companion.errors import clipped

#: The command line of the command running (``--json`` in it: its errors are events on standard output too).
ARGS: list[str] = []


def json_note(text: str) -> None:
    """A note for a program: one JSON object, as every event is."""
    import json

    facts = getattr(text, "facts", {})  # a Notice of the saved-games file: where it went, what was read back
    typer.echo(json.dumps({"event": "note", **facts, "text": str(text)}, ensure_ascii=False))


def say_note(text: str, command: str | None = None) -> None:
    """A note on standard error, wrapped at word boundaries to the width the screen's sentences use (a path is
    never cut: it is to be copied), a wrapped line's rest indented as every screen line's is (at the left edge
    it reads as a line of its own); a ``command`` it holds starts a line of its own, whole, where the note does
    not fit (:func:`command_apart`)."""
    say_command(tr("note: {text}", text=text), command, err=True)


def say(text: str, err: bool = False) -> None:
    """A line for a person, wrapped at word boundaries to the screen's width, a wrapped line's rest indented."""
    typer.echo(fill_to_screen(text, "  "), err=err)


def command_apart(text: str, command: str, width: int) -> tuple[str, str] | None:
    """A line holding a ``command`` to type, wider than ``width``, as two: what comes before the command, and the
    command whole at the start of an indented line of its own with what follows it (a wrap had broken ``…
    companion play propuh`` / ``--solo``, or the terminal ``/com`` / ``panion``); ``None`` when it fits."""
    if len(text) <= width or command not in text:
        return None
    before, after = text.split(command, 1)
    return before.rstrip(), f"  {command}{after}"


def say_command(text: str, command: str | None, err: bool = False) -> None:
    """A line for a person that holds a ``command`` to type, wrapped at spaces to the screen's width; when it
    does not fit, the command starts a line of its own, whole (:func:`command_apart`)."""
    apart = command_apart(text, command, screen_width()) if command is not None else None
    if apart is None:
        say(text, err=err)
        return
    before, rest = apart
    say(before, err=err)
    typer.echo(rest, err=err)


def fill_to_screen(text: str, indent: str = "", width: int | None = None, first: str = "") -> str:
    """``text`` wrapped at spaces to ``width`` (the screen's by default), never inside a word, nor inside a short
    run of cards (``1 1 2 3 5``, ``2 2 5, p8 3``, ``b3 t``: ``ai.lines.CARDS``), which a break would read as two
    inputs: ``first`` before its first line, ``indent`` before each later one."""
    import textwrap

    from ai.lines import JOINED, held

    width = screen_width() if width is None else width
    return textwrap.fill(
        held(text, max(width - len(indent), 1) // 2),
        width=width,
        break_long_words=False,
        break_on_hyphens=False,
        initial_indent=first,
        subsequent_indent=indent,
    ).replace(JOINED, " ")


def screen_width() -> int:
    """As rich measures the screen: ``COLUMNS``, else the terminal's width (standard error's, then output's),
    else 80 (a pipe or a file)."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return max(int(columns), 20)
    for stream in (sys.stderr, sys.stdout):
        try:
            return max(os.get_terminal_size(stream.fileno()).columns, 20)
        except (AttributeError, OSError, ValueError):
            continue
    return 80


def json_error(message: str, kind: str, **facts: object) -> None:
    """Under ``--json``, an ``error`` event on standard output, its ``facts`` as fields: a script reading standard
    output learns why a command stopped before its first event."""
    if "--json" in ARGS:
        _error_event(message, kind, facts)


def fail(message: str, as_json: bool = False, kind: str = "refused", **facts: object) -> None:
    """One line on stderr and exit status 2; under ``--json`` (or ``as_json``, called from Python) also an
    ``error`` event on standard output, with ``facts`` as its fields (``kind``: ``refused``, ``fault`` for the
    saved-games file, ``usage`` for the command line)."""
    if as_json or "--json" in ARGS:
        _error_event(message, kind, facts)
    say_error(clipped(message))
    raise typer.Exit(2)


def refuse_input(error: ValueError, as_json: bool = False) -> None:
    """``fail`` for what a game's parser or check refused (an ``ai.protocol.InputError``): its line, and its
    ``suggestion``, when it has one, as a field of the ``--json`` error as a usage error's is."""
    suggestion = getattr(error, "suggestion", None)
    fail(str(error), as_json, **({"suggestion": suggestion} if suggestion else {}))


def _error_event(message: str, kind: str, facts: dict[str, object]) -> None:
    """The ``error`` event itself, one JSON object on standard output."""
    import json

    event = {"event": "error", "kind": kind, **facts, "message": message}
    typer.echo(json.dumps(event, ensure_ascii=False))


def missing_options(given: dict[str, object], example: str, as_json: bool = False) -> None:
    """Every option a command needs and was not given, in one line."""
    missing = [name for name, value in given.items() if value is None]
    if missing:
        fail(
            tr(
                "missing {missing} (all of {given} are needed, e.g. {example})",
                missing=", ".join(missing),
                given=", ".join(given),
                example=example,
            ),
            as_json,
        )


def say_error(message: str, command: str | None = None) -> None:
    """``error:`` and the message as one line; at a terminal, wrapped at its width at spaces as the notes are, the
    rest indented, a ``command`` it holds kept whole on a line (it is to be typed: ``companion play`` / ``--help``
    read as two) (a pipe, a log or a test keeps the one line whole, to be read or matched)."""
    line = tr("error: {text}", text=message)
    if not sys.stderr.isatty():
        typer.echo(line, err=True)
        return
    from ai.lines import JOINED

    if command is not None:
        line = line.replace(command, command.replace(" ", JOINED))
    typer.echo(fill_to_screen(line, "  "), err=True)


def command_name() -> str:
    """How the person can run this program again: ``companion`` when that is on the PATH and is this program,
    else the path it was started by (``.venv/bin/companion``) or ``python -m companion``."""
    import shutil

    argv0 = sys.argv[0] if sys.argv else ""
    base = os.path.basename(argv0)
    if base.endswith("__main__.py") or base == "-m":
        python = os.path.basename(sys.executable)
        on_path = shutil.which(python)
        same = on_path is not None and os.path.realpath(on_path) == os.path.realpath(sys.executable)
        return f"{python if same else sys.executable} -m companion"
    if base.startswith("companion"):
        on_path = shutil.which("companion")
        if on_path is not None and os.path.realpath(on_path) == os.path.realpath(argv0):
            return "companion"
        if os.path.exists(argv0):
            return argv0
    return "companion"
