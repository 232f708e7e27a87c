"""``companion play potra-bash``, ``companion arena potra-bash`` and ``companion score potra-bash``."""

from __future__ import annotations

import sys
from enum import StrEnum
from typing import Annotated, Any

import typer

from ai.words import current, language, tr, typeset
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
from companion.messages import fail, refuse_input, say, screen_width
from companion.seats import is_human


class NextStart(StrEnum):
    next = "next"
    winner = "winner"
    left_of_winner = "left-of-winner"


NextOption = Annotated[
    NextStart,
    typer.Option(
        help="Who starts the next round (ruling): the next seat clockwise, the centre-card winner, or the player "
        "to the winner's left."
    ),
]
DifficultyOption = Annotated[
    int,
    typer.Option(
        "--difficulty",
        min=1,
        max=4,
        help="The paper automa's difficulty, 1 to 4: the handicap points each automa adds at the end (the "
        "automa card's table: companion print automa potra-bash).",
    ),
]
OneSetOption = Annotated[
    bool, typer.Option("--one-set", help="Scoring option: discard at most one set of three per value.")
]


def parse_seats(text: str) -> tuple[list[str], list[str]]:
    """``Ann,bot,bot:hard,Ben`` -> seat specs and names (:func:`companion.seats.seat_list`)."""
    from ai.potra_bash.components import MAX_PLAYERS, MIN_PLAYERS
    from ai.potra_bash.notation import key

    return seat_list(text, "Potra Bash", (MIN_PLAYERS, MAX_PLAYERS), key)


@play_app.command("potra-bash")
def play_potra_bash(
    seats: Annotated[
        str,
        typer.Option(
            help="The seats clockwise: names of people, and bot, bot:LEVEL or a level (random, easy, normal, hard, "
            "automa: the paper automa, a face-down hand pile)."
        ),
    ] = "Player,bot,bot,bot",  # a name, not "You": the messages say "Player plays", "Player's hand"
    physical: Annotated[
        bool,
        typer.Option(
            "--physical",
            help="A real deck: people's hands stay unknown; type each card a bot gets and each centre card.",
        ),
    ] = False,
    next_start: NextOption = NextStart.next,
    one_set: OneSetOption = False,
    difficulty: DifficultyOption = 2,
    open_piles: Annotated[
        bool,
        typer.Option(
            "--open-piles",
            help="Scoring piles face up: the board lists every pile and its score (the rules: face down, "
            "each owner may look at their own).",
        ),
    ] = False,
    first: Annotated[
        str | None,
        typer.Option(
            "--first",
            metavar="NAME",
            help="Who starts the first round (default: drawn at random by the seed).",
        ),
    ] = None,
    think: ThinkOption = 1.0,
    seed: Annotated[
        int | None, typer.Option(min=0, max=MAX_INT, help="Seed for the shuffle and the starting player.")
    ] = None,
    after: AfterOption = None,
    as_json: JsonOption = False,
    reveal_bots: RevealOption = False,
) -> None:
    """Play Potra Bash (3–5 players) with bots in the empty seats. Dealer mode unless --physical."""
    from ai.potra_bash.rules import PotraConfig

    try:
        specs, names = parse_seats(seats)
        humans = tuple(s for s, spec in enumerate(specs) if is_human(spec))
        starter = None if first is None else _seat_named(first, names)
        config = PotraConfig(
            players=len(specs),
            names=tuple(names),
            physical=physical,
            untracked=humans if physical else (),
            next_start=next_start.value,
            triples="one" if one_set else "all",
            open_piles=open_piles,
            first=starter,
            automa_level=difficulty,
        )
    except ValueError as exc:
        fail(str(exc))
        return
    options: dict[str, Any] = {"think": think} | ({"after": after} if after is not None else {})
    start_session("potra-bash", config, specs, seed, as_json, options, reveal_bots)


def _seat_named(text: str, names: list[str]) -> int:
    """The seat ``--first`` names: a name of the seat list, or a unique prefix of one."""
    from ai.potra_bash.notation import key
    from ai.words import tr

    k = key(text)
    fits = [s for s, name in enumerate(names) if key(name) == k] or [
        s for s, name in enumerate(names) if k and key(name).startswith(k)
    ]
    if len(fits) != 1:
        raise ValueError(tr("--first {text}: name one of {names}", text=repr(text), names=", ".join(names)))
    return fits[0]


@arena_app.command("potra-bash")
def arena_potra_bash(
    ctx: typer.Context,
    strong: Annotated[Level, typer.Option(help="The bot in one seat.")] = Level.normal,
    weak: Annotated[Level, typer.Option(help="The bot in every other seat.")] = Level.easy,
    players: Annotated[int, typer.Option(min=3, max=5, help="Players at the table.")] = 4,
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
    from ai.games import get
    from ai.potra_bash.rules import PotraConfig
    from companion.cli.table_arena import one_against_many

    # the automa's seats hold face-down piles; with --exploiter every seat may be a --vs bot's
    levels = [vs] * players if exploiter is not None else [strong.value] + [weak.value] * (players - 1)
    config = get("potra-bash").seat_levels(PotraConfig(players=players, automa_level=difficulty), levels)
    one_against_many(
        ctx,
        "potra-bash",
        "Potra Bash",
        config,
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
        soft_wrap=True,
    )


@score_app.command("potra-bash")
def score_potra_bash(
    piles: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="NAME=CARDS...",
            help='Each player\'s scoring pile, e.g. "Ann=1,1,3,-2,-2,-2" "Ben=4,4,4,3". None: typed line by line.',
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(
            min=3, max=5, help="Players in the game (3 uses 10 copies of each value; default: the piles)."
        ),
    ] = None,
    one_set: OneSetOption = False,
    automa: Annotated[
        list[str] | None,
        typer.Option(
            "--automa",
            metavar="NAME",
            help="A pile of the paper automa (repeat for each): its handicap points count on a line of their own.",
        ),
    ] = None,
    difficulty: DifficultyOption = 2,
    game: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=MAX_INT,
            help="A saved game's number: compare the piles with the tool's record (its scoring option and "
            "automas are the record's).",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as one JSON object.")] = False,
) -> None:
    """Check the final scores: sets of three discarded (not 1s), totals, an automa's handicap, the winner and how
    a tie was broken."""
    import json

    from ai.potra_bash.score import ScoreError, check_scores

    recorded = _recorded(game, as_json) if game is not None else None
    triples = "one" if one_set else "all"
    automas = tuple(automa or ())
    if recorded is not None:  # the saved game knows how it was scored
        triples, automas, difficulty = recorded["triples"], recorded["automas"], recorded["difficulty"]
        players = len(recorded["piles"])
    texts = list(piles or [])
    if not texts:
        texts = _read_piles(as_json, players, triples, automas, difficulty)
    try:
        report = check_scores(texts, players, triples, automas, difficulty)
    except ScoreError as exc:
        refuse_input(exc, as_json)
        return
    data = report.as_dict()
    from ai.lines import WIDTH

    # laid out by the game (ai/lines.py) for the screen at a terminal, else for 80 columns (a file, a pad's print)
    lines = list(report.lines(screen_width() if sys.stdout.isatty() else WIDTH))
    compared = ""  # the comparison with the record: a sentence, wrapped at the screen's width
    if recorded is not None and game is not None:
        differences = _differences(recorded, report.names, texts, game, as_json)
        data["matches"] = not differences
        data["recorded"] = {"game": game, "scores": recorded["scores"]}
        scores = ", ".join(f"{name} {score}" for name, score in recorded["scores"].items())
        if differences:
            with language("en"):
                data["differences"] = _said_differences(differences)
            compared = tr(
                "Game #{game} as recorded: {scores}: your piles DIFFER. {differences}",
                game=game,
                scores=scores,
                differences=_said_differences(differences),
            )
        else:
            compared = tr("Game #{game} as recorded: {scores}: your piles match.", game=game, scores=scores)
    if as_json:
        typer.echo(json.dumps(data, ensure_ascii=False))
    else:
        for line in lines:
            typer.echo(line)
        if compared:
            say(compared)
    if recorded is not None and not data["matches"]:
        raise typer.Exit(1)


def _recorded(number: int, quiet: bool) -> dict[str, Any]:
    """The scoring piles and options of a finished Potra Bash game, replayed from its saved inputs."""
    from ai.potra_bash.score import check_scores
    from companion.cli.finished_game import finished_game

    state = finished_game("potra-bash", number, tr("no Potra Bash game #{number}", number=number), quiet)
    config = state.config
    names = [config.name(seat) for seat in range(config.players)]
    piles = {name: tuple(sorted(pile)) for name, pile in zip(names, state.piles, strict=True)}
    automas = tuple(names[seat] for seat in sorted(config.blind))
    texts = [f"{name}={','.join(map(str, pile))}" for name, pile in piles.items()]
    report = check_scores(texts, config.players, config.triples, automas, config.automa_level)
    return {
        "piles": piles,
        "triples": config.triples,
        "automas": automas,
        "difficulty": config.automa_level,
        "scores": dict(zip(report.names, (s.total for s in report.scores), strict=True)),
    }


def _differences(
    recorded: dict[str, Any], names: tuple[str, ...], texts: list[str], game: int, quiet: bool
) -> list[tuple[str, tuple[int, ...], tuple[int, ...]]]:
    """Each typed pile that is not the record's: (its player, the cards the record has and the pile lacks, the
    cards the pile has and the record lacks). A name the record does not know is refused: nothing to compare."""
    from collections import Counter

    from ai.potra_bash.notation import key
    from ai.potra_bash.score import parse_pile

    by_key = {key(name): name for name in recorded["piles"]}
    out = []
    for text in texts:
        name, cards = parse_pile(text)
        if key(name) not in by_key:
            fail(
                tr(
                    "game #{game} has no player {name} ({names})",
                    game=game,
                    name=name,
                    names=", ".join(recorded["piles"]),
                ),
                quiet,
            )
        theirs = Counter(recorded["piles"][by_key[key(name)]])
        mine = Counter(cards)
        missing, extra = theirs - mine, mine - theirs
        if missing or extra:
            out.append((name, tuple(sorted(missing.elements())), tuple(sorted(extra.elements()))))
    return out


def _said_differences(differences: list[tuple[str, tuple[int, ...], tuple[int, ...]]]) -> str:
    """The differing piles in the table's language, a clause for what each lacks and what each has too many."""
    parts = []
    for name, missing, extra in differences:
        if missing:
            parts.append(
                tr("{name}: the record also has {cards}", name=name, cards=" ".join(map(str, missing)))
            )
        if extra:
            parts.append(tr("{name}: the record has no {cards}", name=name, cards=" ".join(map(str, extra))))
    return typeset(current(), "; ".join(parts) + ".")


def _read_piles(
    quiet: bool, players: int | None, triples: str, automas: tuple[str, ...], difficulty: int
) -> list[str]:
    """The interactive form (``companion.cli.score_form``): one NAME=CARDS per line."""
    from ai.potra_bash.score import ScoreError, check_piles, check_scores, parse_pile
    from ai.words import tr
    from companion.cli.score_form import Form, read_form

    return read_form(
        Form(
            tr("pile> "),
            tr(
                "Type each player's scoring pile as NAME=CARDS (e.g. Ann=1,1,3,-2,-2,-2); the same name again "
                "replaces that pile, drop NAME removes it; an empty line ends, quit leaves."
            ),
            "pile",
            lambda line: parse_pile(line)[0],
            lambda lines: check_piles(lines, players),
            lambda lines: check_scores(lines, players, triples, automas, difficulty),
            ScoreError,
        ),
        quiet,
    )
