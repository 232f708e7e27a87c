"""The ``companion`` command: the typer app, its game commands, and resume, history and bots."""

from __future__ import annotations

import os
import re
import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ai.words import LANGS, chosen_language, language, ptr, quoted, tr, trn
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
        if aside and not db.all():
            if session_id is not None:
                said = tr(
                    "no game #{number} (a damaged saved-games file was moved aside to {path})",
                    number=session_id,
                    path=aside[-1],
                )
            else:
                said = tr(
                    "no open game to resume (a damaged saved-games file was moved aside to {path})",
                    path=aside[-1],
                )
        elif session_id is not None:
            said = tr("no game #{number}", number=session_id)
        else:
            said = tr("no open game to resume")
        fail(said)
        return
    number = record.id
    if record.status == UNREADABLE:
        problem = tr("its record is unreadable ({problem})", problem=record.problem)
        fail(cannot_resume(number, problem, way_on(db, record)))
    try:
        game = get(record.game)
    except KeyError:
        problem = tr(
            "it is a game of {game}, which this companion does not know", game=clipped(repr(record.game))
        )
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
        if len(others) > 5:
            say_note(
                trn(
                    "other open games: {named} and {n} more (companion history); companion resume N continues "
                    "one of them",
                    "other open games: {named} and {n} more (companion history); companion resume N continues "
                    "one of them",
                    len(others) - 5,
                    named=named,
                )
            )
        else:
            say_note(tr("other open games: {named}; companion resume N continues one of them", named=named))


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
        way = tr(": plain resume skips it")
    else:
        way = tr(
            ": {command} abandon {number} ends it (plain resume then skips it)", command=name, number=number
        )
    others = sorted(
        (r for r in db.all() if r.status == "playing" and r.id != number),
        key=lambda r: (r.updated, r.id),  # as latest_open orders them
        reverse=True,
    )
    for other in others[:WAY_ON_TRIED]:  # one that resumes: not another game that would stop here too
        if replay_problem(other, db.moves(other.id)) is None:
            return way + tr(
                ", or {command} resume {number} continues game #{number} ({game})",
                command=name,
                number=other.id,
                game=_game_title(other.game),
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
        tr(
            "Game #{number} ({game}) abandoned: plain resume skips it; {command} resume {number} reopens it.",
            number=session_id,
            game=record.game,
            command=command_name(),
        )
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
        if db.started_anew:  # the note above says what could not be read: "yet" would say there was nothing
            if game is None:
                said = tr(
                    "No games in the new saved-games file: none was read back from the damaged one (see the "
                    "note above)."
                )
            else:
                said = tr(
                    "No {game} games in the new saved-games file: none was read back from the damaged one (see "
                    "the note above).",
                    game=game,
                )
            console.print(said, markup=False)
        elif db.emptied:  # the note above says the file was empty: "yet" would say nothing was ever saved
            if game is None:
                said = tr("No games: the saved-games file was empty (see the note above).")
            else:
                said = tr("No {game} games: the saved-games file was empty (see the note above).", game=game)
            console.print(said, markup=False)
        elif game is None and (aside := moved_aside(db.path)):  # a note said it once
            console.print(
                tr(
                    "No games in the saved-games file; a damaged one was moved aside to {path} (what could be "
                    "read of it was read back then).",
                    path=aside[-1],
                ),
                markup=False,
                soft_wrap=True,  # the path whole, to be copied: the terminal wraps it, no line break inserted
            )
        elif game is None:
            console.print(
                tr("No games yet. Start one with: {command} play propuh --solo", command=command_name()),
                markup=False,
            )
        else:
            console.print(tr("No {game} games yet.", game=game), markup=False)
        return
    table = Table(title=ptr("history", "Games"), title_justify="left")
    columns = ("#", *(ptr("history", column) for column in ("date", "game", "you", "against", "result")))
    for column in columns:
        table.add_column(column, overflow="fold")
    games = [
        (
            str(r.id),
            s.date,
            f"{r.game}: {s.variant}" if s.variant else r.game,
            s.said_you,
            s.said_against,
            s.said_result,
        )
        for r, s in zip(records, stories, strict=True)
    ]
    for cells in games:  # Text cells: a name typed at the table or a broken record is shown as written
        table.add_row(*(Text(cell) for cell in cells))
    if fits(console, table):
        console.print(table)
    else:  # narrower than the table: a game a line, wrapped between words
        console.print(ptr("history", "Games"), markup=False)
        for number, date, name, you, against, result in games:
            parts = [
                f"#{number} {date} {name}",
                *(
                    f"{k} {v}"
                    for k, v in ((ptr("history", "you"), you), (ptr("history", "against"), against))
                    if v
                ),
            ]
            console.print(Text(hanging(" · ".join([*parts, result]), console.width)))
    if rates:
        summary = Table(title=tr("Propuh solo: Granny's win rate"), title_justify="left", pad_edge=False)
        for column in ("difficulty", "games", "won", "rate"):
            summary.add_column(ptr("history", column))
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
        lines.append(f"{ptr('seat', name)}:")
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
    typed, listed = clipped(quoted(text)), ", ".join(known)
    if close:
        fail(
            tr(
                "unknown game {typed}; did you mean {close}? known: {known}",
                typed=typed,
                close=close,
                known=listed,
            )
        )
    fail(tr("unknown game {typed}; known: {known}", typed=typed, known=listed))
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
