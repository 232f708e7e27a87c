"""What the table sees never depends on a card nobody at the table has seen: every game, every bot level.

One generic harness over the game protocol. A game is played with seeded random people and bots at one level;
before every step a twin world is made (a small per-game adapter below) that differs from the real one only in
cards the table has not seen (the bots' hands, with several people every hand, the deck order), keeping the
cards the step itself shows. Both worlds go through the session's own public path (``TableSession.announce``
and ``show``, the board and the status line, the prompt) in text at 80 columns and in ``--json``, with the
private lines (``[only NAME]``, ``private_to``) left out, and must print the same.

A bot decides in each world from that world's observation with the same generator: when it picks the same
action in both, its printed reason must be the same too (a rule named at the table may not read the hand; a
win chance may not be printed). When it picks another action there is nothing to compare at that step.
The last step of a game is not compared: the end shows the hands (Prohis) or the face-down cards (RIP).

After every compared step the table asks for ``undo`` in both worlds (the session's own ``undo`` on a copy of
each world's history: the real steps so far, then the step in that world): what the shared screen shows, the
refusal that names what has been seen or the steps back, must be the same. The two histories share the states
before the step; an undo that would take back more than the step itself crosses a bot's move, which a game of
hidden cards refuses, and Prudh's twin is the real world.
"""

from __future__ import annotations

import io
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from ai.games import get
from ai.protocol import Decision, Event
from companion.saves.store import Store
from companion.screen.output import JsonOutput, TextOutput
from companion.seats import HUMAN, is_human
from companion.table.entries import Entry
from companion.table.events import announced
from companion.table.session import TableSession

LEVELS = ("random", "easy", "normal", "hard")
#: Twin worlds tried for each bot move (one for a person's input, whose move is the same in every world).
TWINS = 2

#: A twin of ``before`` for the step ``action`` (which leads to ``after``): the hidden cards of ``seats`` dealt
#: again with ``rng``, the cards the step shows kept; ``None`` when the step cannot be compared.
Twin = Callable[[Any, Any, Any, random.Random, Sequence[int]], Any]


def redeal(
    hands: Sequence[Sequence[Any]],
    deck: Sequence[Any],
    seats: Sequence[int],
    keep: dict[int, list[Any]],
    drawn: int,
    rng: random.Random,
    top_first: bool = True,
) -> tuple[list[list[Any]], list[Any]]:
    """The hands of ``seats`` and the deck dealt again from their own cards: each hand keeps its size and the
    cards in ``keep``; the ``drawn`` cards the step takes from the top of the deck stay where they are."""
    cut = drawn if top_first else len(deck) - drawn
    top = list(deck[:cut]) if top_first else list(deck[cut:])
    rest = list(deck[cut:]) if top_first else list(deck[:cut])
    pool = list(rest)
    for seat in seats:
        pool.extend(hands[seat])
    kept: dict[int, list[Any]] = {}
    for seat in seats:
        kept[seat] = list(keep.get(seat, []))
        for card in kept[seat]:
            pool.remove(card)
    rng.shuffle(pool)
    new_hands = [list(hand) for hand in hands]
    for seat in seats:
        extra = len(hands[seat]) - len(kept[seat])
        new_hands[seat] = kept[seat] + [pool.pop() for _ in range(extra)]
    new_rest = [pool.pop() for _ in range(len(rest))]
    return new_hands, (top + new_rest if top_first else new_rest + top)


# -- the per-game part: a table and its twin worlds ----------------------------------------------------------


def potra_twin(before: Any, action: Any, after: Any, rng: random.Random, seats: Sequence[int]) -> Any:
    from ai.potra_bash.rules import Play, to_move

    drawn = len(before.deck) - len(after.deck)
    if drawn < 0:
        return None
    keep = {to_move(before): [action.value]} if isinstance(action, Play) else {}
    hands, deck = redeal(before.hands, before.deck, seats, keep, drawn, rng)
    return replace(before, hands=tuple(tuple(sorted(h)) for h in hands), deck=tuple(deck))


def prohis_twin(before: Any, action: Any, after: Any, rng: random.Random, seats: Sequence[int]) -> Any:
    """Hands and the pile (top last) dealt again; a bribe or a controller comes from the hand and is kept (a
    convoy is laid face down: the twin lays its own). The face-down cards of a laid convoy and of a warehouse
    stay as they are."""
    from ai.prohis.rules import BRIBE, COMMIT, KINDS, SLOTS, to_move

    def cards(counts: Sequence[int]) -> list[int]:
        return [k for k in KINDS for _ in range(counts[k])]

    def counts(items: list[int]) -> tuple[int, ...]:
        return tuple(items.count(k) for k in range(SLOTS))

    drawn = len(before.pile) - len(after.pile)
    if drawn < 0:
        return None
    keep = {to_move(before): list(action.cards)} if action.verb in (BRIBE, COMMIT) else {}
    hands, pile = redeal(
        [cards(h) for h in before.hands], before.pile, seats, keep, drawn, rng, top_first=False
    )
    return replace(before, hands=tuple(counts(h) for h in hands), pile=tuple(pile))


def propuh_twin(before: Any, action: Any, after: Any, rng: random.Random, seats: Sequence[int]) -> Any:
    from ai.propuh.rules import Play

    drawn = len(before.deck) - len(after.deck)
    if drawn < 0:
        return None
    keep = {before.plays % 2: [action.card]} if isinstance(action, Play) else {}
    hands, deck = redeal(before.hands, before.deck, seats, keep, drawn, rng)
    return replace(before, hands=(tuple(hands[0]), tuple(hands[1])), deck=tuple(deck))


def rip_twin(before: Any, action: Any, after: Any, rng: random.Random, seats: Sequence[int]) -> Any:
    """The bot's hand, deck order and face-down ghost cards dealt again (``test_rip_session._redeal``), keeping
    a ghost it plays face up (one laid face down is the twin bot's own choice); a card taken at random (card 6) or from the deck (card 2), and a round in which the person looks at
    the bot's hand (card 3), are not comparable."""
    from ai.rip.rules import Blind, Ghost, Psychic, Turn, to_move
    from tests.support.rip import _redeal

    if isinstance(action, Turn) and any(
        isinstance(i, Blind) or (isinstance(i, Psychic) and before.card(i.number).has("fetch"))
        for i in action.items
    ):
        return None
    (seat,) = seats
    if before.peeking(1 - seat) or after.peeking(1 - seat):
        return None  # card 3: the person sees the bot's hand for the round
    keep: list[int] = []
    ghost = isinstance(action, Turn) and action.items and isinstance(action.items[0], Ghost)
    if to_move(before) == seat and ghost:
        keep = [action.items[0].value]
    return _redeal(before, keep, rng)


def rip_public(action: Any) -> Any:
    from ai.rip.rules import Down

    if isinstance(action, Down) and action.card is not None and not action.card.psychic:
        return "a ghost card face down"
    return action


def prohis_public(action: Any) -> Any:
    from ai.prohis.rules import CONVOY

    return (CONVOY, len(action.cards)) if action.verb == CONVOY else action


def same_world(before: Any, action: Any, after: Any, rng: random.Random, seats: Sequence[int]) -> Any:
    """Prudh: perfect information, nothing to deal again; the pair is trivial and the harness still runs."""
    return before


@dataclass(frozen=True)
class Table:
    game: str
    config: Callable[[], Any]
    #: The seat specs with ``{bot}`` for the level under test.
    seats: tuple[str, ...]
    twin: Twin
    #: What the table sees of an action (a card laid face down: that a card was); a bot's move in the twin is
    #: compared when it looks the same.
    public: Callable[[Any], Any] = lambda action: action
    games: int = 2
    #: Play-outs of a searching bot (``hard``).
    iterations: int = 8
    #: Steps played per game at most (a whole game of Potra Bash is long).
    steps: int = 160


def _potra_config() -> Any:
    from ai.potra_bash.rules import PotraConfig

    return PotraConfig(players=4, names=("Ann", "Bot2", "Ben", "Bot4"))


def _prohis_config() -> Any:
    from ai.prohis.rules import ProhisConfig

    return ProhisConfig(players=4, names=("Ann", "Bot2", "Ben", "Bot4"))


def _propuh_config() -> Any:
    from ai.propuh.rules import PropuhConfig

    return PropuhConfig(solo=False)


def _rip_config() -> Any:
    from ai.rip.components import GREEN
    from ai.rip.rules import RipConfig

    return RipConfig(physical=(GREEN,))


def _prudh_config() -> Any:
    from ai.prudh.rules import PrudhConfig

    return PrudhConfig()


TABLES = {
    # two people and two bots: no hand may show outside the screen, the people's hands neither
    "potra-bash": Table(
        "potra-bash",
        _potra_config,
        ("human:Ann", "{bot}", "human:Ben", "{bot}"),
        potra_twin,
        steps=60,
    ),
    "prohis": Table(
        "prohis",
        _prohis_config,
        ("human:Ann", "{bot}", "human:Ben", "{bot}"),
        prohis_twin,
        prohis_public,
        games=1,
        steps=70,
    ),
    # one person against the bot: the person's own hand is theirs to see, the bot's never
    "propuh": Table("propuh", _propuh_config, ("human", "{bot}"), propuh_twin, iterations=24),
    "rip": Table("rip", _rip_config, ("human", "{bot}"), rip_twin, rip_public, steps=50),
    "prudh": Table("prudh", _prudh_config, ("human", "{bot}"), same_world, games=1, steps=30),
}


# -- the generic part: both worlds through the session's public path -----------------------------------------


@dataclass
class Tally:
    steps: int = 0
    compared: int = 0
    bot_steps: int = 0
    #: Bot moves that named a rule, checked against the rule that holds first in the twin worlds.
    named: int = 0
    lines: int = 0
    #: Undo probes compared (one for each twin compared); of them, the undos refused and the undos made.
    undos: int = 0
    refused: int = 0
    undone: int = 0
    differences: list[str] = field(default_factory=list)


def _text_out() -> TextOutput:
    out = TextOutput(echo_input=True)
    out.console = Console(file=io.StringIO(), width=80, color_system=None, highlight=False)
    return out


def _json_out() -> JsonOutput:
    out = JsonOutput()
    out.stream = io.StringIO()
    return out


def table_sees(
    session: TableSession, before: Any, events: list[Event], after: Any, reason: str | None
) -> list[str]:
    """Everything the shared screen shows for one step, text then JSON, private lines left out."""
    game = session.game
    lines: list[str] = []
    for out in (_text_out(), _json_out()):
        session.out = out
        out.board(game, before, session.view_seat)
        out.status(game, before, session.view_seat)
        mover = game.to_move(before)
        if mover < 0 or is_human(session.seats[mover]):  # the session prompts only for a person's input
            out.prompt(game.prompt(before), None)
        session.show(announced(game, after, events, reason, len(session.seats)))
        lines += _public_lines(out)
    return lines


class UndoProbe(TableSession):
    """The session's own ``undo`` on a copy of a world's history (``probe``): taking back forgets the inputs in
    that copy only (the harness saves no moves)."""

    def take_back(self, keep: int) -> None:
        del self.entries[keep:]
        del self.states[keep + 1 :]

    def probe(self, states: list[Any], entries: list[Entry]) -> list[str]:
        """What the shared screen shows for ``undo`` typed after ``entries`` (``states``: the states they went
        through), text then JSON, private lines left out. The board after it is the one before the input taken
        back, already compared at its own step."""
        lines: list[str] = []
        for out in (_text_out(), _json_out()):
            self.out = out
            self.states, self.entries = list(states), list(entries)
            self.undo()
            lines += _public_lines(out)
        return lines


def _public_lines(out: TextOutput | JsonOutput) -> list[str]:
    """What ``out`` printed outside a private screen: text lines, or JSON objects with sorted keys."""
    if isinstance(out, TextOutput):
        text = out.console.file.getvalue()  # type: ignore[attr-defined]
        return [line for line in text.splitlines() if not line.startswith("[only ")]
    objects = (json.loads(line) for line in out.stream.getvalue().splitlines())
    return [json.dumps(obj, sort_keys=True) for obj in objects if "private_to" not in obj]


def _entry(game: Any, state: Any, bot: bool, decision: Decision[Any]) -> Entry:
    """The session's record of a step: a person's input as typed (its notation), or a bot's move."""
    text = game.format_action(state, decision.action)
    return (
        Entry("bot", text, decision.reason, decision.action)
        if bot
        else Entry(HUMAN, text, None, decision.action, text)
    )


def _first_difference(real: list[str], other: list[str]) -> str:
    return next(f"{a!r} / {b!r}" for a, b in zip(real + [""] * 99, other + [""] * 99, strict=False) if a != b)


def named_rule(player: Any, observation: Any, legal: Sequence[Any], decision: Decision[Any]) -> str | None:
    """The key of the rule a rule-list bot named at the table for ``decision``, if it named one."""
    rules = getattr(player, "rules", None)
    if rules is None or decision.reason is None:
        return None
    rule, action = rules.first(observation, legal)
    if (
        action != decision.action
        or not getattr(rule, "public", True)
        or decision.reason != rule.explain(observation)
    ):
        return None
    return str(rule.key)


def play(table: Table, level: str, seed: int, store: Store, tally: Tally) -> None:
    game = get(table.game)
    config = table.config()
    seats = [spec.format(bot=level) for spec in table.seats]
    session = TableSession.new(game, config, seats, seed, "leaks", store, _json_out())
    undo = UndoProbe(game, session.record, store, _json_out())  # the same game, its own copy of the history
    hidden = [s for s in range(len(seats)) if s != session.view_seat]

    def players() -> dict[int, Any]:
        made = {}
        for seat, spec in enumerate(seats):
            if not is_human(spec):
                kwargs = {"iterations": table.iterations} if spec == "hard" and table.game != "prudh" else {}
                made[seat] = game.make_player(spec, seat, config, think=0.01, **kwargs)
        return made

    real_players, twin_players = players(), players()
    people = random.Random(seed)
    state = game.initial_state(config, seed)
    # the real world's history, as the session keeps it: the states so far and each step's entry
    states: list[Any] = [state]
    entries: list[Entry] = []
    for n in range(table.steps):
        if game.is_over(state):
            break
        mover = game.to_move(state)
        legal = game.legal_actions(state)
        bot = mover >= 0 and not is_human(seats[mover])
        if bot:
            decision = real_players[mover].decide(
                game.observation(state, mover), legal, random.Random(f"{seed}/{n}")
            )
        else:
            decision = Decision(people.choice(list(legal)))
        after, events = game.step(state, decision.action)
        tally.steps += 1
        if game.is_over(after):
            break
        real = table_sees(session, state, events, after, decision.reason)
        entry = _entry(game, state, bot, decision)
        real_undo: list[str] | None = None  # asked once a twin is compared
        # a bot's step gets several twins: its reason is compared whenever a twin picks the same move
        for k in range(TWINS if bot else 1):
            twin = table.twin(state, decision.action, after, random.Random(f"{seed}/twin/{n}/{k}"), hidden)
            if twin is None:
                break
            twin_decision = decision
            if bot and twin is not state:
                observation = game.observation(twin, mover)
                twin_legal = game.legal_actions(twin)
                twin_decision = twin_players[mover].decide(
                    observation, twin_legal, random.Random(f"{seed}/{n}")
                )
                named = named_rule(real_players[mover], game.observation(state, mover), legal, decision)
                if named is not None:
                    # a rule named at the table says that every rule before it did not hold: in a world the
                    # table cannot tell apart, the same rule must be the first to hold
                    tally.named += 1
                    twin_rule, _ = real_players[mover].rules.first(observation, twin_legal)
                    if twin_rule.key != named:
                        tally.differences.append(
                            f"seed {seed} step {n}: {decision.reason!r} named, but rule {twin_rule.key} holds "
                            "first in a world the table cannot tell apart"
                        )
            if table.public(twin_decision.action) != table.public(decision.action):
                continue
            twin_after, twin_events = game.step(twin, twin_decision.action)
            other = table_sees(session, twin, twin_events, twin_after, twin_decision.reason)
            tally.compared += 1
            tally.bot_steps += bot
            tally.lines += len(real)
            if real != other:
                tally.differences.append(f"seed {seed} step {n}: {_first_difference(real, other)}")
            if real_undo is None:
                real_undo = undo.probe([*states, after], [*entries, entry])
            twin_entry = _entry(game, twin, bot, twin_decision)
            other_undo = undo.probe([*states[:-1], twin, twin_after], [*entries, twin_entry])
            tally.undos += 1
            tally.refused += any("undo stops here: " in line for line in real_undo)
            tally.undone += any("Undone: " in line for line in real_undo)
            if real_undo != other_undo:
                diff = _first_difference(real_undo, other_undo)
                tally.differences.append(f"seed {seed} step {n}, undo: {diff}")
            if twin is state:
                break
        state = after
        states.append(after)
        entries.append(entry)


CASES = [(name, level) for name in TABLES for level in LEVELS]
#: Known leaks whose fix is not on main yet, marked ``xfail(strict=True)`` with the reason: none today (the
#: last two, Prohis skipping a seat with no controller and a whim or rule named only when the bot had a choice,
#: are fixed).
KNOWN: dict[tuple[str, str], str] = {}


@pytest.mark.parametrize(
    ("name", "level"),
    [
        pytest.param(name, level, marks=pytest.mark.xfail(strict=True, reason=KNOWN[(name, level)]))
        if (name, level) in KNOWN
        else (name, level)
        for name, level in CASES
    ],
)
def test_what_the_table_sees_does_not_depend_on_unseen_cards(name: str, level: str, tmp_path: Path) -> None:
    table = TABLES[name]
    store = Store(tmp_path / "leaks.sqlite3")
    tally = Tally()
    for seed in range(table.games):
        play(table, level, seed, store, tally)
    store.close()
    print(
        f"{name} {level}: {table.games} games, {tally.compared}/{tally.steps} steps compared ({tally.bot_steps} bot moves, {tally.named} named rules checked, {tally.undos} undos: {tally.refused} refused, {tally.undone} made), {tally.lines} lines"
    )
    assert tally.compared > 0
    # undo probes that say something: undos made, and in a game of hidden cards undos refused (none in Prudh)
    assert tally.undone > 0 and (tally.refused > 0) is not get(table.game).info.perfect_information
    assert not tally.differences, "\n".join(tally.differences[:5])
