"""``companion play propuh`` and ``companion arena propuh``."""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Annotated

import typer

from companion.app import Difficulty, JsonOption, arena_app, fail, play_app, start_session


class Origin(StrEnum):
    trump = "trump"
    last = "last"


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
    from ai.propuh.cards import GRANNY
    from ai.propuh.rules import PropuhConfig

    if not solo:
        fail("only the solo game is available for now")
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
    start_session("propuh", config, ["human", "automaton"], seed, as_json)


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
        fail(str(exc))
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
