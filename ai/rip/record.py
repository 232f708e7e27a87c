"""What the table has seen each family do (``RipState.record``): per seat a tuple of counts, each of a choice said
aloud at the table, never of a hidden card's value.

- A turn in rounds 1-9 (``fight``): the family played at least one card (it fought for the mansion, whether it
  then went ahead or stopped short) or ended the turn with none while it held a card it could play (it conceded:
  it left the mansion). Counted by the mansion's kind (manor or castle) and by the game's phase (``late``: from
  round ``LATE_ROUND`` on, when every token is close to deciding the game).
- How far a family goes when behind (``SPENT``): the cards it played in the turns it fought, summed; over the
  fights (``fights``) it is the cards a fight costs it.
- After a lost round (``BANKED``, ``UNBANKED``): the loser put a card face down by the round-10 card or none.
  Only that a card was banked is counted: a ghost put face down is secret, and its value is nowhere in the record.

``ai.habits.Watcher`` adds the counts of a session's earlier games; ``ai.rip.bots`` read them.
"""

from __future__ import annotations

from collections.abc import Sequence

from ai.rip.components import CASTLE, TOKEN_COUNTS

#: From this round on, a fight or a concession counts as late in the game (rounds 6-9 of 9).
LATE_ROUND = 6

#: The counts' places: fought or conceded, by kind (manor, castle) and phase (early, late): ``fight(...)``.
(
    FOUGHT_MANOR_EARLY,
    CONCEDED_MANOR_EARLY,
    FOUGHT_MANOR_LATE,
    CONCEDED_MANOR_LATE,
    FOUGHT_CASTLE_EARLY,
    CONCEDED_CASTLE_EARLY,
    FOUGHT_CASTLE_LATE,
    CONCEDED_CASTLE_LATE,
    SPENT,
    BANKED,
    UNBANKED,
) = range(11)
#: A seat's record before anything is seen.
NO_RECORD: tuple[int, ...] = (0,) * 11
NO_RECORDS: tuple[tuple[int, ...], tuple[int, ...]] = (NO_RECORD, NO_RECORD)


def fight(token: str, round_: int, conceded: bool = False) -> int:
    """The place of a fight (or, ``conceded``, a concession) for the mansion ``token`` in round ``round_``."""
    return 4 * (token == CASTLE) + 2 * (round_ >= LATE_ROUND) + conceded


# -- both seats' records as one number (what the engine keeps) -------------------------------------------------
#
# The engine counts a few times a round; a number it adds to is cheaper than two tuples rebuilt at every count.
# Each count of each seat is a field of ``WIDTH`` bits: seat 0's places first, then seat 1's.

#: Bits a count takes in a tally: no game comes near 2**32 of anything.
WIDTH = 32
_PLACES = len(NO_RECORD)
#: ``UNITS[seat][place]``: what one more count of ``place`` adds to a tally.
UNITS: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(1 << (WIDTH * place) for place in range(_PLACES)),
    tuple(1 << (WIDTH * (_PLACES + place)) for place in range(_PLACES)),
)
#: ``FIGHTS[seat][conceded][token][round]``: ``UNITS`` of ``fight(token, round, conceded)``, made once.
FIGHTS = tuple(
    tuple(
        {
            token: tuple(UNITS[seat][fight(token, round_, bool(conceded))] for round_ in range(10))
            for token in TOKEN_COUNTS
        }
        for conceded in (0, 1)
    )
    for seat in (0, 1)
)


def tally(records: Sequence[Sequence[int]]) -> int:
    """Both seats' records as one number (``records`` as ``RipState.record`` holds them)."""
    total = 0
    for seat in (0, 1):
        for place, count in enumerate(records[seat]):
            if not 0 <= count < 1 << WIDTH:
                raise ValueError(f"a record's count is 0 to {(1 << WIDTH) - 1}, not {count}")
            total += count * UNITS[seat][place]
    return total


def records(total: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The records a tally holds (``tally``'s inverse)."""
    mask = (1 << WIDTH) - 1
    counts = [(total >> (WIDTH * i)) & mask for i in range(2 * _PLACES)]
    return tuple(counts[:_PLACES]), tuple(counts[_PLACES:])


def fights(counts: Sequence[int]) -> int:
    """How many turns the seat fought, over every kind and phase."""
    return sum(counts[FOUGHT_MANOR_EARLY:SPENT:2])


def concessions(counts: Sequence[int]) -> int:
    """How many turns the seat conceded with a card it could play, over every kind and phase."""
    return sum(counts[CONCEDED_MANOR_EARLY:SPENT:2])


__all__ = [
    "BANKED",
    "CONCEDED_CASTLE_EARLY",
    "CONCEDED_CASTLE_LATE",
    "CONCEDED_MANOR_EARLY",
    "CONCEDED_MANOR_LATE",
    "FIGHTS",
    "FOUGHT_CASTLE_EARLY",
    "FOUGHT_CASTLE_LATE",
    "FOUGHT_MANOR_EARLY",
    "FOUGHT_MANOR_LATE",
    "LATE_ROUND",
    "NO_RECORD",
    "NO_RECORDS",
    "SPENT",
    "UNBANKED",
    "UNITS",
    "WIDTH",
    "concessions",
    "fight",
    "fights",
    "records",
    "tally",
]
