"""One transition of RIP's state: a working state replaced step by step, and the events it produced (the
steps themselves are ``ai.rip.turn`` and ``ai.rip.rounds``)."""

from __future__ import annotations

import random
from collections.abc import Iterable

from ai.protocol import Event
from ai.rip.cards import (
    SEAT_NAMES,
)
from ai.rip.state import (
    RipState,
    Side,
    replace,
    step_rng,
)
from ai.rip.totals import state_totals


class Work:
    """One transition: a working state replaced step by step, and the events it produced.

    Events are built only when someone records them (``self.say``): the search applies hundreds of thousands
    of actions without any."""

    def __init__(self, state: RipState, events: list[Event] | None = None) -> None:
        self.events = events
        self.say = events is not None
        self._state: RipState | None = state
        self._base = state
        self._sides = [state.sides[0], state.sides[1]]
        self._physical = state.config.physical

    @property
    def state(self) -> RipState:
        """The working state; side changes are gathered and the state is rebuilt only when read."""
        if self._state is None:
            self._state = self._base = replace(self._base, sides=(self._sides[0], self._sides[1]))
        return self._state

    @state.setter
    def state(self, value: RipState) -> None:
        self._state = self._base = value
        self._sides = [value.sides[0], value.sides[1]]

    # -- helpers --

    def emit(self, kind: str, text: str, private_to: int | None = None, **data: object) -> None:
        if self.events is not None:
            self.events.append(Event(kind, text, data, private_to))

    def side(self, seat: int) -> Side:
        return self._sides[seat]

    def set_side(self, seat: int, side: Side) -> None:
        self._sides[seat] = side
        self._state = None

    def set(self, **changes: object) -> None:
        """Change fields of the working state (the sides with ``set_side``)."""
        if self._state is None:  # side changes wait: take them in the same step
            changes["sides"] = (self._sides[0], self._sides[1])
        self._state = self._base = replace(self._base, **changes)

    def rng(self) -> random.Random:
        base = self._base
        self.set(nonce=base.nonce + 1)
        return step_rng(base.seed, base.nonce)

    def tot(self) -> list[int]:
        """Both totals for an event's data (not computed when nobody records events)."""
        return list(state_totals(self.state)) if self.say else []

    def name(self, seat: int) -> str:
        return SEAT_NAMES[seat]

    def virtual(self, seat: int) -> bool:
        return seat not in self._physical

    def totals_text(self) -> str:
        if not self.say:
            return ""
        t = state_totals(self.state)
        return f"Green {t[0]} · Blue {t[1]}"


def remove(values: tuple[int, ...], value: int) -> tuple[int, ...]:
    i = values.index(value)
    return values[:i] + values[i + 1 :]


def remove_all(values: tuple[int, ...], taken: Iterable[int]) -> tuple[int, ...]:
    for v in taken:
        values = remove(values, v)
    return values
