"""What starts and continues a game from the command line: the saved-games file opened with its notes, the
screen's output (text or ``--json``), the check that a shared screen is a terminal, and the session run on
standard input."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from ai.words import tr
from companion.messages import fail, json_note, say_note

if TYPE_CHECKING:
    from companion.saves.store import Store
    from companion.screen.output import Output


def store(as_json: bool = False) -> Store:
    """The saved-games file, checked; a note on standard error if a damaged one was moved aside (at the start,
    or later, when it turns out damaged under an open game: ``companion.saves.open_file``); with ``--json``, a
    ``note`` event on standard output instead."""
    from companion.saves.store import Store

    opened = Store()
    opened.on_notice(json_note if as_json else say_note)
    return opened


def output(as_json: bool, reveal_bots: bool = False) -> Output:
    from companion.screen.output import JsonOutput, TextOutput

    if as_json:
        return JsonOutput(reveal_bots)
    return TextOutput(echo_input=not sys.stdin.isatty())


def check_shared_screen(seats: list[str], as_json: bool, verb: str = "play") -> None:
    """Several people at one terminal: their cards are hidden on the terminal itself (gates, then the screen and
    its scrollback cleared), so the output must be that terminal: through ``| tee game.log`` nothing would be cleared and the log would
    hold every hand, and ``--json`` would print every hand at once."""
    from companion.seats import several_people

    if not several_people(seats) or not sys.stdin.isatty():
        return  # one person, or input from a program (a transcript marks each private line [only NAME])
    if as_json:
        fail(
            tr(
                "--json is for a program, and several people are typing at this terminal: it would show every "
                "hand; {verb} without --json",
                verb=verb,
            )
        )
    if not sys.stdout.isatty():
        fail(
            tr(
                "several people share this screen and each one's cards are hidden on it, so the output cannot "
                "go to a pipe or a file: {verb} without '| ...' or '> ...'",
                verb=verb,
            )
        )


def new_seed() -> int:
    import secrets

    return secrets.randbelow(2**31)


def start_session(
    game_name: str,
    config: Any,
    seats: list[str],
    seed: int | None,
    as_json: bool,
    options: dict[str, Any] | None = None,
    reveal_bots: bool = False,
) -> None:
    """Create a saved session and run it on standard input until it ends, input ends or the person quits."""
    from ai.games import get
    from companion.seats import is_human
    from companion.table.session import TableSession, line_reader

    game = get(game_name)
    if reveal_bots and not as_json:
        fail(
            tr(
                "--reveal-bots goes with --json: the table's screen never shows what a bot's hidden cards tell"
            )
        )
    check_shared_screen(seats, as_json)
    db = store(as_json)
    after = (options or {}).get("after")  # the evening's earlier game whose seats the bots watched
    # the paper automa's seats marked before the label names the game's options
    config = game.seat_levels(config, [None if is_human(seat) else seat for seat in seats])
    try:
        session = TableSession.new(
            game,
            config,
            seats,
            seed if seed is not None else new_seed(),
            game.describe(config) + (tr(", after game #{after}", after=after) if after else ""),
            db,
            output(as_json, reveal_bots),
            options,
        )
    except ValueError as exc:
        fail(str(exc))
        return
    try:
        session.run(line_reader(sys.stdin.isatty() and not as_json))
    finally:
        db.release(session.id)
