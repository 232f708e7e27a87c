"""What the hands at a Prudh board do: the steps of a move, and the steps that take it back.

A move's steps follow the pieces: a slide lifts a whole stack onto another; a run lifts a stack and drops one
piece per square, each drop resolved as it lands, then the extras go where the edge variant sends them. The
undo steps name every square to restore and where the pieces come back from (the captured pieces beside the
board, the pit), so the real board matches the tool's again.
"""

from __future__ import annotations

from ai.prudh.components import OWNER, RAYS, SQUARE_NAMES, seat_of, towards
from ai.prudh.state import Move, Outcome, PrudhState
from ai.words import tr, trn


def move_steps(before: PrudhState, move: Move, after: PrudhState) -> tuple[str, ...]:
    """The hands' steps for ``move`` played in ``before`` (``after`` is the state it leads to)."""
    done = after.last_outcome
    assert done is not None
    start = SQUARE_NAMES[move.square]
    n = before.board[move.square]
    if move.is_slide:
        assert done.landing is not None
        land = SQUARE_NAMES[done.landing]
        height = after.board[done.landing]
        if n == 1:
            return (
                tr(
                    "Move the single piece from {start} onto {land} ({height} there now).",
                    start=start,
                    land=land,
                    height=height,
                ),
            )
        return (
            tr(
                "Move the whole stack of {n} from {start} onto {land} ({height} there now).",
                n=n,
                start=start,
                land=land,
                height=height,
            ),
        )
    seat = before.to_move
    steps = [
        tr(
            "Lift the stack of {n} from {start}; drop one piece on each square going {way}:",
            n=n,
            start=start,
            way=towards(move.direction),
        )
    ]
    for t in RAYS[move.square][move.direction][: done.reach]:
        h = before.board[t]
        name = SQUARE_NAMES[t]
        if t in done.captures:
            points = h if before.config.capture_points == "stack" else h + 1
            steps.append(
                tr(
                    "{square}: captures {seat}'s {h}: take the {h} and the dropped piece off the board (+{points}).",
                    square=name,
                    seat=seat_of(OWNER[t]),
                    h=h,
                    points=points,
                )
            )
        elif h == 0:
            steps.append(tr("{square}: the piece stays (an empty square).", square=name))
        elif OWNER[t] == seat:
            steps.append(
                tr(
                    "{square}: the piece joins the stack (own), {height} there now.",
                    square=name,
                    height=h + 1,
                )
            )
        else:
            steps.append(
                tr(
                    "{square}: the piece joins the stack ({seat}'s, too tall to capture), {height} there now.",
                    square=name,
                    seat=seat_of(OWNER[t]),
                    height=h + 1,
                )
            )
    if done.extras:
        steps.append(extras_step(move, done))
    return tuple(steps)


def extras_step(move: Move, done: Outcome) -> str:
    """The step for a run's extra pieces, where its edge variant sends them."""
    n = done.extras
    last = RAYS[move.square][move.direction][done.reach - 1]
    if done.edge == "pit":
        return trn("The {n} piece left over goes to the pit.", "The {n} pieces left over go to the pit.", n)
    if done.edge == "captured":
        return trn(
            "The {n} piece left over is captured with the stack on {square}.",
            "The {n} pieces left over are captured with the stack on {square}.",
            n,
            square=SQUARE_NAMES[last],
        )
    if done.edge == "stays":
        return trn(
            "The {n} piece left over stays on {square} as {seat}'s stack.",
            "The {n} pieces left over stay on {square} as {seat}'s stack.",
            n,
            square=SQUARE_NAMES[last],
            seat=seat_of(OWNER[last]),
        )
    return trn(
        "The {n} piece left over goes back to {square}.",
        "The {n} pieces left over go back to {square}.",
        n,
        square=SQUARE_NAMES[move.square],
    )


def extras_clause(move: Move, done: Outcome) -> str:
    """What became of a run's extra pieces, as a clause of the move's news ("1 extra piece goes back to a5")."""
    n = done.extras
    last = RAYS[move.square][move.direction][done.reach - 1]
    if done.edge == "pit":
        return trn("{n} extra piece goes to the pit", "{n} extra pieces go to the pit", n)
    if done.edge == "captured":
        return trn(
            "{n} extra piece is captured with the stack on {square}",
            "{n} extra pieces are captured with the stack on {square}",
            n,
            square=SQUARE_NAMES[last],
        )
    if done.edge == "stays":
        return trn(
            "{n} extra piece stays on {square} as {seat}'s stack",
            "{n} extra pieces stay on {square} as {seat}'s stack",
            n,
            square=SQUARE_NAMES[last],
            seat=seat_of(OWNER[last]),
        )
    return trn(
        "{n} extra piece goes back to {square}",
        "{n} extra pieces go back to {square}",
        n,
        square=SQUARE_NAMES[move.square],
    )


def undo_steps(before: PrudhState, move: Move, after: PrudhState) -> list[str]:
    """How to put the board back from ``after`` to ``before``: every changed square, and where pieces return
    from."""
    changed = [sq for sq, (a, b) in enumerate(zip(after.board, before.board, strict=True)) if a != b]
    squares = ", ".join(
        trn(
            "{square} back to {n} piece",
            "{square} back to {n} pieces",
            before.board[sq],
            square=SQUARE_NAMES[sq],
        )
        if before.board[sq]
        else tr("{square} back to empty", square=SQUARE_NAMES[sq])
        for sq in changed
    )
    steps = [tr("Set {squares}.", squares=squares)]
    back = after.removed - before.removed
    if back:
        steps.append(
            trn(
                "Use the {n} piece this move took off the board for that.",
                "Use the {n} pieces this move took off the board for that.",
                back,
            )
        )
    pit = after.pit - before.pit
    if pit:
        steps.append(
            trn(
                "Take {n} piece back out of the pit for that.",
                "Take {n} pieces back out of the pit for that.",
                pit,
            )
        )
    return steps
