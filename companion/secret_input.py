"""A secret input: one typed behind its person's pass-the-screen gate when several people share the screen
(the game's optional ``secret_input(state)`` hook says which inputs; ``TableGame.secret_seat`` whose).

Behind the gate a refusal is said there and the person types again; ``hand``, ``hint``, ``board`` and ``help``
answer there; the move's own news follows on the same screen; ``end`` hides it unless the same person types
next.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ai.protocol import Event
from companion.seats import HUMAN
from companion.table import COMMANDS

if TYPE_CHECKING:
    from companion.session import TableSession


def read(session: TableSession, seat: int, read_line: Callable[[], str | None]) -> str | None:
    """One input typed behind ``seat``'s gate, never echoed to the table; a refusal is said there too and
    the person types again, and ``hand`` shows their own cards there. A command (undo, quit...) comes back
    to the table's loop as typed, the screen hidden again; after a move the screen stays the person's
    until the move's own news is shown (``end``)."""
    name = session.seat_label(seat)
    fresh = session.out.secret_name != name
    command = session.out.secret(name)
    if command is not None:  # typed at the gate instead of passing the screen
        session.out.echo(command)
        return command
    remind = getattr(session.game, "secret_reminder", None)
    reminder = remind(session.state, seat) if fresh and remind is not None else None
    if reminder:  # what they were shown before and answer now (a bribe's cards, after an undo or resuming)
        session.out.private(name, [Event("reminder", reminder)])
    # behind the gate: shown before it, the prompt invited a convoy typed at the gate, in view (a trial)
    session.prompt_move()
    while True:
        try:
            line = read_line()
        except KeyboardInterrupt:  # the screen hidden before the game stops
            session.out.secret(None)
            raise
        if line is None:
            session.out.secret(None)
            return None
        session.out.echo(line)
        typed = line.strip()
        word, _, rest = typed.partition(" ")
        word = word.lower()
        if word == "hand" and rest.strip().lower() in ("", name.lower()):
            session.out.hand(name, session.game, session.state, seat, gate=False)  # behind the gate already
        elif word == "hint":  # only for this person: shown here, behind their gate
            session.hint(rest.strip())
        elif word == "board" and not rest:
            session.out.board(session.game, session.state, session.view_seat)
        elif word in ("help", "?") and not rest:  # behind the gate: not shown again to the table
            session.out.private(name, [Event("help", session.game.input_help(session.state))])
        elif not typed:  # a stray Enter: said here, the screen still theirs
            session.out.error("nothing typed")
        elif word == "undo" and not rest and not any(entry.actor == HUMAN for entry in session.entries):
            session.out.error("nothing to undo")
        elif word in (*COMMANDS, "exit", "q", "?"):
            session.out.secret(None)
            return line
        elif session.parse(typed) is not None:
            return line
        session.out.prompt(session.game.prompt(session.state), name)


def end(session: TableSession, seat: int) -> None:
    """After a secret move and its news: the screen is hidden again, unless the person who has it types the
    next secret input (the same person's second draw, or the count asked behind its gate): no second gate."""
    after = session.secret_seat()
    if after is None or session.out.secret_name != session.seat_label(after):
        session.out.secret(None)
