"""Hands as numbers, for the fast path (``ai.rip.fast``): a hand of ghost cards is its count of each value, one
octal digit a value (value v is the digit ``8 ** (v - 1)``: a deck has at most six cards of a value), so that
playing a card is a subtraction and drawing one an addition.

What a turn reads of a hand (its cards in order, its sum, its one-card plays, ...) is made once per hand and
remembered (``HANDS[code]``); a game meets a few hundred different hands, and there are 5,040 in all.
"""

from __future__ import annotations

from ai.rip.cards import VALUES
from ai.rip.legal import hand_downs
from ai.rip.policy import cheapest_plays
from ai.rip.state import END, SKIP, Action, Ghost, Turn

#: ``UNIT[v]``: what one ghost of value v adds to a hand's code (index 0 unused).
UNIT = (0, *(8 ** (v - 1) for v in VALUES))

#: One shared one-card play a value (the actions ``legal`` lists and the policy returns).
GHOST_PLAY: dict[int, Turn] = {v: Turn((Ghost(v),), end=False) for v in VALUES}
#: ``id`` of each shared one-card play -> its value: ``Fast.apply`` knows a plain ghost play at one look.
PLAY_VALUE: dict[int, int] = {id(turn): v for v, turn in GHOST_PLAY.items()}


def code_of(hand: tuple[int, ...] | list[int]) -> int:
    """The code of a hand (in any order)."""
    return sum(UNIT[v] for v in hand)


class Hand:
    """What the fast path reads of one hand, made once (``HANDS[code]``)."""

    __slots__ = ("cards", "cheapest", "downs", "plays", "plays_end", "size", "top", "total")

    def __init__(self, code: int) -> None:
        cards: list[int] = []
        for v in VALUES:
            cards.extend([v] * ((code // UNIT[v]) % 8))
        #: The ghost values in order (``Side.hand``).
        self.cards = tuple(cards)
        self.size = len(cards)
        self.total = sum(cards)
        self.top = cards[-1] if cards else 0
        #: One-card plays of each value, in value order (``legal.hand_plays``), then those and the end of a turn.
        self.plays: tuple[Turn, ...] = tuple(GHOST_PLAY[v] for v in sorted(set(cards)))
        self.plays_end: tuple[Action, ...] = (*self.plays, END)
        #: The face-down choices from this hand alone: none, then each value (``legal.hand_downs``).
        self.downs: tuple[Action, ...] = (SKIP, *hand_downs(self.cards))
        #: ``policy.cheapest_plays`` per need, the one-card play being the shared one.
        self.cheapest: dict[int, tuple[Turn, Turn] | None] = {}

    def cheapest_plays(self, need: int) -> tuple[Turn, Turn] | None:
        if need in self.cheapest:
            return self.cheapest[need]
        got = cheapest_plays(self.cards, need)
        if got is not None:
            whole, one = got
            first = one.items[0]
            assert isinstance(first, Ghost)
            got = (whole, GHOST_PLAY[first.value])
        self.cheapest[need] = got
        return got


class _Hands(dict[int, Hand]):
    def __missing__(self, code: int) -> Hand:
        hand = self[code] = Hand(code)
        return hand


#: Every hand met so far, by code.
HANDS: dict[int, Hand] = _Hands()
