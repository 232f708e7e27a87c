"""A game at the table: its record in the store and its states, and each step as the table gets it.

The person types what happens at the table; bots answer from their observation; every accepted input is saved
before it is applied. Nothing here interprets a rule: parsing, legality and effects come from the game. The
loop that reads the inputs, the commands and the screen between them is ``companion.table.session``.

What the table sees of each step, kept here for every game (``tests/test_leaks.py`` checks it game by game,
level by level):

- An event with ``private_to=None`` is public: it goes on the shared screen, with its ``table`` steps.
- An event private to a person's seat shows at once when that person is the only one at the table (the screen
  is theirs); with several people, or when the event is ``screened``, it waits behind a "pass the screen"
  gate. An event private to a bot's seat never reaches the screen.
- A bot's ``Decision.reason`` is public by contract (built from public facts only) and printed beside its
  move. ``Decision.value`` and ``Decision.debug`` never are: ``--json --reveal-bots`` sends them to the JSON
  output as a ``debug`` event, for debugging.
- A hint is shown only to the hinted person (behind the gate when several people play).
- ``undo`` names the steps back with the game's ``undo_steps`` (public facts only), and the typed input only
  when one person plays: with several, an input may name a secret card (a Prohis convoy).
- A bot's reason goes beside the first public event of its move (``companion.table.events.announced``).
- A bot answers what it has seen the same way: a move an undo took back is made again when it is to move with
  the same observation (``companion.table.entries.Answers``).
"""

from __future__ import annotations

import random
from contextlib import nullcontext
from typing import TYPE_CHECKING, Any, Self

from ai.protocol import CHANCE, Decision, Event, InputError, ParseError
from ai.text import close_word
from ai.words import english, tr, trn, typed_forms
from companion.errors import SHOWN_INPUT
from companion.saves.replay import replayed
from companion.saves.store import Finish, SessionRecord, Store
from companion.screen.output import GateUndo, Output
from companion.screen.terminal import command_typed
from companion.seats import HUMAN, is_human, seated_bots, typed_name
from companion.table.earlier import AFTER, check_after, earlier_states, show_earlier
from companion.table.entries import ANSWERS, Answers, Entry
from companion.table.events import announced, kept_from
from companion.table.spoken import with_language
from companion.table.unseen_news import UNSEEN, UnseenNews

if TYPE_CHECKING:
    from ai.protocol import AnyGame


#: What a person may type besides a move, in English; a table in another language also takes the catalogue's
#: words for them (``command_word``).
COMMANDS = ("undo", "board", "hand", "hint", "help", "quit")
#: Seats whose bot searches for up to ``--think`` seconds: the screen says it is thinking.
SEARCHERS = ("hard",)
#: Longer than any move of any game: refused before the game's parser reads it.
LONGEST_INPUT = 500


class TableGame:
    """A game at the table: its record in the store, the states so far, who sits where, and each step (a
    typed input, a bot's move) saved, applied and shown as the table may see it."""

    def __init__(self, game: AnyGame, record: SessionRecord, store: Store, out: Output) -> None:
        self.game = game
        self.record = record
        self.store = store
        self.out = out
        self.config = game.config_from_dict(record.config)
        self.seats = record.seats
        self.think = float(record.options.get("think", 1.0))
        self.players = seated_bots(game, self.config, self.seats, self.think)
        show_earlier(game, self.players, earlier_states(game, store, record))
        self.states = [game.initial_state(self.config, record.seed)]
        self.entries: list[Entry] = []
        self.answered = Answers(record.options.get(ANSWERS))
        #: Who has not seen their private news yet (saved with the game: a killed window is named on resume).
        self.unseen = UnseenNews(
            store, record.id, record.options.get(UNSEEN), getattr(out, "interactive", False)
        )
        #: Opened by ``companion resume`` (said so even before anything was typed).
        self.resumed = False
        for move, action, state in replayed(game, self.state, store.moves(record.id)):
            self.states.append(state)
            self.entries.append(Entry(move.actor, move.text, move.reason, action, move.typed))
        out.names_said = {  # the people's, whom gates name
            self.seat_label(seat): self.seat_said(seat)
            for seat, spec in enumerate(self.seats)
            if is_human(spec)
        }
        finish = self._finish(self.state)
        if finish is not None and record.status == "playing":
            # killed between an ending input and its result (an older file saved them apart): finish it now
            store.finish(record.id, finish.winner, finish.reason, finish.summary)

    @classmethod
    def new(
        cls,
        game: AnyGame,
        config: Any,
        seats: list[str],
        seed: int,
        label: str,
        store: Store,
        out: Output,
        options: dict[str, Any] | None = None,
    ) -> Self:
        """A new game, saved in the store once every bot in ``seats`` is known, with the table's language."""
        config = game.seat_levels(config, [None if is_human(seat) else seat for seat in seats])
        # an unknown bot, or an earlier game that cannot come before this one, is refused before anything is saved
        seated_bots(game, config, seats, float((options or {}).get("think", 1.0)))
        after = (options or {}).get(AFTER)
        if after is not None:
            check_after(game, store, after, seats)
        sid = store.create(
            game.info.name, game.config_to_dict(config), seats, seed, label, with_language(options)
        )
        record = store.get(sid)
        assert record is not None
        return cls(game, record, store, out)

    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def label(self) -> str:
        """The game's options as the table's language says them (``game.describe``, and the earlier game it
        follows), else the label saved with the game (made in the language of the table that started it)."""
        try:
            described = str(self.game.describe(self.config))
        except (KeyError, TypeError, ValueError):
            return self.record.label
        after = self.record.options.get(AFTER)
        return described + (tr(", after game #{after}", after=after) if after else "")

    @property
    def id(self) -> int:
        """The game's number in the saved-games file now (another if the file was replaced meanwhile and its
        new file had a game of that number: ``SavedFile.number``)."""
        return self.store.number(self.record.id)

    @property
    def humans(self) -> list[int]:
        return [seat for seat, name in enumerate(self.seats) if is_human(name)]

    @property
    def view_seat(self) -> int | None:
        """The seat whose hand the shared screen may show: the only human seat, if exactly one."""
        humans = self.humans
        return humans[0] if len(humans) == 1 else None

    def secret_seat(self, state: Any = None) -> int | None:
        """The person whose next input is secret (it names hidden cards, e.g. a Prohis convoy), when several
        people share the screen; else ``None``. ``state``: another than the present one (an undo asks of the
        input it takes back)."""
        state = self.state if state is None else state
        if len(self.humans) < 2 or self.game.is_over(state):
            return None
        seat = self.game.to_move(state)
        if seat < 0 or not is_human(self.seats[seat]) or not self.game.secret_input(state):
            return None
        return int(seat)

    def seat_label(self, seat: int) -> str:
        """A person's name where one was given (``human:Ann``), else the game's name for the seat."""
        typed = typed_name(self.seats[seat])
        return typed if typed is not None else str(self.game.seat_name(self.state, seat))

    def seat_said(self, seat: int) -> str:
        """``seat_label`` in the table's language: a typed name as typed, the game's name for the seat
        translated ("Mamie" for Granny); ``seat_label`` stays the English fact ``--json`` gives."""
        typed = typed_name(self.seats[seat])
        return typed if typed is not None else tr(str(self.game.seat_name(self.state, seat)))

    def seats_json(self) -> list[dict[str, str | None]]:
        """Who sits where, for ``--json``: each seat's name and its bot's level (``None`` for a person)."""
        return [
            {"name": self.seat_label(seat), "bot": None if is_human(spec) else spec}
            for seat, spec in enumerate(self.seats)
        ]

    def is_human_turn(self) -> bool:
        seat = self.game.to_move(self.state)
        return bool(seat == CHANCE or (seat >= 0 and is_human(self.seats[seat])))

    def show(self, events: list[Event]) -> None:
        """Public events to everyone; a private one only to its person (a bot's never reaches the screen). When
        the person who types the next secret input is the only one the last private events are for, their
        screen opens at the first of them and stays theirs for that input (the Prohis count asked after the
        convoy they seized): one gate, not a gate, "hide" and a second gate."""
        start = kept_from(events, self.humans, self.secret_seat())
        gated = [self.seat_label(seat) for e in events if (seat := self.gated_seat(e)) is not None]
        if gated:
            self.unseen.before(gated)
        news_unseen = True  # no private event of these shown yet
        for i, event in enumerate(events):
            seat = self.gated_seat(event)
            if seat is None:  # public, or the screen's only person's; a bot's private event is never shown
                if event.private_to is None:
                    self.out.event(event)
                elif is_human(self.seats[event.private_to]):
                    self.out.event(event, private_to=self.seat_label(event.private_to))
                    news_unseen = False
            else:
                label = self.seat_label(seat)
                while True:
                    try:
                        # undo at its gate takes back the last input (none to take back at the setup)
                        self.out.private(label, [event], keep=i >= start, undo=bool(self.entries))
                    except GateUndo:
                        refused = self.undo_refused(news_unseen)
                        if refused is not None:  # nothing taken back: the same news behind the same gate
                            self.out.error(refused, kind="refused", input="undo")
                            continue
                        self.unseen.after()  # the news is taken back with the input
                        raise GateUndo(news_unseen) from None
                    except BaseException as stopped:  # quit, Ctrl-C or Ctrl-D at a gate
                        self.unseen.shown(label, stopped)
                        raise
                    break
                self.unseen.shown(label)
                news_unseen = False
        if gated:
            self.unseen.after()

    def undo_refused(self, news_unseen: bool = False) -> str | None:
        """The line ``undo`` gets when it would take nothing back now, else ``None``: asked at the gate of a
        person's news, which stays when the undo is refused (``news_unseen``: none of the news shown yet). Here
        nothing is refused; the session says what undo may take back."""
        return None

    def gated_seat(self, event: Event) -> int | None:
        """The person's seat an event waits behind a gate for: private to a person who does not have the screen
        alone (several people), or ``screened``; else ``None``."""
        seat = event.private_to
        if seat is None or not is_human(self.seats[seat]) or (seat == self.view_seat and not event.screened):
            return None
        return seat

    # -- moves --

    def commit(self, actor: str, action: Any, reason: str | None, typed: str | None = None) -> list[Event]:
        """Save ``action`` (a person's input, or a bot's move) and apply it; its events as the table gets them."""
        text = self.game.format_action(self.state, action)
        state, events = self.game.step(self.state, action)
        # the input and, when it ends the game, the result: one transaction, saved before the state moves on
        self.store.add_move(
            self.id,
            len(self.entries),
            actor,
            text,
            english(reason) if reason else reason,
            self._finish(state),
            typed,
        )
        self.states.append(state)
        self.entries.append(Entry(actor, text, reason, action, typed))
        return announced(self.game, state, events, reason, len(self.seats))

    def _finish(self, state: Any) -> Finish | None:
        """The result to save with the input that reached ``state``, if it ended the game."""
        if not self.game.is_over(state):
            return None
        result = self.game.result(state)
        winner = ", ".join(self.game.seat_name(state, seat) for seat in result.winners)
        summary = {"round": self.game.round(state), "winners": list(result.winners)}
        return Finish(winner, result.reason, summary)

    def take_back(self, keep: int) -> None:
        """Forget the inputs from ``keep`` on (an undo), in the store first; the bot moves among them are kept
        (``answered``, saved with the game), to be made again when the bot sees the same again."""
        bots = [i for i in range(keep, len(self.entries)) if self.entries[i].actor != HUMAN]
        saved = Answers.as_saved((_observed(self.game, self.states[i]), self.entries[i]) for i in bots)
        self.store.truncate(self.id, keep, {ANSWERS: saved} if saved else None)
        self.answered.add(saved)
        del self.entries[keep:]
        del self.states[keep + 1 :]

    def play_bots(self) -> bool:
        """Let the bots move until a person must type something or the game ends; True if any moved. A move an
        undo took back is made again at once, without thinking."""
        moved = False
        game = self.game
        while not game.is_over(self.state) and not self.is_human_turn():
            seat = game.to_move(self.state)
            observation = game.observation(self.state, seat)
            decision = self._repeated(observation)
            if decision is None:
                # said before every move of a searching bot, a forced one too: whether it had a choice could tell
                # the table what it holds (a Prohis bot asked to inspect with no controller in hand)
                searching = self.seats[seat] in SEARCHERS
                with self.out.thinking(self.seat_label(seat), self.think) if searching else nullcontext():
                    decision = self._decide(seat, observation)
            move = game.format_action(self.state, decision.action)
            self.show(self.commit("bot", decision.action, decision.reason))
            if decision.debug is not None or decision.value is not None:
                self.out.debug(self.seat_label(seat), move, decision)
            moved = True
        return moved

    def _repeated(self, observation: Any) -> Decision[Any] | None:
        """The bot move an undo took back from this ``observation``, made again; ``None`` if there is none, or if
        the move (read back from disk) does not fit now."""
        before = self.answered.after(Answers.key(observation))
        if before is None:
            return None
        game = self.game
        try:
            action = game.parse_action(self.state, before.text)
        except InputError:  # a record from disk is data to judge: a move that does not fit is not made
            return None
        return Decision(action, before.reason) if action in game.legal_actions(self.state) else None

    def _decide(self, seat: int, observation: Any) -> Decision[Any]:
        """The bot's decision in ``seat`` from its ``observation``, with the session's seeded generator."""
        rng = random.Random(f"{self.record.seed}/{len(self.entries)}")
        legal = self.game.legal_actions(self.state)
        return self.players[seat].decide(observation, legal, rng)  # type: ignore[no-any-return]

    def human(self, line: str) -> bool:
        """Apply one typed input; False (and an unchanged state) if it is refused."""
        action = self.parse(line)
        if action is None:
            return False
        self.show(self.commit(HUMAN, action, None, " ".join(line.split())))
        return True

    def parse(self, line: str) -> Any:
        """The action ``line`` names now, or ``None`` after one line saying why it is refused."""
        if len(line) > LONGEST_INPUT:
            self.out.error(
                trn(
                    "too long for one input ({n:,} character: '{start}…'): type one move, or help",
                    "too long for one input ({n:,} characters: '{start}…'): type one move, or help",
                    len(line),
                    start=line[:SHOWN_INPUT],
                ),
                kind="parse",
                input=line,
            )
            return None
        try:
            return self.game.parse_typed(self.state, line)
        except ParseError as exc:
            command = _close_command(line)
            suggestion = command or exc.suggestion
            message = (
                tr("{refused} (did you mean {command!r}?)", refused=exc.message, command=command)
                if command
                else str(exc)
            )
            self.out.error(
                message, kind="parse", input=line, **({"suggestion": suggestion} if suggestion else {})
            )
        except InputError as exc:
            data: dict[str, Any] = {"kind": "illegal", "input": line, **exc.facts}
            if exc.suggestion:
                data["suggestion"] = exc.suggestion
            self.out.error(str(exc), **data)
        return None


def command_word(typed: str) -> str | None:
    """The command (``COMMANDS``, in English) a typed word names, in English or in the table's language
    (``отмена``, ``annuler``: undo); ``None`` for another word."""
    return command_typed(typed, COMMANDS)


def _close_command(line: str) -> str | None:
    """The command a one-word typo most likely meant, as the table's language types it (``undo``, ``отмена``)."""
    words = line.strip().lower().split()
    if len(words) != 1:
        return None
    return close_word(
        words[0], [*COMMANDS, *(form for name in COMMANDS for form in typed_forms(name))], cutoff=0.75
    )


def _observed(game: AnyGame, state: Any) -> str:
    """The key of what the seat to move in ``state`` sees (``Answers``)."""
    return Answers.key(game.observation(state, game.to_move(state)))
