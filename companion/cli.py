"""The ``companion`` command. Heavy modules (the games, reportlab) are imported inside the commands."""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from companion.session import Output
    from companion.store import Store

app = typer.Typer(
    help="A companion beside the table: it plays the opponent, checks scores and prints aids.",
    no_args_is_help=True,
    add_completion=False,
)
play_app = typer.Typer(help="Start a game at the table against the tool.", no_args_is_help=True)
arena_app = typer.Typer(
    help="Let bots play each other many times and report win rates.", no_args_is_help=True
)
app.add_typer(play_app, name="play")
app.add_typer(arena_app, name="arena")


class Difficulty(StrEnum):
    one = "1"
    two = "2"
    three = "3"
    random = "random"


class Origin(StrEnum):
    trump = "trump"
    last = "last"


JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object per event, nothing else.")]


def _store() -> Store:
    from companion.store import Store

    return Store()


def _output(as_json: bool) -> Output:
    from companion.session import JsonOutput, TextOutput

    if as_json:
        return JsonOutput()
    return TextOutput(echo_input=not sys.stdin.isatty())


def _fail(message: str) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def _new_seed() -> int:
    import secrets

    return secrets.randbelow(2**31)


@play_app.command("propuh")
def play_propuh(
    solo: Annotated[bool, typer.Option("--solo", help="Official single-player mode: you are Granny.")] = True,
    difficulty: Annotated[Difficulty, typer.Option(help="Solo difficulty.")] = Difficulty.three,
    random_cards: Annotated[
        int, typer.Option(min=1, max=4, help="Random difficulty: how many difficulty cards to draw.")
    ] = 2,
    seed: Annotated[int | None, typer.Option(help="Seed for the tool's shuffles (default: random).")] = None,
    dealer: Annotated[
        bool, typer.Option("--dealer", help="No real deck: the tool shuffles, deals and shows your hand.")
    ] = False,
    ignore_limit: Annotated[
        bool, typer.Option("--ignore-limit", help="Automaton ruling: rule 2 ignores the token maximum.")
    ] = False,
    skip_blocked: Annotated[
        bool,
        typer.Option("--skip-blocked", help="Automaton ruling: rule 3 skips the location rule 2(b) blocked."),
    ] = False,
    no_granny_from: Annotated[
        Origin,
        typer.Option(
            help="Automaton ruling with no Granny card: clockwise from the trump or the last Granny card."
        ),
    ] = Origin.trump,
    as_json: JsonOption = False,
) -> None:
    """Play Propuh solo: you are Granny with the real cards, the tool runs Propuh's automaton."""
    from ai.games import get
    from ai.propuh.cards import GRANNY
    from ai.propuh.rules import PropuhConfig
    from companion.session import TableSession, line_reader

    if not solo:
        _fail("only the solo game is available for now")
    game = get("propuh")
    config = PropuhConfig(
        solo=True,
        difficulty=difficulty.value,
        random_cards=random_cards,
        ignore_limit=ignore_limit,
        skip_blocked=skip_blocked,
        no_granny_from=no_granny_from.value,
        physical=not dealer,
        untracked=() if dealer else (GRANNY,),
    )
    store = _store()
    session = TableSession.new(
        game,
        config,
        ["human", "automaton"],
        seed if seed is not None else _new_seed(),
        game.describe(config),
        store,
        _output(as_json),
    )
    session.run(line_reader(sys.stdin.isatty() and not as_json))


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

    store = _store()
    record = store.get(session_id) if session_id is not None else store.latest_open()
    if record is None:
        _fail(f"no game #{session_id}" if session_id is not None else "no open game to resume")
        return
    if record.status != "playing" and session_id is None:
        _fail("that game is over")
    session = TableSession(get(record.game), record, store, _output(as_json))
    session.run(line_reader(sys.stdin.isatty() and not as_json))


@app.command()
def history(as_json: JsonOption = False) -> None:
    """List past games with their results, and the solo win rate per difficulty."""
    from rich.console import Console
    from rich.table import Table

    records = _store().all()
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


@arena_app.command("propuh")
def arena_propuh(
    granny: Annotated[str, typer.Option(help="Granny's bot (see companion bots propuh).")] = "normal",
    propuh: Annotated[str, typer.Option(help="Propuh's bot; solo uses the automaton.")] = "automaton",
    difficulty: Annotated[
        Difficulty | None, typer.Option(help="Solo difficulty (default: each of 1, 2, 3 and random).")
    ] = None,
    games: Annotated[int, typer.Option(min=1, help="Games per difficulty.")] = 1000,
    seed: Annotated[int, typer.Option(help="Seed of the run; the same seed replays the same games.")] = 1,
    ignore_limit: Annotated[
        bool, typer.Option("--ignore-limit", help="Automaton ruling (see play).")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as one JSON object.")] = False,
) -> None:
    """Solo Propuh: a Granny bot against the automaton, win rates per difficulty with 95% intervals."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeRemainingColumn
    from rich.table import Table

    from ai.arena import run_arena
    from ai.games import get
    from ai.propuh.cards import GRANNY, PROPUH
    from ai.propuh.rules import PropuhConfig

    game = get("propuh")
    levels = [difficulty.value] if difficulty is not None else [d.value for d in Difficulty]
    configs = {level: PropuhConfig(difficulty=level, ignore_limit=ignore_limit) for level in levels}
    try:
        for config in configs.values():
            game.make_player(granny, GRANNY, config)
            game.make_player(propuh, PROPUH, config)
    except ValueError as exc:
        _fail(str(exc))
    reports = {}
    console = Console(stderr=True, highlight=False)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        for level, config in configs.items():
            task = bar.add_task(f"difficulty {level}", total=games)
            seats = [game.make_player(granny, GRANNY, config), game.make_player(propuh, PROPUH, config)]

            def advance(done: int, task: TaskID = task) -> None:
                bar.update(task, completed=done)

            reports[level] = run_arena(game, config, seats, games, seed, progress=advance)
    if as_json:
        summary = {"game": "propuh", "granny": granny, "propuh": propuh, "games": games, "seed": seed}
        summary["difficulties"] = {level: report.as_dict() for level, report in reports.items()}
        typer.echo(json.dumps(summary))
        return
    table = Table(title=f"Propuh solo: {granny} Granny against the {propuh}, {games} games each, seed {seed}")
    for column in ("difficulty", "Granny wins", "95% interval", "Granny µs mean/p95", "Propuh µs mean/p95"):
        table.add_column(column, justify="right")
    for level, report in reports.items():
        g, p = report.seats[GRANNY], report.seats[PROPUH]
        table.add_row(
            level,
            f"{g.win_rate:.1%}",
            f"{g.ci_low:.1%} – {g.ci_high:.1%}",
            f"{g.mean_us:,.0f} / {g.p95_us:,.0f}",
            f"{p.mean_us:,.1f} / {p.p95_us:,.1f}",
        )
    Console(highlight=False).print(table)


@app.command()
def bots(game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game, e.g. propuh.")]) -> None:
    """List the bots of a game, seat by seat."""
    from ai.games import get

    try:
        game = get(game_name)
    except KeyError as exc:
        _fail(str(exc.args[0]))
        return
    for seat, name in enumerate(game.info.seat_names):
        typer.echo(f"{name}:")
        for bot, text in game.bots(seat).items():
            typer.echo(f"  {bot:<10} {text}")


def main() -> None:
    app()


if __name__ == "__main__":
    main()
