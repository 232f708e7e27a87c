"""``companion abandon ID``: an unfinished game ended without a result."""

from __future__ import annotations

from ai.words import tr
from companion.cli.apps import GameIdArgument, app
from companion.cli.start import store


@app.command()
def abandon(session_id: GameIdArgument) -> None:
    """End an unfinished game without a result: plain resume no longer offers it; history shows it."""
    from companion.messages import command_name, say_command

    record = store().abandon(session_id)
    say_command(
        tr(
            "Game #{number} ({game}) abandoned: plain resume skips it; {command} resume {number} reopens it.",
            number=session_id,
            game=record.game,
            command=command_name(),
        ),
        f"{command_name()} resume {session_id}",
    )
