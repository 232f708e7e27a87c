"""The ``companion`` command: the typer app, its game commands, and resume, history and bots."""

from __future__ import annotations

import os
import re
import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer

from companion.cli.apps import MAX_INT, GameIdArgument, JsonOption, app
from companion.cli.start import check_shared_screen, output, store
from companion.errors import cannot_resume, clipped
from companion.messages import fail, fill_to_screen, say_error, say_note

if TYPE_CHECKING:
    from companion.saves.store import SessionRecord, Store

__all__ = ["app", "main"]


@app.command()
def resume(
    session_id: Annotated[
        int | None,
        typer.Argument(
            min=1, max=MAX_INT, metavar="ID", help="The game's number (default: the latest open one)."
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Continue a saved game exactly where it was."""
    from ai.games import get
    from companion.saves.file import moved_aside
    from companion.saves.records import UNREADABLE
    from companion.screen.terminal import clear_now
    from companion.seats import several_people
    from companion.table.session import TableSession, line_reader

    db = store(as_json)
    record = db.get(session_id) if session_id is not None else db.latest_open()
    if record is None:
        aside = moved_aside(db.path)  # a note said it once
        also = (
            f" (a damaged saved-games file was moved aside to {aside[-1]})" if aside and not db.all() else ""
        )
        fail(f"no game #{session_id}{also}" if session_id is not None else f"no open game to resume{also}")
        return
    number = record.id
    if record.status == UNREADABLE:
        fail(cannot_resume(number, f"its record is unreadable ({record.problem})", way_on(db, record)))
    try:
        game = get(record.game)
    except KeyError:
        problem = f"it is a game of {clipped(repr(record.game))}, which this companion does not know"
        fail(cannot_resume(number, problem, way_on(db, record)))
    try:
        check_shared_screen(record.seats, as_json, "resume")
    except typer.Exit:
        if session_id is None:  # the latest, refused here: the others may be played
            _note_others(db, number)
        raise
    db.hold(number)
    if several_people(record.seats) and not as_json:
        # several people's game: a window killed at a private screen may have left a hand on this terminal
        clear_now()
    try:
        try:
            session = TableSession(game, record, db, output(as_json))
        except Exception as exc:  # a record from disk is data to judge: whatever in it fails, one line
            fail(cannot_resume(number, exc, way_on(db, record)))
            return
        # the latest: the others are named, with the way to them
        if session_id is None:
            _note_others(db, number)
        if record.status == "abandoned":
            db.reopen(number)
        session.resumed = True
        session.run(line_reader(sys.stdin.isatty() and not as_json))
    finally:
        db.release(number)


def _note_others(db: Store, number: int) -> None:
    """A note naming the open games other than ``number`` (the latest five), with the way to them."""
    others = [r for r in db.all() if r.status == "playing" and r.id != number]
    if others:
        named = ", ".join(f"#{r.id} {_game_title(r.game)} ({r.label})" for r in others[-5:])
        more = f" and {len(others) - 5} more (companion history)" if len(others) > 5 else ""
        say_note(f"other open games: {named}{more}; companion resume N continues one of them")


def _game_title(name: str) -> str:
    """A saved game's game as a line names it (its name as saved, if this companion does not know it)."""
    from ai.games import get
    from companion.table.session import short_title

    try:
        return short_title(get(name))
    except KeyError:
        return name


def way_on(db: Store, record: SessionRecord) -> str:
    """Past a game ``resume`` cannot continue: ``abandon``
    ends it (plain resume then skips it), and the latest other open game, if any, is named."""
    from companion.messages import command_name
    from companion.saves.replay import replay_problem

    name, number = command_name(), record.id
    if record.status == "abandoned":
        way = ": plain resume skips it"
    else:
        way = f": {name} abandon {number} ends it (plain resume then skips it)"
    others = sorted(
        (r for r in db.all() if r.status == "playing" and r.id != number),
        key=lambda r: (r.updated, r.id),  # as latest_open orders them
        reverse=True,
    )
    for other in others[:WAY_ON_TRIED]:  # one that resumes: not another game that would stop here too
        if replay_problem(other, db.moves(other.id)) is None:
            return (
                way + f", or {name} resume {other.id} continues game #{other.id} ({_game_title(other.game)})"
            )
    return way


#: The latest open games tried (each replayed) for one to name after a game resume cannot continue.
WAY_ON_TRIED = 5


@app.command()
def abandon(session_id: GameIdArgument) -> None:
    """End an unfinished game without a result: plain resume no longer offers it; history shows it."""
    from companion.messages import command_name

    record = store().abandon(session_id)
    typer.echo(
        f"Game #{session_id} ({record.game}) abandoned: plain resume skips it; "
        f"{command_name()} resume {session_id} reopens it."
    )


@app.command()
def history(
    game: Annotated[str | None, typer.Option(help="Only the games of this game, e.g. propuh.")] = None,
    as_json: JsonOption = False,
) -> None:
    """List past games: the date, your seat, the bots, your result; and the solo win rate per difficulty."""
    import json

    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from companion.messages import command_name
    from companion.saves.file import moved_aside
    from companion.saves.history import story
    from companion.screen.figures import fits, print_table
    from companion.screen.output import hanging

    if game is not None:
        game = known_game(game)
    db = store()
    records = [r for r in db.all() if game is None or r.game == game]
    rates = solo_rates(records)
    stories = [story(r, db.moves) for r in records]  # an unfinished game is replayed: resume's verdict
    if as_json:
        rows = [
            {
                "id": r.id,
                "game": r.game,
                "label": r.label,
                "created": r.created,
                "status": r.status,
                "winner": r.winner,
                "reason": r.reason,
                **s.as_dict(),
            }
            for r, s in zip(records, stories, strict=True)
        ]
        typer.echo(json.dumps({"games": rows, "solo_win_rates": rates}))
        return
    console = Console(highlight=False)
    if not records:
        which = "games" if game is None else f"{game} games"
        if db.started_anew:  # the note above says what could not be read: "yet" would say there was nothing
            console.print(
                f"No {which} in the new saved-games file: none was read back from the damaged one (see the note "
                "above).",
                markup=False,
            )
        elif db.emptied:  # the note above says the file was empty: "yet" would say nothing was ever saved
            console.print(f"No {which}: the saved-games file was empty (see the note above).", markup=False)
        elif game is None and (aside := moved_aside(db.path)):  # a note said it once
            console.print(
                f"No games in the saved-games file; a damaged one was moved aside to {aside[-1]} (what could be "
                "read of it was read back then).",
                markup=False,
                soft_wrap=True,  # the path whole, to be copied: the terminal wraps it, no line break inserted
            )
        elif game is None:
            console.print(f"No games yet. Start one with: {command_name()} play propuh --solo", markup=False)
        else:
            console.print(f"No {game} games yet.", markup=False)
        return
    table = Table(title="Games", title_justify="left")
    columns = ("#", "date", "game", "you", "against", "result")
    for column in columns:
        table.add_column(column, overflow="fold")
    games = [
        (str(r.id), s.date, f"{r.game}: {s.variant}" if s.variant else r.game, s.you, s.against, s.result)
        for r, s in zip(records, stories, strict=True)
    ]
    for cells in games:  # Text cells: a name typed at the table or a broken record is shown as written
        table.add_row(*(Text(cell) for cell in cells))
    if fits(console, table):
        console.print(table)
    else:  # narrower than the table: a game a line, wrapped between words
        console.print("Games", markup=False)
        for number, date, name, you, against, result in games:
            parts = [
                f"#{number} {date} {name}",
                *(f"{k} {v}" for k, v in (("you", you), ("against", against)) if v),
            ]
            console.print(Text(hanging(" · ".join([*parts, result]), console.width)))
    if rates:
        summary = Table(title="Propuh solo: Granny's win rate", title_justify="left", pad_edge=False)
        for column in ("difficulty", "games", "won", "rate"):
            summary.add_column(column)
        for level, row in rates.items():
            summary.add_row(level, str(row["games"]), str(row["won"]), f"{row['rate']:.0%}")
        print_table(console, summary)


def solo_rates(records: list[Any]) -> dict[str, dict[str, Any]]:
    """Finished solo Propuh games per difficulty: games, Granny's wins and the rate."""
    rates: dict[str, dict[str, Any]] = {}
    for r in records:
        if r.game != "propuh" or r.status != "over" or not r.config.get("solo"):
            continue
        row = rates.setdefault(str(r.config.get("difficulty")), {"games": 0, "won": 0})
        row["games"] += 1
        row["won"] += r.winner == "Granny"
    for row in rates.values():
        row["rate"] = row["won"] / row["games"]
    return dict(sorted(rates.items()))


@app.command()
def bots(game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game, e.g. propuh.")]) -> None:
    """List the bots of a game, seat by seat."""
    from ai.games import get
    from companion.cli.exploiters import exploiter_lines

    game_name = known_game(game_name)
    game = get(game_name)
    lines = []
    for seat, name in enumerate(game.info.seat_names):
        lines.append(f"{name}:")
        lines += [f"  {bot:<10} {text}" for bot, text in game.bots(seat).items()]
    lines += exploiter_lines(game_name)
    for line in lines:
        # at a terminal, wrapped between words under the text
        head = re.match(r" +\S+ +", line)  # an indented line goes on under its text, past the name
        indent = " " * len(head.group()) if head else ""
        typer.echo(fill_to_screen(line, indent) if sys.stdout.isatty() else line)


def known_game(text: str) -> str:
    """A game's name as typed (``Potra_Bash``, ``potra bash``) -> its registry name; an unknown one fails in one
    line with the closest name (``potra`` -> ``did you mean potra-bash?``) and the known ones."""
    from ai.games import names
    from ai.text import close_word

    known = names()
    game = text.strip().lower().replace("_", "-").replace(" ", "-")
    if game in known:
        return game
    close = next((n for n in known if game and n.startswith(game)), None) or close_word(
        game, known, short=True
    )
    hint = f"did you mean {close}? " if close else ""
    fail(f"unknown game {clipped(repr(text))}; {hint}known: {', '.join(known)}")
    raise AssertionError  # fail() exits


def main() -> None:
    """The command; the last safety net turns an exception no command expected into one line (each known
    fault is met at its cause first). ``COMPANION_DEBUG=1`` shows the traceback instead."""
    from companion.screen.charset import plain_fallback

    plain_fallback()
    try:
        app()
    except Exception as exc:
        if os.environ.get("COMPANION_DEBUG"):
            raise
        # said only where a game was being played
        saved = "every input accepted before this was saved. " if _plays(sys.argv[1:]) else ""
        say_error(
            f"something unexpected went wrong ({type(exc).__name__}: {clipped(str(exc), 120)}); {saved}"
            "Please report it (COMPANION_DEBUG=1 shows the details)."
        )
        sys.exit(1)


def _plays(args: list[str]) -> bool:
    """Whether the command line plays a game (``play``, ``resume``): its inputs are being saved."""
    command = next((arg for arg in args if not arg.startswith("-")), None)
    return command in ("play", "resume")


if __name__ == "__main__":
    main()
