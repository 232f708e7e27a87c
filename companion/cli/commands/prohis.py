"""``companion play prohis``, ``companion arena prohis`` and ``companion score prohis``."""

from __future__ import annotations

from typing import Annotated, Any

import typer

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
from companion.cli.seat_list import Level, seat_list
from companion.cli.start import start_session
from companion.messages import fail, refuse_input, screen_width
from companion.seats import is_human

SeedValuesOption = Annotated[
    bool,
    typer.Option(
        "--seed-values", help="The French summary's values (illegal 1,000, inspector 3,000 in the warehouse)."
    ),
]

DifficultyOption = Annotated[
    int,
    typer.Option(
        "--difficulty",
        min=1,
        max=4,
        help="The paper automa's difficulty, 1 to 4: its handicap (companion print automa prohis).",
    ),
]


def parse_seats(text: str) -> tuple[list[str], list[str]]:
    """``Ann,bot,bot:hard,Ben`` -> seat specs and names (:func:`companion.seats.seat_list`)."""
    from ai.prohis.components import MAX_PLAYERS, MIN_PLAYERS

    return seat_list(text, "Prohis", (MIN_PLAYERS, MAX_PLAYERS), extra=("automa",))


def seat_named(text: str, names: list[str]) -> int:
    """The seat ``--first`` names: a name of the seat list in any case, or a unique beginning of one. Raises
    ``ValueError`` with one line: the closest name for a typo (``ai.text.close_word``), else the names."""
    from ai.text import close_word
    from ai.words import tr

    word = text.strip().lower()
    lows = [name.lower() for name in names]
    fits = [s for s, low in enumerate(lows) if low == word] or [
        s for s, low in enumerate(lows) if word and low.startswith(word)
    ]
    if len(fits) == 1:
        return fits[0]
    close = close_word(word, lows, short=True) if not fits else None
    if close:
        raise ValueError(
            tr(
                "--first {typed} names no single seat (did you mean {close}?); name one of {names}",
                typed=repr(text),
                close=names[lows.index(close)],
                names=", ".join(names),
            )
        )
    raise ValueError(
        tr(
            "--first {typed} names no single seat; name one of {names}",
            typed=repr(text),
            names=", ".join(names),
        )
    )


@play_app.command("prohis")
def play_prohis(
    seats: Annotated[
        str,
        typer.Option(
            help="The seats clockwise: names of people, and bot, bot:LEVEL or a level (random, easy, normal, hard, "
            "automa)."
        ),
    ] = "Player,bot,bot,bot",  # a name, not "You": the messages say "Player does not inspect", "Player's hand"
    physical: Annotated[
        bool,
        typer.Option(
            "--physical",
            help="A real deck: type each card a bot gets and each new display card as it is turned up.",
        ),
    ] = False,
    seed_values: SeedValuesOption = False,
    difficulty: DifficultyOption = 2,
    pass_any_time: Annotated[
        bool, typer.Option("--pass-any-time", help="Option: a player may pass at any time.")
    ] = False,
    first: Annotated[
        str | None,
        typer.Option(
            "--first",
            metavar="NAME",
            help="Who plays first, a name from --seats (default: drawn at random by the seed).",
        ),
    ] = None,
    think: ThinkOption = 1.0,
    seed: Annotated[
        int | None,
        typer.Option(min=0, max=MAX_INT, help="Seed for the shuffle and, without --first, the first player."),
    ] = None,
    after: AfterOption = None,
    as_json: JsonOption = False,
    reveal_bots: RevealOption = False,
) -> None:
    """Play Prohis (3–6 players) with bots in the empty seats.

    Dealer mode (the default): the tool shuffles, deals and keeps every hand, people's too (type hand to see
    yours, alone). With --physical the deck is real: people's cards stay real and face down, unknown to the
    tool, and you type each card a bot gets and each new display card."""
    from ai.prohis.rules import ProhisConfig

    try:
        specs, names = parse_seats(seats)
        humans = tuple(s for s, spec in enumerate(specs) if is_human(spec))
        config = ProhisConfig(
            players=len(specs),
            names=tuple(names),
            physical=physical,
            untracked=humans,
            seed_values=seed_values,
            automa_level=difficulty,
            pass_any_time=pass_any_time,
            first=None if first is None else seat_named(first, names),
        )
    except ValueError as exc:
        fail(str(exc))
        return
    options: dict[str, Any] = {"think": think} | ({"after": after} if after is not None else {})
    start_session("prohis", config, specs, seed, as_json, options, reveal_bots)


@arena_app.command("prohis")
def arena_prohis(
    ctx: typer.Context,
    strong: Annotated[Level, typer.Option(help="The bot in one seat.")] = Level.normal,
    weak: Annotated[Level, typer.Option(help="The bot in every other seat.")] = Level.easy,
    players: Annotated[int, typer.Option(min=3, max=6, help="Players at the table.")] = 4,
    difficulty: DifficultyOption = 2,
    games: Annotated[int, typer.Option(min=1, max=MAX_GAMES, help="Games to play.")] = 1000,
    think: ThinkOption = 0.05,
    cpu_clock: CpuClockOption = False,
    iterations: Annotated[
        int | None,
        typer.Option(
            min=1, max=MAX_ITERATIONS, help="hard: deals searched per move instead of --think seconds."
        ),
    ] = None,
    seed: Annotated[
        int, typer.Option(min=0, max=MAX_INT, help="Seed of the run; the same seed replays the same games.")
    ] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as one JSON object.")] = False,
    exploiter: ExploiterOption = None,
    vs: VsOption = "hard",
    jobs: JobsOption = 1,
    session: SessionOption = SESSION,
) -> None:
    """One bot against players-1 copies of another: its win share against the 1/players baseline.

    With --exploiter NAME: that fixed habit against --vs bots, its win share with a 95% interval and the fair
    share."""
    from ai.prohis.rules import ProhisConfig
    from ai.words import tr
    from companion.cli.table_arena import one_against_many

    automa = tr(", automa difficulty {level}", level=difficulty) if Level.automa in (strong, weak) else ""
    one_against_many(
        ctx,
        "prohis",
        "Prohis",
        ProhisConfig(players=players, automa_level=difficulty),
        strong.value,
        weak.value,
        players,
        games,
        think,
        iterations,
        seed,
        as_json,
        exploiter,
        vs,
        jobs,
        session,
        facts={"difficulty": difficulty},
        heading=automa,
    )


@score_app.command("prohis")
def score_prohis(
    players_text: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="NAME=WAREHOUSE/HAND...",
            help='Each player\'s cards, e.g. "Ann=12g 3x l/c i" (warehouse / hand). None: typed line by line.',
        ),
    ] = None,
    players: Annotated[
        int | None, typer.Option(min=3, max=6, help="Players in the game (default: the players typed).")
    ] = None,
    seed_values: SeedValuesOption = False,
    automa: Annotated[
        list[str] | None,
        typer.Option(
            "--automa",
            metavar="NAME",
            help="A seat of the paper automa (repeat for each): its handicap counts as a part of its own.",
        ),
    ] = None,
    difficulty: DifficultyOption = 2,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as one JSON object.")] = False,
) -> None:
    """Check the final scores: points per card type in warehouse and hand, an automa's handicap, totals, the
    winner or a shared win."""
    import json

    from ai.prohis.score import ScoreError, check_scores

    texts = list(players_text or [])
    if not texts:
        texts = _read_players(as_json, players, seed_values)
    try:
        report = check_scores(texts, players, seed_values, tuple(automa or ()), difficulty)
    except ScoreError as exc:
        refuse_input(exc, as_json)
        return
    if as_json:
        typer.echo(json.dumps(report.as_dict(), ensure_ascii=False))
        return
    from ai.lines import between

    for line in report.lines():  # a player's cards broken between their kinds, a count kept with its card
        typer.echo(between(line, screen_width(), (", ",)))


def _read_players(quiet: bool, players: int | None, seed_values: bool) -> list[str]:
    """The interactive form (``companion.cli.score_form``): one NAME=WAREHOUSE/HAND per line."""
    from ai.prohis.score import ScoreError, check_scores, parse_player
    from ai.words import tr
    from companion.cli.score_form import Form, read_form

    def check_lines(lines: list[str]) -> None:
        for line in lines:
            parse_player(line)
        if players is not None and len(lines) > players:  # a line too many is refused, never kept
            raise ScoreError(tr("{typed} players for a {n}-player game", typed=len(lines), n=players))

    return read_form(
        Form(
            tr("player> "),
            tr(
                "Type each player as NAME=WAREHOUSE/HAND (e.g. Ann=12g 3x l/c i); the same name again replaces "
                "that player's line, drop NAME removes it; an empty line ends, quit leaves."
            ),
            "player",
            lambda line: parse_player(line)[0],
            check_lines,
            lambda lines: check_scores(lines, players, seed_values),
            ScoreError,
        ),
        quiet,
    )
