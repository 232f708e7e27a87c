"""Move-count tables (perft) for Prudh: legal moves and distinct positions at depth 1-3 from the start.

``python -m ai.prudh.perft`` prints the JSON kept as regression data in ``tests/data/prudh_perft.json``.
Dark moves first. A position is the board, the player to move, the scores and the pit.

Reviewed by hand: the 50 opening moves are all slides (18 dark squares: the corners a1 and f6 have one
diagonal each, the 8 other edge squares two, the 8 inner squares four: 2 + 16 + 32 = 50); Light then has
the same 50 slides whatever Dark did (a slide only touches dark squares), so depth 2 has 2,500 lines and
2,500 positions, and no run is possible before depth 3.
"""

from __future__ import annotations

import json
from typing import Any

from ai.prudh.components import DARK, VARIANTS
from ai.prudh.engine import legal_codes, play_code

Position = tuple[tuple[int, ...], int, tuple[int, int], int]


def perft(variant: str, depth: int = 3, stack_only: bool = False) -> dict[str, list[int]]:
    """Per depth 1..``depth``: move sequences (``perft``), runs among them, and distinct positions."""
    lines = [0] * depth
    runs = [0] * depth
    seen: list[set[Position]] = [set() for _ in range(depth)]

    def walk(board: list[int], seat: int, scores: tuple[int, int], pit: int, ply: int) -> None:
        for code in legal_codes(board, seat):
            child = board.copy()
            points, _, to_pit = play_code(child, seat, code, variant, stack_only)
            new = (scores[0] + points, scores[1]) if seat == DARK else (scores[0], scores[1] + points)
            lines[ply] += 1
            runs[ply] += code & 1 == 0
            seen[ply].add((tuple(child), 1 - seat, new, pit + to_pit))
            if ply + 1 < depth:
                walk(child, 1 - seat, new, pit + to_pit, ply + 1)

    walk([1] * 36, DARK, (0, 0), 0, 0)
    return {"perft": lines, "runs": runs, "positions": [len(s) for s in seen]}


def table(depth: int = 3) -> dict[str, Any]:
    return {variant: perft(variant, depth) for variant in VARIANTS}


if __name__ == "__main__":  # pragma: no cover
    print(json.dumps(table(), indent=2))
