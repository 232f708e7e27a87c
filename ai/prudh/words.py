"""Prudh's words that change their form inside a sentence, in the table's language (``ai.words``): a seat's
name as the subject and as the owner of a stack, a direction as a way to go and as the side of a square.

Each is a literal catalogue entry (``ptr`` under a context where the form differs from the name alone), so the
catalogue's test sees every one; English keeps the name itself.
"""

from __future__ import annotations

from ai.words import ptr, tr


def seat(index: int) -> str:
    """A seat's name as the subject of a sentence: Dark, Тёмный, Sombre."""
    return (tr("Dark"), tr("Light"))[index]


def seat_of(index: int) -> str:
    """A seat's name as the owner of a thing, for "{seat}'s stack": Light, Светлого, de Clair."""
    return (ptr("of", "Dark"), ptr("of", "Light"))[index]


def towards(direction: int) -> str:
    """A direction as the way a stack goes ("going north"): north, на север, vers le nord."""
    return (
        ptr("towards", "north"),
        ptr("towards", "northeast"),
        ptr("towards", "east"),
        ptr("towards", "southeast"),
        ptr("towards", "south"),
        ptr("towards", "southwest"),
        ptr("towards", "west"),
        ptr("towards", "northwest"),
    )[direction]


def side(direction: int) -> str:
    """A direction as the side of a square ("north of c3"): north, к северу, au nord."""
    return (
        ptr("side", "north"),
        ptr("side", "northeast"),
        ptr("side", "east"),
        ptr("side", "southeast"),
        ptr("side", "south"),
        ptr("side", "southwest"),
        ptr("side", "west"),
        ptr("side", "northwest"),
    )[direction]
