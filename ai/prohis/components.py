"""Prohis's components as data: the card types, how many of each per player count, and their values.

Everything printed (rule sheets, score pads) and everything played reads these tables. Card types are small
ints (``LEGAL`` … ``INSPECTOR``); ``UNKNOWN`` marks a real card the tool has not seen (``--physical``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ai.words import number, ptr, tr, trn

LEGAL = 0
ILLEGAL = 1
LIEUTENANT = 2
CAPTAIN = 3
INSPECTOR = 4
#: A card whose face the tool does not know (a person's card at a physical table).
UNKNOWN = 5

#: The five card types, in the order of every count tuple.
KINDS: tuple[int, ...] = (LEGAL, ILLEGAL, LIEUTENANT, CAPTAIN, INSPECTOR)
#: Count tuples carry one more slot for UNKNOWN.
SLOTS = 6
CONTROLLERS: tuple[int, ...] = (LIEUTENANT, CAPTAIN, INSPECTOR)
GOODS: tuple[int, ...] = (LEGAL, ILLEGAL)

NAMES: tuple[str, ...] = ("legal", "illegal", "lieutenant", "captain", "inspector", "unknown")
PLURALS: tuple[str, ...] = (
    "legal goods",
    "illegal goods",
    "lieutenants",
    "captains",
    "inspectors",
    "unknown",
)


def amount(count: int, kind: int) -> str:
    """``2 legal``, ``1 captain``, ``2 captains``: a count and a card type's short name, for sentences, in the
    table's language."""
    if kind == LEGAL:
        return trn("{n} legal", "{n} legal", count)
    if kind == ILLEGAL:
        return trn("{n} illegal", "{n} illegal", count)
    if kind == LIEUTENANT:
        return trn("{n} lieutenant", "{n} lieutenants", count)
    if kind == CAPTAIN:
        return trn("{n} captain", "{n} captains", count)
    if kind == INSPECTOR:
        return trn("{n} inspector", "{n} inspectors", count)
    return trn("{n} unknown", "{n} unknown", count)


def card_name(kind: int) -> str:
    """A card type's short name as the table reads it (``legal``, ``captain``); ``NAMES`` stays English for
    ``--json`` and the notation."""
    return (
        ptr("card", "legal"),
        ptr("card", "illegal"),
        ptr("card", "lieutenant"),
        ptr("card", "captain"),
        ptr("card", "inspector"),
        ptr("card", "unknown"),
    )[kind]


def a_kind(kind: int) -> str:
    """One card of a type as a sentence's object before the word "card": ``a legal``, ``an inspector``."""
    return (
        tr("a legal"),
        tr("an illegal"),
        tr("a lieutenant"),
        tr("a captain"),
        tr("an inspector"),
        tr("an unknown"),
    )[kind]


def object_name(kind: int) -> str:
    """A controller as a sentence's object after "your" or "its": ``captain``."""
    return (
        ptr("object", "legal"),
        ptr("object", "illegal"),
        ptr("object", "lieutenant"),
        ptr("object", "captain"),
        ptr("object", "inspector"),
        ptr("object", "unknown"),
    )[kind]


def the_kind(kind: int) -> str:
    """A controller as the sentence's object: ``the captain``."""
    return (
        tr("the legal"),
        tr("the illegal"),
        tr("the lieutenant"),
        tr("the captain"),
        tr("the inspector"),
        tr("the unknown"),
    )[kind]


def kinds_name(kind: int) -> str:
    """A card type in the plural, as the deck's counts read: ``legal goods``, ``captains``."""
    return (
        tr("legal goods"),
        tr("illegal goods"),
        tr("lieutenants"),
        tr("captains"),
        tr("inspectors"),
        tr("unknown cards"),
    )[kind]


def points_text(points: int, sign: bool = False) -> str:
    """Points as the table reads them: ``4,000`` in English, ``4 000`` in Russian and French (``sign``: ``+4,000``,
    ``−4,000``)."""
    return number(f"{points:+,}" if sign else f"{points:,}")


#: Short notation, one letter per type: g(oods), x (contraband), l, c, i; ``?`` for a card not seen.
LETTERS: tuple[str, ...] = ("g", "x", "l", "c", "i", "?")
#: Forgiving long forms (the English edition calls the Inspector "Major").
ALIASES: dict[str, int] = {
    "g": LEGAL,
    "legal": LEGAL,
    "good": LEGAL,
    "goods": LEGAL,
    "legals": LEGAL,
    "x": ILLEGAL,
    "illegal": ILLEGAL,
    "illegals": ILLEGAL,
    "contraband": ILLEGAL,
    "l": LIEUTENANT,
    "lt": LIEUTENANT,
    "lieutenant": LIEUTENANT,
    "lieutenants": LIEUTENANT,
    "c": CAPTAIN,
    "cpt": CAPTAIN,
    "captain": CAPTAIN,
    "captains": CAPTAIN,
    "i": INSPECTOR,
    "inspector": INSPECTOR,
    "inspectors": INSPECTOR,
    "m": INSPECTOR,
    "major": INSPECTOR,
}

#: How many cards a controller turns over.
RANK: dict[int, int] = {LIEUTENANT: 1, CAPTAIN: 2, INSPECTOR: 3}

#: The box: 58 legal, 30 illegal, 8 lieutenants, 6 captains, 6 inspectors.
TOTALS: tuple[int, ...] = (58, 30, 8, 6, 6)
#: Removed at 3–4 players: 18 legal, 10 illegal, 2 lieutenants.
REMOVED_3_4: tuple[int, ...] = (18, 10, 2, 0, 0)
MIN_PLAYERS = 3
MAX_PLAYERS = 6
HAND_LIMIT = 8
DEALT = 4
DISPLAY = 4
CONVOY_MIN = 2
CONVOY_MAX = 4


@dataclass(frozen=True, slots=True)
class Values:
    """Points per card type: in the warehouse and in hand at the end."""

    warehouse: tuple[int, ...]
    hand: tuple[int, ...]


#: The published values (French and English editions).
VALUES = Values(warehouse=(1000, 4000, 3000, 4000, 5000), hand=(0, -4000, 1000, 2000, 3000))
#: The French summary's values, with its two copying mistakes (illegal 1,000 and Inspector 3,000 stored).
SEED_VALUES = Values(warehouse=(1000, 1000, 3000, 4000, 3000), hand=(0, -4000, 1000, 2000, 3000))


def check_players(players: int) -> None:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Prohis is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")


@functools.cache
def deck_counts(players: int) -> tuple[int, ...]:
    """The cards in play per type: goods and lieutenants after the removal, one Captain and Inspector each."""
    check_players(players)
    removed = REMOVED_3_4 if players <= 4 else (0, 0, 0, 0, 0)
    goods = tuple(t - r for t, r in zip(TOTALS[:3], removed[:3], strict=True))
    return (*goods, players, players)


def shuffled_counts(players: int) -> tuple[int, ...]:
    """The cards shuffled into the deck (goods and lieutenants): 66 at 3–4 players, 96 at 5–6."""
    counts = deck_counts(players)
    return (counts[LEGAL], counts[ILLEGAL], counts[LIEUTENANT], 0, 0)


def values(seed_values: bool = False) -> Values:
    return SEED_VALUES if seed_values else VALUES


@dataclass(frozen=True, slots=True)
class Handicap:
    """A paper automa's handicap at one difficulty: points added at the end, and whether a Lieutenant, taken
    from the shuffled cards before the deal, starts face up in its office."""

    bonus: int
    lieutenant: bool


#: The paper automa's difficulties (``ProhisConfig.automa_level``), 1 (weakest) to 4; 2 is the default. Its
#: rules alone beat three ``normal`` players (35% of 500 games, fair 25%): the easier levels take points off
#: (docs/strength.md, "Paper automa: Prohis").
AUTOMA_LEVELS: dict[int, Handicap] = {
    1: Handicap(-10000, False),
    2: Handicap(-6000, False),
    3: Handicap(-2000, False),
    4: Handicap(0, True),
}


def automa_bonus(level: int) -> int:
    return AUTOMA_LEVELS[level].bonus
