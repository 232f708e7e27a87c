"""Command groups that build a command only when it is asked for.

Typer builds a click command from the signature of its function (every ``Annotated`` parameter evaluated), the
costliest part of a start; building all of them made every ``companion`` command pay for the other nineteen. A
:class:`LazyTyper` keeps what its decorators register aside, and its click group (:class:`LazyGroup`) builds a
command, or a group of commands, when the command line, a help page, a typo's suggestion or a shell completion
asks for it by name. A name that is not registered yet imports the command module named after it
(``companion.cli.commands``); a listing imports those that register on its group. What each command does and refuses is typer's,
unchanged; what its help page says is spoken in the language of the table (:func:`speak`), as it is built, so
only the asked command's words are looked up.
"""

from __future__ import annotations

import inspect
import shutil
from collections.abc import Callable, Iterator, MutableMapping, Sequence
from typing import Any

import typer
import typer.core
from typer._click import Context, HelpFormatter
from typer.core import TyperCommand, TyperGroup
from typer.main import get_command_from_info, get_group_from_info
from typer.models import CommandFunctionType, CommandInfo, TyperInfo

from ai.words import LANGS, current, ptr, tr

#: Any click command, as typer's vendored click names it.
AnyCommand = Any
#: The package whose modules register the commands (each imports the apps, which hold their groups): found by
#: name, as a plugin is, since it builds on this module.
REGISTRY = "companion.cli.commands"


def _registry() -> Any:
    import importlib

    return importlib.import_module(REGISTRY)


#: typer's own words on a help page, which it asks of gettext's ``_``: what follows an option's help in brackets.
#: Only these are spoken (the headings are spoken whole, with their colon, by the formatter; its usage errors
#: are worded by ``companion.cli.apps``).
HELP_WORDS = frozenset({"default: {default}", "required", "env var: {var}", "(dynamic)"})


def _typer_word(message: str) -> str:
    return tr(message) if message in HELP_WORDS else message


typer.core._ = _typer_word  # type: ignore[attr-defined]  # typer's gettext hook, read at each use


#: The types click names in an option's placeholder (``--seed <int range>``), spoken with the rest of the help.
TYPE_NAMES = frozenset({"int", "int range", "integer", "float", "float range", "str", "text", "path"})


def speak(command: AnyCommand) -> None:
    """A built command's help in the current language, in place: its text (a paragraph a message: a docstring
    is wrapped at the source's width, click wraps it at the screen's), its line in its group's list, and each
    parameter's help and placeholder (``GAME``, ``<int range>``). English keeps the text as written. Each click
    command is built for one command line, in its language."""
    if current() == LANGS[0] or getattr(command, "spoken", False):
        return
    command.spoken = True
    # click's usage line: "companion play [OPTIONS] COMMAND [ARGS]..."
    if command.options_metavar == "[OPTIONS]":
        command.options_metavar = tr("[OPTIONS]")
    if getattr(command, "subcommand_metavar", None) == "COMMAND [ARGS]...":
        command.subcommand_metavar = tr("COMMAND [ARGS]...")
    if command.help:
        paragraphs = inspect.cleandoc(command.help).split("\n\n")
        flowing = [" ".join(paragraph.split()) for paragraph in paragraphs]
        command.help = "\n\n".join(tr(paragraph) for paragraph in flowing)
    if command.short_help:
        command.short_help = tr(command.short_help)
    elif (
        command.help
    ):  # a group's line in its parent's list: whole, as a command's (click would cut it short)
        command.short_help = command.help.partition("\n\n")[0]
    for param in command.params:
        if getattr(param, "help", None):
            param.help = tr(param.help)
        if param.metavar:
            param.metavar = tr(param.metavar)
        elif param.param_type_name == "option" and param.type.name in TYPE_NAMES and not param.is_flag:
            # click shows the value's type in its place: ``<int range>``
            param.metavar = f"<{ptr('type', param.type.name)}>" + ("..." if param.nargs != 1 else "")


#: Stands for "-" while click wraps a help text: its wrapper breaks a line after a hyphen, which cut names
#: and commands a person copies (``potra-`` / ``bash``, ``--think``); it has the width of a hyphen.
_KEPT_HYPHEN = "\ue000"


#: The narrowest column an option's text is set in beside it; narrower, the text goes under the option.
NARROWEST = 24


class _Formatter(HelpFormatter):
    """click's help page, its own words (the usage line's prefix, the headings: ``Options:``, French
    ``Options :``) in the language of the table; wrapped at spaces only, never after a hyphen."""

    def __init__(
        self, indent_increment: int = 2, width: int | None = None, max_width: int | None = None
    ) -> None:
        # click lays a page out for 50 columns at least, which a phone's terminal (40) would cut inside words
        if width is None:
            width = max(min(shutil.get_terminal_size().columns, max_width or 80) - 2, 20)
        super().__init__(indent_increment, width, max_width)

    def write_text(self, text: str) -> None:
        start = len(self.buffer)
        super().write_text(text.replace("-", _KEPT_HYPHEN))
        self._restore_hyphens(start)

    def write_dl(self, rows: Sequence[tuple[str, str]], col_max: int = 30, col_spacing: int = 2) -> None:
        """The options (or commands) and their texts: beside them where the texts get a column of
        :data:`NARROWEST` or more, else (a phone) each text on lines of its own under its option, indented; a
        column of ten letters beside them would cut a number inside ("0<=x<=92" / "23372036854775807")."""
        import textwrap

        start = len(self.buffer)
        rows = [(term, text.replace("-", _KEPT_HYPHEN)) for term, text in rows]
        widest = max((len(term) for term, _ in rows), default=0)
        if self.width - self.current_indent - min(widest, col_max) - col_spacing - 2 >= NARROWEST:
            super().write_dl(rows, col_max, col_spacing)
        else:
            indent = " " * (self.current_indent + 4)
            for term, text in rows:
                self.write(f"{'':>{self.current_indent}}{term}\n")
                if text:
                    said = textwrap.fill(
                        text,
                        max(self.width, len(indent) + 20),
                        initial_indent=indent,
                        subsequent_indent=indent,
                        break_long_words=False,
                        break_on_hyphens=False,
                    )
                    self.write(said + "\n")
        self._restore_hyphens(start)

    def _restore_hyphens(self, start: int) -> None:
        self.buffer[start:] = [part.replace(_KEPT_HYPHEN, "-") for part in self.buffer[start:]]

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, f"{tr('Usage:')} " if prefix is None else prefix)

    def write_heading(self, heading: str) -> None:
        self.write(f"{'':>{self.current_indent}}{tr(f'{heading}:')}\n")


class _Context(Context):
    formatter_class = _Formatter


def _spoken_help_option(option: Any) -> Any:
    """click's ``--help`` option (made when a help page or a parse first needs it), its help spoken."""
    if option is not None:
        option.help = tr("Show this message and exit.")
    return option


class SpokenCommand(TyperCommand):
    """A typer command whose help page speaks the language of the table (its texts: :func:`speak`)."""

    context_class = _Context

    def get_help_option(self, ctx: Any) -> Any:
        return _spoken_help_option(super().get_help_option(ctx))


class LazyTyper(typer.Typer):
    """A typer app whose commands and groups are built on demand by its click group (``cls``, a
    :class:`LazyGroup`)."""

    def __init__(
        self, *, cls: type[LazyGroup] | None = None, general: bool | None = None, **options: Any
    ) -> None:
        self.lazy_commands: list[CommandInfo] = []
        self.lazy_groups: list[TyperInfo] = []
        #: Which of the registry's command modules register on this app, for its listing (``load_all``): the
        #: general ones (``True``), the games' (``False``), or any (``None``).
        self.general = general
        # the group typer builds for this app finds its commands here
        bound = type((cls or LazyGroup).__name__, (cls or LazyGroup,), {"source": self})
        super().__init__(cls=bound, **options)

    def command(
        self, name: str | None = None, **options: Any
    ) -> Callable[[CommandFunctionType], CommandFunctionType]:
        register = super().command(name, **options)

        def decorator(f: CommandFunctionType) -> CommandFunctionType:
            register(f)
            self.lazy_commands.append(self.registered_commands.pop())
            return f

        return decorator

    def add_typer(self, typer_instance: typer.Typer, **options: Any) -> None:
        super().add_typer(typer_instance, **options)
        self.lazy_groups.append(self.registered_groups.pop())


class LazyGroup(TyperGroup):
    """A typer group whose ``commands`` are built from its :class:`LazyTyper` when named."""

    source: LazyTyper
    context_class = _Context

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self.commands = _Commands(self)

    def get_help_option(self, ctx: Any) -> Any:
        return _spoken_help_option(super().get_help_option(ctx))

    def list_commands(self, ctx: Any) -> list[str]:
        return list(self.commands)  # the names: a listing builds only what it shows


class _Commands(MutableMapping[str, AnyCommand]):
    """A group's commands by name, in the order of ``companion --help``: the commands, then the groups; each
    built once, when first looked up."""

    def __init__(self, group: LazyGroup) -> None:
        self.group = group
        self.built: dict[str, AnyCommand] = {}

    def _find(self, name: str) -> CommandInfo | TyperInfo | None:
        entries: list[CommandInfo | TyperInfo] = [
            *self.group.source.lazy_commands,
            *self.group.source.lazy_groups,
        ]
        return next((entry for entry in entries if _name(entry) == name), None)

    def __getitem__(self, name: str) -> AnyCommand:
        if name in self.built:
            return self.built[name]
        load, load_all = _registry().load, _registry().load_all
        entry = self._find(name)
        if entry is None:  # registered by the module named after it, else by any
            load(name)
            entry = self._find(name)
        if entry is None:
            load_all()
            entry = self._find(name)
        if entry is None:
            raise KeyError(name)
        self.built[name] = command = self._build(entry)
        return command

    def _build(self, entry: CommandInfo | TyperInfo) -> AnyCommand:
        group, source = self.group, self.group.source
        if isinstance(entry, TyperInfo):  # as typer builds a group inside its parent
            built = get_group_from_info(
                entry,
                pretty_exceptions_short=source.pretty_exceptions_short,
                suggest_commands=group.suggest_commands,
                rich_markup_mode=group.rich_markup_mode,
            )
            speak(built)
            return built
        doc = entry.help or (entry.callback.__doc__ if entry.callback else None)
        if entry.short_help is None and doc:
            # listed in its group: the first paragraph of its docstring as one flowing line (docstrings are
            # wrapped at the source's width, not the terminal's)
            entry.short_help = " ".join(inspect.cleandoc(doc).partition("\n\n")[0].split())
        if entry.cls in (None, TyperCommand):  # a command class of its own stays
            entry.cls = SpokenCommand
        command = get_command_from_info(
            entry,
            pretty_exceptions_short=source.pretty_exceptions_short,
            rich_markup_mode=group.rich_markup_mode,
        )
        speak(command)
        return command

    def __iter__(self) -> Iterator[str]:
        load_all, rank = _registry().load_all, _registry().rank
        load_all(self.group.source.general)
        source = self.group.source
        entries: list[CommandInfo | TyperInfo] = [
            *sorted(source.lazy_commands, key=lambda c: rank(c.callback)),
            *source.lazy_groups,
        ]
        names = [_name(entry) for entry in entries]
        return iter([*names, *(name for name in self.built if name not in names)])

    def __len__(self) -> int:
        return len(list(iter(self)))

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and (name in self.built or name in list(iter(self)))

    def __setitem__(self, name: str, command: AnyCommand) -> None:
        self.built[name] = command

    def __delitem__(self, name: str) -> None:
        raise TypeError("a registered command stays")


def _name(entry: CommandInfo | TyperInfo) -> str:
    """The name typer gives a registered command or group."""
    if isinstance(entry, TyperInfo):
        assert isinstance(entry.name, str), "a group is added with its name"
        return entry.name
    assert entry.callback is not None
    return entry.name or entry.callback.__name__.lower().replace("_", "-")
