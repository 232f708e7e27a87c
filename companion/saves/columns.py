"""The saved-games file's columns as the code reads and copies them, and the mark a game read back from a
damaged file carries in its options (written by ``companion.saves.salvage``, read wherever a game is listed or
resumed). Kept apart from the salvage itself, which only a damaged file needs."""

from __future__ import annotations

from typing import Any

#: A game as kept and copied.
COLUMNS = "id, game, config, seats, seed, options, label, created, updated, status, winner, reason, summary"
#: A game's inputs as kept and copied (``typed``: a person's input as typed, since schema version 2).
MOVE_COLUMNS = "seq, actor, text, reason, typed"

#: The key in a game's options naming what a damaged file kept of it: ``{"inputs": N, "file": NAME}``.
READ_BACK = "read_back"


def read_back_in_part(options: dict[str, Any], saved: int) -> dict[str, Any] | None:
    """The mark of a game read back in part (``{"inputs": N, "file": NAME}``) while nothing was typed since
    (``saved``: the moves it holds now); else ``None``."""
    mark = options.get(READ_BACK)
    return mark if isinstance(mark, dict) and mark.get("inputs") == saved else None
