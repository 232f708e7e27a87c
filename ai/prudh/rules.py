"""Prudh's rules as pure functions over immutable states (spec: ``shared/rules/prudh.md``).

Two layers: a fast core over plain lists of stack heights and moves encoded as ``square * 8 + direction``
(``legal_codes``, ``play_code``; the searching bot uses these), and the protocol layer over ``PrudhState`` and
``Move`` (``initial_state``, ``legal_actions``, ``apply``).

Ruling: with the ``stack`` capture-scoring option (a capture scores h, the captured stack only), the capturing
pieces score nothing, so under Traditional the extra pieces captured at the edge are removed but not scored.
Ruling: the spec's table decides the extras of a run whose last drop did not capture: back to the start square
under Ordinary, Traditional and Tika, into the pit under Tomío.
Ruling: a game with no legal move at all for the first player (impossible from the real setup) ends at once
with no last mover and no bonus.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from ai import rng as seeded
from ai.prudh.board import (
    DARK,
    DIAGONALS,
    DIRECTIONS,
    LIGHT,
    ORTHOGONALS,
    OWNER,
    PIECES,
    PIT_POINTS,
    RAYS,
    SEAT_NAMES,
    SEAT_SQUARES,
    SQUARE_NAMES,
    SQUARES,
    VARIANTS,
)


class Move(NamedTuple):
    """A slide (diagonal direction) or a run (orthogonal direction) from ``square``."""

    square: int
    direction: int

    @property
    def is_slide(self) -> bool:
        return self.direction & 1 == 1

    @property
    def code(self) -> int:
        return self.square * 8 + self.direction

    @staticmethod
    def from_code(code: int) -> Move:
        return Move(code >> 3, code & 7)

    def __str__(self) -> str:
        return f"{SQUARE_NAMES[self.square]} {DIRECTIONS[self.direction][0]}"


@dataclass(frozen=True, slots=True)
class PrudhConfig:
    """A game's options. ``first``: the seat that moves first (None: chosen at random from the seed)."""

    variant: str = "ordinary"
    capture_points: str = "all"
    first: int | None = None

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise ValueError(f"unknown Prudh variant {self.variant!r}; choose from {', '.join(VARIANTS)}")
        if self.capture_points not in ("all", "stack"):
            raise ValueError("capture_points is 'all' (h + 1) or 'stack' (h)")
        if self.first not in (None, DARK, LIGHT):
            raise ValueError("first is 0 (Dark), 1 (Light) or None (random)")


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one move did: points scored, pieces removed from the board, pieces put in the pit."""

    points: int = 0
    removed: int = 0
    pit: int = 0
    captures: tuple[int, ...] = ()  # squares whose stacks were captured
    landing: int | None = None  # a slide's landing square
    reach: int = 0  # a run: the squares it dropped on
    extras: int = 0  # a run: the pieces beyond the edge
    edge: str = ""  # what became of them, for people


@dataclass(frozen=True, slots=True)
class PrudhState:
    config: PrudhConfig
    board: tuple[int, ...]
    to_move: int
    first: int
    scores: tuple[int, int] = (0, 0)
    removed: int = 0
    pit: int = 0
    plies: int = 0
    last: Move | None = None
    last_mover: int | None = None
    last_outcome: Outcome | None = None
    #: The legal moves of the player to move; empty once the game is over.
    legal: tuple[Move, ...] = field(default=(), compare=False)
    over: bool = False
    bonus: int = 0
    winner: int | None = None

    @property
    def final_scores(self) -> tuple[int, int]:
        """The scores with the last mover's bonus (the same as ``scores`` while the game goes on)."""
        if self.last_mover is None:
            return self.scores
        s = list(self.scores)
        s[self.last_mover] += self.bonus
        return (s[0], s[1])

    @property
    def second(self) -> int:
        return 1 - self.first

    def on_board(self) -> int:
        return sum(self.board)


# -- the fast core ---------------------------------------------------------------------------------------


def legal_codes(board: Sequence[int], seat: int) -> list[int]:
    """Every legal move of ``seat`` as ``square * 8 + direction``: slides first, then runs, by square."""
    out: list[int] = []
    for sq in SEAT_SQUARES[seat]:
        n = board[sq]
        if not n:
            continue
        rays = RAYS[sq]
        base = sq * 8
        for d in DIAGONALS:
            for t in rays[d]:
                if board[t]:
                    out.append(base + d)
                    break
        if n >= 2:
            for d in ORTHOGONALS:
                ray = rays[d]
                for t in ray[:n]:
                    h = board[t]
                    if h and h < n and OWNER[t] != seat:
                        out.append(base + d)
                        break
    return out


def has_move(board: Sequence[int], seat: int) -> bool:
    for sq in SEAT_SQUARES[seat]:
        n = board[sq]
        if not n:
            continue
        rays = RAYS[sq]
        for d in DIAGONALS:
            for t in rays[d]:
                if board[t]:
                    return True
        if n >= 2:
            for d in ORTHOGONALS:
                for t in rays[d][:n]:
                    h = board[t]
                    if h and h < n and OWNER[t] != seat:
                        return True
    return False


def play_code(board: list[int], seat: int, code: int, variant: str, stack_only: bool) -> tuple[int, int, int]:
    """Play a legal move on ``board`` in place; return (points, pieces removed, pieces to the pit)."""
    sq, d = code >> 3, code & 7
    n = board[sq]
    ray = RAYS[sq][d]
    if d & 1:  # slide: the whole stack onto the first occupied square of the diagonal
        for t in ray:
            if board[t]:
                board[t] += n
                board[sq] = 0
                return 0, 0, 0
        raise ValueError("no stack to slide onto")
    board[sq] = 0
    k = n if n < len(ray) else len(ray)
    points = removed = 0
    captured = False
    for t in ray[:k]:
        h = board[t]
        if h == 0:
            board[t] = 1
            captured = False
        elif OWNER[t] == seat or h >= n:
            board[t] = h + 1
            captured = False
        else:
            board[t] = 0
            removed += h + 1
            points += h if stack_only else h + 1
            captured = True
    extras = n - k
    if not extras:
        return points, removed, 0
    if variant == "tomio":
        return points, removed, extras
    if captured and variant == "traditional":
        return points + (0 if stack_only else extras), removed + extras, 0
    if captured and variant == "tika":
        board[ray[k - 1]] = extras
    else:
        board[sq] = extras
    return points, removed, 0


def tallest(board: Sequence[int], seat: int) -> int:
    """The tallest stack standing on ``seat``'s own colour (0 if none)."""
    return max(board[sq] for sq in SEAT_SQUARES[seat])


def final_points(scores: tuple[int, int], last_mover: int | None, bonus: int) -> tuple[int, int]:
    s = list(scores)
    if last_mover is not None:
        s[last_mover] += bonus
    return (s[0], s[1])


def winner_of(final: tuple[int, int], first: int) -> int:
    """The higher final score wins; a tie goes to the player who moved second."""
    if final[0] != final[1]:
        return DARK if final[0] > final[1] else LIGHT
    return 1 - first


# -- the protocol layer ----------------------------------------------------------------------------------


def first_player(config: PrudhConfig, seed: int) -> int:
    if config.first is not None:
        return config.first
    return seeded.randrange(random.Random(f"prudh-first/{seed}"), 2)


def match_first(first_of_match: int, game_number: int) -> int:
    """Who moves first in game ``game_number`` (1, 2, ...) of a match: it alternates after the first game."""
    return first_of_match if game_number % 2 == 1 else 1 - first_of_match


def _legal(board: Sequence[int], seat: int) -> tuple[Move, ...]:
    return tuple(Move(c >> 3, c & 7) for c in legal_codes(board, seat))


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
        one = extras == 1  # the verb agrees: "1 extra piece goes", "2 extra pieces go"
        if variant == "tomio":
            edge = ("goes" if one else "go") + " to the pit"
        elif last in captures and variant == "traditional":
            edge = ("is" if one else "are") + f" captured with the stack on {SQUARE_NAMES[last]}"
        elif last in captures and variant == "tika":
            edge = (
                "stays" if one else "stay"
            ) + f" on {SQUARE_NAMES[last]} as {SEAT_NAMES[OWNER[last]]}'s stack"
        else:
            edge = ("goes" if one else "go") + f" back to {SQUARE_NAMES[move.square]}"
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
    )
    if legal:
        return new
    bonus = tallest(board, seat) + new.pit * PIT_POINTS
    final = final_points(new.scores, seat, bonus)
    return replace(new, over=True, bonus=bonus, winner=winner_of(final, state.first))


def end_reason(state: PrudhState) -> str:
    """One line on how the game ended: the final scores and the bonus."""
    final = state.final_scores
    if state.last_mover is None:
        return f"{SEAT_NAMES[state.to_move]} cannot move; {final[0]} : {final[1]}"
    mover = SEAT_NAMES[state.last_mover]
    pit = f" + pit {state.pit}" if state.pit else ""
    tie = " (a tie goes to the second player)" if final[0] == final[1] else ""
    return (
        f"{SEAT_NAMES[state.to_move]} cannot move; {mover} moved last and adds {state.bonus - state.pit}"
        f" (tallest stack){pit}: Dark {final[0]}, Light {final[1]}{tie}"
    )


def check_conservation(state: PrudhState) -> None:
    """36 = on the board + removed + pit (raises AssertionError otherwise)."""
    total = state.on_board() + state.removed + state.pit
    if total != PIECES:
        raise AssertionError(f"{total} pieces, not 36")
