"""``companion play rip``, ``companion arena rip`` and ``companion score rip``."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from ai.words import number, tr, trn
from companion.cli.apps import (
    MAX_GAMES,
    MAX_INT,
    MAX_ITERATIONS,
    SESSION,
    AfterOption,
    CpuClockOption,
    ExploiterOption,
    JobsOption,
    JsonOption,
    RevealOption,
    SessionOption,
    ThinkOption,
    VsOption,
    arena_app,
    play_app,
    score_app,
)
from companion.cli.seat_list import Level
from companion.cli.start import start_session
from companion.messages import fail, missing_options, refuse_input, say


class Family(StrEnum):
    green = "green"
    blue = "blue"


DifficultyOption = Annotated[
    int,
    typer.Option(
        "--difficulty",
        min=1,
        max=4,
        help="The automa's handicap at set-up (1-4; see its card: companion print automa rip).",
    ),
]


class First(StrEnum):
    me = "me"
    bot = "bot"
    random = "random"


CardsOption = Annotated[
    Path | None,
    typer.Option(
        "--cards", help="A TOML file with psychic cards 15-29 from your own leaflet (see docs/rip.md)."
    ),
]
OwnSideOption = Annotated[
    bool,
    typer.Option(
        "--card10-own-side", help="Ruling option: card 10's bonus applies to its owner's side only."
    ),
]


def _extra(path: Path | None) -> tuple[Any, ...]:
    from ai.rip.components import CardFileError, load_cards

    if path is None:
        return ()
    try:
        return load_cards(path)
    except CardFileError as exc:
        fail(str(exc))
        raise AssertionError from exc  # fail() exits


@play_app.command("rip")
def play_rip(
    ctx: typer.Context,
    tutorial: Annotated[
        bool,
        typer.Option(
            "--tutorial", help="First game: the 9 starter psychic cards, 3 face up, one more a round."
        ),
    ] = False,
    bot: Annotated[Level, typer.Option(help="The tool's family.")] = Level.hard,
    family: Annotated[Family, typer.Option(help="Your family (your own real deck).")] = Family.green,
    first: Annotated[First, typer.Option(help="Who starts round 1.")] = First.random,
    cards: CardsOption = None,
    card10_own_side: OwnSideOption = False,
    think: ThinkOption = 1.0,
    difficulty: DifficultyOption = 2,
    physical: Annotated[
        bool,
        typer.Option(
            "--physical",
            help="With --bot automa: its deck is real too, face down; the tool asks you to turn over each card "
            "it plays and to type it (your own deck is always real).",
        ),
    ] = False,
    seed: Annotated[
        int | None, typer.Option(min=0, max=MAX_INT, help="Seed for the tool's shuffles (default: random).")
    ] = None,
    after: AfterOption = None,
    as_json: JsonOption = False,
    reveal_bots: RevealOption = False,
) -> None:
    """Play RIP against the tool: you keep your deck and type what you draw and play; the tool runs its family's
    deck secretly and tells you which of its ghost cards to put on the table. With --bot automa --physical the
    automa's deck is real: the tool tells you which of its cards to turn over, you type it."""
    from ai.rip.rules import RipConfig
    from companion.cli.exploiters import note_unused

    if bot != Level.automa:
        note_unused(
            ctx,
            {
                "difficulty": tr("it sets the paper automa's handicap (--bot automa)"),
                "physical": tr(
                    "your own deck is always real; it makes the paper automa's deck real (--bot automa)"
                ),
            },
        )
    me = 0 if family == Family.green else 1
    who = None if first == First.random else me if first == First.me else 1 - me
    extra = _extra(cards)
    try:
        config = RipConfig(
            tutorial=tutorial,
            physical=(me,),
            first=who,
            named_both_sides=not card10_own_side,
            extra_cards=extra,
            automa_level=difficulty,
            automa_physical=physical and bot == Level.automa,
        )
    except ValueError as exc:
        fail(str(exc))
        return
    seats = ["human", bot.value] if me == 0 else [bot.value, "human"]
    options: dict[str, Any] = {"think": think} | ({"after": after} if after is not None else {})
    start_session("rip", config, seats, seed, as_json, options, reveal_bots)


@arena_app.command("rip")
def arena_rip(
    ctx: typer.Context,
    a: Annotated[Level, typer.Option("--a", help="The first bot.")] = Level.hard,
    b: Annotated[Level, typer.Option("--b", help="The second bot.")] = Level.normal,
    games: Annotated[
        int, typer.Option(min=1, max=MAX_GAMES, help="Games per seat order (the total is twice this).")
    ] = 100,
    tutorial: Annotated[bool, typer.Option("--tutorial", help="Starter psychic cards only.")] = False,
    think: ThinkOption = 1.0,
    difficulty: DifficultyOption = 2,
    cpu_clock: CpuClockOption = False,
    iterations: Annotated[
        int | None,
        typer.Option(
            min=1, max=MAX_ITERATIONS, help="hard: play-outs per move instead of --think (reproducible)."
        ),
    ] = None,
    seed: Annotated[
        int, typer.Option(min=0, max=MAX_INT, help="Seed of the run; the same seed replays the same games.")
    ] = 1,
    jobs: JobsOption = 1,
    session: SessionOption = SESSION,
    exploiter: ExploiterOption = None,
    vs: VsOption = "hard",
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as one JSON object.")] = False,
) -> None:
    """Bot A against bot B, each game twice as many with the seats swapped: A's win rate with a 95% interval.
    With --exploiter: that exploiter against --vs bots, half the games in each seat (fair share 50%)."""
    import json

    from rich.console import Console

    from ai.arena import run_arena, wilson_interval
    from ai.games import get
    from ai.rip.rules import RipConfig
    from ai.search import clock_name
    from companion.screen.progress import games_bar

    game = get("rip")
    config = RipConfig(tutorial=tutorial, automa_level=difficulty)
    from companion.cli.exploiters import note_arena_options

    playing = [vs] if exploiter is not None else [a.value, b.value]
    unused = {} if "automa" in playing else {"difficulty": tr("no automa plays (--a, --b or --vs automa)")}
    note_arena_options(ctx, exploiter, vs, {"a": a.value, "b": b.value}, extra=unused)
    if exploiter is not None:
        from companion.cli.exploiters import exploiter_arena

        exploiter_arena(
            "rip",
            "RIP",
            config,
            exploiter,
            vs,
            2 * games,
            seed,
            think,
            iterations,
            jobs,
            as_json,
            players=2,
            baseline=False,
            session=session,
        )
        return

    def factory(level: str, seat: int, seated: RipConfig) -> Any:
        return lambda: game.make_player(level, seat, seated, think=think, iterations=iterations)

    ab = game.seat_levels(config, [a.value, b.value])
    ba = game.seat_levels(config, [b.value, a.value])
    with games_bar("games", 2 * games) as part:
        first = run_arena(game, ab, [factory(a.value, 0, ab), factory(b.value, 1, ab)], games, seed, part(0))
        second = run_arena(
            game, ba, [factory(b.value, 0, ba), factory(a.value, 1, ba)], games, seed + 1, part(games)
        )
    wins = first.seats[0].wins + second.seats[1].wins
    total = 2 * games
    low, high = wilson_interval(wins, total)
    decisions = first.seats[0].decisions + second.seats[1].decisions
    a_us = (
        first.seats[0].mean_us * first.seats[0].decisions
        + second.seats[1].mean_us * second.seats[1].decisions
    ) / max(1, decisions)
    summary = {
        "game": "rip",
        "a": a.value,
        "b": b.value,
        "think": think,
        "difficulty": difficulty,
        "clock": clock_name(),
        "iterations": iterations,
        "games": total,
        "a_wins": wins,
        "a_win_rate": wins / total,
        "ci95": [low, high],
        "a_as_green": first.as_dict(),
        "a_as_blue": second.as_dict(),
        "a_mean_ms": a_us / 1000,
        "seconds": first.seconds + second.seconds,
    }
    if as_json:
        typer.echo(json.dumps(summary))
        return
    automa = (
        tr(", automa difficulty {difficulty}", difficulty=difficulty)
        if "automa" in (a.value, b.value)
        else ""
    )
    rates = {
        "wins": f"{wins:g}",
        "rate": f"{wins / total:.1%}",
        "low": f"{low:.1%}",
        "high": f"{high:.1%}",
        "green": f"{first.seats[0].win_rate:.1%}",
        "blue": f"{second.seats[1].win_rate:.1%}",
        "ms": number(f"{a_us / 1000:,.2f}"),
        "seconds": f"{summary['seconds']:.0f}",
    }
    Console(highlight=False).print(
        trn(
            "RIP: {a} against {b}, {n} games (seats swapped), seed {seed}{automa}",
            "RIP: {a} against {b}, {n} games (seats swapped), seed {seed}{automa}",
            total,
            a=a.value,
            b=b.value,
            seed=seed,
            automa=automa,
        )
        + "\n"
        + tr(
            "{a} wins {wins}/{total} = {rate} (95% interval {low} – {high}); as Green {green}, as Blue {blue}; {a} "
            "takes {ms} ms per decision on average; {seconds} s in all",
            a=a.value,
            total=total,
            **rates,
        )
    )


@score_app.command("rip")
def score_rip(
    green: Annotated[
        str | None, typer.Option(help="Green's tokens as letters, e.g. MMC (M manor, C castle). Required.")
    ] = None,
    blue: Annotated[str | None, typer.Option(help="Blue's tokens, e.g. MCC. Required.")] = None,
    green_down: Annotated[
        str | None, typer.Option(help="Round 10: Green's face-down cards, e.g. '5 p8' ('' for none).")
    ] = None,
    blue_down: Annotated[str | None, typer.Option(help="Round 10: Blue's face-down cards.")] = None,
    cards: CardsOption = None,
    card10_own_side: OwnSideOption = False,
    as_json: JsonOption = False,
) -> None:
    """Who won a finished game: from the tokens (instant win: 4 manors or 3 castles) and, when the game went to
    round 10, the face-down cards (the tokens of rounds 1-9 only)."""
    import json

    from ai.protocol import InputError
    from ai.rip.components import SEAT_NAMES, card_catalogue
    from ai.rip.score import cards_json, check_score, verdict

    missing_options({"--green": green, "--blue": blue}, "--green MMC --blue MCC", as_json)
    assert green is not None and blue is not None
    catalogue = card_catalogue(_extra(cards), named_both_sides=not card10_own_side)
    try:
        check = check_score(green, blue, green_down, blue_down, catalogue)
    except InputError as exc:
        refuse_input(exc, as_json)
        return
    text = verdict(check)
    if check.round10 is not None:  # each card as round 10 counted it
        text = f"{check.round10_text()} {text}"
    elif green_down or blue_down:  # the cards typed are said, never passed over
        text += " " + tr("The face-down cards do not count: the game stopped before round 10.")
    if as_json:
        data = {
            "event": "score",
            "winner": "draw" if len(check.winners) == 2 else SEAT_NAMES[check.winners[0]].lower(),
            # as every game's score says it: the winners, two for a draw
            "winners": [SEAT_NAMES[seat].lower() for seat in check.winners],
            "reason": check.reason,
            "round10": None if check.round10 is None else list(check.round10),
            "round10_cards": None if check.round10 is None else cards_json(check.counted),
            "text": text,
        }
        typer.echo(json.dumps(data))
    else:
        say(text)  # wrapped at the screen's width, as every score check's sentences are
