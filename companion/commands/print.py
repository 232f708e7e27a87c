"""``companion print KIND GAME``: rule sheets, player aids, score pads and automa cards as PDFs.

reportlab and the games' engines are imported inside the command, so ``companion --help`` stays fast.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from companion.app import app, fail


class Kind(StrEnum):
    rules = "rules"
    aid = "aid"
    scorepad = "scorepad"
    automa = "automa"
    all = "all"


class Paper(StrEnum):
    a4 = "a4"
    letter = "letter"
    all = "all"


class Lang(StrEnum):
    en = "en"
    ru = "ru"
    fr = "fr"
    all = "all"


@app.command("print")
def print_documents(
    kind: Annotated[Kind, typer.Argument(metavar="KIND", help="rules, aid, scorepad, automa or all.")],
    game: Annotated[
        str, typer.Argument(metavar="GAME", help="propuh, rip, potra-bash, prudh, prohis or all.")
    ],
    paper: Annotated[Paper, typer.Option(help="Paper size: a4, letter or all.")] = Paper.a4,
    lang: Annotated[
        Lang | None,
        typer.Option(help="Language: en, ru, fr or all (default: the locale's, English otherwise)."),
    ] = None,
    out: Annotated[Path, typer.Option(help="Directory to write the PDFs into.")] = Path("."),
    players: Annotated[
        int | None,
        typer.Option(min=1, max=8, help="Score pads: the number of players (default: the game's)."),
    ] = None,
    pages: Annotated[
        int, typer.Option(min=1, max=100, help="Score pads and player aids: pages to print.")
    ] = 1,
    force: Annotated[bool, typer.Option("--force", help="Overwrite files that are already there.")] = False,
) -> None:
    """Print rule references, player aids, score pads and automa cards as PDF files."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from printables.flow import Overflow
    from printables.i18n import LANGS, default_language
    from printables.jobs import Job, PlanError, existing, make_plans, run
    from printables.registry import Options

    papers = ["a4", "letter"] if paper is Paper.all else [paper.value]
    language = lang.value if lang is not None else default_language()
    langs = list(LANGS) if language == "all" else [language]
    try:
        plan = make_plans(kind.value, game.lower(), Options(papers[0], players, pages), out, papers, langs)
    except PlanError as exc:
        fail(str(exc))
        return
    for note in plan.notes:
        typer.echo(f"note: {note}", err=True)
    if not plan.jobs:
        fail("nothing to print")
    there = existing(plan)
    if there and not force:
        names = ", ".join(str(p) for p in there[:3]) + (
            f" and {len(there) - 3} more" if len(there) > 3 else ""
        )
        fail(f"refusing to overwrite {names} (use --force)")
    console = Console(stderr=True, highlight=False)
    try:
        if len(plan.jobs) > 1:
            columns = (TextColumn("{task.description:<36}"), BarColumn(), MofNCompleteColumn())
            with Progress(*columns, console=console, transient=True) as bar:
                task = bar.add_task("printing", total=len(plan.jobs))

                def start(job: Job) -> None:
                    bar.update(task, description=job.label)

                def advance(job: Job) -> None:
                    bar.update(task, advance=1)

                written = run(plan, advance, start)
        else:
            written = run(plan)
    except (Overflow, OSError) as exc:
        fail(f"could not write the documents: {exc}")
        return
    for path in written:
        typer.echo(f"wrote {path}")
