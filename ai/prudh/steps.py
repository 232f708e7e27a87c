"""What the hands at a Prudh board do: the steps of a move, and the steps that take it back.

A move's steps follow the pieces: a slide lifts a whole stack onto another; a run lifts a stack and drops one
piece per square, each drop resolved as it lands, then the extras go where the edge variant sends them. The
undo steps name every square to restore and where the pieces come back from (the captured pieces beside the
board, the pit), so the real board matches the tool's again.
"""

from __future__ import annotations

from ai.prudh.components import DIRECTIONS, OWNER, RAYS, SEAT_NAMES, SQUARE_NAMES
from ai.prudh.state import Move, PrudhState


def pieces(n: int) -> str:
    return f"{n} piece" if n == 1 else f"{n} pieces"


def move_steps(before: PrudhState, move: Move, after: PrudhState) -> tuple[str, ...]:
    """The hands' steps for ``move`` played in ``before`` (``after`` is the state it leads to)."""
    done = after.last_outcome
    assert done is not None
    start = SQUARE_NAMES[move.square]
    n = before.board[move.square]
    if move.is_slide:
        assert done.landing is not None
        land = SQUARE_NAMES[done.landing]
        what = "the single piece" if n == 1 else f"the whole stack of {n}"
        return (f"Move {what} from {start} onto {land} ({after.board[done.landing]} there now).",)
    seat = before.to_move
    steps = [
        f"Lift the stack of {n} from {start}; drop one piece on each square going {DIRECTIONS[move.direction][1]}:"
    ]
    for t in RAYS[move.square][move.direction][: done.reach]:
        h = before.board[t]
        name = SQUARE_NAMES[t]
        if t in done.captures:
            points = h if before.config.capture_points == "stack" else h + 1
            steps.append(
                f"{name}: captures {SEAT_NAMES[OWNER[t]]}'s {h}: take the {h} and the dropped piece off the "
                f"board (+{points})."
            )
        elif h == 0:
            steps.append(f"{name}: the piece stays (an empty square).")
        else:
            whose = "own" if OWNER[t] == seat else f"{SEAT_NAMES[OWNER[t]]}'s, too tall to capture"
            steps.append(f"{name}: the piece joins the stack ({whose}), {h + 1} there now.")
    if done.extras:
        steps.append(f"The {pieces(done.extras)} left over {done.edge}.")
    return tuple(steps)


def undo_steps(before: PrudhState, move: Move, after: PrudhState) -> list[str]:
    """How to put the board back from ``after`` to ``before``: every changed square, and where pieces return
    from."""
    changed = [sq for sq, (a, b) in enumerate(zip(after.board, before.board, strict=True)) if a != b]
    squares = ", ".join(
        f"{SQUARE_NAMES[sq]} back to {pieces(before.board[sq]) if before.board[sq] else 'empty'}"
        for sq in changed
    )
    steps = [f"Set {squares}."]
    back = after.removed - before.removed
    if back:
        steps.append(f"Use the {pieces(back)} this move took off the board for that.")
    pit = after.pit - before.pit
    if pit:
        steps.append(f"Take {pieces(pit)} back out of the pit for that.")
    return steps
