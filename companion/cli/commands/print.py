"""``companion print KIND GAME``: rule sheets, player aids, score pads and automa cards as PDFs.

reportlab and the games' engines are imported inside the command, so ``companion --help`` stays fast.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ai.words import quoted, tr, trn
from companion.cli.apps import LANGUAGE_WORDS, app
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
        hint = tr("; did you mean {close}?", close=next(c for c, ws in choices.items() if close in ws))
    fields = {"typed": quoted(typed), "hint": hint, "choices": ", ".join(choices)}
    unknown = {
        "document": lambda: tr("unknown document {typed}{hint} ({choices})", **fields),
        "game": lambda: tr("unknown game {typed}{hint} ({choices})", **fields),
        "paper": lambda: tr("unknown paper {typed}{hint} ({choices})", **fields),
        "language": lambda: tr("unknown language {typed}{hint} ({choices})", **fields),
    }
    fail(unknown[what]())
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
    from printables.registry import SEED_VALUE_GAMES, Options

    kind = choose("document", kind, KINDS)
    game = choose("game", game, GAMES)
    paper = choose("paper", paper, PAPERS)
    language = choose("language", lang, LANGUAGE_WORDS) if lang is not None else current()
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
        notes.append(
            {
                "rules": lambda: tr("--players is for score pads: the rule references do not use it"),
                "aid": lambda: tr("--players is for score pads: the player aids do not use it"),
                "automa": lambda: tr("--players is for score pads: the automa cards do not use it"),
            }[kind]()
        )
    if pages != 1 and kind in ("rules", "automa"):  # refused in one line, never ignored
        if kind == "rules":
            notes.append(tr("--pages is for score pads and player aids: the rule references print once"))
        else:
            notes.append(tr("--pages is for score pads and player aids: the automa cards print once"))
    if seed_values and game not in SEED_VALUE_GAMES:  # said, never ignored in silence
        if game == "all":
            notes.append(tr("--seed-values is for Prohis: the other games' documents do not use it"))
        else:
            notes.append(tr("--seed-values is for Prohis: the {game} documents do not use it", game=game))
    for note in notes:
        typer.echo(tr("note: {text}", text=note), err=True)
    if not plan.jobs:
        fail(tr("nothing to print"))
    if out.exists() and not out.is_dir():
        fail(tr("--out {out} is a file, not a directory: name a directory for the PDFs", out=out))
    if not out.exists() and out.suffix.lower() == ".pdf":  # x.pdf names a file, never a directory to make
        fail(
            tr(
                "--out names the directory the PDFs go into, and {out} looks like a file's name: name a "
                "directory",
                out=out,
            )
        )
    there = existing(plan)
    folders = [path for path in there if path.is_dir()]
    if folders:
        fail(tr("{path} is a directory, not a PDF: move it or choose another --out", path=folders[0]))
    if force and skip_existing:
        fail(tr("--force overwrites the files already there and --skip-existing keeps them: choose one"))
    if skip_existing:
        plan = _skipping(plan, there)
        if not plan.jobs:
            return
    elif there and not force:
        fail(
            tr(
                "refusing to overwrite {paths} (--force overwrites; --skip-existing writes only the others)",
                paths=_listed(there),
            )
        )
    console = _watching()
    written: list[Path] = []
    again = tr("run the same command again with --skip-existing")
    try:
        # the bar is for a person watching: on stderr, gone when done, and not drawn into a pipe or a file
        if console is not None and len(plan.jobs) > 1 and console.is_dumb_terminal:  # a line a tenth
            from companion.screen.progress import PlainSteps

            steps = PlainSteps(console, tr("printing"), "files", len(plan.jobs))
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
        fail(tr("could not write the documents: {problem}", problem=exc))
        return
    except WriteFailed as exc:  # no part of the file is left
        _wrote(written)
        if not exc.started:  # the directory: the same command would fail the same way, --skip-existing or not
            fail(tr("could not write {path}: {reason}", path=exc.path, reason=exc.reason))
        rest = ""
        if written or len(plan.jobs) > 1:
            count = _count(written, len(plan.jobs))
            if exc.full:
                rest = tr("; {count}: free some space, then {again}", count=count, again=again)
            else:
                rest = tr("; {count}: {again}", count=count, again=again)
        # each file is written beside its place and moved in whole: one there before is left as it was
        if exc.path in there:
            said = tr(
                "could not write {path}: {reason} (the file there before is as it was){rest}",
                path=exc.path,
                reason=exc.reason,
                rest=rest,
            )
        else:
            said = tr(
                "could not write {path}: {reason} (nothing of it left){rest}",
                path=exc.path,
                reason=exc.reason,
                rest=rest,
            )
        fail(said)
        return
    except KeyboardInterrupt:  # stopped in one line, and no part of a file left to be refused later
        if console is not None and console.is_terminal:  # the line starts after the terminal's "^C" otherwise
            console.print()
        _wrote(written)
        say_error(
            tr(
                "stopped: {count}; to write the rest, {again}",
                count=_count(written, len(plan.jobs)),
                again=again,
            )
        )
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
        said = trn(
            "{paths} is not a whole PDF: written again",
            "{paths} are not a whole PDF: written again",
            len(broken),
            paths=_listed(broken),
        )
        typer.echo(tr("note: {text}", text=said), err=True)
    kept = [path for path in there if path not in broken]
    plan = without(plan, kept)
    if not plan.jobs:
        said = trn("nothing to write: the file is there", "nothing to write: all {n} files are there", total)
        typer.echo(tr("note: {text}", text=said))
    elif kept:
        said = trn(
            "{kept} of the {n} file already there, kept",
            "{kept} of the {n} files already there, kept",
            total,
            kept=len(kept),
        )
        typer.echo(tr("note: {text}", text=said), err=True)
    return plan


def _listed(paths: list[Path]) -> str:
    """The first three paths, and how many more."""
    listed = ", ".join(str(p) for p in paths[:3])
    if len(paths) > 3:
        return trn("{paths} and {n} more", "{paths} and {n} more", len(paths) - 3, paths=listed)
    return listed


def _wrote(paths: list[Path]) -> None:
    for path in paths:
        typer.echo(tr("wrote {path}", path=path))


def _count(written: list[Path], total: int) -> str:
    return trn("{written} of {n} file written", "{written} of {n} files written", total, written=len(written))
