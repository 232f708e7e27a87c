"""``companion history``: the past games, and the solo win rate per difficulty."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from ai.words import number, ptr, tr
from companion.cli.apps import JsonOption, app, known_game
from companion.cli.start import store


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

    from companion.messages import command_name, say_command
    from companion.saves.file import moved_aside
    from companion.saves.history import story
    from companion.screen.figures import fits, print_table
    from companion.screen.output import hanging

    if game is not None:
        game = known_game(game)
    db = store(as_json)  # with --json, what happened to the file is a note event, before the list
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
        typer.echo(json.dumps({"event": "history", "games": rows, "solo_win_rates": rates}))
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
            say_command(
                tr("No games yet. Start one with: {command} play propuh --solo", command=command_name()),
                f"{command_name()} play propuh --solo",
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
            tr("{game}: {variant}", game=r.game, variant=s.said_variant) if s.said_variant else r.game,
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
        for game_id, date, name, you, against, result in games:
            parts = [
                f"#{game_id} {date} {name}",
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
            summary.add_row(level, str(row["games"]), str(row["won"]), number(f"{row['rate']:.0%}"))
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
