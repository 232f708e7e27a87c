"""What a Propuh game in play holds on the fast path (``ai.propuh.fast``): ``FastState``, on small integers.

- a card is its kind (``Card.kind``: suit * 4 + value - 1), a location 0-2 (Table, Stove, Bed);
- an action is an integer: a play ``kind * 3 + loc``, ``FIGURINE + loc``, ``REMOVE_YES`` or ``REMOVE_NO``
  (``to_action`` and ``from_action`` translate to and from the public actions);
- the state is ``rules.PropuhState``'s fields as numbers and lists, changed in place, with the queries every
  part of the fast path reads (whose move it is, a seat's unseen cards, a seat's plays in ``legal()``'s order).
"""

from __future__ import annotations

from ai.propuh.cards import GRANNY, KIND_COUNTS, KINDS, LOCS, MAXIMA, PROPUH
from ai.propuh.rules import Action, MoveFigurine, Play, Remove, Unresolved

FIGURINE = 36
REMOVE_YES = 40
REMOVE_NO = 41
PLAY, REMOVE, OVER = 0, 1, 2
#: Why a game ended, as ``rules`` words it.
REASONS = (
    "both completed their goals in the same round, so Propuh wins",
    "Propuh opened the door and the window",
    "Granny completed all her goals",
    "Granny is tired: every card is discarded",
)
MAX_G = MAXIMA[GRANNY]
MAX_R = MAXIMA[PROPUH]
#: Green tokens Granny's goals need per location; red Propuh's goals need on the Door and the Window.
GREEN_NEEDED = (2, 3, 2)
RED_NEEDED = (2, 0, 2)
#: A kind's suit (the location where it is trump) and value.
SUIT = tuple(k // 4 for k in range(12))
VALUE = tuple(k % 4 + 1 for k in range(12))


def stronger(card: int, other: int, loc: int) -> bool:
    """``cards.stronger`` on kinds."""
    trump, other_trump = SUIT[card] == loc, SUIT[other] == loc
    if trump != other_trump:
        return trump
    return VALUE[card] > VALUE[other]


#: ``STRONGER[loc][a][b]``: whether kind ``a`` beats kind ``b`` on ``loc``.
STRONGER = tuple(tuple(tuple(stronger(a, b, loc) for b in range(12)) for a in range(12)) for loc in range(3))


def to_action(code: int, drawn: int = -1) -> Action:
    """The public action for ``code``."""
    if code < FIGURINE:
        return Play(KINDS[code // 3], LOCS[code % 3])
    if code < REMOVE_YES:
        return MoveFigurine(LOCS[code - FIGURINE])
    return Remove(code == REMOVE_YES)


def from_action(action: Action) -> int:
    if isinstance(action, Play):
        return action.card.kind * 3 + action.loc
    if isinstance(action, MoveFigurine):
        return FIGURINE + action.loc
    if isinstance(action, Remove):
        return REMOVE_YES if action.yes else REMOVE_NO
    raise TypeError(f"not a decision: {action!r}")


class FastState:
    """One game's state, mutable: the fields of ``rules.PropuhState`` as numbers and lists."""

    __slots__ = (
        "deck",
        "drawn",
        "figurine",
        "from_last",
        "green",
        "hands",
        "ignore_limit",
        "last",
        "moved",
        "phase",
        "plays",
        "reason",
        "red",
        "round",
        "seen",
        "skip_blocked",
        "solo",
        "u_card",
        "u_loc",
        "u_owner",
        "winner",
    )

    def __init__(self) -> None:
        self.solo = False
        self.ignore_limit = False
        self.skip_blocked = False
        self.from_last = False
        self.phase = PLAY
        self.round = 1
        self.plays = 0
        self.figurine = 1
        self.moved = False
        self.green = [0, 0, 0]
        self.red = [0, 0, 0]
        self.hands: list[list[int]] = [[], []]
        self.deck: list[int] = []  # the top card last (``pop()`` draws it)
        self.seen = [0] * 12
        self.u_owner = -1  # the unresolved card: its owner (-1: none), kind and location
        self.u_card = 0
        self.u_loc = 0
        self.drawn = -1
        self.last = -1  # where Granny's last card went (-1: nowhere yet)
        self.winner = -1
        self.reason = -1

    def mover(self) -> int:
        return GRANNY if self.phase == REMOVE else self.plays % 2

    def unseen(self, seat: int) -> list[int]:
        """Per kind, the cards ``seat`` has not seen (not face up, not in its hand)."""
        out = [total - s for total, s in zip(KIND_COUNTS, self.seen, strict=True)]
        for k in self.hands[seat]:
            out[k] -= 1
        return out

    def card_plays(self, seat: int) -> list[int]:
        """The play codes of ``seat`` in ``legal()``'s order (no figurine moves)."""
        out: list[int] = []
        prev = -1
        for k in self.hands[seat]:
            if k != prev:
                out.extend((k * 3, k * 3 + 1, k * 3 + 2))
                prev = k
        return out


def unresolved(f: FastState) -> Unresolved | None:
    """The unresolved card as the public rules hold it."""
    if f.u_owner < 0:
        return None
    return Unresolved(f.u_owner, KINDS[f.u_card], LOCS[f.u_loc])
