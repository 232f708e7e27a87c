"""The arena of a game of three or more seats: one bot against copies of another, its win share against the
1/players baseline (or, with ``--exploiter``, a fixed habit against ``--vs`` bots: ``companion.cli.exploiters``).
Potra Bash and Prohis run it; each command only parses its options and builds its config."""

from __future__ import annotations

from typing import Any

import typer


def one_against_many(
    ctx: typer.Context,
    game_name: str,
    title: str,
    config: Any,
    strong: str,
    weak: str,
    players: int,
    games: int,
    think: float,
    iterations: int | None,
    seed: int,
    as_json: bool,
    exploiter: str | None,
    vs: str,
    jobs: int,
    session: int,
    facts: dict[str, Any] | None = None,
    heading: str = "",
    soft_wrap: bool = False,
) -> None:
    """Play ``strong`` in seat 0 against ``players - 1`` copies of ``weak`` (the automa's seats marked in
    ``config``) and print the summary; ``facts`` are added to the JSON summary after the bots, ``heading`` to the
    first line."""
    import json

    from rich.console import Console

    from ai.arena import run_arena
    from ai.games import get
    from ai.search import clock_name
    from ai.words import number, tr
    from companion.cli.exploiters import note_arena_options
    from companion.screen.progress import games_bar

    game = get(game_name)
    note_arena_options(ctx, exploiter, vs, {"strong": strong, "weak": weak})
    if exploiter is not None:
        from companion.cli.exploiters import exploiter_arena

        exploiter_arena(
            game_name,
            title,
            config,
            exploiter,
            vs,
            games,
            seed,
            think,
            iterations,
            jobs,
            as_json,
            session=session,
        )
        return

    def factory(level: str, seat: int) -> Any:
        return lambda: game.make_player(level, seat, config, think=think, iterations=iterations)

    config = game.seat_levels(config, [strong] + [weak] * (players - 1))
    specs = [factory(strong, 0)] + [factory(weak, s) for s in range(1, players)]
    with games_bar("games", games) as part:
        report = run_arena(game, config, specs, games, seed, part(0))
    mine = report.seats[0]
    others = report.seats[1:]
    weak_us = sum(s.mean_us * s.decisions for s in others) / max(1, sum(s.decisions for s in others))
    summary = {
        "game": game_name,
        "players": players,
        "strong": strong,
        "weak": weak,
        **(facts or {}),
        "games": games,
        "seed": seed,
        "think": think,
        "clock": clock_name(),
        "iterations": iterations,
        "wins": mine.wins,
        "win_share": mine.win_rate,
        "ci95": [mine.ci_low, mine.ci_high],
        "baseline": 1 / players,
        "strong_mean_ms": mine.mean_us / 1000,
        "strong_p95_ms": mine.p95_us / 1000,
        "weak_mean_ms": weak_us / 1000,
        "seconds": report.seconds,
    }
    if as_json:
        typer.echo(json.dumps(summary))
        return
    head = tr(
        "{game}, {players} players: {strong} against {others}× {weak}, {games} games, seed {seed}",
        game=title,
        players=players,
        strong=strong,
        others=players - 1,
        weak=weak,
        games=games,
        seed=seed,
    )
    result = tr(
        "{strong} wins {wins}/{games} = {share} (95% interval {low} – {high}; baseline {baseline}); {strong} "
        "{mean} ms per decision (p95 {p95}), {weak} {weak_mean} ms; {seconds} s in all",
        strong=strong,
        wins=f"{mine.wins:g}",
        games=games,
        share=f"{mine.win_rate:.1%}",
        low=f"{mine.ci_low:.1%}",
        high=f"{mine.ci_high:.1%}",
        baseline=f"{1 / players:.0%}",
        mean=number(f"{mine.mean_us / 1000:,.2f}"),
        p95=number(f"{mine.p95_us / 1000:,.2f}"),
        weak=weak,
        weak_mean=number(f"{weak_us / 1000:,.3f}"),
        seconds=f"{report.seconds:.0f}",
    )
    Console(highlight=False, soft_wrap=soft_wrap).print(f"{head}{heading}\n{result}")
