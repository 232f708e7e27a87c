"""What the table's screen shows: sentences and boards for people (``TextOutput``), JSON for scripts.

The session decides what goes where (``companion.table.game``); these print it. A private item goes behind a
"pass the screen" gate at a terminal: the gate takes only Enter (a typed line is refused with one line, never
taken for the Enter), the screen and its scrollback are cleared afterwards, and the table's lines come back.
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Iterator
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, Protocol

from ai.protocol import Decision, Event
from ai.words import tr, trn
from companion.errors import SHOWN_INPUT, clipped
from companion.messages import command_apart, fill_to_screen
from companion.screen import terminal
from companion.screen.terminal import Stop

if TYPE_CHECKING:
    from ai.protocol import AnyGame


__all__ = ["GateUndo", "JsonOutput", "Output", "Stop", "TextOutput", "status_line", "step_line"]


class GateUndo(Exception):
    """``undo`` typed at the gate before someone's private news (``private(..., undo=True)``): the session takes
    back the last input instead of showing it. ``news_unseen``: no private news of that input was shown before
    this gate (its reveal, if only in this news, is still nobody's)."""

    def __init__(self, news_unseen: bool = False) -> None:
        super().__init__()
        self.news_unseen = news_unseen


class Output(Protocol):
    def event(self, event: Event, private_to: str | None = None) -> None: ...

    def error(self, message: str, **data: Any) -> None:
        """One line; ``data``: its facts for a program (``kind``: parse, illegal, unsaved or refused; the
        ``input``; a ``suggestion``), in ``--json`` only."""

    def info(self, kind: str, text: str, **data: Any) -> None: ...

    def board(self, game: AnyGame, state: Any, seat: int | None) -> None: ...

    def status(self, game: AnyGame, state: Any, seat: int | None) -> None: ...

    def prompt(self, text: str, to_move: str | None) -> None: ...

    def echo(self, line: str) -> None: ...

    #: The person whose secret input has the screen, if any.
    secret_name: str | None
    #: Each seat's name (as ``private``, ``secret`` and ``hand`` take it) as the screen says it: a typed name as
    #: typed, a game's name for the seat in the table's language ("Бабушка" for Granny); the name itself if absent.
    names_said: dict[str, str]

    def private(self, name: str, lines: list[Any], keep: bool = False, undo: bool = False) -> None:
        """Lines for ``name``'s eyes only; ``keep``: that person types the next secret input, so the screen
        stays theirs (no "hide" and second gate); ``undo``: ``undo`` typed at the gate raises ``GateUndo``."""

    def secret(self, name: str | None) -> str | None:
        """Open (``name``) or close (``None``) a secret input: what is typed and refused until it closes is
        for that person's eyes only. Opening it for the person who has the screen already does nothing. A
        command typed at the gate instead of Enter (``undo``) is returned: the secret input is not opened."""

    def hand(self, name: str, game: AnyGame, state: Any, seat: int, gate: bool) -> None: ...

    def thinking(self, name: str, seconds: float, hint: bool = False) -> AbstractContextManager[None]: ...

    def debug(self, player: str, move: str, decision: Decision[Any]) -> None: ...


def status_line(game: AnyGame, state: Any, seat: int | None) -> str:
    """One line for the screen between boards: the game's own ``status`` where it has one, else the round and
    the seat's own hand from its board data."""
    own = game.status(state, seat)
    if own is not None:
        return own
    data = game.board_data(state, seat)
    parts = [tr("Round {round}", round=data["round"])] if data.get("round") is not None else []
    hand = data.get("your_hand", data.get("hand")) if seat is not None else None
    if isinstance(hand, list):
        cards = " ".join(str(card) for card in hand)
        parts.append(tr("your hand: {cards}", cards=cards) if cards else tr("your hand: empty"))
    parts.append(tr("type board for the whole table"))
    return " · ".join(parts)


class TextOutput:
    """For people: sentences wrapped at word boundaries, the board drawn with rich, one message per error."""

    #: Lines kept to show again after a pass-the-screen gate has cleared the screen.
    RECENT = 30

    def __init__(self, echo_input: bool = False) -> None:
        from rich.console import Console

        self.console = Console(highlight=False)
        self.echo_input = echo_input
        self.interactive = not echo_input and sys.stdin.isatty()
        #: What the screen showed since the last prompt: a gate clears the screen, then this comes back.
        self.recent: list[Any] = []
        #: A gate has cleared the screen since the board was last drawn: the next status line is the board.
        self.cleared = False
        #: The person typing a secret input behind a gate, if any.
        self.secret_name: str | None = None
        self.names_said: dict[str, str] = {}
        #: Private lines were shown behind that gate: "Press Enter to hide" before the screen is cleared.
        self.news = False
        #: The line editor's history length when a secret screen opened: what is typed after it is forgotten
        #: when the screen is hidden; the table's own lines stay for the up arrow.
        self.history_mark: int | None = None

    def _say(self, line: Any) -> None:
        self.console.print(line)
        self.recent = [*self.recent[-self.RECENT + 1 :], line]

    def event(self, event: Event, private_to: str | None = None) -> None:
        from rich.text import Text

        if event.text:
            style = "bold" if event.kind in ("end", "setup") else ""
            self._say(Text(hanging(event.text, self.console.width), style=style))
        for step in event.table:
            self._say(step_line(step, self.console.width))

    def error(self, message: str, **data: Any) -> None:
        """One message; typed text in it is shown as typed (never read as rich markup) and cut when long. Wider
        than the screen, it is wrapped at word boundaries with its rest indented under its text, as an
        info line's is, so that it never reads as a line of its own."""
        from rich.text import Text

        only = (
            only_mark(self._said(self.secret_name)) + " " if self.secret_name and not self.interactive else ""
        )
        said = hanging(f"{only}✗ {clipped(message)}", self.console.width)[len(only) + 2 :]
        self.console.print(Text.assemble(only, ("✗ ", "red"), said), highlight=False)

    def info(self, kind: str, text: str, **data: Any) -> None:
        from rich.text import Text

        command = data.get("command")
        # a command to type again starts a line of its own, whole: a terminal's wrap had broken it at a space
        # (".venv/bin/companion" at the end of one line, "resume 3" on the next)
        apart = command_apart(text, command, self.console.width) if isinstance(command, str) else None
        if apart is not None:  # each part wrapped as every line is, its rest indented
            for line in apart:
                self._say(Text(hanging(line, self.console.width)))
            return
        self._say(Text(hanging(text, self.console.width)))

    def board(self, game: AnyGame, state: Any, seat: int | None) -> None:
        self.console.print(game.render(state, seat), markup=False)
        self.cleared = False

    def status(self, game: AnyGame, state: Any, seat: int | None) -> None:
        """One dim line instead of the whole board (the end event has already named the winner); the board
        itself when a private view has cleared the screen since it was last drawn."""
        from rich.text import Text

        if game.is_over(state):
            return
        if self.cleared:
            self.board(game, state, seat)
        else:
            line = status_line(game, state, seat)
            width = self.console.width
            if any(len(part) > width for part in line.split("\n")):  # as a game broke it for 80 columns, too
                # wide for this screen: broken again for it, between its parts, then between a part's items
                from ai.grid import PARTS
                from ai.lines import between

                line = between(" ".join(part.strip() for part in line.split("\n")), width, PARTS)
            self.console.print(Text(unbroken(line, width), style="dim"))

    def prompt(self, text: str, to_move: str | None) -> None:
        from rich.text import Text

        self.console.print(Text(hanging(text, self.console.width), style="bold cyan"))
        if self.secret_name is None:  # else the table has not seen them yet: they come back when it is hidden
            self.recent = []

    def echo(self, line: str) -> None:
        if self.echo_input:
            long = len(line) > 2 * SHOWN_INPUT
            only = only_mark(self._said(self.secret_name)) + " " if self.secret_name else ""
            cut = trn("({n:,} character)", "({n:,} characters)", len(line)) if long else ""
            self.console.print(
                only + (f"> {line[:SHOWN_INPUT]}… {cut}" if long else f"> {line}"),
                markup=False,
            )

    def secret(self, name: str | None) -> str | None:
        """At a terminal, a gate before a secret input and, once it is over, a cleared screen and scrollback
        (the table's own lines come back); in a transcript its lines are marked ``[only NAME]``. The screen
        that is that person's already (their previous secret input) needs no gate; ``undo`` typed at the gate
        is returned (the table takes back a move without passing the screen)."""
        if name is not None and name == self.secret_name:
            return None
        if self.secret_name and self.interactive:
            if self.news:  # the person's own news was shown behind their gate: read before it is hidden
                self.news = False
                self._hide()
            else:
                self._clear()
        self.secret_name = None
        if name is not None and self.interactive:
            typed = terminal.wait(
                self.console,
                tr(
                    "Pass the screen to {name}; press Enter when only {name} is looking.",
                    name=self._said(name),
                )
                + " ",
                ("undo",),
            )
            if typed:
                return typed
        self.secret_name = name
        self.history_mark = terminal.history_length()
        return None

    def private(self, name: str, lines: list[Any], keep: bool = False, undo: bool = False) -> None:
        """Behind a "pass the screen" gate at a terminal (none when that person has the screen already, typing
        a secret input); marked ``[only NAME]`` in a transcript. ``keep``: the screen stays that person's for
        their secret inputs next, hidden when they are done. ``undo``: the gate also takes ``undo`` (``GateUndo``)."""
        if not self.interactive:
            for line in lines:
                for text in _shown(line, plain=True):
                    if isinstance(text, str):
                        self._print(f"{only_mark(self._said(name))} {text}")
                    else:
                        self.console.print(only_mark(self._said(name)), text, markup=False)
            return
        if self.secret_name == name:  # behind this person's gate already: their secret input's own news
            for line in lines:
                for text in _shown(line, width=self.console.width):
                    self._print(text)
            self.news = True
            return
        self.secret(None)  # another person's screen is hidden first
        try:
            typed = terminal.wait(
                self.console,
                tr("For {name}'s eyes only: press Enter when only {name} is looking.", name=self._said(name))
                + " ",
                ("undo",) if undo else (),
            )
        except (KeyboardInterrupt, EOFError):  # quit, Ctrl-C or Ctrl-D: the news unseen, named on resuming
            raise Stop(unseen=name) from None
        except OSError as gone:  # the window closed (SIGHUP, then the terminal fails): unseen too
            raise Stop(unseen=name) from gone
        if typed:
            raise GateUndo
        for line in lines:
            for text in _shown(line, width=self.console.width):
                self._print(text)
        if keep:  # said: without it the hand would look as if it stayed on the shared screen
            self.console.print(
                tr(
                    "(Still {name}'s screen for the input below; hidden when {name} is done.)",
                    name=self._said(name),
                ),
                markup=False,
            )
            self.secret_name, self.news = name, True
            self.history_mark = terminal.history_length()
            return
        self._hide()

    def _said(self, name: str) -> str:
        return self.names_said.get(name, name)

    def _print(self, line: Any) -> None:
        """A private line: a sentence wrapped at word boundaries with its rest indented, as the shared lines
        are (a terminal's own wrap starts the rest at the left edge); a drawn item as rich draws it."""
        from rich.text import Text

        self.console.print(
            Text(hanging(line, self.console.width)) if isinstance(line, str) else line, markup=False
        )

    def _hide(self) -> None:
        """ "Press Enter to hide", then the screen cleared; cleared too when ``quit`` or Ctrl-C is typed there (the
        private lines never stay on the terminal after the program stops)."""
        try:
            terminal.wait(self.console, tr("Press Enter to hide.") + " ")
        finally:
            self.secret_name = None
            self._clear()

    def _clear(self) -> None:
        """The screen and its scrollback cleared (the next person could scroll up to it), and the lines typed
        so far forgotten by the line editor (the up arrow would bring back a convoy typed behind a gate); the
        table's own lines come back."""
        if self.history_mark is not None:
            terminal.forget_history(self.history_mark)
            self.history_mark = None
        terminal.clear(self.console, self.recent)
        self.cleared = True

    def hand(self, name: str, game: AnyGame, state: Any, seat: int, gate: bool) -> None:
        if gate:
            self.private(name, [game.render(state, seat)])
        else:
            self.console.print(game.render(state, seat), markup=False)

    @contextlib.contextmanager
    def thinking(self, name: str, seconds: float, hint: bool = False) -> Iterator[None]:
        """A spinner at a terminal while a bot searches (``hint``: for ``name``'s hint); nothing in a
        transcript."""
        if not self.interactive or not self.console.is_terminal:
            yield
            return
        up_to = f"{seconds:g}"
        text = (
            tr("The hint's bot is thinking… (up to {seconds} s; Ctrl-C stops and saves)", seconds=up_to)
            if hint
            else tr(
                # a bot's seat, as the game names it (in English): said in the table's language
                "{name} is thinking… (up to {seconds} s; Ctrl-C stops and saves)",
                name=tr(name),
                seconds=up_to,
            )
        )
        if self.console.is_dumb_terminal:  # no spinner can be drawn there
            self.console.print(text, highlight=False)
            yield
            return
        with self.console.status(text):
            yield

    def debug(self, player: str, move: str, decision: Decision[Any]) -> None:
        return None  # never on the shared screen


def only_mark(name: str) -> str:
    """The mark of a line for ``name``'s eyes only in a transcript: ``[only Ann]``."""
    return tr("[only {name}]", name=name)


def hanging(text: str, width: int = 80) -> str:
    """``text`` wrapped at word boundaries to ``width``, each of its lines on its own, a wrapped line's rest
    indented two spaces under its start (a help line's example, a count's line): a terminal's own wrap starts
    it at the left edge, where it reads as a line of its own."""
    out = []
    for line in text.split("\n"):
        lead = line[: len(line) - len(line.lstrip(" "))]
        if len(line) <= width or not line.strip():
            out.append(line)
        elif " · " in line:  # a line of parts (a side's tokens by location): broken between them
            from ai.lines import between

            out.append(between(line, max(width, 20)))
        else:
            out.append(fill_to_screen(line[len(lead) :], lead + "  ", max(width, 20), lead))
    return "\n".join(out)


def unbroken(text: str, width: int = 80) -> str:
    """``text`` as a terminal's wrap shows it (the rest of a line at the left edge), but never broken at a
    no-break space (French puts one before ``:`` and inside « »; rich's own wrap breaks there). A text
    without one is left to the terminal's wrap as it is."""
    if "\u00a0" not in text:
        return text
    return "\n".join(
        line if len(line) <= width else fill_to_screen(line, "", max(width, 20)) for line in text.split("\n")
    )


def step_line(step: str, width: int = 80) -> Any:
    """One of the hands' steps under an event: ``  → `` and the step, wrapped at word boundaries to ``width``
    with the next lines indented under it (no padding to the width)."""
    from rich.text import Text

    return Text(fill_to_screen(step, "    ", max(width, 20), "  → "))


def _shown(line: Any, plain: bool = False, width: int = 80) -> list[Any]:
    """The lines of a private item: an event's text and its table steps, or the item itself."""
    if isinstance(line, Event):
        steps = [f"  → {step}" if plain else step_line(step, width) for step in line.table]
        return [line.text, *steps]
    return [line]


class JsonOutput:
    """For scripts: one JSON object per event on stdout, nothing else. The board comes before every prompt."""

    def __init__(self, reveal_bots: bool = False) -> None:
        self.stream = sys.stdout
        self.reveal_bots = reveal_bots
        self.secret_name: str | None = None
        self.names_said: dict[str, str] = {}
        #: The line read last, as typed: an input refused without one of its own names it.
        self.typed: str | None = None

    def _write(self, obj: dict[str, Any]) -> None:
        self.stream.write(json.dumps(obj, ensure_ascii=False) + "\n")
        self.stream.flush()

    def event(self, event: Event, private_to: str | None = None) -> None:
        """``private_to``: the only person's own news, shown at once: marked, as behind a gate."""
        self._write({**event.as_json(), **({"private_to": private_to} if private_to else {})})

    def error(self, message: str, **data: Any) -> None:
        # a command or an aside that cannot be done now ("nothing to undo") is refused; a move has its own kind
        data.setdefault("kind", "refused")
        if data["kind"] == "refused" and self.typed is not None:
            data.setdefault("input", self.typed)
        only = {"private_to": self.secret_name} if self.secret_name else {}
        typed = data.get("input")
        if isinstance(typed, str) and len(typed) > 2 * SHOWN_INPUT:  # cut as the message cuts it
            data["input"] = typed[:SHOWN_INPUT] + "…"
        self._write({"event": "error", "message": clipped(message), **data, **only})

    def secret(self, name: str | None) -> str | None:
        self.secret_name = name
        return None

    def info(self, kind: str, text: str, **data: Any) -> None:
        self._write({"event": kind, **data, "text": text})

    def board(self, game: AnyGame, state: Any, seat: int | None) -> None:
        # drawn from one seat's view (the only person's: their hand in it), the board says whose
        view = {} if seat is None else {"view_of": game.seat_name(state, seat)}
        self._write({"event": "board", **game.board_data(state, seat), **view})

    def status(self, game: AnyGame, state: Any, seat: int | None) -> None:
        self.board(game, state, seat)

    def prompt(self, text: str, to_move: str | None) -> None:
        self._write({"event": "prompt", "to_move": to_move, "expects": text})

    def echo(self, line: str) -> None:
        self.typed = line.strip()

    def private(self, name: str, lines: list[Any], keep: bool = False, undo: bool = False) -> None:
        for line in lines:
            if isinstance(line, Event):
                self._write({**line.as_json(), "private_to": name})
            else:
                self._write({"event": "private", "private_to": name, "text": str(line)})

    def hand(self, name: str, game: AnyGame, state: Any, seat: int, gate: bool) -> None:
        self._write({"event": "hand", "private_to": name, **game.board_data(state, seat)})

    def thinking(self, name: str, seconds: float, hint: bool = False) -> AbstractContextManager[None]:
        """A ``thinking`` event as a bot starts to search, so that a program can show it;
        for a hint, ``player`` is the seat the hint is for and ``hint`` is true."""
        self._write(
            {"event": "thinking", "player": name, "up_to": seconds, **({"hint": True} if hint else {})}
        )
        return contextlib.nullcontext()

    def debug(self, player: str, move: str, decision: Decision[Any]) -> None:
        """``--reveal-bots``: what a bot may not say at the table (its win chance, a rule reading its hand)."""
        if self.reveal_bots:
            self._write(
                {
                    "event": "debug",
                    "player": player,
                    "move": move,
                    "value": decision.value,
                    "debug": decision.debug,
                }
            )
