"""``companion play propuh`` and ``companion arena propuh``.

Ruling: the rulebook gives the two roles out at random; against the tool the person chooses (``--as``), since
who plays which role is the whole point of sitting down against a bot.
Ruling: with ``--physical`` in the two-player game the person types every card as it is dealt, the bot's too
(the tool cannot see the real cards); the person should look away from the bot's.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer

from companion.cli.apps import (
    MAX_GAMES,
    MAX_INT,
    MAX_ITERATIONS,
    MAX_JOBS,
    MAX_THINK,
    SESSION,
    AfterOption,
    CpuClockOption,
    Difficulty,
    ExploiterOption,
    JsonOption,
    RevealOption,
    SessionOption,
    ThinkOption,
    VsOption,
    arena_app,
    finite,
    play_app,
)
from companion.cli.start import start_session
from companion.messages import fail
from companion.seats import HUMAN


class Origin(StrEnum):
    trump = "trump"
    last = "last"


#: What ``--bot`` may name beside the person's role: a bot's level, or ``human`` (two people at one screen).
TWO_PLAYER_SEATS = ("random", "easy", "normal", "hard", HUMAN)


class Role(StrEnum):
    granny = "granny"
    propuh = "propuh"


@play_app.command("propuh")
def play_propuh(
    solo: Annotated[
        bool,
        typer.Option(
            "--solo", help="Official single-player mode: you are Granny (the default without --as)."
        ),
    ] = False,
    difficulty: Annotated[
        Difficulty | None, typer.Option(help="Solo difficulty.  [default: 3]", show_default=False)
    ] = None,
    random_cards: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=4,
            help="With --difficulty random: how many difficulty cards to draw.  [default: 2]",
            show_default=False,
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(min=0, max=MAX_INT, help="Seed for the tool's shuffles (default: random).")
    ] = None,
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
    role: Annotated[
        Role | None,
        typer.Option(
            "--as",
            help="Two players: your role; the other seat is --bot (the tool deals unless --physical).",
        ),
    ] = None,
    bot: Annotated[
        str | None,
        typer.Option(
            help="Two players: the other seat, a bot's level (random, easy, normal, hard; see companion bots "
            "propuh), or human for two people at one screen (each hand is shown behind a pass-the-screen prompt).  "
            "[default: hard]",
            show_default=False,
        ),
    ] = None,
    physical: Annotated[
        bool,
        typer.Option(
            "--physical",
            help="Two players: shuffle the real deck and type every card dealt (solo always uses the real deck "
            "unless --dealer).",
        ),
    ] = False,
    think: ThinkOption = 1.0,
    after: AfterOption = None,
    as_json: JsonOption = False,
    reveal_bots: RevealOption = False,
) -> None:
    """Play Propuh. Solo (default): you are Granny with the real cards and the tool runs Propuh's automaton.
    With --as granny|propuh: two players, you against a bot; the tool deals and never shows the bot's hand."""
    from ai.propuh.components import GRANNY
    from ai.propuh.rules import PropuhConfig
    from ai.words import tr, trn

    if role is not None:
        from ai.levels import is_exploiter

        solo_only = {
            "--solo": solo,
            "--difficulty": difficulty is not None,
            "--random-cards": random_cards is not None,
            "--dealer": dealer,
            "--ignore-limit": ignore_limit,
            "--skip-blocked": skip_blocked,
            "--no-granny-from": no_granny_from != Origin.trump,
        }
        given = [name for name, on in solo_only.items() if on]
        if solo:
            fail(
                tr(
                    "--solo and --as {role} contradict each other: solo is Granny against the automaton",
                    role=role.value,
                )
            )
        if given:
            listed = given[0]
            for option in given[1:]:
                listed = tr("{items} and {last}", items=listed, last=option)
            fail(
                trn(
                    "{options} is for the solo game against the automaton; --as {role} is two players (the tool "
                    "deals unless --physical)",
                    "{options} are for the solo game against the automaton; --as {role} is two players (the tool "
                    "deals unless --physical)",
                    len(given),
                    options=listed,
                    role=role.value,
                )
            )
        bot = (bot or "hard").strip().lower()
        if bot not in TWO_PLAYER_SEATS and not is_exploiter(bot):
            seats_text = ", ".join(TWO_PLAYER_SEATS[:-1])
            if bot == "automaton":
                fail(
                    tr(
                        "no two-player seat {bot}; choose from {seats}, or human (two people at one screen); the "
                        "automaton plays only the solo game (without --as)",
                        bot=repr(bot),
                        seats=seats_text,
                    )
                )
            fail(
                tr(
                    "no two-player seat {bot}; choose from {seats}, or human (two people at one screen)",
                    bot=repr(bot),
                    seats=seats_text,
                )
            )
        # two people at a real deck: neither hand is typed (it would be typed in view of the other); the tool
        # counts the cards and refuses a card that can no longer be unseen
        two_people = physical and bot == "human"
        config = PropuhConfig(solo=False, physical=physical, untracked=(0, 1) if two_people else ())
        seats = ["human", bot] if role == Role.granny else [bot, "human"]
        options = {"think": think} | ({"after": after} if after is not None else {})
        start_session("propuh", config, seats, seed, as_json, options, reveal_bots)
        return
    if after is not None:
        fail(tr("--after is for two players (with --as): the solo automaton remembers nothing between games"))
    if bot is not None:
        fail(tr("--bot is for two players (with --as granny or --as propuh); solo, Propuh is the automaton"))
    if physical and dealer:
        fail(tr("--physical and --dealer contradict each other: solo uses the real deck unless --dealer"))
    if physical:
        typer.echo(
            tr("note: the solo game uses the real deck already; --physical changes nothing."), err=True
        )
    if random_cards is not None and difficulty != Difficulty.random:
        fail(
            tr(
                "--random-cards {n} goes with --difficulty random (the difficulty cards are drawn only then)",
                n=random_cards,
            )
        )
    if ignore_limit and (skip_blocked or no_granny_from != Origin.trump):
        # both rulings act only where rule 2(b) blocks, and --ignore-limit drops 2(b)
        fail(
            tr(
                "{option} changes nothing with --ignore-limit: it acts only where rule 2(b) blocks, and then 2(b) "
                "never blocks",
                option="--skip-blocked" if skip_blocked else f"--no-granny-from {no_granny_from.value}",
            )
        )
    config = PropuhConfig(
        solo=True,
        difficulty=(difficulty or Difficulty.three).value,
        random_cards=random_cards or 2,
        ignore_limit=ignore_limit,
        skip_blocked=skip_blocked,
        no_granny_from=no_granny_from.value,
        physical=not dealer,
        untracked=() if dealer else (GRANNY,),
    )
    start_session("propuh", config, ["human", "automaton"], seed, as_json, {"think": think}, reveal_bots)


@arena_app.command("propuh")
def arena_propuh(
    ctx: typer.Context,
    granny: Annotated[str, typer.Option(help="Granny's bot (see companion bots propuh).")] = "normal",
    propuh: Annotated[
        str, typer.Option(help="Propuh's bot: the automaton plays solo, any other level two players.")
    ] = "automaton",
    difficulty: Annotated[
        Difficulty | None, typer.Option(help="Solo difficulty (default: each of 1, 2, 3 and random).")
    ] = None,
    games: Annotated[int, typer.Option(min=1, max=MAX_GAMES, help="Games (per difficulty in solo).")] = 1000,
    seed: Annotated[
        int, typer.Option(min=0, max=MAX_INT, help="Seed of the run; the same seed replays the same games.")
    ] = 1,
    jobs: Annotated[int, typer.Option(min=1, max=MAX_JOBS, help="Worker processes.")] = 1,
    session: SessionOption = SESSION,
    think: Annotated[
        float,
        typer.Option(min=0.001, max=MAX_THINK, callback=finite, help="Seconds hard may think per move."),
    ] = 1.0,
    cpu_clock: CpuClockOption = False,
    iterations: Annotated[
        int | None,
        typer.Option(
            min=1, max=MAX_ITERATIONS, help="hard: play-outs per move instead of --think (reproducible)."
        ),
    ] = None,
    ignore_limit: Annotated[
        bool, typer.Option("--ignore-limit", help="Automaton ruling (see play).")
    ] = False,
    exploiter: ExploiterOption = None,
    vs: VsOption = "hard",
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as one JSON object.")] = False,
) -> None:
    """Bots against bots: solo (a Granny bot against the automaton, per difficulty) or, with a --propuh level
    other than the automaton, two players. Win rates with 95% intervals and decision times. With --exploiter:
    that exploiter (two players, in its role) against --vs bots, and the fair share: what the --vs bot itself
    wins in that role against the same level, on the same deals."""
    import json

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeRemainingColumn
    from rich.table import Table

    from ai.arena import LevelSeats, run_arena_jobs
    from ai.games import get
    from ai.propuh.components import GRANNY, PROPUH
    from ai.propuh.rules import PropuhConfig
    from ai.search import clock_name
    from ai.words import number, tr
    from companion.screen.figures import print_table

    two_players = exploiter is not None or propuh != "automaton"
    from companion.cli.exploiters import note_arena_options

    note_arena_options(
        ctx,
        exploiter,
        vs,
        {"granny": granny, "propuh": propuh},
        jobs=False,
        extra={"difficulty": tr("two players have no difficulty (it is the solo game's)")}
        if two_players
        else {},
    )
    if exploiter is not None:
        from companion.cli.exploiters import exploiter_arena

        if vs == "automaton":
            fail(
                tr(
                    "exploiters play two players, where the automaton does not play: --vs random, easy, normal or "
                    "hard"
                )
            )
        two = PropuhConfig(solo=False)
        exploiter_arena(
            "propuh",
            "Propuh",
            two,
            exploiter,
            vs,
            games,
            seed,
            think,
            iterations,
            jobs,
            as_json,
            players=2,
            baseline=True,
            session=session,
        )
        return
    game = get("propuh")
    solo = propuh == "automaton"
    if solo:
        levels = [difficulty.value] if difficulty is not None else [d.value for d in Difficulty]
        configs = {level: PropuhConfig(difficulty=level, ignore_limit=ignore_limit) for level in levels}
    else:
        configs = {"two players": PropuhConfig(solo=False)}
    try:
        for config in configs.values():
            game.make_player(granny, GRANNY, config)
            game.make_player(propuh, PROPUH, config)
    except ValueError as exc:
        fail(str(exc))
    seats = LevelSeats("propuh", (granny, propuh), think=think, iterations=iterations)
    reports = {}
    console = Console(stderr=True, highlight=False)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        for level, config in configs.items():
            task = bar.add_task(
                tr("difficulty {level}", level=level) if solo else tr("two players"), total=games
            )

            def advance(done: int, task: TaskID = task) -> None:
                bar.update(task, completed=done)

            reports[level] = run_arena_jobs(seats, config, games, seed, jobs=jobs, progress=advance)
    settings = {"jobs": jobs, "think": think, "clock": clock_name(), "iterations": iterations}
    if as_json:
        summary = {"game": "propuh", "granny": granny, "propuh": propuh, "games": games, "seed": seed}
        if solo:
            summary["difficulties"] = {level: report.as_dict() for level, report in reports.items()}
        else:
            summary["two_players"] = reports["two players"].as_dict()
        typer.echo(json.dumps(summary | settings))
        return
    fields = {"granny": granny, "propuh": propuh, "games": games, "seed": seed}
    if solo:
        title = tr(
            "Propuh solo: {granny} Granny against the {propuh}, {games} games each, seed {seed}", **fields
        )
    else:
        title = tr(
            "Propuh two players: {granny} Granny against {propuh} Propuh, {games} games, seed {seed}",
            **fields,
        )
    if "hard" in (granny, propuh):
        if iterations:
            title += " " + tr("(hard: {n} play-outs a move)", n=iterations)
        else:
            title += " " + tr("(hard: {think} s a move)", think=f"{think:g}")
    table = Table(title=title)
    first = tr("difficulty") if solo else tr("game")
    headings = (tr("Granny wins"), tr("95% interval"), tr("Granny µs mean/p95"), tr("Propuh µs mean/p95"))
    for column in (first, *headings):
        table.add_column(column, justify="right")
    for level, report in reports.items():
        g, p = report.seats[GRANNY], report.seats[PROPUH]
        table.add_row(
            level if solo else tr("two players"),
            number(f"{g.win_rate:.1%}"),
            number(f"{g.ci_low:.1%} – {g.ci_high:.1%}"),
            number(f"{g.mean_us:,.0f} / {g.p95_us:,.0f}"),
            number(f"{p.mean_us:,.1f} / {p.p95_us:,.1f}"),
        )
    print_table(Console(highlight=False), table)
