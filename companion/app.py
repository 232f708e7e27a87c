"""The typer application and what every command shares. Heavy modules are imported inside commands."""

from __future__ import annotations

import sys
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from companion.session import Output
    from companion.store import Store


def _typer(help: str, add_completion: bool = True) -> typer.Typer:
    """A command group with plain help and usage errors (click's own formatting): typer's rich panels import
    rich.markdown and markdown-it on every ``--help`` (about 40 ms of a fresh start) and wrap long choices
    inside their type column at 80 columns."""
    return typer.Typer(
        help=help,
        no_args_is_help=True,
        add_completion=add_completion,
        rich_markup_mode=None,
        pretty_exceptions_enable=False,
    )


app = _typer(
    "A companion beside the table: it plays the opponent, checks scores and prints aids.",
    add_completion=False,
)
play_app = _typer("Start a game at the table against the tool.")
arena_app = _typer("Let bots play each other many times and report win rates.")
score_app = _typer("Check the final scores of a game played at the table.")
app.add_typer(play_app, name="play")
app.add_typer(arena_app, name="arena")
app.add_typer(score_app, name="score")

JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object per event, nothing else.")]
RevealOption = Annotated[
    bool,
    typer.Option(
        "--reveal-bots",
        help="With --json: also print what each bot may not say at the table (its win chance, search "
        "statistics), as debug events. For debugging: it tells a bot's hidden cards.",
    ),
]
ThinkOption = Annotated[float, typer.Option(min=0.01, help="Seconds a searching bot may think per move.")]


def store() -> Store:
    from companion.store import Store

    return Store()


def output(as_json: bool, reveal_bots: bool = False) -> Output:
    from companion.screen import JsonOutput, TextOutput

    if as_json:
        return JsonOutput(reveal_bots)
    return TextOutput(echo_input=not sys.stdin.isatty())


def fail(message: str) -> None:
    """One line on stderr and exit status 2."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def new_seed() -> int:
    import secrets

    return secrets.randbelow(2**31)


def start_session(
    game_name: str,
    config: Any,
    seats: list[str],
    seed: int | None,
    as_json: bool,
    options: dict[str, Any] | None = None,
    reveal_bots: bool = False,
) -> None:
    """Create a saved session and run it on standard input until it ends, input ends or the person quits."""
    from ai.games import get
    from companion.session import TableSession, line_reader

    game = get(game_name)
    if reveal_bots and not as_json:
        fail("--reveal-bots goes with --json: the table's screen never shows what a bot's hidden cards tell")
    try:
        session = TableSession.new(
            game,
            config,
            seats,
            seed if seed is not None else new_seed(),
            game.describe(config),
            store(),
            output(as_json, reveal_bots),
            options,
        )
    except ValueError as exc:
        fail(str(exc))
        return
    session.run(line_reader(sys.stdin.isatty() and not as_json))


class Difficulty(StrEnum):
    one = "1"
    two = "2"
    three = "3"
    random = "random"
