"""Potra Bash components as data: card values, copies per player count, hand size.

Printables and the score check read these names; keep them stable:

- ``VALUES``: the five card values in the order of the rules sheet.
- ``COPIES_IN_BOX``: copies of each value in the box (12).
- ``REMOVED_PER_VALUE``: copies of each value put away unseen, per player count (3 players: 2).
- ``copies(players)``: copies of each value in play for a player count; ``deck(players)``: the sorted deck.
- ``HAND_SIZE``, ``LAPS``, ``MIN_PLAYERS``, ``MAX_PLAYERS``, ``SET_SIZE`` (cards in a discarded set),
  ``NO_SET_VALUES`` (values never discarded in sets: the 1).
- ``AUTOMA_HANDICAP``: the paper automa's points at the end, by difficulty.
"""

from __future__ import annotations

from functools import cache

VALUES: tuple[int, ...] = (1, 3, 4, -2, -3)
COPIES_IN_BOX = 12
REMOVED_PER_VALUE: dict[int, int] = {3: 2, 4: 0, 5: 0}
MIN_PLAYERS = 3
MAX_PLAYERS = 5
HAND_SIZE = 3
LAPS = 3
SET_SIZE = 3
NO_SET_VALUES: frozenset[int] = frozenset({1})
#: The paper automa's handicap by difficulty: the points each automa adds to its score at the end, before the
#: tie-break on 1s (the only thing a difficulty changes; its rules are the same at every level).
AUTOMA_HANDICAP: dict[int, int] = {1: 0, 2: 1, 3: 3, 4: 5}
#: The automa's default difficulty.
AUTOMA_LEVEL = 2
#: How a value is written for people (the minus sign as typed on a keyboard).
VALUE_TEXT: dict[int, str] = {v: str(v) for v in VALUES}
#: Every card a field can hold, (owner, value), in the order the picks are listed: the highest value first, then
#: by owner. The engine keeps a field card as its place in this list, one int (``CARD_CODES[owner][value]``),
#: whose order is that of the picks and whose hash and comparisons are an int's.
CARDS: tuple[tuple[int, int], ...] = tuple(
    (owner, value) for value in sorted(VALUES, reverse=True) for owner in range(MAX_PLAYERS)
)
CARD_CODES: tuple[dict[int, int], ...] = tuple(
    {value: CARDS.index((owner, value)) for value in VALUES} for owner in range(MAX_PLAYERS)
)


def check_players(players: int) -> None:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Potra Bash is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")


def copies(players: int) -> int:
    """Copies of each value in the deck for ``players`` players (10 for 3 players, else 12)."""
    check_players(players)
    return COPIES_IN_BOX - REMOVED_PER_VALUE[players]


@cache
def deck(players: int) -> tuple[int, ...]:
    """The whole deck for ``players``, sorted (50 cards for 3 players, 60 for 4 or 5)."""
    n = copies(players)
    return tuple(v for v in sorted(VALUES) for _ in range(n))


def removed(players: int) -> int:
    """How many cards are put away unseen at setup (10 for 3 players)."""
    check_players(players)
    return REMOVED_PER_VALUE[players] * len(VALUES)
