"""Whether a saved game still replays as ``resume`` rebuilds it (``companion.table.game``): its game, its bots and
every saved input from the seed; read only, no window, lock or write.

Ruling: ``history`` asks this of the
unfinished games only. Those are the ones ``resume`` offers; a finished or abandoned game's result is saved
with it and stays true, and replaying every game on each ``history`` would cost one replay per game ever
played (an unfinished one costs about a millisecond per ten inputs).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from ai.words import tr
from companion.errors import clipped, not_replayed
from companion.saves.records import MoveRecord, SessionRecord
from companion.seats import seated_bots

if TYPE_CHECKING:
    from ai.protocol import AnyGame


class ReplayError(Exception):
    """A saved game that does not replay any more (its moves, its game or its bots); the store is untouched."""


def replayed(game: AnyGame, state: Any, moves: Iterable[MoveRecord]) -> Iterator[tuple[MoveRecord, Any, Any]]:
    """Each saved move from ``state`` on, with its action and the state after it; a move the game refuses now
    raises :class:`ReplayError` with the one line that says which (``resume``, ``history``, ``score``)."""
    from ai.protocol import InputError

    for move in moves:
        try:
            action = game.parse_action(state, move.text)
        except InputError as exc:
            raise ReplayError(not_replayed(move.seq, move.text, exc)) from exc
        state = game.apply(state, action)
        yield move, action, state


def replay_all(game: AnyGame, state: Any, moves: Iterable[MoveRecord]) -> Any:
    """The state after every saved move from ``state`` on (:class:`ReplayError` as ``replayed``)."""
    last = deque(replayed(game, state, moves), maxlen=1)
    return last[0][2] if last else state


def replay_problem(record: SessionRecord, moves: Sequence[MoveRecord]) -> str | None:
    """Why ``record`` with its saved ``moves`` does not make a game any more, or ``None`` if it does."""
    from ai.games import get

    try:
        game = get(record.game)
    except KeyError:
        return tr(
            "it is a game of {game}, which this companion does not know", game=clipped(repr(record.game))
        )
    try:  # a record from disk is data to judge: whatever in it fails, one line (as resume)
        config = game.config_from_dict(record.config)
        seated_bots(game, config, record.seats, float(record.options.get("think", 1.0)))
        replay_all(game, game.initial_state(config, record.seed), moves)
    except ReplayError as exc:
        return str(exc)
    except Exception as exc:
        return clipped(str(exc))
    return None
