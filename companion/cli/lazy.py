"""Command groups that build a command only when it is asked for.

Typer builds a click command from the signature of its function (every ``Annotated`` parameter evaluated), the
costliest part of a start; building all of them made every ``companion`` command pay for the other nineteen. A
:class:`LazyTyper` keeps what its decorators register aside, and its click group (:class:`LazyGroup`) builds a
command, or a group of commands, when the command line, a help page, a typo's suggestion or a shell completion
asks for it by name. A name that is not registered yet imports the command module named after it
(``companion.cli.commands``); a listing imports them all. What each command does, says and refuses is
typer's, unchanged.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator, MutableMapping
from typing import Any

import typer
from typer.core import TyperGroup
from typer.main import get_command_from_info, get_group_from_info
from typer.models import CommandFunctionType, CommandInfo, TyperInfo

#: Any click command, as typer's vendored click names it.
AnyCommand = Any
#: The package whose modules register the commands (each imports the apps, which hold their groups): found by
#: name, as a plugin is, since it builds on this module.
REGISTRY = "companion.cli.commands"


def _registry() -> Any:
    import importlib

    return importlib.import_module(REGISTRY)


class LazyTyper(typer.Typer):
    """A typer app whose commands and groups are built on demand by its click group (``cls``, a
    :class:`LazyGroup`)."""

    def __init__(self, *, cls: type[LazyGroup] | None = None, **options: Any) -> None:
        self.lazy_commands: list[CommandInfo] = []
        self.lazy_groups: list[TyperInfo] = []
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

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self.commands = _Commands(self)

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
            return get_group_from_info(
                entry,
                pretty_exceptions_short=source.pretty_exceptions_short,
                suggest_commands=group.suggest_commands,
                rich_markup_mode=group.rich_markup_mode,
            )
        doc = entry.help or (entry.callback.__doc__ if entry.callback else None)
        if entry.short_help is None and doc:
            # listed in its group: the first paragraph of its docstring as one flowing line (docstrings are
            # wrapped at the source's width, not the terminal's)
            entry.short_help = " ".join(inspect.cleandoc(doc).partition("\n\n")[0].split())
        return get_command_from_info(
            entry,
            pretty_exceptions_short=source.pretty_exceptions_short,
            rich_markup_mode=group.rich_markup_mode,
        )

    def __iter__(self) -> Iterator[str]:
        load_all, rank = _registry().load_all, _registry().rank
        load_all()
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
