"""A finished saved game that ``companion score GAME --game N`` checks a count against: read from the store,
replayed from its seed and saved inputs as ``resume`` would, and refused in one line when it is not that game's,
does not replay, or is not over."""

from __future__ import annotations

from typing import Any

from ai.words import tr
from companion.messages import fail


def finished_game(name: str, number: int, missing: str, as_json: bool = False) -> Any:
    """The final state of saved game ``number`` of game ``name``; ``missing``, the line said when the store
    holds no such game of that name (each game says it in its own words)."""
    from ai.games import get
    from companion.cli.start import store
    from companion.errors import cannot_check
    from companion.saves.replay import replay_all

    db = store()
    record = db.get(number)
    if record is None or record.game != name:
        fail(missing, as_json)
        raise AssertionError  # pragma: no cover - fail exits
    game = get(name)
    try:  # a record from disk is data to judge: whatever in it fails, the one line resume gives
        state = game.initial_state(game.config_from_dict(record.config), record.seed)
        state = replay_all(game, state, db.moves(record.id))
    except Exception as exc:
        fail(cannot_check(number, exc), as_json)
    if not game.is_over(state):
        fail(tr("game #{number} is not over yet", number=number), as_json)
    return state
