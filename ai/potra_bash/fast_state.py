"""What a fast Potra Bash game holds (``ai.potra_bash.fast``), in plain lists of counts, and its queries.

Everything countable is a list of counts indexed by a value's *slot* (``value + 3``: −3 → 0, −2 → 1, 1 → 4,
3 → 6, 4 → 7): each hand, each scoring pile, each player's cards on the field. The field's order does not
matter (a pick takes a value from an owner); what the centre card's tie-break needs of the order (who played
last) is kept per seat as the number of the seat's latest play. A play is its value, a pass ``0``, a pick
``(value, owner)``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ai.potra_bash.cards import NO_SET_VALUES, SET_SIZE, VALUES
from ai.potra_bash.rules import Phase, PotraConfig

PASS = 0
Move = int | tuple[int, int]
#: A count list's length and a value's slot in it.
SLOTS = 8
OFFSET = 3
#: (value, slot) in ``VALUES`` order (the order of plays in ``legal``) and highest value first (picks).
PLAY_ORDER: tuple[tuple[int, int], ...] = tuple((v, v + OFFSET) for v in VALUES)
PICK_ORDER: tuple[tuple[int, int], ...] = tuple((v, v + OFFSET) for v in sorted(VALUES, reverse=True))
TAKE = int(Phase.TAKE)


def counts(values: Sequence[int]) -> list[int]:
    """The count list of ``values``."""
    out = [0] * SLOTS
    for v in values:
        out[v + OFFSET] += 1
    return out


def contribution(value: int, count: int, triples: str = "all") -> int:
    """What ``count`` copies of ``value`` add to a pile's score after the set discards."""
    if value in NO_SET_VALUES:
        return value * count
    sets = count // SET_SIZE
    if triples == "one":
        sets = min(sets, 1)
    return value * (count - SET_SIZE * sets)


class FastState:
    """One game's holdings in plain lists: whose move it is, the hands, the field, the piles and the scores."""

    __slots__ = (
        "acted",
        "centre",
        "centre_winner",
        "deck",
        "field",
        "field_size",
        "hands",
        "lap",
        "latest",
        "n",
        "next_start",
        "on_field",
        "others",
        "over",
        "phase",
        "picker",
        "picks",
        "piles",
        "played",
        "starter",
        "sums",
        "triples",
    )

    #: The seats, the triples and next-start options, each seat's other seats.
    n: int
    triples: str
    next_start: str
    others: list[list[int]]
    #: Where the game stands: the phase (``Phase`` as an int), the lap, how many have acted, the round's starter.
    phase: int
    over: bool
    lap: int
    acted: int
    starter: int
    #: Count lists: each hand, each pile, each seat's cards on the field, all of the field; the deck, top last.
    hands: list[list[int]]
    piles: list[list[int]]
    field: list[list[int]]
    on_field: list[int]
    field_size: int
    deck: list[int]
    #: The centre card, and this round's plays: each seat's sum, the number of its latest play, the plays made.
    centre: int | None
    sums: list[int]
    latest: list[int]
    played: int
    #: The picks: who picks next, who won the centre card, the current pick list (``None``: not yet listed).
    picker: int
    centre_winner: int | None
    picks: list[Move] | None

    def _setup(self, config: PotraConfig, starter: int) -> None:
        n = self.n = config.players
        self.triples = config.triples
        self.next_start = config.next_start
        self.starter = starter
        self.others = [[o for o in range(n) if o != s] for s in range(n)]
        self.sums = [0] * n
        self.latest = [-1] * n
        self.played = 0
        self.picks = None

    def mover(self) -> int:
        return self.picker if self.phase == TAKE else (self.starter + self.acted) % self.n

    def hand(self, seat: int) -> list[int]:
        """The seat's hand, sorted."""
        return sorted(v for v, i in PLAY_ORDER for _ in range(self.hands[seat][i]))

    def pile(self, seat: int) -> list[int]:
        """The seat's scoring pile, sorted."""
        return sorted(v for v, i in PLAY_ORDER for _ in range(self.piles[seat][i]))

    def field_cards(self) -> list[tuple[int, int]]:
        """The field as (owner, value), sorted."""
        return sorted((o, v) for o in range(self.n) for v, i in PLAY_ORDER for _ in range(self.field[o][i]))

    def totals(self) -> list[int]:
        triples = self.triples
        return [
            sum(contribution(v, pile[i], triples) for v, i in PLAY_ORDER if pile[i]) for pile in self.piles
        ]

    def utilities(self) -> list[float]:
        """``Result.utility`` per seat of the finished game (the rules' ranking: score, then 1-point cards)."""
        totals = self.totals()
        best = max(totals)
        top = [i for i, t in enumerate(totals) if t == best]
        if len(top) > 1:
            one = 1 + OFFSET
            most = max(self.piles[i][one] for i in top)
            top = [i for i in top if self.piles[i][one] == most]
        return [1.0 / len(top) if s in top else 0.0 for s in range(self.n)]
