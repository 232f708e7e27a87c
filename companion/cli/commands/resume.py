"""``companion resume [ID]``: a saved game continued exactly where it was (the latest open one by default)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from ai.words import language, tr, trn
from companion.cli.apps import MAX_INT, JsonOption, app, names_language
from companion.cli.start import check_shared_screen, output, store
from companion.errors import cannot_resume, clipped
from companion.messages import command_name, fail, say_note

if TYPE_CHECKING:
    from companion.saves.store import SessionRecord, Store


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
    """Continue a saved game exactly where it was, in the language it was played in."""
    from companion.saves.file import moved_aside
    from companion.table.spoken import continued_in

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
        if session_id is None:
            fail(said)
        else:
            fail(said, session=session_id)
        return
    # the game is known: it speaks its own language from here on (``--lang`` on this line wins)
    with language(continued_in(record, names_language())):
        _continue(db, record, session_id, as_json)


def _continue(db: Store, record: SessionRecord, session_id: int | None, as_json: bool) -> None:
    """Continue ``record`` (``session_id``: the number typed, ``None`` for the latest open game)."""
    from ai.games import get
    from companion.saves.records import UNREADABLE
    from companion.screen.terminal import clear_now
    from companion.seats import several_people
    from companion.table.session import TableSession, line_reader
    from companion.table.spoken import goes_on_in_this

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
        if names_language():  # the game goes on in the language this line named
            record = goes_on_in_this(db, record)
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
        from companion.saves.history import said_label

        named = ", ".join(f"#{r.id} {_game_title(r.game)} ({said_label(r)})" for r in others[-5:])
        command = command_name()
        if len(others) > 5:
            text = trn(
                "other open games: {named} and {n} more ({command} history); {command} resume N continues one of "
                "them",
                "other open games: {named} and {n} more ({command} history); {command} resume N continues one of "
                "them",
                len(others) - 5,
                named=named,
                command=command,
            )
        else:
            text = tr(
                "other open games: {named}; {command} resume N continues one of them",
                named=named,
                command=command,
            )
        say_note(text, f"{command} resume N")


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
