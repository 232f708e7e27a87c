"""What Prohis's printables read from ``ai.prohis``: the card types (count, inspection rank, values in the
warehouse and in hand), the cards removed for smaller tables, the starting controllers, deal, display, hand
limit and convoy size."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from printables.engines import engine_modules, find

_MODULES = engine_modules("ai.prohis", ("cards", "rules", "score", "scoring", "game"))

_TYPES: Any = find(_MODULES, "CARD_TYPES", "CARDS", "KINDS")
_REMOVED: Any = find(_MODULES, "REMOVED", "REMOVED_SMALL", "REMOVED_FOR_SMALL")
DEAL: int = find(_MODULES, "DEAL", "DEAL_SIZE", "HAND_DEAL")
DISPLAY: int = find(_MODULES, "DISPLAY", "DISPLAY_SIZE")
HAND_LIMIT: int = find(_MODULES, "HAND_LIMIT", "DRAW_LIMIT", "MAX_HAND")
CONVOY_SIZE: tuple[int, int] = tuple(find(_MODULES, "CONVOY_SIZE", "CONVOY_RANGE"))
START_CONTROLLERS: int = len(tuple(find(_MODULES, "START_CONTROLLERS", "STARTING_CONTROLLERS")))
_PLAYERS: Any = find(_MODULES, "PLAYER_RANGE", "PLAYERS", "PLAYER_COUNTS")


@dataclass(frozen=True)
class CardType:
    name: str
    count: int
    inspects: int  # 0: not a controller
    warehouse: int
    hand: int


def modules() -> list[ModuleType]:
    return list(_MODULES)


def player_range() -> tuple[int, int]:
    counts = list(_PLAYERS)
    return (min(counts), max(counts))


def _attr(obj: Any, *names: str) -> Any:
    for name in names:
        if hasattr(obj, name):
            return getattr(obj, name)
    raise ImportError(f"the engine's card type {obj!r} has no {' / '.join(names)} yet")


def card_types() -> tuple[CardType, ...]:
    types: Sequence[Any] = list(_TYPES.values()) if isinstance(_TYPES, dict) else list(_TYPES)
    return tuple(
        CardType(
            str(_attr(t, "title", "label", "name")),
            int(_attr(t, "count", "copies")),
            int(_attr(t, "rank", "inspects") or 0),
            int(_attr(t, "warehouse", "warehouse_value")),
            int(_attr(t, "hand", "hand_value")),
        )
        for t in types
    )


def _phrase(counts: Any) -> str:
    items = counts.items() if isinstance(counts, dict) else counts
    return ", ".join(f"{n} {getattr(k, 'name', k)}" for k, n in items)


def removed_text() -> str:
    low, _ = player_range()
    if isinstance(_REMOVED, dict) and all(isinstance(k, int) for k in _REMOVED):
        return "; ".join(f"{n} players: remove {_phrase(c)}" for n, c in sorted(_REMOVED.items())) + "."
    return f"With fewer players ({low}–4) remove {_phrase(_REMOVED)}; with more, use all cards."


def controllers_text() -> str:
    return (
        "Each player takes one of each starting controller into hand; the unused ones leave the game."
        if START_CONTROLLERS
        else ""
    )
