"""A bar for long work a person watches (an arena's games): rich, on standard error, gone when done, and not
drawn at all into a pipe or a file. A trial: four arenas showed a blank screen until they finished."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager


@contextmanager
def games_bar(label: str, total: int) -> Iterator[Callable[[int], Callable[[int], None]]]:
    """Yields ``part(offset)``: the callback for a run whose games count on from ``offset`` (RIP and Prudh play
    their games in two runs, the seats swapped); it takes the games that run has finished."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    console = Console(stderr=True, highlight=False)
    if not console.is_terminal:
        yield lambda offset: lambda done: None
        return
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(label, total=total)

        def part(offset: int) -> Callable[[int], None]:
            return lambda done: bar.update(task, completed=offset + done)

        yield part
