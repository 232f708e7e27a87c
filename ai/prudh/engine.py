"""The one Prudh engine: every rule of the game over plain data (spec: ``shared/rules/prudh.md``).

A board is a list of 36 stack heights (``ai.prudh.components`` numbers the squares), a move an int,
``square * 8 + direction``. ``legal_codes`` lists a seat's moves, ``play_code`` plays one in place; the end and
the final count are ``has_move``, ``tallest``, ``final_points`` and ``winner_of``. The table's states are made
from it by ``ai.prudh.rules``; the ``hard`` search (``ai.prudh.bots.hard``) plays on it directly.

Ruling: with the ``stack`` capture-scoring option (a capture scores h, the captured stack only), the capturing
pieces score nothing, so under Traditional the extra pieces captured at the edge are removed but not scored.
Ruling: the spec's table decides the extras of a run whose last drop did not capture: back to the start square
under Ordinary, Traditional and Tika, into the pit under Tomío.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter

from ai.prudh.components import DARK, DIAGONALS, LIGHT, ORTHOGONALS, OWNER, RAYS, SEAT_SQUARES


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


#: Each seat's squares read from a board at once (``tallest``).
_ON_COLOUR = tuple(itemgetter(*squares) for squares in SEAT_SQUARES)


def tallest(board: Sequence[int], seat: int) -> int:
    """The tallest stack standing on ``seat``'s own colour (0 if none)."""
    heights: tuple[int, ...] = _ON_COLOUR[seat](board)
    return max(heights)


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


def run_codes(board: Sequence[int], seat: int) -> list[int]:
    """The legal runs of ``seat`` (each captures), as ``square * 8 + direction``."""
    out: list[int] = []
    for sq in SEAT_SQUARES[seat]:
        n = board[sq]
        if n < 2:
            continue
        rays = RAYS[sq]
        for d in ORTHOGONALS:
            for t in rays[d][:n]:
                h = board[t]
                if h and h < n and OWNER[t] != seat:
                    out.append(sq * 8 + d)
                    break
    return out
