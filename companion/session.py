"""The one table-session loop for every game: prompts, what a person types (a move, a command, a secret input
behind its gate), and the board between inputs.

The game's record, its states and each step as the table gets it (with the one rule for what the shared screen
may show) are ``companion.table``; the person's asides (hand, hint, undo) are ``companion.asides``.
"""

from __future__ import annotations

import contextlib
import functools
import sys
from collections.abc import Callable
from typing import Any

from companion import asides, opening, secret_input, terminal
from companion.errors import Unsaved
from companion.opening import command_name, short_title
from companion.replay import ReplayError
from companion.screen import GateUndo, JsonOutput, Output, TextOutput
from companion.seats import is_human
from companion.table import TableGame

#: The outputs live in ``companion.screen``, the game's record in ``companion.table`` and what a session says as
#: it opens and stops in ``companion.opening``; importing them from here keeps working.
__all__ = [
    "JsonOutput",
    "Output",
    "ReplayError",
    "TableSession",
    "TextOutput",
    "command_name",
    "is_human",
    "line_reader",
    "short_title",
]


class TableSession(TableGame):
    """A game at the table (``TableGame``) played through its loop: prompts, inputs and commands."""

    # -- what a person asks besides a move (companion.asides) --

    def hand(self, name: str) -> bool:
        """A person's own view (their hand): at once for the only person, else behind a pass-the-screen gate."""
        return asides.hand(self, name)

    def hint(self, rest: str) -> bool:
        """What the strongest bot would do in the seat of the person to move, and why: only for that person."""
        return asides.hint(self, rest)

    def undo(self) -> bool:
        """Take back the last human input and the bot moves that answered it, naming the steps back."""
        return asides.undo(self)

    def after_input(self, before: Any, bots_moved: bool) -> None:
        """The board when it matters (a new round, after the bots' turns), else one status line."""
        state = self.state
        if not self.game.is_over(state) and (bots_moved or self.new_round(before, state)):
            self.out.board(self.game, state, self.view_seat)
        else:
            self.out.status(self.game, state, self.view_seat)

    def _bots_then_board(self) -> None:
        """The bots' moves, then the board, unless they ended the game (the end event has named the winner)."""
        over = self.game.is_over(self.state)
        self.play_bots()
        if self.game.is_over(self.state) and not over:
            self.out.status(self.game, self.state, self.view_seat)
        else:
            self.out.board(self.game, self.state, self.view_seat)

    def new_round(self, before: Any, after: Any) -> bool:
        """The game's ``show_board_after`` where it has one, else whether the ``round`` changed."""
        hook = getattr(self.game, "show_board_after", None)
        if hook is not None:
            return bool(hook(before, after))
        return getattr(before, "round", None) != getattr(after, "round", None)

    # -- the loop --

    def run(self, read_line: Callable[[], str | None]) -> None:
        try:
            with terminal.stop_on_signals():
                self._run(read_line)
        # Ctrl-C while a bot thinks or at a gate, Ctrl-D at a gate (a trial: only "Stopped.", no way back
        # named): every input is already saved, and the screen was cleared
        except (KeyboardInterrupt, EOFError) as stop:
            if not self.game.is_over(self.state):
                why = "Input ended" if isinstance(stop, EOFError) else "Stopped"
                opening.saved(self, why, getattr(stop, "unseen", None))

    def _run(self, read_line: Callable[[], str | None]) -> None:
        out = self.out
        opening.announce(self)
        self._undoable(self._bots_then_board)
        while True:
            over = self.game.is_over(self.state)
            owed = not over and not self.is_human_turn()  # a bot's move could not be saved (a full disk)
            secret = self.secret_seat()
            if secret is None:  # nobody's screen stays open over an input the table types
                out.secret(None)
            if over:
                out.prompt("The game is over: undo takes back the last input; quit (or Enter) leaves.", None)
            elif owed:
                out.prompt(
                    f"Enter: {self._bots_move()} again; undo takes back the last input; quit stops.", None
                )
            elif secret is None:  # a secret input's prompt is shown behind its gate (secret_input.read)
                self.prompt_move()
            line = read_line() if secret is None else secret_input.read(self, secret, read_line)
            if line is None:
                if not over:
                    opening.saved(self, "Input ended")
                return
            if secret is None:  # a secret input was echoed behind its gate
                out.echo(line)
            typed = line.strip()
            command = typed.lower()
            if command in terminal.QUIT or (over and not command):
                if not over:
                    opening.saved(self, "Stopped")
                return
            if owed and not command:
                self._undoable(self._bots_then_board)
                continue
            if not typed:
                out.error("nothing typed")
                continue
            if command == "undo":
                self._undoable(self._undo_then_bots)
                continue
            word, _, rest = typed.partition(" ")
            word = word.lower()
            # a word after board or help changes nothing (a trial: `board bot2` got "did you mean 'board'?",
            # `undo 2` "did you mean 'window'?"); after undo or quit it is refused, nothing done
            if word == "board":
                out.board(self.game, self.state, self.view_seat)
                continue
            if word in ("help", "?"):
                out.info("help", self.game.input_help(self.state))
                continue
            if word == "undo":
                out.error("undo takes back one input at a time: type undo alone")
                continue
            if word in ("quit", "exit"):
                out.error(f"type {word} alone to stop (the game is saved)")
                continue
            if word == "hand" or (word == "hint" and not over and not owed):
                hidden = self.hand(rest.strip()) if word == "hand" else self.hint(rest.strip())
                if hidden:  # the private view was hidden with the screen: the table again
                    out.board(self.game, self.state, self.view_seat)
                continue
            if over:
                out.error("the game is over: undo, board, help or quit")
                continue
            if owed:  # a move typed here is not taken for the Enter: the table would be a move ahead
                them = "it" if self._bots_move() == "the bot moves" else "them"
                out.error(
                    f"not played: {self._bots_move()} first: press Enter to let {them}, then type it again"
                )
                continue
            self._undoable(functools.partial(self._move, typed, secret))

    def _bots_move(self) -> str:
        """One bot in the singular (a trial read "the bots move again" in Prudh)."""
        return "the bots move" if len(self.seats) - len(self.humans) > 1 else "the bot moves"

    def prompt_move(self) -> None:
        """What the seat to move may type now."""
        seat = self.game.to_move(self.state)
        self.out.prompt(
            self.game.prompt(self.state), self.game.seat_name(self.state, seat) if seat >= 0 else "chance"
        )

    def _move(self, typed: str, secret: int | None) -> None:
        """A person's move, its news (behind gates where private) and the bots' answers."""
        before = self.state
        moved = self.human(typed)
        if secret is not None:
            secret_input.end(self, secret)
        if moved:
            self.after_input(before, self.play_bots())

    def _undo_then_bots(self) -> None:
        if self.undo():
            self._bots_then_board()

    def _undoable(self, action: Callable[[], None]) -> None:
        """``action``; ``undo`` typed at the gate before someone's private news (``GateUndo``) takes back the
        last input there, that news unseen, as at the prompt."""
        while True:
            try:
                action()
                return
            except GateUndo:
                self.out.echo("undo")
                action = self._undo_then_bots
            except Unsaved as exc:  # a full disk: the game as it was; the next input tries again
                self.out.error(str(exc), kind="unsaved", **({"input": exc.input} if exc.input else {}))
                return


def line_reader(interactive: bool) -> Callable[[], str | None]:
    """One input per line: ``input()`` at a terminal (with line editing), else lines from stdin."""
    if interactive:
        # arrow keys move in the line and through earlier inputs instead of typing escape codes (not on
        # every platform)
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401

        def read() -> str | None:
            try:
                return input("> ")
            except EOFError:  # Ctrl-D: the input ended
                print()
                return None
            except KeyboardInterrupt:  # Ctrl-C: stopped, as while a bot thinks or at a gate
                print()
                raise

        return read

    def read_piped() -> str | None:
        line = sys.stdin.readline()
        return None if line == "" else line.rstrip("\r\n")

    return read_piped
