"""The steps of a game at the table, as saved (``Entry``), and the bot moves an undo took back (``Answers``).

A bot answers the same inputs the same way: a move that an undo took back is made again when the same inputs
come back. A searching bot thinks by the clock, so a search run again could choose otherwise, and the table
would learn from the difference (a trial: RIP's ``hard`` played 2, 2, 6 to a draw, then 6 alone to the same
draw after an undo, telling the table what it kept back) and could undo until it liked the answer. Kept for the
session (after ``quit`` and ``resume`` the bot thinks again).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.seats import HUMAN


@dataclass(frozen=True, slots=True)
class Entry:
    """One saved step: who (``HUMAN`` or ``"bot"``), its text in the game's notation, a bot's public reason."""

    actor: str
    text: str
    reason: str | None
    action: Any


class Answers:
    """The bot moves an undo took back, by the texts of the steps before them."""

    def __init__(self) -> None:
        self._after: dict[tuple[str, ...], Entry] = {}

    def keep(self, entries: list[Entry], start: int) -> None:
        """Remember the bot moves among ``entries[start:]``, which an undo is taking back."""
        texts = tuple(entry.text for entry in entries)
        for i in range(start, len(entries)):
            if entries[i].actor != HUMAN:
                self._after[texts[:i]] = entries[i]

    def after(self, entries: list[Entry]) -> Entry | None:
        """The bot move an undo took back after exactly these steps, if any."""
        return self._after.get(tuple(entry.text for entry in entries))
