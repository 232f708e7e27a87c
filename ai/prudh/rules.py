"""Prudh behind the protocol: the immutable states the table holds (``ai.prudh.state``), made with the engine
(``ai.prudh.engine``, where every rule is written); nothing here decides a rule, it translates.

Ruling: a game with no legal move at all for the first player (impossible from the real setup) ends at once
with no last mover and no bonus.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from ai import rng as seeded
from ai.prudh.components import OWNER, PIECES, PIT_POINTS, RAYS, SQUARES, seat
from ai.prudh.engine import final_points, legal_codes, play_code, tallest, winner_of
from ai.prudh.record import counted
from ai.prudh.state import Move, Outcome, PrudhConfig, PrudhState
from ai.words import tr

#: Re-exported: the state and moves (``ai.prudh.state``) are imported from this module across the project.
__all__ = ["Move", "Outcome", "PrudhConfig", "PrudhState"]


def first_player(config: PrudhConfig, seed: int) -> int:
    if config.first is not None:
        return config.first
    return seeded.randrange(random.Random(f"prudh-first/{seed}"), 2)


def match_first(first_of_match: int, game_number: int) -> int:
    """Who moves first in game ``game_number`` (1, 2, ...) of a match: it alternates after the first game."""
    return first_of_match if game_number % 2 == 1 else 1 - first_of_match


#: Every move by its code (``Move.code``), made once: a state's legal moves are read from it.
_MOVES = tuple(Move(code >> 3, code & 7) for code in range(SQUARES * 8))


def _legal(board: Sequence[int], seat: int) -> tuple[Move, ...]:
    return tuple(map(_MOVES.__getitem__, legal_codes(board, seat)))


def initial_state(config: PrudhConfig, seed: int = 0) -> PrudhState:
    first = first_player(config, seed)
    board = (1,) * SQUARES
    return PrudhState(config=config, board=board, to_move=first, first=first, legal=_legal(board, first))


def from_position(
    config: PrudhConfig,
    board: Sequence[int],
    to_move: int,
    first: int | None = None,
    scores: tuple[int, int] = (0, 0),
    pit: int = 0,
) -> PrudhState:
    """A position set up by hand (tests, puzzles): the removed pieces are what is missing from 36."""
    if len(board) != SQUARES or any(h < 0 for h in board):
        raise ValueError("a board is 36 stack heights >= 0")
    removed = PIECES - sum(board) - pit
    if removed < 0:
        raise ValueError("more than 36 pieces")
    state = PrudhState(
        config=config,
        board=tuple(board),
        to_move=to_move,
        first=to_move if first is None else first,
        scores=scores,
        removed=removed,
        pit=pit,
        legal=_legal(board, to_move),
    )
    if not state.legal:
        return replace(state, over=True, winner=winner_of(scores, state.first))
    return state


def legal_actions(state: PrudhState) -> tuple[Move, ...]:
    return state.legal


def outcome(state: PrudhState, move: Move) -> tuple[tuple[int, ...], Outcome]:
    """The board after ``move`` and what it did (no legality check beyond the core's)."""
    board = list(state.board)
    before = list(board)
    points, removed, pit = play_code(
        board, state.to_move, move.code, state.config.variant, state.config.capture_points == "stack"
    )
    if move.is_slide:
        landing = next(t for t in RAYS[move.square][move.direction] if before[t])
        return tuple(board), Outcome(points, removed, pit, landing=landing)
    seat = state.to_move
    n = before[move.square]
    ray = RAYS[move.square][move.direction]
    reach = min(n, len(ray))
    captures = tuple(t for t in ray[:reach] if before[t] and before[t] < n and OWNER[t] != seat)
    extras = n - reach
    edge = ""
    if extras:
        last = ray[reach - 1]
        variant = state.config.variant
        if variant == "tomio":
            edge = "pit"
        elif last in captures and variant == "traditional":
            edge = "captured"
        elif last in captures and variant == "tika":
            edge = "stays"
        else:
            edge = "back"
    return tuple(board), Outcome(points, removed, pit, captures, None, reach, extras, edge)


def apply(state: PrudhState, move: Move) -> PrudhState:
    if state.over:
        raise ValueError("the game is over")
    if move not in state.legal:
        raise ValueError(f"{move} is not legal here")
    board, done = outcome(state, move)
    seat = state.to_move
    scores = list(state.scores)
    scores[seat] += done.points
    nxt = 1 - seat
    legal = _legal(board, nxt)
    new = PrudhState(
        config=state.config,
        board=board,
        to_move=nxt,
        first=state.first,
        scores=(scores[0], scores[1]),
        removed=state.removed + done.removed,
        pit=state.pit + done.pit,
        plies=state.plies + 1,
        last=move,
        last_mover=seat,
        last_outcome=done,
        legal=legal,
        record=counted(state, move, board),
    )
    if legal:
        return new
    bonus = tallest(board, seat) + new.pit * PIT_POINTS
    final = final_points(new.scores, seat, bonus)
    return replace(new, over=True, bonus=bonus, winner=winner_of(final, state.first))


def end_reason(state: PrudhState) -> str:
    """One line on how the game ended, in the table's language: the final scores and the bonus."""
    final = state.final_scores
    if state.last_mover is None:
        return tr(
            "{seat} cannot move; {dark} : {light}", seat=seat(state.to_move), dark=final[0], light=final[1]
        )
    return tr(
        "{seat} cannot move; {mover} moved last and adds {tallest} (tallest stack){pit}: Dark {dark}, Light "
        "{light}{tie}",
        seat=seat(state.to_move),
        mover=seat(state.last_mover),
        tallest=state.bonus - state.pit,
        pit=tr(" + pit {pit}", pit=state.pit) if state.pit else "",
        dark=final[0],
        light=final[1],
        tie=tr(" (a tie goes to the second player)") if final[0] == final[1] else "",
    )


def check_conservation(state: PrudhState) -> None:
    """36 = on the board + removed + pit (raises AssertionError otherwise)."""
    total = state.on_board() + state.removed + state.pit
    if total != PIECES:
        raise AssertionError(f"{total} pieces, not 36")
