"""Whether a saved game still replays as ``resume`` rebuilds it (``companion.table``): its game, its bots and
every saved input from the seed; read only, no window, lock or write.

Ruling (a trial: ``history`` said "unfinished" of a game ``resume`` refused): ``history`` asks this of the
unfinished games only. Those are the ones ``resume`` offers; a finished or abandoned game's result is saved
with it and stays true, and replaying every game on each ``history`` would cost one replay per game ever
played (an unfinished one costs about a millisecond per ten inputs).
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.errors import clipped, not_replayed
from companion.seats import is_human
from companion.store import MoveRecord, SessionRecord


def replay_problem(record: SessionRecord, moves: Sequence[MoveRecord]) -> str | None:
    """Why ``record`` with its saved ``moves`` does not make a game any more, or ``None`` if it does."""
    from ai.games import get
    from ai.protocol import InputError

    try:
        game = get(record.game)
    except KeyError:
        return f"it is a game of {clipped(repr(record.game))}, which this companion does not know"
    try:  # a record from disk is data to judge: whatever in it fails, one line (as resume)
        config = game.config_from_dict(record.config)
        think = float(record.options.get("think", 1.0))
        for seat, name in enumerate(record.seats):
            if not is_human(name):
                game.make_player(name, seat, config, think=think)
        state = game.initial_state(config, record.seed)
        for move in moves:
            try:
                action = game.parse_action(state, move.text)
            except InputError as exc:
                return not_replayed(move.seq, move.text, exc)
            state = game.apply(state, action)
    except Exception as exc:
        return clipped(str(exc))
    return None
