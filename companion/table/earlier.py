"""The earlier games of a table's session: a game started ``--after`` another continues the evening at that
table, and its bots have seen the earlier games (``ai.habits``: what each seat did there).

The link is saved with the game (its option ``after``: the earlier game's number), and what the bots saw is
made again from the earlier games' saved inputs each time the game is opened, so ``resume`` restores it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ai.words import tr, trn
from companion.saves.replay import ReplayError, replay_all

if TYPE_CHECKING:
    from ai.protocol import AnyGame
    from companion.saves.records import SessionRecord
    from companion.saves.store import Store

#: The option that names the earlier game of the session.
AFTER = "after"


def check_after(game: AnyGame, store: Store, number: int, seats: list[str]) -> None:
    """``ValueError`` with one line unless game ``number`` can come before a new game of ``game`` with
    ``seats``: a saved game of the same kind, with as many seats, that replays."""
    earlier = store.get(number)
    if earlier is None:
        raise ValueError(tr("--after {number}: there is no game #{number}", number=number))
    if earlier.game != game.info.name:
        raise ValueError(
            tr(
                "--after {number}: game #{number} is a game of {earlier}, not {game}",
                number=number,
                earlier=earlier.game,
                game=game.info.name,
            )
        )
    if len(earlier.seats) != len(seats):
        raise ValueError(
            trn(
                "--after {number}: game #{number} had {seats} seats, this one has {n}",
                "--after {number}: game #{number} had {seats} seats, this one has {n}",
                len(seats),
                number=number,
                seats=len(earlier.seats),
            )
        )
    try:
        _last_state(game, store, earlier)
    except (ReplayError, ValueError) as exc:
        raise ValueError(
            tr("--after {number}: game #{number} does not replay ({problem})", number=number, problem=exc)
        ) from None


def _last_state(game: AnyGame, store: Store, record: SessionRecord) -> Any:
    config = game.config_from_dict(record.config)
    return replay_all(game, game.initial_state(config, record.seed), store.moves(record.id))


def earlier_states(game: AnyGame, store: Store, record: SessionRecord) -> list[Any]:
    """The last state of each earlier game of ``record``'s session, oldest first (a game that no longer
    replays, or of another kind or size, ends the chain there)."""
    states: list[Any] = []
    seen = {record.id}
    number = record.options.get(AFTER)
    while isinstance(number, int) and number not in seen:
        seen.add(number)
        earlier = store.get(number)
        if earlier is None or earlier.game != record.game or len(earlier.seats) != len(record.seats):
            break
        try:
            states.append(_last_state(game, store, earlier))
        except (ReplayError, ValueError):
            break
        number = earlier.options.get(AFTER)
    return states[::-1]


def show_earlier(game: AnyGame, players: dict[int, Any], states: list[Any]) -> None:
    """Each bot in ``players`` told, game by game, how each earlier game ended as its seat saw it."""
    if not states:  # a game started on its own
        return
    from ai.habits import game_over

    for state in states:
        for seat, player in players.items():
            game_over(player, game.observation(state, seat))
