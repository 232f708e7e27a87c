"""Propuh's words in the table's language: the roles, the locations as each side of a board names them, the
cards, and a location or a role in the form a sentence needs (Russian declines them: "на печь", "на печи",
"с печи", "Бабушке"). English forms are the words themselves, so every English sentence reads as before.

A sentence keeps its English preposition around the field (``"on the {where}"``); the other languages' entries
put theirs inside the field's form (``"на печь"``, ``"sur le Fourneau"``), as the catalogue's
``msgctxt`` says: ``onto`` (where a thing is put or moved), ``at`` (where it lies), ``from`` (where it is
taken from), ``of`` (whose), ``to`` (to whom).
"""

from __future__ import annotations

from collections.abc import Sequence

from ai.propuh.components import PROPUH, Card, Loc
from ai.words import listing, ptr, tr


def role(seat: int) -> str:
    """``Granny`` or ``Propuh``, as a subject."""
    return tr("Propuh") if seat == PROPUH else tr("Granny")


def role_of(seat: int) -> str:
    """Whose: ``Granny`` in "Granny's hand" (Russian «Бабушки», French « de Mamie »)."""
    return ptr("of", "Propuh") if seat == PROPUH else ptr("of", "Granny")


def role_to(seat: int) -> str:
    """To whom: ``Granny`` in "deal to Granny" (Russian «Бабушке»)."""
    return ptr("to", "Propuh") if seat == PROPUH else ptr("to", "Granny")


def title(loc: Loc, seat: int | None = None) -> str:
    """The location as named on ``seat``'s side of its board (Propuh's: Door, Stove, Window), capitalised as
    on the board."""
    if seat == PROPUH:
        return (tr("Door"), tr("Stove"), tr("Window"))[loc]
    return (tr("Table"), tr("Stove"), tr("Bed"))[loc]


def both_titles(loc: Loc) -> str:
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


def card(c: Card) -> str:
    """A card's long name: ``Bed 3`` (its suit as Granny's side names it, and its value)."""
    return f"{title(c.suit)} {c.value}"


def cards(cs: Sequence[Card]) -> str:
    """Cards in a sentence: ``Bed 2, Stove 1 and Table 3``."""
    return listing([card(c) for c in cs])
