"""``companion print KIND GAME``: rule sheets, player aids, score pads and automa cards as PDFs.

reportlab and the games' engines are imported inside the command, so ``companion --help`` stays fast.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from companion.cli.apps import app
from companion.messages import fail, say_error

if TYPE_CHECKING:
    from rich.console import Console

    from printables.jobs import Plan

#: Each choice's words, the long forms a person may type first: "rules" also as "rule" or "rulebook".
KINDS = {
    "rules": ("rules", "rule", "rulebook", "reference", "sheet"),
    "aid": ("aid", "aids", "player-aid", "player-aids", "card"),
    "scorepad": ("scorepad", "scorepads", "score-pad", "pad", "pads", "score", "log"),
    "automa": ("automa", "automaton", "bot", "bots", "bot-card"),
    "all": ("all", "everything"),
}
GAMES = {
    "propuh": ("propuh",),
    "rip": ("rip", "rest-in-peace"),
    "potra-bash": ("potra-bash", "potra_bash", "potrabash", "potra"),
    "prudh": ("prudh",),
    "prohis": ("prohis",),
    "all": ("all",),
}
PAPERS = {"a4": ("a4",), "letter": ("letter", "us-letter", "us"), "all": ("all", "both")}
LANGS = {
    "en": ("en", "english", "eng"),
    "ru": ("ru", "russian", "rus", "русский"),
    "fr": ("fr", "french", "fra", "français", "francais"),
    "all": ("all",),
}


def choose(what: str, typed: str, choices: dict[str, tuple[str, ...]]) -> str:
    """The choice ``typed`` names (any of its words, any case, ``_`` or space for ``-``), or one clear line
    with the closest words: "unknown document 'rulse'; did you mean rules? (rules, aid, …)"."""
    from ai.text import close_word

    word = typed.strip().lower().replace("_", "-").replace(" ", "-")
    for choice, words in choices.items():
        if word in words:
            return choice
    known = [w for words in choices.values() for w in words]
    close = close_word(word, known, short=True)
    hint = ""
    if close:
        hint = f"; did you mean {next(c for c, ws in choices.items() if close in ws)}?"
    fail(f"unknown {what} {typed!r}{hint} ({', '.join(choices)})")
    raise AssertionError  # fail() exits


@app.command("print")
def print_documents(
    kind: Annotated[str, typer.Argument(metavar="KIND", help="rules, aid, scorepad, automa or all.")],
    game: Annotated[
        str, typer.Argument(metavar="GAME", help="propuh, rip, potra-bash, prudh, prohis or all.")
    ],
    paper: Annotated[str, typer.Option(help="Paper size: a4, letter or all.")] = "a4",
    lang: Annotated[
        str | None,
        typer.Option(help="Language: en, ru, fr or all (default: the locale's, English otherwise)."),
    ] = None,
    out: Annotated[Path, typer.Option(help="Directory to write the PDFs into.")] = Path("."),
    players: Annotated[
        int | None,
        typer.Option(min=1, help="Score pads: the number of players (default: the game's)."),
    ] = None,
    pages: Annotated[
        int, typer.Option(min=1, max=100, help="Score pads and player aids: pages to print.")
    ] = 1,
    seed_values: Annotated[
        bool,
        typer.Option(
            "--seed-values",
            help="Prohis: the French summary's values (illegal 1,000, inspector 3,000 in the warehouse) on "
            "every document.",
        ),
    ] = False,
    force: Annotated[bool, typer.Option("--force", help="Overwrite files that are already there.")] = False,
    skip_existing: Annotated[
        bool,
        typer.Option(
            "--skip-existing", help="Write only the files not already there (a run stopped part way)."
        ),
    ] = False,
) -> None:
    """Print rule references, player aids, score pads and automa cards as PDF files."""
    from ai.words import LANGS as LANGUAGES
    from ai.words import current
    from printables.jobs import Job, PlanError, WriteFailed, existing, make_plans, run
    from printables.measure import Overflow
    from printables.registry import KIND_TITLES, SEED_VALUE_GAMES, Options

    kind = choose("document", kind, KINDS)
    game = choose("game", game, GAMES)
    paper = choose("paper", paper, PAPERS)
    language = choose("language", lang, LANGS) if lang is not None else current()
    papers = ["a4", "letter"] if paper == "all" else [paper]
    langs = list(LANGUAGES) if language == "all" else [language]
    try:
        options = Options(papers[0], players, pages, seed_values=seed_values)
        plan = make_plans(kind, game, options, out, papers, langs)
    except PlanError as exc:
        fail(str(exc))
        return
    notes = list(plan.notes)
    if players is not None and kind not in ("scorepad", "all"):
        title = KIND_TITLES[kind]
        notes.append(
            f"--players is for score pads: the {title if title.endswith('s') else title + 's'} do not use it"
        )
    if pages != 1 and kind in ("rules", "automa"):  # refused in one line, never ignored
        title = KIND_TITLES[kind]
        notes.append(
            f"--pages is for score pads and player aids: the {title if title.endswith('s') else title + 's'} "
            "print once"
        )
    if seed_values and game not in SEED_VALUE_GAMES:  # said, never ignored in silence
        others = "the other games' documents do" if game == "all" else f"the {game} documents do"
        notes.append(f"--seed-values is for Prohis: {others} not use it")
    for note in notes:
        typer.echo(f"note: {note}", err=True)
    if not plan.jobs:
        fail("nothing to print")
    if out.exists() and not out.is_dir():
        fail(f"--out {out} is a file, not a directory: name a directory for the PDFs")
    if not out.exists() and out.suffix.lower() == ".pdf":  # x.pdf names a file, never a directory to make
        fail(
            f"--out names the directory the PDFs go into, and {out} looks like a file's name: name a directory"
        )
    there = existing(plan)
    folders = [path for path in there if path.is_dir()]
    if folders:
        fail(f"{folders[0]} is a directory, not a PDF: move it or choose another --out")
    if force and skip_existing:
        fail("--force overwrites the files already there and --skip-existing keeps them: choose one")
    if skip_existing:
        plan = _skipping(plan, there)
        if not plan.jobs:
            return
    elif there and not force:
        fail(
            f"refusing to overwrite {_listed(there)} (--force overwrites; --skip-existing writes only the others)"
        )
    console = _watching()
    written: list[Path] = []
    again = "run the same command again with --skip-existing"
    try:
        # the bar is for a person watching: on stderr, gone when done, and not drawn into a pipe or a file
        if console is not None and len(plan.jobs) > 1 and console.is_dumb_terminal:  # a line a tenth
            from companion.screen.progress import PlainSteps

            steps = PlainSteps(console, "printing", "files", len(plan.jobs))
            run(plan, lambda job: steps.update(len(written)), written=written)
        elif console is not None and len(plan.jobs) > 1 and console.is_terminal:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

            columns = (TextColumn("{task.description:<36}"), BarColumn(), MofNCompleteColumn())
            with Progress(*columns, console=console, transient=True) as bar:
                task = bar.add_task("printing", total=len(plan.jobs))

                def start(job: Job) -> None:
                    bar.update(task, description=job.label)

                def advance(job: Job) -> None:
                    bar.update(task, advance=1)

                run(plan, advance, start, written)
        else:
            run(plan, written=written)
    except Overflow as exc:
        _wrote(written)
        fail(f"could not write the documents: {exc}")
        return
    except WriteFailed as exc:  # no part of the file is left
        _wrote(written)
        if not exc.started:  # the directory: the same command would fail the same way, --skip-existing or not
            fail(f"could not write {exc.path}: {exc.reason}")
        first = "free some space, then " if exc.full else ""
        rest = f"; {_count(written, len(plan.jobs))}: {first}{again}" if written or len(plan.jobs) > 1 else ""
        # each file is written beside its place and moved in whole: one there before is left as it was
        left = " (the file there before is as it was)" if exc.path in there else " (nothing of it left)"
        fail(f"could not write {exc.path}: {exc.reason}{left}{rest}")
        return
    except KeyboardInterrupt:  # stopped in one line, and no part of a file left to be refused later
        if console is not None and console.is_terminal:  # the line starts after the terminal's "^C" otherwise
            console.print()
        _wrote(written)
        say_error(f"stopped: {_count(written, len(plan.jobs))}; to write the rest, {again}")
        raise typer.Exit(130) from None
    _wrote(written)


def _watching() -> Console | None:
    """rich's console on stderr where a person may be watching it (a terminal, or one rich is told it is:
    ``FORCE_TERMINAL``, ``TTY_COMPATIBLE``); ``None`` for a pipe or a file, which get the documents alone, without
    loading rich."""
    if not (sys.stderr.isatty() or "FORCE_TERMINAL" in os.environ or "TTY_COMPATIBLE" in os.environ):
        return None
    from rich.console import Console

    return Console(stderr=True, highlight=False)


def _skipping(plan: Plan, there: list[Path]) -> Plan:
    """``--skip-existing``: the plan less the whole PDFs already there, and those; a file that is not a whole
    PDF (empty, cut short) is written again, and said so."""
    from printables.jobs import whole, without

    total = len(plan.jobs)
    broken = [path for path in there if not whole(path)]
    if broken:
        typer.echo(
            f"note: {_listed(broken)} {'is' if len(broken) == 1 else 'are'} not a whole PDF: written again",
            err=True,
        )
    kept = [path for path in there if path not in broken]
    plan = without(plan, kept)
    if not plan.jobs:
        typer.echo(
            f"note: nothing to write: {'the file is' if total == 1 else f'all {total} files are'} there"
        )
    elif kept:
        typer.echo(f"note: {len(kept)} of the {total} files already there, kept", err=True)
    return plan


def _listed(paths: list[Path]) -> str:
    """The first three paths, and how many more."""
    more = f" and {len(paths) - 3} more" if len(paths) > 3 else ""
    return ", ".join(str(p) for p in paths[:3]) + more


def _wrote(paths: list[Path]) -> None:
    for path in paths:
        typer.echo(f"wrote {path}")


def _count(written: list[Path], total: int) -> str:
    return f"{len(written)} of {total} {'file' if total == 1 else 'files'} written"
