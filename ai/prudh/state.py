"""Prudh's state and moves: the game's options, what a move is and what it did, and the immutable state the
table holds (``ai.prudh.rules`` makes it from the engine, ``ai.prudh.engine``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from ai.prudh.components import DARK, DIRECTIONS, LIGHT, SQUARE_NAMES, VARIANTS


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
    #: what became of the extras: "back" (to the start square), "pit", "captured" (with the stack on the last
    #: square, Traditional) or "stays" (there, as the enemy's stack, Tika); "" without extras
    edge: str = ""


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
    #: Per seat, what the table has seen it do (``ai.prudh.record``: a capture made or passed up, the other
    #: player's last move copied or not, the tallest stack built or not); empty: nothing yet (a position set up
    #: by hand, a game saved before the record existed).
    record: tuple[tuple[int, ...], ...] = ()

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
