"""What the table has seen each Prudh player do (``PrudhState.record``): per seat a tuple of counts, each of a
choice made in the open (Prudh hides nothing), counted by ``ai.prudh.rules.apply`` as the move is made:

- a capture there to make (a legal run): the player made a run (``RAN``) or slid instead (``PASSED_UP``);
- the other player's last move copied: its reflection left to right (a↔f, b↔e, c↔d; ``reflected``) was legal,
  and the player made it (``MIRRORED``) or another move (``UNMIRRORED``); the same for the reflection top to
  bottom (1↔6, 2↔5, 3↔4; ``flipped``: ``FLIPPED``, ``UNFLIPPED``);
- the player's tallest stack on its own colour: the move made it taller (``BUILT``) or did not (``LEVEL``).

Each is a yes and a no of one choice, so a rate is ``yes / (yes + no)`` (``ai.habits.shrunk``). ``ai.habits.
Watcher`` adds the counts of a session's earlier games; the ``normal`` card reads them (``ai.prudh.bots.card``).
"""

from __future__ import annotations

from dataclasses import replace

from ai.prudh.components import DIRECTIONS, SIZE
from ai.prudh.engine import tallest
from ai.prudh.state import Move, PrudhState

#: The counts' places.
RAN, PASSED_UP, MIRRORED, UNMIRRORED, FLIPPED, UNFLIPPED, BUILT, LEVEL = range(8)
#: A seat's record before anything is seen.
NO_RECORD: tuple[int, ...] = (0,) * 8
NO_RECORDS: tuple[tuple[int, ...], tuple[int, ...]] = (NO_RECORD, NO_RECORD)

Record = tuple[tuple[int, ...], ...]


def reflected(move: Move) -> Move:
    """``move`` mirrored left to right: a↔f, b↔e, c↔d; east↔west, northeast↔northwest, southeast↔southwest."""
    rank, file = divmod(move.square, SIZE)
    return Move(rank * SIZE + SIZE - 1 - file, (len(DIRECTIONS) - move.direction) % len(DIRECTIONS))


def flipped(move: Move) -> Move:
    """``move`` mirrored top to bottom: 1↔6, 2↔5, 3↔4; north↔south, northeast↔southeast, northwest↔southwest."""
    rank, file = divmod(move.square, SIZE)
    half = len(DIRECTIONS) // 2
    return Move((SIZE - 1 - rank) * SIZE + file, (half - move.direction) % len(DIRECTIONS))


def counted(before: PrudhState, move: Move, board: tuple[int, ...]) -> Record:
    """``before``'s record with the choices of ``move`` (made by the player to move, ``board`` after it)
    counted."""
    seat = before.to_move
    counts = list(before.record[seat] if before.record else NO_RECORD)
    legal = before.legal
    if not move.direction & 1:  # a run (an even direction) made
        counts[RAN] += 1
    else:
        for _, direction in legal:
            if not direction & 1:  # a run was there to make
                counts[PASSED_UP] += 1
                break
    last = before.last
    if last is not None and before.last_mover != seat:
        for copy, yes, no in ((reflected(last), MIRRORED, UNMIRRORED), (flipped(last), FLIPPED, UNFLIPPED)):
            if copy in legal:
                counts[yes if move == copy else no] += 1
    counts[BUILT if tallest(board, seat) > tallest(before.board, seat) else LEVEL] += 1
    record = list(before.record or NO_RECORDS)
    record[seat] = tuple(counts)
    return tuple(record)


def records(state: PrudhState) -> Record:
    """What the table has seen each seat do (``record``): what ``ai.habits.Watcher`` carries between games."""
    return state.record or NO_RECORDS


def with_records(state: PrudhState, record: Record) -> PrudhState:
    """``state`` with ``record`` for what the table has seen each seat do (the session's games added)."""
    return replace(state, record=record)


__all__ = [
    "BUILT",
    "FLIPPED",
    "LEVEL",
    "MIRRORED",
    "NO_RECORD",
    "NO_RECORDS",
    "PASSED_UP",
    "RAN",
    "UNFLIPPED",
    "UNMIRRORED",
    "counted",
    "flipped",
    "records",
    "reflected",
    "with_records",
]
