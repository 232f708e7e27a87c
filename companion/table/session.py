"""The one table-session loop for every game: prompts, what a person types (a move, a command, a secret input
behind its gate), the board between inputs, and what the session says as it opens and stops.

The game's record, its states and each step as the table gets it (with the one rule for what the shared screen
may show) are ``companion.table.game``. What a person asks besides a move follows that rule: a hand and a hint
only for their person, and undo names the steps back from the game's ``undo_steps`` (public facts only),
repeating the typed input only when one person plays (with several, an input may name a secret card: a Prohis
convoy).

A secret input (the game's optional ``secret_input(state)`` hook says which; ``TableGame.secret_seat`` whose)
is typed behind its person's pass-the-screen gate when several people share the screen: a refusal is said
there and the person types again; ``hand``, ``hint``, ``board`` and ``help`` answer there; the move's own news
follows on the same screen, hidden afterwards unless the same person types next.
"""

from __future__ import annotations

import contextlib
import functools
import random
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ai.protocol import Event, HandNeeded, InputError
from ai.words import chosen_language, current, english, listing, ptr, tr, trn
from ai.words.catalogues import has
from companion.errors import Unsaved
from companion.messages import command_name
from companion.saves.columns import read_back_in_part
from companion.screen import terminal
from companion.screen.output import GateUndo
from companion.seats import HUMAN, is_human
from companion.table.game import COMMANDS, TableGame, command_word
from companion.table.spoken import saved_language
from companion.table.unseen_news import unseen_sentence

if TYPE_CHECKING:
    from ai.protocol import AnyGame
    from companion.saves.store import SessionRecord


__all__ = ["TableSession", "line_reader", "short_title"]


class TableSession(TableGame):
    """A game at the table (``TableGame``) played through its loop: prompts, inputs and commands."""

    # -- what a person asks besides a move --

    def hand(self, name: str) -> bool:
        """A person's own view (their hand): at once for the only person, else behind a pass-the-screen gate;
        True if it went behind a gate (the screen was cleared)."""
        humans = self.humans
        if name:
            # a seat's name as the screen says it (Бабушка) or as --json gives it (Granny)
            matches = [
                seat
                for seat in humans
                if name.lower() in (self.seat_said(seat).lower(), self.seat_label(seat).lower())
            ]
            if not matches:  # cards typed after hand, as a hint takes them, were read as a name
                names = ", ".join(self.seat_said(seat) for seat in humans)
                alone = len(humans) == 1 and self.game.hint_needs_hand(self.state, humans[0])
                self.out.error(
                    tr(
                        "hand takes a name ({names}), not {name!r}; for a hint: hint {name}",
                        names=names,
                        name=name,
                    )
                    if alone
                    else tr("hand takes a name ({names}), not {name!r}", names=names, name=name)
                )
                return False
            seat = matches[0]
        else:
            mover = self.game.to_move(self.state)
            seat = mover if mover in humans else (humans[0] if len(humans) == 1 else -1)
            if seat < 0:
                self.out.error(tr("whose hand? type hand and a name"))
                return False
        if not self.game.has_hand_to_show(self.state, seat):  # nothing to hide: no gate
            self.out.info(
                "hand",
                tr(
                    "The tool does not see {label}'s cards: they are the real ones in {label}'s hand.",
                    label=self.seat_said(seat),
                ),
            )
            return False
        gate = seat != self.view_seat
        self.out.hand(self.seat_label(seat), self.game, self.state, seat, gate=gate)
        return gate

    def hint(self, rest: str) -> bool:
        """What the strongest bot would do in the seat of the person to move, and why: only for that person; True
        if it went behind a gate."""
        seat = self.game.to_move(self.state)
        if seat < 0:  # a card drawn or turned up at the table: nothing to choose
            self.out.error(tr("no hint for a draw: type the cards as they come"))
            return False
        if not is_human(self.seats[seat]):
            self.out.error(tr("a hint is for a person's own move"))
            return False
        why = self.game.no_hint(self.state)  # a step no bot decides (RIP's round-10 reveal)
        if why is not None:
            self.out.error(why)
            return False
        # a hand the tool cannot see (a real deck) is never taken typed in view of the others; behind the
        # person's own gate (their secret input) nobody else sees it
        in_view = len(self.humans) > 1 and self.out.secret_name != self.seat_label(seat)
        if in_view and self.game.hint_needs_hand(self.state, seat):
            self.out.error(no_hint())
            return False
        try:
            with self.out.thinking(self.seat_label(seat), self.think, hint=True):
                decision = self.game.hint(self.state, seat, rest, self.think)
                if decision is None:
                    levels = self.game.bots(seat)
                    level = (
                        "hard" if "hard" in levels else "normal" if "normal" in levels else next(iter(levels))
                    )
                    player = self.game.make_player(level, seat, self.config, think=self.think)
                    observation = self.game.observation(self.state, seat)
                    rng = random.Random(f"{self.record.seed}/hint/{len(self.entries)}")
                    decision = player.decide(observation, self.game.legal_actions(self.state), rng)
        except HandNeeded as exc:  # never invite a hand typed in view of the others
            self.out.error(no_hint() if in_view else str(exc))
            return False
        except InputError as exc:
            self.out.error(str(exc))
            return False
        move = self.game.format_action(self.state, decision.action)
        data: dict[str, Any] = {"move": move, "reason": english(decision.reason) if decision.reason else None}
        if decision.value is not None:
            data["value"] = decision.value
        shown = self._as_typed(move, decision.action)
        text = (
            tr("Hint: {move} ({reason})", move=shown, reason=decision.reason)
            if decision.reason
            else tr("Hint: {move}", move=shown)
        )
        if len(self.humans) > 1:
            # a hint names a card of the person's hand: only they may see it
            self.out.private(self.seat_label(seat), [Event("hint", text, data)])
            return True
        # the only person's screen: shown at once, and marked for their eyes as any news of their own is
        self.out.event(Event("hint", text, data), private_to=self.seat_label(seat))
        return False

    def _as_typed(self, move: str, action: Any) -> str:
        """The hinted ``move`` in the words the prompt asks for at this table (``passe``, ``да``), when they read
        back as the same move; else as the notation writes it (``--json``'s ``move`` stays that)."""
        shown = self.game.as_typed(self.state, action)
        if shown == move:
            return move
        try:
            same = self.game.parse_action(self.state, shown) == action
        except InputError:
            same = False
        return shown if same else move

    def undo(self, news_unseen: bool = False) -> bool:
        """Take back the last human input and the bot moves that answered it, naming the steps back (the
        game's steps back, latest first: the game's ``undo_span_steps``). Nothing is re-drawn. ``news_unseen``:
        typed at the gate before that input's private news, none of it shown yet."""
        refused = self.undo_refused(news_unseen)
        if refused is not None:
            self.out.error(refused)
            return False
        keep = self._last_input()
        assert keep is not None  # undo_refused said so
        entry = self.entries[keep]
        # The bots' answers are named by whose turn they were, never by what they were: a bot's move may be
        # hidden (a convoy laid face down).
        answers = sum(1 for e in self.entries[keep + 1 :] if e.actor != HUMAN)
        turns = self._bot_turns(keep + 1)
        said_turns = self._turns_said(keep + 1)
        forced, forced_by = self._forced_moves(keep)
        steps = self.game.undo_span_steps(self.states[keep:], [e.action for e in self.entries[keep:]])
        mover = self.game.to_move(self.states[keep])
        # an input typed behind its person's gate (several people: a convoy may name secret cards) is not
        # repeated, only whose it was; one typed in view is
        alone = self.view_seat is not None
        public = alone or self.secret_seat(self.states[keep]) is None
        typed = entry.typed or entry.text  # as typed
        shown = tr("{typed}", typed=typed)  # the input itself, quoted as the table's language quotes it
        what = shown if public else tr("the last input")
        if not alone and mover >= 0:  # several people: whose input it was
            who = self.seat_said(mover)
            what = (
                tr("{who}'s input {typed}", who=who, typed=shown)
                if public
                else tr("{who}'s last input", who=who)
            )
        self.take_back(keep)
        text = _undone(what, said_turns, forced, forced_by)
        if (turns or forced) and steps is None:
            text = tr("{undone}: put the table back as the board shows", undone=text)
        data: dict[str, Any] = {"undone": entry.text, "typed": typed} if public else {}
        if forced:
            data["forced_moves"] = forced
        data["bot_turns"] = turns
        # nothing moved at the table: said, as every forward message says what the hands do
        back = (
            tuple(steps) if steps else (tr("Nothing to put back at the table."),) if steps is not None else ()
        )
        self.out.event(Event("undo", text, {**data, "bot_moves": answers}, table=back))
        return True

    def _last_input(self) -> int | None:
        """The index of the last person's input among the entries (``None``: none was typed)."""
        keep = len(self.entries)
        while keep and self.entries[keep - 1].actor != HUMAN:
            keep -= 1
        return keep - 1 if keep else None

    def can_undo(self) -> bool:
        """Whether ``undo`` would take something back now (an input was typed, and nothing seen since)."""
        return self.undo_refused() is None

    def undo_refused(self, news_unseen: bool = False) -> str | None:
        """The line ``undo`` gets when it takes nothing back: no input typed, or a step since it showed what
        only the tool knew (a peek through undo at what the tool keeps hidden: the step stays). ``news_unseen``:
        asked at the gate before the last input's private news, none of it shown yet."""
        keep = self._last_input()
        if keep is None:
            return tr("nothing to undo")
        seen = self._revealed_since(keep, news_unseen)
        return None if seen is None else tr("undo stops here: {seen} has been seen", seen=seen)

    def _revealed_since(self, keep: int, news_unseen: bool = False) -> str | None:
        """The latest thing the inputs and answers from ``keep`` on showed that only the tool knew, if any: an
        undo never goes back past it (it would let a person see a bot's card or the deck's next one, then play
        otherwise). What the last input showed only in its person's news is not seen while that news waits
        unseen behind its gate (``news_unseen``, no bot having answered yet)."""
        if all(is_human(spec) for spec in self.seats):  # nothing is hidden from every person at the table
            return None
        last = len(self.entries) - 1
        for i in reversed(range(keep, len(self.entries))):
            before, action, after = self.states[i], self.entries[i].action, self.states[i + 1]
            by_bot = self.entries[i].actor != HUMAN
            seen = self.game.reveals(before, action, after, by_bot)
            if seen is None:
                continue
            if news_unseen and i == keep == last and self.game.reveals_in_private(before, action, after):
                continue
            return seen
        return None

    def _turn_seats(self, start: int) -> list[int]:
        """Whose turns the moves from ``start`` on (the bots' answers to a person's input) were, in order: a bot's
        moves in a row are one turn (RIP's cards and the end of its turn; Granny's token, figurine and card)."""
        seats = [self.game.to_move(self.states[i]) for i in range(start, len(self.entries))]
        return [seat for i, seat in enumerate(seats) if i == 0 or seat != seats[i - 1]]

    def _bot_turns(self, start: int) -> list[str]:
        """The names of ``_turn_seats`` as ``--json`` gives them (in English)."""
        return [self.seat_label(seat) for seat in self._turn_seats(start)]

    def _turns_said(self, start: int) -> str:
        """The turns from ``start`` on in a sentence (empty for none): ``Blue's turn``; one seat's several, ``Bob's
        moves``; several seats', ``the moves of Bob, Carl and Dan``, each named once. A fixed seat the table's
        language declines (its catalogue's genitive, ``of``) is named so: «ход Светлого», not «ход игрока
        Светлый» (a person's name cannot take the case)."""
        turns = self._turn_seats(start)
        if not turns:
            return ""
        seats = list(dict.fromkeys(turns))
        if len(seats) > 1:
            return ptr(
                "undone", "the moves of {names}", names=listing(self.seat_said(seat) for seat in seats)
            )
        message = "{name}'s turn" if len(turns) == 1 else "{name}'s moves"
        label = self.seat_label(seats[0])
        if has(current(), f"of\x04{label}"):
            return ptr("declined", message, name=ptr("of", label))
        return ptr("undone", message, name=self.seat_said(seats[0]))

    def _forced_moves(self, keep: int) -> tuple[int, list[str]]:
        """The moves the rules made themselves (the only choice: a Potra Bash take, an event whose data says
        ``forced``) within the inputs from ``keep`` on, and whose they were (each named once): undo lists their
        steps, so its summary counts them."""
        forced = [
            event
            for i in range(keep, len(self.entries))
            for event in self.game.step(self.states[i], self.entries[i].action)[1]
            if event.data.get("forced") is True
        ]
        names = [str(e.data["player"]) for e in forced if isinstance(e.data.get("player"), str)]
        return len(forced), list(dict.fromkeys(names))

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
        """Whether ``after`` starts another round than ``before`` (the board is shown anew then)."""
        return self.game.round(before) != self.game.round(after)

    # -- the loop --

    def run(self, read_line: Callable[[], str | None]) -> None:
        try:
            with terminal.stop_on_signals():
                self._run(read_line)
        # Ctrl-C while a bot thinks or at a gate, Ctrl-D at a gate: every input is already saved, and the screen was cleared
        except (KeyboardInterrupt, EOFError) as stop:
            if not self.game.is_over(self.state):
                self._say_saved(not isinstance(stop, EOFError), getattr(stop, "unseen", None))

    def _run(self, read_line: Callable[[], str | None]) -> None:
        out = self.out
        self._announce()
        self._undoable(self._bots_then_board)
        while True:
            over = self.game.is_over(self.state)
            owed = not over and not self.is_human_turn()  # a bot's move could not be saved (a full disk)
            secret = self.secret_seat()
            if secret is None:  # nobody's screen stays open over an input the table types
                out.secret(None)
            if over:
                out.prompt(
                    tr("The game is over: undo takes back the last input; quit (or Enter) leaves.")
                    if self.can_undo()
                    else tr("The game is over: quit (or Enter) leaves."),
                    None,
                )
            elif owed:
                out.prompt(
                    tr("Enter: the bots move again; undo takes back the last input; quit stops.")
                    if self._several_bots()
                    else tr("Enter: the bot moves again; undo takes back the last input; quit stops."),
                    None,
                )
            elif secret is None:  # a secret input's prompt is shown behind its gate (``_read_secret``)
                self.prompt_move()
            line = read_line() if secret is None else self._read_secret(secret, read_line)
            if line is None:
                if not over:
                    self._say_saved(stopped=False)
                return
            if secret is None:  # a secret input was echoed behind its gate
                out.echo(line)
            typed = line.strip()
            command = typed.lower()
            if terminal.is_quit(command) or (over and not command):
                if not over:
                    self._say_saved(stopped=True)
                return
            if owed and not command:
                self._undoable(self._bots_then_board)
                continue
            if not typed:
                out.error(tr("nothing typed"))
                continue
            if command_word(command) == "undo":
                self._undoable(self._undo_then_bots)
                continue
            first, _, rest = typed.partition(" ")
            first = first.lower()
            word = command_word(first) or first
            # a word after board or help changes nothing; after undo or quit it is refused, nothing done
            if word == "board":
                out.board(self.game, self.state, self.view_seat)
                continue
            if word in ("help", "?"):
                out.info("help", self.game.input_help(self.state))
                continue
            if word == "undo":
                out.error(tr("undo takes back one input at a time: type undo alone"))
                continue
            if word in ("quit", "exit"):
                out.error(tr("type {word} alone to stop (the game is saved)", word=first))
                continue
            if word == "hand" or (word == "hint" and not over and not owed):
                hidden = self.hand(rest.strip()) if word == "hand" else self.hint(rest.strip())
                if hidden:  # the private view was hidden with the screen: the table again
                    out.board(self.game, self.state, self.view_seat)
                continue
            if over:
                out.error(
                    tr("the game is over: undo, board, help or quit")
                    if self.can_undo()
                    else tr("the game is over: board, help or quit")
                )
                continue
            if owed:  # a move typed here is not taken for the Enter: the table would be a move ahead
                out.error(
                    tr("not played: the bots move first: press Enter to let them, then type it again")
                    if self._several_bots()
                    else tr("not played: the bot moves first: press Enter to let it, then type it again")
                )
                continue
            self._undoable(functools.partial(self._move, typed, secret))

    def _several_bots(self) -> bool:
        """Whether the bots' moves are said in the plural ("the bots move")."""
        return len(self.seats) - len(self.humans) > 1

    def prompt_move(self) -> None:
        """What the seat to move may type now."""
        seat = self.game.to_move(self.state)
        self.out.prompt(
            self.game.prompt(self.state), self.game.seat_fact(self.state, seat) if seat >= 0 else "chance"
        )

    def _move(self, typed: str, secret: int | None) -> None:
        """A person's move, its news (behind gates where private) and the bots' answers."""
        before = self.state
        moved = self.human(typed)
        if secret is not None:
            self._end_secret(secret)
        if moved:
            self.after_input(before, self.play_bots())

    def _undo_then_bots(self, news_unseen: bool = False) -> None:
        if self.undo(news_unseen):
            self._bots_then_board()

    def _undoable(self, action: Callable[[], None]) -> None:
        """``action``; ``undo`` typed at the gate before someone's private news (``GateUndo``) takes back the
        last input there, that news unseen, as at the prompt."""
        while True:
            try:
                action()
                return
            except GateUndo as at_gate:
                self.out.echo("undo")
                action = functools.partial(self._undo_then_bots, at_gate.news_unseen)
            except Unsaved as exc:  # a full disk: the game as it was; the next input tries again
                self.out.error(str(exc), kind="unsaved", **({"input": exc.input} if exc.input else {}))
                return

    # -- what the session says as it opens and stops --

    def _announce(self) -> None:
        """The opening lines: a resumed game's replay count, or a new game's number and its setup (a private setup
        event, a dealt hand, through ``show``: only its person sees it); then the notes a resumed game owes."""
        if self.entries:
            # what was typed and what the bots made, counted apart
            inputs = sum(1 for entry in self.entries if entry.actor == HUMAN)
            bots = len(self.entries) - inputs
            title, label = short_title(self.game), self.label
            self.out.info(
                "resume",
                trn(
                    "Resuming game #{id} ({title}: {label}): {n} input and {bot_moves} replayed.",
                    "Resuming game #{id} ({title}: {label}): {n} inputs and {bot_moves} replayed.",
                    inputs,
                    id=self.id,
                    title=title,
                    label=label,
                    bot_moves=trn("{n} bot move", "{n} bot moves", bots),
                )
                if bots
                else trn(
                    "Resuming game #{id} ({title}: {label}): {n} input replayed.",
                    "Resuming game #{id} ({title}: {label}): {n} inputs replayed.",
                    inputs,
                    id=self.id,
                    title=title,
                    label=label,
                ),
                session=self.id,
                game=self.record.game,
                seed=self.record.seed,
                seats=self.seats_json(),
                inputs=inputs,
                bot_moves=bots,
            )
        else:
            if self.resumed:
                self.out.info(
                    "resume",
                    tr(
                        "Resuming game #{id} ({title}: {label}): nothing typed yet; the setup as it was said.",
                        id=self.id,
                        title=short_title(self.game),
                        label=self.label,
                    ),
                    session=self.id,
                    game=self.record.game,
                    seed=self.record.seed,
                    seats=self.seats_json(),
                    inputs=0,
                    bot_moves=0,
                )
            else:
                self.out.info(
                    "start",
                    tr("Game #{id}: {label}.", id=self.id, label=self.label),
                    session=self.id,
                    game=self.record.game,
                    seed=self.record.seed,
                    seats=self.seats_json(),
                )
            # through show: a private setup event (a dealt hand) reaches only its person
            self.show(self.game.setup_events(self.state))
        self._read_back_note()
        self._unseen_note()

    def _read_back_note(self) -> None:
        """A game read back in part from a damaged file, nothing typed since: the table may be further on, and
        is told so before a bot move it already made is announced again."""
        mark = read_back_in_part(self.record.options, len(self.entries)) if self.resumed else None
        if mark is None:
            return
        command = f"{command_name()} abandon {self.id}"
        said = (
            tr(
                "Game #{id} came back from a damaged saved-games file with none of its saved moves (they stay in "
                "{file}): if the table is further on, put it back as the board shows, or end the game with "
                "{command}.",
                id=self.id,
                file=mark.get("file"),
                command=command,
            )
            if not self.entries
            else trn(
                "Game #{id} came back from a damaged saved-games file with its first {n} saved move only (the "
                "rest stays in {file}): if the table is further on, put it back as the board shows, or end the "
                "game with {command}.",
                "Game #{id} came back from a damaged saved-games file with its first {n} saved moves only (the "
                "rest stays in {file}): if the table is further on, put it back as the board shows, or end the "
                "game with {command}.",
                len(self.entries),
                id=self.id,
                file=mark.get("file"),
                command=command,
            )
        )
        self.out.info(
            "read_back",
            said,
            session=self.id,
            command=command,
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
                tr("When the game stopped, {sentence}.", sentence=self.unseen.sentence(after_resuming=False)),
                session=self.id,
                names=names,
            )
        if names:
            self.unseen.told()

    def _say_saved(self, stopped: bool, unseen: str | None = None) -> None:
        """The game is saved (``stopped``: by quit or Ctrl-C, else the input ended); everyone who did not see what was for their eyes (``unseen``: the person at whose
        gate it stopped; ``self.unseen``: every one still waiting) is named, with the way to see it after
        resuming (before anything is typed, resuming says the setup again, dealt hands too)."""
        names = list(self.unseen.names) if self.entries else []
        if unseen and unseen not in names and self.entries:
            names.insert(0, unseen)
        later = f" ({unseen_sentence(names, after_resuming=True)})" if names else ""
        command = f"{command_name()} resume {self.id}"
        said = command + _lang_flag(self.record)  # the ``command`` fact stays the same in every language
        self.out.info(
            "saved",
            tr(
                "Stopped; game #{id} is saved. Continue it with: {command}{later}",
                id=self.id,
                command=said,
                later=later,
            )
            if stopped
            else tr(
                "Input ended; game #{id} is saved. Continue it with: {command}{later}",
                id=self.id,
                command=said,
                later=later,
            ),
            session=self.id,
            command=command,
            **({"unseen": list(names)} if names else {}),
        )

    def _read_secret(self, seat: int, read_line: Callable[[], str | None]) -> str | None:
        """One input typed behind ``seat``'s gate, never echoed to the table; a refusal is said there too and
        the person types again, and ``hand`` shows their own cards there. A command (undo, quit...) comes back
        to the table's loop as typed, the screen hidden again; after a move the screen stays the person's
        until the move's own news is shown (``end``)."""
        name = self.seat_label(seat)
        fresh = self.out.secret_name != name
        command = self.out.secret(name)
        if command is not None:  # typed at the gate instead of passing the screen
            self.out.echo(command)
            return command
        reminder = self.game.secret_reminder(self.state, seat) if fresh else None
        if (
            reminder
        ):  # what they were shown before and answer now (a bribe's cards, after an undo or resuming)
            self.out.private(name, [Event("reminder", reminder)])
        # behind the gate: shown before it, the prompt invited a convoy typed at the gate, in view
        self.prompt_move()
        while True:
            try:
                line = read_line()
            except KeyboardInterrupt:  # the screen hidden before the game stops
                self.out.secret(None)
                raise
            if line is None:
                self.out.secret(None)
                return None
            self.out.echo(line)
            typed = line.strip()
            first, _, rest = typed.partition(" ")
            word = command_word(first) or first.lower()
            if word == "hand" and rest.strip().lower() in ("", name.lower()):
                self.out.hand(name, self.game, self.state, seat, gate=False)  # behind the gate already
            elif word == "hint":  # only for this person: shown here, behind their gate
                self.hint(rest.strip())
            elif word == "board" and not rest:
                self.out.board(self.game, self.state, self.view_seat)
            elif word in ("help", "?") and not rest:  # behind the gate: not shown again to the table
                self.out.private(name, [Event("help", self.game.input_help(self.state))])
            elif not typed:  # a stray Enter: said here, the screen still theirs
                self.out.error(tr("nothing typed"))
            elif word == "undo" and not rest and not any(entry.actor == HUMAN for entry in self.entries):
                self.out.error(tr("nothing to undo"))
            elif word in (*COMMANDS, "exit", "q", "?"):
                self.out.secret(None)
                return line
            elif self.parse(typed) is not None:
                return line
            self.out.prompt(self.game.prompt(self.state), self.game.seat_fact(self.state, seat))

    def _end_secret(self, seat: int) -> None:
        """After a secret move and its news: the screen is hidden again, unless the person who has it types the
        next secret input (the same person's second draw, or the count asked behind its gate): no second gate."""
        after = self.secret_seat()
        if after is None or self.out.secret_name != self.seat_label(after):
            self.out.secret(None)


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


def no_hint() -> str:
    """A hint refused where it would need a hand typed in view of the table."""
    return tr("no hint here: the tool does not see your cards, and typing them would show them to the table")


def _undone(what: str, after: str, forced: int, forced_by: list[str]) -> str:
    """What an undo took back: ``what`` (the input), the bots' turns after it (``after``, said: empty for none)
    and the forced moves among them, each forced move's owner named."""
    by = " ({})".format(listing(tr("{name}'s", name=name) for name in forced_by)) if forced_by else ""
    if not after and not forced:
        return tr("Undone: {what}", what=what)
    if not after:
        if forced == 1:
            return tr("Undone: {what}, and the forced move{by} after it", what=what, by=by)
        return trn(
            "Undone: {what}, and {n} forced move{by} after it",
            "Undone: {what}, and {n} forced moves{by} after it",
            forced,
            what=what,
            by=by,
        )
    if not forced:
        return tr("Undone: {what}, and {turns} after it", what=what, turns=after)
    if forced == 1:
        return tr(
            "Undone: {what}, and {turns} after it, with a forced move{by}", what=what, turns=after, by=by
        )
    return trn(
        "Undone: {what}, and {turns} after it, with {n} forced move{by}",
        "Undone: {what}, and {turns} after it, with {n} forced moves{by}",
        forced,
        what=what,
        turns=after,
        by=by,
    )


def short_title(game: AnyGame) -> str:
    """A game's name as a line names it: ``RIP``, not ``RIP (Rest in Peace)``."""
    return str(game.info.title).split(" (")[0]


def _lang_flag(record: SessionRecord) -> str:
    """`` --lang ru`` for a game saved without its language (``companion.table.spoken``) when the table speaks
    one that the command shown to continue would not speak by itself (from ``COMPANION_LANG`` or the locale):
    the resumed table goes on in its own language. A game that keeps its language is continued in it."""
    lang = current()
    if saved_language(record) == lang:
        return ""
    try:
        plain = chosen_language()
    except ValueError:
        plain = ""
    return "" if lang == plain else f" --lang {lang}"
