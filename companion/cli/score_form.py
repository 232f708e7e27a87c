"""The interactive form of ``companion score``: one line per player, typed at a terminal or piped in.

At a terminal each line is checked as it is typed (a wrong one is typed again; the others are kept), a line
with a name already typed replaces that player's line, ``drop NAME`` removes one, ``quit`` or Ctrl-D leaves (both also in the table's language)
without a score, and what only the whole table can tell (card counts, the number of players) is said at the empty line that ends the form, every line
kept to be corrected: a wrong line never costs the others. Piped input is read
as it comes, an empty line or the end of input finishing it, and judged whole by the command.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass

import typer

from ai.words import tr, typed_forms
from companion.messages import say


@dataclass(frozen=True)
class Form:
    """What one game's form asks: its prompt and first line, how a line names its player, what each line
    (with those before it) and the whole table must pass (raising ``error`` with the reason)."""

    prompt: str
    intro: str
    thing: str  # "pile" or "player": said in "type that pile again" (:func:`_again`)
    name_of: Callable[[str], str]
    check_lines: Callable[[list[str]], object]  # what they return is not used
    check_all: Callable[[list[str]], object]
    error: type[Exception]


def read_form(form: Form, quiet: bool) -> list[str]:
    """The lines of ``form``, as typed (see the module)."""
    interactive = sys.stdin.isatty()
    if interactive:
        import readline  # noqa: F401  (line editing: the arrows move in the line, the up arrow recalls one)
    if interactive and not quiet:
        say(form.intro)
    lines: list[str] = []
    while True:
        try:
            line = input(form.prompt if interactive else "").strip()
        except KeyboardInterrupt:  # leaves, on a line of its own
            typer.echo(err=True)
            raise typer.Exit(130) from None
        except EOFError:
            # Ctrl-D leaves, as the form says
            if interactive:
                typer.echo()
                _leave()
            break
        if not interactive:
            if not line:
                break
            lines.append(line)
            continue
        if line.lower() in ("quit", "exit", "q", *typed_forms("quit")):
            _leave()
        if not line:
            try:
                form.check_all(lines)
            except form.error as exc:
                say(_again(form.thing, str(exc), "whole"), err=True)
                continue
            break
        lines = _typed(form, lines, line)
    return lines


def _leave() -> None:
    say(tr("Left; nothing was scored."), err=True)
    raise typer.Exit(1)


def _again(thing: str, error: str, where: str) -> str:
    """The line refusing a typed line, and what to type instead; ``where``: ``whole`` (the table, at the empty
    line), ``line`` (the line alone) or ``lines`` (with those before it). A whole sentence per thing (a pile,
    a player): the noun takes its case in each language."""
    if thing == "pile":
        return {
            "whole": tr(
                "✗ {error}: type a pile again, a missing one, or drop NAME (Ctrl-D leaves)", error=error
            ),
            "line": tr("✗ {error}: type that pile again", error=error),
            "lines": tr("✗ {error}: type that pile again, or drop NAME", error=error),
        }[where]
    return {
        "whole": tr(
            "✗ {error}: type a player again, a missing one, or drop NAME (Ctrl-D leaves)", error=error
        ),
        "line": tr("✗ {error}: type that player again", error=error),
        "lines": tr("✗ {error}: type that player again, or drop NAME", error=error),
    }[where]


def _typed(form: Form, lines: list[str], line: str) -> list[str]:
    """``lines`` with ``line`` added, replacing its player's line or dropping one; unchanged, with one line
    saying why, if it is refused."""
    names = [form.name_of(text).lower() for text in lines]  # each was read by name_of when typed
    word, _, rest = line.partition(" ")
    if word.lower() in ("drop", *typed_forms("drop")) and rest.strip():
        gone = rest.strip().lower()
        if gone not in names:
            if form.thing == "pile":
                say(tr("✗ no pile called {name} typed", name=repr(rest.strip())), err=True)
            else:
                say(tr("✗ no player called {name} typed", name=repr(rest.strip())), err=True)
            return lines
        say(tr("{name}'s line dropped.", name=form.name_of(lines[names.index(gone)])), err=True)
        return [text for text, name in zip(lines, names, strict=True) if name != gone]
    try:
        name = form.name_of(line)
    except form.error as exc:
        say(_again(form.thing, str(exc), "line"), err=True)
        return lines
    replacing = name.lower() in names
    after = list(lines)
    if replacing:  # under the name as first typed
        first = form.name_of(lines[names.index(name.lower())])
        line = line.replace(name, first, 1)
        name = first
        after[names.index(name.lower())] = line
    else:
        after.append(line)
    try:
        form.check_lines(after)
    except form.error as exc:
        say(_again(form.thing, str(exc), "lines"), err=True)
        return lines
    if replacing:
        say(tr("{name}'s line replaced.", name=name), err=True)
    return after
