"""The terminal's part of hiding a secret on the shared screen: a gate that waits for Enter alone (keys typed
before it appeared dropped, a line typed at it wiped from the screen and from the line editor), the screen and
its scrollback cleared, and the line editor's history cut back to what the table typed in view.

``companion.screen.output.TextOutput`` decides when a gate is due and what the table sees again; this module only
does it to the terminal.
"""

from __future__ import annotations

import contextlib
import shutil
import sys
import textwrap
import threading
from collections.abc import Iterator, Sequence
from typing import Any

from ai.words import tr, typed_forms
from companion.screen.charset import dumb


class Stop(KeyboardInterrupt):
    """``quit`` typed at a gate, or Ctrl-C or Ctrl-D at a person's eyes-only gate (``unseen``: that person,
    whose news was not shown): the session stops and saves, as ``quit`` does anywhere."""

    def __init__(self, unseen: str | None = None) -> None:
        super().__init__()
        self.unseen = unseen


QUIT = ("quit", "exit", "q")
#: The columns a gate's prompt leaves free at a dumb terminal, for a word typed there (``quit``, ``undo``).
QUIT_ROOM = 10


def command_typed(typed: str, commands: Sequence[str]) -> str | None:
    """The English command of ``commands`` a typed word is, in English or in the table's language (the
    catalogue's ``input`` forms: ``отмена`` is ``undo``); ``None`` for another word."""
    word = typed.strip().lower()
    if word in commands:
        return word
    return next((command for command in commands if word in typed_forms(command)), None)


def is_quit(typed: str) -> bool:
    """Whether a typed line stops the session: ``quit``, ``exit``, ``q``, or quit in the table's language."""
    word = typed.strip().lower()
    return word in QUIT or word in typed_forms("quit")


def wait(console: Any, text: str, commands: tuple[str, ...] = ()) -> str:
    """Wait for Enter alone (``""``) or one of ``commands`` (``undo``; returned in English, typed in any
    language): another typed line is refused with one
    line (never taken for the Enter, nor repeated: it may be a secret typed too early); ``quit`` stops and
    saves, as everywhere."""
    drop_typed_ahead()
    # wrapped between words at the screen's width, the rest indented as every wrapped line is, its last line the
    # prompt: input() cannot wrap its prompt; a dumb terminal's line editor scrolls a line sideways once it
    # reaches the edge, hiding the prompt's start ("<ress Enter when only Ann is looking."): there the prompt
    # leaves room for what is typed
    room = QUIT_ROOM if console.is_dumb_terminal else 0
    width = max(console.width - room, 20)
    *head, last = textwrap.wrap(text, width=width, subsequent_indent="  ") or [text]
    prompt = last + " "
    while True:
        for line in head:
            console.print(line, markup=False)
        console.file.flush()
        try:
            raw = input(prompt)  # through input() (plain text): the cursor moves on after Enter
        except (KeyboardInterrupt, EOFError):
            console.print()  # what follows on a line of its own, not glued to the prompt
            raise
        typed = raw.strip()
        if not typed:
            return ""
        command = command_typed(typed, commands)
        if not is_quit(typed) and command is None:
            # the terminal showed it as typed: a convoy typed before the screen passed
            wipe(console, prompt + raw, len(head))
        # not recalled by the up arrow: it may be a secret typed early
        forget_history(history_length() - 1)
        if is_quit(typed):
            raise Stop
        if command is not None:
            return command
        wiped = (
            tr("✗ Wiped, not played: press Enter alone (or type quit, undo); type moves later.")
            if commands
            else tr("✗ Wiped, not played: press Enter alone (or type quit); type moves later.")
        )
        console.print(textwrap.fill(wiped, width=width, subsequent_indent="  "), markup=False)


def wipe(console: Any, line: str, above: int = 0) -> None:
    """The rows a line typed at a prompt took on the terminal (the prompt and the echo, wrapped at its width,
    and ``above`` rows of the prompt printed before it) cleared, the cursor at their start: the line is gone
    from the shared screen, and the whole prompt is printed again."""
    from rich.cells import cell_len

    if not console.is_terminal:
        return
    if console.is_dumb_terminal:  # no cursor to move back: the line scrolls off the screen instead
        scroll_off(console.file, console.height)
        return
    rows = cell_len(line) // max(console.width, 1) + 1 + above
    console.file.write(f"\x1b[{rows}F\x1b[J")
    console.file.flush()


def clear(console: Any, again: Sequence[Any]) -> None:
    """The screen and its scrollback cleared (the next person could scroll up to it), then ``again`` printed:
    the table's own lines come back."""
    if console.is_dumb_terminal:
        scroll_off(console.file, console.height)
    else:
        console.clear()
        if console.is_terminal:
            console.file.write("\x1b[3J")
            console.file.flush()
    for line in again:
        console.print(line)


def clear_now() -> None:
    """Standard output's screen and scrollback cleared, the cursor home, at a terminal (before a console is
    made: ``resume`` clears what a killed window left)."""
    if not sys.stdout.isatty():
        return
    if dumb():
        scroll_off(sys.stdout, shutil.get_terminal_size().lines)
        return
    sys.stdout.write("\x1b[2J\x1b[3J\x1b[H")
    sys.stdout.flush()


def scroll_off(file: Any, rows: int) -> None:
    """At a dumb terminal, which has no way to clear: ``rows`` empty lines, which scroll what the screen
    showed off it (its scrollback, which only a clear could empty, keeps it)."""
    file.write("\n" * max(rows, 1))
    file.flush()


def history_length() -> int:
    """How many lines the line editor remembers (0 without one: piped input)."""
    readline = sys.modules.get("readline")
    return int(readline.get_current_history_length()) if readline is not None else 0


def forget_history(keep: int) -> None:
    """The line editor forgets every line after the first ``keep``: lines typed behind a gate, or at it."""
    readline = sys.modules.get("readline")
    if readline is None:
        return
    while readline.get_current_history_length() > max(keep, 0):
        readline.remove_history_item(readline.get_current_history_length() - 1)


def drop_typed_ahead() -> None:
    """Keys typed before a gate appeared are dropped: a double Enter at "Press Enter to hide" passed the next
    person's gate too and showed their hand to the one still looking, and a line typed ahead would be
    taken at the gate unseen, then wiped where it never was."""
    if not sys.stdin.isatty():
        return
    try:
        import termios

        termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
    except (ImportError, OSError, ValueError):  # not a terminal that can: the gate reads as before
        return


@contextlib.contextmanager
def stop_on_signals() -> Iterator[None]:
    """The process asked to end (SIGTERM) or its window closed (SIGHUP) stops the session as Ctrl-C does: a
    screen behind a gate is cleared and the game said saved."""
    import signal

    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    before = {}
    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None:
            before[number] = signal.signal(number, stop)
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)
