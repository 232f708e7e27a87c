"""What the table sees of each step, kept here for every game (``tests/test_leaks.py`` checks it game by game,
level by level):

- An event with ``private_to=None`` is public: it goes on the shared screen, with its ``table`` steps.
- An event private to a person's seat shows at once when that person is the only one at the table (the screen
  is theirs); with several people, or when the event is ``screened``, it waits behind a "pass the screen"
  gate. An event private to a bot's seat never reaches the screen.
- A bot's ``Decision.reason`` is public by contract (built from public facts only) and printed beside its
  move. ``Decision.value`` and ``Decision.debug`` never are: ``--json --reveal-bots`` sends them to the JSON
  output as a ``debug`` event, for debugging.
- A hint is shown only to the hinted person (behind the gate when several people play).
- ``undo`` names the steps back with the game's ``undo_steps`` (public facts only), and the typed input only
  when one person plays: with several, an input may name a secret card (a Prohis convoy).
- A bot's reason goes beside the first public event of its move (``companion.announce``).
- A bot answers what it has seen the same way: a move an undo took back is made again when it is to move with
  the same observation (``companion.entries.Answers``; the bots' moves are ``companion.bot_moves``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ai.protocol import Event
from companion.announce import kept_from
from companion.screen import GateUndo
from companion.seats import is_human

if TYPE_CHECKING:
    from companion.table import TableGame


def deliver(table: TableGame, events: list[Event]) -> None:
    """Public events to everyone; a private one only to its person (a bot's never reaches the screen). When
    the person who types the next secret input is the only one the last private events are for, their
    screen opens at the first of them and stays theirs for that input (the Prohis count asked after the
    convoy they seized): one gate, not a gate, "hide" and a second gate."""
    start = kept_from(events, table.humans, table.secret_seat())
    gated = [table.seat_label(seat) for e in events if (seat := gated_seat(table, e)) is not None]
    if gated:
        table.unseen.before(gated)
    for i, event in enumerate(events):
        seat = gated_seat(table, event)
        if seat is None:  # public, or the screen's only person's; a bot's private event is never shown
            if event.private_to is None:
                table.out.event(event)
            elif is_human(table.seats[event.private_to]):
                table.out.event(event, private_to=table.seat_label(event.private_to))
        else:
            label = table.seat_label(seat)
            try:
                # undo at its gate takes back the last input (none to take back at the setup)
                table.out.private(label, [event], keep=i >= start, undo=bool(table.entries))
            except GateUndo:  # the news is taken back with the input
                table.unseen.after()
                raise
            except BaseException as stopped:  # quit, Ctrl-C or Ctrl-D at a gate
                table.unseen.shown(label, stopped)
                raise
            table.unseen.shown(label)
    if gated:
        table.unseen.after()


def gated_seat(table: TableGame, event: Event) -> int | None:
    """The person's seat an event waits behind a gate for: private to a person who does not have the screen
    alone (several people), or ``screened``; else ``None``."""
    seat = event.private_to
    if seat is None or not is_human(table.seats[seat]) or (seat == table.view_seat and not event.screened):
        return None
    return seat
