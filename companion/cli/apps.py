"""The typer application and what every command shares. Heavy modules are imported inside commands."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from enum import StrEnum
from typing import Annotated, Any

import typer

from companion.cli.lazy import LazyGroup, LazyTyper, speak
from companion.errors import GameLocked, StoreError, clipped
from companion.messages import ARGS, fail, json_error, say_error


class _Group(LazyGroup):
    """The root command: a fault of the saved-games file (damaged, busy, read-only, a game open in another
    window, a full disk) ends any command with one line and exit status 2, never a traceback; so does a usage
    error (an unknown option, a number out of range), where click's own way is a usage line, a "Try …" line
    and the error."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except StoreError as exc:  # the game open in another window is refused, not a fault of the file
            fail(str(exc), kind="refused" if isinstance(exc, GameLocked) else "fault")

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        from ai.words import chosen_language, language

        ARGS[:] = list(args) if args is not None else sys.argv[1:]
        flag, args = language_flag(ARGS)
        try:
            lang = chosen_language(flag)
        except ValueError as exc:
            json_error(str(exc), "usage")
            say_error(str(exc))
            sys.exit(2)

        with language(lang):  # the errors below speak it too
            return self._run(
                list(args), prog_name, complete_var, standalone_mode, windows_expand_args, **extra
            )

    def _run(
        self,
        args: list[str],
        prog_name: str | None,
        complete_var: str | None,
        standalone_mode: bool,
        windows_expand_args: bool,
        **extra: Any,
    ) -> Any:
        from ai.words import tr

        def run() -> Any:
            speak(self)
            return super(_Group, self).main(
                args, prog_name, complete_var, False, windows_expand_args=windows_expand_args, **extra
            )

        if not standalone_mode:
            return run()
        from typer._click import exceptions as click_errors

        try:
            result = run()
        except click_errors.NoArgsIsHelpError as exc:
            exc.show()  # a group named without its command: its help
            sys.exit(exc.exit_code)
        except click_errors.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx is not None else "companion"
            message, close = _one_suggestion(exc, exc.format_message())
            if where.endswith(" score") and message.startswith("No such command 'propuh'"):
                said, close = no_propuh_score(), None  # not a typo of another game's (prudh, prohis)
                if "--help" in ARGS:  # asked for its help: the answer, not an error
                    typer.echo(f"{said} ({_usage_hint(exc, where)}).")
                    sys.exit(0)
            else:
                said = spoken_usage(message)
            if close is not None:  # a typo of a listed value
                line = tr("{error} (did you mean '{close}'?)", error=clipped(said.rstrip(".")), close=close)
            else:
                line = f"{clipped(said).rstrip('.')} ({_usage_hint(exc, where)})"
            json_error(line, "usage", **_usage_facts(exc, close))
            say_error(line, f"{where} --help")
            sys.exit(exc.exit_code)
        except click_errors.ClickException as exc:
            json_error(clipped(exc.format_message()), "usage")
            say_error(clipped(exc.format_message()))
            sys.exit(exc.exit_code)
        except typer.Abort:
            typer.echo(tr("Stopped."), err=True)
            sys.exit(1)
        sys.exit(result if isinstance(result, int) else 0)


#: Each language's words ``print --lang`` takes, the code first: "French" names what "fr" does.
LANGUAGE_WORDS = {
    "en": ("en", "english", "eng"),
    "ru": ("ru", "russian", "rus", "русский"),
    "fr": ("fr", "french", "fra", "français", "francais"),
    "all": ("all",),
}


def language_flag(args: Sequence[str]) -> tuple[str | None, list[str]]:
    """The language ``--lang`` names on a command line, and the command line without it: every command speaks
    the language it is given. ``print``'s ``--lang`` stays (it is the documents' language, ``all`` too); the
    screen speaks it when it names one language, in any of its words (``French`` as ``fr``)."""
    command = next((arg for arg in args if not arg.startswith("-")), None)
    rest: list[str] = []
    flag: str | None = None
    words = list(args)
    i = 0
    while i < len(words):
        word = words[i]
        if word == "--lang" and i + 1 < len(words):
            flag, taken = words[i + 1], words[i : i + 2]
            i += 2
        elif word.startswith("--lang="):
            flag, taken = word.split("=", 1)[1], [word]
            i += 1
        else:
            rest.append(word)
            i += 1
            continue
        if command == "print":
            rest += taken
    if command == "print" and flag is not None:
        # ``French`` names one language as ``fr`` does; ``all``, or a typo print answers, names none
        word = flag.strip().lower()
        flag = next((lang for lang, words in LANGUAGE_WORDS.items() if word in words and lang != "all"), None)
    return flag, rest


def names_language() -> bool:
    """Whether this command line names its language (``--lang``): it speaks it even over a saved game's own."""
    return language_flag(ARGS)[0] is not None


def no_propuh_score() -> str:
    """``companion score propuh``: Propuh ends on goals, not on a count."""
    from ai.words import tr

    return tr(
        "Propuh has no final count to check: the goals on the boards are checked at the end of each round, and "
        "companion play propuh says who won and why"
    )


def spoken_usage(message: str) -> str:
    """A usage error as click words it (in English, its own literals), in the language of the table: each
    sentence click makes is matched whole and said again with its fields; one not known here stays as click
    said it."""
    import re

    from ai.words import LANGS, current, tr

    if current() == LANGS[0]:
        return message
    if found := re.fullmatch(r"Invalid value for (.+?): (.*)", message, re.DOTALL):
        return tr("Invalid value for {option}: {problem}", option=found[1], problem=_spoken_problem(found[2]))
    if found := re.fullmatch(r"No such option: (\S+)", message):
        return tr("No such option: {option}", option=found[1])
    if found := re.fullmatch(r"No such command '(.*)'\.", message):
        return tr("No such command '{name}'.", name=found[1])
    if found := re.fullmatch(r"Missing argument '(.*)'\.", message):
        return tr("Missing argument '{name}'.", name=found[1])
    if found := re.fullmatch(r"Missing option '(.*)'\.", message):
        return tr("Missing option '{name}'.", name=found[1])
    if found := re.fullmatch(r"Option '(.*)' requires an argument\.", message):
        return tr("Option '{name}' requires an argument.", name=found[1])
    if found := re.fullmatch(r"Got unexpected extra arguments? ?(?:\(s\))? \((.*)\)", message):
        return tr("Unexpected extra arguments: {words}", words=found[1])
    if message == "Missing command.":
        return tr("Missing command.")
    return message


def _spoken_problem(problem: str) -> str:
    """What click found wrong with a value (``'x' is not a valid integer.``), in the language of the table."""
    import re

    from ai.words import tr

    if found := re.fullmatch(r"'(.*)' is not one of (.*)\.", problem):
        return tr("'{value}' is not one of {choices}.", value=found[1], choices=found[2])
    if found := re.fullmatch(r"'(.*)' is not a valid int(?:eger)?(?: range)?\.", problem):
        return tr("'{value}' is not a whole number.", value=found[1])
    if found := re.fullmatch(r"'(.*)' is not a valid float(?: range)?\.", problem):
        return tr("'{value}' is not a number.", value=found[1])
    if found := re.fullmatch(r"(.*) is not in the range (.*)\.", problem):
        return tr("{value} is not in the range {range}.", value=found[1], range=found[2])
    return problem


def known_game(text: str) -> str:
    """A game's name as typed (``Potra_Bash``, ``potra bash``) -> its registry name; an unknown one fails in one
    line with the closest name (``potra`` -> ``did you mean potra-bash?``) and the known ones."""
    from ai.games import names
    from ai.text import close_word
    from ai.words import quoted, tr

    known = names()
    game = text.strip().lower().replace("_", "-").replace(" ", "-")
    if game in known:
        return game
    close = next((n for n in known if game and n.startswith(game)), None) or close_word(
        game, known, short=True
    )
    typed, listed = clipped(quoted(text)), ", ".join(known)
    if close:
        fail(
            tr(
                "unknown game {typed}; did you mean {close}? known: {known}",
                typed=typed,
                close=close,
                known=listed,
            )
        )
    fail(tr("unknown game {typed}; known: {known}", typed=typed, known=listed))
    raise AssertionError  # fail() exits


def _close_choice(message: str) -> str | None:
    """The listed value a refused one was most likely a typo of (``'drak' is not one of 'dark', 'light'``:
    ``dark``), if any is close."""
    import re

    from ai.text import close_word

    found = re.search(r"'([^']*)' is not one of ((?:'[^']*'(?:, )?)+)\.?$", message)
    if found is None:
        return None
    typed, listed = found.group(1).lower(), re.findall(r"'([^']*)'", found.group(2))
    return close_word(typed, listed, short=True)


def _one_suggestion(exc: Exception, message: str) -> tuple[str, str | None]:
    """A usage error's line without click's list of names a typo may have meant (``Possible options: --as,
    --seed``; ``Did you mean 'propuh', 'prudh', 'prohis'?``), and the one it most likely meant, if any: a close
    typo gets one suggestion, as everywhere else (``ai.text.close_word``)."""
    import re

    from typer._click import exceptions as click_errors

    from ai.text import close_word

    if (close := _close_choice(message)) is not None:
        return message, close
    if isinstance(exc, click_errors.NoSuchOption):
        # --lang is read before click parses the line (``language_flag``): click never lists it
        bare = re.sub(r" \(Possible options: .*\)$", "", message)
        return bare, close_word(exc.option_name, [*(exc.possibilities or ()), "--lang"], short=True)
    if found := re.fullmatch(r"No such command '(.*)'\. Did you mean (.*)\?", message):
        return f"No such command '{found[1]}'.", close_word(
            found[1], re.findall(r"'([^']*)'", found[2]), short=True
        )
    return message, None


def _usage_facts(exc: Exception, close: str | None) -> dict[str, object]:
    """What a usage error's event gives a program as fields: the ``option`` at fault (as typed where it was
    unknown, with the ``possible`` ones the line names) and the value ``suggestion`` the line makes, if any."""
    from typer._click import exceptions as click_errors

    facts: dict[str, object] = {}
    if isinstance(exc, click_errors.NoSuchOption):
        facts["option"] = exc.option_name
        if exc.possibilities:
            facts["possible"] = sorted(exc.possibilities)
    elif isinstance(exc, click_errors.BadParameter) and exc.param is not None:
        facts["option"] = exc.param.opts[0] if exc.param.opts else exc.param.name
    if close is not None:
        facts["suggestion"] = close
    return facts


def _usage_hint(exc: Exception, where: str) -> str:
    """Where to look after a usage error; a level asked with ``--bot`` where bots sit in ``--seats`` (Potra
    Bash, Prohis) gets the way to write it."""
    from typer._click import exceptions as click_errors

    from ai.words import tr

    ctx = getattr(exc, "ctx", None)
    if (
        isinstance(exc, click_errors.NoSuchOption)
        and exc.option_name in ("--bot", "--bots", "--level")
        and ctx is not None
        and any(param.name == "seats" for param in ctx.command.params)
    ):
        return tr("bots sit in --seats here, each with its level: --seats Ann,bot:hard,bot:easy")
    return tr("{where} --help lists what it takes", where=where)


def _typer(
    help: str, add_completion: bool = True, cls: type[LazyGroup] | None = None, general: bool = False
) -> LazyTyper:
    """A command group with plain help and usage errors (click's own formatting): typer's rich panels import
    rich.markdown and markdown-it on every ``--help`` (about 40 ms of a fresh start) and wrap long choices
    inside their type column at 80 columns. ``general``: the root app, where the general command modules
    register (the games' add to ``play``, ``arena`` and ``score``)."""
    return LazyTyper(
        help=help,
        no_args_is_help=True,
        add_completion=add_completion,
        rich_markup_mode=None,
        pretty_exceptions_enable=False,
        cls=cls,
        general=general,
    )


app = _typer(
    "A companion beside the table: it plays the opponent, checks scores and prints aids.",
    add_completion=True,
    cls=_Group,
    general=True,
)
play_app = _typer("Start a game at the table against the tool.")
arena_app = _typer("Let bots play each other many times and report win rates.")
score_app = _typer("Check the final scores of a game played at the table.")


def _show_version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        typer.echo(f"companion {version('companion')}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_show_version, is_eager=True, help="Show the version of companion and exit."
        ),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="en|ru|fr",
            help="The language every command speaks, given anywhere on its line (default: a resumed game's own, "
            "then COMPANION_LANG, then the locale).",
        ),
    ] = None,
) -> None:
    """``--lang`` is read (and taken off the line) before any command runs (``language_flag``): listed here so
    the help names it."""


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

# Bounds of every number the CLI takes: a number out of range is one line, not an OverflowError or a bot that
# never answers.
#: Seeds and saved games' numbers: SQLite's integers.
MAX_INT = 2**63 - 1
#: Seconds a searching bot may think per move.
MIN_THINK, MAX_THINK = 0.01, 60.0
#: Games an arena may play, play-outs a search may run, worker processes.
MAX_GAMES, MAX_ITERATIONS, MAX_JOBS = 1_000_000, 10_000_000, 64


def finite(value: float | None) -> float | None:
    """Refuse ``nan`` (which passes every range check)."""
    if value is not None and value != value:
        from ai.words import tr

        raise typer.BadParameter(tr("not a number"))
    return value


AfterOption = Annotated[
    int | None,
    typer.Option(
        min=1,
        max=MAX_INT,
        metavar="ID",
        help="The next game of the evening after game ID (same seats): the bots remember what each seat did.",
    ),
]


ThinkOption = Annotated[
    float,
    typer.Option(
        min=MIN_THINK, max=MAX_THINK, callback=finite, help="Seconds a searching bot may think per move."
    ),
]


def _cpu_clock(value: bool) -> bool:
    if value:
        from ai.search import use_cpu_clock

        use_cpu_clock()
    return value


CpuClockOption = Annotated[
    bool,
    typer.Option(
        "--cpu-clock",
        callback=_cpu_clock,
        help="Count --think in CPU seconds of the run, not wall seconds: on a busy machine hard then searches "
        "as much as on an idle one (the ladders).",
    ),
]
#: An arena's exploiter options (``companion.cli.exploiters`` runs them).
ExploiterOption = Annotated[
    str | None,
    typer.Option(
        help="Seat this exploiter (a fixed habit; companion bots GAME lists them) against --vs bots instead, "
        "rotating over the seats it can take; all: every exploiter in turn, one row each."
    ),
]
VsOption = Annotated[str, typer.Option(help="With --exploiter: the bot in every other seat.")]
#: Games in a row at one table, with --exploiter: the bots keep what they saw between them (``ai.habits``).
SESSION = 10
SessionOption = Annotated[
    int,
    typer.Option(
        min=1,
        max=MAX_GAMES,
        help="With --exploiter: games in a row at one table, where the bots keep what they saw between games.",
    ),
]
JobsOption = Annotated[int, typer.Option(min=1, max=MAX_JOBS, help="Worker processes (with --exploiter).")]
GameIdArgument = Annotated[int, typer.Argument(min=1, max=MAX_INT, metavar="ID", help="The game's number.")]


class Difficulty(StrEnum):
    one = "1"
    two = "2"
    three = "3"
    random = "random"
