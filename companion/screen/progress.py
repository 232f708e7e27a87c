"""A bar for long work a person watches (an arena's games): rich, on standard error, gone when done, and not
drawn at all into a pipe or a file: a long run never shows a blank screen, and Ctrl-C says how far it came."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from ai.words import tr, trn


@contextmanager
def games_bar(label: str, total: int) -> Iterator[Callable[[int], Callable[[int], None]]]:
    """Yields ``part(offset)``: the callback for a run whose games count on from ``offset`` (RIP and Prudh play
    their games in two runs, the seats swapped); it takes the games that run has finished. Ctrl-C says how many
    games were played, none of them reported."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    console = Console(stderr=True, highlight=False)
    done = [0]

    def counted(offset: int, update: Callable[[int], None] | None) -> Callable[[int], None]:
        def tell(finished: int) -> None:
            done[0] = offset + finished
            if update is not None:
                update(done[0])

        return tell

    try:
        if not console.is_terminal:
            yield lambda offset: counted(offset, None)
            return
        if console.is_dumb_terminal:
            steps = PlainSteps(console, label, "games", total)
            yield lambda offset: counted(offset, steps.update)
            return
        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
        with Progress(*columns, console=console, transient=True) as bar:
            task = bar.add_task(label, total=total)
            yield lambda offset: counted(offset, lambda n: bar.update(task, completed=n))
    except KeyboardInterrupt:
        console.print(
            trn(
                "Stopped after {done} of {n} games; nothing is reported for a run cut short.",
                "Stopped after {done} of {n} games; nothing is reported for a run cut short.",
                total,
                done=done[0],
            )
        )
        raise


class PlainSteps:
    """Progress at a terminal that cannot redraw a line (``TERM=dumb``, where rich draws no bar at all): a line as
    the work starts, then one at each tenth done. ``noun``: ``games`` or ``files``."""

    def __init__(self, console: Any, label: str, noun: str, total: int) -> None:
        self.console, self.noun, self.total = console, noun, total
        self.shown = 0
        if noun == "files":
            start = trn("{n} file to do…", "{n} files to do…", total)
        else:
            start = trn("{n} game to do…", "{n} games to do…", total)
        console.print(
            start if label == noun else tr("{label}: {start}", label=label, start=start), highlight=False
        )

    def update(self, done: int) -> None:
        tenth = done * 10 // max(self.total, 1)
        if tenth > self.shown and done < self.total:
            self.shown = tenth
            if self.noun == "files":
                line = trn("… {done} of {n} file", "… {done} of {n} files", self.total, done=done)
            else:
                line = trn("… {done} of {n} game", "… {done} of {n} games", self.total, done=done)
            self.console.print(line, highlight=False)
