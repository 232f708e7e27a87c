"""What a table session says as it opens and as it stops: a new game's start and setup, a resumed game's
replay, a game read back in part from a damaged file, news not yet seen behind a gate; and, when it stops, that
the game is saved and how to go on."""

from __future__ import annotations

import os
import shutil
import sys
from typing import TYPE_CHECKING, Any

from ai.text import plural
from companion.salvage import read_back_in_part
from companion.seats import HUMAN
from companion.unseen import unseen_sentence

if TYPE_CHECKING:
    from companion.session import TableSession


def command_name() -> str:
    """How the person can run this program again: ``companion`` when that is on the PATH and is this program,
    else the path it was started by (``.venv/bin/companion``) or ``python -m companion``."""
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


def short_title(game: Any) -> str:
    """A game's name as a line names it: ``RIP``, not ``RIP (Rest in Peace)``."""
    return str(game.info.title).split(" (")[0]


def announce(session: TableSession) -> None:
    """The opening lines: a resumed game's replay count, or a new game's number and its setup (a private setup
    event, a dealt hand, through ``show``: only its person sees it); then the notes a resumed game owes."""
    if session.entries:
        # what was typed and what the bots made, counted apart (a trial: "15 inputs replayed" for 11 typed)
        inputs = sum(1 for entry in session.entries if entry.actor == HUMAN)
        bots = len(session.entries) - inputs
        session.out.info(
            "resume",
            f"Resuming game #{session.id} ({short_title(session.game)}: {session.record.label}): {plural(inputs, 'input')}"
            + (f" and {plural(bots, 'bot move')}" if bots else "")
            + " replayed.",
            session=session.id,
            game=session.record.game,
            inputs=inputs,
            bot_moves=bots,
        )
    else:
        if session.resumed:
            session.out.info(
                "resume",
                f"Resuming game #{session.id} ({short_title(session.game)}: {session.record.label}): nothing typed yet; "
                "the setup as it was said.",
                session=session.id,
                game=session.record.game,
                inputs=0,
            )
        else:
            session.out.info(
                "start",
                f"Game #{session.id}: {session.record.label}.",
                session=session.id,
                game=session.record.game,
                seed=session.record.seed,
                seats=session.seats_json(),
            )
        # through show: a private setup event (a dealt hand) reaches only its person
        session.show(session.game.setup_events(session.state))
    _read_back_note(session)
    _unseen_note(session)


def _read_back_note(session: TableSession) -> None:
    """A game read back in part from a damaged file, nothing typed since: the table may be further on (a
    trial: it resumed from an earlier point without a word, re-announcing a bot move the table had made)."""
    mark = read_back_in_part(session.record.options, len(session.entries)) if session.resumed else None
    if mark is None:
        return
    session.out.info(
        "read_back",
        f"Game #{session.id} came back from a damaged saved-games file with its first "
        f"{plural(len(session.entries), 'saved move')} only (the rest stays in {mark.get('file')}): if the table "
        f"is further on, put it back as the board shows, or end the game with {command_name()} abandon "
        f"{session.id}.",
        session=session.id,
        command=f"{command_name()} abandon {session.id}",
        moves=len(session.entries),
        file=mark.get("file"),
    )


def _unseen_note(session: TableSession) -> None:
    """Resumed after a stop at a gate (a killed window too): whoever had not seen their news is named, with
    the way to see it; with nothing typed yet the setup is said again, dealt hands too."""
    names = list(session.unseen.names) if session.resumed else []
    if names and session.entries:
        session.out.info(
            "unseen",
            f"When the game stopped, {session.unseen.sentence('', 'type')}.",
            session=session.id,
            names=names,
        )
    if names:
        session.unseen.told()


def saved(session: TableSession, why: str, unseen: str | None = None) -> None:
    """The game is saved; everyone who did not see what was for their eyes (``unseen``: the person at whose
    gate it stopped; ``session.unseen``: every one still waiting) is named, with the way to see it after
    resuming (before anything is typed, resuming says the setup again, dealt hands too)."""
    names = list(session.unseen.names) if session.entries else []
    if unseen and unseen not in names and session.entries:
        names.insert(0, unseen)
    later = f" ({unseen_sentence(names, 'yet', 'after resuming, type')})" if names else ""
    command = f"{command_name()} resume {session.id}"
    session.out.info(
        "saved",
        f"{why}; game #{session.id} is saved. Continue it with: {command}{later}",
        session=session.id,
        command=command,
        **({"unseen": list(names)} if names else {}),
    )
