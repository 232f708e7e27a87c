"""The one table-session loop for every game.

The person types what happens at the table; bots answer from their observation; every accepted input is saved
before it is applied. The session never interprets a rule: parsing, legality and effects come from the game.
"""

from __future__ import annotations

import contextlib
import difflib
import json
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ai.protocol import CHANCE, Event, InputError, ParseError
from companion.store import SessionRecord, Store

COMMANDS = ("undo", "board", "hand", "hint", "help", "quit")
HUMAN = "human"


def is_human(spec: str) -> bool:
    """Seat specs: ``human`` or ``human:Ann`` for a person, otherwise a bot's name (``normal``, ``hard``)."""
    return spec == HUMAN or spec.startswith(HUMAN + ":")


class Output(Protocol):
    def event(self, event: Event) -> None: ...

    def error(self, message: str) -> None: ...

    def info(self, kind: str, text: str, **data: Any) -> None: ...

    def board(self, game: Any, state: Any, seat: int | None) -> None: ...

    def prompt(self, text: str, to_move: str | None) -> None: ...

    def echo(self, line: str) -> None: ...

    def private(self, name: str, lines: list[Any]) -> None: ...

    def hand(self, name: str, game: Any, state: Any, seat: int) -> None: ...


class TextOutput:
    """For people: sentences, the board drawn with rich, one line per error."""

    def __init__(self, echo_input: bool = False) -> None:
        from rich.console import Console

        self.console = Console(highlight=False)
        self.echo_input = echo_input
        self.interactive = not echo_input and sys.stdin.isatty()

    def event(self, event: Event) -> None:
        if event.text:
            style = "bold" if event.kind in ("end", "setup") else None
            self.console.print(event.text, style=style, markup=False)

    def error(self, message: str) -> None:
        self.console.print(f"[red]✗[/red] {message}", markup=True, highlight=False)

    def info(self, kind: str, text: str, **data: Any) -> None:
        self.console.print(text)

    def board(self, game: Any, state: Any, seat: int | None) -> None:
        self.console.print(game.render(state, seat))

    def prompt(self, text: str, to_move: str | None) -> None:
        self.console.print(f"[bold cyan]{text}[/bold cyan]", markup=True, highlight=False)

    def echo(self, line: str) -> None:
        if self.echo_input:
            self.console.print(f"> {line}", markup=False)

    def private(self, name: str, lines: list[Any]) -> None:
        """Behind a "pass the screen" prompt at a terminal; marked ``[only NAME]`` in a transcript."""
        if not self.interactive:
            for line in lines:
                self.console.print(f"[only {name}]", _shown(line), markup=False)
            return
        self.console.input(
            f"For {name}'s eyes only: pass the screen; press Enter when only {name} is looking. "
        )
        for line in lines:
            self.console.print(_shown(line), markup=False)
        self.console.input("Press Enter to hide. ")
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\x1b[3J")  # the scrollback too: the next person could scroll up to it
            self.console.file.flush()

    def hand(self, name: str, game: Any, state: Any, seat: int) -> None:
        self.private(name, [game.render(state, seat)])


def _shown(line: Any) -> Any:
    return line.text if isinstance(line, Event) else line


class JsonOutput:
    """For scripts: one JSON object per event on stdout, nothing else."""

    def __init__(self) -> None:
        self.stream = sys.stdout

    def _write(self, obj: dict[str, Any]) -> None:
        self.stream.write(json.dumps(obj, ensure_ascii=False) + "\n")
        self.stream.flush()

    def event(self, event: Event) -> None:
        self._write(event.as_json())

    def error(self, message: str) -> None:
        self._write({"event": "error", "message": message})

    def info(self, kind: str, text: str, **data: Any) -> None:
        self._write({"event": kind, **data, "text": text})

    def board(self, game: Any, state: Any, seat: int | None) -> None:
        self._write({"event": "board", **game.board_data(state, seat)})

    def prompt(self, text: str, to_move: str | None) -> None:
        self._write({"event": "prompt", "to_move": to_move, "expects": text})

    def echo(self, line: str) -> None:
        return None

    def private(self, name: str, lines: list[Any]) -> None:
        for line in lines:
            if isinstance(line, Event):
                self._write({**line.as_json(), "private_to": name})
            else:
                self._write({"event": "private", "private_to": name, "text": str(line)})

    def hand(self, name: str, game: Any, state: Any, seat: int) -> None:
        self._write({"event": "hand", "private_to": name, **game.board_data(state, seat)})


@dataclass(frozen=True, slots=True)
class Entry:
    actor: str
    text: str
    reason: str | None


class TableSession:
    """A game at the table: its record in the store, the states so far, and who sits where."""

    def __init__(self, game: Any, record: SessionRecord, store: Store, out: Output) -> None:
        self.game = game
        self.record = record
        self.store = store
        self.out = out
        self.config = game.config_from_dict(record.config)
        self.seats = record.seats
        self.think = float(record.options.get("think", 1.0))
        self.players = {
            seat: game.make_player(name, seat, self.config, think=self.think)
            for seat, name in enumerate(self.seats)
            if not is_human(name)
        }
        self.states = [game.initial_state(self.config, record.seed)]
        self.entries: list[Entry] = []
        for move in store.moves(record.id):
            try:
                action = game.parse_action(self.state, move.text)
            except InputError as exc:
                raise RuntimeError(f"saved move {move.seq} ({move.text!r}) no longer replays: {exc}") from exc
            self.states.append(game.apply(self.state, action))
            self.entries.append(Entry(move.actor, move.text, move.reason))

    @classmethod
    def new(
        cls,
        game: Any,
        config: Any,
        seats: list[str],
        seed: int,
        label: str,
        store: Store,
        out: Output,
        options: dict[str, Any] | None = None,
    ) -> TableSession:
        think = float((options or {}).get("think", 1.0))
        for seat, name in enumerate(seats):
            if not is_human(name):
                # refuse an unknown bot before anything is saved
                game.make_player(name, seat, config, think=think)
        sid = store.create(game.info.name, game.config_to_dict(config), seats, seed, label, options)
        record = store.get(sid)
        assert record is not None
        return cls(game, record, store, out)

    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def humans(self) -> list[int]:
        return [seat for seat, name in enumerate(self.seats) if is_human(name)]

    @property
    def view_seat(self) -> int | None:
        """The seat whose hand the shared screen may show: the only human seat, if exactly one."""
        humans = self.humans
        return humans[0] if len(humans) == 1 else None

    def seat_label(self, seat: int) -> str:
        """A person's name where one was given (``human:Ann``), else the game's name for the seat."""
        spec = self.seats[seat]
        if is_human(spec) and ":" in spec:
            return spec.split(":", 1)[1]
        return str(self.game.seat_name(self.state, seat))

    def is_human_turn(self) -> bool:
        seat = self.game.to_move(self.state)
        return bool(seat == CHANCE or (seat >= 0 and is_human(self.seats[seat])))

    def show(self, events: list[Event]) -> None:
        """Public events to everyone; a private one only to its person (a bot's never reaches the screen)."""
        for event in events:
            seat = event.private_to
            if seat is None:
                self.out.event(event)
            elif not is_human(self.seats[seat]):
                continue
            elif seat == self.view_seat and not event.screened:
                self.out.event(event)
            else:
                self.out.private(self.seat_label(seat), [event])

    # -- moves --

    def _commit(self, actor: str, action: Any, reason: str | None) -> list[Event]:
        text = self.game.format_action(self.state, action)
        self.store.add_move(self.id, len(self.entries), actor, text, reason)
        state, events = self.game.step(self.state, action)
        events = list(events)
        self.states.append(state)
        self.entries.append(Entry(actor, text, reason))
        if reason and events:
            first = events[0]
            text = f"{first.text.rstrip('.')} ({reason})."
            events[0] = Event(first.kind, text, {**first.data, "rule": reason})
        if self.game.is_over(state):
            result = self.game.result(state)
            winner = ", ".join(self.game.seat_name(state, seat) for seat in result.winners)
            self.store.finish(self.id, winner, result.reason, {"round": getattr(state, "round", None)})
        return events

    def play_bots(self) -> None:
        """Let the bots move until a person must type something or the game ends."""
        while not self.game.is_over(self.state) and not self.is_human_turn():
            seat = self.game.to_move(self.state)
            observation = self.game.observation(self.state, seat)
            legal = self.game.legal_actions(self.state)
            rng = random.Random(f"{self.record.seed}/{len(self.entries)}")
            decision = self.players[seat].decide(observation, legal, rng)
            self.show(self._commit("bot", decision.action, decision.reason))

    def human(self, line: str) -> bool:
        """Apply one typed input; False (and an unchanged state) if it is refused."""
        try:
            action = self.game.parse_action(self.state, line)
        except ParseError as exc:
            command = _close_command(line)
            self.out.error(f"{exc.message} (did you mean {command!r}?)" if command else str(exc))
            return False
        except InputError as exc:
            self.out.error(str(exc))
            return False
        self.show(self._commit(HUMAN, action, None))
        return True

    def hand(self, name: str) -> None:
        """A person's own view (their hand), behind a "pass the screen" prompt when several people play."""
        humans = self.humans
        if name:
            matches = [seat for seat in humans if self.seat_label(seat).lower() == name.lower()]
            if not matches:
                self.out.error(f"no person called {name!r} at this table")
                return
            seat = matches[0]
        else:
            mover = self.game.to_move(self.state)
            seat = mover if mover in humans else (humans[0] if len(humans) == 1 else -1)
            if seat < 0:
                self.out.error("whose hand? type hand and a name")
                return
        self.out.hand(self.seat_label(seat), self.game, self.state, seat)

    def hint(self, rest: str) -> None:
        """What the strongest bot would do in the seat of the person to move, and why."""
        seat = self.game.to_move(self.state)
        if seat < 0 or not is_human(self.seats[seat]):
            self.out.error("a hint is for a person's own move")
            return
        custom = getattr(self.game, "hint", None)
        try:
            if custom is not None:
                decision = custom(self.state, seat, rest, self.think)
            else:
                levels = self.game.bots(seat)
                level = "hard" if "hard" in levels else "normal" if "normal" in levels else next(iter(levels))
                player = self.game.make_player(level, seat, self.config, think=self.think)
                observation = self.game.observation(self.state, seat)
                rng = random.Random(f"{self.record.seed}/hint/{len(self.entries)}")
                decision = player.decide(observation, self.game.legal_actions(self.state), rng)
        except InputError as exc:
            self.out.error(str(exc))
            return
        move = self.game.format_action(self.state, decision.action)
        why = f" ({decision.reason})" if decision.reason else ""
        data: dict[str, Any] = {"move": move, "reason": decision.reason}
        if decision.value is not None:
            data["value"] = decision.value
        text = f"Hint: {move}{why}"
        if len(self.humans) > 1:
            # a hint names a card of the person's hand: only they may see it
            self.out.private(self.seat_label(seat), [Event("hint", text, data)])
        else:
            self.out.info("hint", text, **data)

    def undo(self) -> bool:
        """Take back the last human input and the bot moves that answered it. Nothing is re-drawn."""
        keep = len(self.entries)
        while keep and self.entries[keep - 1].actor != HUMAN:
            keep -= 1
        if keep == 0:
            self.out.error("nothing to undo")
            return False
        keep -= 1
        undone = self.entries[keep].text
        # The bots' answers are counted, not named: a bot's move may be hidden (a convoy laid face down).
        answers = sum(1 for entry in self.entries[keep + 1 :] if entry.actor != HUMAN)
        self.store.truncate(self.id, keep)
        del self.entries[keep:]
        del self.states[keep + 1 :]
        text = f"Undone: {undone}"
        if answers:
            moves = "the bot's move" if answers == 1 else f"the {answers} bot moves"
            text += f", and {moves} after it: put the table back as the board shows"
        self.out.info("undo", text, undone=undone, bot_moves=answers)
        return True

    # -- the loop --

    def run(self, read_line: Callable[[], str | None]) -> None:
        out = self.out
        if self.entries:
            out.info(
                "resume",
                f"Resuming game #{self.id} ({self.record.label}): {len(self.entries)} inputs replayed.",
                session=self.id,
                inputs=len(self.entries),
            )
        else:
            out.info(
                "start", f"Game #{self.id}: {self.record.label}.", session=self.id, seed=self.record.seed
            )
            # through show: a private setup event (a dealt hand) reaches only its person
            self.show(self.game.setup_events(self.state))
        self.play_bots()
        out.board(self.game, self.state, self.view_seat)
        while True:
            over = self.game.is_over(self.state)
            if over:
                out.prompt("The game is over: undo takes back the last input; quit (or Enter) leaves.", None)
            else:
                seat = self.game.to_move(self.state)
                out.prompt(
                    self.game.prompt(self.state),
                    self.game.seat_name(self.state, seat) if seat >= 0 else "chance",
                )
            line = read_line()
            if line is None:
                if not over:
                    self._saved("Input ended")
                return
            out.echo(line)
            typed = line.strip()
            command = typed.lower()
            if command in ("quit", "exit", "q") or (over and not command):
                if not over:
                    self._saved("Stopped")
                return
            if not typed:
                out.error("nothing typed")
                continue
            if command == "undo":
                if self.undo():
                    self.play_bots()
                    out.board(self.game, self.state, self.view_seat)
                continue
            if command == "board":
                out.board(self.game, self.state, self.view_seat)
                continue
            if command in ("help", "?"):
                out.info("help", self.game.input_help(self.state))
                continue
            word, _, rest = typed.partition(" ")
            word = word.lower()
            if word == "hand" or (word == "hint" and not over):
                if word == "hand":
                    self.hand(rest.strip())
                else:
                    self.hint(rest.strip())
                if len(self.humans) > 1:  # the private view was hidden with the screen: the table again
                    out.board(self.game, self.state, self.view_seat)
                continue
            if over:
                out.error("the game is over: undo, board, help or quit")
                continue
            if self.human(typed):
                self.play_bots()
                out.board(self.game, self.state, self.view_seat)

    def _saved(self, why: str) -> None:
        self.out.info(
            "saved",
            f"{why}; game #{self.id} is saved. Continue it with: companion resume {self.id}",
            session=self.id,
        )


def _close_command(line: str) -> str | None:
    words = line.strip().lower().split()
    if len(words) != 1:
        return None
    close = difflib.get_close_matches(words[0], COMMANDS, n=1, cutoff=0.75)
    return close[0] if close else None


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
            except (EOFError, KeyboardInterrupt):
                print()
                return None

        return read

    def read_piped() -> str | None:
        line = sys.stdin.readline()
        return None if line == "" else line.rstrip("\r\n")

    return read_piped
