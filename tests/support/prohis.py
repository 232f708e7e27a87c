"""Shared test support."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

from ai.prohis import rules as R
from ai.prohis.bots.card import smuggler
from ai.prohis.components import (
    CAPTAIN,
    ILLEGAL,
    INSPECTOR,
    LEGAL,
    LIEUTENANT,
    deck_counts,
)
from ai.prohis.game import GAME
from ai.prohis.notation import format_action, parse_action
from ai.prohis.observation import observe
from ai.prohis.score import format_count, possible_count
from ai.protocol import Decision, Event
from companion.cli.commands.prohis import parse_seats
from companion.saves.store import Store
from companion.screen.output import JsonOutput
from companion.table.session import TableSession

G, X, L, C, I = LEGAL, ILLEGAL, LIEUTENANT, CAPTAIN, INSPECTOR  # noqa: E741


def answer_forced(state: R.ProhisState, events: list[Event] | None = None) -> R.ProhisState:
    """Every opponent is asked whether they inspect; one whose only answer is no says it here, so that the
    tests below type only the answers that are choices."""
    while state.phase == R.Phase.COMMIT and R.legal_actions(state) == [R.Act(R.NO_COMMIT)]:
        state = R.apply(state, R.Act(R.NO_COMMIT), events)
    return state


def table(
    hand_cards: tuple[tuple[int, ...], ...],
    pile: tuple[int, ...] = (G,) * 30,
    display: tuple[int | None, ...] = (G, G, G, G),
    active: int = 0,
    **config: object,
) -> R.ProhisState:
    cfg = R.ProhisConfig(players=len(hand_cards), **config)  # type: ignore[arg-type]
    state = R.initial_state(cfg, 1)
    hands = tuple(R.counts_of(c) for c in hand_cards)
    return dataclasses.replace(state, hands=hands, display=display, pile=pile, active=active, pending=())


def dealt(hand_cards: tuple[tuple[int, ...], ...], display: tuple[int, ...] = (G, G, G, G)) -> R.ProhisState:
    """Seat 0 to play with these hands and display, every other card of the game in the pile."""
    rest = list(deck_counts(len(hand_cards)))
    for card in (*display, *(c for hand in hand_cards for c in hand)):
        rest[card] -= 1
    pile = list(R.cards_of((*rest, 0)))
    random.Random(1).shuffle(pile)
    return table(hand_cards, pile=tuple(pile), display=display)


def play(state: R.ProhisState, *texts: str) -> R.ProhisState:
    for text in texts:
        state = answer_forced(R.apply(state, parse_action(state, text)))
    return state


def move(state: R.ProhisState) -> str:
    return format_action(state, normal(state).action)


def walk(players: int, seed: int, steps: int, physical: bool = False) -> list[R.ProhisState]:
    untracked = (0,) if physical else ()
    state = R.initial_state(R.ProhisConfig(players=players, physical=physical, untracked=untracked), seed)
    rng = random.Random(seed)
    states = [state]
    for _ in range(steps):
        if state.phase in (R.Phase.OVER, R.Phase.COUNT):
            break
        state = R.apply(state, rng.choice(R.legal_actions(state)))
        states.append(state)
    return states


def script(home: Path, seats: str, seed: int, physical: bool) -> list[str]:
    """Play a whole game in-process through the session, people choosing at random among what they could type;
    returns the lines they typed."""
    specs, names = parse_seats(seats)
    humans = tuple(s for s, spec in enumerate(specs) if spec.startswith("human"))
    config = R.ProhisConfig(players=len(specs), names=tuple(names), physical=physical, untracked=humans)
    store = Store(Path(":memory:"))  # the script's own session is not kept
    out = JsonOutput()
    session = TableSession.new(GAME, config, specs, seed, "script", store, out, {"think": 0.01})
    rng = random.Random(seed)
    lines: list[str] = []

    def read() -> str | None:
        state = session.state
        if GAME.is_over(state):
            return None
        if state.phase == R.Phase.COUNT:
            line = format_count(possible_count(state, rng))
            lines.append(line)
            return line
        act = rng.choice(list(GAME.legal_actions(state)))
        line = GAME.format_action(state, act)
        lines.append(line)
        return line

    session.run(read)
    assert GAME.is_over(session.state)
    return lines


def normal(state: R.ProhisState) -> Decision[R.Act]:
    """The normal bot's move for the seat to move, with its full reason (as a hint gives it)."""
    seat = R.to_move(state)
    return smuggler().decide(observe(state, seat), R.legal_actions(state), random.Random(0))
