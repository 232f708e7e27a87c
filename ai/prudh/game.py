"""Prudh behind the game protocol (``ai.protocol.Game``), with its players and its board for people.

Prudh has perfect information: a seat's observation is the state itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ai.config import config_from_dict, config_to_dict
from ai.levels import make_player, summaries
from ai.protocol import Event, GameInfo, Player, Result, TableGame
from ai.prudh import display, rules
from ai.prudh.bots import LEVELS
from ai.prudh.components import (
    MAX_PLIES,
    SEAT_NAMES,
    SQUARE_NAMES,
    seat,
)
from ai.prudh.notation import expected_input, format_action, parse_action, said_action
from ai.prudh.rules import Move, PrudhConfig, PrudhState
from ai.prudh.steps import extras_clause, move_steps, undo_steps
from ai.words import language, tr


class PrudhGame(TableGame[PrudhState, Move, PrudhState, PrudhConfig]):
    info = GameInfo(
        name="prudh",
        title="Prudh",
        min_players=2,
        max_players=2,
        perfect_information=True,
        has_chance=False,
        max_length=MAX_PLIES,
        seat_names=SEAT_NAMES,
    )

    # -- config --

    def default_config(self) -> PrudhConfig:
        return PrudhConfig()

    def config_to_dict(self, config: PrudhConfig) -> dict[str, Any]:
        return config_to_dict(config)

    def config_from_dict(self, data: Mapping[str, Any]) -> PrudhConfig:
        return config_from_dict(PrudhConfig, data, "Prudh")

    # -- rules --

    def initial_state(self, config: PrudhConfig, seed: int) -> PrudhState:
        return rules.initial_state(config, seed)

    def num_players(self, state: PrudhState) -> int:
        return 2

    def to_move(self, state: PrudhState) -> int:
        return -2 if state.over else state.to_move

    def legal_actions(self, state: PrudhState) -> Sequence[Move]:
        return state.legal

    def apply(self, state: PrudhState, action: Move) -> PrudhState:
        return rules.apply(state, action)

    def step(self, state: PrudhState, action: Move) -> tuple[PrudhState, list[Event]]:
        after = rules.apply(state, action)
        events = [move_event(state, action, after)]
        if after.over:
            events.append(end_event(after))
        return after, events

    def observation(self, state: PrudhState, seat: int) -> PrudhState:
        return state

    def undo_steps(self, before: PrudhState, action: Move, after: PrudhState) -> list[str]:
        """What the hands do to take ``action`` back: the squares to restore (see ``ai.prudh.steps``)."""
        return undo_steps(before, action, after)

    def is_over(self, state: PrudhState) -> bool:
        return state.over

    def result(self, state: PrudhState) -> Result:
        if state.winner is None:
            raise ValueError("the game is not over")
        final = state.final_scores
        with language("en"):  # the record's words, as every program reads them
            reason = rules.end_reason(state)
        return Result((state.winner,), reason, (float(final[0]), float(final[1])))

    def seat_name(self, state: PrudhState, seat: int) -> str:
        return SEAT_NAMES[seat]

    def seat_fact(self, state: PrudhState, seat: int) -> str:
        return SEAT_NAMES[seat].lower()

    # -- notation --

    def parse_action(self, state: PrudhState, text: str) -> Move:
        return parse_action(state, text)

    def format_action(self, state: PrudhState, action: Move) -> str:
        return format_action(state, action)

    def as_typed(self, state: PrudhState, action: Move) -> str:
        return said_action(state, action)

    def prompt(self, state: PrudhState) -> str:
        return expected_input(state)

    def input_help(self, state: PrudhState) -> str:
        return input_help()

    # -- players --

    def bots(self, seat: int) -> dict[str, str]:
        return summaries(LEVELS, seat)

    def make_player(
        self, name: str, seat: int, config: PrudhConfig, think: float = 1.0, iterations: int | None = None
    ) -> Player[PrudhState, Move]:
        """A bot for ``seat``. ``hard`` thinks ``think`` seconds a move, or searches ``iterations`` positions."""
        return make_player(self.info.name, "Prudh", LEVELS, name, seat, config, think, iterations)

    # -- what the screen shows (ai.prudh.display) --

    describe = staticmethod(display.describe)
    variant = staticmethod(display.describe)  # the edge rule always: each region plays its own
    setup_events = staticmethod(display.setup_events)
    board_data = staticmethod(display.board_data)
    render = staticmethod(display.render)


def move_event(before: PrudhState, move: Move, after: PrudhState) -> Event:
    name = SEAT_NAMES[before.to_move]
    text_move = format_action(before, move)
    said = said_action(before, move)
    done = after.last_outcome
    assert done is not None
    data: dict[str, Any] = {
        "player": name.lower(),
        "move": text_move,
        "kind": "slide" if move.is_slide else "run",
    }
    if move.is_slide:
        assert done.landing is not None
        height = after.board[done.landing]
        text = tr(
            "{name} slides {move}: {height} on {square}.",
            name=seat(before.to_move),
            move=said,
            height=height,
            square=SQUARE_NAMES[done.landing],
        )
        data["height"] = height
    else:
        text = tr(
            "{name} runs {move} from a stack of {n}: captures {squares}, +{points}{extras}. Score: Dark {dark}, "
            "Light {light}.",
            name=seat(before.to_move),
            move=said,
            n=before.board[move.square],
            squares=", ".join(SQUARE_NAMES[sq] for sq in done.captures),
            points=done.points,
            extras="; " + extras_clause(move, done) if done.extras else "",
            dark=after.scores[0],
            light=after.scores[1],
        )
        data |= {
            "stack": before.board[move.square],
            "extras": done.extras,
            "captures": [SQUARE_NAMES[sq] for sq in done.captures],
            "points": done.points,
            "pit": after.pit,
        }
    data["scores"] = {"dark": after.scores[0], "light": after.scores[1]}
    return Event("move", text, data, table=move_steps(before, move, after))


def end_event(state: PrudhState) -> Event:
    assert state.winner is not None
    final = state.final_scores
    text = tr(
        "Game over. {reason}. {winner} wins.", reason=rules.end_reason(state), winner=seat(state.winner)
    )
    with language("en"):  # the facts of --json stay English
        reason = rules.end_reason(state)
    return Event(
        "end",
        text,
        {
            "winner": SEAT_NAMES[state.winner].lower(),
            "winners": [SEAT_NAMES[state.winner].lower()],
            "reason": reason,
            "scores": {"dark": final[0], "light": final[1]},
            "breakdown": {
                SEAT_NAMES[seat].lower(): {
                    "captured": state.scores[seat],
                    "bonus": state.bonus if seat == state.last_mover else 0,
                    "total": final[seat],
                }
                for seat in (0, 1)
            },
            "last_mover": None if state.last_mover is None else SEAT_NAMES[state.last_mover].lower(),
            "bonus": state.bonus,
            "pit": state.pit,
        },
    )


GAME = PrudhGame()


def input_help() -> str:
    """What ``help`` prints: one line a topic, wrapped by the screen to its width."""
    return "\n".join(
        (
            tr(
                "Squares a1 to f6 (a1 is dark, bottom left; files a-f left to right, ranks 1-6 bottom to top)."
            ),
            tr(
                "Slide (diagonal, onto the first stack that way): start and landing square c3-e5, or start and "
                "direction c3 ne."
            ),
            tr(
                "Run (straight, drops one piece per square, must capture): start and direction b2 e (also b2 "
                "east, run b2 right)."
            ),
            tr(
                "Directions: n ne e se s sw w nw (or north, northeast, ...). A square alone works when it has "
                "one legal move."
            ),
            tr(
                "Commands: undo (take back your last move and the bot's answer), board, hint (the hard bot's "
                "move), help, quit (the game is saved; companion resume)."
            ),
        )
    )
