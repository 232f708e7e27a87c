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

from ai.rip.components import CASTLE

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
    "FOUGHT_CASTLE_EARLY",
    "FOUGHT_CASTLE_LATE",
    "FOUGHT_MANOR_EARLY",
    "FOUGHT_MANOR_LATE",
    "LATE_ROUND",
    "NO_RECORD",
    "NO_RECORDS",
    "SPENT",
    "UNBANKED",
    "concessions",
    "fight",
    "fights",
]
