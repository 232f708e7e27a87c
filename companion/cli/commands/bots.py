"""``companion bots GAME``: the bots of a game, seat by seat."""

from __future__ import annotations

import re
import sys
from typing import Annotated

import typer

from ai.words import ptr, tr
from companion.cli.apps import app, known_game
from companion.messages import fill_to_screen


@app.command()
def bots(game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game, e.g. propuh.")]) -> None:
    """List the bots of a game, seat by seat."""
    from ai.games import get
    from companion.cli.exploiters import exploiter_lines

    game_name = known_game(game_name)
    game = get(game_name)
    lines = []
    for seat, name in enumerate(game.info.seat_names):
        lines.append(tr("{seat}:", seat=ptr("seat", name)))
        lines += [f"  {bot:<10} {text}" for bot, text in game.bots(seat).items()]
    lines += exploiter_lines(game_name)
    for line in lines:
        # at a terminal, wrapped between words under the text
        head = re.match(r" +\S+ +", line)  # an indented line goes on under its text, past the name
        indent = " " * len(head.group()) if head else ""
        typer.echo(fill_to_screen(line, indent) if sys.stdout.isatty() else line)
