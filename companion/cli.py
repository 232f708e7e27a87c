"""The ``companion`` command: the typer app, its game commands, and resume, history and bots."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer

from companion.app import JsonOption, app, fail, output, store
from companion.commands import register_all

__all__ = ["app", "main"]


@app.command()
def resume(
    session_id: Annotated[
        int | None, typer.Argument(help="The game's number (default: the latest open one).")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Continue a saved game exactly where it was."""
    from ai.games import get
    from companion.session import TableSession, line_reader

    db = store()
    record = db.get(session_id) if session_id is not None else db.latest_open()
    if record is None:
        fail(f"no game #{session_id}" if session_id is not None else "no open game to resume")
        return
    if record.status != "playing" and session_id is None:
        fail("that game is over")
    session = TableSession(get(record.game), record, db, output(as_json))
    session.run(line_reader(sys.stdin.isatty() and not as_json))


@app.command()
def history(as_json: JsonOption = False) -> None:
    """List past games with their results, and the solo win rate per difficulty."""
    from rich.console import Console
    from rich.table import Table

    records = store().all()
    rates = solo_rates(records)
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
            }
            for r in records
        ]
        typer.echo(json.dumps({"games": rows, "solo_win_rates": rates}))
        return
    console = Console(highlight=False)
    if not records:
        console.print("No games yet. Start one with: companion play propuh --solo")
        return
    table = Table(title="Games")
    for column in ("#", "game", "set-up", "started", "status", "winner", "how"):
        table.add_column(column)
    for r in records:
        table.add_row(
            str(r.id),
            r.game,
            r.label,
            r.created.replace("T", " ")[:16],
            r.status,
            r.winner or "",
            r.reason or "",
        )
    console.print(table)
    if rates:
        summary = Table(title="Propuh solo: Granny's win rate")
        for column in ("difficulty", "games", "won", "rate"):
            summary.add_column(column)
        for level, row in rates.items():
            summary.add_row(level, str(row["games"]), str(row["won"]), f"{row['rate']:.0%}")
        console.print(summary)


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

    try:
        game = get(game_name)
    except KeyError as exc:
        fail(str(exc.args[0]))
        return
    for seat, name in enumerate(game.info.seat_names):
        typer.echo(f"{name}:")
        for bot, text in game.bots(seat).items():
            typer.echo(f"  {bot:<10} {text}")
    from companion.exploit_report import exploiter_lines

    for line in exploiter_lines(game_name):
        typer.echo(line)


# the games' commands and ``print`` come after the general ones in ``companion --help``
register_all()


def main() -> None:
    app()


if __name__ == "__main__":
    main()
