"""Shared test support."""

from __future__ import annotations

import dataclasses

from ai.protocol import Result


@dataclasses.dataclass(frozen=True)
class Pile:
    left: int
    mover: int = 0


class Nim:
    def legal_actions(self, state: Pile) -> list[int]:
        return [n for n in (1, 2) if n <= state.left]

    def to_move(self, state: Pile) -> int:
        return state.mover

    def apply(self, state: Pile, action: int) -> Pile:
        return Pile(state.left - action, 1 - state.mover)

    def is_over(self, state: Pile) -> bool:
        return state.left == 0

    def result(self, state: Pile) -> Result:
        return Result((1 - state.mover,), "took the last")

    def num_players(self, state: Pile) -> int:
        return 2
