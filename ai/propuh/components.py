"""Propuh's components as data: locations, cards, the deck, token maxima, goals, difficulty cards.

Everything printed (rule sheets, automa cards) and everything played reads these tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum

from ai.words import listing, ptr, tr


class Loc(IntEnum):
    """The three locations; a card's suit is one of them. Clockwise: Table -> Stove -> Bed -> Table."""

    TABLE = 0
    STOVE = 1
    BED = 2

    @property
    def short(self) -> str:
        return "tsb"[self]

    @property
    def title(self) -> str:
        return ("Table", "Stove", "Bed")[self]

    @property
    def propuh_title(self) -> str:
        """The name on Propuh's side of the board."""
        return ("Door", "Stove", "Window")[self]

    def clockwise(self) -> Loc:
        return LOCS[(self + 1) % 3]


LOCS: tuple[Loc, ...] = (Loc.TABLE, Loc.STOVE, Loc.BED)
#: The locations as plain names: an enum member read through its class costs a descriptor call, and the
#: engine and the rule lists read them at every move.
TABLE, STOVE, BED = LOCS
CLOCKWISE_TEXT = "Table -> Stove -> Bed -> Table"

GRANNY = 0
PROPUH = 1
ROLE_NAMES = ("Granny", "Propuh")

#: Copies of each value per suit (rows: Table, Stove, Bed; columns: values 1-4).
DECK_COUNTS: dict[Loc, tuple[int, int, int, int]] = {
    TABLE: (1, 4, 4, 2),
    STOVE: (1, 2, 2, 1),
    BED: (1, 4, 4, 2),
}
VALUES = (1, 2, 3, 4)

#: Most tokens a location holds, per role (printed on the boards). Tokens over it are not placed.
MAXIMA: dict[int, tuple[int, int, int]] = {
    GRANNY: (2, 3, 2),
    PROPUH: (3, 1, 3),
}
TOKENS_PER_ROLE = 7

#: Solo difficulty cards (location, Propuh tokens) used by random difficulty.
DIFFICULTY_CARDS: tuple[tuple[Loc, int], ...] = (
    (TABLE, 1),
    (TABLE, 2),
    (STOVE, 1),
    (BED, 1),
    (BED, 2),
)
#: Fixed difficulties: the Propuh tokens placed at setup, per location.
DIFFICULTY_TOKENS: dict[str, tuple[int, int, int]] = {
    "1": (0, 0, 0),
    "2": (0, 0, 1),
    "3": (1, 1, 1),
}
DIFFICULTIES = ("1", "2", "3", "random")
SOLO_REMOVED = 2
SOLO_FIRST_HAND = 3
TWO_PLAYER_HAND = 4
DEAL_PER_ROUND = 2
MAX_ROUNDS = 7


#: The one ``Card`` of each kind, by kind.
_CARDS: dict[int, Card] = {}


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Card:
    """A card: its suit (a location) and value 1-4. ``str`` gives the short form, e.g. ``b3``.

    There is one ``Card`` of each kind (``Card(Loc.BED, 3) is KINDS[10]``), so cards compare and hash by
    identity, in C: the engine finds them in its hands and the search keys its tables on them at every move.
    They order by ``kind`` (0-11, ``suit * 4 + value - 1``), which indexes per-kind tables and counts."""

    suit: Loc
    value: int
    kind: int = field(repr=False)

    def __new__(cls, suit: Loc | int, value: int) -> Card:
        if suit not in (0, 1, 2) or value not in VALUES:
            raise ValueError(f"no Propuh card has suit {suit!r} and value {value!r}")
        kind = suit * 4 + value - 1
        card = _CARDS.get(kind)
        if card is None:
            card = object.__new__(cls)
            object.__setattr__(card, "suit", LOCS[suit])
            object.__setattr__(card, "value", value)
            object.__setattr__(card, "kind", kind)
            _CARDS[kind] = card
        return card

    def __reduce__(self) -> tuple[type[Card], tuple[Loc, int]]:
        return Card, (self.suit, self.value)

    def __lt__(self, other: Card) -> bool:
        return self.kind < other.kind

    def __le__(self, other: Card) -> bool:
        return self.kind <= other.kind

    def __gt__(self, other: Card) -> bool:
        return self.kind > other.kind

    def __ge__(self, other: Card) -> bool:
        return self.kind >= other.kind

    @property
    def long(self) -> str:
        return f"{self.suit.title} {self.value}"

    def __str__(self) -> str:
        return f"{self.suit.short}{self.value}"

    def __repr__(self) -> str:
        return f"Card({self})"


#: The 12 kinds of card, indexed by ``Card.kind``.
KINDS: tuple[Card, ...] = tuple(Card(loc, v) for loc in LOCS for v in VALUES)
#: Copies of each kind in the box, indexed by ``Card.kind``.
KIND_COUNTS: tuple[int, ...] = tuple(DECK_COUNTS[c.suit][c.value - 1] for c in KINDS)
DECK_SIZE = sum(KIND_COUNTS)


def full_deck() -> list[Card]:
    """All 28 cards, in box order."""
    return [card for card in KINDS for _ in range(KIND_COUNTS[card.kind])]


def stronger(card: Card, other: Card, loc: Loc) -> bool:
    """Whether ``card`` beats ``other`` when both lie on ``loc``: exactly one trump wins; else higher value."""
    trump, other_trump = card.suit == loc, other.suit == loc
    if trump != other_trump:
        return trump
    return card.value > other.value


#: ``STRONGER[loc][a][b]``: whether the card of kind ``a`` beats the card of kind ``b`` on ``loc``.
STRONGER: tuple[tuple[tuple[bool, ...], ...], ...] = tuple(
    tuple(tuple(stronger(a, b, loc) for b in KINDS) for a in KINDS) for loc in LOCS
)

#: Granny's goals: green tokens needed per location (Table, Stove, Bed), and no red token on the Stove.
GREEN_NEEDED = (2, 3, 2)
#: Propuh's goals: red tokens needed on the Door (Table) and the Window (Bed).
RED_NEEDED = (2, 0, 2)


def goals_done(green: Sequence[int], red: Sequence[int]) -> tuple[bool, bool]:
    """Whether every goal of Granny's is complete, and every goal of Propuh's (``granny_goals`` and
    ``propuh_goals``, each all at once): the end-of-round check."""
    return (
        green[0] >= GREEN_NEEDED[0]
        and green[1] >= GREEN_NEEDED[1]
        and green[2] >= GREEN_NEEDED[2]
        and red[STOVE] == 0,
        red[TABLE] >= RED_NEEDED[TABLE] and red[BED] >= RED_NEEDED[BED],
    )


def granny_goals(tokens: Sequence[Sequence[int]]) -> dict[str, bool]:
    green, red = tokens[GRANNY], tokens[PROPUH]
    return {
        f"set the table ({GREEN_NEEDED[TABLE]} green on the Table)": green[TABLE] >= GREEN_NEEDED[TABLE],
        f"cook sarma ({GREEN_NEEDED[STOVE]} green on the Stove)": green[STOVE] >= GREEN_NEEDED[STOVE],
        "clean the house (no red on the Stove)": red[STOVE] == 0,
        f"make the bed ({GREEN_NEEDED[BED]} green on the Bed)": green[BED] >= GREEN_NEEDED[BED],
    }


def propuh_goals(tokens: Sequence[Sequence[int]]) -> dict[str, bool]:
    red = tokens[PROPUH]
    return {
        f"open the door ({RED_NEEDED[TABLE]} red on the Door)": red[TABLE] >= RED_NEEDED[TABLE],
        f"open the window ({RED_NEEDED[BED]} red on the Window)": red[BED] >= RED_NEEDED[BED],
    }


# --- the components' words in the table's language ------------------------------------------------------
#
# Propuh's words in the table's language: the roles, the locations as each side of a board names them, the
# cards, and a location or a role in the form a sentence needs (Russian declines them: "на Печь", "на Печи",
# "с Печи", "Бабушке"). English forms are the words themselves, so every English sentence reads as before.
#
# A sentence keeps its English preposition around the field (``"on the {where}"``); the other languages' entries
# put theirs inside the field's form (``"на Печь"``, ``"sur le Fourneau"``), as the catalogue's
# ``msgctxt`` says: ``onto`` (where a thing is put or moved), ``at`` (where it lies), ``from`` (where it is
# taken from), ``of`` (whose), ``to`` (to whom).


def role_name(seat: int) -> str:
    """``Granny`` or ``Propuh``, as a subject."""
    return tr("Propuh") if seat == PROPUH else tr("Granny")


def role_of(seat: int) -> str:
    """Whose: ``Granny`` in "Granny's hand" (Russian «Бабушки»; a French sentence puts its « de » before it)."""
    return ptr("of", "Propuh") if seat == PROPUH else ptr("of", "Granny")


def role_to(seat: int) -> str:
    """To whom: ``Granny`` in "deal to Granny" (Russian «Бабушке»)."""
    return ptr("to", "Propuh") if seat == PROPUH else ptr("to", "Granny")


def loc_name(loc: Loc, seat: int | None = None) -> str:
    """The location as named on ``seat``'s side of its board (Propuh's: Door, Stove, Window), capitalised as
    on the board."""
    if seat == PROPUH:
        return (tr("Door"), tr("Stove"), tr("Window"))[loc]
    return (tr("Table"), tr("Stove"), tr("Bed"))[loc]


def both_names(loc: Loc) -> str:
    return (tr("Table/Door"), tr("Stove"), tr("Bed/Window"))[loc]


def onto(loc: Loc, seat: int | None = None) -> str:
    """Where a thing is put or moved: "on the {where}", "to the {where}"."""
    if seat == PROPUH:
        return (ptr("onto", "Door"), ptr("onto", "Stove"), ptr("onto", "Window"))[loc]
    return (ptr("onto", "Table"), ptr("onto", "Stove"), ptr("onto", "Bed"))[loc]


def at(loc: Loc, seat: int | None = None) -> str:
    """Where a thing lies: "on the {where}"."""
    if seat == PROPUH:
        return (ptr("at", "Door"), ptr("at", "Stove"), ptr("at", "Window"))[loc]
    return (ptr("at", "Table"), ptr("at", "Stove"), ptr("at", "Bed"))[loc]


def off(loc: Loc, seat: int | None = None) -> str:
    """Where a thing is taken from: "off the {where}", "from the {where}"."""
    if seat == PROPUH:
        return (ptr("from", "Door"), ptr("from", "Stove"), ptr("from", "Window"))[loc]
    return (ptr("from", "Table"), ptr("from", "Stove"), ptr("from", "Bed"))[loc]


def card_name(c: Card) -> str:
    """A card's long name: ``Bed 3`` (its suit as Granny's side names it, and its value)."""
    return f"{loc_name(c.suit)} {c.value}"


def cards_name(cs: Sequence[Card]) -> str:
    """Cards in a sentence: ``Bed 2, Stove 1 and Table 3``."""
    return listing([card_name(c) for c in cs])
