"""Who sits where: a seat spec is ``human`` or ``human:Ann`` for a person, otherwise a bot's level (the
``--seats`` list that makes them is ``companion.cli.seat_list``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ai.protocol import AnyGame


HUMAN = "human"


def is_human(spec: object) -> bool:
    """Seat specs: ``human`` or ``human:Ann`` for a person, otherwise a bot's name (``normal``, ``hard``); what a
    damaged record holds instead of a string is no person."""
    return isinstance(spec, str) and (spec == HUMAN or spec.startswith(HUMAN + ":"))


def typed_name(spec: object) -> str | None:
    """The name a person was given at the table (``human:Ann``: ``Ann``), or ``None`` (a bot, or a person left
    with the game's name for the seat)."""
    if isinstance(spec, str) and spec.startswith(HUMAN + ":"):
        return spec.split(":", 1)[1]
    return None


def several_people(seats: list[str]) -> bool:
    """Whether two or more seats are people's (they share the screen: their cards go behind gates)."""
    return sum(1 for seat in seats if isinstance(seat, str) and is_human(seat)) > 1


def seated_bots(game: AnyGame, config: Any, seats: list[str], think: float) -> dict[int, Any]:
    """The bot in each seat that is not a person's (``game.make_player`` refuses an unknown one: ValueError)."""
    return {
        seat: game.make_player(name, seat, config, think=think)
        for seat, name in enumerate(seats)
        if not is_human(name)
    }
