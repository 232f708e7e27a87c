"""What Prohis's printables read from ``ai.prohis.components``: the card types (count, inspection rank, values in
the warehouse and in hand), the cards removed for smaller tables, the starting controllers, deal, display,
hand limit and convoy size."""

from __future__ import annotations

import contextlib
import importlib
from dataclasses import dataclass
from types import ModuleType

from ai.prohis import components as cards

DEAL: int = cards.DEALT
DISPLAY: int = cards.DISPLAY
HAND_LIMIT: int = cards.HAND_LIMIT
CONVOY_SIZE: tuple[int, int] = (cards.CONVOY_MIN, cards.CONVOY_MAX)


@dataclass(frozen=True)
class CardType:
    name: str
    count: int  # in the box
    inspects: int  # 0: not a controller
    warehouse: int
    hand: int


def modules() -> list[ModuleType]:
    """The engine's modules whose docstrings may hold rulings."""
    found = [cards]
    for name in ("rules", "observation"):
        with contextlib.suppress(ImportError):  # still being written: its rulings print once it imports
            found.append(importlib.import_module(f"ai.prohis.{name}"))
    return found


def player_range() -> tuple[int, int]:
    return (cards.MIN_PLAYERS, cards.MAX_PLAYERS)


def name(kind: int, plural: bool = False) -> str:
    """ "Legal goods", "Lieutenant", … as printed (goods are always plural)."""
    text = cards.PLURALS[kind] if plural or kind in cards.GOODS else cards.NAMES[kind]
    return text[0].upper() + text[1:]


def card_types(seed_values: bool = False) -> tuple[CardType, ...]:
    """The card types with the values the game is played with (``seed_values``: the French summary's)."""
    values = cards.values(seed_values)
    return tuple(
        CardType(
            name(k),
            cards.TOTALS[k],
            cards.RANK.get(k, 0),
            values.warehouse[k],
            values.hand[k],
        )
        for k in cards.KINDS
    )


def start_controllers() -> tuple[int, ...]:
    """The controllers every player starts with in hand (in play but never shuffled into the deck)."""
    low, _ = player_range()
    dealt, shuffled = cards.deck_counts(low), cards.shuffled_counts(low)
    return tuple(k for k in cards.KINDS if dealt[k] and not shuffled[k])


START_CONTROLLERS: int = len(start_controllers())


def _counts_text(counts: tuple[int, ...]) -> str:
    return ", ".join(f"{n} {name(k, n != 1).lower()}" for k, n in zip(cards.KINDS, counts, strict=False) if n)


def removed_text() -> str:
    """E.g. "3–4 players: remove 18 legal goods, 10 illegal goods, 2 lieutenants. 5–6 players: use all."."""
    low, high = player_range()
    with_removal = [n for n in range(low, high + 1) if cards.deck_counts(n)[0] < cards.TOTALS[0]]
    full = [n for n in range(low, high + 1) if n not in with_removal]
    parts = []
    if with_removal:
        parts.append(
            f"{with_removal[0]}–{with_removal[-1]} players: remove {_counts_text(cards.REMOVED_3_4)} (unseen)"
        )
    if full:
        parts.append(f"{full[0]}–{full[-1]} players: use all of them")
    return "; ".join(parts) + "."


def box_counts_text() -> str:
    """E.g. "Count: in the box; a 3–4-player game uses 40 legal goods, 20 illegal goods, 6 lieutenants."."""
    low, high = player_range()
    smaller = [n for n in range(low, high + 1) if cards.deck_counts(n)[0] < cards.TOTALS[0]]
    if not smaller:
        return "Count: in the box."
    used = tuple(t - r if r else 0 for t, r in zip(cards.TOTALS, cards.REMOVED_3_4, strict=True))
    return f"Count: in the box; a {smaller[0]}–{smaller[-1]}-player game uses {_counts_text(used)}."


def controllers_text() -> str:
    kinds = start_controllers()
    each = " and ".join(f"1 {name(k)}" for k in kinds)
    return f"Each player takes {each} into hand; the unused ones leave the game."


def automa_levels() -> tuple[tuple[int, int, bool], ...]:
    """The paper automa's difficulties: (level, points at the end, a lieutenant in its office at set-up)."""
    return tuple((level, h.bonus, h.lieutenant) for level, h in sorted(cards.AUTOMA_LEVELS.items()))
