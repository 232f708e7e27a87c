"""The one table-session loop for every game: prompts, what a person types (a move, a command, a secret input
behind its gate), and the board between inputs.

The game's record, its states and each step as the table gets it (with the one rule for what the shared screen
may show) are ``companion.table``; the person's asides (hand, hint, undo) are ``companion.asides``.
"""

from __future__ import annotations

import contextlib
import functools
import os
import shutil
import sys
from collections.abc import Callable
from typing import Any

from ai.text import plural
from companion import asides, secret_input, terminal
from companion.errors import Unsaved
from companion.replay import ReplayError
from companion.salvage import read_back_in_part
from companion.screen import GateUndo, JsonOutput, Output, TextOutput
from companion.seats import HUMAN, is_human
from companion.table import TableGame
from companion.unseen import unseen_sentence

#: The outputs live in ``companion.screen`` and the game's record in ``companion.table``; importing them from
#: here keeps working.
__all__ = [
    "JsonOutput",
    "Output",
    "ReplayError",
    "TableSession",
    "TextOutput",
    "command_name",
    "is_human",
    "line_reader",
]


def command_name() -> str:
    """How the person can run this program again: ``companion`` when that is on the PATH and is this program,
    else the path it was started by (``.venv/bin/companion``) or ``python -m companion``."""
    argv0 = sys.argv[0] if sys.argv else ""
    base = os.path.basename(argv0)
    if base.endswith("__main__.py") or base == "-m":
        python = os.path.basename(sys.executable)
        on_path = shutil.which(python)
        same = on_path is not None and os.path.realpath(on_path) == os.path.realpath(sys.executable)
        return f"{python if same else sys.executable} -m companion"
    if base.startswith("companion"):
        on_path = shutil.which("companion")
        if on_path is not None and os.path.realpath(on_path) == os.path.realpath(argv0):
            return "companion"
        if os.path.exists(argv0):
            return argv0
    return "companion"


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
                self._saved(why, getattr(stop, "unseen", None))

    def _run(self, read_line: Callable[[], str | None]) -> None:
        out = self.out
        if self.entries:
            # what was typed and what the bots made, counted apart (a trial: "15 inputs replayed" for 11 typed)
            inputs = sum(1 for entry in self.entries if entry.actor == HUMAN)
            bots = len(self.entries) - inputs
            out.info(
                "resume",
                f"Resuming game #{self.id} ({short_title(self.game)}: {self.record.label}): {plural(inputs, 'input')}"
                + (f" and {plural(bots, 'bot move')}" if bots else "")
                + " replayed.",
                session=self.id,
                game=self.record.game,
                inputs=inputs,
                bot_moves=bots,
            )
        else:
            if self.resumed:
                out.info(
                    "resume",
                    f"Resuming game #{self.id} ({short_title(self.game)}: {self.record.label}): nothing typed yet; "
                    "the setup as it was said.",
                    session=self.id,
                    game=self.record.game,
                    inputs=0,
                )
            else:
                out.info(
                    "start",
                    f"Game #{self.id}: {self.record.label}.",
                    session=self.id,
                    game=self.record.game,
                    seed=self.record.seed,
                    seats=self.seats_json(),
                )
            # through show: a private setup event (a dealt hand) reaches only its person
            self.show(self.game.setup_events(self.state))
        self._read_back_note()
        self._unseen_note()
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
                out.prompt("Enter: the bots move again; undo takes back the last input; quit stops.", None)
            elif secret is None:  # a secret input's prompt is shown behind its gate (secret_input.read)
                self.prompt_move()
            line = read_line() if secret is None else secret_input.read(self, secret, read_line)
            if line is None:
                if not over:
                    self._saved("Input ended")
                return
            if secret is None:  # a secret input was echoed behind its gate
                out.echo(line)
            typed = line.strip()
            command = typed.lower()
            if command in terminal.QUIT or (over and not command):
                if not over:
                    self._saved("Stopped")
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
                out.error("not played: the bots move first: press Enter to let them, then type it again")
                continue
            self._undoable(functools.partial(self._move, typed, secret))

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
                self.out.error(str(exc), kind="unsaved")
                return

    def _read_back_note(self) -> None:
        """A game read back in part from a damaged file, nothing typed since: the table may be further on (a
        trial: it resumed from an earlier point without a word, re-announcing a bot move the table had made)."""
        mark = read_back_in_part(self.record.options, len(self.entries)) if self.resumed else None
        if mark is None:
            return
        self.out.info(
            "read_back",
            f"Game #{self.id} came back from a damaged saved-games file with its first "
            f"{plural(len(self.entries), 'saved move')} only (the rest stays in {mark.get('file')}): if the table "
            f"is further on, put it back as the board shows, or end the game with {command_name()} abandon "
            f"{self.id}.",
            session=self.id,
            moves=len(self.entries),
            file=mark.get("file"),
        )

    def _unseen_note(self) -> None:
        """Resumed after a stop at a gate (a killed window too): whoever had not seen their news is named, with
        the way to see it; with nothing typed yet the setup is said again, dealt hands too."""
        names = list(self.unseen.names) if self.resumed else []
        if names and self.entries:
            self.out.info(
                "unseen",
                f"When the game stopped, {self.unseen.sentence('', 'type')}.",
                session=self.id,
                names=names,
            )
        if names:
            self.unseen.told()

    def _saved(self, why: str, unseen: str | None = None) -> None:
        """The game is saved; everyone who did not see what was for their eyes (``unseen``: the person at whose
        gate it stopped; ``self.unseen``: every one still waiting) is named, with the way to see it after
        resuming (before anything is typed, resuming says the setup again, dealt hands too)."""
        names = list(self.unseen.names) if self.entries else []
        if unseen and unseen not in names and self.entries:
            names.insert(0, unseen)
        later = f" ({unseen_sentence(names, 'yet', 'after resuming, type')})" if names else ""
        self.out.info(
            "saved",
            f"{why}; game #{self.id} is saved. Continue it with: {command_name()} resume {self.id}{later}",
            session=self.id,
            **({"unseen": list(names)} if names else {}),
        )


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


def short_title(game: Any) -> str:
    """A game's name as a line names it: ``RIP``, not ``RIP (Rest in Peace)``."""
    return str(game.info.title).split(" (")[0]
