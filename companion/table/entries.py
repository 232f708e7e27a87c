"""The steps of a game at the table, as saved (``Entry``), and the bot moves an undo took back (``Answers``).

A bot answers what it has seen the same way: a move that an undo took back is made again when the bot is to
move with the same observation (what its seat may know: a different card a person typed face down or drew
from their own deck is the same to it). A searching bot thinks by the clock, so a search run again could choose
otherwise, and the table would learn from the difference and could undo until it
liked the answer. The moves are saved with the game (its ``options``, under ``ANSWERS``: an older companion
ignores them), so they hold after ``quit`` and ``resume`` too.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

#: The key of the saved game's options under which the bot moves an undo took back are kept.
ANSWERS = "undone_bot_moves"


@dataclass(frozen=True, slots=True)
class Entry:
    """One saved step: who (``HUMAN`` or ``"bot"``), its text in the game's notation, a bot's public reason,
    and a person's input as typed (``None`` for a bot's, and for one saved before it was kept)."""

    actor: str
    text: str
    reason: str | None
    action: Any
    typed: str | None = None


@dataclass(frozen=True, slots=True)
class Answer:
    """A bot move an undo took back: its text in the game's notation and its public reason."""

    text: str
    reason: str | None


class Answers:
    """The bot moves an undo took back, by a digest of the observation they were chosen from."""

    def __init__(self, saved: object = None) -> None:
        self._after: dict[str, Answer] = {}
        if isinstance(saved, Mapping):  # as saved; anything else in a record from disk is ignored
            for key, value in saved.items():
                if isinstance(value, list) and len(value) == 2 and isinstance(value[0], str):
                    self._after[str(key)] = Answer(value[0], value[1] if isinstance(value[1], str) else None)

    @staticmethod
    def key(observation: object) -> str:
        """What identifies an observation here: a digest of its ``repr`` (the games' observations are frozen
        dataclasses of plain values, so it is the same in every run)."""
        return hashlib.sha256(repr(observation).encode()).hexdigest()[:32]

    @staticmethod
    def as_saved(taken_back: Iterable[tuple[str, Entry]]) -> dict[str, list[str | None]]:
        """Bot moves an undo takes back, each with its observation's key, as they are saved (and ``add`` reads)."""
        return {key: [entry.text, entry.reason] for key, entry in taken_back}

    def add(self, saved: Mapping[str, list[str | None]]) -> None:
        for key, (text, reason) in saved.items():
            self._after[key] = Answer(str(text), reason)

    def after(self, key: str) -> Answer | None:
        """The bot move an undo took back, chosen from the observation of this ``key``, if any."""
        return self._after.get(key)
