"""What ``companion print KIND GAME`` writes: the plan (files, notes, refusals) and building it."""

from __future__ import annotations

import contextlib
import errno
import gc
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from printables.registry import GAMES, KIND_TITLES, KINDS, Builder, NotAvailable, Options, filename, game_docs


class PlanError(ValueError):
    """The request cannot be printed at all (one clear line for the person)."""


@dataclass(frozen=True)
class Job:
    game: str
    kind: str
    path: Path
    builder: Builder
    options: Options

    @property
    def label(self) -> str:
        return f"{self.game} {KIND_TITLES[self.kind]} {self.options.paper} {self.options.lang}"


@dataclass
class Plan:
    jobs: list[Job] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def make_plans(
    kind: str, game: str, options: Options, out: Path, papers: Sequence[str], langs: Sequence[str]
) -> Plan:
    """:func:`make_plan` for every paper and language asked for, as one plan (notes said once). The games'
    engines it imports make many objects that live as long as the process: no pass of the collector over
    them (:func:`_collector_paused`)."""
    plan = Plan()
    with _collector_paused():
        for lang in langs:
            for paper in papers:
                one = make_plan(kind, game, replace(options, paper=paper, lang=lang), out)
                plan.jobs += one.jobs
                plan.notes += [n for n in one.notes if n not in plan.notes]
    return plan


def make_plan(kind: str, game: str, options: Options, out: Path) -> Plan:
    """The files to write for ``kind`` (or ``all``) of ``game`` (or ``all``). A single game or kind that cannot
    be printed raises :class:`PlanError`; under ``all`` it becomes a note and is skipped."""
    if kind != "all" and kind not in KINDS:
        raise PlanError(f"unknown document {kind!r}; choose from {', '.join(KINDS)} or all")
    if game != "all" and game not in GAMES:
        raise PlanError(f"unknown game {game!r}; choose from {', '.join(GAMES)} or all")
    plan = Plan()
    for name in GAMES if game == "all" else [game]:
        try:
            docs = game_docs(name)
        except NotAvailable as exc:
            if game != "all":
                raise PlanError(str(exc)) from exc
            plan.notes.append(str(exc))
            continue
        kinds = [k for k in KINDS if k in docs.documents] if kind == "all" else [kind]
        if kind == "all" and "automa" not in docs.documents:
            plan.notes.append(
                f"{name} has no automa card yet (its normal bot is not a list of priority rules)"
            )
        for k in kinds:
            if k not in docs.documents:
                why = f"{name} has no {KIND_TITLES[k]}"
                if k == "automa":
                    why += " (its normal bot is not a list of priority rules)"
                if game != "all":
                    raise PlanError(why)
                plan.notes.append(why)
                continue
            opts = options
            if k == "scorepad":
                try:
                    opts = replace(options, players=docs.players_for(options.players))
                except ValueError as exc:
                    if game != "all" and kind != "all":  # the pad alone asked for: refused, as with all games
                        raise PlanError(str(exc)) from exc
                    opts = replace(options, players=docs.players_for(None))
                    plan.notes.append(f"{exc}: its score pad uses its default instead")
            path = out / filename(name, k, options.paper, options.lang, options.seed_values)
            plan.jobs.append(Job(name, k, path, docs.documents[k], opts))
    return plan


def existing(plan: Plan) -> list[Path]:
    return [job.path for job in plan.jobs if job.path.exists()]


def whole(path: Path) -> bool:
    """Whether the file at ``path`` is a whole PDF (``pdfcheck.inspect``: header, cross-references, trailer): a
    copy cut short, an empty file or one cut off by an older version on a full disk is not, and
    ``--skip-existing`` writes it again."""
    from printables.pdfcheck import inspect

    try:
        inspect(path.read_bytes())
    except (OSError, ValueError):  # InvalidPdf is a ValueError
        return False
    return True


def without(plan: Plan, paths: Sequence[Path]) -> Plan:
    """The plan less the jobs writing ``paths`` (``--skip-existing``: the files already there)."""
    skip = set(paths)
    return Plan([job for job in plan.jobs if job.path not in skip], list(plan.notes))


class WriteFailed(Exception):
    """A file could not be written (``reason``: the system's words, "no space left on device"); no part of it
    was left (``started``: a file was being written, not its directory made); ``full``: the disk is."""

    def __init__(self, path: Path, reason: str, full: bool, started: bool) -> None:
        super().__init__(f"could not write {path}: {reason}")
        self.path = path
        self.reason = reason
        self.full = full
        self.started = started


def run(
    plan: Plan,
    on_done: Callable[[Job], None] | None = None,
    on_start: Callable[[Job], None] | None = None,
    written: list[Path] | None = None,
) -> list[Path]:
    """Build and write every job; returns the paths written, each appended to ``written`` (the caller's, so
    that what was written is known when Ctrl-C stops the run) as soon as it is whole.

    Each file is written beside its place under a temporary name and moved into place when complete: a full
    disk or Ctrl-C never leaves a cut-off PDF under a document's name, which a re-run would take for a whole
    one."""
    done = written if written is not None else []
    with _collector_paused():
        for job in plan.jobs:
            if on_start is not None:
                on_start(job)
            data = job.builder(job.options)
            part = job.path.with_name(f".{job.path.name}.part")
            try:
                job.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise _failed(exc, Path(exc.filename or job.path.parent), started=False) from exc
            if not os.access(
                job.path.parent, os.W_OK | os.X_OK
            ):  # the directory is named, not the file that could not be made in it
                reason = "the directory is not writable: make it writable, or choose another --out"
                raise WriteFailed(job.path.parent, reason, full=False, started=False)
            try:
                try:
                    part.write_bytes(data)
                    os.replace(part, job.path)
                finally:
                    part.unlink(missing_ok=True)
            except OSError as exc:
                raise _failed(exc, job.path, started=True) from exc
            done.append(job.path)
            if on_done is not None:
                on_done(job)
    return done


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """No pass of the cyclic garbage collector inside the ``with`` block, and none over what was made before
    its end (:func:`gc.freeze`): building documents makes many objects that live as long as the process (the
    engines' data, the layout caches), and the collector's passes over them cost a sixth of the CPU time of
    ``companion print all all --lang all --paper all``. A run leaves almost no garbage in cycles: its peak
    memory is the same without the collector."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if enabled:
            gc.enable()


def _failed(exc: OSError, path: Path, started: bool) -> WriteFailed:
    """The system's reason, without its error number ("permission denied"); a full disk said so."""
    full = exc.errno in (errno.ENOSPC, errno.EDQUOT)
    reason = "the disk is full" if full else (exc.strerror or str(exc)).lower()
    return WriteFailed(path, reason, full, started)
