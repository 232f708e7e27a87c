"""The steps of a game at the table, as saved (``Entry``), and the bot moves an undo took back (``Answers``).

A bot answers the same inputs the same way: a move that an undo took back is made again when the same inputs
come back. A searching bot thinks by the clock, so a search run again could choose otherwise, and the table
would learn from the difference (a trial: RIP's ``hard`` played 2, 2, 6 to a draw, then 6 alone to the same
draw after an undo, telling the table what it kept back) and could undo until it liked the answer. The moves
are saved with the game (its ``options``, under ``ANSWERS``: an older companion ignores them), so they hold
after ``quit`` and ``resume`` too.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.seats import HUMAN

#: The key of the saved game's options under which the bot moves an undo took back are kept.
ANSWERS = "undone_bot_moves"


@dataclass(frozen=True, slots=True)
class Entry:
    """One saved step: who (``HUMAN`` or ``"bot"``), its text in the game's notation, a bot's public reason."""

    actor: str
    text: str
    reason: str | None
    action: Any


@dataclass(frozen=True, slots=True)
class Answer:
    """A bot move an undo took back: its text in the game's notation and its public reason."""

    text: str
    reason: str | None


class Answers:
    """The bot moves an undo took back, by the steps before them (a digest of their texts)."""

    def __init__(self, saved: object = None) -> None:
        self._after: dict[str, Answer] = {}
        if isinstance(saved, Mapping):  # as saved; anything else in a record from disk is ignored
            for key, value in saved.items():
                if isinstance(value, list) and len(value) == 2 and isinstance(value[0], str):
                    self._after[str(key)] = Answer(value[0], value[1] if isinstance(value[1], str) else None)

    def taken_back(self, entries: list[Entry], start: int) -> dict[str, list[str | None]]:
        """The bot moves among ``entries[start:]``, which an undo takes back, as saved (``add`` keeps them)."""
        return {
            _key(entries[:i]): [entries[i].text, entries[i].reason]
            for i in range(start, len(entries))
            if entries[i].actor != HUMAN
        }

    def add(self, saved: Mapping[str, list[str | None]]) -> None:
        for key, (text, reason) in saved.items():
            self._after[key] = Answer(str(text), reason)

    def after(self, entries: list[Entry]) -> Answer | None:
        """The bot move an undo took back after exactly these steps, if any."""
        return self._after.get(_key(entries)) if self._after else None


def _key(entries: list[Entry]) -> str:
    return hashlib.sha256("\n".join(entry.text for entry in entries).encode()).hexdigest()[:32]
