"""``companion play prudh``, ``companion arena prudh`` and ``companion score prudh``."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any

import typer

from ai.words import current, language, ptr, tr, trn, typeset
from companion.cli.apps import (
    MAX_GAMES,
    MAX_INT,
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
from companion.messages import fail, missing_options, say


class Variant(StrEnum):
    ordinary = "ordinary"
    traditional = "traditional"
    tika = "tika"
    tomio = "tomio"


class First(StrEnum):
    me = "me"
    bot = "bot"
    random = "random"


class Colour(StrEnum):
    dark = "dark"
    light = "light"


class Points(StrEnum):
    all = "all"
    stack = "stack"


VariantOption = Annotated[Variant, typer.Option(help="Edge rule, chosen at the start.")]
PointsOption = Annotated[
    Points, typer.Option(help="A capture scores h + 1 (all: the stack and the capturing piece) or h (stack).")
]


@play_app.command("prudh")
def play_prudh(
    variant: VariantOption = Variant.ordinary,
    bot: Annotated[Level, typer.Option(help="The tool's player.")] = Level.hard,
    first: Annotated[First, typer.Option(help="Who moves first.")] = First.random,
    colour: Annotated[Colour, typer.Option("--colour", "--color", help="Your colour.")] = Colour.dark,
    capture_points: PointsOption = Points.all,
    think: ThinkOption = 1.0,
    seed: Annotated[
        int | None,
        typer.Option(min=0, max=MAX_INT, help="Seed (the random first player, the bot's choices)."),
    ] = None,
    match_game: Annotated[
        int,
        typer.Option(
            min=1, help="The game's number in a match: --first names game 1's first player; it alternates."
        ),
    ] = 1,
    after: AfterOption = None,
    as_json: JsonOption = False,
    reveal_bots: RevealOption = False,
) -> None:
    """Play Prudh on a real 6×6 board against the tool: type your moves, it answers with its own."""
    from ai.prudh.rules import PrudhConfig, match_first

    me = 0 if colour == Colour.dark else 1
    who = None if first == First.random else me if first == First.me else 1 - me
    if match_game > 1:
        if who is None:
            fail(tr("in a match, say who moved first in game 1 (--first me or --first bot)"))
            return
        who = match_first(who, match_game)
    config = PrudhConfig(variant=variant.value, capture_points=capture_points.value, first=who)
    seats = ["human", bot.value] if me == 0 else [bot.value, "human"]
    options: dict[str, Any] = {"think": think} | ({"after": after} if after is not None else {})
    start_session("prudh", config, seats, seed, as_json, options, reveal_bots)


@arena_app.command("prudh")
def arena_prudh(
    ctx: typer.Context,
    a: Annotated[Level, typer.Option("--a", help="The first bot.")] = Level.hard,
    b: Annotated[Level, typer.Option("--b", help="The second bot.")] = Level.normal,
    games: Annotated[
        int, typer.Option(min=1, max=MAX_GAMES, help="Games per colour (the total is twice this).")
    ] = 100,
    variant: VariantOption = Variant.ordinary,
    capture_points: PointsOption = Points.all,
    think: ThinkOption = 1.0,
    cpu_clock: CpuClockOption = False,
    seed: Annotated[
        int, typer.Option(min=0, max=MAX_INT, help="Seed of the run; the same seed replays the same games.")
    ] = 1,
    jobs: JobsOption = 1,
    session: SessionOption = SESSION,
    exploiter: ExploiterOption = None,
    vs: VsOption = "hard",
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as one JSON object.")] = False,
) -> None:
    """Bot A against bot B with colours swapped (the first player is random each game): A's win rate. With
    --exploiter: that exploiter against --vs bots, half the games in each colour (fair share 50%)."""
    import json

    from rich.console import Console

    from ai.arena import run_arena, wilson_interval
    from ai.games import get
    from ai.prudh.rules import PrudhConfig
    from ai.search import clock_name
    from companion.screen.progress import games_bar

    game = get("prudh")
    config = PrudhConfig(variant=variant.value, capture_points=capture_points.value)
    from companion.cli.exploiters import note_arena_options

    note_arena_options(ctx, exploiter, vs, {"a": a.value, "b": b.value})
    if exploiter is not None:
        from companion.cli.exploiters import exploiter_arena

        exploiter_arena(
            "prudh",
            "Prudh",
            config,
            exploiter,
            vs,
            2 * games,
            seed,
            think,
            None,
            jobs,
            as_json,
            players=2,
            baseline=False,
            session=session,
        )
        return

    def factory(level: str, seat: int) -> Any:
        return lambda: game.make_player(level, seat, config, think=think)

    with games_bar("games", 2 * games) as part:
        first = run_arena(game, config, [factory(a.value, 0), factory(b.value, 1)], games, seed, part(0))
        second = run_arena(
            game, config, [factory(b.value, 0), factory(a.value, 1)], games, seed + 1, part(games)
        )
    wins = first.seats[0].wins + second.seats[1].wins
    total = 2 * games
    low, high = wilson_interval(wins, total)
    a_us = (
        first.seats[0].mean_us * first.seats[0].decisions
        + second.seats[1].mean_us * second.seats[1].decisions
    ) / max(1, first.seats[0].decisions + second.seats[1].decisions)
    summary = {
        "game": "prudh",
        "variant": variant.value,
        "a": a.value,
        "b": b.value,
        "think": think,
        "clock": clock_name(),
        "games": total,
        "a_wins": wins,
        "a_win_rate": wins / total,
        "ci95": [low, high],
        "a_as_dark": first.as_dict(),
        "a_as_light": second.as_dict(),
        "a_mean_ms": a_us / 1000,
        "seconds": first.seconds + second.seconds,
    }
    if as_json:
        typer.echo(json.dumps(summary))
        return
    head = trn(
        "Prudh ({variant}): {a} against {b}, {n} game (colours swapped), seed {seed}",
        "Prudh ({variant}): {a} against {b}, {n} games (colours swapped), seed {seed}",
        total,
        variant=variant.value,
        a=a.value,
        b=b.value,
        seed=seed,
    )
    rates = tr(
        "{a} wins {wins}/{total} = {rate} (95% interval {low} – {high}); as Dark {dark}, as Light {light}; {a} "
        "thinks {ms} ms per move on average; {seconds} s in all",
        a=a.value,
        wins=format(wins, "g"),
        total=total,
        rate=format(wins / total, ".1%"),
        low=format(low, ".1%"),
        high=format(high, ".1%"),
        dark=format(first.seats[0].win_rate, ".1%"),
        light=format(second.seats[1].win_rate, ".1%"),
        ms=format(a_us / 1000, ",.1f"),
        seconds=format(summary["seconds"], ".0f"),
    )
    Console(highlight=False).print(f"{head}\n{rates}")


@score_app.command("prudh")
def score_prudh(
    dark: Annotated[
        int | None, typer.Option(help="Points Dark captured (pieces removed by Dark's captures). Required.")
    ] = None,
    light: Annotated[int | None, typer.Option(help="Points Light captured. Required.")] = None,
    last: Annotated[Colour | None, typer.Option(help="Who made the last move. Required.")] = None,
    tallest: Annotated[
        int | None, typer.Option(help="The last mover's tallest stack on their own colour. Required.")
    ] = None,
    variant: Annotated[
        Variant | None,
        typer.Option(help="Edge rule (default: the saved game's with --game, else ordinary)."),
    ] = None,
    pit: Annotated[int, typer.Option(help="Pieces in the pit (Tomío).")] = 0,
    first: Annotated[
        Colour | None, typer.Option(help="Who moved first (needed for a tie; --game knows it).")
    ] = None,
    capture_points: Annotated[
        Points | None,
        typer.Option(help="A capture scores h + 1 (all) or h (stack); default: the saved game's, else all."),
    ] = None,
    game: Annotated[
        int | None,
        typer.Option(min=1, max=MAX_INT, help="A saved game's number: compare with the tool's record."),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Check a finished game from the captured pieces, the last mover, their tallest stack and the pit."""
    import json

    from ai.prudh.components import VARIANT_TITLES
    from ai.prudh.components import seat as seat_name
    from ai.prudh.score import FirstNeeded, check_score

    example = "--dark 17 --light 12 --last dark --tallest 3"
    missing_options(
        {"--dark": dark, "--light": light, "--last": last, "--tallest": tallest}, example, as_json
    )
    assert dark is not None and light is not None and last is not None and tallest is not None
    seat = {Colour.dark: 0, Colour.light: 1}
    recorded = _recorded(game) if game is not None else None
    if recorded is not None:
        # the saved game knows its options; a count under other rules cannot be compared with it
        for option, given, saved in (
            ("--variant", variant, recorded["variant"]),
            ("--capture-points", capture_points, recorded["capture_points"]),
        ):
            if given is not None and given.value != saved:
                fail(
                    tr(
                        "game #{game} was played with {option} {saved}, not {given}",
                        game=game,
                        option=option,
                        saved=saved,
                        given=given.value,
                    ),
                    as_json,
                )
    variant_name = variant.value if variant else recorded["variant"] if recorded else "ordinary"
    points = capture_points.value if capture_points else recorded["capture_points"] if recorded else "all"
    first_seat = seat[first] if first is not None else recorded["first_seat"] if recorded else None
    try:
        check = check_score(variant_name, dark, light, seat[last], tallest, pit, first_seat, points)
    except FirstNeeded as exc:
        fail(tr("{refusal} (--first dark or --first light)", refusal=exc), as_json)
        return
    except ValueError as exc:
        fail(str(exc), as_json)
        return
    data: dict[str, Any] = {"event": "score", "variant": variant_name, **check.as_dict()}
    lines = [
        tr(
            "{variant}: Dark {dark}, Light {light}: {winner} wins.",
            variant=VARIANT_TITLES[variant_name],
            dark=check.final[0],
            light=check.final[1],
            winner=seat_name(check.winner),
        ),
        check.said + ".",
    ]
    data["text"] = lines[0]
    if recorded is not None:
        data["recorded"] = {k: v for k, v in recorded.items() if k != "first_seat"}
        # every part of the count is compared, not only the sums: a wrong tallest stack and a wrong pit can
        # add up to the recorded score; who moved first, if said, is part of the count
        said_first = None if first is None else first.value
        same = (
            recorded["scores"] == data["scores"]
            and recorded["winner"] == data["winner"]
            and not _differing(recorded, dark, light, last.value, tallest, pit, said_first)
        )
        data["matches"] = same
        rec = {
            "game": game,
            "dark": recorded["scores"]["dark"],
            "light": recorded["scores"]["light"],
            "winner": _said(recorded["winner"]),
        }
        if same:
            lines.append(
                tr(
                    "Game #{game} as recorded: Dark {dark}, Light {light}, {winner} wins: your count matches.",
                    **rec,
                )
            )
        else:
            data["differences"] = _differences(recorded, dark, light, last.value, tallest, pit, said_first)
            lines.append(
                tr(
                    "Game #{game} as recorded: Dark {dark}, Light {light}, {winner} wins: your count DIFFERS. "
                    "{differences}",
                    differences=_differences(
                        recorded, dark, light, last.value, tallest, pit, said_first, said=True
                    ),
                    **rec,
                )
            )
    if as_json:
        typer.echo(json.dumps(data))
    else:
        for line in lines:
            say(line)  # wrapped at the screen's width, as every score check's sentences are
    if recorded is not None and not data["matches"]:
        raise typer.Exit(1)


def _differences(
    recorded: dict[str, Any],
    dark: int,
    light: int,
    last: str,
    tallest: int,
    pit: int,
    first: str | None,
    said: bool = False,
) -> str:
    """Where a count by hand parts from the record, in the words of the count: in English (``--json``'s field),
    or with ``said`` in the table's language."""
    if not said:
        with language("en"):
            return _differences(recorded, dark, light, last, tallest, pit, first, said=True)
    label = {
        "dark": tr("Dark captured"),
        "light": tr("Light captured"),
        "last": tr("moved last"),
        "tallest": tr("tallest stack"),
        "pit": tr("pit"),
        "first": tr("moved first"),
    }
    parts = [
        tr(
            "{what}: you said {mine}, the record has {theirs}",
            what=label[part],
            mine=_said(mine),
            theirs=_said(theirs),
        )
        for part, mine, theirs in _differing(recorded, dark, light, last, tallest, pit, first)
    ]
    if not parts:
        return tr(
            "Check the sums."  # pragma: no cover - the same count under the same rules gives the same scores
        )
    text = typeset(current(), "; ".join(parts) + ".")
    return text[0].upper() + text[1:]


def _differing(
    recorded: dict[str, Any], dark: int, light: int, last: str, tallest: int, pit: int, first: str | None
) -> list[tuple[str, object, object]]:
    """The parts of a count by hand that are not the record's: (the part, said, recorded)."""
    captured = recorded["captured"]
    parts = (
        ("dark", dark, captured["dark"]),
        ("light", light, captured["light"]),
        ("last", last, recorded["last_mover"]),
        ("tallest", tallest, recorded["tallest"]),
        ("pit", pit, recorded["pit"]),
        ("first", recorded["first"] if first is None else first, recorded["first"]),
    )
    return [(name, mine, theirs) for name, mine, theirs in parts if mine != theirs]


def _said(value: object) -> object:
    """A seat as the options and the record name it (``dark``, ``light``), in the table's language; any other
    value as it is."""
    if value == "dark":
        return ptr("seat", "dark")
    if value == "light":
        return ptr("seat", "light")
    return value


def _recorded(number: int) -> dict[str, Any]:
    """The options and the final count of a saved Prudh game, replayed from its moves."""
    from ai.games import get
    from ai.prudh.components import SEAT_NAMES
    from companion.cli.finished_game import finished_game

    state = finished_game("prudh", number, tr("no Prudh game #{number}", number=number))
    if state.last_mover is None:
        fail(tr("game #{number} is not over yet", number=number))
    game = get("prudh")
    final = state.final_scores
    return {
        "variant": state.config.variant,
        "capture_points": state.config.capture_points,
        "first_seat": state.first,
        "first": SEAT_NAMES[state.first].lower(),
        "captured": {"dark": state.scores[0], "light": state.scores[1]},
        "last_mover": SEAT_NAMES[state.last_mover].lower(),
        "tallest": state.bonus - state.pit,
        "pit": state.pit,
        "scores": {"dark": final[0], "light": final[1]},
        "winner": game.seat_name(state, state.winner).lower(),
    }
